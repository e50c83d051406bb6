-- A gift links its donor to an account only when the account is the donor's own (signed in with the
-- gift's email). A gift staff record for someone else carries the staff member's account as its
-- owner, and matched by that account it landed on the staff member's donor record, adding the other
-- person's email to it: every gift staff entered for new people became one donor.
CREATE OR REPLACE FUNCTION donations_donor_match_fn() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_owner integer;
BEGIN
  IF NEW.donor_id IS NULL THEN
    SELECT u.id INTO v_owner FROM users u
      WHERE u.id = NEW.user_id AND lower(u.email) = lower(btrim(coalesce(NEW.donor_email, '')));
    NEW.donor_id := donor_match_or_create(NEW.donor_email, NEW.donor_nit, NEW.donor_tax_id_kind, NEW.donor_name,
      NEW.donor_phone, 'person', v_owner);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Repair what the old rule did: the emails of such gifts leave the account's donor, and each gift is
-- matched again (by its email, then NIT), its figures following through the figures trigger.
CREATE TEMPORARY TABLE misplaced_gifts AS
  SELECT d.id, r.id AS donor_id, lower(btrim(d.donor_email)) AS email
  FROM donations d
  JOIN donors r ON r.id = d.donor_id
  JOIN users u ON u.id = r.user_id
  WHERE d.user_id = u.id AND lower(btrim(coalesce(d.donor_email, ''))) <> lower(u.email);--> statement-breakpoint
UPDATE donors r SET emails = array(
    SELECT e FROM unnest(r.emails) AS e
    WHERE NOT EXISTS (SELECT 1 FROM misplaced_gifts m WHERE m.donor_id = r.id AND m.email = e))
  WHERE r.id IN (SELECT donor_id FROM misplaced_gifts);--> statement-breakpoint
UPDATE donations d SET donor_id = donor_match_or_create(d.donor_email, d.donor_nit, d.donor_tax_id_kind, d.donor_name,
    d.donor_phone, 'person', NULL)
  FROM misplaced_gifts m WHERE d.id = m.id;--> statement-breakpoint
-- A donor the old rule created from such a gift (its name and email someone else's) is left with no
-- gift and no email: it goes, unless a merge names it.
DELETE FROM donors r
  WHERE r.id IN (SELECT donor_id FROM misplaced_gifts) AND cardinality(r.emails) = 0
    AND NOT EXISTS (SELECT 1 FROM donations d WHERE d.donor_id = r.id)
    AND NOT EXISTS (SELECT 1 FROM donor_merges dm WHERE dm.survivor_id = r.id OR dm.merged_id = r.id)
    AND NOT EXISTS (SELECT 1 FROM donors o WHERE o.merged_into_id = r.id);--> statement-breakpoint
DROP TABLE misplaced_gifts;
