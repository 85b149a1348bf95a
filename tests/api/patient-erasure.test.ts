import { eq, inArray, sql } from 'drizzle-orm';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCpf } from '../../machines/rules/cpf';
import {
  auditEvents,
  contactConsents,
  opmeItems,
  opmeQuotes,
  patientMessages,
  patientPlanCards,
  patients,
  surgeries,
  surgeryAuthorizations,
  surgeryDispatches,
  surgeryDocuments,
  surgeryGlosas,
  surgeryLedgers,
  surgeryReceipts,
  surgeryStatusHistory,
} from '../../server/db/schema/index';
import { normalizeSearchText } from '../../server/services/search-text';
import { saoPauloDay } from '../../server/services/sao-paulo-time';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, lookupIds, surgeryRow } from '../helpers/clinical-fixtures';
import { countRows, signInMedicSecretaryAndOther, validCpf, type AuthHeaders, type TestAccount } from '../helpers/fixtures';
import { solidPng } from '../helpers/png';

/**
 * POST /surgery/api/v1/patient/{id}/erasure/ (issue 16 item 4; openapi erasePatient): a patient's erasure request,
 * answered by deleting (no surgery), refusing (the record is kept 20 years after its last activity, Lei 13.787/2018)
 * or anonymizing (the keeping period over), on the run's database (PGlite, or PostgreSQL with DATABASE_URL). The
 * files on the PostgreSQL and S3 stores are checked in patient-files.test.ts.
 */
const eraseUrl = (id: number | string) => `/surgery/api/v1/patient/${id}/erasure/`;
const NOT_FOUND = { error: ['Paciente não encontrado.'] };
const DAY_MS = 86_400_000;

let t: TestApp;
let medic: TestAccount;
let asMedic: AuthHeaders;
let asSecretary: AuthHeaders;
let asOtherMedic: AuthHeaders;
let planId: number;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  ({ medic, asMedic, asSecretary, asOtherMedic } = await signInMedicSecretaryAndOther(t.deps, t.app));
  planId = (await lookupIds(t.deps.db)).healthPlanIds[0]!;
});
afterAll(async () => {
  await t?.close();
});

const erase = (id: number | string, headers: AuthHeaders | Record<string, never> = asMedic) =>
  t.app.inject({ method: 'POST', url: eraseUrl(id), headers });

