/**
 * Requests generated from openapi/openapi.yaml for the fuzz test (tests/api/fuzz.test.ts): for every operation, a
 * plausible request built from its schemas, then the same request with one part broken at a time: each path
 * parameter, each query parameter and each body field given a wrong type, a huge or odd string, a control character,
 * an out-of-range number; and whole bodies that are malformed or sent under the wrong content type.
 *
 * Deterministic: one seeded generator, so a failure names a request that the next run sends again.
 */
import { loadContract } from './contract';

type Json = Record<string, unknown>;
type Schema = Json;

export type FuzzRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was broken, for the failure report. */
  note: string;
};

/** Ids of real rows, so a request reaches past the "not found" checks into the handlers. */
export type FuzzFixtures = {
  patientId: number;
  surgeryId: number;
  otherSurgeryId: number;
  secretaryId: number;
  medicId: number;
  lookupId: number;
};

/** Small, fast, seedable PRNG (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Odd strings: control characters, broken Unicode, injections, huge and boundary texts, bad dates and numbers. */
export const ODD_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'Ana\u0000Souza',
  '\u0001\u0008\u001b[31m',
  '\u007f\u0085\u009f',
  '\t',
  '\n',
  'linha 1\r\nlinha 2',
  '\ud800',
  '\udfff\ud800',
  '💉🏥👩‍⚕️',
  '\u202etxt.exe',
  '\ufeffBOM',
  'Ünïcödé ção ÇÃO',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '%_\\',
  '\\u0000',
  '<script>alert(1)</script>',
  '{{nome}} ${x} #{y}',
  '0',
  '-1',
  '2147483648',
  '-2147483649',
  '99999999999999999999',
  '1e309',
  'NaN',
  'Infinity',
  '0x1F',
  '1.5',
  'null',
  'true',
  '[]',
  '2026-02-30',
  '0000-00-00',
  '9999-12-31',
  '-001-01-01',
  '2026-01-01T25:61:00',
  '2026-01-01 24:30:00',
  '24:30',
  '(00) 0 0000-0000',
  '000.000.000-00',
  '111.444.777-35',
  'a@b',
  'x'.repeat(1001),
  'x'.repeat(70_000),
  'ação '.repeat(20_000),
];

/** JSON values of the wrong type or out of range. */
export const ODD_VALUES: readonly unknown[] = [
  null,
  0,
  -1,
  1.5,
  2147483647,
  2147483648,
  -2147483649,
  9007199254740993,
  1e308,
  -1e308,
  true,
  false,
  [],
  {},
  [null],
  ['a', 1],
  [2147483648],
  Array.from({ length: 200 }, (_, index) => index),
  { a: { b: { c: [1, { d: '\u0000' }] } } },
];

/** Given to every body field besides the random picks: the two that used to answer 500. */
const ALWAYS_TRIED: readonly unknown[] = ['Ana\u0000Souza', 2147483648];

const PATH_VALUES: readonly string[] = [
  '0',
  '-1',
  'abc',
  '2147483647',
  '2147483648',
  '99999999999999999999',
  '%00',
  '1%00',
  '%ZZ',
  '%FF',
  '1.5',
  '1e3',
  '%201',
  '%F0%9F%92%89',
  'x'.repeat(3000),
  '%2e%2e',
  'null',
  'hospital',
  'plano',
  'doctor_request',
];

/** Raw query values (already in URL form): broken percent-encoding, NUL, overlong UTF-8. */
const RAW_QUERY_VALUES: readonly string[] = ['%00', 'a%00b', '%ZZ', '%FF', '%C0%80', '%E2%80%AE', '%0A', '', '%', '+'];

/** Whole JSON bodies that are not what any route expects. */
const MALFORMED_JSON: readonly (string | Buffer)[] = [
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '"texto"',
  '1',
  'true',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"a":1,"a":2}',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":"\\u0000"}',
  '{"\\u0000":1}',
  Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
  Buffer.from('{"a":"\xff"}', 'latin1'),
  JSON.stringify({ a: 'x'.repeat(1_100_000) }),
];

