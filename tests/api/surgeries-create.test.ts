import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import {
  cids,
  patients,
  procedures,
  surgeries,
  surgeryCids,
  surgeryProcedures,
  surgeryStatusHistory,
} from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, lookupIds } from '../helpers/clinical-fixtures';
import { authHeader, countRows, createMedic, createSecretary, signIn, TEST_PASSWORD, type TestAccount } from '../helpers/fixtures';

const URL = '/surgery/api/v1/create_surgery/';

let t: TestApp;
let ids: Awaited<ReturnType<typeof lookupIds>>;
let medic: TestAccount;
let otherMedic: TestAccount;
let medicToken: string;
let secretary: TestAccount;
let secretaryToken: string;
let patientId: number;
let otherPatientId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await lookupIds(t.deps.db);
  medic = await createMedic(t.deps);
  otherMedic = await createMedic(t.deps);
  secretary = await createSecretary(t.deps, { medicIds: [medic.id] });
  medicToken = (await signIn(t.app, medic.email, TEST_PASSWORD)).access_token;
  secretaryToken = (await signIn(t.app, secretary.email, TEST_PASSWORD)).access_token;
  patientId = (await insertPatient(t.deps.db, medic.id)).id;
  otherPatientId = (await insertPatient(t.deps.db, otherMedic.id)).id;
});
afterAll(async () => {
  await t?.close();
});

/** A complete, valid payload of SPEC §7 for the medic's patient. */
function payload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    cid: [ids.cidIds[0], ids.cidIds[1]],
    procedure: [ids.procedureIds[0]],
    patient: patientId,
    hospital: ids.hospitalIds[0],
    health_plan: ids.healthPlanIds[0],
    fees_payments: 2500.5,
    surgery_note: 'Paciente com indicação eletiva.',
    opme: false,
    payment_fountains: 'plano_saude',
    ...overrides,
  };
}

function create(body: unknown, token = medicToken) {
  return t.app.inject({ method: 'POST', url: URL, headers: authHeader(token), payload: body as Record<string, unknown> });
}

async function counts() {
  const { db } = t.deps;
  return {
    surgeries: await countRows(db, surgeries),
    procedures: await countRows(db, surgeryProcedures),
    cids: await countRows(db, surgeryCids),
    history: await countRows(db, surgeryStatusHistory),
  };
}

/** Posts `body`, expects a 400 whose body contains `expected`, and checks that nothing was written. */
async function expectRejected(body: unknown, expected: Record<string, unknown>, token = medicToken) {
  const before = await counts();
  const res = await create(body, token);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject(expected);
  expect(await counts()).toEqual(before);
  return res.json() as Record<string, string[]>;
}

async function storedSurgery(id: number) {
  const [row] = await t.deps.db.select().from(surgeries).where(eq(surgeries.id, id));
  return row!;
}

