-- Two-factor sign-in (issue 35 item 3, docs/SECURITY.md "Two-factor sign-in").
-- A user's TOTP secret, sealed with the app secret 'two_factor_key' (AES-256-GCM); enabled once confirmed with a code.
CREATE TABLE "two_factor_secrets" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"secret_sealed" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Ten single-use recovery codes per enrolment, stored as HMAC-SHA-256 under the app secret 'recovery_code_key'.
CREATE TABLE "two_factor_recovery_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "two_factor_recovery_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_recovery_codes_user_hash_idx" ON "two_factor_recovery_codes" USING btree ("user_id","code_hash");
--> statement-breakpoint
-- The mfa_token of a sign-in whose password was right and that still owes its second factor (SHA-256 only):
-- short-lived, single-use, a few wrong codes at most. purpose 'verify' (enrolled) or 'enrol' (must enrol first).
CREATE TABLE "mfa_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"purpose" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "mfa_tokens_expires_idx" ON "mfa_tokens" USING btree ("expires_at");
--> statement-breakpoint
-- A medic who requires two-factor sign-in of his secretaries (a row = required).
CREATE TABLE "secretary_two_factor_policies" (
	"medic_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
