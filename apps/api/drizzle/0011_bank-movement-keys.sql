-- Bank movements confirm at most one donation (docs/product.md#bank-deposits, decision 0024): each credit line
-- carries its movement's key (date, amount, the reference or else the description, the balance when the file
-- has one, and its occurrence among identical lines of the file). A new import leaves out movements already
-- imported, and a unique index lets only one line of a movement be confirmed, whichever import it came in.
-- The proposals are stored per line (worked out at import and again when the pending deposits change), so
-- opening an import reads them instead of matching again.
ALTER TABLE "bank_statement_lines" ADD COLUMN "balance_cents" bigint;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD COLUMN "movement_key" text;--> statement-breakpoint
-- Lines imported before: the same key as the import computes now (they kept no balance).
UPDATE "bank_statement_lines" AS l SET "movement_key" = k."key"
FROM (
	SELECT "id", "base" || '|' || row_number() OVER (PARTITION BY "import_id", "base" ORDER BY "line_number", "id") AS "key"
	FROM (
		SELECT "id", "import_id", "line_number",
			"posted_on"::text || '|' || "credit_cents"::text || '|' || coalesce(
				nullif(regexp_replace(regexp_replace(upper(coalesce("reference", '')), '[^A-Z0-9]', '', 'g'), '^0+(?=[0-9])', ''), ''),
				regexp_replace(regexp_replace(upper("description"), '[^A-Z0-9]', '', 'g'), '^0+(?=[0-9])', '')
			) || '|' AS "base"
		FROM "bank_statement_lines"
	) AS b
) AS k
WHERE l."id" = k."id";--> statement-breakpoint
-- A movement already confirmed twice (possible before this change) keeps both approvals on record: the later
-- lines get their own key so the index below can hold; nothing else can be confirmed with them.
UPDATE "bank_statement_lines" AS l SET "movement_key" = l."movement_key" || '|line-' || l."id"::text
WHERE l."match_state" = 'confirmed'
	AND EXISTS (SELECT 1 FROM "bank_statement_lines" AS e WHERE e."movement_key" = l."movement_key" AND e."match_state" = 'confirmed' AND e."id" < l."id");--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ALTER COLUMN "movement_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD COLUMN "repeated_lines" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD COLUMN "proposals_basis" text;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_movement_idx" ON "bank_statement_lines" USING btree ("movement_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_confirmed_movement_key" ON "bank_statement_lines" USING btree ("movement_key") WHERE "bank_statement_lines"."match_state" = 'confirmed';--> statement-breakpoint
CREATE INDEX "bank_statement_imports_sha256_idx" ON "bank_statement_imports" USING btree ("sha256");--> statement-breakpoint
CREATE TABLE "bank_statement_candidates" (
	"line_id" bigint NOT NULL,
	"import_id" integer NOT NULL,
	"donation_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"reference_found" boolean NOT NULL,
	"day_distance" integer NOT NULL,
	CONSTRAINT "bank_statement_candidates_line_id_position_pk" PRIMARY KEY("line_id","position"),
	CONSTRAINT "bank_statement_candidates_kind_valid" CHECK ("bank_statement_candidates"."kind" IN ('match','outside_window','amount_differs'))
);--> statement-breakpoint
ALTER TABLE "bank_statement_candidates" ADD CONSTRAINT "bank_statement_candidates_line_id_bank_statement_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."bank_statement_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_candidates" ADD CONSTRAINT "bank_statement_candidates_import_id_bank_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."bank_statement_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_candidates" ADD CONSTRAINT "bank_statement_candidates_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_statement_candidates_import_idx" ON "bank_statement_candidates" USING btree ("import_id");
