-- Reports of any period from rollups (decision 0057, docs/performance.md "Scale"): the reports' summary
-- read every gift of the period (1.2-1.8 s for the year at 1,000,000 donations). The daily rollup now
-- also holds what the summary adds up besides counts and quetzales: every gift's quetzal value (the
-- pending amount), and for the counted gifts their amount in their own currency (dollars received) and
-- their covered fees, provider fees and VAT withheld in quetzal cents, each rounded per gift as the
-- report rounded it. Distinct donors and top donors come from a rollup per donor and month.
ALTER TABLE "donation_daily" ADD COLUMN IF NOT EXISTS "quetzal_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "donation_daily" ADD COLUMN IF NOT EXISTS "counted_amount_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "donation_daily" ADD COLUMN IF NOT EXISTS "counted_covered_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "donation_daily" ADD COLUMN IF NOT EXISTS "counted_fee_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "donation_daily" ADD COLUMN IF NOT EXISTS "counted_vat_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- A money column of a gift in quetzal cents: as is in quetzales, otherwise in the proportion of the
-- gift's quetzal value to its amount (reporting/analytics.ts did the same per row).
CREATE OR REPLACE FUNCTION donation_in_quetzal_cents(p_currency text, p_amount bigint, p_gtq bigint, p_cents bigint) RETURNS bigint AS $$
  SELECT CASE WHEN p_currency = 'GTQ' THEN coalesce(p_cents, 0)
              ELSE round(coalesce(p_cents, 0)::numeric * coalesce(p_gtq, 0) / p_amount)::bigint END;
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION donation_daily_apply(d donations, sign integer) RETURNS void AS $$
DECLARE
  is_counted boolean := d.status = 'completed' AND (d.currency = 'GTQ' OR d.gtq_cents IS NOT NULL);
  quetzal bigint := CASE WHEN d.currency = 'GTQ' THEN d.amount_cents ELSE coalesce(d.gtq_cents, 0) END;
