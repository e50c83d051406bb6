-- Reserved for the sponsorship transfer work; filled in by its change.
SELECT 1;
