import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { patients, users } from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, surgeryRow } from '../helpers/clinical-fixtures';
import { authHeader, countRows, TEST_CLIENT, validCpf } from '../helpers/fixtures';
import { signInTenants, type Tenants } from '../helpers/tenants';

/**
 * Control characters in request text (issue 11, item 14): a NUL used to reach PostgreSQL and answer 500 (and the
 * error log line carried the failed query's values). Every query string and body field refuses them with one pt-BR
 * 400 in the SPEC §8 shape, nothing written; the notes keep their line breaks. The message is written out here,
 * not imported, so a changed text fails.
 */
const MESSAGE = 'O texto enviado contém caracteres de controle não permitidos.';

let t: TestApp;
let tenants: Tenants;

beforeAll(async () => {
  t = await buildTestApp();
  tenants = await signInTenants(t);
});
afterAll(async () => {
  await t?.close();
});

const asMedic = () => authHeader(tenants.medicToken);

async function multipart(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

describe('control characters in query strings', () => {
  it.each([
    ['the patient search', '/surgery/api/v1/patient/?search=Ana%00Souza'],
    ['the CID lookup', '/surgery/api/v1/cid/?search=%00'],
    ['the procedure lookup', '/surgery/api/v1/procedure/?search=a%01b'],
    ['the surgery list', '/surgery/api/v1/surgery/?status__in=prep_doc%00'],
    ['a line break in a search', '/surgery/api/v1/hospital/?search=a%0Ab'],
    ['an unknown parameter', '/surgery/api/v1/healthplan/?x%00=1'],
  ])('answers 400 in pt-BR for %s', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: asMedic() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual([MESSAGE]);
  });
});

describe('control characters in bodies', () => {
  it('answers 400 naming the field for a NUL in a JSON field, and writes nothing', async () => {
    const before = await countRows(t.deps.db, users);
    const res = await t.app.inject({
      method: 'POST',
      url: '/project_auth/api/v1/cadastro/',
      payload: { first_name: 'Ana\u0000', last_name: 'Souza', cpf: validCpf(4242), email: 'nul@example.com' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: [MESSAGE], first_name: [MESSAGE] });
    expect(await countRows(t.deps.db, users)).toBe(before);
  });

  it('answers 400 for a NUL in a note, and keeps tab and line breaks in notes', async () => {
    const patient = await insertPatient(t.deps.db, tenants.medic.id);
    const surgery = await insertSurgery(t.deps.db, patient, { status: 'env_doc' });
    const url = `/surgery/api/v1/update/${surgery.id}/`;
    const refused = await t.app.inject({
      method: 'PUT',
      url,
      headers: asMedic(),
      payload: { new_status: 'env_doc', document_note: 'linha 1\u0000' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: [MESSAGE], document_note: [MESSAGE] });
    expect((await surgeryRow(t.deps.db, surgery.id)).documentNote).toBeNull();

    const kept = await t.app.inject({
      method: 'PUT',
      url,
      headers: asMedic(),
      payload: { new_status: 'env_doc', document_note: 'linha 1\r\nlinha 2\tfim' },
    });
    expect(kept.statusCode).toBe(200);
    expect((await surgeryRow(t.deps.db, surgery.id)).documentNote).toBe('linha 1\r\nlinha 2\tfim');
  });

  it('answers 400 for a control character nested in a list', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/surgery/api/v1/create_surgery/',
      headers: asMedic(),
      payload: { cid: ['1\u0007'], procedure: [1] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: [MESSAGE], cid: [MESSAGE] });
  });

  it('answers the OAuth shape for a NUL in the sign-in username (form-encoded)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...TEST_CLIENT, grant_type: 'password', username: 'a\u0000@b.com', password: 'x' }).toString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_request', error_description: MESSAGE });
  });

  it('answers 400 for a NUL in a multipart patient field, and writes nothing', async () => {
    const before = await countRows(t.deps.db, patients);
    const { payload, contentType } = await multipart({
      nome_completo: 'Maria\u0000 Silva',
      cellphone: '(11) 9 8765-4321',
      cpf: validCpf(5151),
      gender: 'female',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/surgery/api/v1/add_paciente/',
      headers: { ...asMedic(), 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: [MESSAGE], nome_completo: [MESSAGE] });
    expect(await countRows(t.deps.db, patients)).toBe(before);
  });
});

describe('the error log', () => {
  it("never carries a failed query's parameters or the values PostgreSQL quotes", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp(t.deps, { logger: { level: 'info', stream } });
    const secret = 'Maria 123.456.789-09';
    app.get('/health/boom-nul', async () => t.deps.db.execute(sql`select ${`${secret}\u0000`}::text`));
    app.get('/health/boom-int', async () => t.deps.db.execute(sql`select ${secret}::int`));
    app.get('/health/boom-other', async () => {
      throw new Error(`first line\nparams: ${secret}`);
    });
    try {
      for (const url of ['/health/boom-nul', '/health/boom-int', '/health/boom-other']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(500);
      }
    } finally {
      await app.close();
    }
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    expect(log).toContain('22P02'); // the SQLSTATE is kept
    expect(log).not.toContain('123.456.789-09');
    expect(log).not.toContain('Maria');
    expect(log).not.toContain('params');
  });
});
