import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_MESSAGES, AUDIT_PAGE_SIZE } from '../../machines/audit/auditSchemas';
import { auditEvents } from '../../server/db/schema/index';
import { saoPauloDay } from '../../server/services/sao-paulo-time';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, lookupIds } from '../helpers/clinical-fixtures';
import { parseExcelCsv } from '../helpers/csv';
import { authHeader, countRows, createMedic, createSecretary, signIn, TEST_PASSWORD, validCpf, type TestAccount } from '../helpers/fixtures';

const AUDIT = '/surgery/api/v1/audit/';
const AUDIT_CSV = '/surgery/api/v1/audit/export.csv';
const CREATE = '/surgery/api/v1/add_paciente/';
const update = (id: number) => `/surgery/api/v1/update_patient/${id}/`;
const patientUrl = (id: number) => `/surgery/api/v1/patient/${id}/`;

type Headers = { authorization: string };
type AuditEventBody = {
  id: number;
  at: string;
  actor: { id: number; name: string; type: string } | null;
  action: string;
  entity: string;
  entity_id: number | null;
  patient: { id: number; nome_completo: string } | null;
  patient_ids: number[];
  shown_count: number;
  detail: string | null;
  address: string | null;
};
type AuditListBody = { count: number; page: number; page_size: number; results: AuditEventBody[] };

let t: TestApp;
let medic: TestAccount;
let otherMedic: TestAccount;
let secretary: TestAccount;
let asMedic: Headers;
let asOtherMedic: Headers;
let asSecretary: Headers;
let planId: number;

beforeAll(async () => {
  t = await buildTestApp();
  medic = await createMedic(t.deps, { firstName: 'Ana', lastName: 'Souza' });
  otherMedic = await createMedic(t.deps, { firstName: 'Bruno', lastName: 'Lima' });
  secretary = await createSecretary(t.deps, { medicIds: [medic.id], firstName: 'Sara', lastName: 'Secretária' });
  const token = async (account: TestAccount) => authHeader((await signIn(t.app, account.email, TEST_PASSWORD)).access_token);
  asMedic = await token(medic);
  asOtherMedic = await token(otherMedic);
  asSecretary = await token(secretary);
  planId = (await lookupIds(t.deps.db)).healthPlanIds[0]!;
});
afterAll(async () => {
  await t?.close();
});

