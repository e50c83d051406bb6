-- Keeps donation_totals in step with the ledger in the same transaction as every change,
-- so GET /donations/stats reads a few rows instead of scanning donations (issue: stats stay fast).
-- Changes are spread over 16 slots so concurrent inserts do not wait on one row.
CREATE OR REPLACE FUNCTION donation_totals_apply(p_status text, p_count bigint, p_cents bigint) RETURNS void AS $$
BEGIN
  INSERT INTO donation_totals (status, slot, count, amount_cents)
  VALUES (p_status, floor(random() * 16)::smallint, p_count, p_cents)
  ON CONFLICT (status, slot) DO UPDATE
    SET count = donation_totals.count + EXCLUDED.count,
        amount_cents = donation_totals.amount_cents + EXCLUDED.amount_cents;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION donation_totals_trigger() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM donation_totals_apply(NEW.status, 1, NEW.amount_cents);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM donation_totals_apply(OLD.status, -1, -OLD.amount_cents);
  ELSIF NEW.status IS DISTINCT FROM OLD.status OR NEW.amount_cents IS DISTINCT FROM OLD.amount_cents THEN
    PERFORM donation_totals_apply(OLD.status, -1, -OLD.amount_cents);
    PERFORM donation_totals_apply(NEW.status, 1, NEW.amount_cents);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER donations_totals_trg
AFTER INSERT OR UPDATE OF status, amount_cents OR DELETE ON donations
FOR EACH ROW EXECUTE FUNCTION donation_totals_trigger();
--> statement-breakpoint
-- Truncating the ledger (tests, benchmarks) empties the totals too.
CREATE OR REPLACE FUNCTION donation_totals_truncate() RETURNS trigger AS $$
BEGIN
  DELETE FROM donation_totals;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER donations_totals_truncate_trg AFTER TRUNCATE ON donations
FOR EACH STATEMENT EXECUTE FUNCTION donation_totals_truncate();
--> statement-breakpoint
INSERT INTO donation_totals (status, slot, count, amount_cents)
SELECT status, 0, count(*), coalesce(sum(amount_cents), 0) FROM donations GROUP BY status
ON CONFLICT (status, slot) DO UPDATE SET count = EXCLUDED.count, amount_cents = EXCLUDED.amount_cents;
