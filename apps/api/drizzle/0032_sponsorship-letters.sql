-- Sponsorship letters (docs/product.md#sponsorship-letters, decision 0049): letters between a sponsor
-- and their child, always through the charity. `body` is what was written (staff only); `shared_body`
-- is the approved text with contact details replaced by "[retirado]", the only text that reaches the
-- other side. `flags` are the contact details the detector found, with their spans.
CREATE TABLE "sponsorship_letters" (
	"id" serial PRIMARY KEY NOT NULL,
	"sponsorship_id" integer NOT NULL REFERENCES "sponsorships"("id") ON DELETE restrict,
	"child_id" integer NOT NULL REFERENCES "sponsored_children"("id") ON DELETE restrict,
	"direction" text NOT NULL,
	"status" text DEFAULT 'in_review' NOT NULL,
	"body" text NOT NULL,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shared_body" text,
	"translation" text,
	"override_reason" text,
	"return_reason" text,
	"written_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"reviewed_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"reviewed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsorship_letters_direction_valid" CHECK ("direction" IN ('to_child','to_sponsor')),
	CONSTRAINT "sponsorship_letters_status_valid" CHECK ("status" IN ('in_review','returned','approved','delivered')),
	CONSTRAINT "sponsorship_letters_returned_reason" CHECK ("status" <> 'returned' OR coalesce("return_reason", '') <> ''),
	CONSTRAINT "sponsorship_letters_cleared_text" CHECK ("status" NOT IN ('approved','delivered') OR "shared_body" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX "sponsorship_letters_queue_idx" ON "sponsorship_letters" ("status", "created_at");
--> statement-breakpoint
CREATE INDEX "sponsorship_letters_sponsorship_idx" ON "sponsorship_letters" ("sponsorship_id", "created_at");
--> statement-breakpoint
CREATE TABLE "sponsorship_letter_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"letter_id" integer NOT NULL REFERENCES "sponsorship_letters"("id") ON DELETE cascade,
	"purpose" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" bytea NOT NULL,
	"uploaded_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsorship_letter_files_purpose_valid" CHECK ("purpose" IN ('photo','scan'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sponsorship_letter_files_one_per_purpose" ON "sponsorship_letter_files" ("letter_id", "purpose");
