-- Issue 41 goal 3: the patient search reads the page's ids from the name-order index alone. The index carries the
-- plain search text and the CPF (what a search by name or by CPF digits filters on), so the filter is applied to the
-- index's entries in an index-only scan instead of fetching each patient's row to test it (2,612 row fetches for a
-- page of "silva" at 100,000 patients); the page's 50 rows are then read by id. The count reads the index too.
DROP INDEX IF EXISTS "patients_medic_search_order_idx";
--> statement-breakpoint
CREATE INDEX "patients_medic_search_order_idx" ON "patients" USING btree ("medic_id",("search_text" collate "C"),"id")
  INCLUDE ("search_text", "cpf");
