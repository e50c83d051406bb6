-- Reserved for work in progress; replaced by its migration before it lands.
SELECT 1;
