-- Reserved for the letter image redaction work; filled in by its change.
SELECT 1;
