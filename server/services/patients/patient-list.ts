import { and, asc, count, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { patients } from '../../db/schema/index';
import { medicScopeCondition } from '../access/scope';
import { inPageOrder } from '../keyset';
import type { AuthUser } from '../../plugins/authenticate';
import { byteOrder, containsPattern, digitsOnly, likePattern, searchTerms } from '../lookups/search-filter';
import { selectPatients, type PatientView } from './patient-response';

type Viewer = Pick<AuthUser, 'id' | 'type'>;
export type PatientPage = { search: string; limit: number; offset: number };

/**
 * What a patient search filters on (openapi listPatients): a text of digits and a mask's punctuation, the CPF's digits;
 * anything else, every word of the name (the normalised `search_text`), in any order. No pattern: no filter.
 */
export function searchPatterns(search: string): { column: 'cpf' | 'name'; patterns: string[] } {
  const digits = digitsOnly(search);
  if (digits) return { column: 'cpf', patterns: [containsPattern(digits)] };
  return { column: 'name', patterns: searchTerms(search).map(containsPattern) };
}

/** `column LIKE pattern` for each pattern (a value or a prepared statement's placeholder), all of them. */
export function matchesAll(column: 'cpf' | 'name', patterns: ReadonlyArray<string | Placeholder>): SQL | undefined {
  const searched = column === 'cpf' ? patients.cpf : patients.searchText;
  return and(...patterns.map((pattern) => likePattern(searched, pattern)));
}

/**
 * The patients' list and search (openapi listPatients) as named prepared statements: the page's ids from the
 * name-order index (migration 0029), the count, and the page's rows by id. Drizzle built the three statements' text
 * on every request, about 0.4 ms of Node CPU: as much as the rest of a search (issue 41, goal 1). Their text depends
 * on the viewer's role and on the search's shape (none, the CPF's digits, or how many words), so one set is prepared
 * per shape, named after it, and kept; the user, the words' LIKE patterns and the page travel as parameters. The
 * viewer's scope is in the statements (a secretary's linked medics as a subquery), so a secretary's list needs no
 * round trip for them.
 */
export function createPatientList(db: Database) {
  const rowsByIds = selectPatients(db)
    .where(sql`${patients.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('patient_rows_by_ids');
  type Shape = ReturnType<typeof prepareShape>;
  const shapes = new Map<string, Shape>();

  function prepareShape(key: string, role: Viewer['type'], column: 'cpf' | 'name', patterns: number) {
    const scope = medicScopeCondition(db, patients.medicId, role, sql.placeholder('userId'));
    const where = and(scope, matchesAll(column, Array.from({ length: patterns }, (_, i) => sql.placeholder(`pattern${i}`))));
    const name = `patient_list_${key.replaceAll(':', '_')}`;
    return {
      pageIds: db
        .select({ id: patients.id })
        .from(patients)
        .where(where)
        .orderBy(byteOrder(patients.searchText), asc(patients.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`${name}_page`),
      count: db.select({ n: count() }).from(patients).where(where).prepare(`${name}_count`),
    };
  }

  /** A page of the viewer's patients ordered by name (the rows, in order) and how many match in all. */
  return async (viewer: Viewer, page: PatientPage): Promise<{ rows: PatientView[]; count: number }> => {
    const { column, patterns } = searchPatterns(page.search);
    const key = [viewer.type, column, patterns.length].join(':');
    let shape = shapes.get(key);
    if (!shape) {
      shape = prepareShape(key, viewer.type, column, patterns.length);
      shapes.set(key, shape);
    }
    const values: Record<string, unknown> = { userId: viewer.id, limit: page.limit, offset: page.offset };
    patterns.forEach((pattern, i) => (values[`pattern${i}`] = pattern));
    const [pageIds, [total]] = await Promise.all([shape.pageIds.execute(values), shape.count.execute(values)]);
    const ids = pageIds.map((row) => row.id);
    const rows = ids.length === 0 ? [] : inPageOrder(ids, await rowsByIds.execute({ ids }));
    return { rows, count: Number(total?.n ?? 0) };
  };
}
