-- Issue 41 (flat cost). The status list's page read straight from an index in its default order (schedule, status
-- change, id) that holds only the cases the list asks for, so choosing a page no longer walks past an office's
-- concluded history (at 20,000 cases it filtered out 9,562 entries per page). The open cases (the seven active stages:
-- the list as the app opens it) and the cases not concluded (the list without a stage filter). The predicates are
-- written the same way in the list's WHERE (surgery-response.ts, LIST_INDEXES), so even a generic plan can use them.
CREATE INDEX "surgeries_open_list_idx" ON "surgeries" USING btree ("medic_id","schedule","status_changed_at" DESC,"id") WHERE "surgeries"."status" in ('ind_paciente', 'prep_doc', 'env_doc', 'autorizacao', 'agendamento', 'realizacao', 'pagamento');
--> statement-breakpoint
CREATE INDEX "surgeries_unconcluded_list_idx" ON "surgeries" USING btree ("medic_id","schedule","status_changed_at" DESC,"id") WHERE "surgeries"."status" <> 'concluido';
--> statement-breakpoint
-- The patients' list and search in their order (the normalised name byte-wise, then id: patient-service.ts), so a
-- page is read from the index and stops at its 50th match instead of sorting every patient of the office.
CREATE INDEX "patients_medic_search_order_idx" ON "patients" USING btree ("medic_id",("search_text" collate "C"),"id");
