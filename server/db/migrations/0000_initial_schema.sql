CREATE TYPE "public"."approval" AS ENUM('aprovada', 'negada');--> statement-breakpoint
CREATE TYPE "public"."case_status" AS ENUM('ind_paciente', 'prep_doc', 'env_doc', 'autorizacao', 'agendamento', 'realizacao', 'pagamento', 'concluido', 'cancelado', 'arquiv');--> statement-breakpoint
CREATE TYPE "public"."gender" AS ENUM('male', 'female');--> statement-breakpoint
CREATE TYPE "public"."payment_source" AS ENUM('clt', 'particular', 'plano_saude', 'coop', 'hospital');--> statement-breakpoint
CREATE TYPE "public"."procedure_table" AS ENUM('tuss', 'sigtap');--> statement-breakpoint
CREATE TYPE "public"."surgery_document_kind" AS ENUM('doctor_request', 'patient_document', 'medical_report', 'residence_proof', 'surgery_guide', 'convention_wallet', 'hospital_consent', 'hospital_template', 'health_plan_template');--> statement-breakpoint
CREATE TYPE "public"."token_kind" AS ENUM('access', 'refresh');--> statement-breakpoint
CREATE TYPE "public"."user_type" AS ENUM('medic', 'secretary');--> statement-breakpoint
CREATE TABLE "cids" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"description" text NOT NULL,
	"search_text" text NOT NULL,
	CONSTRAINT "cids_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "health_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "health_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"fantasy_name" text NOT NULL,
	"corporate_name" text NOT NULL,
	"ans_registry" text,
	"modality" text,
	"search_text" text NOT NULL,
	"template_file_key" text,
	CONSTRAINT "health_plans_ans_registry_unique" UNIQUE("ans_registry")
);
--> statement-breakpoint
CREATE TABLE "hospitals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hospitals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"fantasy_name" text NOT NULL,
	"corporate_name" text,
	"city" text,
	"uf" text,
	"search_text" text NOT NULL,
	"template_file_key" text,
	CONSTRAINT "hospitals_fantasy_name_unique" UNIQUE("fantasy_name")
);
--> statement-breakpoint
CREATE TABLE "procedures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "procedures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"description" text NOT NULL,
	"table" "procedure_table" NOT NULL,
	"group_name" text,
	"search_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specialties" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "specialties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "specialties_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"medic_id" integer NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invites_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "medic_secretaries" (
	"medic_id" integer NOT NULL,
	"secretary_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medic_secretaries_medic_id_secretary_id_pk" PRIMARY KEY("medic_id","secretary_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" "user_type" NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"nickname" text,
	"cpf" text NOT NULL,
	"crm" text,
	"address" text,
	"cellphone" text,
	"specialty_id" integer,
	"news" boolean DEFAULT false NOT NULL,
	"accepts_data_storage" boolean DEFAULT false NOT NULL,
	"notify_from_medic" boolean DEFAULT false NOT NULL,
	"image_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oauth_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" "token_kind" NOT NULL,
	"token_hash" text NOT NULL,
	"family_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"medic_id" integer NOT NULL,
	"nome_completo" text NOT NULL,
	"search_text" text NOT NULL,
	"cellphone" text,
	"health_plan_id" integer,
	"birthday" date,
	"address" text,
	"full_address" text,
	"cep" text,
	"cpf" text NOT NULL,
	"gender" "gender",
	"photo_key" text,
	"photo_content_type" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surgeries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "surgeries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"medic_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer,
	"health_plan_id" integer,
	"payment_fountains" "payment_source",
	"opme" boolean DEFAULT false NOT NULL,
	"fees_payments" numeric(12, 2),
	"surgery_note" text,
	"status" "case_status" DEFAULT 'ind_paciente' NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"document_arrivals" date,
	"document_note" text,
	"hospital_approvals" "approval",
	"plan_approvals" "approval",
	"opme_approvals" "approval",
	"hospital_approvals_note" text,
	"plan_approvals_note" text,
	"opme_approvals_note" text,
	"schedule" timestamp with time zone,
	"schedule_note" text,
	"accomplishment" date,
	"accomplishment_note" text,
	"payment_done" numeric(12, 2),
	"date_payment" date,
	"payment_notes" text,
	"hospital_template_ok" boolean DEFAULT false NOT NULL,
	"plano_template_ok" boolean DEFAULT false NOT NULL,
	"concluded_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surgery_cids" (
	"surgery_id" integer NOT NULL,
	"position" integer NOT NULL,
	"cid_id" integer NOT NULL,
	CONSTRAINT "surgery_cids_surgery_id_position_pk" PRIMARY KEY("surgery_id","position")
);
--> statement-breakpoint
CREATE TABLE "surgery_documents" (
	"surgery_id" integer NOT NULL,
	"kind" "surgery_document_kind" NOT NULL,
	"file_key" text NOT NULL,
	"content_type" text NOT NULL,
	"original_name" text,
	"size" integer NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surgery_documents_surgery_id_kind_pk" PRIMARY KEY("surgery_id","kind")
);
--> statement-breakpoint
CREATE TABLE "surgery_procedures" (
	"surgery_id" integer NOT NULL,
	"position" integer NOT NULL,
	"procedure_id" integer NOT NULL,
	CONSTRAINT "surgery_procedures_surgery_id_position_pk" PRIMARY KEY("surgery_id","position")
);
--> statement-breakpoint
CREATE TABLE "surgery_status_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "surgery_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"surgery_id" integer NOT NULL,
	"from_status" "case_status",
	"to_status" "case_status" NOT NULL,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_medic_id_users_id_fk" FOREIGN KEY ("medic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medic_secretaries" ADD CONSTRAINT "medic_secretaries_medic_id_users_id_fk" FOREIGN KEY ("medic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medic_secretaries" ADD CONSTRAINT "medic_secretaries_secretary_id_users_id_fk" FOREIGN KEY ("secretary_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD CONSTRAINT "oauth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_medic_id_users_id_fk" FOREIGN KEY ("medic_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_health_plan_id_health_plans_id_fk" FOREIGN KEY ("health_plan_id") REFERENCES "public"."health_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgeries" ADD CONSTRAINT "surgeries_medic_id_users_id_fk" FOREIGN KEY ("medic_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgeries" ADD CONSTRAINT "surgeries_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgeries" ADD CONSTRAINT "surgeries_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgeries" ADD CONSTRAINT "surgeries_health_plan_id_health_plans_id_fk" FOREIGN KEY ("health_plan_id") REFERENCES "public"."health_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgeries" ADD CONSTRAINT "surgeries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgery_cids" ADD CONSTRAINT "surgery_cids_surgery_id_surgeries_id_fk" FOREIGN KEY ("surgery_id") REFERENCES "public"."surgeries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgery_cids" ADD CONSTRAINT "surgery_cids_cid_id_cids_id_fk" FOREIGN KEY ("cid_id") REFERENCES "public"."cids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgery_documents" ADD CONSTRAINT "surgery_documents_surgery_id_surgeries_id_fk" FOREIGN KEY ("surgery_id") REFERENCES "public"."surgeries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgery_documents" ADD CONSTRAINT "surgery_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgery_procedures" ADD CONSTRAINT "surgery_procedures_surgery_id_surgeries_id_fk" FOREIGN KEY ("surgery_id") REFERENCES "public"."surgeries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgery_procedures" ADD CONSTRAINT "surgery_procedures_procedure_id_procedures_id_fk" FOREIGN KEY ("procedure_id") REFERENCES "public"."procedures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgery_status_history" ADD CONSTRAINT "surgery_status_history_surgery_id_surgeries_id_fk" FOREIGN KEY ("surgery_id") REFERENCES "public"."surgeries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgery_status_history" ADD CONSTRAINT "surgery_status_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "procedures_table_code_unique" ON "procedures" USING btree ("table","code");--> statement-breakpoint
CREATE INDEX "invites_medic_idx" ON "invites" USING btree ("medic_id");--> statement-breakpoint
CREATE INDEX "medic_secretaries_secretary_idx" ON "medic_secretaries" USING btree ("secretary_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_type_cpf_unique" ON "users" USING btree ("type","cpf");--> statement-breakpoint
CREATE INDEX "oauth_tokens_family_idx" ON "oauth_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "oauth_tokens_expires_idx" ON "oauth_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_medic_cpf_unique" ON "patients" USING btree ("medic_id","cpf");--> statement-breakpoint
CREATE INDEX "patients_medic_name_idx" ON "patients" USING btree ("medic_id","nome_completo");--> statement-breakpoint
CREATE INDEX "surgeries_medic_status_idx" ON "surgeries" USING btree ("medic_id","status");--> statement-breakpoint
CREATE INDEX "surgeries_medic_schedule_idx" ON "surgeries" USING btree ("medic_id","schedule");--> statement-breakpoint
CREATE INDEX "surgeries_patient_idx" ON "surgeries" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "surgery_status_history_surgery_idx" ON "surgery_status_history" USING btree ("surgery_id","changed_at");