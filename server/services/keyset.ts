import { and, or, sql, type SQL } from 'drizzle-orm';

/**
 * Keyset paging (issue 14, the streamed exports): a list's ORDER BY written as sort keys, so the same keys give both
 * the ORDER BY and the condition "after this row" (the next page starts after the last row of the one before, instead
 * of counting an OFFSET). A key's value travels as a parameter (the row's key read as text by `keyValuesSql`, so a
 * timestamp keeps its microseconds).
 */
export type SortKey = {
  expr: SQL;
  desc?: boolean;
  /** The expression may be null; nulls sort last in both directions. */
  nullsLast?: boolean;
};

/** A row's key, one text (or null) per sort key, as `keyValuesSql` reads it. */
export type KeyValues = readonly (string | null)[];

/** The keys as an ORDER BY list. */
export function orderByOf(keys: readonly SortKey[]): SQL[] {
  return keys.map((key) => sql`${key.expr} ${sql.raw(key.desc ? 'desc' : 'asc')}${sql.raw(key.nullsLast ? ' nulls last' : '')}`);
}

/** The keys' values of a row, as a JSON array of texts (select it with the row; `keysetAfter` takes it back). */
export function keyValuesSql(keys: readonly SortKey[]): SQL<KeyValues> {
  return sql<KeyValues>`json_build_array(${sql.join(
    keys.map((key) => sql`(${key.expr})::text`),
    sql`, `,
  )})`;
}

/** Rows strictly after `value` on one key (null when nothing can be: a null sorts last). */
function afterOn(key: SortKey, value: string | null): SQL | null {
  if (value === null) return null;
  const beyond = key.desc ? sql`${key.expr} < ${value}` : sql`${key.expr} > ${value}`;
  return key.nullsLast ? sql`(${beyond} or ${key.expr} is null)` : beyond;
}

function equalOn(key: SortKey, value: string | null): SQL {
  return value === null ? sql`${key.expr} is null` : sql`${key.expr} = ${value}`;
}

/**
 * The rows that come after `values` in the keys' order: after on the first key, or equal on it and after on the
 * second, and so on. The last key must be unique (an id), so no row is equal on every key.
 */
export function keysetAfter(keys: readonly SortKey[], values: KeyValues): SQL {
  const branches: SQL[] = [];
  keys.forEach((key, index) => {
    const after = afterOn(key, values[index] ?? null);
    if (!after) return;
    const equal = keys.slice(0, index).map((previous, at) => equalOn(previous, values[at] ?? null));
    branches.push(equal.length > 0 ? and(...equal, after)! : after);
  });
  return branches.length > 0 ? (or(...branches) ?? sql`false`) : sql`false`;
}

/**
 * `rows` in the order of `ids`: a page whose ids were chosen in the page's order by one statement and whose rows were
 * read by id (`= any(ids)`, in no order) by another.
 */
export function inPageOrder<Row extends { id: number }>(ids: readonly number[], rows: readonly Row[]): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
