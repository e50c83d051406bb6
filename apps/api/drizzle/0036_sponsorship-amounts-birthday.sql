-- Birthday gifts of sponsors (docs/product.md#sponsorship, decision 0055): which child a one-time
-- donation is for, and when staff delivered it. Per-programme amounts live in the sponsorship settings
-- (a JSON document), so they need no column.
CREATE TABLE "sponsorship_birthday_gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"donation_id" integer NOT NULL REFERENCES "donations"("id") ON DELETE cascade,
	"sponsorship_id" integer NOT NULL REFERENCES "sponsorships"("id") ON DELETE restrict,
	"child_id" integer NOT NULL REFERENCES "sponsored_children"("id") ON DELETE restrict,
	"birthday_year" integer NOT NULL,
	"delivered_at" timestamp with time zone,
	"delivered_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sponsorship_birthday_gifts_donation_key" ON "sponsorship_birthday_gifts" ("donation_id");
--> statement-breakpoint
CREATE INDEX "sponsorship_birthday_gifts_child_idx" ON "sponsorship_birthday_gifts" ("child_id", "delivered_at");
--> statement-breakpoint
CREATE INDEX "sponsorship_birthday_gifts_sponsorship_idx" ON "sponsorship_birthday_gifts" ("sponsorship_id", "birthday_year");
