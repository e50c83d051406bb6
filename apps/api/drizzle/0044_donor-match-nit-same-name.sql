-- A gift that names a NIT/CUI but not a known email joins the donor with that NIT only when the names
-- agree (case, accents, punctuation and spacing aside: "Empresa, S.A." is "EMPRESA S A"), as staff
-- gift entry and imports already require
-- (decision 0043). A visitor who typed someone else's NIT (a mistake, or a family's or a company's
-- NIT) was attached to that donor: the donor's page counted the gift, and took the visitor's email,
-- phone and account as the donor's own. Now such a gift makes a donor of its own with that NIT, which
-- "Posibles duplicados" proposes (same NIT) for staff to merge when it is in fact the same person.
CREATE OR REPLACE FUNCTION donor_same_name(a text, b text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(donor_search_fold(a), '[^a-z0-9]+', ' ', 'g')) = btrim(regexp_replace(donor_search_fold(b), '[^a-z0-9]+', ' ', 'g'))
$$;--> statement-breakpoint
-- The unmerged donor with this NIT/CUI and this name (the oldest); null when none has it.
CREATE OR REPLACE FUNCTION donor_by_tax_id_named(p_tax_id text, p_name text) RETURNS integer LANGUAGE sql STABLE AS $$
  WITH found AS MATERIALIZED (SELECT id, name FROM donors WHERE tax_id = p_tax_id AND merged_into_id IS NULL)
  SELECT min(id) FROM found WHERE donor_same_name(name, p_name);
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION donor_match_or_create(p_email text, p_tax_id text, p_tax_kind text, p_name text,
  p_phone text, p_kind text, p_user_id integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_email text := nullif(lower(btrim(coalesce(p_email, ''))), '');
  v_tax text := nullif(upper(regexp_replace(coalesce(p_tax_id, ''), '[[:space:]-]', '', 'g')), '');
  v_phone text := nullif(btrim(coalesce(p_phone, '')), '');
  v_name text := coalesce(nullif(btrim(coalesce(p_name, '')), ''), coalesce(v_email, 'Sin nombre'));
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
  -- By the NIT/CUI, only a donor of the same name: someone else's NIT does not make the gift theirs.
  IF v_id IS NULL AND v_tax IS NOT NULL THEN
    v_id := donor_by_tax_id_named(v_tax, v_name);
    IF v_id IS NULL THEN
      PERFORM pg_advisory_xact_lock(4242023, abs(hashtext(v_tax) % 512));
      v_id := donor_by_tax_id_named(v_tax, v_name);
    END IF;
  END IF;
  IF v_id IS NULL AND p_user_id IS NOT NULL THEN
    SELECT id INTO v_id FROM donors WHERE user_id = p_user_id AND merged_into_id IS NULL LIMIT 1;
  END IF;
  IF v_id IS NULL THEN
    INSERT INTO donors (kind, name, tax_id, tax_id_kind, emails, phones, user_id)
    VALUES (coalesce(p_kind, 'person'), v_name,
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