BEGIN
  INSERT INTO donation_daily AS t (day, status, donation_type, currency, program_id, slot, count, amount_cents, counted_count, counted_cents,
                                   quetzal_cents, counted_amount_cents, counted_covered_cents, counted_fee_cents, counted_vat_cents)
  VALUES (
    (d.created_at AT TIME ZONE 'America/Guatemala')::date, d.status, d.donation_type, d.currency, coalesce(d.program_id, 0),
    floor(random() * 8)::smallint, sign, sign * d.amount_cents,
    CASE WHEN is_counted THEN sign ELSE 0 END,
    CASE WHEN is_counted THEN sign * quetzal ELSE 0 END,
    sign * quetzal,
    CASE WHEN is_counted THEN sign * d.amount_cents ELSE 0 END,
    CASE WHEN is_counted THEN sign * donation_in_quetzal_cents(d.currency, d.amount_cents, d.gtq_cents, d.covered_fee_cents) ELSE 0 END,
    CASE WHEN is_counted THEN sign * donation_in_quetzal_cents(d.currency, d.amount_cents, d.gtq_cents, d.fee_cents) ELSE 0 END,
    CASE WHEN is_counted THEN sign * donation_in_quetzal_cents(d.currency, d.amount_cents, d.gtq_cents, d.vat_withheld_cents) ELSE 0 END)
  ON CONFLICT (day, status, donation_type, currency, program_id, slot) DO UPDATE
    SET count = t.count + EXCLUDED.count,
        amount_cents = t.amount_cents + EXCLUDED.amount_cents,
        counted_count = t.counted_count + EXCLUDED.counted_count,
        counted_cents = t.counted_cents + EXCLUDED.counted_cents,
        quetzal_cents = t.quetzal_cents + EXCLUDED.quetzal_cents,
        counted_amount_cents = t.counted_amount_cents + EXCLUDED.counted_amount_cents,
        counted_covered_cents = t.counted_covered_cents + EXCLUDED.counted_covered_cents,
        counted_fee_cents = t.counted_fee_cents + EXCLUDED.counted_fee_cents,
        counted_vat_cents = t.counted_vat_cents + EXCLUDED.counted_vat_cents;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION donation_daily_trigger() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM donation_daily_apply(NEW, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM donation_daily_apply(OLD, -1);
  ELSIF (NEW.status, NEW.donation_type, NEW.currency, NEW.program_id, NEW.created_at, NEW.amount_cents, NEW.gtq_cents,
         NEW.covered_fee_cents, NEW.fee_cents, NEW.vat_withheld_cents)
        IS DISTINCT FROM (OLD.status, OLD.donation_type, OLD.currency, OLD.program_id, OLD.created_at, OLD.amount_cents, OLD.gtq_cents,
                          OLD.covered_fee_cents, OLD.fee_cents, OLD.vat_withheld_cents) THEN
    PERFORM donation_daily_apply(OLD, -1);
    PERFORM donation_daily_apply(NEW, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION donation_daily_rebuild() RETURNS void AS $$
BEGIN
  DELETE FROM donation_daily;
  INSERT INTO donation_daily (day, status, donation_type, currency, program_id, slot, count, amount_cents, counted_count, counted_cents,
                              quetzal_cents, counted_amount_cents, counted_covered_cents, counted_fee_cents, counted_vat_cents)
  SELECT (d.created_at AT TIME ZONE 'America/Guatemala')::date, d.status, d.donation_type, d.currency, coalesce(d.program_id, 0), 0,
         count(*), sum(d.amount_cents),
         count(*) FILTER (WHERE c.is_counted),
         coalesce(sum(c.quetzal) FILTER (WHERE c.is_counted), 0),
         sum(c.quetzal),
         coalesce(sum(d.amount_cents) FILTER (WHERE c.is_counted), 0),
         coalesce(sum(donation_in_quetzal_cents(d.currency, d.amount_cents, d.gtq_cents, d.covered_fee_cents)) FILTER (WHERE c.is_counted), 0),
         coalesce(sum(donation_in_quetzal_cents(d.currency, d.amount_cents, d.gtq_cents, d.fee_cents)) FILTER (WHERE c.is_counted), 0),
         coalesce(sum(donation_in_quetzal_cents(d.currency, d.amount_cents, d.gtq_cents, d.vat_withheld_cents)) FILTER (WHERE c.is_counted), 0)
  FROM donations d
  CROSS JOIN LATERAL (SELECT d.status = 'completed' AND (d.currency = 'GTQ' OR d.gtq_cents IS NOT NULL) AS is_counted,
                             CASE WHEN d.currency = 'GTQ' THEN d.amount_cents ELSE coalesce(d.gtq_cents, 0) END AS quetzal) c
  GROUP BY 1, 2, 3, 4, 5;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
SELECT donation_daily_rebuild();
--> statement-breakpoint
-- The counted gifts (completed, with a quetzal value) by donor address (lower-cased, as the reports
-- group donors) and Guatemala calendar month and year (`span` 'month' or 'year', `period_start` its
-- first day): how many, their quetzal cents, and the newest gift's instant, id and donor name (the name
-- the report shows). A year's distinct donors and top ten read its rows by the second index; another
-- period adds up its months' rows and reads the days of a month it covers in part from the ledger.
CREATE TABLE IF NOT EXISTS "donation_donor_periods" (
  "span" text NOT NULL,
  "period_start" date NOT NULL,
  "email" text NOT NULL,
  "count" bigint DEFAULT 0 NOT NULL,
  "cents" bigint DEFAULT 0 NOT NULL,
  "last_at" timestamp with time zone NOT NULL,
  "last_id" integer NOT NULL,
  "name" text NOT NULL,
  CONSTRAINT "donation_donor_periods_pk" PRIMARY KEY ("span", "period_start", "email"),
  CONSTRAINT "donation_donor_periods_span_valid" CHECK ("span" IN ('month', 'year'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donation_donor_periods_top_idx" ON "donation_donor_periods" ("span", "period_start", "cents" DESC, "count" DESC, "email");
--> statement-breakpoint
-- One donor's month or year worked out again from the ledger (by donations_email_lower_idx): after a
-- counted gift leaves it (refund, void, deletion, a changed date, address, name or amount).
CREATE OR REPLACE FUNCTION donation_donor_periods_refresh(p_span text, p_start date, p_email text) RETURNS void AS $$
DECLARE
  v_from timestamptz := p_start::timestamp AT TIME ZONE 'America/Guatemala';
  v_to timestamptz := (p_start + CASE WHEN p_span = 'year' THEN interval '1 year' ELSE interval '1 month' END)::timestamp AT TIME ZONE 'America/Guatemala';
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
  FROM (VALUES ('month'), ('year')) AS s (span)
  ON CONFLICT (span, period_start, email) DO UPDATE
    SET count = t.count + 1,
        cents = t.cents + EXCLUDED.cents,
        last_at = CASE WHEN (EXCLUDED.last_at, EXCLUDED.last_id) > (t.last_at, t.last_id) THEN EXCLUDED.last_at ELSE t.last_at END,
        last_id = CASE WHEN (EXCLUDED.last_at, EXCLUDED.last_id) > (t.last_at, t.last_id) THEN EXCLUDED.last_id ELSE t.last_id END,
        name = CASE WHEN (EXCLUDED.last_at, EXCLUDED.last_id) > (t.last_at, t.last_id) THEN EXCLUDED.name ELSE t.name END;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A new counted gift is added in place (the common case: one upsert per span); any other change to a
-- counted gift re-reads the donor's month and year (old and new) from the ledger, which the AFTER
-- trigger sees changed.
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
  FOREACH span IN ARRAY ARRAY['month', 'year'] LOOP
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
DROP TRIGGER IF EXISTS donations_donor_periods_trg ON donations;
--> statement-breakpoint
CREATE TRIGGER donations_donor_periods_trg
AFTER INSERT OR UPDATE OR DELETE ON donations
FOR EACH ROW EXECUTE FUNCTION donation_donor_periods_trigger();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION donation_donor_periods_truncate() RETURNS trigger AS $$
BEGIN
  DELETE FROM donation_donor_periods;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS donations_donor_periods_truncate_trg ON donations;
--> statement-breakpoint
CREATE TRIGGER donations_donor_periods_truncate_trg AFTER TRUNCATE ON donations
FOR EACH STATEMENT EXECUTE FUNCTION donation_donor_periods_truncate();
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
  CROSS JOIN (VALUES ('month'), ('year')) AS s (span)
  GROUP BY 1, 2, 3;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
SELECT donation_donor_periods_rebuild();
--> statement-breakpoint
-- The register's totals (accounting/register.ts) by Guatemala day of the movement: gifts (dated by
-- created_at) and refunds (by refunded_at), by method, currency and programme (0 for none), over 8
-- slots like donation_daily. Raw cents for the totals by currency; for the quetzal totals (by method
-- and by designation) the movements with a quetzal rate, each amount rounded per movement at the
-- gift's rate as the register rounds it. Voids (dated by their receipt's annulment) are few and read
-- from the ledger by receipts_voided_idx.
CREATE TABLE IF NOT EXISTS "register_daily" (
  "day" date NOT NULL,
  "kind" text NOT NULL,
  "method" text NOT NULL,
  "currency" text NOT NULL,
  "program_id" integer NOT NULL,
  "slot" smallint NOT NULL,
  "count" bigint DEFAULT 0 NOT NULL,
  "gross_cents" bigint DEFAULT 0 NOT NULL,
  "fee_cents" bigint DEFAULT 0 NOT NULL,
  "vat_cents" bigint DEFAULT 0 NOT NULL,
  "rated_count" bigint DEFAULT 0 NOT NULL,
  "rated_gross_cents" bigint DEFAULT 0 NOT NULL,
  "rated_fee_cents" bigint DEFAULT 0 NOT NULL,
  "rated_vat_cents" bigint DEFAULT 0 NOT NULL,
  CONSTRAINT "register_daily_pk" PRIMARY KEY ("day", "kind", "method", "currency", "program_id", "slot")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "receipts_voided_idx" ON "receipts" ("voided_at") WHERE "voided_at" IS NOT NULL;
--> statement-breakpoint
-- The register's pages read each kind's movements in its order by an index: refunds by when they happened.
CREATE INDEX IF NOT EXISTS "donations_refunded_idx" ON "donations" ("refunded_at", "id") WHERE "status" = 'refunded';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION register_daily_add(p_at timestamptz, p_kind text, d donations, p_gross bigint, p_fee bigint, p_vat bigint, sign integer) RETURNS void AS $$
DECLARE
  rate numeric := CASE WHEN d.currency = 'GTQ' THEN 1.0 WHEN d.gtq_cents IS NULL THEN NULL ELSE d.gtq_cents::numeric / d.amount_cents END;
BEGIN
  INSERT INTO register_daily AS t (day, kind, method, currency, program_id, slot, count, gross_cents, fee_cents, vat_cents,
                                   rated_count, rated_gross_cents, rated_fee_cents, rated_vat_cents)
  VALUES ((p_at AT TIME ZONE 'America/Guatemala')::date, p_kind, coalesce(d.payment_method, d.donation_type), d.currency,
          coalesce(d.program_id, 0), floor(random() * 8)::smallint, sign, sign * p_gross, sign * p_fee, sign * p_vat,
          CASE WHEN rate IS NULL THEN 0 ELSE sign END,
          coalesce(sign * round(p_gross * rate), 0), coalesce(sign * round(p_fee * rate), 0), coalesce(sign * round(p_vat * rate), 0))
  ON CONFLICT (day, kind, method, currency, program_id, slot) DO UPDATE
    SET count = t.count + EXCLUDED.count,
        gross_cents = t.gross_cents + EXCLUDED.gross_cents,
        fee_cents = t.fee_cents + EXCLUDED.fee_cents,
        vat_cents = t.vat_cents + EXCLUDED.vat_cents,
        rated_count = t.rated_count + EXCLUDED.rated_count,
        rated_gross_cents = t.rated_gross_cents + EXCLUDED.rated_gross_cents,
        rated_fee_cents = t.rated_fee_cents + EXCLUDED.rated_fee_cents,
        rated_vat_cents = t.rated_vat_cents + EXCLUDED.rated_vat_cents;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A donation's movements in the register: its gift once completed (or refunded), and its refund.
CREATE OR REPLACE FUNCTION register_daily_apply(d donations, sign integer) RETURNS void AS $$
BEGIN
  IF d.completed_at IS NOT NULL OR d.status = 'refunded' THEN
    PERFORM register_daily_add(d.created_at, 'gift', d, d.amount_cents, coalesce(d.fee_cents, 0), coalesce(d.vat_withheld_cents, 0), sign);
  END IF;
  IF d.status = 'refunded' AND d.refunded_at IS NOT NULL THEN
    PERFORM register_daily_add(d.refunded_at, 'refund', d, -d.amount_cents, 0, 0, sign);
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION register_daily_trigger() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM register_daily_apply(NEW, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM register_daily_apply(OLD, -1);
  ELSIF (NEW.status, NEW.completed_at, NEW.refunded_at, NEW.created_at, NEW.payment_method, NEW.donation_type, NEW.currency, NEW.program_id,
         NEW.amount_cents, NEW.gtq_cents, NEW.fee_cents, NEW.vat_withheld_cents)
        IS DISTINCT FROM (OLD.status, OLD.completed_at, OLD.refunded_at, OLD.created_at, OLD.payment_method, OLD.donation_type, OLD.currency,
                          OLD.program_id, OLD.amount_cents, OLD.gtq_cents, OLD.fee_cents, OLD.vat_withheld_cents) THEN
    PERFORM register_daily_apply(OLD, -1);
    PERFORM register_daily_apply(NEW, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS donations_register_daily_trg ON donations;
--> statement-breakpoint
CREATE TRIGGER donations_register_daily_trg
AFTER INSERT OR UPDATE OR DELETE ON donations
FOR EACH ROW EXECUTE FUNCTION register_daily_trigger();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION register_daily_truncate() RETURNS trigger AS $$
BEGIN
  DELETE FROM register_daily;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS donations_register_daily_truncate_trg ON donations;
--> statement-breakpoint
CREATE TRIGGER donations_register_daily_truncate_trg AFTER TRUNCATE ON donations
FOR EACH STATEMENT EXECUTE FUNCTION register_daily_truncate();
--> statement-breakpoint
-- Rebuilds the rollup from the ledger (this migration, and the benchmarks' generators after a bulk load).
CREATE OR REPLACE FUNCTION register_daily_rebuild() RETURNS void AS $$
BEGIN
  DELETE FROM register_daily;
  INSERT INTO register_daily (day, kind, method, currency, program_id, slot, count, gross_cents, fee_cents, vat_cents,
                              rated_count, rated_gross_cents, rated_fee_cents, rated_vat_cents)
  SELECT (m.at AT TIME ZONE 'America/Guatemala')::date, m.kind, m.method, m.currency, m.program_id, 0,
         count(*), sum(m.gross), sum(m.fee), sum(m.vat),
         count(*) FILTER (WHERE m.rate IS NOT NULL),
         coalesce(sum(round(m.gross * m.rate)), 0), coalesce(sum(round(m.fee * m.rate)), 0), coalesce(sum(round(m.vat * m.rate)), 0)
  FROM (
    SELECT d.created_at AS at, 'gift' AS kind, coalesce(d.payment_method, d.donation_type) AS method, d.currency, coalesce(d.program_id, 0) AS program_id,
           d.amount_cents AS gross, coalesce(d.fee_cents, 0) AS fee, coalesce(d.vat_withheld_cents, 0) AS vat,
           CASE WHEN d.currency = 'GTQ' THEN 1.0 WHEN d.gtq_cents IS NULL THEN NULL ELSE d.gtq_cents::numeric / d.amount_cents END AS rate
    FROM donations d WHERE d.completed_at IS NOT NULL OR d.status = 'refunded'
    UNION ALL
    SELECT d.refunded_at, 'refund', coalesce(d.payment_method, d.donation_type), d.currency, coalesce(d.program_id, 0),
           -d.amount_cents, 0, 0,
           CASE WHEN d.currency = 'GTQ' THEN 1.0 WHEN d.gtq_cents IS NULL THEN NULL ELSE d.gtq_cents::numeric / d.amount_cents END
    FROM donations d WHERE d.status = 'refunded' AND d.refunded_at IS NOT NULL) m
  GROUP BY 1, 2, 3, 4, 5;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
SELECT register_daily_rebuild();
