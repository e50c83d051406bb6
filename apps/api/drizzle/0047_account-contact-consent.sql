-- "Permitir que la fundación me contacte" in Mi perfil is the donor's consent to email on their donor
-- record (decision 0081). The switch came ticked from the first schema, never chosen by anyone, so it
-- presumed a consent nobody gave: new accounts now start without it, and the existing rows lose it
-- (nothing ever read it, so nobody was contacted by it). allow_contact_at records when the donor
-- last changed it; null means they never chose.
ALTER TABLE "user_preferences" ALTER COLUMN "allow_contact" SET DEFAULT false;--> statement-breakpoint
UPDATE "user_preferences" SET "allow_contact" = false WHERE "allow_contact";--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN IF NOT EXISTS "allow_contact_at" timestamp with time zone;--> statement-breakpoint
-- A choice made in Mi perfil before the account had a donor record reaches the record once one is linked
-- to the account (a first gift, a confirmed address, a merge), unless the record holds a later decision
-- (staff's, or an earlier link's): the newest recorded choice is the consent.
CREATE OR REPLACE FUNCTION donors_account_consent_fn() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_allow boolean;
  v_at timestamptz;
BEGIN
  SELECT allow_contact, allow_contact_at INTO v_allow, v_at FROM user_preferences WHERE user_id = NEW.user_id;
  IF v_at IS NOT NULL AND (NEW.consent_email_at IS NULL OR NEW.consent_email_at < v_at) THEN
    NEW.consent_email := v_allow;
    NEW.consent_email_at := v_at;
    NEW.consent_email_source := 'profile';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS donors_account_consent_insert_trg ON donors;--> statement-breakpoint
CREATE TRIGGER donors_account_consent_insert_trg BEFORE INSERT ON donors
  FOR EACH ROW WHEN (NEW.user_id IS NOT NULL) EXECUTE FUNCTION donors_account_consent_fn();--> statement-breakpoint
DROP TRIGGER IF EXISTS donors_account_consent_link_trg ON donors;--> statement-breakpoint
CREATE TRIGGER donors_account_consent_link_trg BEFORE UPDATE OF user_id ON donors
  FOR EACH ROW WHEN (NEW.user_id IS NOT NULL AND NEW.user_id IS DISTINCT FROM OLD.user_id) EXECUTE FUNCTION donors_account_consent_fn();
