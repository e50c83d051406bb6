-- Children's sponsorship (docs/product.md#sponsorship, decision 0048): the children, their guardians'
-- consents, their photos (re-encoded without metadata) and the sponsorships that hold or take one of a
-- child's places. The partial unique index on (child_id, place) is what keeps two people from ever
-- taking the same place.
CREATE TABLE "sponsored_children" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"full_name" text NOT NULL,
	"birth_date" date NOT NULL,
	"department" text NOT NULL,
	"program_id" integer REFERENCES "programs"("id") ON DELETE set null,
	"story" text DEFAULT '' NOT NULL,
	"story_approved_at" timestamp with time zone,
	"community" text DEFAULT '' NOT NULL,
	"school" text DEFAULT '' NOT NULL,
	"guardian_name" text DEFAULT '' NOT NULL,
	"family_situation" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"status_reason" text,
	"waiting_since" timestamp with time zone DEFAULT now() NOT NULL,
	"sponsor_places" integer DEFAULT 1 NOT NULL,
	"created_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsored_children_status_valid" CHECK ("status" IN ('waiting','sponsored','paused','left')),
	CONSTRAINT "sponsored_children_left_reason" CHECK ("status" <> 'left' OR coalesce("status_reason", '') <> ''),
	CONSTRAINT "sponsored_children_places" CHECK ("sponsor_places" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE INDEX "sponsored_children_waiting_idx" ON "sponsored_children" ("status", "waiting_since");
--> statement-breakpoint
CREATE TABLE "child_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL REFERENCES "sponsored_children"("id") ON DELETE cascade,
	"given_by" text NOT NULL,
	"relationship" text NOT NULL,
	"given_on" date NOT NULL,
	"scope" text NOT NULL,
	"expires_on" date NOT NULL,
	"revoked_at" timestamp with time zone,
	"recorded_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "child_consents_scope_valid" CHECK ("scope" IN ('photos','story','photos_and_story')),
	CONSTRAINT "child_consents_dates" CHECK ("expires_on" > "given_on")
);
--> statement-breakpoint
CREATE INDEX "child_consents_child_idx" ON "child_consents" ("child_id", "expires_on");
--> statement-breakpoint
CREATE TABLE "child_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL REFERENCES "sponsored_children"("id") ON DELETE cascade,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" bytea NOT NULL,
	"uploaded_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "child_photos_child_idx" ON "child_photos" ("child_id", "created_at");
--> statement-breakpoint
CREATE TABLE "sponsorships" (
	"id" serial PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL REFERENCES "sponsored_children"("id") ON DELETE restrict,
	"place" integer NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"hold_token" text NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"donor_id" integer REFERENCES "donors"("id") ON DELETE set null,
	"recurring_gift_id" integer REFERENCES "recurring_gifts"("id") ON DELETE set null,
	"sponsor_name" text,
	"sponsor_email" text,
	"amount_cents" bigint NOT NULL,
	"code_of_conduct_accepted_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsorships_status_valid" CHECK ("status" IN ('held','active','released','ended')),
	CONSTRAINT "sponsorships_place_positive" CHECK ("place" >= 1),
	CONSTRAINT "sponsorships_amount_positive" CHECK ("amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sponsorships_child_place_taken_key" ON "sponsorships" ("child_id", "place") WHERE status IN ('held', 'active');
--> statement-breakpoint
CREATE UNIQUE INDEX "sponsorships_hold_token_key" ON "sponsorships" ("hold_token");
--> statement-breakpoint
CREATE INDEX "sponsorships_gift_idx" ON "sponsorships" ("recurring_gift_id");
--> statement-breakpoint
CREATE INDEX "sponsorships_user_idx" ON "sponsorships" ("user_id", "status");
--> statement-breakpoint
CREATE INDEX "sponsorships_status_held_idx" ON "sponsorships" ("status", "held_until");
