/**
 * The plain side of machines/validation/problems.ts (no arktype): SPEC §8's Problems, the shared messages and the
 * helpers that add to them. The server's services report with these without loading arktype at start (issue 41,
 * goal 5); problems.ts re-exports them for everyone else.
 */

/**
 * What a request body or a form fails with, in SPEC §8's 400 shape: every message in `error` (each once, in the
 * order found) and each field's own messages beside it. The server answers `{ error, ...fields }`; a form marks each
 * field with its first message. Every schema of machines/ reports through `problemsOf`, so the API and the forms
 * word the same mistake the same way.
 */
export type Problems = { error: string[]; fields: Record<string, string[]> };

export const VALIDATION_MESSAGES = {
  /** Not an object, or a value of the wrong JSON type that no field message covers. */
  invalidData: 'Dados inválidos.',
  /** How long an unknown key may be when echoed in a message. */
  unknownField: (name: string) => `Campo não reconhecido: ${name.slice(0, 40)}.`,
} as const;

/** An empty Problems, for checks made after a schema passed (those that need the database). */
export function noProblems(): Problems {
  return { error: [], fields: {} };
}

/** Adds `message` on `field` (null: the body as a whole) and to the `error` list, each once. */
export function addProblem(problems: Problems, field: string | null, message: string): void {
  if (field !== null) {
    const list = (problems.fields[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  if (!problems.error.includes(message)) problems.error.push(message);
}
