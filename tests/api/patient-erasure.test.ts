import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, patients, surgeries, surgeryDocuments, surgeryReceipts } from '../../server/db/schema/index';
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

const brazilian = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

async function auditRows(patientId: number) {
  await t.app.audit.flush();
  return (await t.deps.db.select().from(auditEvents)).filter((row) => row.patientIds.includes(patientId));
}

async function patientRow(id: number) {
  const [row] = await t.deps.db.select().from(patients).where(eq(patients.id, id));
  return row ?? null;
}

describe('a patient without surgeries', () => {
  it('is deleted with their photo, and the deletion is recorded as an erasure', async () => {
    const { id, photoKey } = await patientWithPhoto();
    expect(await t.deps.storage.get(photoKey)).not.toBeNull();

    const response = await erase(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ outcome: 'deleted' });
    expect(await patientRow(id)).toBeNull();
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
  it("is anonymized: identity, photo and documents gone, the cases and the medic's figures kept", async () => {
    const { id, photoKey } = await patientWithPhoto();
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
      },
    });

    const row = (await patientRow(id))!;
    expect(row).toMatchObject({ cpf: '', photoKey: null, photoContentType: null, searchText: `paciente anonimizado #${id}` });
    expect(row.anonymizedAt).toBeInstanceOf(Date);
    expect(await t.deps.storage.get(photoKey)).toBeNull();
    for (const key of documents) expect(await t.deps.storage.get(key)).toBeNull();
    expect(await t.deps.db.select().from(surgeryDocuments).where(inArray(surgeryDocuments.surgeryId, cases.map((c) => c.id)))).toEqual([]);
    expect(await Promise.all(cases.map((c) => surgeryRow(t.deps.db, c.id)))).toEqual(casesBefore);
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
