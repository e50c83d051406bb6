-- A monthly gift carries its designation (docs/product.md#designation): the programme chosen at the
-- checkout, or NULL for "Donde más se necesite"; every charge of the gift (first payment, renewals,
-- a replacement after a change of card) is inserted with it, so programme totals and reports that
-- read donations.program_id count the whole gift. Deleting a programme leaves the gift undesignated,
-- as it does its donations.
ALTER TABLE recurring_gifts ADD COLUMN IF NOT EXISTS program_id integer REFERENCES programs(id) ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS recurring_gifts_program_idx ON recurring_gifts (program_id) WHERE program_id IS NOT NULL;
--> statement-breakpoint
-- Gifts already recorded take the designation of their first payment.
UPDATE recurring_gifts g SET program_id = d.program_id
FROM (
  SELECT DISTINCT ON (recurring_gift_id) recurring_gift_id, program_id
  FROM donations WHERE recurring_gift_id IS NOT NULL
  ORDER BY recurring_gift_id, created_at, id
) d
WHERE d.recurring_gift_id = g.id AND d.program_id IS NOT NULL AND g.program_id IS NULL;
