/**
 * The contract checker used by the API tests: every response the server sends in a test can be checked
 * against openapi/openapi.yaml (path, method, status code, content type and, for JSON, the body's schema).
 *
 *   const res = await app.inject({ method: 'GET', url: '/project_auth/profile/', headers });
 *   expect(validateInjected('GET', '/project_auth/profile/', res)).toEqual([]);
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import Ajv2020Import from 'ajv/dist/2020';
import addFormatsImport from 'ajv-formats';
import type { ValidateFunction, ErrorObject } from 'ajv';

const CONTRACT_URL = new URL('../../openapi/openapi.yaml', import.meta.url);

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/* CommonJS interop: depending on the loader the default export may sit one level down. */
type AjvClass = typeof Ajv2020Import;
const Ajv2020: AjvClass =
  (Ajv2020Import as unknown as { default?: AjvClass }).default ?? Ajv2020Import;
const addFormats: typeof addFormatsImport =
  (addFormatsImport as unknown as { default?: typeof addFormatsImport }).default ?? addFormatsImport;

type Json = Record<string, unknown>;

export interface ContractOperation {
  /** Upper case, as Fastify reports it: 'GET', 'POST', ... */
  method: string;
  /** The OpenAPI path template, e.g. '/surgery/api/v1/surgery/{id}/'. */
  path: string;
  operationId: string;
}

export interface MatchedOperation extends ContractOperation {
  /** The dereferenced operation object. */
  operation: Json;
  /** Path parameters taken from the URL (raw strings, URI-decoded). */
  params: Record<string, string>;
}

export interface Contract {
  /** The document exactly as parsed from the YAML (with its $refs). */
  raw: Json;
  /** The same document with every local $ref replaced by its target. */
  document: Json;
  operations: ContractOperation[];
}

export interface ResponseToCheck {
  method: string;
  /** The requested URL; a query string, a hash or an origin are ignored. */
  url: string;
  statusCode: number;
  /** The Content-Type header as received (light-my-request may give string | string[] | number). */
  contentType?: string | string[] | number | null;
  /** The body: a string (parsed as JSON for JSON responses), an already parsed value, a Buffer, or nothing. */
  body?: unknown;
}

interface CompiledPath {
  template: string;
  regex: RegExp;
  paramNames: string[];
  literalLength: number;
}

interface LoadedContract extends Contract {
  ajv: InstanceType<AjvClass>;
  paths: CompiledPath[];
  validators: Map<object, ValidateFunction>;
}

let cached: LoadedContract | undefined;

/** Parses openapi/openapi.yaml once, dereferences it and prepares the validators. */
export function loadContract(): Contract {
  if (cached) return cached;
  const raw = parse(readFileSync(CONTRACT_URL, 'utf8')) as Json;
  const document = dereference(raw);
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  // OpenAPI-only formats that JSON Schema does not define.
  for (const name of ['binary', 'byte']) {
    if (!ajv.formats[name]) ajv.addFormat(name, true);
  }
  const pathsObject = (document.paths ?? {}) as Record<string, Json>;
  const operations: ContractOperation[] = [];
  for (const [path, item] of Object.entries(pathsObject)) {
    for (const method of HTTP_METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      operations.push({ method: method.toUpperCase(), path, operationId: String(op.operationId ?? '') });
    }
  }
  const paths = Object.keys(pathsObject).map(compilePath);
  cached = { raw, document, operations, ajv, paths, validators: new Map() };
  return cached;
}

/** Every operation of the contract: method (upper case), path template and operationId. */
export function listOperations(): ContractOperation[] {
  return loadContract().operations.map((op) => ({ ...op }));
}

/** '/surgery/api/v1/surgery/{id}/' → '/surgery/api/v1/surgery/:id/' (Fastify's route syntax). */
export function toFastifyPath(path: string): string {
  return path.replace(/\{([^}/]+)\}/g, ':$1');
}

/** Finds the operation a request hits, or null when no path/method of the contract matches. */
export function findOperation(method: string, url: string): MatchedOperation | null {
  const contract = loadContract() as LoadedContract;
  const match = matchPath(contract, url);
  if (!match) return null;
  const item = (contract.document.paths as Record<string, Json>)[match.template] as Json;
  const operation = item[method.toLowerCase()] as Json | undefined;
  if (!operation) return null;
  return {
    method: method.toUpperCase(),
    path: match.template,
    operationId: String(operation.operationId ?? ''),
    operation,
    params: match.params,
  };
}

