/**
 * Holds a request schema of machines/ to its place in openapi/openapi.yaml: the same fields, the same required ones,
 * the same JSON types and the same enums. A body is compared with its requestBody's schema (the first content type);
 * a query with the operation's query parameters, by name, required and enum only (a query string is always text on
 * the wire, which the schema parses). A multipart body is compared like a query: its text parts are text on the
 * wire, and its file parts (`format: binary`) are read by their content, not by the schema.
 */
import type { Type } from 'arktype';
import { loadContract } from './contract';

// JSON Schema documents walked by key: any node may be any shape, checked where read.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/** The JSON types a JSON-schema node admits ('integer' counts as a number type of its own). */
function jsonTypes(node: Json | undefined): Set<string> {
  if (!node) return new Set();
  if (node.const !== undefined) return new Set([node.const === null ? 'null' : typeof node.const]);
  if (Array.isArray(node.enum)) return new Set(node.enum.map((v: unknown) => (v === null ? 'null' : typeof v)));
  const branches = node.anyOf ?? node.oneOf;
  if (Array.isArray(branches)) return new Set(branches.flatMap((branch: Json) => [...jsonTypes(branch)]));
  const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
  // An integer is a number to a JSON type check; `format: binary` is a file part.
  return new Set(types.map((t: string) => (t === 'integer' ? 'number' : t)));
}

/** The fixed values a node admits, or null when it admits any value of its types. */
function enumValues(node: Json | undefined): Set<unknown> | null {
  if (!node) return null;
  if (node.const !== undefined) return new Set([node.const]);
  if (Array.isArray(node.enum)) return new Set(node.enum);
  const branches = node.anyOf ?? node.oneOf;
  if (!Array.isArray(branches)) return null;
  const values = new Set<unknown>();
  for (const branch of branches as Json[]) {
    if (branch.type === 'null') continue;
    const inner = enumValues(branch);
    if (!inner) return null;
    inner.forEach((value) => values.add(value));
  }
  return values;
}

const sorted = (values: Iterable<unknown>) => [...values].map(String).sort();

/** The schema's input side as JSON Schema (morphs and narrows have no JSON Schema: their input is kept). */
export function inputJsonSchema(schema: Type): Json {
  return schema.in.toJsonSchema({ fallback: (ctx: { base: Json }) => ctx.base }) as Json;
}

function objectOf(node: Json): Json {
  // A narrowed or unioned root still describes one object.
  if (node.type === 'object') return node;
  if (Array.isArray(node.anyOf) && node.anyOf.every((branch: Json) => branch.type === 'object')) return mergedAlternatives(node.anyOf);
  const branches = (node.allOf ?? node.anyOf ?? []) as Json[];
  return branches.find((branch) => branch.type === 'object') ?? node;
}

/**
 * Alternative objects (the contract's `anyOf`, e.g. SettingsUpdate: the names, or the nickname) as the one object a
 * schema checks them with: every field any alternative has, required when every alternative requires it.
 */
function mergedAlternatives(alternatives: Json[]): Json {
  const properties = Object.assign({}, ...alternatives.map((branch) => branch.properties ?? {}));
  const required = Object.keys(properties).filter((name) => alternatives.every((branch) => (branch.required ?? []).includes(name)));
  return { type: 'object', properties, required };
}

