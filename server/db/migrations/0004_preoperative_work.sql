CREATE TYPE "public"."authorization_payer" AS ENUM('hospital', 'plano', 'opme');--> statement-breakpoint
CREATE TYPE "public"."authorization_status" AS ENUM('pendente', 'solicitada', 'aprovada', 'parcial', 'negada');--> statement-breakpoint
CREATE TYPE "public"."dispatch_channel" AS ENUM('email', 'portal', 'presencial');--> statement-breakpoint
CREATE TYPE "public"."loss_reason" AS ENUM('paciente_desistiu', 'condicao_clinica', 'autorizacao_negada', 'autorizacao_expirada', 'documentacao_incompleta', 'opme_indisponivel', 'financeiro', 'troca_medico_hospital', 'outro');--> statement-breakpoint
CREATE TYPE "public"."opme_decision" AS ENUM('autorizado', 'parcial', 'negado');--> statement-breakpoint
CREATE TABLE "document_requirements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_requirements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"medic_id" integer NOT NULL,
	"hospital_id" integer,
	"health_plan_id" integer,
	"document_kind" "surgery_document_kind",
	"name" text,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_requirements_one_owner" CHECK (("document_requirements"."hospital_id" is null) <> ("document_requirements"."health_plan_id" is null)),
	CONSTRAINT "document_requirements_kind_or_name" CHECK (("document_requirements"."document_kind" is null) <> ("document_requirements"."name" is null))
);
--> statement-breakpoint
CREATE TABLE "opme_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "opme_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"surgery_id" integer NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"chosen_quote" integer,
	"decision" "opme_decision",
	"authorized_quantity" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opme_items_quantity" CHECK ("opme_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "opme_quotes" (
	"item_id" integer NOT NULL,
	"position" integer NOT NULL,
	"supplier" text NOT NULL,
	"brand" text,
	"unit_price" numeric(12, 2),
	CONSTRAINT "opme_quotes_item_id_position_pk" PRIMARY KEY("item_id","position")
);
--> statement-breakpoint
CREATE TABLE "stage_targets" (
	"medic_id" integer NOT NULL,
	"status" "case_status" NOT NULL,
	"days" integer NOT NULL,
	CONSTRAINT "stage_targets_medic_id_status_pk" PRIMARY KEY("medic_id","status"),
	CONSTRAINT "stage_targets_days" CHECK ("stage_targets"."days" > 0)
);
--> statement-breakpoint
CREATE TABLE "surgery_authorizations" (
	"surgery_id" integer NOT NULL,
	"payer" "authorization_payer" NOT NULL,
	"status" "authorization_status" DEFAULT 'pendente' NOT NULL,
	"requested_on" date,
	"protocol" text,
	"password" text,
	"decided_on" date,
	"valid_until" date,
	"notes" text,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surgery_authorizations_surgery_id_payer_pk" PRIMARY KEY("surgery_id","payer")
);
--> statement-breakpoint
CREATE TABLE "surgery_checklist_marks" (
	"surgery_id" integer NOT NULL,
	"name" text NOT NULL,
	"marked_by" integer,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surgery_checklist_marks_surgery_id_name_pk" PRIMARY KEY("surgery_id","name")
);
--> statement-breakpoint
CREATE TABLE "surgery_dispatches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "surgery_dispatches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"surgery_id" integer NOT NULL,
	"sent_on" date NOT NULL,
	"recipient" text NOT NULL,
	"channel" "dispatch_channel" NOT NULL,
	"items" jsonb NOT NULL,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "surgeries" ADD COLUMN "holder_id" integer;--> statement-breakpoint
ALTER TABLE "surgery_status_history" ADD COLUMN "reason" "loss_reason";--> statement-breakpoint
ALTER TABLE "surgery_status_history" ADD COLUMN "reason_note" text;--> statement-breakpoint
ALTER TABLE "surgery_status_history" ADD COLUMN "missing_documents" jsonb;--> statement-breakpoint
ALTER TABLE "document_requirements" ADD CONSTRAINT "document_requirements_medic_id_users_id_fk" FOREIGN KEY ("medic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requirements" ADD CONSTRAINT "document_requirements_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requirements" ADD CONSTRAINT "document_requirements_health_plan_id_health_plans_id_fk" FOREIGN KEY ("health_plan_id") REFERENCES "public"."health_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opme_items" ADD CONSTRAINT "opme_items_surgery_id_surgeries_id_fk" FOREIGN KEY ("surgery_id") REFERENCES "public"."surgeries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opme_quotes" ADD CONSTRAINT "opme_quotes_item_id_opme_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."opme_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_targets" ADD CONSTRAINT "stage_targets_medic_id_users_id_fk" FOREIGN KEY ("medic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgery_authorizations" ADD CONSTRAINT "surgery_authorizations_surgery_id_surgeries_id_fk" FOREIGN KEY ("surgery_id") REFERENCES "public"."surgeries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgery_authorizations" ADD CONSTRAINT "surgery_authorizations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgery_checklist_marks" ADD CONSTRAINT "surgery_checklist_marks_surgery_id_surgeries_id_fk" FOREIGN KEY ("surgery_id") REFERENCES "public"."surgeries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgery_checklist_marks" ADD CONSTRAINT "surgery_checklist_marks_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgery_dispatches" ADD CONSTRAINT "surgery_dispatches_surgery_id_surgeries_id_fk" FOREIGN KEY ("surgery_id") REFERENCES "public"."surgeries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgery_dispatches" ADD CONSTRAINT "surgery_dispatches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_requirements_hospital_idx" ON "document_requirements" USING btree ("medic_id","hospital_id");--> statement-breakpoint
CREATE INDEX "document_requirements_plan_idx" ON "document_requirements" USING btree ("medic_id","health_plan_id");--> statement-breakpoint
CREATE INDEX "opme_items_surgery_idx" ON "opme_items" USING btree ("surgery_id","position");--> statement-breakpoint
CREATE INDEX "surgery_authorizations_valid_until_idx" ON "surgery_authorizations" USING btree ("valid_until");--> statement-breakpoint
CREATE INDEX "surgery_dispatches_surgery_idx" ON "surgery_dispatches" USING btree ("surgery_id","sent_on");--> statement-breakpoint
ALTER TABLE "surgeries" ADD CONSTRAINT "surgeries_holder_id_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every existing case gets the authorization records its payers call for, their status read from SPEC's toggles
-- (the toggles mirror the record's aprovada/negada from now on; server/services/preoperative/authorizations.ts).
INSERT INTO "surgery_authorizations" ("surgery_id", "payer", "status")
SELECT s."id", payer."name"::"authorization_payer",
	coalesce((CASE payer."name"
		WHEN 'hospital' THEN s."hospital_approvals"::text
		WHEN 'plano' THEN s."plan_approvals"::text
		ELSE s."opme_approvals"::text END)::"authorization_status", 'pendente')
FROM "surgeries" AS s
CROSS JOIN (VALUES ('hospital'), ('plano'), ('opme')) AS payer("name")
WHERE payer."name" = 'hospital'
	OR (payer."name" = 'plano' AND s."payment_fountains" = 'plano_saude')
	OR (payer."name" = 'opme' AND s."opme");