/** Bodies under content types the route does not take (or broken multipart). */
const WRONG_CONTENT: ReadonlyArray<{ type: string; body: string | Buffer }> = [
  { type: 'text/plain', body: 'texto' },
  { type: 'application/xml', body: '<a>1</a>' },
  { type: 'application/json; charset=latin1', body: '{"a":"b"}' },
  { type: 'application/x-www-form-urlencoded', body: 'a=%00&b=%ZZ&c=1&c=2&first_name=Ana' },
  { type: 'application/x-www-form-urlencoded', body: '%%%&&&===' },
  { type: 'multipart/form-data', body: 'sem boundary' },
  { type: 'multipart/form-data; boundary=xyz', body: '--xyz\r\nlixo sem fim' },
  { type: 'multipart/form-data; boundary=xyz', body: '--xyz\r\nContent-Disposition: form-data; name="a\u0000"\r\n\r\nv\r\n--xyz--\r\n' },
  { type: 'application/octet-stream', body: Buffer.from([0, 1, 2, 3]) },
  { type: 'image/png', body: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
  { type: 'application/json', body: '{"a":1}'.repeat(3) },
  { type: '', body: '{"a":1}' },
  { type: 'application/json, text/plain', body: '{}' },
  { type: '\u0000', body: '{}' },
];

function firstType(schema: Schema): string | undefined {
  const type = schema.type;
  if (Array.isArray(type)) return type.find((item) => item !== 'null') as string | undefined;
  return type as string | undefined;
}

/** The branches of a oneOf/anyOf (or the schema itself). */
function branchesOf(schema: Schema): Schema[] {
  const branches = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (!branches) return [schema];
  return branches.filter((branch) => firstType(branch) !== 'null' || branch.properties);
}

/** A plausible value for a field, preferring ids of real rows for the id-like names. */
function sample(schema: Schema | undefined, name: string, fixtures: FuzzFixtures): unknown {
  if (!schema) return 'texto';
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((value) => value !== null) ?? null;
  if (schema.example !== undefined) return schema.example;
  if (schema.oneOf || schema.anyOf) return sample(branchesOf(schema)[0], name, fixtures);
  switch (firstType(schema)) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, sample(value, key, fixtures)]));
    }
    case 'array':
      return [sample(schema.items as Schema | undefined, name, fixtures)];
    case 'integer':
      if (name === 'patient') return fixtures.patientId;
      if (name === 'medic') return fixtures.medicId;
      return fixtures.lookupId;
    case 'number':
      return 1500.5;
    case 'boolean':
      return true;
    default:
      if (schema.format === 'date') return '2026-01-15';
      if (schema.format === 'date-time') return '2026-01-15T10:00:00-03:00';
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'binary') return 'arquivo';
      if (name === 'patient' || name === 'medic' || name === 'convenio') return String(fixtures.patientId);
      return 'texto';
  }
}

/** A multipart/form-data body with text parts, and file parts for the `binary` fields. */
function multipartBody(fields: Record<string, unknown>, binaryFields: Set<string>): { type: string; body: Buffer } {
  const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    const disposition = binaryFields.has(name)
      ? `form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png`
      : `form-data; name="${name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`), Buffer.from(text), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(chunks) };
}

function pick<T>(random: () => number, items: readonly T[], count: number): T[] {
  if (count >= items.length) return [...items];
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(Math.floor(random() * items.length));
  return [...chosen].map((index) => items[index]!);
}

type Operation = {
  method: FuzzRequest['method'];
  path: string;
  pathParams: Array<{ name: string; schema: Schema }>;
  queryParams: Array<{ name: string; schema: Schema }>;
  bodies: Array<{ contentType: string; schema: Schema }>;
};

function operations(): Operation[] {
  const document = loadContract().document as Json;
  const result: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const method of ['get', 'post', 'put', 'delete'] as const) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const parameters = [...((item.parameters ?? []) as Json[]), ...((operation.parameters ?? []) as Json[])];
      const content = ((operation.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
      result.push({
        method: method.toUpperCase() as FuzzRequest['method'],
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => ({ name: String(p.name), schema: p.schema as Schema })),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => ({ name: String(p.name), schema: p.schema as Schema })),
        bodies: Object.entries(content).map(([contentType, media]) => ({ contentType, schema: media.schema as Schema })),
      });
    }
  }
  return result;
}

