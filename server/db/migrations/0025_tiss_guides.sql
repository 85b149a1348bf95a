-- Issue 37 (TISS 4.01.00, part 1): guides, lots and appeals (docs/TISS.md).
--
-- A hospital's identification on an office's guides (the shared hospital list has no CNPJ nor CNES): typed once per
-- office and hospital.
CREATE TABLE "medic_hospital_billing" (
	"medic_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"hospital_id" integer NOT NULL REFERENCES "hospitals"("id") ON DELETE CASCADE,
	"cnpj" text,
	"cnes" text,
	CONSTRAINT "medic_hospital_billing_pk" PRIMARY KEY ("medic_id","hospital_id")
);
--> statement-breakpoint
-- What a case's guide needs beyond the case: each procedure line's quantity, value, factor, route and technique, and
-- the note for the plan.
CREATE TABLE "surgery_guide_inputs" (
	"surgery_id" integer PRIMARY KEY NOT NULL REFERENCES "surgeries"("id") ON DELETE CASCADE,
	"note" text,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Running numbers per medic: guides ('guia'), appeals ('recurso'), messages ('transacao'), and lots per plan
-- ('lote', scope = the plan's id). Taken with one INSERT … ON CONFLICT DO UPDATE … RETURNING: two generations at once
-- wait for each other on the row, so a number is never given twice.
CREATE TABLE "tiss_sequences" (
	"medic_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"scope" integer DEFAULT 0 NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "tiss_sequences_pk" PRIMARY KEY ("medic_id","kind","scope"),
	CONSTRAINT "tiss_sequences_kind" CHECK ("tiss_sequences"."kind" in ('guia', 'lote', 'transacao', 'recurso'))
);
--> statement-breakpoint
-- A lot of guides of one plan (loteGuias): its message as generated (ISO-8859-1 bytes) and, once sent, the day and the
-- plan's protocol; a sent lot is frozen.
CREATE TABLE "tiss_lots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tiss_lots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"medic_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"health_plan_id" integer NOT NULL REFERENCES "health_plans"("id"),
	"number" integer NOT NULL,
	"message" bytea NOT NULL,
	"hash" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"sent_on" date,
	"protocol" text,
	"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tiss_lots_number_unique" UNIQUE ("medic_id","health_plan_id","number")
);
--> statement-breakpoint
-- A guia de honorários of a case: its content as generated (machines/tiss HonorariosGuide), numbered per medic; in at
-- most one lot. A guide in a sent lot never changes: a correction is a new guide.
CREATE TABLE "tiss_guides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tiss_guides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"medic_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"surgery_id" integer NOT NULL REFERENCES "surgeries"("id") ON DELETE CASCADE,
	"health_plan_id" integer NOT NULL REFERENCES "health_plans"("id"),
	"number" integer NOT NULL,
	"issued_on" date NOT NULL,
	"total_cents" bigint NOT NULL,
	"content" jsonb NOT NULL,
	"lot_id" integer REFERENCES "tiss_lots"("id") ON DELETE SET NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tiss_guides_number_unique" UNIQUE ("medic_id","number")
);
--> statement-breakpoint
CREATE INDEX "tiss_guides_surgery_idx" ON "tiss_guides" USING btree ("surgery_id");
--> statement-breakpoint
CREATE INDEX "tiss_guides_lot_idx" ON "tiss_guides" USING btree ("lot_id");
--> statement-breakpoint
-- A recurso de glosa against one sent lot: its message and, once sent, the day and the plan's protocol.
CREATE TABLE "tiss_appeals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tiss_appeals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"medic_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"lot_id" integer NOT NULL REFERENCES "tiss_lots"("id"),
	"number" integer NOT NULL,
	"message" bytea NOT NULL,
	"hash" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"sent_on" date,
	"protocol" text,
	"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tiss_appeals_number_unique" UNIQUE ("medic_id","number")
);
--> statement-breakpoint
-- A glosa's appeal: the justification written for the plan, and the appeal message that carries it.
ALTER TABLE "surgery_glosas" ADD COLUMN "appeal_justification" text;
--> statement-breakpoint
ALTER TABLE "surgery_glosas" ADD COLUMN "tiss_appeal_id" integer REFERENCES "tiss_appeals"("id") ON DELETE SET NULL;
