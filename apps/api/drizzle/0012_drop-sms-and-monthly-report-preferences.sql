-- The SMS and monthly report preferences switched nothing on (no SMS is sent and no monthly report
-- exists), so they are gone from the settings screen and the API, and from the table.
ALTER TABLE "user_preferences" DROP COLUMN IF EXISTS "sms_notifications";--> statement-breakpoint
ALTER TABLE "user_preferences" DROP COLUMN IF EXISTS "monthly_reports";
