-- donation_totals (and the daily rollups of the figures and of the register) spread each key's running sums over several rows ("slots") so that concurrent
-- writers seldom wait on one row. The slot was drawn at random for each change, so one transaction that
-- moved several donations locked several slots in a random order, and two such transactions (two runs
-- of the expiry job, say) could lock the same two rows in opposite orders: PostgreSQL then aborts one
-- (deadlock, 40P01). Now a transaction takes one slot, from its own id: all its changes to a key land
-- in the same row, and two transactions meet on a row only when they share the slot (one chance in 16,
-- or 8), where they wait for each other as on any row. The sums over the slots are unchanged.
CREATE OR REPLACE FUNCTION donation_totals_apply(p_status text, p_type text, p_count bigint, p_cents bigint) RETURNS void AS $$
BEGIN
  INSERT INTO donation_totals (status, donation_type, slot, count, amount_cents)
  VALUES (p_status, p_type, (txid_current() % 16)::smallint, p_count, p_cents)
  ON CONFLICT (status, donation_type, slot) DO UPDATE
    SET count = donation_totals.count + EXCLUDED.count,
        amount_cents = donation_totals.amount_cents + EXCLUDED.amount_cents;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The same for the daily rollups (migration 0038), whose bodies are otherwise unchanged.
CREATE OR REPLACE FUNCTION donation_daily_apply(d donations, sign integer) RETURNS void AS $$
DECLARE
  is_counted boolean := d.status = 'completed' AND (d.currency = 'GTQ' OR d.gtq_cents IS NOT NULL);
  quetzal bigint := CASE WHEN d.currency = 'GTQ' THEN d.amount_cents ELSE coalesce(d.gtq_cents, 0) END;
BEGIN
  INSERT INTO donation_daily AS t (day, status, donation_type, currency, program_id, slot, count, amount_cents, counted_count, counted_cents,
                                   quetzal_cents, counted_amount_cents, counted_covered_cents, counted_fee_cents, counted_vat_cents)
  VALUES (
    (d.created_at AT TIME ZONE 'America/Guatemala')::date, d.status, d.donation_type, d.currency, coalesce(d.program_id, 0),
    (txid_current() % 8)::smallint, sign, sign * d.amount_cents,
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
CREATE OR REPLACE FUNCTION register_daily_add(p_at timestamptz, p_kind text, d donations, p_gross bigint, p_fee bigint, p_vat bigint, sign integer) RETURNS void AS $$
DECLARE
  rate numeric := CASE WHEN d.currency = 'GTQ' THEN 1.0 WHEN d.gtq_cents IS NULL THEN NULL ELSE d.gtq_cents::numeric / d.amount_cents END;
BEGIN
  INSERT INTO register_daily AS t (day, kind, method, currency, program_id, slot, count, gross_cents, fee_cents, vat_cents,
                                   rated_count, rated_gross_cents, rated_fee_cents, rated_vat_cents)
  VALUES ((p_at AT TIME ZONE 'America/Guatemala')::date, p_kind, coalesce(d.payment_method, d.donation_type), d.currency,
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