/** The differences between a body schema and the requestBody of `operationId` (empty when they agree). */
export function bodyDifferences(operationId: string, schema: Type): string[] {
  const operation = findOperation(operationId);
  const content = operation.requestBody?.content as Json | undefined;
  if (!content) return [`${operationId} has no requestBody`];
  const [contentType, media] = Object.entries(content)[0] as [string, Json];
  const multipart = contentType === 'multipart/form-data';
  const contract = objectOf(media.schema as Json);
  const ours = objectOf(inputJsonSchema(schema));
  const problems: string[] = [];
  const theirProps = Object.fromEntries(
    Object.entries((contract.properties ?? {}) as Json).filter(([, node]) => !(multipart && node.format === 'binary')),
  ) as Json;
  const ourProps = (ours.properties ?? {}) as Json;
  const outputProps = multipart ? outputProperties(schema) : {};
  const names = sorted(Object.keys(theirProps));
  if (JSON.stringify(names) !== JSON.stringify(sorted(Object.keys(ourProps)))) {
    problems.push(`fields: contract ${names.join(',')} / schema ${sorted(Object.keys(ourProps)).join(',')}`);
  }
  const theirRequired = sorted(contract.required ?? []);
  const ourRequired = sorted(ours.required ?? []);
  if (JSON.stringify(theirRequired) !== JSON.stringify(ourRequired)) {
    problems.push(`required: contract ${theirRequired.join(',')} / schema ${ourRequired.join(',')}`);
  }
  for (const name of names) {
    if (!ourProps[name]) continue;
    const theirs = theirProps[name] as Json;
    const mine = ourProps[name] as Json;
    const [a, b] = [sorted(jsonTypes(theirs)), sorted(jsonTypes(mine))];
    if (!multipart && JSON.stringify(a) !== JSON.stringify(b)) problems.push(`${name} types: contract ${a.join('|')} / schema ${b.join('|')}`);
    // A text part's enum, like a query parameter's, is what the schema outputs once it read the text.
    const [ea, eb] = [enumValues(theirs), enumValues(multipart ? outputProps[name] : mine)];
    if (ea && (!eb || JSON.stringify(sorted(ea)) !== JSON.stringify(sorted(eb)))) {
      problems.push(`${name} enum: contract ${sorted(ea).join(',')} / schema ${eb ? sorted(eb).join(',') : 'any'}`);
    }
  }
  return problems;
}

/** The JSON Schema of what each field of `schema` outputs (a transform's result when it is checked by a type). */
function outputProperties(schema: Type): Json {
  return (objectOf(schema.out.toJsonSchema({ fallback: (ctx: { base: Json }) => ctx.base }) as Json).properties ?? {}) as Json;
}

/**
 * The differences between a query schema and the query parameters of `operationId`. A parameter's value is text on
 * the wire, so its enum is compared with what the schema outputs (its text checked against the list).
 */
export function queryDifferences(operationId: string, schema: Type): string[] {
  const operation = findOperation(operationId);
  const params = ((operation.parameters ?? []) as Json[]).filter((p) => p.in === 'query');
  const ours = objectOf(inputJsonSchema(schema));
  const ourProps = (ours.properties ?? {}) as Json;
  const outputs = outputProperties(schema);
  const problems: string[] = [];
  const names = sorted(params.map((p) => p.name));
  if (JSON.stringify(names) !== JSON.stringify(sorted(Object.keys(ourProps)))) {
    problems.push(`parameters: contract ${names.join(',')} / schema ${sorted(Object.keys(ourProps)).join(',')}`);
  }
  const theirRequired = sorted(params.filter((p) => p.required).map((p) => p.name));
  const ourRequired = sorted(ours.required ?? []);
  if (JSON.stringify(theirRequired) !== JSON.stringify(ourRequired)) {
    problems.push(`required: contract ${theirRequired.join(',')} / schema ${ourRequired.join(',')}`);
  }
  for (const param of params) {
    const theirs = enumValues(param.schema as Json);
    const mine = enumValues(outputs[param.name] as Json | undefined);
    if (theirs && (!mine || JSON.stringify(sorted(theirs)) !== JSON.stringify(sorted(mine)))) {
      problems.push(`${param.name} enum: contract ${sorted(theirs).join(',')} / schema ${mine ? sorted(mine).join(',') : 'any'}`);
    }
  }
  return problems;
}

/** Every operation that takes a request body or query parameters, by operationId. */
export function operationsWithInput(): { operationId: string; body: boolean; query: boolean }[] {
  const { document } = loadContract();
  const found: { operationId: string; body: boolean; query: boolean }[] = [];
  for (const item of Object.values(document.paths as Json)) {
    for (const operation of Object.values(item as Json)) {
      if (!operation || typeof operation !== 'object' || !(operation as Json).operationId) continue;
      const op = operation as Json;
      const shared = ((item as Json).parameters ?? []) as Json[];
      const query = [...shared, ...((op.parameters ?? []) as Json[])].some((p) => p.in === 'query');
      const body = Boolean(op.requestBody);
      if (body || query) found.push({ operationId: op.operationId, body, query });
    }
  }
  return found;
}

function findOperation(operationId: string): Json {
  const { document } = loadContract();
  for (const item of Object.values(document.paths as Json)) {
    for (const operation of Object.values(item as Json)) {
      if ((operation as Json)?.operationId === operationId) {
        const shared = ((item as Json).parameters ?? []) as Json[];
        return { ...(operation as Json), parameters: [...shared, ...(((operation as Json).parameters ?? []) as Json[])] };
      }
    }
  }
  throw new Error(`no operation ${operationId} in openapi.yaml`);
}
