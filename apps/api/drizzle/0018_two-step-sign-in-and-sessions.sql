-- Two-step sign-in and the sessions a person can see (docs/product.md#accounts-and-sessions): an
-- authenticator app's secret (TOTP) with the last time-step used, single-use recovery codes stored
-- hashed, passkeys (WebAuthn credentials), the short-lived challenges between the sign-in's steps,
-- and the device a session was opened from.
CREATE TABLE "totp_secrets" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_step" bigint
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "passkeys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}'::text[] NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "passkeys_credential_key" ON "passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "passkeys_user_idx" ON "passkeys" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "sign_in_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE cascade,
	"purpose" text NOT NULL,
	"token_hash" text,
	"challenge" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "sign_in_challenges_purpose_valid" CHECK ("purpose" IN ('second_step', 'enrol', 'passkey_sign_in', 'passkey_register'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_challenges_token_key" ON "sign_in_challenges" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sign_in_challenges_expires_idx" ON "sign_in_challenges" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sign_in_method" text;--> statement-breakpoint
CREATE INDEX "sessions_user_device_idx" ON "sessions" USING btree ("user_id", "device_id");
