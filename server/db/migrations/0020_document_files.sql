-- Several files per document (issue 33 item 10, docs/PREOPERATIVE.md "Documents of a case"): a SPEC kind takes any
-- number of files (the two sides of an RG), and a named document of the checklist ('Risco cirúrgico') takes files
-- too. Each file is a row with its own id; exactly one of kind (a SPEC kind) and name (a named document) is set.
-- The rows already stored keep their kind and get an id.
ALTER TABLE "surgery_documents" DROP CONSTRAINT "surgery_documents_surgery_id_kind_pk";
--> statement-breakpoint
ALTER TABLE "surgery_documents" ADD COLUMN "id" integer GENERATED ALWAYS AS IDENTITY (sequence name "surgery_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);
--> statement-breakpoint
ALTER TABLE "surgery_documents" ADD CONSTRAINT "surgery_documents_pkey" PRIMARY KEY ("id");
--> statement-breakpoint
ALTER TABLE "surgery_documents" ALTER COLUMN "kind" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "surgery_documents" ADD COLUMN "name" text;
--> statement-breakpoint
ALTER TABLE "surgery_documents" ADD CONSTRAINT "surgery_documents_kind_or_name" CHECK (("kind" is null) <> ("name" is null));
--> statement-breakpoint
CREATE INDEX "surgery_documents_surgery_kind_idx" ON "surgery_documents" USING btree ("surgery_id","kind");
