-- Staff gift entry (docs/product.md#staff-gift-entry, decision 0043): what the office knows of a gift
-- it received. The day it arrived (the gift's created_at is that day too, so every figure, the
-- register and the close count it there), the cheque's number and bank, what arrived in kind and how
-- it was valued, and who entered it. Each detail belongs to its method only.
ALTER TABLE donations ADD COLUMN received_on date;--> statement-breakpoint
ALTER TABLE donations ADD COLUMN cheque_number text;--> statement-breakpoint
ALTER TABLE donations ADD COLUMN cheque_bank text;--> statement-breakpoint
ALTER TABLE donations ADD COLUMN in_kind_description text;--> statement-breakpoint
ALTER TABLE donations ADD COLUMN valuation_basis text;--> statement-breakpoint
ALTER TABLE donations ADD COLUMN entered_by integer REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE donations ADD CONSTRAINT donations_cheque_details CHECK (
  (cheque_number IS NULL AND cheque_bank IS NULL)
  OR (payment_method = 'cheque' AND length(btrim(cheque_number)) BETWEEN 1 AND 40 AND length(btrim(cheque_bank)) BETWEEN 1 AND 80));--> statement-breakpoint
ALTER TABLE donations ADD CONSTRAINT donations_in_kind_details CHECK (
  (in_kind_description IS NULL AND valuation_basis IS NULL)
  OR (payment_method = 'in_kind' AND length(btrim(in_kind_description)) BETWEEN 1 AND 500
      AND length(btrim(valuation_basis)) BETWEEN 1 AND 200));--> statement-breakpoint
ALTER TABLE donations ADD CONSTRAINT donations_in_kind_described CHECK (
  payment_method IS DISTINCT FROM 'in_kind' OR in_kind_description IS NOT NULL);--> statement-breakpoint
ALTER TABLE donations ADD CONSTRAINT donations_received_on_range CHECK (
  received_on IS NULL OR received_on BETWEEN DATE '1900-01-01' AND DATE '2100-12-31');--> statement-breakpoint
ALTER TABLE donations ADD CONSTRAINT donations_entered_with_date CHECK (entered_by IS NULL OR received_on IS NOT NULL);--> statement-breakpoint
CREATE INDEX donations_entered_by_idx ON donations (entered_by) WHERE entered_by IS NOT NULL;
