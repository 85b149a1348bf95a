-- Issue 39 item 1: the calendar feed of an account. Only the SHA-256 of the address's token is stored; a row without
-- a token keeps the full-name preference while the feed is off.
CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text,
	"full_names" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