async function multipart(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

let seq = 0;
function patientFields(overrides: Record<string, string> = {}): Record<string, string> {
  const n = ++seq;
  return {
    nome_completo: `Paciente Auditado ${n}`,
    cellphone: '(11) 9 8765-4321',
    convenio: String(planId),
    birthday: '1980-05-10',
    address: 'Rua das Flores, 10',
    cep: '01310-100',
    cpf: validCpf(7000 + n),
    gender: 'female',
    ...overrides,
  };
}

async function send(method: 'POST' | 'PUT', url: string, headers: Headers, fields: Record<string, string>) {
  const body = await multipart(fields);
  return t.app.inject({ method, url, headers: { ...headers, 'content-type': body.contentType }, payload: body.payload });
}

async function audit(headers: Headers, query = ''): Promise<AuditListBody> {
  const response = await t.app.inject({ method: 'GET', url: `${AUDIT}${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AuditListBody;
}

describe('the audit trail of a patient', () => {
  let patientId: number;
  let fields: Record<string, string>;

  beforeAll(async () => {
    fields = patientFields();
    const created = await send('POST', CREATE, asMedic, fields);
    expect(created.statusCode, created.body).toBe(201);
    patientId = created.json().id;
    const edited = await send('PUT', update(patientId), asSecretary, { ...fields, cellphone: '(11) 9 1111-2222', medic: String(medic.id) });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: patientUrl(patientId), headers: asMedic })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/surgery/api/v1/patient/?limit=100', headers: asSecretary })).statusCode).toBe(200);
  });

  it('records the creation, the secretary’s edit (fields, never values), the view and the list page, newest first', async () => {
    const body = await audit(asMedic, `?patient=${patientId}`);
    const summary = body.results.map((row) => [row.action, row.entity, row.actor?.id ?? null, row.detail]);
    expect(summary).toEqual([
      ['list', 'patient', secretary.id, null],
      ['view', 'patient', medic.id, null],
      ['update', 'patient', secretary.id, 'campos:cellphone'],
      ['create', 'patient', medic.id, null],
    ]);
    const edit = body.results[2]!;
    expect(edit.actor).toEqual({ id: secretary.id, name: 'Sara Secretária', type: 'secretary' });
    expect(edit.patient).toEqual({ id: patientId, nome_completo: fields.nome_completo });
    expect(edit.entity_id).toBe(patientId);
    expect(edit.address).toBe('127.0.0.1');
    const page = body.results[0]!;
    expect(page.entity_id).toBeNull();
    expect(page.shown_count).toBeGreaterThanOrEqual(1);
    expect(page.patient_ids).toContain(patientId);
  });

  it('names only what a save changed: a CEP kept with its mask (older rows, the demo) or an empty field is not a change', async () => {
    const own = patientFields({ cep: '' });
    const created = await send('POST', CREATE, asMedic, own);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    await t.deps.db.execute(sql`update patients set cep = '01.310-100' where id = ${id}`);
    const edited = await send('PUT', update(id), asSecretary, { ...own, cep: '01310-100', cellphone: '(11) 9 3333-4444', medic: String(medic.id) });
    expect(edited.statusCode, edited.body).toBe(200);
    const kept = await send('PUT', update(id), asSecretary, { ...own, cep: '01310100', cellphone: '(11) 9 3333-4444', medic: String(medic.id) });
    expect(kept.statusCode, kept.body).toBe(200);
    const updates = (await audit(asMedic, `?patient=${id}&action=update`)).results.map((row) => row.detail);
    expect(updates).toEqual([null, 'campos:cellphone']);
  });

  it('stores no name, CPF, phone or address in the audit table', async () => {
    const rows = await t.deps.db.execute(sql`select row_to_json(a)::text as line from audit_events a`);
    const lines = ((rows as { rows?: { line: string }[] }).rows ?? (rows as unknown as { line: string }[])).map((row) => row.line);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).not.toContain('Auditado');
      expect(line).not.toContain(fields.cpf!);
      expect(line).not.toContain('1111-2222');
      expect(line).not.toContain('Flores');
    }
  });

  it('filters by person, action and period (São Paulo days)', async () => {
    const bySecretary = await audit(asMedic, `?patient=${patientId}&actor=${secretary.id}`);
    expect(bySecretary.results.map((row) => row.action)).toEqual(['list', 'update']);
    const updates = await audit(asMedic, `?patient=${patientId}&action=update`);
    expect(updates.count).toBe(1);
    const today = saoPauloDay(t.deps.now());
    expect((await audit(asMedic, `?patient=${patientId}&from=${today}&to=${today}`)).count).toBe(4);
    expect((await audit(asMedic, `?patient=${patientId}&to=2000-01-01`)).count).toBe(0);
  });

  it('exports the same rows as CSV, and records the export', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${AUDIT_CSV}?patient=${patientId}`, headers: asMedic });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="auditoria-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parseExcelCsv(response.rawPayload);
    expect(header).toEqual(['Data e hora', 'Pessoa', 'Ação', 'Registro', 'Nº do registro', 'Paciente', 'Registros listados', 'Detalhe', 'Endereço']);
    expect(rows.map((row) => [row[1], row[2], row[7]])).toEqual([
      ['Sara Secretária', 'Listagem', null],
      ['Ana Souza', 'Visualização', null],
      ['Sara Secretária', 'Alteração', 'Campos: Celular'],
      ['Ana Souza', 'Criação', null],
    ].map((row) => row.map((cell) => cell ?? '')));
    expect(rows[2]![0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(rows[2]![5]).toBe(fields.nome_completo);
    const exports = await audit(asMedic, '?action=export');
    expect(exports.results[0]).toMatchObject({ entity: 'audit', actor: { id: medic.id }, detail: 'auditoria.csv' });
  });

  it('answers 404 to a secretary, and to another medic asking about this patient', async () => {
    for (const url of [AUDIT, AUDIT_CSV]) {
      const response = await t.app.inject({ method: 'GET', url, headers: asSecretary });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: ['Recurso não encontrado.'] });
    }
    const other = await t.app.inject({ method: 'GET', url: `${AUDIT}?patient=${patientId}`, headers: asOtherMedic });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: ['Paciente não encontrado.'] });
    expect((await audit(asOtherMedic)).results.every((row) => !row.patient_ids.includes(patientId))).toBe(true);
  });

  it('keeps naming a deleted patient, and records the deletion', async () => {
    const created = await send('POST', CREATE, asMedic, patientFields());
    const id = created.json().id as number;
    expect((await t.app.inject({ method: 'DELETE', url: update(id), headers: asSecretary })).statusCode).toBe(204);
    const body = await audit(asMedic, `?patient=${id}`);
    expect(body.results.map((row) => [row.action, row.actor?.id, row.patient])).toEqual([
      ['delete', secretary.id, null],
      ['create', medic.id, null],
    ]);
  });
});

