-- Corrections never rewrite history (docs/product.md#the-donation-ledger, decision on corrections): a void, an adjusted deposit amount or a reopened deposit is a new row here with who, when and why; the donation moves to its new state in the same transaction.
ALTER TABLE "donations" DROP CONSTRAINT "donations_status_valid";--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_status_valid" CHECK ("donations"."status" IN ('pending','completed','failed','cancelled','expired','refunded','voided'));--> statement-breakpoint
CREATE TABLE "donation_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"donation_id" integer NOT NULL REFERENCES "donations"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"from_amount_cents" bigint NOT NULL,
	"to_amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"actor_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"actor_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_corrections_kind_valid" CHECK ("donation_corrections"."kind" IN ('void','amount_adjusted','reopen')),
	CONSTRAINT "donation_corrections_reason_present" CHECK (length(btrim("donation_corrections"."reason")) > 0),
	CONSTRAINT "donation_corrections_amounts_positive" CHECK ("donation_corrections"."from_amount_cents" > 0 AND "donation_corrections"."to_amount_cents" > 0)
);--> statement-breakpoint
CREATE INDEX "donation_corrections_donation_idx" ON "donation_corrections" ("donation_id","created_at");--> statement-breakpoint
CREATE INDEX "donation_corrections_created_idx" ON "donation_corrections" ("created_at");--> statement-breakpoint
-- The annulment of a certified receipt with SAT (FEL): pending until the certifier answers, then annulled, rejected or failed.
ALTER TABLE "receipts" ADD COLUMN "fel_annulment_status" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "fel_annulment_identifier" uuid;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "fel_annulled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "fel_annulment_error" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "fel_annulment_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_fel_annulment_status_valid" CHECK ("receipts"."fel_annulment_status" IN ('pending','annulled','rejected','failed'));--> statement-breakpoint
CREATE INDEX "receipts_fel_annulment_due_idx" ON "receipts" ("fel_annulment_status") WHERE "fel_annulment_status" = 'pending';
