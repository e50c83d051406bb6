-- Donor tax ids (docs/product.md#validation-rules, decision 0019). A donation now says which kind of
-- id its donor_nit holds: a NIT checked with its check digit ('nit', written 1234567-8), the CUI of
-- the DPI ('cui', 13 digits) or consumidor final ('cf', written CF); a donor's profile keeps a NIT or
-- CUI that prefills the donate form. Existing donations are classified with the same rules as the
-- application's (stdnum's gt.nit and gt.cui, written here in SQL once) and their id normalised;
-- an id that passes neither check keeps its text and a null kind.
ALTER TABLE "users" ADD COLUMN "nit" text;
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "donor_tax_id_kind" text;
--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_tax_id_kind_valid" CHECK ("donor_tax_id_kind" IN ('nit', 'cui', 'cf'));
--> statement-breakpoint
CREATE FUNCTION "pg_temp"."tax_id_compact"(v text) RETURNS text AS $$
  SELECT upper(regexp_replace(v, '[[:space:]./-]', '', 'g'));
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- Module 11 on the digits before the check digit, weights 2, 3, 4... from the right; 10 is K.
CREATE FUNCTION "pg_temp"."nit_is_valid"(c text) RETURNS boolean AS $$
  SELECT c ~ '^[0-9]{1,11}[0-9K]$' AND length(c) >= 2 AND right(c, 1) = substr(
    '0123456789K',
    ((11 - (SELECT sum(substr(c, length(c) - i, 1)::int * (i + 1)) FROM generate_series(1, length(c) - 1) AS i) % 11) % 11)::int + 1,
    1
  );
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- Eight digits, the check digit (weights 2 to 9, module 11, then module 10), a department (01-22)
-- and a municipality within that department's count.
CREATE FUNCTION "pg_temp"."cui_is_valid"(c text) RETURNS boolean AS $$
  SELECT c ~ '^[0-9]{13}$'
    AND substr(c, 10, 2)::int BETWEEN 1 AND 22
    AND substr(c, 12, 2)::int <= (ARRAY[17, 8, 16, 16, 13, 14, 19, 8, 24, 21, 9, 30, 32, 21, 8, 17, 14, 5, 11, 11, 7, 17])[substr(c, 10, 2)::int]
    AND substr(c, 9, 1)::int = (SELECT sum(substr(c, i, 1)::int * (i + 1)) FROM generate_series(1, 8) AS i) % 11 % 10;
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
UPDATE "donations" SET "donor_tax_id_kind" = 'cf', "donor_nit" = 'CF'
  WHERE "pg_temp"."tax_id_compact"("donor_nit") = 'CF';
--> statement-breakpoint
UPDATE "donations" SET "donor_tax_id_kind" = 'cui', "donor_nit" = "pg_temp"."tax_id_compact"("donor_nit")
  WHERE "donor_tax_id_kind" IS NULL AND "pg_temp"."cui_is_valid"("pg_temp"."tax_id_compact"("donor_nit"));
--> statement-breakpoint
UPDATE "donations" SET "donor_tax_id_kind" = 'nit', "donor_nit" =
    coalesce(nullif(ltrim(left("pg_temp"."tax_id_compact"("donor_nit"), -1), '0'), ''), '0') || '-' || right("pg_temp"."tax_id_compact"("donor_nit"), 1)
  WHERE "donor_tax_id_kind" IS NULL AND "pg_temp"."nit_is_valid"("pg_temp"."tax_id_compact"("donor_nit"));
--> statement-breakpoint
DROP FUNCTION "pg_temp"."tax_id_compact"(text), "pg_temp"."nit_is_valid"(text), "pg_temp"."cui_is_valid"(text);
