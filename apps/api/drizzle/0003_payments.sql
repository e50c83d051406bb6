CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"object_id" text,
	"checkout_id" text,
	"donation_id" integer,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "donations" DROP CONSTRAINT "donations_status_valid";--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "payment_provider" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "checkout_id" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "checkout_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "covered_fee_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "fee_cents" bigint;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "vat_withheld_cents" bigint;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "gtq_cents" bigint;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "exchange_rate" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "exchange_rate_date" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_event_key" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_events_donation_idx" ON "payment_events" USING btree ("donation_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "donations_checkout_key" ON "donations" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "donations_payment_reference_idx" ON "donations" USING btree ("payment_reference");--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_status_valid" CHECK ("donations"."status" IN ('pending','completed','failed','cancelled','expired','refunded'));--> statement-breakpoint
-- Totals are in quetzales: a donation in another currency counts with its quetzal equivalent
-- (gtq_cents, fixed when it was made), never with its raw amount. `refunded` is a status of its own,
-- so a refunded donation leaves the completed totals in the same transaction as the refund.
CREATE OR REPLACE FUNCTION donation_totals_trigger() RETURNS trigger AS $$
DECLARE
  old_cents bigint;
  new_cents bigint;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_cents := CASE WHEN OLD.currency = 'GTQ' THEN OLD.amount_cents ELSE coalesce(OLD.gtq_cents, 0) END;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_cents := CASE WHEN NEW.currency = 'GTQ' THEN NEW.amount_cents ELSE coalesce(NEW.gtq_cents, 0) END;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM donation_totals_apply(NEW.status, NEW.donation_type, 1, new_cents);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM donation_totals_apply(OLD.status, OLD.donation_type, -1, -old_cents);
  ELSIF NEW.status IS DISTINCT FROM OLD.status OR new_cents IS DISTINCT FROM old_cents
        OR NEW.donation_type IS DISTINCT FROM OLD.donation_type THEN
    PERFORM donation_totals_apply(OLD.status, OLD.donation_type, -1, -old_cents);
    PERFORM donation_totals_apply(NEW.status, NEW.donation_type, 1, new_cents);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS donations_totals_trg ON donations;
--> statement-breakpoint
CREATE TRIGGER donations_totals_trg
AFTER INSERT OR UPDATE OF status, amount_cents, donation_type, currency, gtq_cents OR DELETE ON donations
FOR EACH ROW EXECUTE FUNCTION donation_totals_trigger();