/**
 * Checks one response against the contract. Returns readable error strings; an empty list means it conforms.
 * An undocumented path, method or status code is itself an error. JSON bodies are validated against the
 * documented schema; other bodies only have their content type checked.
 */
export function validateResponse(response: ResponseToCheck): string[] {
  const contract = loadContract() as LoadedContract;
  const method = response.method.toUpperCase();
  const pathname = toPathname(response.url);
  const where = `${method} ${pathname} → ${response.statusCode}`;

  const match = matchPath(contract, response.url);
  if (!match) return [`${where}: no path of the contract matches ${pathname}`];
  const item = (contract.document.paths as Record<string, Json>)[match.template] as Json;
  const operation = item[method.toLowerCase()] as Json | undefined;
  if (!operation) {
    const documented = HTTP_METHODS.filter((m) => item[m]).map((m) => m.toUpperCase());
    return [`${where}: ${method} is not documented for ${match.template} (documented: ${documented.join(', ')})`];
  }
  const operationId = String(operation.operationId ?? `${method} ${match.template}`);
  const prefix = `${operationId} (${where})`;

  const responses = (operation.responses ?? {}) as Record<string, Json>;
  const status = String(response.statusCode);
  const documentedResponse =
    responses[status] ?? responses[`${status[0]}XX`] ?? responses[`${status[0]}xx`] ?? responses.default;
  if (!documentedResponse) {
    return [`${prefix}: status ${status} is not documented (documented: ${Object.keys(responses).join(', ')})`];
  }

  const content = documentedResponse.content as Record<string, Json> | undefined;
  const bodyIsEmpty = isEmptyBody(response.body);
  const actualType = normalizeContentType(response.contentType);

  if (!content || Object.keys(content).length === 0) {
    if (!bodyIsEmpty) {
      return [`${prefix}: the contract documents no body for ${status}, but got ${actualType ?? 'a body'}`];
    }
    return [];
  }

  const mediaTypes = Object.keys(content);
  if (!actualType) {
    return [`${prefix}: missing Content-Type (documented: ${mediaTypes.join(', ')})`];
  }
  const mediaKey = mediaTypes.find((key) => mediaTypeMatches(key, actualType));
  if (!mediaKey) {
    return [`${prefix}: Content-Type ${actualType} is not documented (documented: ${mediaTypes.join(', ')})`];
  }
  if (!isJsonMediaType(mediaKey)) return [];

  const schema = (content[mediaKey] as Json).schema as Json | undefined;
  if (!schema) return [];
  let body: unknown = response.body;
  if (Buffer.isBuffer(body)) body = body.toString('utf8');
  if (typeof body === 'string') {
    const text = body;
    try {
      body = JSON.parse(text);
    } catch {
      return [`${prefix}: the body is not valid JSON: ${truncate(text)}`];
    }
  }
  if (body === undefined) return [`${prefix}: expected a JSON body, got none`];

  const validate = compile(contract, schema);
  if (validate(body)) return [];
  return formatErrors(validate.errors ?? []).map((message) => `${prefix}: ${message}`);
}

/** Shortcut for `app.inject` results: `validateInjected('GET', url, res)`. */
export function validateInjected(
  method: string,
  url: string,
  res: { statusCode: number; headers: Record<string, unknown>; body: string | Buffer },
): string[] {
  return validateResponse({
    method,
    url,
    statusCode: res.statusCode,
    contentType: res.headers['content-type'] as string | string[] | number | undefined,
    body: res.body,
  });
}

/* ------------------------------------------------------------------------------------------------ */

function compile(contract: LoadedContract, schema: Json): ValidateFunction {
  let validate = contract.validators.get(schema);
  if (!validate) {
    validate = contract.ajv.compile(schema);
    contract.validators.set(schema, validate);
  }
  return validate;
}

function compilePath(template: string): CompiledPath {
  const paramNames: string[] = [];
  let literalLength = 0;
  let source = '';
  let last = 0;
  const re = /\{([^}/]+)\}/g;
  for (let m = re.exec(template); m; m = re.exec(template)) {
    const literal = template.slice(last, m.index);
    source += escapeRegex(literal) + '([^/]+)';
    literalLength += literal.length;
    paramNames.push(m[1] as string);
    last = m.index + m[0].length;
  }
  const tail = template.slice(last);
  source += escapeRegex(tail);
  literalLength += tail.length;
  return { template, regex: new RegExp(`^${source}$`), paramNames, literalLength };
}