describe('POST /surgery/api/v1/create_surgery/', () => {
  it('creates the case at ind_paciente with its ordered codes and first history row when a medic sends it', async () => {
    const before = await counts();
    const cid = [ids.cidIds[3], ids.cidIds[0], ids.cidIds[2]];
    const procedure = [ids.procedureIds[4], ids.procedureIds[1]];
    const res = await create(payload({ cid, procedure, opme: true }));
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: number };
    expect(res.json()).toEqual({ id: expect.any(Number) });

    const row = await storedSurgery(id);
    expect(row).toMatchObject({
      medicId: medic.id,
      patientId,
      hospitalId: ids.hospitalIds[0],
      healthPlanId: ids.healthPlanIds[0],
      paymentFountains: 'plano_saude',
      opme: true,
      feesPayments: '2500.50',
      surgeryNote: 'Paciente com indicação eletiva.',
      status: 'ind_paciente',
      createdBy: medic.id,
    });
    expect(row.statusChangedAt.getTime()).toBe(t.clock.now.getTime());

    const db = t.deps.db;
    const procedureRows = await db.select().from(surgeryProcedures).where(eq(surgeryProcedures.surgeryId, id)).orderBy(asc(surgeryProcedures.position));
    expect(procedureRows.map((r) => [r.position, r.procedureId])).toEqual([[0, procedure[0]], [1, procedure[1]]]);
    const cidRows = await db.select().from(surgeryCids).where(eq(surgeryCids.surgeryId, id)).orderBy(asc(surgeryCids.position));
    expect(cidRows.map((r) => [r.position, r.cidId])).toEqual([[0, cid[0]], [1, cid[1]], [2, cid[2]]]);
    const history = await db.select().from(surgeryStatusHistory).where(eq(surgeryStatusHistory.surgeryId, id));
    expect(history).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'ind_paciente', changedBy: medic.id, changedAt: t.clock.now }),
    ]);
    expect(await counts()).toEqual({
      surgeries: before.surgeries + 1,
      procedures: before.procedures + 2,
      cids: before.cids + 3,
      history: before.history + 1,
    });
  });

  it("gives the case the patient's medic when a linked secretary creates it", async () => {
    const res = await create(payload(), secretaryToken);
    expect(res.statusCode).toBe(201);
    const row = await storedSurgery(res.json().id);
    expect(row.medicId).toBe(medic.id);
    const [history] = await t.deps.db.select().from(surgeryStatusHistory).where(eq(surgeryStatusHistory.surgeryId, row.id));
    expect(history?.changedBy).not.toBe(medic.id);
  });

  it('the creator holds the new case: the secretary who registers it, the medic his own (issue 33 item 13)', async () => {
    const bySecretary = (await create(payload(), secretaryToken)).json() as { id: number };
    expect((await storedSurgery(bySecretary.id)).holderId).toBe(secretary.id);
    const read = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${bySecretary.id}/`, headers: authHeader(medicToken) });
    expect(read.json().holder).toEqual({ id: secretary.id, first_name: secretary.firstName, last_name: secretary.lastName });
    const mine = await t.app.inject({ method: 'GET', url: '/surgery/api/v1/surgery/?mine=true', headers: authHeader(secretaryToken) });
    expect((mine.json() as { results: Array<{ id: number }> }).results.map((row) => row.id)).toContain(bySecretary.id);

    const byMedic = (await create(payload())).json() as { id: number };
    expect((await storedSurgery(byMedic.id)).holderId).toBeNull();
    const medicRead = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${byMedic.id}/`, headers: authHeader(medicToken) });
    expect(medicRead.json().holder).toEqual({ id: medic.id, first_name: medic.firstName, last_name: medic.lastName });
  });

  it('answers the case through GET /surgery/api/v1/surgery/{id}/ with the codes in the order sent', async () => {
    const cid = [ids.cidIds[4], ids.cidIds[1]];
    const procedure = [ids.procedureIds[3], ids.procedureIds[0], ids.procedureIds[2]];
    const { id } = (await create(payload({ cid, procedure }))).json() as { id: number };
    const res = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${id}/`, headers: authHeader(medicToken) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.procedure.map((p: { id: number }) => p.id)).toEqual(procedure);
    expect(body.cid.map((c: { id: number }) => c.id)).toEqual(cid);
    expect(body).toMatchObject({ status: 'ind_paciente', fees_payments: 2500.5, opme: false, payment_fountains: 'plano_saude' });
  });

  it('keeps numeric strings, drops non-numeric ids and counts a repeated id once', async () => {
    const res = await create(
      payload({ cid: ['abc', String(ids.cidIds[2]), ids.cidIds[2], null, { id: 1 }], procedure: [ids.procedureIds[1], 'x'] }),
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    const cidRows = await t.deps.db.select().from(surgeryCids).where(eq(surgeryCids.surgeryId, id));
    expect(cidRows.map((r) => r.cidId)).toEqual([ids.cidIds[2]]);
  });

  it('stores no expected value for clt and no health plan for a source other than plano_saude', async () => {
    const clt = await create(payload({ payment_fountains: 'clt', fees_payments: 1200 }));
    expect(clt.statusCode).toBe(201);
    expect(await storedSurgery(clt.json().id)).toMatchObject({ paymentFountains: 'clt', feesPayments: null, healthPlanId: null });

    const particular = await create(payload({ payment_fountains: 'particular', health_plan: ids.healthPlanIds[1], fees_payments: 800 }));
    expect(particular.statusCode).toBe(201);
    expect(await storedSurgery(particular.json().id)).toMatchObject({ healthPlanId: null, feesPayments: '800.00' });

    // An unknown plan is ignored too when it would not be stored.
    const coop = await create(payload({ payment_fountains: 'coop', health_plan: 999_999 }));
    expect(coop.statusCode).toBe(201);
  });

  it('accepts a null payment source, a null expected value, no note and a note of exactly 1000 characters', async () => {
    const res = await create(payload({ payment_fountains: null, fees_payments: null, surgery_note: null, health_plan: null }));
    expect(res.statusCode).toBe(201);
    expect(await storedSurgery(res.json().id)).toMatchObject({ paymentFountains: null, feesPayments: null, surgeryNote: null });
    const long = await create(payload({ surgery_note: 'a'.repeat(1000) }));
    expect(long.statusCode).toBe(201);
  });

  it('answers 401 without a token and writes nothing', async () => {
    const before = await counts();
    const res = await t.app.inject({ method: 'POST', url: URL, payload: payload() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ['Sessão expirada. Entre novamente.'] });
    expect(await counts()).toEqual(before);
  });
});

describe('POST /surgery/api/v1/create_surgery/ (CID and procedure rules, SPEC §5 and §8)', () => {
  it('answers "Preencha CID e Procedimento!" with both field errors when both lists are empty', async () => {
    const body = await expectRejected(payload({ cid: [], procedure: [] }), {
      error: ['Preencha CID e Procedimento!'],
      cid: ['Preencha CID!'],
      procedure: ['Preencha procedimento!'],
    });
    expect(Object.keys(body).sort()).toEqual(['cid', 'error', 'procedure']);
  });

  it('answers "Preencha CID!" when only the CID list is empty (absent and null count as empty)', async () => {
    for (const cid of [[], undefined, null, ['abc', '']]) {
      await expectRejected(payload({ cid }), { error: ['Preencha CID!'], cid: ['Preencha CID!'] });
    }
  });

  it('answers "Preencha procedimento!" when only the procedure list is empty', async () => {
    await expectRejected(payload({ procedure: [] }), { error: ['Preencha procedimento!'], procedure: ['Preencha procedimento!'] });
  });

  it('refuses more than five CIDs or procedures with a field message', async () => {
    const six = async (table: typeof cids | typeof procedures) =>
      (await t.deps.db.select({ id: table.id }).from(table).orderBy(asc(table.id)).limit(6)).map((row) => row.id);
    await expectRejected(payload({ cid: await six(cids) }), {
      error: ['Informe no máximo 5 CIDs.'],
      cid: ['Informe no máximo 5 CIDs.'],
    });
    await expectRejected(payload({ procedure: await six(procedures) }), {
      procedure: ['Informe no máximo 5 procedimentos.'],
    });
  });

  it('refuses unknown CID and procedure ids with field errors', async () => {
    await expectRejected(payload({ cid: [ids.cidIds[0], 999_999] }), { error: ['CID não encontrado.'], cid: ['CID não encontrado.'] });
    await expectRejected(payload({ procedure: [0] }), { procedure: ['Procedimento não encontrado.'] });
    await expectRejected(payload({ cid: ['99999999999999'] }), { cid: ['CID não encontrado.'] });
  });
});

describe('POST /surgery/api/v1/create_surgery/ (references and values)', () => {
  it("refuses another medic's patient, for a medic and for a secretary not linked to that medic", async () => {
    const expected = { error: ['Paciente não encontrado.'], patient: ['Paciente não encontrado.'] };
    await expectRejected(payload({ patient: otherPatientId }), expected);
    await expectRejected(payload({ patient: otherPatientId }), expected, secretaryToken);
  });

  it('refuses a missing or unknown patient', async () => {
    await expectRejected(payload({ patient: null }), { patient: ['Selecione o paciente.'] });
    await expectRejected(payload({ patient: 987_654 }), { patient: ['Paciente não encontrado.'] });
    await expectRejected(payload({ patient: 'abc' }), { patient: ['Paciente não encontrado.'] });
  });

  it('answers the missing-patient 400 when the patient is deleted between the check and the insert', async () => {
    const patient = await insertPatient(t.deps.db, medic.id);
    // The race made certain: a trigger deletes the patient just before the case's row goes in, so the foreign key
    // refuses the insert as it would after a concurrent delete.
    const { db } = t.deps;
    await db.execute(sql.raw(`create function test_patient_vanishes() returns trigger language plpgsql as $$
      begin delete from patients where id = new.patient_id; return new; end $$`));
    await db.execute(sql.raw('create trigger test_patient_vanishes before insert on surgeries for each row execute function test_patient_vanishes()'));
    try {
      await expectRejected(payload({ patient: patient.id }), {
        error: ['Paciente não encontrado.'],
        patient: ['Paciente não encontrado.'],
      });
    } finally {
      await db.execute(sql.raw('drop trigger test_patient_vanishes on surgeries'));
      await db.execute(sql.raw('drop function test_patient_vanishes()'));
    }
  });

  // Needs a second connection holding the patient's row, so PostgreSQL only (PGlite has one connection).
  it.skipIf(!process.env.DATABASE_URL)(
    'answers the missing-patient 400 when the patient moves to another medic while the case is being created',
    async () => {
      const patient = await insertPatient(t.deps.db, medic.id);
      const before = await countRows(t.deps.db, surgeries);
      // A second pool connection moves the patient in a transaction it keeps open until the request waits for it.
      let commit!: () => void;
      const released = new Promise<void>((resolve) => (commit = resolve));
      let moved!: () => void;
      const patientMoved = new Promise<void>((resolve) => (moved = resolve));
      const mover = t.deps.db.transaction(async (tx) => {
        await tx.update(patients).set({ medicId: otherMedic.id }).where(eq(patients.id, patient.id));
        moved();
        await released;
      });
      await patientMoved;
      const created = t.app.inject({ method: 'POST', url: URL, headers: authHeader(medicToken), payload: payload({ patient: patient.id }) });
      // The request's checks read the committed row (still this medic's); its transaction then waits for the lock.
      await expect
        .poll(async () => {
          const waiting = await t.deps.db.execute(sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`);
          return Number((waiting as unknown as { rows: Array<{ n: number }> }).rows[0]?.n);
        })
        .toBeGreaterThan(0);
      commit();
      await mover;
      const res = await created;
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: ['Paciente não encontrado.'], patient: ['Paciente não encontrado.'] });
      expect(await countRows(t.deps.db, surgeries)).toBe(before);
    },
  );

  it('refuses a secretary linked to no medic', async () => {
    const lonely = await createSecretary(t.deps, { medicIds: [] });
    const token = (await signIn(t.app, lonely.email, TEST_PASSWORD)).access_token;
    await expectRejected(payload(), { patient: ['Paciente não encontrado.'] }, token);
  });

  it('requires an existing hospital', async () => {
    await expectRejected(payload({ hospital: undefined }), { error: ['Selecione o hospital.'], hospital: ['Selecione o hospital.'] });
    await expectRejected(payload({ hospital: 999_999 }), { hospital: ['Hospital não encontrado.'] });
  });

  it('requires an existing health plan when the source is plano_saude', async () => {
    await expectRejected(payload({ health_plan: null }), { error: ['Selecione o convênio.'], health_plan: ['Selecione o convênio.'] });
    await expectRejected(payload({ health_plan: 999_999 }), { health_plan: ['Convênio não encontrado.'] });
  });

  it('refuses an unknown payment source', async () => {
    await expectRejected(payload({ payment_fountains: 'pix' }), { payment_fountains: ['Fonte pagadora inválida.'] });
  });

  it('refuses a negative expected value or one with more than two decimals', async () => {
    for (const fees_payments of [-1, 10.123, '12,50', 1e12]) {
      const body = await expectRejected(payload({ fees_payments }), {});
      expect(body.fees_payments).toEqual([expect.stringContaining('Valor previsto inválido')]);
    }
  });

  it('refuses a note longer than 1000 characters', async () => {
    await expectRejected(payload({ surgery_note: 'a'.repeat(1001) }), {
      surgery_note: ['As observações devem ter no máximo 1000 caracteres.'],
    });
  });

  it("lists every problem at once: the body's, then (once the body is well formed) the references'", async () => {
    const body = await expectRejected(payload({ cid: [], hospital: 999_999, surgery_note: 'a'.repeat(1001) }), {});
    expect(body.error).toEqual(['Preencha CID!', 'As observações devem ter no máximo 1000 caracteres.']);
    const references = await expectRejected(payload({ cid: [999_999], hospital: 999_999 }), {});
    expect(references.error).toEqual(['Hospital não encontrado.', 'CID não encontrado.']);
  });

  it('answers "Dados inválidos." to a body of the wrong shape', async () => {
    const invalid = { error: ['Dados inválidos.'] };
    for (const body of [[1, 2], payload({ cid: 5 }), payload({ opme: 'sim' }), payload({ patient: { id: 1 } }),
      payload({ surgery_note: 12 }), payload({ fees_payments: true })]) {
      await expectRejected(body, invalid);
    }
    // An enumerated field names its values whatever was sent.
    await expectRejected(payload({ payment_fountains: 1 }), { error: ['Fonte pagadora inválida.'] });
    for (const raw of ['{"cid": [1,', '"texto"', 'null', '']) {
      const before = await counts();
      const res = await t.app.inject({
        method: 'POST',
        url: URL,
        headers: { ...authHeader(medicToken), 'content-type': 'application/json' },
        payload: raw,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(invalid);
      expect(await counts()).toEqual(before);
    }
  });
});
