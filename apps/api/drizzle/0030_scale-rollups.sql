-- The outbox at ten years of data (docs/performance.md, "Scale"): each attempt to send records when it
-- was claimed, so every process together keeps to the rate the mail relay accepts (emails per minute
-- in the last minute, read by the index); sent emails are pruned after the retention by their send time.
ALTER TABLE "email_outbox" ADD COLUMN IF NOT EXISTS "claimed_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_outbox_claimed_idx" ON "email_outbox" USING btree ("claimed_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_outbox_sent_idx" ON "email_outbox" USING btree ("sent_at") WHERE "status" = 'sent';
--> statement-breakpoint
-- The ledger by Guatemala calendar day x status x type x currency x programme (0 = none), kept by a
-- trigger in the same transaction as every change to a donation, like donation_totals: figures of a
-- period ("Donado este mes", the dashboard's month) add up a few rows per day instead of every gift.
-- `counted_*` are the gifts the figures count (COUNTED in domain/ledger/figures.ts: completed, with a
-- quetzal value) and their quetzal cents. Changes are spread over 8 slots so concurrent gifts of the
-- same day do not wait on one row.
CREATE TABLE IF NOT EXISTS "donation_daily" (
  "day" date NOT NULL,
  "status" text NOT NULL,
  "donation_type" text NOT NULL,
  "currency" text NOT NULL,
  "program_id" integer NOT NULL,
  "slot" smallint NOT NULL,
  "count" bigint DEFAULT 0 NOT NULL,
  "amount_cents" bigint DEFAULT 0 NOT NULL,
  "counted_count" bigint DEFAULT 0 NOT NULL,
  "counted_cents" bigint DEFAULT 0 NOT NULL,
  CONSTRAINT "donation_daily_pk" PRIMARY KEY ("day", "status", "donation_type", "currency", "program_id", "slot")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION donation_daily_apply(d donations, sign integer) RETURNS void AS $$
DECLARE
  is_counted boolean := d.status = 'completed' AND (d.currency = 'GTQ' OR d.gtq_cents IS NOT NULL);
BEGIN
  INSERT INTO donation_daily AS t (day, status, donation_type, currency, program_id, slot, count, amount_cents, counted_count, counted_cents)
  VALUES (
    (d.created_at AT TIME ZONE 'America/Guatemala')::date, d.status, d.donation_type, d.currency, coalesce(d.program_id, 0),
    floor(random() * 8)::smallint, sign, sign * d.amount_cents,
    CASE WHEN is_counted THEN sign ELSE 0 END,
    CASE WHEN is_counted THEN sign * (CASE WHEN d.currency = 'GTQ' THEN d.amount_cents ELSE coalesce(d.gtq_cents, 0) END) ELSE 0 END)
  ON CONFLICT (day, status, donation_type, currency, program_id, slot) DO UPDATE
    SET count = t.count + EXCLUDED.count,
        amount_cents = t.amount_cents + EXCLUDED.amount_cents,
        counted_count = t.counted_count + EXCLUDED.counted_count,
        counted_cents = t.counted_cents + EXCLUDED.counted_cents;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION donation_daily_trigger() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM donation_daily_apply(NEW, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM donation_daily_apply(OLD, -1);
  ELSIF (NEW.status, NEW.donation_type, NEW.currency, NEW.program_id, NEW.created_at, NEW.amount_cents, NEW.gtq_cents)
        IS DISTINCT FROM (OLD.status, OLD.donation_type, OLD.currency, OLD.program_id, OLD.created_at, OLD.amount_cents, OLD.gtq_cents) THEN
    PERFORM donation_daily_apply(OLD, -1);
    PERFORM donation_daily_apply(NEW, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS donations_daily_trg ON donations;
--> statement-breakpoint
CREATE TRIGGER donations_daily_trg
AFTER INSERT OR UPDATE OR DELETE ON donations
FOR EACH ROW EXECUTE FUNCTION donation_daily_trigger();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION donation_daily_truncate() RETURNS trigger AS $$
BEGIN
  DELETE FROM donation_daily;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS donations_daily_truncate_trg ON donations;
--> statement-breakpoint
CREATE TRIGGER donations_daily_truncate_trg AFTER TRUNCATE ON donations
FOR EACH STATEMENT EXECUTE FUNCTION donation_daily_truncate();
--> statement-breakpoint
-- Rebuilds the rollup from the ledger (this migration, and the benchmark's generator after a bulk load).
CREATE OR REPLACE FUNCTION donation_daily_rebuild() RETURNS void AS $$
BEGIN
  DELETE FROM donation_daily;
  INSERT INTO donation_daily (day, status, donation_type, currency, program_id, slot, count, amount_cents, counted_count, counted_cents)
  SELECT (created_at AT TIME ZONE 'America/Guatemala')::date, status, donation_type, currency, coalesce(program_id, 0), 0,
         count(*), sum(amount_cents),
         count(*) FILTER (WHERE status = 'completed' AND (currency = 'GTQ' OR gtq_cents IS NOT NULL)),
         coalesce(sum(CASE WHEN currency = 'GTQ' THEN amount_cents ELSE coalesce(gtq_cents, 0) END)
           FILTER (WHERE status = 'completed' AND (currency = 'GTQ' OR gtq_cents IS NOT NULL)), 0)
  FROM donations GROUP BY 1, 2, 3, 4, 5;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
SELECT donation_daily_rebuild();
--> statement-breakpoint
-- The console's monthly gifts, newest first: the page is read by this index, and only its gifts'
-- charges are counted (domain/monthly/gift-console.ts).
CREATE INDEX IF NOT EXISTS "recurring_gifts_created_idx" ON "recurring_gifts" USING btree ("created_at" DESC, "id" DESC);
