/**
 * An error as the log may show it: never a query's parameters, a row's values or a text the user sent (they may
 * hold a CPF, a name, a phone or an e-mail), whatever the error (issue 11, item 14).
 *
 * - A database error anywhere in the cause chain (Drizzle's DrizzleQueryError, whose message is
 *   "Failed query: <sql>\nparams: <values>", node-postgres' DatabaseError, PGlite's error): its SQLSTATE code, the
 *   constraint/table/column/routine names, and the driver's message with every quoted part blanked (PostgreSQL
 *   quotes values there: `invalid input syntax for type integer: "…"`, `value "…" is out of range`). The failed
 *   query text and its parameters are dropped.
 * - Any other error: its name, code and message (the first line only: a multi-line message may carry data).
 * - The stack: only its `at …` frames (the first stack lines repeat the message).
 */
type LoggedError = {
  name: string;
  code?: unknown;
  message: string;
  stack?: string;
  sql?: { constraint?: string; table?: string; column?: string; routine?: string };
};

const MAX_CAUSES = 5;

function hasSqlState(error: object): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/**
 * A database error: Drizzle's wrapper (by its query + params, its class or its "Failed query:" message) or a driver
 * error carrying a SQLSTATE (node-postgres' DatabaseError, PGlite's error).
 */
function isDatabaseError(error: object): boolean {
  const record = error as Record<string, unknown>;
  if ('params' in record && 'query' in record) return true;
  if (record.name === 'DrizzleQueryError' || error.constructor?.name === 'DrizzleQueryError') return true;
  if (typeof record.message === 'string' && record.message.startsWith('Failed query:')) return true;
  return hasSqlState(error);
}

function blankQuoted(message: string): string {
  return message
    .split('\n')[0]!
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/'(?:[^'\\]|\\.)*'/g, "'…'")
    .slice(0, 300);
}

function stackFrames(error: Error): string | undefined {
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length > 0 ? frames.slice(0, 11).join('\n') : undefined;
}

function chainOf(error: Error): object[] {
  const chain: object[] = [error];
  let current: unknown = (error as { cause?: unknown }).cause;
  while (chain.length < MAX_CAUSES && current !== null && typeof current === 'object') {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value.slice(0, 120) : undefined);

export function describeError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { name: typeof error, message: '' };
  const name = error.constructor?.name && error.constructor.name !== 'Error' ? error.constructor.name : error.name;
  const chain = chainOf(error);
  if (chain.some(isDatabaseError)) {
    // The innermost error with a SQLSTATE holds the names (the wrapper only the query and its values).
    const driver = [...chain].reverse().find((item) => hasSqlState(item)) as
      | Record<string, unknown>
      | undefined;
    const sqlDetails = {
      constraint: text(driver?.constraint),
      table: text(driver?.table),
      column: text(driver?.column),
      routine: text(driver?.routine),
    };
    return {
      name,
      code: driver?.code,
      message: driver && typeof driver.message === 'string' ? blankQuoted(driver.message) : 'database error',
      stack: stackFrames(error),
      sql: sqlDetails,
    };
  }
  const code = (error as { code?: unknown }).code;
  return {
    name,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    // A safety net for wrappers this module does not know: nothing after a "params:" label.
    message: error.message.split('\n')[0]!.replace(/\bparams?:.*$/i, 'params: [omitidos]').slice(0, 300),
    stack: stackFrames(error),
  };
}
