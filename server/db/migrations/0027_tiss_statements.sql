-- Issue 38 (TISS 4.01.00, part 2): the plans' statements read back (docs/TISS.md "Reading statements back").
--
-- A statement file as imported: the plan's message byte for byte, once per office (its SHA-256).
CREATE TABLE "tiss_statement_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tiss_statement_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"medic_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"sha256" text NOT NULL,
	"message" bytea NOT NULL,
	"imported_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tiss_statement_files_sha256_unique" UNIQUE ("medic_id","sha256")
);
--> statement-breakpoint
-- One statement of a file (a demonstrativo de análise de conta or de pagamento), identified as the plan identifies it:
-- its ANS registry and number, per kind. Importing it twice posts nothing twice (the unique key); what it posted is
-- summed here for the list (centavos).
CREATE TABLE "tiss_statements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tiss_statements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"file_id" integer NOT NULL REFERENCES "tiss_statement_files"("id") ON DELETE CASCADE,
	"medic_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"health_plan_id" integer NOT NULL REFERENCES "health_plans"("id"),
	"kind" text NOT NULL,
	"plan_ans_registry" text NOT NULL,
	"number" text NOT NULL,
	"issued_on" date NOT NULL,
	"guides" integer NOT NULL,
	"unmatched" integer NOT NULL,
	"receipts_cents" bigint NOT NULL,
	"glosas_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tiss_statements_kind" CHECK ("tiss_statements"."kind" in ('analise', 'pagamento')),
	CONSTRAINT "tiss_statements_identity_unique" UNIQUE ("medic_id","plan_ans_registry","kind","number")
);
--> statement-breakpoint
CREATE INDEX "tiss_statements_medic_idx" ON "tiss_statements" ("medic_id","created_at");
--> statement-breakpoint
-- The lots a statement speaks of (by the lot numbers of its protocols): a lot shows its statements.
CREATE TABLE "tiss_statement_lots" (
	"statement_id" integer NOT NULL REFERENCES "tiss_statements"("id") ON DELETE CASCADE,
	"lot_id" integer NOT NULL REFERENCES "tiss_lots"("id") ON DELETE CASCADE,
	CONSTRAINT "tiss_statement_lots_pk" PRIMARY KEY ("statement_id","lot_id")
);
--> statement-breakpoint
CREATE INDEX "tiss_statement_lots_lot_idx" ON "tiss_statement_lots" ("lot_id");
--> statement-breakpoint
-- What a statement posted: the receipts (with the deposit they came in) and the glosas.
ALTER TABLE "surgery_receipts" ADD COLUMN "tiss_statement_id" integer REFERENCES "tiss_statements"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "surgery_receipts" ADD COLUMN "deposit_reference" text;
--> statement-breakpoint
ALTER TABLE "surgery_glosas" ADD COLUMN "tiss_statement_id" integer REFERENCES "tiss_statements"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "surgery_receipts_statement_idx" ON "surgery_receipts" ("tiss_statement_id") WHERE "tiss_statement_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "surgery_glosas_statement_idx" ON "surgery_glosas" ("tiss_statement_id") WHERE "tiss_statement_id" IS NOT NULL;
