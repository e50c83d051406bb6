-- Reserved for the sponsorship lifecycle work; filled in by its change.
SELECT 1;
