-- Sponsorship by monthly bank transfer (decision 0054) stores nothing new: the sponsorship's gift is the
-- imports' monthly gift by transfer, whose provider and permanent reference say how the sponsor pays,
-- and the longer hold is a setting. This migration was reserved for it and is kept, empty, so that the
-- numbering of databases that already applied it stays the same.
SELECT 1;
