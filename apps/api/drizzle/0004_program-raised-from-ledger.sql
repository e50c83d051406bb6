-- A programme's raised amount (programs.current_cents) is a figure of the ledger, not a number typed
-- by hand: the quetzales of its completed donations (another currency counts with its quetzal
-- equivalent, gtq_cents), kept in step by a trigger in the same transaction as every change, so that
-- the programmes together never add up to more than the completed donations (docs/product.md#figures).
CREATE OR REPLACE FUNCTION program_raised_cents(p_status text, p_program integer, p_currency text, p_amount bigint, p_gtq bigint) RETURNS bigint AS $$
  SELECT CASE WHEN p_status = 'completed' AND p_program IS NOT NULL
              THEN CASE WHEN p_currency = 'GTQ' THEN p_amount ELSE coalesce(p_gtq, 0) END
              ELSE 0 END;
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION program_raised_trigger() RETURNS trigger AS $$
DECLARE
  old_cents bigint := 0;
  new_cents bigint := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_cents := program_raised_cents(OLD.status, OLD.program_id, OLD.currency, OLD.amount_cents, OLD.gtq_cents);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_cents := program_raised_cents(NEW.status, NEW.program_id, NEW.currency, NEW.amount_cents, NEW.gtq_cents);
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.program_id IS NOT DISTINCT FROM NEW.program_id THEN
    IF new_cents <> old_cents THEN
      UPDATE programs SET current_cents = current_cents + new_cents - old_cents WHERE id = NEW.program_id;
    END IF;
    RETURN NULL;
  END IF;
  IF old_cents <> 0 THEN
    UPDATE programs SET current_cents = current_cents - old_cents WHERE id = OLD.program_id;
  END IF;
  IF new_cents <> 0 THEN
    UPDATE programs SET current_cents = current_cents + new_cents WHERE id = NEW.program_id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS donations_program_raised_trg ON donations;
--> statement-breakpoint
CREATE TRIGGER donations_program_raised_trg
AFTER INSERT OR UPDATE OF status, amount_cents, currency, gtq_cents, program_id OR DELETE ON donations
FOR EACH ROW EXECUTE FUNCTION program_raised_trigger();
--> statement-breakpoint
-- Truncating the ledger (tests, benchmarks) leaves every programme at zero.
CREATE OR REPLACE FUNCTION program_raised_truncate() RETURNS trigger AS $$
BEGIN
  UPDATE programs SET current_cents = 0 WHERE current_cents <> 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS donations_program_raised_truncate_trg ON donations;
--> statement-breakpoint
CREATE TRIGGER donations_program_raised_truncate_trg AFTER TRUNCATE ON donations
FOR EACH STATEMENT EXECUTE FUNCTION program_raised_truncate();
--> statement-breakpoint
UPDATE programs p
SET current_cents = coalesce((
  SELECT sum(program_raised_cents(d.status, d.program_id, d.currency, d.amount_cents, d.gtq_cents))
  FROM donations d WHERE d.program_id = p.id
), 0);
