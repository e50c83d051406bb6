-- A donor may give anonymously (docs/product.md#donor-privacy): the public lists then show
-- "Anónimo" and nothing else of the donor; staff and the donor's own account still see the name.
ALTER TABLE "donations" ADD COLUMN "donor_anonymous" boolean DEFAULT false NOT NULL;
