-- Issue 11, item 9: one entry per procedure on a database seeded before the catalogues were merged (the seed merges
-- them on a new one: server/db/procedure-catalogue.ts). A SIGTAP procedure named like a TUSS one (case, accents and
-- spacing aside: the seeded search_text after the code) becomes that TUSS row: the cases that list it list the TUSS
-- row (once), the TUSS row keeps the SIGTAP code in its search text and takes the SIGTAP sub-group, and the SIGTAP row
-- goes. No schema change.
UPDATE "surgery_procedures" AS link SET "procedure_id" = tuss."id"
FROM "procedures" AS sigtap, "procedures" AS tuss
WHERE link."procedure_id" = sigtap."id"
	AND sigtap."table" = 'sigtap' AND tuss."table" = 'tuss'
	AND substr(tuss."search_text", length(tuss."code") + 2) = substr(sigtap."search_text", length(sigtap."code") + 2)
	AND NOT EXISTS (
		SELECT 1 FROM "surgery_procedures" AS other WHERE other."surgery_id" = link."surgery_id" AND other."procedure_id" = tuss."id"
	);
--> statement-breakpoint
DELETE FROM "surgery_procedures" AS link
USING "procedures" AS sigtap, "procedures" AS tuss
WHERE link."procedure_id" = sigtap."id"
	AND sigtap."table" = 'sigtap' AND tuss."table" = 'tuss'
	AND substr(tuss."search_text", length(tuss."code") + 2) = substr(sigtap."search_text", length(sigtap."code") + 2);
--> statement-breakpoint
WITH twins AS (
	SELECT sigtap."id" AS sigtap_id, sigtap."code" AS sigtap_code, sigtap."group_name" AS sigtap_group, tuss."id" AS tuss_id
	FROM "procedures" AS sigtap, "procedures" AS tuss
	WHERE sigtap."table" = 'sigtap' AND tuss."table" = 'tuss'
		AND substr(tuss."search_text", length(tuss."code") + 2) = substr(sigtap."search_text", length(sigtap."code") + 2)
),
gone AS (
	DELETE FROM "procedures" AS merged USING twins WHERE merged."id" = twins.sigtap_id RETURNING merged."id"
)
UPDATE "procedures" AS kept
SET "search_text" = kept."search_text" || ' ' || twins.sigtap_code,
	"group_name" = coalesce(kept."group_name", twins.sigtap_group)
FROM twins
WHERE kept."id" = twins.tuss_id;
