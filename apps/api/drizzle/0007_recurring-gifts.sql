-- Monthly giving (docs/product.md#monthly-giving, decision 0022): one row per monthly gift, the
-- provider's subscription behind it (su_..., known once the provider reports it), its status and next
-- charge; the first payment and every renewal are ordinary ledger donations that point to it. A
-- provider's payment id (pa_...) is recorded on one donation only, so a replayed renewal can never
-- become a second donation even when it arrives under another delivery id.
CREATE TABLE "recurring_gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" text,
	"checkout_id" text,
	"provider" text NOT NULL,
	"donor_name" text NOT NULL,
	"donor_email" text NOT NULL,
	"user_id" integer,
	"amount_cents" bigint NOT NULL,
	"currency" text DEFAULT 'GTQ' NOT NULL,
	"status" text DEFAULT 'incomplete' NOT NULL,
	"next_charge_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"cancelled_by" text,
	"replaces_gift_id" integer,
	"past_due_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_gifts_amount_positive" CHECK ("recurring_gifts"."amount_cents" > 0),
	CONSTRAINT "recurring_gifts_status_valid" CHECK ("recurring_gifts"."status" IN ('incomplete','active','past_due','paused','cancelled')),
	CONSTRAINT "recurring_gifts_cancelled_by_valid" CHECK ("recurring_gifts"."cancelled_by" IN ('donor','staff','provider'))
);
--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD CONSTRAINT "recurring_gifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD CONSTRAINT "recurring_gifts_replaces_gift_id_fk" FOREIGN KEY ("replaces_gift_id") REFERENCES "public"."recurring_gifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_gifts_subscription_key" ON "recurring_gifts" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_gifts_checkout_key" ON "recurring_gifts" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "recurring_gifts_email_idx" ON "recurring_gifts" USING btree ("donor_email","status");--> statement-breakpoint
CREATE INDEX "recurring_gifts_user_idx" ON "recurring_gifts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "recurring_gifts_status_next_idx" ON "recurring_gifts" USING btree ("status","next_charge_at");--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "recurring_gift_id" integer;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_recurring_gift_id_recurring_gifts_id_fk" FOREIGN KEY ("recurring_gift_id") REFERENCES "public"."recurring_gifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donations_recurring_gift_idx" ON "donations" USING btree ("recurring_gift_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "donations_provider_payment_key" ON "donations" USING btree ("payment_provider","payment_reference") WHERE "donations"."payment_provider" IS NOT NULL AND "donations"."payment_reference" IS NOT NULL;
