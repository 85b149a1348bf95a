-- Issue 39 item 2: messages to the patient. contact_consents: the patient's consent to be contacted through a
-- channel (one standing per patient and channel; a revoked one stays, with who revoked it). message_templates: a
-- medic's own text of a template (absent: the shipped one). patient_messages: each message sent, on the case's history.
CREATE TABLE "contact_consents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_id" integer NOT NULL,
	"channel" text NOT NULL,
	"email" text,
	"consented_on" date NOT NULL,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	CONSTRAINT "contact_consents_channel_check" CHECK ("contact_consents"."channel" in ('whatsapp', 'email')),
	CONSTRAINT "contact_consents_email_check" CHECK ("contact_consents"."channel" <> 'email' or "contact_consents"."email" is not null)
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"medic_id" integer NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_medic_id_kind_pk" PRIMARY KEY("medic_id","kind")
);
--> statement-breakpoint
CREATE TABLE "patient_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patient_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"surgery_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"template" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"text" text NOT NULL,
	"sent_by" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_consents" ADD CONSTRAINT "contact_consents_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contact_consents" ADD CONSTRAINT "contact_consents_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contact_consents" ADD CONSTRAINT "contact_consents_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_medic_id_users_id_fk" FOREIGN KEY ("medic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "patient_messages" ADD CONSTRAINT "patient_messages_surgery_id_surgeries_id_fk" FOREIGN KEY ("surgery_id") REFERENCES "public"."surgeries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "patient_messages" ADD CONSTRAINT "patient_messages_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "patient_messages" ADD CONSTRAINT "patient_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "contact_consents_standing_unique" ON "contact_consents" USING btree ("patient_id","channel") WHERE "contact_consents"."revoked_at" is null;
--> statement-breakpoint
CREATE INDEX "patient_messages_surgery_idx" ON "patient_messages" USING btree ("surgery_id","sent_at");
--> statement-breakpoint
CREATE INDEX "patient_messages_patient_idx" ON "patient_messages" USING btree ("patient_id");
