CREATE TYPE "public"."appeal_outcome" AS ENUM('revertida', 'mantida', 'parcial');--> statement-breakpoint
CREATE TYPE "public"."payment_term_payer" AS ENUM('plano', 'hospital');--> statement-breakpoint
CREATE TYPE "public"."receipt_payer" AS ENUM('plano_saude', 'hospital', 'particular', 'coop', 'outro');--> statement-breakpoint
CREATE TYPE "public"."settlement" AS ENUM('glosa', 'perda');--> statement-breakpoint
CREATE TABLE "payment_terms" (
	"medic_id" integer NOT NULL,
	"payer" "payment_term_payer" NOT NULL,
	"payer_id" integer NOT NULL,
	"days" integer NOT NULL,
	CONSTRAINT "payment_terms_medic_id_payer_payer_id_pk" PRIMARY KEY("medic_id","payer","payer_id"),
	CONSTRAINT "payment_terms_days" CHECK ("payment_terms"."days" > 0)
);
--> statement-breakpoint
CREATE TABLE "surgery_glosas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "surgery_glosas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"surgery_id" integer NOT NULL,
	"glosa_on" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"appeal_deadline" date,
	"appeal_filed_on" date,
	"appeal_outcome" "appeal_outcome",
	"recovered_cents" bigint,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surgery_glosas_amount" CHECK ("surgery_glosas"."amount_cents" > 0),
	CONSTRAINT "surgery_glosas_recovered" CHECK ("surgery_glosas"."recovered_cents" is null or ("surgery_glosas"."recovered_cents" >= 0 and "surgery_glosas"."recovered_cents" <= "surgery_glosas"."amount_cents"))
);
--> statement-breakpoint
CREATE TABLE "surgery_ledgers" (
	"surgery_id" integer PRIMARY KEY NOT NULL,
	"billed_on" date,
	"billing_reference" text,
	"written_off_cents" bigint DEFAULT 0 NOT NULL,
	"settlement" "settlement",
	"settled_on" date,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surgery_ledgers_written_off" CHECK ("surgery_ledgers"."written_off_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "surgery_receipts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "surgery_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"surgery_id" integer NOT NULL,
	"received_on" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"payer" "receipt_payer" NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surgery_receipts_amount" CHECK ("surgery_receipts"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_terms" ADD CONSTRAINT "payment_terms_medic_id_users_id_fk" FOREIGN KEY ("medic_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgery_glosas" ADD CONSTRAINT "surgery_glosas_surgery_id_surgeries_id_fk" FOREIGN KEY ("surgery_id") REFERENCES "public"."surgeries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgery_glosas" ADD CONSTRAINT "surgery_glosas_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgery_ledgers" ADD CONSTRAINT "surgery_ledgers_surgery_id_surgeries_id_fk" FOREIGN KEY ("surgery_id") REFERENCES "public"."surgeries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgery_ledgers" ADD CONSTRAINT "surgery_ledgers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgery_receipts" ADD CONSTRAINT "surgery_receipts_surgery_id_surgeries_id_fk" FOREIGN KEY ("surgery_id") REFERENCES "public"."surgeries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surgery_receipts" ADD CONSTRAINT "surgery_receipts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "surgery_glosas_surgery_idx" ON "surgery_glosas" USING btree ("surgery_id");--> statement-breakpoint
CREATE INDEX "surgery_glosas_deadline_idx" ON "surgery_glosas" USING btree ("appeal_deadline");--> statement-breakpoint
CREATE INDEX "surgery_receipts_surgery_idx" ON "surgery_receipts" USING btree ("surgery_id");--> statement-breakpoint
CREATE INDEX "surgery_receipts_received_on_idx" ON "surgery_receipts" USING btree ("received_on");--> statement-breakpoint
-- Backfill (issue 14): a case's SPEC payment (payment_done, date_payment) becomes its one receipt, paid by its payment
-- source; the payment day is the recorded one, else the conclusion's, else the case's creation (São Paulo days).
INSERT INTO "surgery_receipts" ("surgery_id", "received_on", "amount_cents", "payer")
SELECT "id",
  coalesce("date_payment", ("concluded_at" at time zone 'America/Sao_Paulo')::date, ("created_at" at time zone 'America/Sao_Paulo')::date),
  round("payment_done" * 100)::bigint,
  (case "payment_fountains"::text when 'plano_saude' then 'plano_saude' when 'hospital' then 'hospital'
    when 'particular' then 'particular' when 'coop' then 'coop' else 'outro' end)::"receipt_payer"
FROM "surgeries"
WHERE "payment_done" > 0;--> statement-breakpoint
-- A case concluded below its expected fee before the ledger existed: the conclusion meant "this is all that comes",
-- so the difference is recorded as a loss (perda), as the API does when a conclusion names no settlement.
INSERT INTO "surgery_ledgers" ("surgery_id", "written_off_cents", "settlement", "settled_on")
SELECT "id",
  round("fees_payments" * 100)::bigint - round(coalesce("payment_done", 0) * 100)::bigint,
  'perda',
  coalesce("date_payment", ("concluded_at" at time zone 'America/Sao_Paulo')::date)
FROM "surgeries"
WHERE "status" = 'concluido' AND "fees_payments" > coalesce("payment_done", 0);
