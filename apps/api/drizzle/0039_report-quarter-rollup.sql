-- The rollup per donor gains the calendar quarter (decision 0059, docs/performance.md "Scale"): the
-- "quarter" report added up three months' rows of every donor (~25,000 at 1,000,000 donations, then
-- grouped and sorted for the top ten); now it reads one row per donor, its top ten by
-- donation_donor_periods_top_idx, as the year does. Kept exactly as the month and the year are: a new
-- counted gift is one more upsert, any other change to a counted gift re-reads the donor's quarter
-- from the ledger; the rebuild fills it for the gifts already recorded.
ALTER TABLE "donation_donor_periods" DROP CONSTRAINT IF EXISTS "donation_donor_periods_span_valid";
--> statement-breakpoint
ALTER TABLE "donation_donor_periods" ADD CONSTRAINT "donation_donor_periods_span_valid" CHECK ("span" IN ('month', 'quarter', 'year'));
--> statement-breakpoint
-- One donor's month, quarter or year worked out again from the ledger (by donations_email_lower_idx).
CREATE OR REPLACE FUNCTION donation_donor_periods_refresh(p_span text, p_start date, p_email text) RETURNS void AS $$
DECLARE
  v_from timestamptz := p_start::timestamp AT TIME ZONE 'America/Guatemala';
  v_to timestamptz := (p_start + CASE p_span WHEN 'year' THEN interval '1 year' WHEN 'quarter' THEN interval '3 months' ELSE interval '1 month' END)::timestamp
                      AT TIME ZONE 'America/Guatemala';
BEGIN
  DELETE FROM donation_donor_periods WHERE span = p_span AND period_start = p_start AND email = p_email;
  INSERT INTO donation_donor_periods (span, period_start, email, count, cents, last_at, last_id, name)
  SELECT p_span, p_start, p_email, g.n, g.cents, l.created_at, l.id, l.donor_name
  FROM (SELECT count(*) AS n, sum(CASE WHEN currency = 'GTQ' THEN amount_cents ELSE coalesce(gtq_cents, 0) END) AS cents
        FROM donations
        WHERE lower(donor_email) = p_email AND created_at >= v_from AND created_at < v_to
          AND status = 'completed' AND (currency = 'GTQ' OR gtq_cents IS NOT NULL)) g
  CROSS JOIN LATERAL (
    SELECT created_at, id, donor_name FROM donations
    WHERE lower(donor_email) = p_email AND created_at >= v_from AND created_at < v_to
      AND status = 'completed' AND (currency = 'GTQ' OR gtq_cents IS NOT NULL)
    ORDER BY created_at DESC, id DESC LIMIT 1) l
  WHERE g.n > 0;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION donation_donor_periods_add(d donations) RETURNS void AS $$
BEGIN
  INSERT INTO donation_donor_periods AS t (span, period_start, email, count, cents, last_at, last_id, name)
  SELECT s.span, date_trunc(s.span, d.created_at AT TIME ZONE 'America/Guatemala')::date, lower(d.donor_email), 1,
         CASE WHEN d.currency = 'GTQ' THEN d.amount_cents ELSE d.gtq_cents END, d.created_at, d.id, d.donor_name
  FROM (VALUES ('month'), ('quarter'), ('year')) AS s (span)
  ON CONFLICT (span, period_start, email) DO UPDATE
    SET count = t.count + 1,
        cents = t.cents + EXCLUDED.cents,
        last_at = CASE WHEN (EXCLUDED.last_at, EXCLUDED.last_id) > (t.last_at, t.last_id) THEN EXCLUDED.last_at ELSE t.last_at END,
        last_id = CASE WHEN (EXCLUDED.last_at, EXCLUDED.last_id) > (t.last_at, t.last_id) THEN EXCLUDED.last_id ELSE t.last_id END,
        name = CASE WHEN (EXCLUDED.last_at, EXCLUDED.last_id) > (t.last_at, t.last_id) THEN EXCLUDED.name ELSE t.name END;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A new counted gift is added in place (one upsert per span); any other change to a counted gift
-- re-reads the donor's month, quarter and year (old and new) from the ledger.
CREATE OR REPLACE FUNCTION donation_donor_periods_trigger() RETURNS trigger AS $$
DECLARE
  old_counted boolean := TG_OP <> 'INSERT' AND OLD.status = 'completed' AND (OLD.currency = 'GTQ' OR OLD.gtq_cents IS NOT NULL);
  new_counted boolean := TG_OP <> 'DELETE' AND NEW.status = 'completed' AND (NEW.currency = 'GTQ' OR NEW.gtq_cents IS NOT NULL);
  span text;
  old_start date;
  new_start date;
BEGIN
  IF TG_OP = 'UPDATE' AND old_counted = new_counted
     AND (NEW.created_at, NEW.donor_email, NEW.donor_name, NEW.currency, NEW.amount_cents, NEW.gtq_cents)
         IS NOT DISTINCT FROM (OLD.created_at, OLD.donor_email, OLD.donor_name, OLD.currency, OLD.amount_cents, OLD.gtq_cents) THEN
    RETURN NULL;
  END IF;
  IF new_counted AND NOT old_counted THEN
    PERFORM donation_donor_periods_add(NEW);
    RETURN NULL;
  END IF;
  FOREACH span IN ARRAY ARRAY['month', 'quarter', 'year'] LOOP
    IF old_counted THEN
      old_start := date_trunc(span, OLD.created_at AT TIME ZONE 'America/Guatemala')::date;
      PERFORM donation_donor_periods_refresh(span, old_start, lower(OLD.donor_email));
    END IF;
    IF new_counted THEN
      new_start := date_trunc(span, NEW.created_at AT TIME ZONE 'America/Guatemala')::date;
      IF new_start <> old_start OR lower(NEW.donor_email) <> lower(OLD.donor_email) THEN
        PERFORM donation_donor_periods_refresh(span, new_start, lower(NEW.donor_email));
      END IF;
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Rebuilds the rollup from the ledger (this migration, and the benchmarks' generators after a bulk load).
CREATE OR REPLACE FUNCTION donation_donor_periods_rebuild() RETURNS void AS $$
BEGIN
  DELETE FROM donation_donor_periods;
  INSERT INTO donation_donor_periods (span, period_start, email, count, cents, last_at, last_id, name)
  SELECT s.span, date_trunc(s.span, c.created_at AT TIME ZONE 'America/Guatemala')::date, c.email, count(*), sum(c.cents),
         (array_agg(c.created_at ORDER BY c.created_at DESC, c.id DESC))[1],
         (array_agg(c.id ORDER BY c.created_at DESC, c.id DESC))[1],
         (array_agg(c.donor_name ORDER BY c.created_at DESC, c.id DESC))[1]
  FROM (SELECT lower(donor_email) AS email, CASE WHEN currency = 'GTQ' THEN amount_cents ELSE gtq_cents END AS cents, created_at, id, donor_name
        FROM donations WHERE status = 'completed' AND (currency = 'GTQ' OR gtq_cents IS NOT NULL)) c
  CROSS JOIN (VALUES ('month'), ('quarter'), ('year')) AS s (span)
  GROUP BY 1, 2, 3;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
SELECT donation_donor_periods_rebuild();
