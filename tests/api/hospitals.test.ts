import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hospitals, surgeries } from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, lookupIds } from '../helpers/clinical-fixtures';
import {
  authHeader,
  countRows,
  createMedic,
  createSecretary,
  signIn,
  signInMedicSecretaryAndOther,
  TEST_PASSWORD,
  type MedicSecretaryAndOther,
} from '../helpers/fixtures';

const HOSPITALS = '/surgery/api/v1/hospital/';
const CREATE_SURGERY = '/surgery/api/v1/create_surgery/';
type Headers = { authorization: string };
type Listed = { id: number; fantasy_name: string; city: string | null; uf: string | null; own: boolean };

let t: TestApp;
let accounts: MedicSecretaryAndOther;
let ids: Awaited<ReturnType<typeof lookupIds>>;

beforeAll(async () => {
  t = await buildTestApp();
  accounts = await signInMedicSecretaryAndOther(t.deps, t.app);
  ids = await lookupIds(t.deps.db);
});
afterAll(async () => {
  await t?.close();
});

function add(body: Record<string, unknown>, headers: Headers = accounts.asMedic) {
  return t.app.inject({ method: 'POST', url: HOSPITALS, headers, payload: body });
}

async function list(search: string, headers: Headers = accounts.asMedic): Promise<Listed[]> {
  const res = await t.app.inject({ method: 'GET', url: `${HOSPITALS}?search=${encodeURIComponent(search)}`, headers });
  expect(res.statusCode).toBe(200);
  return (res.json() as { results: Listed[] }).results;
}

/** Posts `body`, expects a 400 with `expected` in it and no hospital written. */
async function expectRefused(body: Record<string, unknown>, expected: Record<string, unknown>, headers?: Headers) {
  const before = await countRows(t.deps.db, hospitals);
  const res = await add(body, headers);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject(expected);
  expect(await countRows(t.deps.db, hospitals)).toBe(before);
}

describe('POST /surgery/api/v1/hospital/ (issue 33 item 1: the office adds a hospital)', () => {
  it('adds a hospital to the medic office, with CNES, CNPJ and address kept as typed digits and text', async () => {
    const res = await add({
      fantasy_name: '  Hospital Santa Clara  ',
      city: 'Uberlândia',
      uf: 'mg',
      cnes: '2.146.355',
      cnpj: '11.222.333/0001-81',
      address: 'Rua das Palmeiras, 100 - Centro',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      fantasy_name: 'Hospital Santa Clara',
      city: 'Uberlândia',
      uf: 'MG',
      cnes: '2146355',
      cnpj: '11222333000181',
      address: 'Rua das Palmeiras, 100 - Centro',
      own: true,
    });
    const [row] = await t.deps.db.select().from(hospitals).where(eq(hospitals.id, res.json().id));
    expect(row).toMatchObject({ medicId: accounts.medic.id, createdById: accounts.medic.id });
  });

  it('is found by the medic and his secretary like the seeded ones (accents and case aside), never by another medic', async () => {
    for (const headers of [accounts.asMedic, accounts.asSecretary]) {
      const found = await list('santa clara uberlandia', headers);
      expect(found).toEqual([{ id: expect.any(Number), fantasy_name: 'Hospital Santa Clara', city: 'Uberlândia', uf: 'MG', own: true }]);
    }
    expect(await list('santa clara', accounts.asOtherMedic)).toEqual([]);
    // The shared list is still everyone's.
    const shared = await list('', accounts.asOtherMedic);
    expect(shared.length).toBeGreaterThan(0);
    expect(shared.every((row) => !row.own)).toBe(true);
  });

  it("lets the secretary add to her medic's office; the medic sees it", async () => {
    const res = await add({ fantasy_name: 'Clínica Cirúrgica Vale Verde', city: 'Campinas', uf: 'SP' }, accounts.asSecretary);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.deps.db.select().from(hospitals).where(eq(hospitals.id, res.json().id));
    expect(row).toMatchObject({ medicId: accounts.medic.id, createdById: accounts.secretary.id, cnes: null, cnpj: null, address: null });
    expect((await list('vale verde')).map((item) => item.id)).toEqual([res.json().id]);
  });

  it('refuses the same name in the same city (case, accents and spaces aside), in the office or in the shared list', async () => {
    await expectRefused(
      { fantasy_name: 'HOSPITAL  SANTA CLARA', city: 'uberlandia', uf: 'MG' },
      {
        error: ['HOSPITAL SANTA CLARA (uberlandia/MG) já está na lista de hospitais.'],
        fantasy_name: ['HOSPITAL SANTA CLARA (uberlandia/MG) já está na lista de hospitais.'],
      },
    );
    const [seeded] = await t.deps.db.select().from(hospitals).where(eq(hospitals.id, ids.hospitalIds[0]!));
    const name = seeded!.fantasyName.toUpperCase();
    await expectRefused(
      { fantasy_name: name, city: seeded!.city, uf: seeded!.uf },
      { fantasy_name: [`${name} (${seeded!.city}/${seeded!.uf}) já está na lista de hospitais.`] },
    );
    // The same name in another city is another hospital; another office may add its own of the same name.
    expect((await add({ fantasy_name: 'Hospital Santa Clara', city: 'Uberaba', uf: 'MG' })).statusCode).toBe(201);
    expect((await add({ fantasy_name: 'Hospital Santa Clara', city: 'Uberlândia', uf: 'MG' }, accounts.asOtherMedic)).statusCode).toBe(201);
  });

  it('adds one of two identical requests sent at once', async () => {
    const body = { fantasy_name: 'Hospital Simultâneo', city: 'Recife', uf: 'PE' };
    const answers = await Promise.all([add(body), add(body)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 400]);
    expect((await list('simultaneo')).length).toBe(1);
  });

  it('answers 400 in pt-BR to missing or bad fields, writing nothing', async () => {
    await expectRefused(
      {},
      {
        error: ['Informe a cidade.', 'Informe o nome do hospital.', 'Selecione a UF.'],
        fantasy_name: ['Informe o nome do hospital.'],
        city: ['Informe a cidade.'],
        uf: ['Selecione a UF.'],
      },
    );
    await expectRefused(
      { fantasy_name: ' ', city: 'x'.repeat(81), uf: 'XX', cnes: '12345', cnpj: '11.222.333/0001-80', address: 'y'.repeat(201) },
      {
        fantasy_name: ['Informe o nome do hospital.'],
        city: ['A cidade deve ter no máximo 80 caracteres.'],
        uf: ['UF inválida.'],
        cnes: ['O CNES tem 7 dígitos.'],
        cnpj: ['CNPJ inválido.'],
        address: ['O endereço deve ter no máximo 200 caracteres.'],
      },
    );
    await expectRefused({ fantasy_name: 'H', city: 'C', uf: 'SP', owner: 1 }, { error: ['Campo não reconhecido: owner.'] });
    await expectRefused({ fantasy_name: 'H', city: 'C', uf: 'SP', medic: accounts.otherMedic.id }, { medic: ['Médico não encontrado.'] });
    await expectRefused(
      { fantasy_name: 'H', city: 'C', uf: 'SP', medic: accounts.otherMedic.id },
      { medic: ['Médico não encontrado.'] },
      accounts.asSecretary,
    );
  });

  it('asks a secretary of two medics whose office, and a secretary of none is refused', async () => {
    const secondMedic = await createMedic(t.deps);
    const twoMedics = await createSecretary(t.deps, { medicIds: [accounts.medic.id, secondMedic.id] });
    const asTwo = authHeader((await signIn(t.app, twoMedics.email, TEST_PASSWORD)).access_token);
    await expectRefused({ fantasy_name: 'Hospital Dois', city: 'Natal', uf: 'RN' }, { medic: ['Selecione o médico.'] }, asTwo);
    const res = await add({ fantasy_name: 'Hospital Dois', city: 'Natal', uf: 'RN', medic: secondMedic.id }, asTwo);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.deps.db.select().from(hospitals).where(eq(hospitals.id, res.json().id));
    expect(row!.medicId).toBe(secondMedic.id);
    // Her list holds both offices' hospitals; with `medic`, only what that medic's cases may use.
    const both = await list('hospital dois', asTwo);
    expect(both.map((item) => item.id)).toEqual([res.json().id]);
    const listed = (medic: number) =>
      t.app.inject({ method: 'GET', url: `${HOSPITALS}?search=santa%20clara&medic=${medic}`, headers: asTwo });
    expect(((await listed(accounts.medic.id)).json().results as Listed[]).length).toBeGreaterThan(0);
    expect((await listed(secondMedic.id)).json().results).toEqual([]);
    const stranger = await listed(accounts.otherMedic.id);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual({ error: ['Médico não encontrado.'], medic: ['Médico não encontrado.'] });
    const nobody = await createSecretary(t.deps, { medicIds: [] });
    const asNobody = authHeader((await signIn(t.app, nobody.email, TEST_PASSWORD)).access_token);
    await expectRefused({ fantasy_name: 'Hospital Três', city: 'Natal', uf: 'RN' }, { medic: ['Médico não encontrado.'] }, asNobody);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: HOSPITALS, payload: { fantasy_name: 'H', city: 'C', uf: 'SP' } });
    expect(res.statusCode).toBe(401);
  });
});

