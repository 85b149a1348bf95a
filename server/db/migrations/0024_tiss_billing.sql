-- Issue 37 (TISS 4.01.00, part 1): who bills, the patient's card, the surgical team, and the glosa reason codes.
-- Codes follow the standard's domain tables: a council is dm_conselhoProfissional ('06' CRM), a role on the team is
-- dm_grauPart ('01' first assistant … '13'; '00', the surgeon, is the medic himself), a CBO is dm_CBOS.
--
-- How the medic bills: his council registration, CBO and CNES, and his company when he bills through one.
CREATE TABLE "medic_billing_profiles" (
	"medic_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"council" text DEFAULT '06' NOT NULL,
	"council_number" text,
	"council_uf" text,
	"cbo" text,
	"cnes" text,
	"company_cnpj" text,
	"company_name" text,
	"updated_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Per health plan: whether he bills it as pessoa física (his CPF) or through his company (CNPJ), and his code there.
CREATE TABLE "medic_plan_billing" (
	"medic_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"health_plan_id" integer NOT NULL REFERENCES "health_plans"("id"),
	"bills_as" text NOT NULL,
	"provider_code" text,
	CONSTRAINT "medic_plan_billing_pk" PRIMARY KEY ("medic_id","health_plan_id"),
	CONSTRAINT "medic_plan_billing_bills_as" CHECK ("medic_plan_billing"."bills_as" in ('cpf', 'cnpj'))
);
--> statement-breakpoint
-- The patient's card for a plan (número da carteira, validity, the plan's product name). Erased with the patient's
-- other personal data (patient-erasure).
CREATE TABLE "patient_plan_cards" (
	"patient_id" integer NOT NULL REFERENCES "patients"("id") ON DELETE CASCADE,
	"health_plan_id" integer NOT NULL REFERENCES "health_plans"("id"),
	"card_number" text NOT NULL,
	"valid_until" date,
	"plan_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_plan_cards_pk" PRIMARY KEY ("patient_id","health_plan_id")
);
--> statement-breakpoint
-- The surgical team of a case besides the surgeon, in order, each with the fee he is owed and when it was passed on.
CREATE TABLE "surgery_team_members" (
	"surgery_id" integer NOT NULL REFERENCES "surgeries"("id") ON DELETE CASCADE,
	"position" integer NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"council" text,
	"council_number" text,
	"council_uf" text,
	"cbo" text,
	"cpf" text,
	"fee_cents" bigint,
	"paid_on" date,
	CONSTRAINT "surgery_team_members_pk" PRIMARY KEY ("surgery_id","position"),
	CONSTRAINT "surgery_team_members_role" CHECK ("surgery_team_members"."role" ~ '^(0[1-9]|1[0-3])$'),
	CONSTRAINT "surgery_team_members_fee" CHECK ("surgery_team_members"."fee_cents" is null or "surgery_team_members"."fee_cents" >= 0)
);
--> statement-breakpoint
-- The medic's usual team, copied onto a case in one click.
CREATE TABLE "medic_usual_team_members" (
	"medic_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"position" integer NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"council" text,
	"council_number" text,
	"council_uf" text,
	"cbo" text,
	"cpf" text,
	"fee_cents" bigint,
	CONSTRAINT "medic_usual_team_members_pk" PRIMARY KEY ("medic_id","position"),
	CONSTRAINT "medic_usual_team_members_role" CHECK ("medic_usual_team_members"."role" ~ '^(0[1-9]|1[0-3])$'),
	CONSTRAINT "medic_usual_team_members_fee" CHECK ("medic_usual_team_members"."fee_cents" is null or "medic_usual_team_members"."fee_cents" >= 0)
);
--> statement-breakpoint
-- TISS glosa reason codes (dm_tipoGlosa, 4.01.00), seeded from server/data/tiss/motivos-glosa.csv; a glosa may name one.
CREATE TABLE "glosa_reasons" (
	"code" text PRIMARY KEY NOT NULL,
	"group_name" text,
	"description" text,
	"search_text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "surgery_glosas" ADD COLUMN "reason_code" text REFERENCES "glosa_reasons"("code");
