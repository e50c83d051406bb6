-- donation_totals per (status, donation_type): the list's `total` for a type filter is read from the
-- totals too, not counted over the ledger. The trigger also follows changes of donation_type.
ALTER TABLE "donation_totals" ADD COLUMN "donation_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "donation_totals" DROP CONSTRAINT "donation_totals_status_slot_pk";--> statement-breakpoint
ALTER TABLE "donation_totals" ADD CONSTRAINT "donation_totals_status_donation_type_slot_pk" PRIMARY KEY("status","donation_type","slot");--> statement-breakpoint
CREATE OR REPLACE FUNCTION donation_totals_apply(p_status text, p_type text, p_count bigint, p_cents bigint) RETURNS void AS $$
BEGIN
  INSERT INTO donation_totals (status, donation_type, slot, count, amount_cents)
  VALUES (p_status, p_type, floor(random() * 16)::smallint, p_count, p_cents)
  ON CONFLICT (status, donation_type, slot) DO UPDATE
    SET count = donation_totals.count + EXCLUDED.count,
        amount_cents = donation_totals.amount_cents + EXCLUDED.amount_cents;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION donation_totals_trigger() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM donation_totals_apply(NEW.status, NEW.donation_type, 1, NEW.amount_cents);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM donation_totals_apply(OLD.status, OLD.donation_type, -1, -OLD.amount_cents);
  ELSIF NEW.status IS DISTINCT FROM OLD.status OR NEW.amount_cents IS DISTINCT FROM OLD.amount_cents
        OR NEW.donation_type IS DISTINCT FROM OLD.donation_type THEN
    PERFORM donation_totals_apply(OLD.status, OLD.donation_type, -1, -OLD.amount_cents);
    PERFORM donation_totals_apply(NEW.status, NEW.donation_type, 1, NEW.amount_cents);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP FUNCTION IF EXISTS donation_totals_apply(text, bigint, bigint);
--> statement-breakpoint
DROP TRIGGER IF EXISTS donations_totals_trg ON donations;
--> statement-breakpoint
CREATE TRIGGER donations_totals_trg
AFTER INSERT OR UPDATE OF status, amount_cents, donation_type OR DELETE ON donations
FOR EACH ROW EXECUTE FUNCTION donation_totals_trigger();
--> statement-breakpoint
DELETE FROM donation_totals;
--> statement-breakpoint
INSERT INTO donation_totals (status, donation_type, slot, count, amount_cents)
SELECT status, donation_type, 0, count(*), coalesce(sum(amount_cents), 0) FROM donations GROUP BY status, donation_type;
