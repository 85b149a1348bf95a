import { asc, eq, sql } from 'drizzle-orm';
import { glosaReasonLabel } from '../../../machines/tiss/guideRules';
import type { Database, Executor } from '../../db/client';
import { glosaReasons } from '../../db/schema/index';
import { matchesAllTerms, searchTerms, startsWith } from '../lookups/search-filter';

const GLOSA_REASON_LIMIT = 50;


/** Whether `code` is a TISS glosa reason of the shipped table. */
export async function glosaReasonExists(db: Executor, code: string): Promise<boolean> {
  const [row] = await db.select({ code: glosaReasons.code }).from(glosaReasons).where(eq(glosaReasons.code, code));
  return row !== undefined;
}

/**
 * The TISS glosa reasons (issue 37; openapi listGlosaReasons): by code or words of the description, accent- and
 * case-insensitive, codes starting with the search first, at most 50.
 */
export function createGlosaReasonService({ db }: { db: Database }) {
  return {
    async search(search: string) {
      const terms = searchTerms(search);
      const rows = await db
        .select({ code: glosaReasons.code, group: glosaReasons.groupName, description: glosaReasons.description })
        .from(glosaReasons)
        .where(matchesAllTerms(glosaReasons.searchText, terms))
        .orderBy(sql`case when ${startsWith(glosaReasons.code, search.trim())} then 0 else 1 end`, asc(glosaReasons.code))
        .limit(GLOSA_REASON_LIMIT);
      return rows.map((row) => ({ ...row, label: glosaReasonLabel(row.code, row.description) }));
    },
  };
}
