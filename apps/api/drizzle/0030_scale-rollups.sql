-- The outbox at ten years of data (docs/performance.md, "Scale"): each attempt to send records when it
-- was claimed, so every process together keeps to the rate the mail relay accepts (emails per minute
-- in the last minute, read by the index); sent emails are pruned after the retention by their send time.
ALTER TABLE "email_outbox" ADD COLUMN IF NOT EXISTS "claimed_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_outbox_claimed_idx" ON "email_outbox" USING btree ("claimed_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_outbox_sent_idx" ON "email_outbox" USING btree ("sent_at") WHERE "status" = 'sent';
