-- Letter image redaction (docs/product.md#sponsorship-letters, decision 0056): staff burn opaque boxes
-- into a letter's photo or scan, which replaces the stored file (the original is not kept). A file
-- remembers how many boxes were burned into it and when; a letter remembers how its image was cleared
-- at approval: 'redacted' (boxes burned) or 'confirmed' (staff confirmed it shows no contact details).
ALTER TABLE "sponsorship_letter_files" ADD COLUMN "redacted_boxes" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "sponsorship_letter_files" ADD COLUMN "redacted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "sponsorship_letters" ADD COLUMN "image_review" text;
--> statement-breakpoint
ALTER TABLE "sponsorship_letters" ADD CONSTRAINT "sponsorship_letters_image_review_valid" CHECK ("image_review" IS NULL OR "image_review" IN ('redacted','confirmed'));