function matchPath(
  contract: LoadedContract,
  url: string,
): { template: string; params: Record<string, string> } | null {
  const pathname = toPathname(url);
  let best: { template: string; params: Record<string, string>; score: number } | null = null;
  for (const compiled of contract.paths) {
    const m = compiled.regex.exec(pathname);
    if (!m) continue;
    // A template with more literal text is more specific ('/x/new' beats '/x/{id}').
    const score = compiled.literalLength;
    if (best && best.score >= score) continue;
    const params: Record<string, string> = {};
    compiled.paramNames.forEach((name, i) => {
      const value = m[i + 1] as string;
      try {
        params[name] = decodeURIComponent(value);
      } catch {
        params[name] = value;
      }
    });
    best = { template: compiled.template, params, score };
  }
  return best ? { template: best.template, params: best.params } : null;
}

function toPathname(url: string): string {
  let path = url;
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(path);
  if (origin) path = path.slice(origin[0].length) || '/';
  const cut = path.search(/[?#]/);
  return cut === -1 ? path : path.slice(0, cut);
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function normalizeContentType(value: ResponseToCheck['contentType']): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined || first === null || first === '') return null;
  return String(first).split(';')[0]!.trim().toLowerCase() || null;
}

function mediaTypeMatches(documented: string, actual: string): boolean {
  const key = documented.split(';')[0]!.trim().toLowerCase();
  if (key === actual || key === '*/*') return true;
  if (key.endsWith('/*')) return actual.startsWith(key.slice(0, -1));
  return false;
}

function isJsonMediaType(mediaType: string): boolean {
  const base = mediaType.split(';')[0]!.trim().toLowerCase();
  return base === 'application/json' || base.endsWith('+json');
}

function isEmptyBody(body: unknown): boolean {
  if (body === undefined || body === null) return true;
  if (typeof body === 'string') return body.length === 0;
  if (Buffer.isBuffer(body)) return body.length === 0;
  return false;
}

function truncate(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function formatErrors(errors: ErrorObject[]): string[] {
  const out = new Set<string>();
  for (const error of errors) {
    const at = error.instancePath === '' ? '(root)' : error.instancePath;
    const params = error.params as Record<string, unknown>;
    let detail = error.message ?? 'is invalid';
    if (error.keyword === 'additionalProperties') {
      detail = `has a property not in the contract: "${String(params.additionalProperty)}"`;
    } else if (error.keyword === 'enum') {
      detail = `must be one of ${JSON.stringify(params.allowedValues)}`;
    } else if (error.keyword === 'required') {
      detail = `is missing the required property "${String(params.missingProperty)}"`;
    }
    out.add(`${at} ${detail} (schema ${error.schemaPath})`);
  }
  return [...out];
}

/**
 * Replaces every local `$ref` ('#/...') with its target. Targets are resolved once and shared, so the
 * result is a graph with shared nodes (no copies). Keywords beside a `$ref` (OpenAPI 3.1 allows a
 * description there) are merged over the target. A cyclic reference is kept as-is.
 */
function dereference(root: Json): Json {
  const resolved = new Map<string, unknown>();
  const inProgress = new Set<string>();

  const pointer = (ref: string): unknown => {
    if (!ref.startsWith('#')) throw new Error(`Only local $refs are supported: ${ref}`);
    const parts = ref
      .slice(1)
      .split('/')
      .filter((p, i) => !(i === 0 && p === ''))
      .map((p) => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'));
    let node: unknown = root;
    for (const part of parts) {
      if (node === null || typeof node !== 'object' || !(part in (node as Json))) {
        throw new Error(`Unresolvable $ref: ${ref}`);
      }
      node = (node as Json)[part];
    }
    return node;
  };

  const resolveRef = (ref: string): unknown => {
    if (resolved.has(ref)) return resolved.get(ref);
    if (inProgress.has(ref)) return { $ref: ref };
    inProgress.add(ref);
    const value = walk(pointer(ref));
    inProgress.delete(ref);
    resolved.set(ref, value);
    return value;
  };

  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const obj = node as Json;
    if (typeof obj.$ref === 'string') {
      const target = resolveRef(obj.$ref);
      const siblings = Object.keys(obj).filter((k) => k !== '$ref');
      if (siblings.length === 0) return target;
      const extra: Json = {};
      for (const k of siblings) extra[k] = walk(obj[k]);
      return { ...(target as Json), ...extra };
    }
    const out: Json = {};
    for (const [k, v] of Object.entries(obj)) out[k] = walk(v);
    return out;
  };

  return walk(root) as Json;
}
