-- A monthly gift's change of amount waits for its next charge date, and a pause skips 1 to 3 charges
-- (docs/product.md#monthly-giving): both are held by the product, not by the provider.
ALTER TABLE "recurring_gifts" ADD COLUMN "pending_amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD COLUMN "pending_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD CONSTRAINT "recurring_gifts_pending_amount_positive" CHECK ("pending_amount_cents" IS NULL OR ("pending_amount_cents" > 0 AND "pending_from" IS NOT NULL));
