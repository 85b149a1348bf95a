/**
 * The patient's card per plan (issue 37 item 2; docs/TISS.md "The patient's card"): the patient form's optional
 * `plan_card` part, the Patient's `plan_card`, one stored card per (patient, plan).
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCpf } from '../../machines/rules/cpf';
import { auditEvents, patientPlanCards, patients } from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { lookupIds } from '../helpers/clinical-fixtures';
import { authHeader, countRows, createMedic, createSecretary, signIn, TEST_PASSWORD, validCpf } from '../helpers/fixtures';

const CREATE = '/surgery/api/v1/add_paciente/';
const one = (id: number) => `/surgery/api/v1/patient/${id}/`;
const update = (id: number) => `/surgery/api/v1/update_patient/${id}/`;
const NEEDS_PLAN = 'A carteira só se informa com um plano de saúde escolhido.';

type Headers = { authorization: string };
type Card = { card_number: string; valid_until: string | null; plan_name: string | null };
type PatientBody = { id: number; convenio: { id: number } | null; plan_card: Card | null };

let t: TestApp;
let asMedic: Headers;
let asOtherMedic: Headers;
let asSecretary: Headers;
let medicId: number;
let planA: number;
let planB: number;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const medic = await createMedic(t.deps, { firstName: 'Ana', lastName: 'Souza' });
  const other = await createMedic(t.deps, { firstName: 'Bruno', lastName: 'Lima' });
  const secretary = await createSecretary(t.deps, { medicIds: [medic.id] });
  const token = async (email: string) => authHeader((await signIn(t.app, email, TEST_PASSWORD)).access_token);
  asMedic = await token(medic.email);
  asOtherMedic = await token(other.email);
  asSecretary = await token(secretary.email);
  medicId = medic.id;
  [planA, planB] = (await lookupIds(t.deps.db)).healthPlanIds as [number, number];
});
afterAll(async () => {
  await t?.close();
});

/** A complete patient form (text parts), unique per call; `plan_card` given as a value is sent as JSON. */
function fields(overrides: Record<string, unknown> = {}): Record<string, string | undefined> {
  const n = ++seq;
  const base: Record<string, unknown> = {
    nome_completo: `Paciente Carteira ${n}`,
    cellphone: '(11) 9 8765-4321',
    convenio: String(planA),
    cpf: formatCpf(validCpf(700_000 + n * 37)),
    gender: 'female',
    medic: String(medicId),
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(base).map(([name, value]) => [name, name === 'plan_card' && value !== undefined ? JSON.stringify(value) : (value as string | undefined)]),
  );
}

async function send(method: 'POST' | 'PUT', url: string, headers: Headers, body: Record<string, string | undefined>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) if (value !== undefined) form.append(name, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return t.app.inject({ method, url, headers: { ...headers, 'content-type': request.headers.get('content-type')! }, payload });
}

