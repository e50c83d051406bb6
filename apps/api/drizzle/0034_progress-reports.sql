-- Reserved for the progress reports work; filled in by its change.
SELECT 1;
