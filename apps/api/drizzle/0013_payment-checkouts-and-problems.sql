-- Every checkout opened for a donation: an event of an earlier checkout (one left payable before
-- "Intentar de nuevo" opened another) still finds its donation, and an event naming a checkout never
-- opened here finds none, instead of another donation found by its reference alone.
CREATE TABLE IF NOT EXISTS "payment_checkouts" (
	"checkout_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"donation_id" integer NOT NULL REFERENCES "donations"("id") ON DELETE CASCADE,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expired_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_checkouts_donation_idx" ON "payment_checkouts" ("donation_id");--> statement-breakpoint
INSERT INTO "payment_checkouts" ("checkout_id", "provider", "donation_id", "opened_at")
	SELECT "checkout_id", "payment_provider", "id", "created_at" FROM "donations"
	WHERE "checkout_id" IS NOT NULL AND "payment_provider" IS NOT NULL
	ON CONFLICT DO NOTHING;--> statement-breakpoint
-- What a payment event was about (its payment, amount and currency, read by the provider's adapter),
-- and the problem staff must see: money that completed nothing (a wrong amount or currency, an unknown
-- checkout) or a second payment of a donation already settled, which staff refund.
ALTER TABLE "payment_events" ADD COLUMN IF NOT EXISTS "payment_id" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN IF NOT EXISTS "amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN IF NOT EXISTS "currency" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN IF NOT EXISTS "problem" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN IF NOT EXISTS "refund_id" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN IF NOT EXISTS "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_problem_valid" CHECK ("problem" IS NULL OR "problem" IN ('amount_mismatch', 'unknown_checkout', 'duplicate_payment'));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_events_problem_idx" ON "payment_events" ("received_at") WHERE "problem" IS NOT NULL;
