import { type, type Type } from 'arktype';
import { VALIDATION_MESSAGES, type Problems } from './problemList';

export { addProblem, noProblems, VALIDATION_MESSAGES, type Problems } from './problemList';

declare global {
  interface ArkEnv {
    meta(): {
      /** A field's message when a required key is absent (arktype's own is English). */
      missing?: string;
      /** On a rejection: the message the `error` list shows instead of the field's own (a summary of several). */
      listed?: string;
    };
  }
}

export type ArkError = InstanceType<typeof type.errors>[number];

/** The message configured for an absent key of `schema` at `key`, if any. */
function missingMessage(schema: Type, key: string): string | undefined {
  // A root whose fields transform is itself a transform, which has no keys: its input side has them.
  for (const root of [schema, schema.in]) {
    try {
      const message = (root as unknown as { get(key: string): Type }).get(key).meta.missing;
      if (message) return message;
    } catch {
      // not an object type, or no such key
    }
  }
  // `.in` rebuilds a field whose own nodes transform (a list of objects with trimmed texts) without its meta: read
  // the prop from the root's structure as declared (a transforming root holds it on its input node).
  type Node = { kind?: string; inner?: { in?: Node }; structure?: { propsByKey?: Record<string, { value?: Type } | undefined> } };
  const internal = (schema as unknown as { internal?: Node }).internal;
  const declared = internal?.kind === 'morph' ? internal.inner?.in : internal;
  return declared?.structure?.propsByKey?.[key]?.value?.meta.missing;
}

/** Whether arktype wrote the message itself ('x must be … (was …)'), in English: no schema configured one. */
function isDefaultMessage(error: ArkError): boolean {
  return error.message === error.problem || error.message.endsWith(` ${error.problem}`);
}

function messageOf(schema: Type, error: ArkError): string {
  const [key] = error.path;
  if (typeof key === 'string' && error.code === 'predicate' && error.expected === 'removed') {
    return VALIDATION_MESSAGES.unknownField(key);
  }
  if (typeof key === 'string' && error.code === 'required') return missingMessage(schema, key) ?? VALIDATION_MESSAGES.invalidData;
  // A wrong JSON type says 'Dados inválidos.' unless the field configured its own message for it.
  if (isDefaultMessage(error)) return VALIDATION_MESSAGES.invalidData;
  return error.message;
}

/** Errors that say only that a value is not of a branch's type (a string where null was allowed, say). */
const TYPE_MISMATCH_CODES = new Set(['domain', 'unit', 'proto']);

/**
 * A value that fails every branch of a union (`text().or(null)`) comes as one 'union' error holding each branch's:
 * the branches the value is of the type of say what is wrong with it, so their errors stand for it (any other error
 * stands for itself). arktype's compiled checks pick that branch themselves (they discriminate by type); its jitless
 * checks, which the SPA runs under its Content-Security-Policy and the built server for a faster start, report the
 * union. Without this, a nickname too long would say 'Dados inválidos.' and a supplier's brand too long an English
 * sentence, instead of their own messages. Forms read it through src/components/form/stepResolver.ts.
 */
export function inTheValuesBranch(error: ArkError): ArkError[] {
  if (error.code !== 'union') return [error];
  const branches = (error as ArkError & { errors?: readonly ArkError[] }).errors ?? [];
  const ofItsType = branches.filter((branch) => !TYPE_MISMATCH_CODES.has(branch.code));
  return ofItsType.length > 0 && ofItsType.length < branches.length ? ofItsType.flatMap(inTheValuesBranch) : [error];
}

/** The errors to report for `error`: a union's as above, and each of an 'intersection' (several at one path). */
function reportedErrors(error: ArkError): ArkError[] {
  return inTheValuesBranch(error).flatMap((each) => {
    const parts = each.flat;
    return parts.length === 1 && parts[0] === each ? [each] : parts.flatMap(reportedErrors);
  });
}

/** Maps arktype's errors onto SPEC §8's shape (see `Problems`). An unknown key is listed without a field error. */
function problemsOf(schema: Type, errors: Iterable<ArkError>): Problems {
  const problems: Problems = { error: [], fields: {} };
  for (const error of [...errors].flatMap(reportedErrors)) {
    const message = messageOf(schema, error);
    const [key] = error.path;
    const unknownKey = error.code === 'predicate' && error.expected === 'removed';
    if (typeof key === 'string' && !unknownKey) {
      const list = (problems.fields[key] ??= []);
      if (!list.includes(message)) list.push(message);
    }
    const listed = error.meta?.listed ?? message;
    if (!problems.error.includes(listed)) problems.error.push(listed);
  }
  return problems;
}

type Checked<T> = { ok: true; value: T } | { ok: false; problems: Problems };

/** Runs `schema` over `input`: its output, or the problems in SPEC §8's shape. */
export function check<S extends Type>(schema: S, input: unknown): Checked<S['infer']> {
  // A JSON array is an object to arktype; no body or form of this product is one.
  if (Array.isArray(input)) return { ok: false, problems: { error: [VALIDATION_MESSAGES.invalidData], fields: {} } };
  const out = schema(input);
  if (out instanceof type.errors) return { ok: false, problems: problemsOf(schema, out) };
  return { ok: true, value: out as S['infer'] };
}

/** The problems of `input` only (none when it is valid): for rules that report, such as a wizard's step guard. */
export function problemsIn(schema: Type, input: unknown): Problems | null {
  const result = check(schema, input);
  return result.ok ? null : result.problems;
}

