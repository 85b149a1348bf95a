-- Issue 38 item 5 (the income, for the accountant; docs/LEDGER.md "Relatório para o contador"): who paid each receipt
-- and what the payer withheld at source.
--
-- amount_cents stays the gross (what settles the fee: no ledger or dashboard figure changes). The withholdings are
-- integer centavos, each ≥ 0, their sum ≤ the gross; the net deposited is gross − withholdings, computed where it is
-- read (never stored). payer_document is the company's CNPJ as typed (14 digits) when its registration is not known
-- (a plan's, a cooperative's); a patient's CPF and a hospital's registered CNPJ are read from their records, not
-- copied here. payer_name is the company's name as typed, if any.
ALTER TABLE "surgery_receipts" ADD COLUMN "payer_document" text;
--> statement-breakpoint
ALTER TABLE "surgery_receipts" ADD COLUMN "payer_name" text;
--> statement-breakpoint
ALTER TABLE "surgery_receipts" ADD COLUMN "irrf_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "surgery_receipts" ADD COLUMN "iss_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "surgery_receipts" ADD COLUMN "pis_cofins_csll_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "surgery_receipts" ADD CONSTRAINT "surgery_receipts_payer_document" CHECK ("surgery_receipts"."payer_document" is null or "surgery_receipts"."payer_document" ~ '^[0-9]{14}$');
--> statement-breakpoint
ALTER TABLE "surgery_receipts" ADD CONSTRAINT "surgery_receipts_withholdings" CHECK ("surgery_receipts"."irrf_cents" >= 0 and "surgery_receipts"."iss_cents" >= 0 and "surgery_receipts"."pis_cofins_csll_cents" >= 0 and "surgery_receipts"."irrf_cents" + "surgery_receipts"."iss_cents" + "surgery_receipts"."pis_cofins_csll_cents" <= "surgery_receipts"."amount_cents");
