-- The text of a child's story last approved, which the public reads (with a current consent covering
-- the story), apart from the story as staff last saved it (decision 0072): an edit of an approved story
-- waits for approval while the public keeps the approved text, instead of going public at once.
-- Stories approved before keep their approval: their stored text is the approved one.
ALTER TABLE "sponsored_children" ADD COLUMN IF NOT EXISTS "approved_story" text;--> statement-breakpoint
UPDATE "sponsored_children" SET "approved_story" = "story" WHERE "story_approved_at" IS NOT NULL AND "approved_story" IS NULL;