describe('the audit query', () => {
  it.each([
    ['?action=apagar', AUDIT_MESSAGES.invalidAction],
    ['?patient=abc', AUDIT_MESSAGES.invalidPatient],
    ['?actor=0', AUDIT_MESSAGES.invalidActor],
    ['?from=27/11/2026', AUDIT_MESSAGES.invalidFrom],
    ['?to=2026-02-30', AUDIT_MESSAGES.invalidTo],
    ['?from=2026-03-02&to=2026-03-01', AUDIT_MESSAGES.invertedPeriod],
    ['?page=0', AUDIT_MESSAGES.invalidPage],
  ])('refuses %s with a pt-BR message and writes nothing', async (query, message) => {
    const before = await countRows(t.deps.db, auditEvents);
    const response = await t.app.inject({ method: 'GET', url: `${AUDIT}${query}`, headers: asMedic });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(message);
    await t.app.audit.flush();
    expect(await countRows(t.deps.db, auditEvents)).toBe(before);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: AUDIT })).statusCode).toBe(401);
  });

  it('pages 50 rows at a time, newest first', async () => {
    const patient = await insertPatient(t.deps.db, medic.id);
    for (let n = 0; n < AUDIT_PAGE_SIZE + 3; n += 1) {
      await t.app.inject({ method: 'GET', url: patientUrl(patient.id), headers: asMedic });
    }
    const first = await audit(asMedic, `?patient=${patient.id}`);
    const second = await audit(asMedic, `?patient=${patient.id}&page=2`);
    expect(first.count).toBe(AUDIT_PAGE_SIZE + 3);
    expect(first.results).toHaveLength(AUDIT_PAGE_SIZE);
    expect(second.results).toHaveLength(3);
    const ids = [...first.results, ...second.results].map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('the audit table', () => {
  it('is append-only: UPDATE, DELETE and TRUNCATE are refused', async () => {
    await t.app.audit.flush();
    const before = await countRows(t.deps.db, auditEvents);
    expect(before).toBeGreaterThan(0);
    await expect(t.deps.db.execute(sql`update audit_events set actor_id = null`)).rejects.toThrow();
    await expect(t.deps.db.execute(sql`delete from audit_events`)).rejects.toThrow();
    await expect(t.deps.db.execute(sql`truncate audit_events`)).rejects.toThrow();
    expect(await countRows(t.deps.db, auditEvents)).toBe(before);
  });
});

describe('the audit trail of a case', () => {
  it('records the case viewed, listed, archived (in the move’s transaction) and exported, by the secretary', async () => {
    const patient = await insertPatient(t.deps.db, medic.id);
    const surgery = await insertSurgery(t.deps.db, patient, { status: 'ind_paciente' });
    // The app's clock stamps every row; each step a second after the one before, as a user's clicks are.
    const view = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${surgery.id}/`, headers: asSecretary });
    expect(view.statusCode).toBe(200);
    t.clock.advance(1000);
    const list = await t.app.inject({ method: 'GET', url: '/surgery/api/v1/surgery/?status__in=ind_paciente&limit=500', headers: asSecretary });
    expect(list.statusCode).toBe(200);
    t.clock.advance(1000);
    const archived = await t.app.inject({ method: 'PUT', url: `/surgery/api/v1/archive_surgery/${surgery.id}/`, headers: asSecretary, payload: {} });
    expect(archived.statusCode, archived.body).toBe(200);
    const exported = await t.app.inject({ method: 'GET', url: '/surgery/api/v1/surgery/export.csv', headers: asSecretary });
    expect(exported.statusCode).toBe(200);

    const rows = (await audit(asMedic, `?patient=${patient.id}`)).results;
    expect(rows.map((row) => [row.action, row.entity, row.actor?.id, row.detail])).toEqual([
      ['update', 'surgery', secretary.id, 'status:arquiv'],
      ['list', 'surgery', secretary.id, null],
      ['view', 'surgery', secretary.id, null],
    ]);
    expect(rows[0]!.entity_id).toBe(surgery.id);
    expect(rows[1]!.shown_count).toBeGreaterThanOrEqual(1);
    const exports = (await audit(asMedic, `?action=export&actor=${secretary.id}`)).results;
    expect(exports[0]).toMatchObject({ entity: 'surgery', detail: 'surgeries.csv', entity_id: null });
    // The other medic's trail holds none of it.
    expect((await audit(asOtherMedic, `?actor=${secretary.id}`)).count).toBe(0);
  });
});
