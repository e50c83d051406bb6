-- Progress reports (informes de avance; docs/product.md#sponsorship, decision 0052): what staff tell a
-- sponsored child's sponsors, at least twice a year. The sponsor-level fields are declared once in
-- packages/shared/src/schemas/progress-reports.ts; `staff_notes` never leaves the staff console. The
-- optional photo is re-encoded without metadata (the deposit slips' pipeline) and shown to a sponsor
-- only while a current guardian consent covers photos (checked when read).
CREATE TABLE "progress_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL REFERENCES "sponsored_children"("id") ON DELETE restrict,
	"period" text NOT NULL,
	"report_date" date NOT NULL,
	"school_grade" text DEFAULT '' NOT NULL,
	"attendance_percent" integer,
	"achievement" text DEFAULT '' NOT NULL,
	"health" text DEFAULT '' NOT NULL,
	"message_to_sponsor" text NOT NULL,
	"staff_notes" text DEFAULT '' NOT NULL,
	"photo_content_type" text,
	"photo_size_bytes" integer,
	"photo_sha256" text,
	"photo_data" bytea,
	"written_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "progress_reports_attendance" CHECK ("attendance_percent" IS NULL OR "attendance_percent" BETWEEN 0 AND 100),
	CONSTRAINT "progress_reports_photo_whole" CHECK (("photo_data" IS NULL) = ("photo_content_type" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "progress_reports_child_idx" ON "progress_reports" ("child_id", "report_date");