/** A patient of the medic created through the API with every field and a photo; answers its id and photo key. */
async function patientWithPhoto(): Promise<{ id: number; photoKey: string }> {
  const n = ++seq;
  const form = new FormData();
  const fields: Record<string, string> = {
    nome_completo: `Titular Exclusão ${n}`,
    cellphone: '(11) 9 8765-4321',
    convenio: String(planId),
    birthday: '1975-01-31',
    address: 'Rua do Titular, 42',
    cep: '01310-100',
    cpf: validCpf(91_000 + n * 13),
    gender: 'female',
    // The card of the plan (issue 37): it identifies the patient at the plan, so it goes with the erasure.
    plan_card: JSON.stringify({ card_number: `CART-${n}`, valid_until: '2030-12-31', plan_name: 'Plano Ouro' }),
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('foto', new Blob([new Uint8Array(solidPng(4, [10, 120, 200]))], { type: 'image/png' }), 'foto.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const response = await t.app.inject({
    method: 'POST',
    url: '/surgery/api/v1/add_paciente/',
    headers: { ...asMedic, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().id as number;
  const [row] = await t.deps.db.select().from(patients).where(eq(patients.id, id));
  return { id, photoKey: row!.photoKey! };
}

/** A PDF stored and attached to case `surgeryId` as its medical report; answers its key. */
async function attachDocument(surgeryId: number): Promise<string> {
  const key = `surgeries/erasure-${surgeryId}-${++seq}.pdf`;
  const pdf = Buffer.from('%PDF-1.4\n% laudo\n%%EOF\n');
  await t.deps.storage.put(key, pdf, 'application/pdf');
  await t.deps.db
    .insert(surgeryDocuments)
    .values({ surgeryId, kind: 'medical_report', fileKey: key, contentType: 'application/pdf', originalName: 'laudo.pdf', size: pdf.length, uploadedAt: new Date('2001-01-01T12:00:00Z') });
  return key;
}

/** Backdates the patient and their cases: every timestamp and date of them to `at`. */
async function backdate(patientId: number, at: Date): Promise<void> {
  await t.deps.db.update(patients).set({ createdAt: at, updatedAt: at }).where(eq(patients.id, patientId));
  await t.deps.db
    .update(surgeries)
    .set({ createdAt: at, updatedAt: at, statusChangedAt: at })
    .where(eq(surgeries.patientId, patientId));
}

/** `days` São Paulo days before today, twenty years ago, at noon there (15:00 UTC), as an instant. */
function twentyYearsAgo(days = 0): { at: Date; day: string } {
  const today = saoPauloDay(t.clock.now);
  const then = new Date(`${Number(today.slice(0, 4)) - 20}${today.slice(4)}T15:00:00Z`);
  const at = new Date(then.getTime() - days * DAY_MS);
  return { at, day: saoPauloDay(at) };
}

const rowsOf = <Row>(result: unknown): Row[] => ((result as { rows?: Row[] }).rows ?? (result as Row[]));

const brazilian = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

async function auditRows(patientId: number) {
  await t.app.audit.flush();
  return (await t.deps.db.select().from(auditEvents)).filter((row) => row.patientIds.includes(patientId));
}

/** The patient's stored plan cards (patient_plan_cards). */
const cardsOf = (patientId: number) => t.deps.db.select().from(patientPlanCards).where(eq(patientPlanCards.patientId, patientId));

async function patientRow(id: number) {
  const [row] = await t.deps.db.select().from(patients).where(eq(patients.id, id));
  return row ?? null;
}

describe('a patient without surgeries', () => {
  it('is deleted with their photo, and the deletion is recorded as an erasure', async () => {
    const { id, photoKey } = await patientWithPhoto();
    expect(await t.deps.storage.get(photoKey)).not.toBeNull();
    expect(await cardsOf(id)).toHaveLength(1);

    const response = await erase(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ outcome: 'deleted' });
    expect(await patientRow(id)).toBeNull();
    expect(await cardsOf(id)).toEqual([]);
    expect(await t.deps.storage.get(photoKey)).toBeNull();
    const rows = await auditRows(id);
    expect(rows.filter((row) => row.action === 'delete')).toEqual([
      expect.objectContaining({ medicId: medic.id, actorId: medic.id, entity: 'patient', entityId: id, detail: 'erasure' }),
    ]);

    // Asked again: the patient is gone.
    expect((await erase(id)).statusCode).toBe(404);
  });
});

describe('a patient whose record must still be kept', () => {
  it('is refused with the last day of keeping, and nothing but the refusal is written', async () => {
    const { id, photoKey } = await patientWithPhoto();
    const surgery = await insertSurgery(t.deps.db, { id, medicId: medic.id }, { status: 'agendamento', schedule: new Date('2025-03-10T13:00:00Z') });
    const document = await attachDocument(surgery.id);
    await backdate(id, new Date('2001-06-01T12:00:00Z'));
    const before = { patient: await patientRow(id), surgery: await surgeryRow(t.deps.db, surgery.id) };
    const auditBefore = (await auditRows(id)).length;

    const response = await erase(id);
    expect(response.statusCode).toBe(403);
    // The surgery's date (10/03/2025 in São Paulo) is the last activity: kept through 10/03/2045.
    expect(response.json()).toEqual({ error: ['O prontuário deste paciente deve ser mantido até 10/03/2045 (Lei 13.787/2018). Nada foi alterado.'] });

    expect(await patientRow(id)).toEqual(before.patient);
    expect(await surgeryRow(t.deps.db, surgery.id)).toEqual(before.surgery);
    expect(await t.deps.storage.get(photoKey)).not.toBeNull();
    expect(await t.deps.storage.get(document)).not.toBeNull();
    const rows = await auditRows(id);
    expect(rows).toHaveLength(auditBefore + 1);
    expect(rows.at(-1)).toMatchObject({ medicId: medic.id, actorId: medic.id, action: 'erasure_refused', entity: 'patient', entityId: id, detail: 'retention' });
  });

  it("counts the fee ledger's rows as activity: a receipt years after the surgery moves the date", async () => {
    const patient = await insertPatient(t.deps.db, medic.id);
    const surgery = await insertSurgery(t.deps.db, patient, { status: 'concluido', stepData: { accomplishment: '2001-02-03' } });
    await backdate(patient.id, new Date('2001-02-03T12:00:00Z'));
    await t.deps.db.insert(surgeryReceipts).values({
      surgeryId: surgery.id,
      receivedOn: '2009-08-07',
      amountCents: 10_000,
      payer: 'particular',
      createdAt: new Date('2001-02-03T12:00:00Z'),
    });
    const response = await erase(patient.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual(['O prontuário deste paciente deve ser mantido até 07/08/2029 (Lei 13.787/2018). Nada foi alterado.']);
  });

  it("counts the patient's own last update", async () => {
    const patient = await insertPatient(t.deps.db, medic.id);
    await insertSurgery(t.deps.db, patient, { status: 'ind_paciente' });
    await backdate(patient.id, new Date('2001-02-03T12:00:00Z'));
    await t.deps.db.update(patients).set({ updatedAt: new Date('2013-06-12T02:00:00Z') }).where(eq(patients.id, patient.id));
    const response = await erase(patient.id);
    // 02:00 UTC is still 11/06 in São Paulo.
    expect(response.json().error).toEqual(['O prontuário deste paciente deve ser mantido até 11/06/2033 (Lei 13.787/2018). Nada foi alterado.']);
  });

  it('is refused through the last day of the 20 years, and anonymized from the day after', async () => {
    const lastDay = await insertPatient(t.deps.db, medic.id);
    await insertSurgery(t.deps.db, lastDay, { status: 'concluido' });
    const exactly = twentyYearsAgo(0);
    await backdate(lastDay.id, exactly.at);
    const refused = await erase(lastDay.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error[0]).toContain(`mantido até ${brazilian(saoPauloDay(t.clock.now))} (Lei 13.787/2018)`);
    expect((await patientRow(lastDay.id))!.anonymizedAt).toBeNull();

    const dayAfter = await insertPatient(t.deps.db, medic.id);
    await insertSurgery(t.deps.db, dayAfter, { status: 'concluido' });
    await backdate(dayAfter.id, twentyYearsAgo(1).at);
    const anonymized = await erase(dayAfter.id);
    expect(anonymized.statusCode, anonymized.body).toBe(200);
    expect(anonymized.json().outcome).toBe('anonymized');

    // Its activity a day older: its keeping is over too.
    await backdate(lastDay.id, twentyYearsAgo(1).at);
    const later = await erase(lastDay.id);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().outcome).toBe('anonymized');
  });
});

describe('a patient whose keeping period is over', () => {
  it("is anonymized: identity, photo, plan cards and documents gone, the cases and the medic's figures kept", async () => {
    const { id, photoKey } = await patientWithPhoto();
    // A second card, of a plan the patient had before: every card goes, not only the current plan's.
    const otherPlan = (await lookupIds(t.deps.db)).healthPlanIds[1]!;
    await t.deps.db.insert(patientPlanCards).values({ patientId: id, healthPlanId: otherPlan, cardNumber: 'ANTIGA-1', validUntil: null, planName: null });
    expect(await cardsOf(id)).toHaveLength(2);
    const cases = [
      await insertSurgery(t.deps.db, { id, medicId: medic.id }, { status: 'concluido', feesPayments: '2500.00', stepData: { accomplishment: '2002-04-05', paymentDone: '2500.00', datePayment: '2002-05-06' } }),
      await insertSurgery(t.deps.db, { id, medicId: medic.id }, { status: 'cancelado' }),
    ];
    const documents = [await attachDocument(cases[0]!.id), await attachDocument(cases[1]!.id)];
    await backdate(id, new Date('2002-05-06T12:00:00Z'));
    await t.deps.db.update(surgeryReceipts).set({ createdAt: new Date('2002-05-06T12:00:00Z') }).where(inArray(surgeryReceipts.surgeryId, cases.map((c) => c.id)));
    const casesBefore = await Promise.all(cases.map((c) => surgeryRow(t.deps.db, c.id)));
    const dashboard = async () => (await t.app.inject({ method: 'GET', url: '/surgery/api/v1/dashboard/?period=all', headers: asMedic })).json();
    const figuresBefore = await dashboard();
    expect(figuresBefore.money).toBeDefined();

    const response = await erase(id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      outcome: 'anonymized',
      patient: {
        id,
        nome_completo: `Paciente anonimizado #${id}`,
        foto: null,
        cellphone: null,
        convenio: null,
        birthday: null,
        address: null,
        full_address: null,
        cep: null,
        cpf: '',
        gender: null,
        medic: expect.objectContaining({ id: medic.id }),
        anonymized_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/),
        plan_card: null,
      },
    });
    expect(await cardsOf(id)).toEqual([]);

    const row = (await patientRow(id))!;
    expect(row).toMatchObject({ cpf: '', photoKey: null, photoContentType: null, searchText: `paciente anonimizado #${id}` });
    expect(row.anonymizedAt).toBeInstanceOf(Date);
    expect(await t.deps.storage.get(photoKey)).toBeNull();
    for (const key of documents) expect(await t.deps.storage.get(key)).toBeNull();
    expect(await t.deps.db.select().from(surgeryDocuments).where(inArray(surgeryDocuments.surgeryId, cases.map((c) => c.id)))).toEqual([]);
    // The cases stay as they were (they had no text to clear); their version moves, so a stale form cannot save.
    expect(await Promise.all(cases.map((c) => surgeryRow(t.deps.db, c.id)))).toEqual(casesBefore.map((c) => ({ ...c, version: c.version + 1 })));
    expect(await dashboard()).toEqual(figuresBefore);
    const anonymize = (await auditRows(id)).filter((r) => r.action === 'anonymize');
    expect(anonymize).toEqual([expect.objectContaining({ medicId: medic.id, actorId: medic.id, entity: 'patient', entityId: id, detail: 'erasure' })]);

    // Shown as anonymized in the list and by its own read; the secretary sees it too.
    const list = (await t.app.inject({ method: 'GET', url: `/surgery/api/v1/patient/?search=anonimizado`, headers: asSecretary })).json();
    expect(list.results).toContainEqual(expect.objectContaining({ id, nome_completo: `Paciente anonimizado #${id}`, anonymized_at: body.patient.anonymized_at }));

    // Asked again: the same answer, nothing changed, no second anonymization.
    const again = await erase(id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
    expect(await patientRow(id)).toEqual(row);
    expect((await auditRows(id)).filter((r) => r.action === 'anonymize')).toHaveLength(1);
  });

  it('can no longer be edited (403), and two anonymized patients of one medic do not collide on the CPF', async () => {
    const ids: number[] = [];
    for (let n = 0; n < 2; n += 1) {
      const patient = await insertPatient(t.deps.db, medic.id);
      await insertSurgery(t.deps.db, patient, { status: 'concluido' });
      await backdate(patient.id, new Date('2003-03-03T12:00:00Z'));
      expect((await erase(patient.id)).statusCode).toBe(200);
      ids.push(patient.id);
    }
    const form = new FormData();
    for (const [name, value] of Object.entries({ nome_completo: 'Nome Novo', cellphone: '11987654321', cpf: validCpf(5151), gender: 'male' })) {
      form.append(name, value);
    }
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const before = await patientRow(ids[0]!);
    for (const headers of [asMedic, asSecretary]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/surgery/api/v1/update_patient/${ids[0]}/`,
        headers: { ...headers, 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(await request.clone().arrayBuffer()),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: ['Este paciente foi anonimizado (LGPD) e não pode mais ser editado.'] });
    }
    expect(await patientRow(ids[0]!)).toEqual(before);
  });

  it('starts no new case: a surgery for an anonymized patient is refused (400), nothing written', async () => {
    const patient = await insertPatient(t.deps.db, medic.id);
    await insertSurgery(t.deps.db, patient, { status: 'concluido' });
    await backdate(patient.id, new Date('2002-02-02T12:00:00Z'));
    expect((await erase(patient.id)).statusCode).toBe(200);
    const ids = await lookupIds(t.deps.db);
    const casesBefore = await countRows(t.deps.db, surgeries);
    for (const headers of [asMedic, asSecretary]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/surgery/api/v1/create_surgery/',
        headers,
        payload: {
          patient: patient.id,
          cid: [ids.cidIds[0]],
          procedure: [ids.procedureIds[0]],
          hospital: ids.hospitalIds[0],
          health_plan: null,
          fees_payments: 1000,
          surgery_note: null,
          opme: false,
          payment_fountains: 'particular',
        },
      });
      expect(response.statusCode, response.body).toBe(400);
      const message = 'Este paciente foi anonimizado (LGPD): cadastre-o novamente para uma nova cirurgia.';
      expect(response.json()).toEqual({ error: [message], patient: [message] });
    }
    expect(await countRows(t.deps.db, surgeries)).toBe(casesBefore);
  });
});

describe("the free text of an anonymized patient's cases", () => {
  const NAME = 'Quitéria Brandão Anonimizável';
  const CPF = validCpf(987_654_321);
  const planted = (field: string) => `${field}: ${NAME}, CPF ${formatCpf(CPF)} (${CPF})`;
  /** Every free-text column reachable from the patient, by where the test plants it. */
  const FIELDS = [
    'surgery_note', 'document_note', 'hospital_approvals_note', 'plan_approvals_note', 'opme_approvals_note', 'schedule_note',
    'accomplishment_note', 'payment_notes', 'loss_reason_note', 'authorization_protocol', 'authorization_password',
    'authorization_notes', 'dispatch_recipient', 'dispatch_item', 'dispatch_notes', 'opme_description', 'opme_supplier',
    'opme_brand', 'billing_reference', 'receipt_note', 'glosa_reason', 'glosa_note', 'message_text', 'message_recipient',
    'consent_email',
  ] as const;
  const traces = [NAME, CPF, formatCpf(CPF), normalizeSearchText(NAME)];

  /** The bodies of every API answer that shows the patient or their case, as text (the archive's JSON unzipped). */
  async function answers(patientId: number, surgeryId: number): Promise<Record<string, string>> {
    const get = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: asMedic });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response;
    };
    const texts: Record<string, string> = {};
    for (const url of [
      `/surgery/api/v1/patient/${patientId}/`,
      `/surgery/api/v1/patient/?search=${encodeURIComponent('Quitéria')}`,
      `/surgery/api/v1/patient/?page=1`,
      `/surgery/api/v1/surgery/${surgeryId}/`,
      `/surgery/api/v1/surgery/?page=1`,
      `/surgery/api/v1/surgery/${surgeryId}/authorizations/`,
      `/surgery/api/v1/surgery/${surgeryId}/dispatches/`,
      `/surgery/api/v1/surgery/${surgeryId}/opme/`,
      `/surgery/api/v1/surgery/${surgeryId}/ledger/`,
      `/surgery/api/v1/surgery/${surgeryId}/checklist/`,
      `/surgery/api/v1/receivables/`,
      `/surgery/api/v1/appeal_alerts/`,
      `/surgery/api/v1/authorization_alerts/`,
      `/surgery/api/v1/surgery/export.csv`,
      `/surgery/api/v1/patient/export.csv`,
      `/surgery/api/v1/receivables/export.csv`,
      `/surgery/api/v1/audit/?patient=${patientId}`,
      `/surgery/api/v1/audit/export.csv?patient=${patientId}`,
      `/surgery/api/v1/surgery/${surgeryId}/messages/`,
      `/surgery/api/v1/patient/${patientId}/contact_consents/`,
    ]) {
      texts[url] = (await get(url)).body;
    }
    const archive = await get(`/surgery/api/v1/patient/${patientId}/data_export/`);
    const zip = new PizZip(archive.rawPayload);
    for (const name of Object.keys(zip.files)) {
      if (!zip.files[name]!.dir && /\.(json|html|txt|csv)$/.test(name)) texts[`data_export/${name}`] = zip.files[name]!.asText();
    }
    return texts;
  }

  /** Every row of every table of the database, as JSON text, with its table's name. */
  async function databaseRows(): Promise<{ table: string; row: string }[]> {
    await t.app.audit.flush();
    const tables = rowsOf<{ name: string }>(
      await t.deps.db.execute(sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`),
    );
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['patients', 'surgeries', 'opme_quotes', 'surgery_dispatches', 'audit_events']));
    const rows: { table: string; row: string }[] = [];
    for (const { name } of tables) {
      const result = await t.deps.db.execute(sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`);
      for (const { row } of rowsOf<{ row: string }>(result)) rows.push({ table: name, row });
    }
    return rows;
  }

  it('are cleared in every table: no API answer and no row of the database holds the name or the CPF afterwards', async () => {
    const patient = await insertPatient(t.deps.db, medic.id, { nomeCompleto: NAME, cpf: CPF, searchText: normalizeSearchText(NAME) } as never);
    const surgery = await insertSurgery(t.deps.db, patient, {
      status: 'concluido',
      opme: true,
      feesPayments: '3000.00',
      stepData: {
        accomplishment: '2003-04-05',
        documentNote: planted('document_note'),
        hospitalApprovalsNote: planted('hospital_approvals_note'),
        planApprovalsNote: planted('plan_approvals_note'),
        opmeApprovalsNote: planted('opme_approvals_note'),
        scheduleNote: planted('schedule_note'),
        accomplishmentNote: planted('accomplishment_note'),
        paymentNotes: planted('payment_notes'),
      },
    });
    const db = t.deps.db;
    const at = new Date('2003-04-05T12:00:00Z');
    await db.update(surgeries).set({ surgeryNote: planted('surgery_note') }).where(eq(surgeries.id, surgery.id));
    await db.insert(surgeryStatusHistory).values({ surgeryId: surgery.id, fromStatus: 'agendamento', toStatus: 'arquiv', reason: 'paciente_desistiu', reasonNote: planted('loss_reason_note'), changedAt: at });
    await db.insert(surgeryAuthorizations).values({
      surgeryId: surgery.id,
      payer: 'hospital',
      status: 'aprovada',
      requestedOn: '2003-03-01',
      decidedOn: '2003-03-02',
      protocol: planted('authorization_protocol'),
      password: planted('authorization_password'),
      notes: planted('authorization_notes'),
      createdAt: at,
      updatedAt: at,
    });
    await db.insert(surgeryDispatches).values({
      surgeryId: surgery.id,
      sentOn: '2003-03-01',
      recipient: planted('dispatch_recipient'),
      channel: 'email',
      items: ['Laudo médico', planted('dispatch_item')],
      notes: planted('dispatch_notes'),
      createdAt: at,
    });
    const [item] = await db
      .insert(opmeItems)
      .values({ surgeryId: surgery.id, position: 0, description: planted('opme_description'), quantity: 2, chosenQuote: 0, createdAt: at, updatedAt: at })
      .returning();
    await db.insert(opmeQuotes).values({ itemId: item!.id, position: 0, supplier: planted('opme_supplier'), brand: planted('opme_brand'), unitPrice: '100.00' });
    await db.insert(surgeryLedgers).values({ surgeryId: surgery.id, billedOn: '2003-04-06', billingReference: planted('billing_reference'), createdAt: at, updatedAt: at });
    await db.insert(surgeryReceipts).values({ surgeryId: surgery.id, receivedOn: '2003-05-01', amountCents: 100_000, payer: 'particular', note: planted('receipt_note'), createdAt: at });
    await db.insert(surgeryGlosas).values({ surgeryId: surgery.id, glosaOn: '2003-05-02', amountCents: 20_000, reason: planted('glosa_reason'), note: planted('glosa_note'), createdAt: at, updatedAt: at });
    await db.insert(patientMessages).values({
      surgeryId: surgery.id,
      patientId: patient.id,
      template: 'agendamento',
      channel: 'email',
      recipient: planted('message_recipient'),
      text: planted('message_text'),
      sentAt: at,
    });
    await db.insert(contactConsents).values({ patientId: patient.id, channel: 'email', email: planted('consent_email'), consentedOn: '2003-03-01', recordedAt: at });
    await backdate(patient.id, at);

    // Before: each planted text is served by some answer (so the check below looks where it would be).
    const before = Object.values(await answers(patient.id, surgery.id)).join('\n');
    for (const field of FIELDS) expect(before, field).toContain(`${field}: ${NAME}`);
    const auditBefore = (await databaseRows()).filter((each) => each.table === 'audit_events');
    const figuresBefore = (await t.app.inject({ method: 'GET', url: '/surgery/api/v1/dashboard/?period=all', headers: asMedic })).json();

    const response = await erase(patient.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().outcome).toBe('anonymized');

    const after = await answers(patient.id, surgery.id);
    for (const [url, text] of Object.entries(after)) {
      for (const trace of traces) expect(text.includes(trace), `${url} holds ${trace}`).toBe(false);
    }
    const rows = await databaseRows();
    for (const { table, row } of rows) {
      for (const trace of traces) expect(row.includes(trace), `a row of ${table} holds ${trace}`).toBe(false);
    }

    // What is not free text stays: the amounts, dates and choices, and so the medic's figures.
    const detail = JSON.parse(after[`/surgery/api/v1/surgery/${surgery.id}/`]!);
    expect(detail).toMatchObject({ status: 'concluido', surgery_note: null, accomplishment: '2003-04-05', payment_notes: null });
    const [authorization] = await db.select().from(surgeryAuthorizations).where(eq(surgeryAuthorizations.surgeryId, surgery.id));
    expect(authorization).toMatchObject({ status: 'aprovada', requestedOn: '2003-03-01', decidedOn: '2003-03-02', protocol: null, password: null, notes: null });
    const [dispatch] = await db.select().from(surgeryDispatches).where(eq(surgeryDispatches.surgeryId, surgery.id));
    expect(dispatch).toMatchObject({ sentOn: '2003-03-01', channel: 'email', recipient: 'Anonimizado (LGPD)', items: ['Anonimizado (LGPD)', 'Anonimizado (LGPD)'], notes: null });
    expect(await db.select().from(opmeItems).where(eq(opmeItems.surgeryId, surgery.id))).toEqual([
      expect.objectContaining({ description: 'Anonimizado (LGPD)', quantity: 2, chosenQuote: 0 }),
    ]);
    expect(await db.select().from(opmeQuotes).where(eq(opmeQuotes.itemId, item!.id))).toEqual([
      { itemId: item!.id, position: 0, supplier: 'Anonimizado (LGPD)', brand: null, unitPrice: '100.00' },
    ]);
    expect(await db.select().from(surgeryGlosas).where(eq(surgeryGlosas.surgeryId, surgery.id))).toEqual([
      expect.objectContaining({ amountCents: 20_000, glosaOn: '2003-05-02', reason: 'Anonimizado (LGPD)', note: null }),
    ]);
    expect(await db.select().from(surgeryStatusHistory).where(inArray(surgeryStatusHistory.surgeryId, [surgery.id]))).toContainEqual(
      expect.objectContaining({ reason: 'paciente_desistiu', reasonNote: null }),
    );
    expect((await t.app.inject({ method: 'GET', url: '/surgery/api/v1/dashboard/?period=all', headers: asMedic })).json()).toEqual(figuresBefore);
    // The message stays on the case's history, without its text or address; the consent is gone.
    expect(await db.select().from(patientMessages).where(eq(patientMessages.surgeryId, surgery.id))).toEqual([
      expect.objectContaining({ template: 'agendamento', channel: 'email', recipient: '', text: '' }),
    ]);
    expect(await db.select().from(contactConsents).where(eq(contactConsents.patientId, patient.id))).toEqual([]);

    // The audit trail is append-only: every row written before is still there, unchanged.
    const auditAfter = rows.filter((each) => each.table === 'audit_events').map((each) => each.row);
    expect(auditAfter).toEqual(expect.arrayContaining(auditBefore.map((each) => each.row)));
  });
});

describe('who may ask', () => {
  it('is 404 for a secretary, another medic, an unknown or malformed id; 401 without a token; nothing written', async () => {
    const patient = await insertPatient(t.deps.db, medic.id);
    const before = await patientRow(patient.id);
    await t.app.audit.flush();
    const auditBefore = await countRows(t.deps.db, auditEvents);
    for (const headers of [asSecretary, asOtherMedic]) {
      const response = await erase(patient.id, headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    for (const id of ['abc', '0', '999999']) {
      const response = await erase(id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect((await erase(patient.id, {})).statusCode).toBe(401);
    expect(await patientRow(patient.id)).toEqual(before);
    await t.app.audit.flush();
    expect(await countRows(t.deps.db, auditEvents)).toBe(auditBefore);
  });
});
