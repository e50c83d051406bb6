-- The donor matching's advisory locks go by 512 buckets of the email and of the NIT/CUI instead of one
-- per value: a single statement inserting tens of thousands of gifts (an import) held one lock per
-- donor until commit and ran out of shared memory (max_locks_per_transaction). Two gifts of one
-- person still wait for each other; two people rarely share a bucket, and then only wait.
CREATE OR REPLACE FUNCTION donor_match_or_create(p_email text, p_tax_id text, p_tax_kind text, p_name text,
  p_phone text, p_kind text, p_user_id integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_email text := nullif(lower(btrim(coalesce(p_email, ''))), '');
  v_tax text := nullif(upper(regexp_replace(coalesce(p_tax_id, ''), '[[:space:]-]', '', 'g')), '');
  v_phone text := nullif(btrim(coalesce(p_phone, '')), '');
  v_id integer;
BEGIN
  IF v_tax = 'CF' THEN v_tax := NULL; p_tax_kind := NULL; END IF;
  IF v_email IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(4242022, abs(hashtext(v_email) % 512));
    SELECT id INTO v_id FROM donors WHERE emails @> ARRAY[v_email] AND merged_into_id IS NULL ORDER BY id LIMIT 1;
  END IF;
  IF v_id IS NULL AND v_tax IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(4242023, abs(hashtext(v_tax) % 512));
    SELECT id INTO v_id FROM donors WHERE tax_id = v_tax AND merged_into_id IS NULL ORDER BY id LIMIT 1;
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
$$;--> statement-breakpoint
-- NIT/CUI compared as the matching compares them (capitals without spaces or hyphens): the backfill of
-- migration 0022 copied some as the donations store them (1234567-8).
UPDATE donors SET tax_id = upper(regexp_replace(tax_id, '[[:space:]-]', '', 'g')) WHERE tax_id ~ '[[:space:]-]' OR tax_id <> upper(tax_id);
