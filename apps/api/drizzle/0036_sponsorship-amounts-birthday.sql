-- Reserved for the sponsorship amounts birthday work; filled in by its change.
SELECT 1;
