-- Imports from the spreadsheets the charity used before (docs/product.md#imports, decision 0045), and
-- monthly gifts paid by bank transfer with a permanent reference the bank statement is matched by.
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"created_lines" integer DEFAULT 0 NOT NULL,
	"matched_lines" integer DEFAULT 0 NOT NULL,
	"repeated_lines" integer DEFAULT 0 NOT NULL,
	"refused_lines" integer DEFAULT 0 NOT NULL,
	"imported_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imports_kind_valid" CHECK ("kind" IN ('donors','gifts','monthly'))
);
--> statement-breakpoint
-- One row per imported line, by a stable key (the line's mapped values, or its receipt number or
-- transfer reference): the same line imported again finds its key and adds nothing.
CREATE TABLE "import_lines" (
	"key" text PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL REFERENCES "imports"("id") ON DELETE CASCADE,
	"line_number" integer NOT NULL,
	"donor_id" integer REFERENCES "donors"("id") ON DELETE SET NULL,
	"donation_id" integer REFERENCES "donations"("id") ON DELETE SET NULL,
	"recurring_gift_id" integer REFERENCES "recurring_gifts"("id") ON DELETE SET NULL
);
--> statement-breakpoint
CREATE INDEX "import_lines_import_idx" ON "import_lines" ("import_id", "line_number");
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "import_id" integer REFERENCES "imports"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- The receipt number the earlier system gave an imported gift, as it was written (no receipt is issued).
ALTER TABLE "donations" ADD COLUMN "imported_receipt" text;
--> statement-breakpoint
CREATE INDEX "donations_import_idx" ON "donations" ("import_id") WHERE "import_id" IS NOT NULL;
--> statement-breakpoint
-- A monthly gift paid by transfer: the reference the donor writes on each transfer (capitals and digits).
ALTER TABLE "recurring_gifts" ADD COLUMN "transfer_reference" text;
--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD COLUMN "import_id" integer REFERENCES "imports"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_gifts_transfer_reference_key" ON "recurring_gifts" ("transfer_reference") WHERE "transfer_reference" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD CONSTRAINT "recurring_gifts_transfer_reference_format" CHECK ("transfer_reference" IS NULL OR "transfer_reference" ~ '^[A-Z0-9]{4,20}$');
