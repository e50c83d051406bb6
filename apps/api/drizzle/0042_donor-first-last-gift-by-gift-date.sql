-- A donor's first and last gift are dated as every figure and every screen dates a gift: by its
-- donation date (created_at; docs/product.md#figures). Migrations 0022 and 0041 took the completion
-- date first (coalesce(completed_at, created_at)), so a deposit made on 5 February and approved on
-- the 6th made the donor page's "Primera donación" read 06/02/2026 above a gift list dated 05/02/2026,
-- and the filters by first and last gift disagreed with the list. The recount, the step that adds a
-- completed gift, and the trigger (now following created_at, not completed_at) use created_at, and
-- every donor's figures are recounted once.
CREATE OR REPLACE FUNCTION donor_refresh_figures(p_donor integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_donor IS NULL THEN RETURN; END IF;
  UPDATE donors d SET gift_count = f.n, lifetime_cents = f.total, first_gift_at = f.first_at, last_gift_at = f.last_at
  FROM (SELECT count(*)::int AS n, coalesce(sum(coalesce(gtq_cents, amount_cents)), 0)::bigint AS total,
          min(created_at) AS first_at, max(created_at) AS last_at
        FROM donations WHERE donor_id = p_donor AND status = 'completed') f
  WHERE d.id = p_donor AND (d.gift_count, d.lifetime_cents, d.first_gift_at, d.last_gift_at)
    IS DISTINCT FROM (f.n, f.total, f.first_at, f.last_at);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION donations_donor_figures_fn() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- What donor_refresh_figures counts: completed gifts.
  counted_before boolean := TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'completed';
  counted_after boolean := TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'completed';
BEGIN
  IF counted_after AND NOT counted_before THEN
    PERFORM donor_add_gift(NEW.donor_id, coalesce(NEW.gtq_cents, NEW.amount_cents), NEW.created_at);
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
$$;--> statement-breakpoint
DROP TRIGGER donations_donor_figures_trg ON donations;--> statement-breakpoint
CREATE TRIGGER donations_donor_figures_trg AFTER INSERT OR DELETE OR UPDATE OF donor_id, status, amount_cents, gtq_cents, created_at, user_id ON donations
  FOR EACH ROW EXECUTE FUNCTION donations_donor_figures_fn();--> statement-breakpoint
-- Existing donors: the dates recounted from their completed gifts (only rows whose dates change).
UPDATE donors d SET first_gift_at = f.first_at, last_gift_at = f.last_at
FROM (SELECT donor_id, min(created_at) AS first_at, max(created_at) AS last_at
      FROM donations WHERE status = 'completed' AND donor_id IS NOT NULL GROUP BY donor_id) f
WHERE d.id = f.donor_id AND (d.first_gift_at, d.last_gift_at) IS DISTINCT FROM (f.first_at, f.last_at);
