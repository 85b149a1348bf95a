/**
 * The TISS browser tests' set-up through the API (issues 37–38): the demo medic's billing data for a plan, plan cases
 * carried out and at Pagamento (with the plan's card and authorization), their guides generated and gathered in a
 * lot sent to the plan. What other screens own, so that each spec tests its own screen.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { type ApiHeaders, firstId, validCpf } from './helpers';
import { MOVES, moveCase, runSeed } from './cases';

const saoPaulo = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(date);
const daysAgo = (days: number) => saoPaulo(new Date(Date.now() - days * 86_400_000));

/** The demo medic's code at the plan (the lots' sender, the statements' addressee). */
export const PROVIDER_CODE = '000777';

export type Setup = { headers: ApiHeaders; medic: number; plan: number };

/** The demo medic bills the plan as an individual with a provider code (Configurações › Faturamento TISS's data). */
export async function billingProfile(request: APIRequestContext, headers: ApiHeaders, medic: number, plan: number): Promise<void> {
  const url = `/project_auth/api/v1/billing_profile/?medic=${medic}`;
  const current = await request.get(url, { headers });
  expect(current.status(), await current.text()).toBe(200);
  const profile = (await current.json()) as { council_number: string | null; plans: { health_plan_id: number; bills_as: string; provider_code: string | null }[] };
  const others = profile.plans.filter((row) => row.health_plan_id !== plan).map(({ health_plan_id, bills_as, provider_code }) => ({ health_plan_id, bills_as, provider_code }));
  const saved = await request.put(url, {
    headers,
    data: {
      council: '06',
      council_number: profile.council_number || '123456',
      council_uf: 'SP',
      cbo: '225225',
      cnes: null,
      company_cnpj: null,
      company_name: null,
      plans: [...others, { health_plan_id: plan, bills_as: 'cpf', provider_code: PROVIDER_CODE }],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/**
 * A plan case of a new patient with the plan's card, carried out `daysBack` days ago and at Pagamento, with the
 * plan's authorization (protocol and senha); with `team`, an assistant with a fee. Answers its id and the name.
 */
export async function planCase(request: APIRequestContext, setup: Setup, label: string, options: { team?: boolean; procedures?: string[] } = {}) {
  const { headers, medic, plan } = setup;
  const seed = runSeed();
  const name = `${label} ${seed}`;
  const patient = await request.post('/surgery/api/v1/add_paciente/', {
    headers,
    multipart: {
      nome_completo: name,
      cellphone: '(11) 9 7777-6666',
      cpf: validCpf(seed),
      gender: 'female',
      convenio: String(plan),
      plan_card: JSON.stringify({ card_number: `0099${seed}`.slice(0, 20), valid_until: null, plan_name: null }),
      medic: String(medic),
    },
  });
  expect(patient.status(), await patient.text()).toBe(201);
  const patientId = ((await patient.json()) as { id: number }).id;
  const procedures = [];
  for (const search of options.procedures ?? ['apendicectomia']) procedures.push(await firstId(request, headers, `/surgery/api/v1/procedure/?search=${search}&table=tuss`));
  const created = await request.post('/surgery/api/v1/create_surgery/', {
    headers,
    data: {
      patient: patientId,
      cid: [await firstId(request, headers, '/surgery/api/v1/cid/?search=K35')],
      procedure: procedures,
      hospital: await firstId(request, headers, '/surgery/api/v1/hospital/?search=sirio'),
      health_plan: plan,
      fees_payments: 2500,
      surgery_note: null,
      opme: false,
      payment_fountains: 'plano_saude',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  const surgeryDay = daysAgo(10);
  await moveCase(request, headers, id, [MOVES.toPrepDoc, MOVES.toEnvDoc, MOVES.toAuthorization(daysAgo(30))]);
  for (const payer of ['hospital', 'plano']) {
    const record = await request.put(`/surgery/api/v1/surgery/${id}/authorizations/${payer}/`, {
      headers,
      data: {
        status: 'aprovada',
        requested_on: daysAgo(28),
        protocol: `INT-${id}`,
        password: `S${id}`,
        decided_on: daysAgo(25),
        valid_until: daysAgo(-30),
        notes: null,
      },
    });
    expect(record.status(), await record.text()).toBe(200);
  }
  await moveCase(request, headers, id, [MOVES.toScheduling, MOVES.toSurgery(surgeryDay), MOVES.toPayment(surgeryDay)]);
  if (options.team) {
    const team = await request.put(`/surgery/api/v1/surgery/${id}/team/`, {
      headers,
      data: {
        members: [{ role: '01', name: 'Ana Auxiliar', council: '06', council_number: '98765', council_uf: 'SP', cbo: '225225', cpf: validCpf(seed + 1), fee_cents: 75_000 }],
      },
    });
    expect(team.status(), await team.text()).toBe(200);
  }
  return { id, name };
}

/**
 * Fills case `id`'s guide with one line per procedure (`unitCents` each, factor 1,00) and generates it; answers the
 * generated guide's id.
 */
export async function generateGuide(request: APIRequestContext, headers: ApiHeaders, id: number, unitCents: number[]): Promise<number> {
  const saved = await request.put(`/surgery/api/v1/surgery/${id}/tiss_guide/`, {
    headers,
    data: {
      lines: unitCents.map((unit) => ({ quantity: 1, unit_cents: unit, factor_hundredths: 100, access_route: '1', technique: '1' })),
      note: null,
      hospital_cnpj: '11.222.333/0001-81',
      hospital_cnes: '1234567',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const generated = await request.post(`/surgery/api/v1/surgery/${id}/tiss_guide/generate/`, { headers });
  expect(generated.status(), await generated.text()).toBe(200);
  return ((await generated.json()) as { guides: { id: number }[] }).guides[0]!.id;
}

/** A lot of `guideIds` for the plan, sent today with `protocol`; answers its id and number. */
export async function sentLot(request: APIRequestContext, setup: Setup, guideIds: number[], protocol: string): Promise<{ id: number; number: string }> {
  const { headers, medic, plan } = setup;
  const lot = await request.post(`/surgery/api/v1/tiss/lots/?medic=${medic}`, { headers, data: { health_plan_id: plan, guide_ids: guideIds } });
  expect(lot.status(), await lot.text()).toBe(201);
  const { id, number } = (await lot.json()) as { id: number; number: string | number };
  const sent = await request.put(`/surgery/api/v1/tiss/lots/${id}/sent/?medic=${medic}`, { headers, data: { sent_on: daysAgo(0), protocol } });
  expect(sent.status(), await sent.text()).toBe(200);
  return { id, number: String(number) };
}
