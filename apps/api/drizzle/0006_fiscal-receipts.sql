-- Fiscal receipts (docs/product.md#receipts, decision 0020): a receipt is a document issued once, when
-- its donation completes, and kept as issued: its series and number (gapless per series, in issue
-- order: a counter row per series, moved in the completing transaction, never a sequence, which
-- leaves holes on rollback), its issue date, the donor's fiscal data, the amounts and the issuer's
-- identity at that moment. Later downloads print this row, never today's settings. The FEL columns
-- are written only by the electronic certification.
CREATE TABLE "receipt_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "receipt_counters_positive" CHECK ("receipt_counters"."last_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"donation_id" integer NOT NULL,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"donor_name" text NOT NULL,
	"donor_email" text NOT NULL,
	"donor_tax_id_kind" text NOT NULL,
	"donor_tax_id" text NOT NULL,
	"donor_address" text,
	"reference_code" text NOT NULL,
	"donation_type" text NOT NULL,
	"description" text,
	"program_name" text,
	"donated_at" timestamp with time zone NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"gtq_cents" bigint,
	"exchange_rate" text,
	"exchange_rate_date" text,
	"covered_fee_cents" bigint DEFAULT 0 NOT NULL,
	"provider_fee_cents" bigint,
	"issuer" jsonb NOT NULL,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"emailed_at" timestamp with time zone,
	"fel_status" text DEFAULT 'not_required' NOT NULL,
	"fel_identifier" uuid,
	"fel_uuid" text,
	"fel_series" text,
	"fel_number" text,
	"fel_certified_at" timestamp with time zone,
	"fel_xml" text,
	"fel_error" text,
	"fel_attempts" integer DEFAULT 0 NOT NULL,
	"fel_next_attempt_at" timestamp with time zone,
	CONSTRAINT "receipts_tax_id_kind_valid" CHECK ("receipts"."donor_tax_id_kind" IN ('nit','cui','cf')),
	CONSTRAINT "receipts_fel_status_valid" CHECK ("receipts"."fel_status" IN ('not_required','pending','certified','rejected','failed')),
	CONSTRAINT "receipts_number_positive" CHECK ("receipts"."number" > 0)
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_donation_key" ON "receipts" USING btree ("donation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_series_number_key" ON "receipts" USING btree ("series","number");--> statement-breakpoint
CREATE INDEX "receipts_fel_due_idx" ON "receipts" USING btree ("fel_status","fel_next_attempt_at");--> statement-breakpoint
-- One row per yearly statement sent to one donor address: the key makes the yearly job send it once,
-- whichever process gets there first and however often it restarts.
CREATE TABLE "annual_statements" (
	"year" integer NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annual_statements_year_email_pk" PRIMARY KEY("year","email")
);
--> statement-breakpoint
-- Attachments of an email, as descriptors ([{"kind":"receipt","receiptId":1}]) rendered when it is
-- sent, so the row stays small and the document is the one of the moment of sending.
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- donations.receipt_number now repeats receipts.number (for the lists and search that read it); with
-- series a number may repeat across series, so it is no longer unique on its own.
DROP INDEX IF EXISTS "donations_receipt_key";--> statement-breakpoint
CREATE INDEX "donations_receipt_idx" ON "donations" USING btree ("receipt_number");--> statement-breakpoint
-- Every donation that already had a receipt keeps it, with the number the donor was already given,
-- in completion order, in the configured series (A by default), with the tax id kind migration 0005
-- found (or read from the id); a refunded one is issued void. The
-- issuer is what the settings held at this moment (the organisation's name and contact, and the
-- fiscal entry when there is one).
INSERT INTO "receipts" (
	"donation_id", "series", "number", "issued_at", "donor_name", "donor_email", "donor_tax_id_kind", "donor_tax_id",
	"donor_address", "reference_code", "donation_type", "description", "program_name", "donated_at", "amount_cents",
	"currency", "gtq_cents", "exchange_rate", "exchange_rate_date", "covered_fee_cents", "provider_fee_cents", "issuer",
	"voided_at", "void_reason", "emailed_at"
)
SELECT d.id,
	coalesce((SELECT s.value->>'receiptSeries' FROM settings s WHERE s.key = 'fiscal'), 'A'),
	d.receipt_number,
	coalesce(d.completed_at, d.updated_at),
	d.donor_name,
	d.donor_email,
	CASE WHEN d.donor_tax_id_kind IS NOT NULL THEN d.donor_tax_id_kind
	     WHEN d.donor_nit IS NULL OR d.donor_nit = '' OR upper(d.donor_nit) IN ('CF', 'C/F') THEN 'cf'
	     WHEN d.donor_nit ~ '^[0-9]{13}$' THEN 'cui' ELSE 'nit' END,
	CASE WHEN d.donor_tax_id_kind = 'cf' OR d.donor_nit IS NULL OR d.donor_nit = '' OR upper(d.donor_nit) IN ('CF', 'C/F') THEN 'CF'
	     ELSE d.donor_nit END,
	u.address,
	d.reference_code,
	d.donation_type,
	d.description,
	p.name,
	coalesce(d.completed_at, d.updated_at),
	d.amount_cents,
	d.currency,
	d.gtq_cents,
	d.exchange_rate,
	d.exchange_rate_date,
	d.covered_fee_cents,
	d.fee_cents,
	coalesce((SELECT s.value FROM settings s WHERE s.key = 'fiscal'), '{}'::jsonb)
		|| jsonb_build_object('organization', coalesce((SELECT s.value FROM settings s WHERE s.key = 'organization'), '{}'::jsonb)),
	d.refunded_at,
	CASE WHEN d.status = 'refunded' THEN coalesce(d.refund_reason, 'Reembolso') END,
	NULL
FROM donations d
LEFT JOIN users u ON u.id = d.user_id
LEFT JOIN programs p ON p.id = d.program_id
WHERE d.receipt_number IS NOT NULL AND d.status IN ('completed', 'refunded')
ORDER BY d.completed_at, d.id;
--> statement-breakpoint
INSERT INTO "receipt_counters" ("series", "last_number")
SELECT "series", max("number") FROM "receipts" GROUP BY "series";
