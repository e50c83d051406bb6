-- The ledger at ten years (~1,000,000 donations, docs/performance.md "Scale"): the donation search
-- reads trigram indexes instead of folding every row, the yearly statements find a donor by the
-- lower-cased email, and the audit log is paged by its own sort order.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Lower case without accents; the searched text is folded the same way (foldText in domain/giving/donations.ts).
CREATE OR REPLACE FUNCTION donor_search_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(translate(coalesce(t, ''), 'ÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÑÇáàäâãéèëêíìïîóòöôõúùüûñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))
$$;--> statement-breakpoint
-- The donor's name as the public is shown it (maskName in domain/giving/donations.ts, docs/product.md#donor-privacy):
-- the given name and the initial of the first surname, the particles de, del, la, las, los and y aside.
CREATE OR REPLACE FUNCTION donor_masked_name(full_name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN cardinality(w) < 2 THEN coalesce(w[1], '')
    WHEN cardinality(w) = 2 THEN w[1] || ' ' || left(w[2], 1) || '.'
    ELSE w[1] || ' ' || left(w[cardinality(w) - 1], 1) || '.' END
  FROM (SELECT CASE WHEN cardinality(k) > 0 THEN k ELSE a END AS w
    FROM (SELECT a, array(SELECT x FROM unnest(a) WITH ORDINALITY AS t(x, i)
        WHERE lower(x) <> ALL (ARRAY['de', 'del', 'la', 'las', 'los', 'y']) ORDER BY i) AS k
      FROM (SELECT regexp_split_to_array(btrim(full_name), '\s+') AS a) AS split) AS filtered) AS words
$$;--> statement-breakpoint
-- One GIN index for every searched field: each column answers its own LIKE '%…%'.
CREATE INDEX IF NOT EXISTS "donations_search_trgm_idx" ON "donations" USING gin (
  donor_search_fold("donor_name") gin_trgm_ops,
  donor_search_fold(donor_masked_name("donor_name")) gin_trgm_ops,
  donor_search_fold("donor_email") gin_trgm_ops,
  donor_search_fold("reference_code") gin_trgm_ops,
  donor_search_fold("description") gin_trgm_ops,
  donor_search_fold("receipt_number"::text) gin_trgm_ops
);--> statement-breakpoint
-- A search that matches a program's name reads its donations by this index.
CREATE INDEX IF NOT EXISTS "donations_program_idx" ON "donations" ("program_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donations_email_lower_idx" ON "donations" (lower("donor_email"), "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_created_id_idx" ON "audit_log" ("created_at" DESC, "id" DESC);--> statement-breakpoint
DROP INDEX IF EXISTS "audit_log_created_idx";
