-- A donor's timeline lists the emails sent to the donor's addresses, newest first, by lower-cased
-- address: without an index that read walked the whole outbox, which grows with every gift.
CREATE INDEX IF NOT EXISTS "email_outbox_recipient_idx" ON "email_outbox" USING btree (lower("to_address"),"created_at");
