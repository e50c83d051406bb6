-- Bank deposits (docs/product.md#bank-deposits, decision 0023): a donor who gives by depositing into
-- or transferring to the organisation's account sends a photo or PDF of the deposit slip (boleta).
-- The file is kept in PostgreSQL, next to the donation it belongs to, so that every process of a
-- deployment serves it and a backup of the database carries it: the re-encoded file as it is served,
-- a JPEG preview for images, its size, checked type and SHA-256 (the same slip sent for two donations
-- is found by it), and what the donor declared (bank, date, slip number, amount) for staff to compare
-- with the bank's movements. A donation may have several slips (a wrong photo sent again).
CREATE TABLE "donation_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"donation_id" integer NOT NULL,
	"kind" text DEFAULT 'deposit_slip' NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" bytea NOT NULL,
	"preview" bytea,
	"bank" text,
	"deposit_date" date,
	"slip_number" text,
	"declared_amount_cents" bigint,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_attachments_kind_valid" CHECK ("kind" IN ('deposit_slip')),
	CONSTRAINT "donation_attachments_type_valid" CHECK ("content_type" IN ('image/jpeg','image/png','application/pdf')),
	CONSTRAINT "donation_attachments_size_valid" CHECK ("size_bytes" > 0 AND "size_bytes" <= 5242880),
	CONSTRAINT "donation_attachments_declared_amount_positive" CHECK ("declared_amount_cents" IS NULL OR "declared_amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "donation_attachments" ADD CONSTRAINT "donation_attachments_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_attachments" ADD CONSTRAINT "donation_attachments_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donation_attachments_donation_idx" ON "donation_attachments" USING btree ("donation_id","created_at");--> statement-breakpoint
CREATE INDEX "donation_attachments_sha256_idx" ON "donation_attachments" USING btree ("sha256");
