-- An office's own DOCX template for a hospital or a health plan (issue 33 item 10f, docs/TEMPLATES.md "An office's
-- own template"): uploaded in the app by the medic or a secretary, it wins over the shared row's template_file_key
-- for that office's cases only. Exactly one of hospital_id / health_plan_id; one per office and hospital or plan.
CREATE TABLE "office_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "office_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"medic_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"hospital_id" integer REFERENCES "hospitals"("id") ON DELETE CASCADE,
	"health_plan_id" integer REFERENCES "health_plans"("id") ON DELETE CASCADE,
	"file_key" text NOT NULL,
	"original_name" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "office_templates_one_owner" CHECK (("office_templates"."hospital_id" is null) <> ("office_templates"."health_plan_id" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "office_templates_hospital_idx" ON "office_templates" USING btree ("medic_id","hospital_id") WHERE "office_templates"."hospital_id" is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "office_templates_plan_idx" ON "office_templates" USING btree ("medic_id","health_plan_id") WHERE "office_templates"."health_plan_id" is not null;
