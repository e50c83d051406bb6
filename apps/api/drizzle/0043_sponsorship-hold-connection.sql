-- The internet address a place was held from, so that one address cannot hold more places, unpaid,
-- than the sponsorship setting `holds_per_connection` allows at once (decision 0064): without it a
-- visitor could empty the waiting list by choosing child after child without paying. Kept only on the
-- hold's row (the audit entry of every hold already records the same address).
ALTER TABLE "sponsorships" ADD COLUMN IF NOT EXISTS "held_from" text;
