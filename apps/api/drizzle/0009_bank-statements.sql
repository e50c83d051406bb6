-- Bank statement import (docs/product.md#bank-deposits): staff upload the account's movement file to
-- find the money of pending bank deposits. The column mapping of each bank's export is chosen once
-- and kept here, so the next file of the same bank imports without asking again. An import keeps its
-- credit lines (what the bank says came in) with their match state; a line is `confirmed` only by a
-- staff click that approved its donation, and one donation is confirmed by at most one line.
CREATE TABLE "bank_statement_mappings" (
	"bank" text PRIMARY KEY NOT NULL,
	"date_column" text NOT NULL,
	"description_column" text NOT NULL,
	"reference_column" text,
	"credit_column" text NOT NULL,
	"debit_column" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "bank_statement_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank" text NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"delimiter" text NOT NULL,
	"credit_lines" integer NOT NULL,
	"skipped_lines" integer NOT NULL,
	"imported_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"posted_on" date NOT NULL,
	"description" text NOT NULL,
	"reference" text,
	"credit_cents" bigint NOT NULL,
	"match_state" text DEFAULT 'unmatched' NOT NULL,
	"donation_id" integer,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	CONSTRAINT "bank_statement_lines_credit_positive" CHECK ("bank_statement_lines"."credit_cents" > 0),
	CONSTRAINT "bank_statement_lines_state_valid" CHECK ("bank_statement_lines"."match_state" IN ('unmatched','proposed','near_miss','confirmed'))
);
--> statement-breakpoint
ALTER TABLE "bank_statement_mappings" ADD CONSTRAINT "bank_statement_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD CONSTRAINT "bank_statement_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_import_id_bank_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."bank_statement_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_statement_imports_created_idx" ON "bank_statement_imports" USING btree ("created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "bank_statement_lines_import_idx" ON "bank_statement_lines" USING btree ("import_id","line_number");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_confirmed_donation_key" ON "bank_statement_lines" USING btree ("donation_id") WHERE "bank_statement_lines"."match_state" = 'confirmed';
