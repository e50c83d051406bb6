-- Two costs of a donor's record that grew with the data.
--
-- 1. The donor of a new gift was looked up as `... WHERE emails @> ARRAY[email] ORDER BY id LIMIT 1`.
-- PostgreSQL answered it by walking the donors in id order (the primary key gives that order) and
-- testing each one's emails, expecting an early match: for an address no donor has, every first gift
-- of a new person, it read the whole table (50,000 donors: 22-71 ms per gift). The match is now found
-- first, by the emails' index (or the NIT/CUI's), and the lowest id taken among those few rows.
-- And every gift took its email's advisory lock until commit, so a donor's gifts at the same moment
-- waited for each other's commit even when the donor existed: the lock is now taken only to create
-- one. The function is otherwise migration 0024's.
--
-- 2. Every change of a gift recounted its donor's figures (gifts, lifetime total, first and last gift)
-- over all the donor's gifts, even when the gift was pending before and after, which the figures do
-- not count: a donor with many gifts made each new one slower (a donor giving 10,000 times, 10,000
-- rows read per gift). A gift that becomes completed now adds itself to the figures; only a change to
-- a completed gift (a refund, a corrected amount, another donor) recounts, as before, and a gift that
-- is completed neither before nor after touches nothing.

-- The lowest-numbered donor (not merged away) with this email, or NIT/CUI: the few matching rows are
-- found by the index first, then the lowest id taken among them.
CREATE OR REPLACE FUNCTION donor_by_email(p_email text) RETURNS integer LANGUAGE sql STABLE AS $$
  WITH found AS MATERIALIZED (SELECT id FROM donors WHERE emails @> ARRAY[p_email] AND merged_into_id IS NULL)
  SELECT min(id) FROM found;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION donor_by_tax_id(p_tax_id text) RETURNS integer LANGUAGE sql STABLE AS $$
  WITH found AS MATERIALIZED (SELECT id FROM donors WHERE tax_id = p_tax_id AND merged_into_id IS NULL)
  SELECT min(id) FROM found;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION donor_match_or_create(p_email text, p_tax_id text, p_tax_kind text, p_name text,
  p_phone text, p_kind text, p_user_id integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_email text := nullif(lower(btrim(coalesce(p_email, ''))), '');
  v_tax text := nullif(upper(regexp_replace(coalesce(p_tax_id, ''), '[[:space:]-]', '', 'g')), '');
  v_phone text := nullif(btrim(coalesce(p_phone, '')), '');
  v_id integer;
BEGIN
  IF v_tax = 'CF' THEN v_tax := NULL; p_tax_kind := NULL; END IF;
  -- A donor found is used at once. Only a person not found takes the lock of their email's (or
  -- NIT's) bucket and looks again, so that two first gifts at once make one donor; a donor's later
  -- gifts no longer queue behind each other on that lock until each commits.
  IF v_email IS NOT NULL THEN
    v_id := donor_by_email(v_email);
    IF v_id IS NULL THEN
      PERFORM pg_advisory_xact_lock(4242022, abs(hashtext(v_email) % 512));
      v_id := donor_by_email(v_email);
    END IF;
  END IF;
  IF v_id IS NULL AND v_tax IS NOT NULL THEN
    v_id := donor_by_tax_id(v_tax);
    IF v_id IS NULL THEN
      PERFORM pg_advisory_xact_lock(4242023, abs(hashtext(v_tax) % 512));
      v_id := donor_by_tax_id(v_tax);
    END IF;
  END IF;
  IF v_id IS NULL AND p_user_id IS NOT NULL THEN
    SELECT id INTO v_id FROM donors WHERE user_id = p_user_id AND merged_into_id IS NULL LIMIT 1;
  END IF;
  IF v_id IS NULL THEN
    INSERT INTO donors (kind, name, tax_id, tax_id_kind, emails, phones, user_id)
    VALUES (coalesce(p_kind, 'person'), coalesce(nullif(btrim(coalesce(p_name, '')), ''), coalesce(v_email, 'Sin nombre')),
      v_tax, CASE WHEN v_tax IS NULL THEN NULL ELSE p_tax_kind END,
      CASE WHEN v_email IS NULL THEN '{}'::text[] ELSE ARRAY[v_email] END,
      CASE WHEN v_phone IS NULL THEN '{}'::text[] ELSE ARRAY[v_phone] END,
      CASE WHEN p_user_id IS NULL OR EXISTS (SELECT 1 FROM donors WHERE user_id = p_user_id AND merged_into_id IS NULL)
        THEN NULL ELSE p_user_id END)
    RETURNING id INTO v_id;
  ELSE
    UPDATE donors SET
      emails = CASE WHEN v_email IS NULL OR emails @> ARRAY[v_email] THEN emails ELSE emails || v_email END,
      phones = CASE WHEN v_phone IS NULL OR phones @> ARRAY[v_phone] THEN phones ELSE phones || v_phone END,
      tax_id = coalesce(tax_id, v_tax),
      tax_id_kind = CASE WHEN tax_id IS NULL AND v_tax IS NOT NULL THEN p_tax_kind ELSE tax_id_kind END,
      user_id = CASE WHEN user_id IS NULL AND p_user_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM donors d WHERE d.user_id = p_user_id AND d.merged_into_id IS NULL)
        THEN p_user_id ELSE user_id END
    WHERE id = v_id AND (
      (v_email IS NOT NULL AND NOT emails @> ARRAY[v_email]) OR (v_phone IS NOT NULL AND NOT phones @> ARRAY[v_phone])
      OR (tax_id IS NULL AND v_tax IS NOT NULL) OR (user_id IS NULL AND p_user_id IS NOT NULL));
  END IF;
  RETURN v_id;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION donor_add_gift(p_donor integer, p_cents bigint, p_at timestamptz) RETURNS void LANGUAGE sql AS $$
  UPDATE donors SET gift_count = gift_count + 1, lifetime_cents = lifetime_cents + p_cents,
    first_gift_at = LEAST(first_gift_at, p_at), last_gift_at = GREATEST(last_gift_at, p_at)
  WHERE id = p_donor;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION donations_donor_figures_fn() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- What donor_refresh_figures counts: completed gifts.
  counted_before boolean := TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'completed';
  counted_after boolean := TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'completed';
BEGIN
  IF counted_after AND NOT counted_before THEN
    PERFORM donor_add_gift(NEW.donor_id, coalesce(NEW.gtq_cents, NEW.amount_cents), coalesce(NEW.completed_at, NEW.created_at));
  ELSIF counted_before THEN
    PERFORM donor_refresh_figures(OLD.donor_id);
    IF TG_OP = 'UPDATE' AND NEW.donor_id IS DISTINCT FROM OLD.donor_id THEN PERFORM donor_refresh_figures(NEW.donor_id); END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    -- A donation linked to an account later (verified email) links its donor too, when free.
    IF NEW.user_id IS NOT NULL AND NEW.donor_id IS NOT NULL THEN
      UPDATE donors SET user_id = NEW.user_id WHERE id = NEW.donor_id AND user_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM donors o WHERE o.user_id = NEW.user_id AND o.merged_into_id IS NULL);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
