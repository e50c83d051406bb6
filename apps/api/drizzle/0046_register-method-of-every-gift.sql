-- The register's method of a gift (accounting/register.ts, its rows and its daily rollup) was
-- coalesce(payment_method, donation_type): a gift in kind entered by staff (payment method 'in_kind', type
-- goods) read "En especie" and one recorded without a method (type goods or services: the service API, the
-- demo, an import) "En especie (bienes)" or "(servicios)", so the accountant's gifts in kind were split over
-- lines. Now every gift in kind is 'in_kind'; a gift with a payment method keeps it (an imported gift takes
-- the one its file gives); any other is its type ('monetary', "Otro"). The rollup is rebuilt with it.
CREATE OR REPLACE FUNCTION register_method(p_method text, p_type text) RETURNS text AS $$
  SELECT coalesce(p_method, CASE WHEN p_type IN ('goods', 'services') THEN 'in_kind' ELSE p_type END);
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- As in migration 0040, with the method above.
CREATE OR REPLACE FUNCTION register_daily_add(p_at timestamptz, p_kind text, d donations, p_gross bigint, p_fee bigint, p_vat bigint, sign integer) RETURNS void AS $$
DECLARE
  rate numeric := CASE WHEN d.currency = 'GTQ' THEN 1.0 WHEN d.gtq_cents IS NULL THEN NULL ELSE d.gtq_cents::numeric / d.amount_cents END;
BEGIN
  INSERT INTO register_daily AS t (day, kind, method, currency, program_id, slot, count, gross_cents, fee_cents, vat_cents,
                                   rated_count, rated_gross_cents, rated_fee_cents, rated_vat_cents)
  VALUES ((p_at AT TIME ZONE 'America/Guatemala')::date, p_kind, register_method(d.payment_method, d.donation_type), d.currency,
          coalesce(d.program_id, 0), (txid_current() % 8)::smallint, sign, sign * p_gross, sign * p_fee, sign * p_vat,
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
-- As in migration 0038, with the method above.
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
    SELECT d.created_at AS at, 'gift' AS kind, register_method(d.payment_method, d.donation_type) AS method, d.currency, coalesce(d.program_id, 0) AS program_id,
           d.amount_cents AS gross, coalesce(d.fee_cents, 0) AS fee, coalesce(d.vat_withheld_cents, 0) AS vat,
           CASE WHEN d.currency = 'GTQ' THEN 1.0 WHEN d.gtq_cents IS NULL THEN NULL ELSE d.gtq_cents::numeric / d.amount_cents END AS rate
    FROM donations d WHERE d.completed_at IS NOT NULL OR d.status = 'refunded'
    UNION ALL
    SELECT d.refunded_at, 'refund', register_method(d.payment_method, d.donation_type), d.currency, coalesce(d.program_id, 0),
           -d.amount_cents, 0, 0,
           CASE WHEN d.currency = 'GTQ' THEN 1.0 WHEN d.gtq_cents IS NULL THEN NULL ELSE d.gtq_cents::numeric / d.amount_cents END
    FROM donations d WHERE d.status = 'refunded' AND d.refunded_at IS NOT NULL) m
  GROUP BY 1, 2, 3, 4, 5;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
SELECT register_daily_rebuild();
