/**
 * The request schemas of machines/ (arktype's), loaded when a request first needs them (issue 41, goal 5: reopen).
 *
 * Loading arktype and building every schema took ~0.3 s of CPU at each start, before the first answer; the routes
 * now name their schemas as `(s) => s.createSurgerySchema` and `validated` (./validation.ts) loads the catalogue on
 * a request's first check. After the server's first answer, server/serve.ts loads it in the background, so the first
 * request that validates rarely waits for it. Nothing in the start's static imports may reach arktype: a server
 * module takes messages and plain rules from machines/' modules without arktype (…Messages.ts, constants.ts), and
 * tests/unit/server/lazy-schemas.test.ts checks the bundle's graph.
 */
export type Schemas = typeof import('./schema-catalogue');

let loading: Promise<Schemas> | null = null;

/**
 * The catalogue, imported once (later calls share the first import). arktype's configuration (jitless,
 * server/arktype-config.ts) is applied first, in a module of its own: it must hold before arktype itself evaluates.
 */
export function loadSchemas(): Promise<Schemas> {
  loading ??= import('../arktype-config').then(() => import('./schema-catalogue'));
  return loading;
}