describe("a case at the office's hospital", () => {
  it("registers a case at the office's own hospital; another office's hospital is 'Hospital não encontrado.'", async () => {
    const own = await add({ fantasy_name: 'Hospital do Consultório', city: 'Salvador', uf: 'BA' });
    const others = await add({ fantasy_name: 'Hospital de Outro', city: 'Salvador', uf: 'BA' }, accounts.asOtherMedic);
    const patient = await insertPatient(t.deps.db, accounts.medic.id);
    const body = (hospital: number) => ({
      cid: [ids.cidIds[0]],
      procedure: [ids.procedureIds[0]],
      patient: patient.id,
      hospital,
      health_plan: null,
      fees_payments: 1000,
      surgery_note: '',
      opme: false,
      payment_fountains: 'particular',
    });
    const created = await t.app.inject({ method: 'POST', url: CREATE_SURGERY, headers: accounts.asSecretary, payload: body(own.json().id) });
    expect(created.statusCode, created.body).toBe(201);
    const before = await countRows(t.deps.db, surgeries);
    const refused = await t.app.inject({ method: 'POST', url: CREATE_SURGERY, headers: accounts.asMedic, payload: body(others.json().id) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ hospital: ['Hospital não encontrado.'] });
    expect(await countRows(t.deps.db, surgeries)).toBe(before);
  });

  it("keeps another office's hospital out of the document checklists (404)", async () => {
    const others = await add({ fantasy_name: 'Hospital Alheio', city: 'Belém', uf: 'PA' }, accounts.asOtherMedic);
    const res = await t.app.inject({
      method: 'GET',
      url: `/surgery/api/v1/document_requirements/hospital/${others.json().id}/`,
      headers: accounts.asMedic,
    });
    expect(res.statusCode).toBe(404);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/surgery/api/v1/document_requirements/hospital/${others.json().id}/`,
      headers: accounts.asOtherMedic,
    });
    expect(mine.statusCode).toBe(200);
  });
});
