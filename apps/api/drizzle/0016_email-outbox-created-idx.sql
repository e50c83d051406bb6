-- The admin dashboard's delivery health reads the last 7 days of the outbox; without an index on
-- created_at it read every email ever queued (sent rows are kept).
CREATE INDEX IF NOT EXISTS "email_outbox_created_idx" ON "email_outbox" ("created_at");
