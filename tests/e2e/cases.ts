/**
 * Patients and cases the browser specs set up through the API, as the forms make them: a new patient of the first
 * medic the secretary lists, a privately paid case (for any caller's patient), and the moves of its lifecycle
 * (PUT …/update/).
 * Each name ends with a number of this run, so a spec finds its own rows among the demo data and other specs'.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { firstId, validCpf, type ApiHeaders } from './helpers';

/** A number for this run's names and CPFs. */
export function runSeed(): number {
  return (Date.now() + Math.floor(Math.random() * 1000)) % 100_000_000;
}

export type NewPatientOptions = {
  /** The patient's full name. */
  name: string;
  /** The seed of the patient's CPF (runSeed() by default). */
  seed?: number;
  /** The patient's health plan, by the search text of its list (none by default). */
  plan?: string;
  cellphone?: string;
};

/** A new patient of the first medic the caller lists; answers the patient's id. */
export async function newPatient(request: APIRequestContext, headers: ApiHeaders, options: NewPatientOptions): Promise<number> {
  const { name, seed = runSeed(), plan, cellphone = '(11) 9 7777-6666' } = options;
  const answer = await request.post('/surgery/api/v1/add_paciente/', {
    headers,
    multipart: {
      nome_completo: name,
      cellphone,
      cpf: validCpf(seed),
      gender: 'female',
      ...(plan ? { convenio: String(await firstId(request, headers, `/surgery/api/v1/healthplan/?search=${plan}`)) } : {}),
      medic: String(await firstId(request, headers, '/project_auth/api/v1/list_medic/')),
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

export type NewCaseOptions = {
  /** The fee in reais (3,100 by default). */
  fees?: number;
  opme?: boolean;
  /** The search texts of its CID and procedure (an appendectomy for K35 by default). */
  cid?: string;
  procedure?: string;
  /** The hospital's id (the first listed for "sirio" by default). */
  hospital?: number;
};

/** A privately paid case of patient `patient`, at the first step (ind_paciente); answers its id. */
export async function newPrivateCase(request: APIRequestContext, headers: ApiHeaders, patient: number, options: NewCaseOptions = {}): Promise<number> {
  const { fees = 3100, opme = false, cid = 'K35', procedure = 'apendicectomia', hospital } = options;
  const created = await request.post('/surgery/api/v1/create_surgery/', {
    headers,
    data: {
      patient,
      cid: [await firstId(request, headers, `/surgery/api/v1/cid/?search=${cid}`)],
      procedure: [await firstId(request, headers, `/surgery/api/v1/procedure/?search=${procedure}`)],
      hospital: hospital ?? (await firstId(request, headers, '/surgery/api/v1/hospital/?search=sirio')),
      health_plan: null,
      fees_payments: fees,
      surgery_note: null,
      opme,
      payment_fountains: 'particular',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** A new patient named `${label} ${runSeed()}` and a privately paid case of theirs; answers the case's id and the name. */
export async function newPatientCase(
  request: APIRequestContext,
  headers: ApiHeaders,
  label: string,
  options: NewCaseOptions & Omit<NewPatientOptions, 'name' | 'seed'> = {},
): Promise<{ id: number; name: string }> {
  const seed = runSeed();
  const name = `${label} ${seed}`;
  const patient = await newPatient(request, headers, { name, seed, plan: options.plan, cellphone: options.cellphone });
  return { id: await newPrivateCase(request, headers, patient, options), name };
}

/**
 * The moves of a case through the steps the specs start from. The demo's hospitals list required documents (issue
 * 13), so the move to env_doc confirms going on without them.
 */
export const MOVES = {
  toPrepDoc: { new_status: 'prep_doc' },
  toEnvDoc: { new_status: 'env_doc', missing_documents_confirmed: true },
  toAuthorization: (documentArrivals: string) => ({ new_status: 'autorizacao', document_arrivals: documentArrivals }),
  hospitalApproved: { new_status: 'autorizacao', hospital_approvals: 'aprovada' },
  toScheduling: { new_status: 'agendamento' },
  toSurgery: (day: string) => ({ new_status: 'realizacao', schedule: `${day} 08:00:00` }),
  toPayment: (accomplishment: string) => ({ new_status: 'pagamento', accomplishment }),
} as const;

/** Moves case `id` by each body in turn (PUT …/update/{id}/), each answered 200. */
export async function moveCase(request: APIRequestContext, headers: ApiHeaders, id: number, moves: readonly object[]): Promise<void> {
  for (const data of moves) {
    const answer = await request.put(`/surgery/api/v1/update/${id}/`, { headers, data });
    expect(answer.status(), `${JSON.stringify(data)}: ${await answer.text()}`).toBe(200);
  }
}

/** The moves from a new case to pagamento: documents on `documentArrivals`, carried out on `surgeryDay`. */
export function movesToPayment(documentArrivals: string, surgeryDay: string): object[] {
  return [
    MOVES.toPrepDoc,
    MOVES.toEnvDoc,
    MOVES.toAuthorization(documentArrivals),
    MOVES.hospitalApproved,
    MOVES.toScheduling,
    MOVES.toSurgery(surgeryDay),
    MOVES.toPayment(surgeryDay),
  ];
}
