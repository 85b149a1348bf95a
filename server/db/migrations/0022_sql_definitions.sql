-- Issue 36: the SQL definition files applied after the migrations (server/db/functions: the stage functions generated
-- from machines/stages.ts, the dashboard's functions and triggers) and the hash of the version applied, so that
-- server/db/migrate.ts applies a file again, and rebuilds the dashboard's figures, only when it changed.
CREATE TABLE "sql_definitions" (
	"file" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
