-- Reserved for the scale report rollups work; filled in by its change.
SELECT 1;
