-- Issue 38 item 3: the hospital's or cooperative's repasse, read from a CSV of guide numbers and amounts (payers that
-- send no TISS XML), is a payment statement like the plan's demonstrativo de pagamento (docs/TISS.md "Repasse").
-- A repasse has no health plan and no ANS registry (''); its number is the file's SHA-256, so the same file is
-- imported once. Who paid (name and CNPJ) is kept on every statement (a plan's, or the repasse's payer).
ALTER TABLE "tiss_statements" ALTER COLUMN "health_plan_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "tiss_statements" ADD COLUMN "payer_name" text;
--> statement-breakpoint
ALTER TABLE "tiss_statements" ADD COLUMN "payer_document" text;
--> statement-breakpoint
ALTER TABLE "tiss_statements" DROP CONSTRAINT "tiss_statements_kind";
--> statement-breakpoint
ALTER TABLE "tiss_statements" ADD CONSTRAINT "tiss_statements_kind" CHECK ("tiss_statements"."kind" in ('analise', 'pagamento', 'repasse'));
--> statement-breakpoint
ALTER TABLE "tiss_statements" ADD CONSTRAINT "tiss_statements_plan" CHECK (("tiss_statements"."kind" = 'repasse') = ("tiss_statements"."health_plan_id" is null));
--> statement-breakpoint
ALTER TABLE "tiss_statements" ADD CONSTRAINT "tiss_statements_payer_document" CHECK ("tiss_statements"."payer_document" is null or "tiss_statements"."payer_document" ~ '^[0-9]{14}$');
--> statement-breakpoint
UPDATE "tiss_statements" AS s SET "payer_name" = p."fantasy_name" FROM "health_plans" AS p WHERE p."id" = s."health_plan_id";
