CREATE TYPE "public"."audit_action" AS ENUM('view', 'list', 'create', 'update', 'delete', 'export', 'download', 'data_export', 'anonymize');--> statement-breakpoint
CREATE TYPE "public"."audit_entity" AS ENUM('patient', 'surgery', 'document', 'photo', 'audit');--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"medic_id" integer NOT NULL,
	"actor_id" integer,
	"action" "audit_action" NOT NULL,
	"entity" "audit_entity" NOT NULL,
	"entity_id" integer,
	"patient_ids" integer[] NOT NULL,
	"shown_ids" integer[],
	"detail" text,
	"address" text
);
--> statement-breakpoint
DROP INDEX "patients_medic_cpf_unique";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "anonymized_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_events_medic_at_idx" ON "audit_events" USING btree ("medic_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_patients_idx" ON "audit_events" USING gin ("patient_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_medic_cpf_unique" ON "patients" USING btree ("medic_id","cpf") WHERE "patients"."anonymized_at" is null;--> statement-breakpoint
-- Written by hand (the table above is drizzle-kit's, server/db/schema/audit.ts): the audit trail is append-only.
-- A committed row can never change or go: UPDATE, DELETE and TRUNCATE are refused by triggers, on PGlite and on
-- PostgreSQL alike, whatever role the application connects as (even the table's owner). In server mode the
-- privileges are withdrawn too; docs/PRIVACY.md says how to run the application as a role that only holds
-- SELECT and INSERT on it.
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON audit_events FROM PUBLIC;
