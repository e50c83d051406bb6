-- Donor records (docs/product.md#donors): one row per person or company who gives, matched from every
-- gift by email (any case) and then by NIT/CUI. Every donation names its donor (donations.donor_id):
-- the BEFORE INSERT trigger matches or creates it through donor_match_or_create, the one matching rule,
-- which the API also calls for staff's gift entry and imports.
CREATE TABLE "donors" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'person' NOT NULL,
	"name" text NOT NULL,
	"contact_person" text,
	"tax_id" text,
	"tax_id_kind" text,
	"emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"phones" text[] DEFAULT '{}'::text[] NOT NULL,
	"address" text,
	"consent_email" boolean DEFAULT false NOT NULL,
	"consent_email_at" timestamp with time zone,
	"consent_email_source" text,
	"consent_whatsapp" boolean DEFAULT false NOT NULL,
	"consent_whatsapp_at" timestamp with time zone,
	"consent_whatsapp_source" text,
	"notes" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"merged_into_id" integer REFERENCES "donors"("id") ON DELETE set null,
	"gift_count" integer DEFAULT 0 NOT NULL,
	"lifetime_cents" bigint DEFAULT 0 NOT NULL,
	"first_gift_at" timestamp with time zone,
	"last_gift_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donors_kind_valid" CHECK ("kind" IN ('person','company')),
	CONSTRAINT "donors_name_present" CHECK (length(btrim("name")) > 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "donors_user_key" ON "donors" ("user_id") WHERE "user_id" IS NOT NULL AND "merged_into_id" IS NULL;--> statement-breakpoint
CREATE INDEX "donors_emails_idx" ON "donors" USING gin ("emails");--> statement-breakpoint
CREATE INDEX "donors_tax_id_idx" ON "donors" ("tax_id");--> statement-breakpoint
CREATE INDEX "donors_tags_idx" ON "donors" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "donors_search_trgm_idx" ON "donors" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "donors_name_id_idx" ON "donors" ("name", "id");--> statement-breakpoint
CREATE INDEX "donors_last_gift_idx" ON "donors" ("last_gift_at", "id");--> statement-breakpoint
CREATE INDEX "donors_lifetime_idx" ON "donors" ("lifetime_cents", "id");--> statement-breakpoint
CREATE INDEX "donors_merged_into_idx" ON "donors" ("merged_into_id");--> statement-breakpoint
-- A merge and what it moved, so that undo restores the exact previous state.
CREATE TABLE "donor_merges" (
	"id" serial PRIMARY KEY NOT NULL,
	"survivor_id" integer NOT NULL REFERENCES "donors"("id"),
	"merged_id" integer NOT NULL REFERENCES "donors"("id"),
	"moved" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"undone_at" timestamp with time zone,
	"undone_by" integer REFERENCES "users"("id") ON DELETE set null
);--> statement-breakpoint
CREATE INDEX "donor_merges_survivor_idx" ON "donor_merges" ("survivor_id", "created_at");--> statement-breakpoint
CREATE INDEX "donor_merges_merged_idx" ON "donor_merges" ("merged_id", "created_at");--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "donor_id" integer REFERENCES "donors"("id") ON DELETE set null;--> statement-breakpoint
CREATE INDEX "donations_donor_idx" ON "donations" ("donor_id", "created_at");--> statement-breakpoint
-- The search text: name, contact person, NIT, emails and phones (also as digits alone), folded like the donations' search.
CREATE OR REPLACE FUNCTION donors_search_text_fn() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := donor_search_fold(concat_ws(' ', NEW.name, NEW.contact_person, NEW.tax_id,
    array_to_string(NEW.emails, ' '), array_to_string(NEW.phones, ' '),
    regexp_replace(array_to_string(NEW.phones, ' '), '[^0-9 ]', '', 'g')));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER donors_search_text_trg BEFORE INSERT OR UPDATE ON donors
  FOR EACH ROW EXECUTE FUNCTION donors_search_text_fn();--> statement-breakpoint
-- The one matching rule: an unmerged donor with this email (any case), else with this NIT/CUI (CF is
-- nobody's), else the account's donor; otherwise a new donor. A match gains the email, phone, NIT and
-- account it lacked. Advisory locks keep two simultaneous gifts of one person on one donor.
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
    PERFORM pg_advisory_xact_lock(hashtext('donor-email:' || v_email));
    SELECT id INTO v_id FROM donors WHERE emails @> ARRAY[v_email] AND merged_into_id IS NULL ORDER BY id LIMIT 1;
  END IF;
  IF v_id IS NULL AND v_tax IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext('donor-tax:' || v_tax));
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
-- A donor's figures: completed gifts, in quetzales (gtq_cents for another currency).
CREATE OR REPLACE FUNCTION donor_refresh_figures(p_donor integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_donor IS NULL THEN RETURN; END IF;
  UPDATE donors d SET gift_count = f.n, lifetime_cents = f.total, first_gift_at = f.first_at, last_gift_at = f.last_at
  FROM (SELECT count(*)::int AS n, coalesce(sum(coalesce(gtq_cents, amount_cents)), 0)::bigint AS total,
          min(coalesce(completed_at, created_at)) AS first_at, max(coalesce(completed_at, created_at)) AS last_at
        FROM donations WHERE donor_id = p_donor AND status = 'completed') f
  WHERE d.id = p_donor AND (d.gift_count, d.lifetime_cents, d.first_gift_at, d.last_gift_at)
    IS DISTINCT FROM (f.n, f.total, f.first_at, f.last_at);
END
$$;--> statement-breakpoint
-- Backfill: one donor per lower(email) of the existing donations, named after the latest gift, with
-- the latest NIT/CUI and phone, linked to the account with that email.
INSERT INTO donors (name, emails, phones, tax_id, tax_id_kind, user_id, created_at)
SELECT DISTINCT ON (lower(d.donor_email)) d.donor_name, ARRAY[lower(d.donor_email)],
  coalesce((SELECT ARRAY[p.donor_phone] FROM donations p WHERE lower(p.donor_email) = lower(d.donor_email) AND p.donor_phone IS NOT NULL ORDER BY p.created_at DESC LIMIT 1), '{}'::text[]),
  (SELECT t.donor_nit FROM donations t WHERE lower(t.donor_email) = lower(d.donor_email) AND t.donor_nit IS NOT NULL AND upper(t.donor_nit) <> 'CF' ORDER BY t.created_at DESC LIMIT 1),
  (SELECT t.donor_tax_id_kind FROM donations t WHERE lower(t.donor_email) = lower(d.donor_email) AND t.donor_nit IS NOT NULL AND upper(t.donor_nit) <> 'CF' ORDER BY t.created_at DESC LIMIT 1),
  (SELECT u.id FROM users u WHERE u.email = lower(d.donor_email)),
  (SELECT min(c.created_at) FROM donations c WHERE lower(c.donor_email) = lower(d.donor_email))
FROM donations d WHERE btrim(d.donor_email) <> ''
ORDER BY lower(d.donor_email), d.created_at DESC, d.id DESC;--> statement-breakpoint
UPDATE donations d SET donor_id = r.id FROM donors r WHERE r.emails[1] = lower(d.donor_email);--> statement-breakpoint
UPDATE donors r SET gift_count = f.n, lifetime_cents = f.total, first_gift_at = f.first_at, last_gift_at = f.last_at
FROM (SELECT donor_id, count(*)::int AS n, sum(coalesce(gtq_cents, amount_cents))::bigint AS total,
        min(coalesce(completed_at, created_at)) AS first_at, max(coalesce(completed_at, created_at)) AS last_at
      FROM donations WHERE status = 'completed' AND donor_id IS NOT NULL GROUP BY donor_id) f
WHERE r.id = f.donor_id;--> statement-breakpoint
CREATE OR REPLACE FUNCTION donations_donor_match_fn() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.donor_id IS NULL THEN
    NEW.donor_id := donor_match_or_create(NEW.donor_email, NEW.donor_nit, NEW.donor_tax_id_kind, NEW.donor_name,
      NEW.donor_phone, 'person', NEW.user_id);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER donations_donor_match_trg BEFORE INSERT ON donations
  FOR EACH ROW EXECUTE FUNCTION donations_donor_match_fn();--> statement-breakpoint
CREATE OR REPLACE FUNCTION donations_donor_figures_fn() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM donor_refresh_figures(OLD.donor_id); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF TG_OP = 'INSERT' OR NEW.donor_id IS DISTINCT FROM OLD.donor_id THEN PERFORM donor_refresh_figures(NEW.donor_id); END IF;
    -- A donation linked to an account later (verified email) links its donor too, when free.
    IF NEW.user_id IS NOT NULL AND NEW.donor_id IS NOT NULL THEN
      UPDATE donors SET user_id = NEW.user_id WHERE id = NEW.donor_id AND user_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM donors o WHERE o.user_id = NEW.user_id AND o.merged_into_id IS NULL);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER donations_donor_figures_trg AFTER INSERT OR DELETE OR UPDATE OF donor_id, status, amount_cents, gtq_cents, completed_at, user_id ON donations
  FOR EACH ROW EXECUTE FUNCTION donations_donor_figures_fn();