async function created(body: Record<string, string | undefined>, headers = asMedic): Promise<PatientBody> {
  const res = await send('POST', CREATE, headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PatientBody;
}

async function updated(id: number, body: Record<string, string | undefined>, headers = asMedic): Promise<PatientBody> {
  const res = await send('PUT', update(id), headers, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PatientBody;
}

async function read(id: number, headers = asMedic): Promise<PatientBody> {
  const res = await t.app.inject({ method: 'GET', url: one(id), headers });
  expect(res.statusCode).toBe(200);
  return res.json() as PatientBody;
}

const storedCards = (patientId: number) =>
  t.deps.db.select().from(patientPlanCards).where(eq(patientPlanCards.patientId, patientId)).orderBy(patientPlanCards.healthPlanId);

const amil = { card_number: ' 0 123 456789 00-1 ', valid_until: '2027-01-31', plan_name: ' Amil 400 ' };
const amilOut = { card_number: '0 123 456789 00-1', valid_until: '2027-01-31', plan_name: 'Amil 400' };

describe('POST /surgery/api/v1/add_paciente/ with plan_card', () => {
  it('registers the patient with the card of the chosen plan and answers it', async () => {
    const patient = await created(fields({ plan_card: amil }));
    expect(patient.plan_card).toEqual(amilOut);
    expect((await read(patient.id)).plan_card).toEqual(amilOut);
    expect(await storedCards(patient.id)).toMatchObject([{ healthPlanId: planA, cardNumber: '0 123 456789 00-1', validUntil: '2027-01-31', planName: 'Amil 400' }]);
  });

  it('lets a secretary register the card for her medic\'s patient', async () => {
    const patient = await created(fields({ plan_card: { card_number: '99', valid_until: null, plan_name: null } }), asSecretary);
    expect(patient.plan_card).toEqual({ card_number: '99', valid_until: null, plan_name: null });
  });

  it('answers plan_card null for a patient without a card (an older client sends none)', async () => {
    const patient = await created(fields());
    expect(patient.plan_card).toBeNull();
    expect(await storedCards(patient.id)).toEqual([]);
  });

  it.each([
    ['a card without a plan', { convenio: '', plan_card: amil }, [NEEDS_PLAN]],
    ['no card number', { plan_card: { ...amil, card_number: ' ' } }, ['Informe o número da carteira.']],
    ['a card number too long', { plan_card: { ...amil, card_number: '1'.repeat(21) } }, ['O número da carteira deve ter no máximo 20 caracteres.']],
    ['an impossible validity', { plan_card: { ...amil, valid_until: '2027-02-30' } }, ['Validade da carteira inválida.']],
    ['a plan name too long', { plan_card: { ...amil, plan_name: 'x'.repeat(61) } }, ['O nome do plano na carteira deve ter no máximo 60 caracteres.']],
    ['an unknown card field', { plan_card: { ...amil, titular: 'x' } }, ['Campo não reconhecido: titular.']],
    ['a card and a bad CPF', { cpf: '111.111.111-12', plan_card: { ...amil, card_number: '' } }, ['CPF Invalido!', 'Informe o número da carteira.']],
  ])('refuses %s with 400 in pt-BR and writes nothing', async (_, overrides, messages) => {
    const [patientsBefore, cardsBefore] = [await countRows(t.deps.db, patients), await countRows(t.deps.db, patientPlanCards)];
    const res = await send('POST', CREATE, asMedic, fields(overrides));
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: string[]; plan_card: string[] };
    for (const message of messages) expect(body.error).toContain(message);
    expect(body.plan_card).toBeDefined();
    expect(await countRows(t.deps.db, patients)).toBe(patientsBefore);
    expect(await countRows(t.deps.db, patientPlanCards)).toBe(cardsBefore);
  });

  it('refuses a plan_card part that is not JSON', async () => {
    const res = await send('POST', CREATE, asMedic, { ...fields(), plan_card: '{nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: ['Dados inválidos.'], plan_card: ['Dados inválidos.'] });
  });
});

describe('PUT /surgery/api/v1/update_patient/{id}/ with plan_card', () => {
  it('adds and replaces the card of the plan, audited as a patient update naming plan_card', async () => {
    const body = fields();
    const patient = await created(body);
    const first = await updated(patient.id, { ...body, plan_card: JSON.stringify(amil) });
    expect(first.plan_card).toEqual(amilOut);
    const second = await updated(patient.id, { ...body, plan_card: JSON.stringify({ ...amil, valid_until: '2028-06-30' }) });
    expect(second.plan_card).toEqual({ ...amilOut, valid_until: '2028-06-30' });
    expect(await storedCards(patient.id)).toHaveLength(1);
    const [audit] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'patient'), eq(auditEvents.entityId, patient.id), eq(auditEvents.action, 'update')))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(audit?.detail).toBe('campos:plan_card');
    expect(audit?.patientIds).toEqual([patient.id]);
  });

  it('keeps the stored cards when plan_card is absent (an older client)', async () => {
    const body = fields({ plan_card: amil });
    const patient = await created(body);
    const { plan_card: _, ...withoutCard } = body;
    const again = await updated(patient.id, { ...withoutCard, address: 'Rua Nova, 2' });
    expect(again.plan_card).toEqual(amilOut);
  });

  it('keeps the old plan\'s card when the plan changes, shows the new plan\'s, and the old one again on return', async () => {
    const body = fields({ plan_card: amil });
    const patient = await created(body);
    const { plan_card: _, ...withoutCard } = body;
    const onB = await updated(patient.id, { ...withoutCard, convenio: String(planB) });
    expect(onB.convenio?.id).toBe(planB);
    expect(onB.plan_card).toBeNull();
    const bradesco = { card_number: '777 888', valid_until: null, plan_name: 'Nacional Flex' };
    expect((await updated(patient.id, { ...withoutCard, convenio: String(planB), plan_card: JSON.stringify(bradesco) })).plan_card).toEqual(bradesco);
    expect((await storedCards(patient.id)).map((card) => [card.healthPlanId, card.cardNumber])).toEqual(
      [
        [planA, '0 123 456789 00-1'],
        [planB, '777 888'],
      ].sort((x, y) => Number(x[0]) - Number(y[0])),
    );
    // Back on plan A: its card shows again; without a plan: none shows, both are kept.
    expect((await updated(patient.id, withoutCard)).plan_card).toEqual(amilOut);
    expect((await updated(patient.id, { ...withoutCard, convenio: '' })).plan_card).toBeNull();
    expect(await storedCards(patient.id)).toHaveLength(2);
  });

  it('deletes the card of the chosen plan with null, and only that one', async () => {
    const body = fields({ plan_card: amil });
    const patient = await created(body);
    await updated(patient.id, { ...body, convenio: String(planB), plan_card: JSON.stringify({ card_number: 'B-1', valid_until: null, plan_name: null }) });
    const cleared = await updated(patient.id, { ...body, convenio: String(planB), plan_card: 'null' });
    expect(cleared.plan_card).toBeNull();
    expect((await storedCards(patient.id)).map((card) => card.healthPlanId)).toEqual([planA]);
  });

  it('refuses a card without a plan on update, changing nothing', async () => {
    const body = fields({ plan_card: amil });
    const patient = await created(body);
    const res = await send('PUT', update(patient.id), asMedic, { ...body, convenio: '', nome_completo: 'Outro Nome' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: [NEEDS_PLAN], plan_card: [NEEDS_PLAN] });
    const after = await read(patient.id);
    expect(after.convenio?.id).toBe(planA);
    expect(after.plan_card).toEqual(amilOut);
  });

  it('answers 404 for another medic\'s patient and writes no card', async () => {
    const body = fields({ plan_card: amil });
    const patient = await created(body);
    const res = await send('PUT', update(patient.id), asOtherMedic, { ...body, plan_card: JSON.stringify({ ...amil, card_number: 'INTRUSO' }) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: ['Paciente não encontrado.'] });
    expect((await storedCards(patient.id)).map((card) => card.cardNumber)).toEqual(['0 123 456789 00-1']);
    const get = await t.app.inject({ method: 'GET', url: one(patient.id), headers: asOtherMedic });
    expect(get.statusCode).toBe(404);
  });

  it('lists each patient with the card of the current plan', async () => {
    const patient = await created(fields({ nome_completo: 'Zélia Carteira Listada', plan_card: amil }));
    const res = await t.app.inject({ method: 'GET', url: '/surgery/api/v1/patient/?search=Zélia Carteira', headers: asMedic });
    expect(res.statusCode).toBe(200);
    const { results } = res.json() as { results: PatientBody[] };
    expect(results.find((row) => row.id === patient.id)?.plan_card).toEqual(amilOut);
  });
});
