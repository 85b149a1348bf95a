import { sql } from 'drizzle-orm';
import PizZip from 'pizzip';
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
    const inPeriod = (await audit(asMedic, `?patient=${patientId}&from=${today}&to=${today}`)).results;
    // The four rows above, and the medic's reads of this patient's audit (each recorded, item 29).
    expect(inPeriod.filter((row) => row.entity !== 'audit').map((row) => row.action)).toEqual(['list', 'view', 'update', 'create']);
    expect(inPeriod.filter((row) => row.entity === 'audit').map((row) => [row.action, row.actor?.id])).toEqual([
      ['list', medic.id],
      ['list', medic.id],
      ['list', medic.id],
    ]);
    expect((await audit(asMedic, `?patient=${patientId}&to=2000-01-01`)).count).toBe(0);
  });

  it('exports the same rows as CSV, and records the export', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${AUDIT_CSV}?patient=${patientId}`, headers: asMedic });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="auditoria-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...lines] = parseExcelCsv(response.rawPayload);
    expect(header).toEqual(['Data e hora', 'Pessoa', 'Ação', 'Registro', 'Nº do registro', 'Paciente', 'Registros listados', 'Detalhe', 'Endereço']);
    // The medic's earlier reads of this audit are rows of it too.
    const reads = lines.filter((row) => row[3] === 'Auditoria');
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) expect([read[1], read[2], read[5]]).toEqual(['Ana Souza', 'Listagem', fields.nome_completo]);
    const rows = lines.filter((row) => row[3] !== 'Auditoria');
    expect(rows.map((row) => [row[1], row[2], row[7]])).toEqual([
      ['Sara Secretária', 'Listagem', null],
      ['Ana Souza', 'Visualização', null],
      ['Sara Secretária', 'Alteração', 'Campos: Celular'],
      ['Ana Souza', 'Criação', null],
    ].map((row) => row.map((cell) => cell ?? '')));
    expect(rows[2]![0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(rows[2]![5]).toBe(fields.nome_completo);
    const exports = await audit(asMedic, '?action=export');
    expect(exports.results[0]).toMatchObject({ entity: 'audit', actor: { id: medic.id }, detail: 'auditoria.csv', patient_ids: [patientId] });
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
    await t.app.audit.flush();
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
    // Views only: each read of the audit is itself a row of the patient's audit.
    const first = await audit(asMedic, `?patient=${patient.id}&action=view`);
    const second = await audit(asMedic, `?patient=${patient.id}&action=view&page=2`);
    expect(first.count).toBe(AUDIT_PAGE_SIZE + 3);
    expect(first.results).toHaveLength(AUDIT_PAGE_SIZE);
    expect(second.results).toHaveLength(3);
    const ids = [...first.results, ...second.results].map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("the trail's total, kept by a trigger (server/db/functions/audit-counts.sql; issue 41 goal 3)", () => {
  const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
  const single = async <T>(query: ReturnType<typeof sql>) => ((await t.deps.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
  /** The medic's trail counted row by row, as the page counted it before. */
  const trailOf = async (medicId: number) =>
    Number((await single<{ n: string | number }>(sql`select count(*) as n from audit_events where medic_id = ${medicId}`)).n);
  const countRowsOf = async (medicId: number) =>
    Number((await single<{ n: string | number }>(sql`select count(*) as n from audit_event_counts where medic_id = ${medicId}`)).n);
  /** The unfiltered page's count, against the trail as it stood when the page was asked for (its own row comes after). */
  async function expectPageCountsTrail(headers: Headers, medicId: number) {
    await t.app.audit.flush();
    const trail = await trailOf(medicId);
    expect(trail).toBeGreaterThan(0);
    expect((await audit(headers)).count).toBe(trail);
  }
  const insertRows = (medicId: number, rows: number) =>
    t.deps.db.execute(sql`insert into audit_events (medic_id, actor_id, action, entity, patient_ids)
      select ${medicId}::integer, ${medicId}::integer, 'view'::audit_action, 'patient'::audit_entity, '{}'::integer[]
      from generate_series(1, ${rows}::integer)`);

  it('equals the rows of each medic’s trail as it grows, one statement or many, and after a fold', async () => {
    const patient = await insertPatient(t.deps.db, medic.id);
    for (let n = 0; n < 4; n += 1) await t.app.inject({ method: 'GET', url: patientUrl(patient.id), headers: asMedic });
    await expectPageCountsTrail(asMedic, medic.id);

    // One statement naming two medics, then many statements at once (on PostgreSQL, on the pool's connections).
    await t.deps.db.execute(sql`insert into audit_events (medic_id, actor_id, action, entity, patient_ids)
      select case when g % 3 = 0 then ${otherMedic.id}::integer else ${medic.id}::integer end, null, 'list'::audit_action, 'patient'::audit_entity,
        '{}'::integer[]
      from generate_series(1, 30) g`);
    await Promise.all(Array.from({ length: 40 }, (_, n) => insertRows(n % 2 === 0 ? medic.id : otherMedic.id, 1 + (n % 5))));
    await expectPageCountsTrail(asMedic, medic.id);
    await expectPageCountsTrail(asOtherMedic, otherMedic.id);

    // A fold leaves one row per medic and the same total.
    await t.app.audit.flush();
    expect((await single<{ ran: boolean }>(sql`select audit_fold_counts(${medic.id}) as ran`)).ran).toBe(true);
    expect(await countRowsOf(medic.id)).toBe(1);
    await expectPageCountsTrail(asMedic, medic.id);

    // A rebuild from the trail agrees with what the trigger kept.
    await t.app.audit.flush();
    const kept = await trailOf(medic.id);
    await t.deps.db.execute(sql`select audit_rebuild_counts()`);
    expect(await countRowsOf(medic.id)).toBe(1);
    expect(Number((await single<{ n: string | number }>(sql`select sum(events) as n from audit_event_counts where medic_id = ${medic.id}`)).n)).toBe(kept);
  });

  it('is folded by the inserts themselves, so the rows read per page stay few', async () => {
    // A statement that adds a row whose id is a multiple of 64 folds its medics' rows: after 400 single rows in a row,
    // the medic has the fold's row and at most 63 added since.
    for (let n = 0; n < 400; n += 1) await insertRows(otherMedic.id, 1);
    expect(await countRowsOf(otherMedic.id)).toBeLessThanOrEqual(64);
    await expectPageCountsTrail(asOtherMedic, otherMedic.id);
  });

  it.runIf(ON_POSTGRES)('a fold never waits: a second one skips while the first is open, and the total holds', async () => {
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstFolded!: () => void;
    const folded = new Promise<void>((resolve) => (firstFolded = resolve));
    const first = t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`select audit_fold_counts(${medic.id})`);
      firstFolded();
      await firstHolds;
    });
    await folded;
    await insertRows(medic.id, 3);
    expect((await single<{ ran: boolean }>(sql`select audit_fold_counts(${medic.id}) as ran`)).ran).toBe(false);
    releaseFirst();
    await first;
    await expectPageCountsTrail(asMedic, medic.id);
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
      ['export', 'surgery', secretary.id, 'surgeries.csv'],
      ['update', 'surgery', secretary.id, 'status:arquiv'],
      ['list', 'surgery', secretary.id, null],
      ['view', 'surgery', secretary.id, null],
    ]);
    expect(rows[0]!.patient_ids).toContain(patient.id);
    expect(rows[1]!.entity_id).toBe(surgery.id);
    expect(rows[2]!.shown_count).toBeGreaterThanOrEqual(1);
    const exports = (await audit(asMedic, `?action=export&actor=${secretary.id}`)).results;
    expect(exports[0]).toMatchObject({ entity: 'surgery', detail: 'surgeries.csv', entity_id: null });
    // The other medic's trail holds none of it.
    expect((await audit(asOtherMedic, `?actor=${secretary.id}`)).count).toBe(0);
  });
});

describe("a patient's audit lists the CSV exports that held them and the reads of the audit itself", () => {
  const csv = async (url: string, headers: Headers) => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return parseExcelCsv(response.rawPayload);
  };

  it('records each CSV export (patients, cases, A receber) in the trail of every patient it held, and of no other', async () => {
    const held = await insertPatient(t.deps.db, medic.id, { nomeCompleto: 'Exportada Incluída' });
    const notHeld = await insertPatient(t.deps.db, medic.id, { nomeCompleto: 'Fora Da Busca' });
    const surgery = await insertSurgery(t.deps.db, held, { status: 'pagamento', feesPayments: '1000.00', stepData: { accomplishment: '2026-01-10' } });

    const patientsCsv = await csv('/surgery/api/v1/patient/export.csv?search=Exportada', asSecretary);
    expect(patientsCsv.slice(1).map((row) => row[0])).toEqual(['Exportada Incluída']);
    t.clock.advance(1000);
    const casesCsv = await csv('/surgery/api/v1/surgery/export.csv', asSecretary);
    expect(casesCsv.slice(1).map((row) => row[0])).toContain('Exportada Incluída');
    t.clock.advance(1000);
    const receivablesCsv = await csv('/surgery/api/v1/receivables/export.csv', asMedic);
    expect(receivablesCsv.length).toBeGreaterThan(1);

    const rows = (await audit(asMedic, `?patient=${held.id}&action=export`)).results;
    expect(rows.map((row) => [row.action, row.entity, row.actor?.id, row.detail, row.entity_id])).toEqual([
      ['export', 'surgery', medic.id, 'receivables.csv', null],
      ['export', 'surgery', secretary.id, 'surgeries.csv', null],
      ['export', 'patient', secretary.id, 'patients.csv', null],
    ]);
    // The patients' CSV held one patient: the row names her; the cases' CSVs name every patient of their rows.
    expect(rows[2]).toMatchObject({ patient: { id: held.id, nome_completo: 'Exportada Incluída' }, patient_ids: [held.id], shown_count: 1 });
    for (const row of rows.slice(0, 2)) {
      expect(row.patient_ids).toContain(held.id);
      expect(row.shown_count).toBeGreaterThanOrEqual(1);
    }
    // The patient the search left out is in none of them; the other medic's trail holds none either.
    expect((await audit(asMedic, `?patient=${notHeld.id}&action=export`)).count).toBe(0);
    expect((await audit(asOtherMedic, '?action=export')).results.filter((row) => row.actor?.id === secretary.id)).toEqual([]);
    expect(surgery.id).toBeGreaterThan(0);
  });

  it('records an export that held nothing as the act alone, per medic of its scope', async () => {
    await csv('/surgery/api/v1/patient/export.csv?search=ninguem-com-esse-nome', asSecretary);
    const rows = (await audit(asMedic, `?action=export&actor=${secretary.id}`)).results;
    expect(rows[0]).toMatchObject({ entity: 'patient', detail: 'patients.csv', patient_ids: [], shown_count: 0, patient: null });
  });

  it("records the medic's reads of the audit that concern a patient, and lists them in the patient's audit and archive", async () => {
    const patient = await insertPatient(t.deps.db, medic.id, { nomeCompleto: 'Titular Que Pergunta' });
    expect((await t.app.inject({ method: 'GET', url: patientUrl(patient.id), headers: asSecretary })).statusCode).toBe(200);
    t.clock.advance(1000);
    const first = await audit(asMedic, `?patient=${patient.id}`);
    expect(first.results.map((row) => [row.action, row.entity])).toEqual([['view', 'patient']]);
    t.clock.advance(1000);
    await csv(`${AUDIT_CSV}?patient=${patient.id}`, asMedic);
    t.clock.advance(1000);

    const second = await audit(asMedic, `?patient=${patient.id}`);
    expect(second.results.map((row) => [row.action, row.entity, row.actor?.id, row.detail])).toEqual([
      ['export', 'audit', medic.id, 'auditoria.csv'],
      ['list', 'audit', medic.id, null],
      ['view', 'patient', secretary.id, null],
    ]);
    expect(second.results[1]).toMatchObject({ patient: { id: patient.id, nome_completo: 'Titular Que Pergunta' }, patient_ids: [patient.id], entity_id: null });

    // An unfiltered page of the audit concerns every patient it names: the next read of this patient's audit shows it.
    t.clock.advance(1000);
    const page = await audit(asMedic, '');
    expect(page.results.some((row) => row.patient_ids.includes(patient.id))).toBe(true);
    const third = await audit(asMedic, `?patient=${patient.id}&action=list`);
    expect(third.results.map((row) => [row.entity, row.patient_ids.includes(patient.id)]).slice(0, 3)).toEqual([
      ['audit', true],
      ['audit', true],
      ['audit', true],
    ]);

    // The CSV of the audit lists the reads in words.
    const [, ...lines] = await csv(`${AUDIT_CSV}?patient=${patient.id}`, asMedic);
    expect(lines.slice(0, 2).map((line) => [line[1], line[2], line[3], line[7]])).toEqual([
      ['Ana Souza', 'Listagem', 'Auditoria', ''],
      ['Ana Souza', 'Listagem', 'Auditoria', ''],
    ]);
    expect(lines.map((line) => [line[2], line[3], line[7]])).toContainEqual(['Exportação', 'Auditoria', 'Auditoria (CSV)']);

    // The patient's archive lists them too, in words.
    t.clock.advance(1000);
    const archive = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/patient/${patient.id}/data_export/`, headers: asMedic });
    expect(archive.statusCode).toBe(200);
    const json = JSON.parse(new PizZip(archive.rawPayload).file('paciente.json')!.asText());
    expect(json.acessos[0]).toMatchObject({ pessoa: 'Ana Souza', acao: 'Exportação de dados do titular', registro: 'Paciente', numero_do_registro: patient.id });
    expect(json.acessos).toContainEqual(expect.objectContaining({ pessoa: 'Ana Souza', acao: 'Listagem', registro: 'Auditoria', detalhe: null }));
    expect(json.acessos).toContainEqual(expect.objectContaining({ pessoa: 'Ana Souza', acao: 'Exportação', registro: 'Auditoria', detalhe: 'Auditoria (CSV)' }));
    expect(json.acessos).toContainEqual(expect.objectContaining({ pessoa: 'Sara Secretária', acao: 'Visualização', registro: 'Paciente', detalhe: null }));
  });

  it('records no read of the audit that names no patient, nor one the query refused', async () => {
    await t.app.audit.flush();
    const before = await countRows(t.deps.db, auditEvents);
    expect((await t.app.inject({ method: 'GET', url: `${AUDIT}?from=2000-01-01&to=2000-01-02`, headers: asMedic })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${AUDIT}?patient=abc`, headers: asMedic })).statusCode).toBe(400);
    await t.app.audit.flush();
    expect(await countRows(t.deps.db, auditEvents)).toBe(before);
  });
});
