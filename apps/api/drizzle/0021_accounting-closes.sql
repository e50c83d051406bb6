-- The months staff have closed (docs/product.md#the-register-and-the-close): after a close nothing dated up to the end of that month is edited, except through a correction in the open month.
CREATE TABLE "accounting_closes" (
	"month" text PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" integer REFERENCES "users"("id") ON DELETE set null,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "accounting_closes_month_format" CHECK ("accounting_closes"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
