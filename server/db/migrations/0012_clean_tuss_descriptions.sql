-- The TUSS table marks some videoarthroscopic procedures with a stray '#' ("... plastia # - procedimento
-- videoartroscópico de joelho"). The seed now drops it (server/db/seed.ts, cleanProcedureDescription); this cleans the
-- rows databases seeded before, description and search text alike, the same way: the '#' and the spaces around it
-- become one space.
UPDATE "procedures"
SET "description" = btrim(regexp_replace(regexp_replace("description", '\s*#\s*', ' ', 'g'), '\s{2,}', ' ', 'g')),
    "search_text" = btrim(regexp_replace(regexp_replace("search_text", '\s*#\s*', ' ', 'g'), '\s{2,}', ' ', 'g'))
WHERE "description" LIKE '%#%';
