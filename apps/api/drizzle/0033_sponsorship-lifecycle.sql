-- The sponsorship lifecycle (docs/product.md#sponsorship, decision 0051). When a sponsor stops, the
-- ended sponsorship keeps its place until `place_free_at` (read at query time, no job), so the child
-- is not shown as waiting during the grace period. When the child leaves, the sponsor may choose until
-- `offer_until` (another child with the same monthly gift, keep giving, or cancel); `offer_choice`
-- records what they chose, or `lapsed` when the gift was cancelled after the grace period.
ALTER TABLE "sponsorships" ADD COLUMN "place_free_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "sponsorships" ADD COLUMN "offer_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "sponsorships" ADD COLUMN "offer_choice" text;
--> statement-breakpoint
ALTER TABLE "sponsorships" ADD COLUMN "offer_chosen_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_offer_choice_valid" CHECK ("offer_choice" IS NULL OR "offer_choice" IN ('another_child','keep_giving','cancel','lapsed'));
--> statement-breakpoint
CREATE INDEX "sponsorships_open_offers_idx" ON "sponsorships" ("offer_until") WHERE "offer_until" IS NOT NULL AND "offer_choice" IS NULL;
--> statement-breakpoint
CREATE INDEX "sponsorships_place_grace_idx" ON "sponsorships" ("child_id", "place_free_at") WHERE "place_free_at" IS NOT NULL;
