import { normalizeSearchText } from '../services/search-text';

/**
 * One procedure catalogue from the two the product ships (docs/first-week/clinical.md): TUSS (the codes health plans
 * bill by) and SIGTAP (SUS) name many procedures alike, 'Tireoidectomia total' and 'TIREOIDECTOMIA TOTAL', which a
 * surgeon sees as one procedure. A SIGTAP procedure whose name matches a TUSS one (case, accents and spacing aside)
 * is not a row of its own: the TUSS row stands for both, keeps the SIGTAP code in its search text (a search by either
 * code or by the name finds it) and takes the SIGTAP sub-group it lacks. SIGTAP procedures with no TUSS twin stay as
 * they are. Pure: seed.ts writes the rows.
 */

export type CatalogueRow = {
  code: string;
  description: string;
  table: 'tuss' | 'sigtap';
  groupName: string | null;
  searchText: string;
};

/**
 * A catalogue's description as the product shows it: the stray '#' some TUSS rows carry ('… plastia # - procedimento
 * videoartroscópico de joelho') dropped, with the spaces around it, to one space. Migration
 * 0012_clean_tuss_descriptions cleans the rows of databases seeded before the same way.
 */
export function cleanProcedureDescription(description: string): string {
  return description.replace(/\s*#\s*/g, ' ').replace(/\s{2,}/g, ' ').trim();
}

/** The name a procedure is matched by across catalogues: lower case, no accents, single spaces. */
const procedureNameKey = (description: string): string => normalizeSearchText(description);

/** The TUSS rows (each carrying its SIGTAP twins' codes) and the SIGTAP rows without a TUSS twin. */
export function mergeProcedureCatalogues(tuss: readonly CatalogueRow[], sigtap: readonly CatalogueRow[]): CatalogueRow[] {
  const byName = new Map<string, { row: CatalogueRow; twins: CatalogueRow[] }>();
  for (const row of tuss) {
    const key = procedureNameKey(row.description);
    if (!byName.has(key)) byName.set(key, { row, twins: [] });
  }
  const sigtapOnly: CatalogueRow[] = [];
  for (const row of sigtap) {
    const twin = byName.get(procedureNameKey(row.description));
    if (twin) twin.twins.push(row);
    else sigtapOnly.push(row);
  }
  const merged = tuss.map((row) => {
    const entry = byName.get(procedureNameKey(row.description));
    if (!entry || entry.row !== row || entry.twins.length === 0) return row;
    const twinCodes = entry.twins.map((twin) => twin.code);
    return {
      ...row,
      groupName: row.groupName ?? entry.twins[0]!.groupName,
      searchText: normalizeSearchText(row.code, row.description, ...twinCodes),
    };
  });
  return [...merged, ...sigtapOnly];
}