/** encodeURIComponent that also takes lone surrogates (as their UTF-8 replacement bytes, as a browser sends them). */
function encodeText(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

function encodeQuery(query: Record<string, unknown>): string {
  const parts = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeText(key)}=${encodeText(value)}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

function encodeBody(contentType: string, body: unknown, binaryFields: Set<string>): { type: string; body: string | Buffer } {
  if (contentType === 'multipart/form-data') return multipartBody(body as Record<string, unknown>, binaryFields);
  if (contentType === 'application/x-www-form-urlencoded') {
    const fields = Object.entries(body as Record<string, unknown>).map(
      ([key, value]) => `${encodeText(key)}=${encodeText(value)}`,
    );
    return { type: contentType, body: fields.join('&') };
  }
  return { type: contentType, body: JSON.stringify(body) };
}

export type GenerateOptions = {
  fixtures: FuzzFixtures;
  /** Bearer header of the signed-in user the requests run as. */
  authorization: string;
  seed: number;
  /** How many odd values each body field and query parameter is given. */
  valuesPerField: number;
};

/** Every generated request for one signed-in user, in a fixed order for a given seed. */
export function generateRequests({ fixtures, authorization, seed, valuesPerField }: GenerateOptions): FuzzRequest[] {
  const random = seededRandom(seed);
  const requests: FuzzRequest[] = [];
  const oddPool: unknown[] = [...ODD_STRINGS, ...ODD_VALUES];
  const realPath = (name: string, path: string) => {
    if (name === 'kind') return path.includes('/documents/') ? 'doctor_request' : 'hospital';
    if (name === 'token') return 'a'.repeat(43);
    if (path.includes('patient')) return String(fixtures.patientId);
    if (path.includes('remove_secretary')) return String(fixtures.secretaryId);
    return String(fixtures.surgeryId);
  };

  for (const op of operations()) {
    const pathValues = Object.fromEntries(op.pathParams.map((p) => [p.name, realPath(p.name, op.path)]));
    const buildUrl = (values: Record<string, string>, query: string) =>
      op.path.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? '1') + query;
    const baseQuery = Object.fromEntries(op.queryParams.map((p) => [p.name, sample(p.schema, p.name, fixtures)]));
    const headers = { authorization };
    const push = (url: string, note: string, body?: { type: string; body: string | Buffer }) => {
      requests.push({
        method: op.method,
        url,
        headers: body && body.type !== '' ? { ...headers, 'content-type': body.type } : { ...headers },
        ...(body ? { payload: body.body } : {}),
        note,
      });
    };
    const bodies = op.bodies.flatMap((body) =>
      branchesOf(body.schema).map((branch) => ({
        contentType: body.contentType,
        schema: branch,
        value: sample(branch, '', fixtures) as Record<string, unknown>,
        binary: new Set(
          Object.entries((branch.properties ?? {}) as Record<string, Schema>)
            .filter(([, schema]) => branchesOf(schema).some((s) => s.format === 'binary'))
            .map(([key]) => key),
        ),
      })),
    );
    const baseBody = bodies[0] ? encodeBody(bodies[0].contentType, bodies[0].value, bodies[0].binary) : undefined;
    const baseUrl = buildUrl(pathValues, encodeQuery(baseQuery));

    // The plausible request itself, and the other tenant's case.
    push(baseUrl, 'plausible', baseBody);
    if (op.pathParams.some((p) => p.name === 'id' || p.name === 'surgeryId') && !op.path.includes('patient')) {
      const other = Object.fromEntries(op.pathParams.map((p) => [p.name, p.name === 'kind' ? pathValues.kind! : String(fixtures.otherSurgeryId)]));
      push(buildUrl(other, encodeQuery(baseQuery)), 'other tenant', baseBody);
    }

    // Path parameters, one at a time.
    for (const param of op.pathParams) {
      for (const value of PATH_VALUES) push(buildUrl({ ...pathValues, [param.name]: value }, encodeQuery(baseQuery)), `path ${param.name}=${value.slice(0, 20)}`, baseBody);
    }

    // Declared query parameters: odd values (encoded), raw broken encodings, repeated and bracketed keys.
    for (const { name } of op.queryParams) {
      for (const value of pick(random, oddPool, valuesPerField)) {
        push(buildUrl(pathValues, encodeQuery({ ...baseQuery, [name]: value })), `query ${name}`, baseBody);
      }
      for (const raw of RAW_QUERY_VALUES) {
        const rest = encodeQuery(Object.fromEntries(Object.entries(baseQuery).filter(([key]) => key !== name)));
        push(buildUrl(pathValues, `${rest ? `${rest}&` : '?'}${encodeURIComponent(name)}=${raw}`), `query ${name} raw ${raw}`, baseBody);
      }
      push(buildUrl(pathValues, `?${name}=1&${name}=2&${name}[]=3&${name}[a]=4`), `query ${name} repeated`, baseBody);
    }
    // An undeclared parameter, on every route.
    for (const raw of pick(random, RAW_QUERY_VALUES, 2)) push(buildUrl(pathValues, `${encodeQuery(baseQuery) || '?'}&x%00=${raw}`), 'query undeclared', baseBody);

    // Body fields, one at a time, in every documented content type and branch.
    for (const body of bodies) {
      for (const field of Object.keys(body.value)) {
        for (const value of [...ALWAYS_TRIED, ...pick(random, oddPool, valuesPerField)]) {
          push(baseUrl, `body ${body.contentType} ${field}`, encodeBody(body.contentType, { ...body.value, [field]: value }, body.binary));
        }
        const { [field]: _dropped, ...without } = body.value;
        push(baseUrl, `body ${body.contentType} without ${field}`, encodeBody(body.contentType, without, body.binary));
      }
      push(baseUrl, `body ${body.contentType} unknown field`, encodeBody(body.contentType, { ...body.value, 'campo\u0000': 1, extra: 'x' }, body.binary));
    }

    // Whole bodies: malformed JSON and wrong content types (all of them where a body is read, a few elsewhere).
    const malformed = bodies.length > 0 ? MALFORMED_JSON : pick(random, MALFORMED_JSON, 2);
    const wrongContent = bodies.length > 0 ? WRONG_CONTENT : pick(random, WRONG_CONTENT, 2);
    for (const raw of malformed) push(baseUrl, `malformed json ${String(raw).slice(0, 20)}`, { type: 'application/json', body: raw });
    for (const wrong of wrongContent) push(baseUrl, `content-type ${wrong.type}`, wrong);
  }
  return requests;
}
