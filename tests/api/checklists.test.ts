import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentRequirements, surgeryChecklistMarks, surgeryDispatches, type PatientRow } from '../../server/db/schema/index';
import { saoPauloDay } from '../../server/services/sao-paulo-time';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, lookupIds, statusHistory, surgeryRow, type SurgeryOverrides } from '../helpers/clinical-fixtures';
import { authHeader, createMedic, createSecretary, signIn, TEST_PASSWORD, type TestAccount } from '../helpers/fixtures';
import { SURGERY_NOT_FOUND } from '../helpers/spec-texts';
import { signInTenants, type Tenants } from '../helpers/tenants';

/**
 * The document checklists (issue 13 item 2; DECISIONS §15): the per-hospital and per-plan configuration, a case's
 * checklist and its marks, the sendings, and the confirmation the lifecycle asks for when prep_doc → env_doc has
 * required documents missing (update/{id}/ and include_surgery_files), recorded in the status history.
 * The messages are written out here, not imported from the product.
 */

const MISSING = (names: string) => `Faltam documentos exigidos: ${names}. Confirme para avançar mesmo assim.`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

let t: TestApp;
let tenants: Tenants;
let ids: Awaited<ReturnType<typeof lookupIds>>;
let patient: PatientRow;
let asMedic: Record<string, string>;
let asSecretary: Record<string, string>;
let asOtherMedic: Record<string, string>;
let asUnlinked: Record<string, string>;
/** A secretary linked to two medics (she must name one). */
let twoMedicsSecretary: TestAccount;
let asTwoMedics: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  tenants = await signInTenants(t);
  ids = await lookupIds(t.deps.db);
  patient = await insertPatient(t.deps.db, tenants.medic.id);
  asMedic = authHeader(tenants.medicToken);
  asSecretary = authHeader(tenants.secretaryToken);
  asOtherMedic = authHeader(tenants.otherMedicToken);
  asUnlinked = authHeader(tenants.unlinkedSecretaryToken);
  const third = await createMedic(t.deps);
  twoMedicsSecretary = await createSecretary(t.deps, { medicIds: [tenants.medic.id, third.id] });
  asTwoMedics = authHeader((await signIn(t.app, twoMedicsSecretary.email, TEST_PASSWORD)).access_token);
});
afterAll(async () => {
  await t?.close();
});

const API = '/surgery/api/v1';
type Headers = Record<string, string>;

function call(method: 'GET' | 'PUT' | 'POST', url: string, headers: Headers | null, payload?: unknown) {
  return t.app.inject({ method, url: `${API}${url}`, headers: headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

const requirementRows = (medicId: number) =>
  t.deps.db.select().from(documentRequirements).where(eq(documentRequirements.medicId, medicId)).orderBy(asc(documentRequirements.id));

async function configure(scope: 'hospital' | 'plano', id: number, body: { kinds: string[]; extras: string[] }, headers = asMedic) {
  const res = await call('PUT', `/document_requirements/${scope}/${id}/`, headers, body);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

async function newCase(overrides: SurgeryOverrides = {}) {
  return insertSurgery(t.deps.db, patient, { status: 'prep_doc', ...overrides });
}

describe('document_requirements: the configuration per hospital and per plan', () => {
  it('a medic saves a hospital list (kinds in SPEC order, extras as typed) and reads it back and in the overview', async () => {
    const hospitalId = ids.hospitalIds[1]!;
    const res = await configure('hospital', hospitalId, {
      kinds: ['medical_report', 'doctor_request'],
      extras: ['  Risco   cirúrgico ', 'Exames pré-operatórios'],
    });
    expect(res.json()).toMatchObject({
      medic_id: tenants.medic.id,
      scope: 'hospital',
      id: hospitalId,
      items: [
        { kind: 'doctor_request', name: 'Pedido médico' },
        { kind: 'medical_report', name: 'Laudo médico' },
        { kind: null, name: 'Risco cirúrgico' },
        { kind: null, name: 'Exames pré-operatórios' },
      ],
    });
    expect((await call('GET', `/document_requirements/hospital/${hospitalId}/`, asMedic)).json()).toEqual(res.json());
    const overview = (await call('GET', '/document_requirements/', asMedic)).json() as { lists: Array<{ scope: string; id: number }> };
    expect(overview.lists).toContainEqual(expect.objectContaining({ scope: 'hospital', id: hospitalId }));
  });

  it('a save replaces the list; two empty lists clear it', async () => {
    const hospitalId = ids.hospitalIds[2]!;
    await configure('hospital', hospitalId, { kinds: ['doctor_request'], extras: ['A'] });
    const replaced = await configure('hospital', hospitalId, { kinds: [], extras: ['B'] });
    expect(replaced.json()).toMatchObject({ items: [{ kind: null, name: 'B' }] });
    const cleared = await configure('hospital', hospitalId, { kinds: [], extras: [] });
    expect(cleared.json()).toMatchObject({ items: [] });
    expect((await requirementRows(tenants.medic.id)).filter((row) => row.hospitalId === hospitalId)).toEqual([]);
  });

  it('a linked secretary edits her medic’s lists (her only medic: no `medic` needed); the medic sees them', async () => {
    const planId = ids.healthPlanIds[1]!;
    await configure('plano', planId, { kinds: ['convention_wallet'], extras: [] }, asSecretary);
    const read = await call('GET', `/document_requirements/plano/${planId}/`, asMedic);
    expect(read.json()).toMatchObject({ medic_id: tenants.medic.id, scope: 'plano', items: [{ kind: 'convention_wallet', name: 'Carteirinha do convênio' }] });
  });

  it('a secretary with several medics must name one; an unlinked medic is refused; a medic cannot name another', async () => {
    const hospitalId = ids.hospitalIds[3]!;
    const none = await call('GET', `/document_requirements/hospital/${hospitalId}/`, asTwoMedics);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: ['Selecione o médico.'], medic: ['Selecione o médico.'] });
    const named = await call('PUT', `/document_requirements/hospital/${hospitalId}/?medic=${tenants.medic.id}`, asTwoMedics, { kinds: ['doctor_request'], extras: [] });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ medic_id: tenants.medic.id });
    const before = await requirementRows(tenants.otherMedic.id);
    const other = await call('PUT', `/document_requirements/hospital/${hospitalId}/?medic=${tenants.otherMedic.id}`, asTwoMedics, { kinds: ['doctor_request'], extras: [] });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ error: ['Médico não encontrado.'], medic: ['Médico não encontrado.'] });
    const asAnotherMedic = await call('GET', `/document_requirements/?medic=${tenants.medic.id}`, asOtherMedic);
    expect(asAnotherMedic.statusCode).toBe(400);
    expect(await requirementRows(tenants.otherMedic.id)).toEqual(before);
    // Another tenant's configuration is not seen.
    expect(((await call('GET', '/document_requirements/', asOtherMedic)).json() as { lists: unknown[] }).lists).toEqual([]);
  });

  it('bad bodies: 400 with every message, nothing written', async () => {
    const hospitalId = ids.hospitalIds[4]!;
    const before = await requirementRows(tenants.medic.id);
    const cases: Array<[unknown, string[]]> = [
      [{ kinds: ['doctor_request', 'doctor_request'], extras: [] }, ['Documento repetido: Pedido médico.']],
      [{ kinds: ['xray'], extras: [] }, ['Tipo de documento desconhecido.']],
      [{ kinds: [], extras: ['Risco', ' risco '] }, ['Documento repetido: risco.']],
      [{ kinds: [], extras: ['pedido médico'] }, ['"pedido médico" já é um dos documentos da cirurgia: marque-o na lista.']],
      [{ kinds: [], extras: ['  '] }, ['Informe o nome do documento.']],
      [{ kinds: [], extras: ['x'.repeat(81)] }, ['O nome do documento deve ter no máximo 80 caracteres.']],
      [{ kinds: [], extras: Array.from({ length: 21 }, (_, i) => `Doc ${i}`) }, ['Informe no máximo 20 documentos extras.']],
      [{ kinds: [] }, ['Dados inválidos.']],
      [{ kinds: [], extras: [], other: 1 }, ['Campo não reconhecido: other.']],
      [[], ['Dados inválidos.']],
    ];
    for (const [body, error] of cases) {
      const res = await call('PUT', `/document_requirements/hospital/${hospitalId}/`, asMedic, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as { error: string[] }).error).toEqual(error);
    }
    expect(await requirementRows(tenants.medic.id)).toEqual(before);
  });

  it('an unknown scope, hospital or plan is 404; a malformed medic is 400; no token is 401', async () => {
    expect((await call('GET', '/document_requirements/clinica/1/', asMedic)).statusCode).toBe(404);
    const hospital = await call('PUT', '/document_requirements/hospital/999999/', asMedic, { kinds: [], extras: [] });
    expect(hospital.statusCode).toBe(404);
    expect(hospital.json()).toEqual({ error: ['Hospital não encontrado.'] });
    const plan = await call('GET', '/document_requirements/plano/999999/', asMedic);
    expect(plan.json()).toEqual({ error: ['Convênio não encontrado.'] });
    expect((await call('GET', '/document_requirements/hospital/abc/', asMedic)).statusCode).toBe(404);
    expect((await call('GET', '/document_requirements/?medic=abc', asMedic)).statusCode).toBe(400);
    expect((await call('GET', '/document_requirements/', null)).statusCode).toBe(401);
    expect((await call('PUT', `/document_requirements/hospital/${ids.hospitalIds[0]}/`, null, { kinds: [], extras: [] })).statusCode).toBe(401);
  });
});

describe('a case’s checklist', () => {
  /** A medic of their own, so the lists of the other tests do not mix in. */
  let medic: TestAccount;
  let headers: Headers;
  let ownPatient: PatientRow;
  beforeAll(async () => {
    medic = await createMedic(t.deps);
    headers = authHeader((await signIn(t.app, medic.email, TEST_PASSWORD)).access_token);
    ownPatient = await insertPatient(t.deps.db, medic.id);
    await configure('hospital', ids.hospitalIds[0]!, { kinds: ['doctor_request', 'medical_report'], extras: ['Risco cirúrgico'] }, headers);
    await configure('plano', ids.healthPlanIds[0]!, { kinds: ['doctor_request', 'convention_wallet'], extras: ['risco cirúrgico', 'Exames pré-operatórios'] }, headers);
  });
  const ownCase = (overrides: SurgeryOverrides = {}) => insertSurgery(t.deps.db, ownPatient, { status: 'prep_doc', hospitalId: ids.hospitalIds[0]!, ...overrides });

  it('a private case: only the hospital’s list', async () => {
    const surgery = await ownCase({ paymentFountains: 'particular' });
    const res = await call('GET', `/surgery/${surgery.id}/checklist/`, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        { kind: 'doctor_request', name: 'Pedido médico', required_by: ['hospital'], received: false },
        { kind: 'medical_report', name: 'Laudo médico', required_by: ['hospital'], received: false },
        { kind: null, name: 'Risco cirúrgico', required_by: ['hospital'], received: false },
      ],
      missing: ['Pedido médico', 'Laudo médico', 'Risco cirúrgico'],
    });
  });

  it('a plan case: both lists, each document once, with who requires it', async () => {
    const surgery = await ownCase({ paymentFountains: 'plano_saude', healthPlanId: ids.healthPlanIds[0]! });
    const res = await call('GET', `/surgery/${surgery.id}/checklist/`, headers);
    expect(res.json()).toEqual({
      items: [
        { kind: 'doctor_request', name: 'Pedido médico', required_by: ['hospital', 'plano'], received: false },
        { kind: 'medical_report', name: 'Laudo médico', required_by: ['hospital'], received: false },
        { kind: 'convention_wallet', name: 'Carteirinha do convênio', required_by: ['plano'], received: false },
        { kind: null, name: 'Risco cirúrgico', required_by: ['hospital', 'plano'], received: false },
        { kind: null, name: 'Exames pré-operatórios', required_by: ['plano'], received: false },
      ],
      missing: ['Pedido médico', 'Laudo médico', 'Carteirinha do convênio', 'Risco cirúrgico', 'Exames pré-operatórios'],
    });
  });

  it('an uploaded kind is received; marking an extra receives it, unmarking takes it back', async () => {
    const surgery = await ownCase({ paymentFountains: 'particular' });
    const body = new FormData();
    body.append('new_status', 'prep_doc');
    body.append('doctor_request', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'pedido.pdf');
    const request = new Request('http://localhost/', { method: 'POST', body });
    const upload = await t.app.inject({
      method: 'PUT',
      url: `${API}/include_surgery_files/${surgery.id}/`,
      headers: { ...headers, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const versionBefore = (await surgeryRow(t.deps.db, surgery.id)).version;
    const marked = await call('PUT', `/surgery/${surgery.id}/checklist/`, headers, { name: ' risco  cirúrgico ', received: true });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ missing: ['Laudo médico'] });
    expect((marked.json() as { items: Array<{ name: string; received: boolean }> }).items.filter((i) => i.received).map((i) => i.name)).toEqual([
      'Pedido médico',
      'Risco cirúrgico',
    ]);
    // Marking again changes nothing; the mark does not change the Surgery answer, so its version stays.
    expect((await call('PUT', `/surgery/${surgery.id}/checklist/`, headers, { name: 'Risco cirúrgico', received: true })).json()).toEqual(marked.json());
    expect((await surgeryRow(t.deps.db, surgery.id)).version).toBe(versionBefore);
    const unmarked = await call('PUT', `/surgery/${surgery.id}/checklist/`, headers, { name: 'Risco cirúrgico', received: false });
    expect(unmarked.json()).toMatchObject({ missing: ['Laudo médico', 'Risco cirúrgico'] });
  });

  it('marking a kind or a name not on the list, or a bad body: 400, nothing written', async () => {
    const surgery = await ownCase({ paymentFountains: 'particular' });
    const marks = () => t.deps.db.select().from(surgeryChecklistMarks).where(eq(surgeryChecklistMarks.surgeryId, surgery.id));
    const notExtra = 'Este documento não é um dos documentos extras exigidos para esta cirurgia.';
    for (const [body, error] of [
      [{ name: 'Pedido médico', received: true }, [notExtra]],
      [{ name: 'Exames pré-operatórios', received: true }, [notExtra]],
      [{ name: '', received: true }, ['Informe o documento.']],
      [{ name: 'Risco cirúrgico' }, ['Informe se o documento foi recebido.']],
      [{ name: 'Risco cirúrgico', received: 'sim' }, ['Dados inválidos.']],
    ] as const) {
      const res = await call('PUT', `/surgery/${surgery.id}/checklist/`, headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as { error: string[] }).error).toEqual(error);
    }
    expect(await marks()).toEqual([]);
  });

  it('a case without configured lists has an empty checklist', async () => {
    const surgery = await newCase({ hospitalId: ids.hospitalIds[4]! });
    expect((await call('GET', `/surgery/${surgery.id}/checklist/`, asMedic)).json()).toEqual({ items: [], missing: [] });
  });

  it('another tenant’s case is 404; no token is 401', async () => {
    const surgery = await ownCase();
    for (const other of [asMedic, asSecretary, asUnlinked]) {
      const read = await call('GET', `/surgery/${surgery.id}/checklist/`, other);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual(SURGERY_NOT_FOUND);
      expect((await call('PUT', `/surgery/${surgery.id}/checklist/`, other, { name: 'Risco cirúrgico', received: true })).statusCode).toBe(404);
    }
    expect((await call('GET', `/surgery/${surgery.id}/checklist/`, null)).statusCode).toBe(401);
    expect((await call('GET', '/surgery/abc/checklist/', headers)).statusCode).toBe(404);
  });

  describe('moving on from prep_doc with required documents missing', () => {
    it('update/{id}/: refused with the missing names, then confirmed and recorded in the history', async () => {
      const surgery = await ownCase({ paymentFountains: 'particular' });
      const refused = await call('PUT', `/update/${surgery.id}/`, headers, { new_status: 'env_doc' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: [MISSING('Pedido médico, Laudo médico, Risco cirúrgico')] });
      expect((await surgeryRow(t.deps.db, surgery.id)).status).toBe('prep_doc');
      expect(await statusHistory(t.deps.db, surgery.id)).toEqual([]);
      const notConfirmed = await call('PUT', `/update/${surgery.id}/`, headers, { new_status: 'env_doc', missing_documents_confirmed: false });
      expect(notConfirmed.statusCode).toBe(400);
      // A save at prep_doc needs no confirmation.
      expect((await call('PUT', `/update/${surgery.id}/`, headers, { new_status: 'prep_doc' })).statusCode).toBe(200);
      const moved = await call('PUT', `/update/${surgery.id}/`, headers, { new_status: 'env_doc', missing_documents_confirmed: true });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((moved.json() as { status: string }).status).toBe('env_doc');
      const history = await statusHistory(t.deps.db, surgery.id);
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ fromStatus: 'prep_doc', toStatus: 'env_doc', changedBy: medic.id, missingDocuments: ['Pedido médico', 'Laudo médico', 'Risco cirúrgico'] });
      // The case's 'Histórico' says so (issue 33 item 7: the confirmation dialog promises it is recorded there).
      const timeline = (await call('GET', `/surgery/${surgery.id}/history/`, headers)).json() as { results: Array<Record<string, unknown>> };
      expect(timeline.results[0]).toMatchObject({
        kind: 'moved',
        from_status: 'prep_doc',
        to_status: 'env_doc',
        missing_documents: ['Pedido médico', 'Laudo médico', 'Risco cirúrgico'],
        actor: { id: medic.id },
      });
    });

    it('include_surgery_files: the upload counts, the rest needs missing_documents_confirmed=true', async () => {
      const surgery = await ownCase({ paymentFountains: 'particular' });
      await call('PUT', `/surgery/${surgery.id}/checklist/`, headers, { name: 'Risco cirúrgico', received: true });
      const send = async (confirmed: string | null) => {
        const body = new FormData();
        body.append('new_status', 'env_doc');
        if (confirmed !== null) body.append('missing_documents_confirmed', confirmed);
        body.append('doctor_request', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'pedido.pdf');
        const request = new Request('http://localhost/', { method: 'POST', body });
        return t.app.inject({
          method: 'PUT',
          url: `${API}/include_surgery_files/${surgery.id}/`,
          headers: { ...headers, 'content-type': request.headers.get('content-type')! },
          payload: Buffer.from(await request.arrayBuffer()),
        });
      };
      const refused = await send(null);
      expect(refused.statusCode).toBe(400);
      // The request sent with the move counts as received: only the report is missing.
      expect(refused.json()).toEqual({ error: ['Falta o documento exigido: Laudo médico. Confirme para avançar mesmo assim.'] });
      expect((await send('sim')).statusCode).toBe(400);
      const moved = await send('true');
      expect(moved.statusCode, moved.body).toBe(200);
      const [row] = await statusHistory(t.deps.db, surgery.id);
      expect(row).toMatchObject({ fromStatus: 'prep_doc', toStatus: 'env_doc', missingDocuments: ['Laudo médico'] });
    });

    it('with nothing missing the advance needs no confirmation and records none', async () => {
      const surgery = await newCase({ hospitalId: ids.hospitalIds[4]! });
      const moved = await call('PUT', `/update/${surgery.id}/`, asSecretary, { new_status: 'env_doc' });
      expect(moved.statusCode).toBe(200);
      expect((await statusHistory(t.deps.db, surgery.id))[0]).toMatchObject({ toStatus: 'env_doc', missingDocuments: null });
    });
  });
});

describe('dispatches: the sendings of a case', () => {
  // São Paulo's day, as the server checks it (from 21:00 there the UTC day is already tomorrow).
  const today = () => saoPauloDay(t.clock.now);

  it('records sendings and lists them newest first, with who recorded them', async () => {
    const surgery = await newCase({ status: 'env_doc' });
    const first = await call('POST', `/surgery/${surgery.id}/dispatches/`, asSecretary, {
      sent_on: '2025-01-10',
      recipient: ' Hospital Central — internação ',
      channel: 'email',
      items: ['Pedido médico', ' Risco  cirúrgico '],
      notes: 'Enviado para internacao@hospital.com.br',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      sent_on: '2025-01-10',
      recipient: 'Hospital Central — internação',
      channel: 'email',
      items: ['Pedido médico', 'Risco cirúrgico'],
      notes: 'Enviado para internacao@hospital.com.br',
      created_by: { id: tenants.secretary.id },
    });
    const second = await call('POST', `/surgery/${surgery.id}/dispatches/`, asMedic, { sent_on: '2025-01-12', recipient: 'Plano', channel: 'portal', items: ['Guia'] });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ notes: null });
    const list = await call('GET', `/surgery/${surgery.id}/dispatches/`, asMedic);
    expect(list.statusCode).toBe(200);
    expect((list.json() as Array<{ recipient: string }>).map((d) => d.recipient)).toEqual(['Plano', 'Hospital Central — internação']);
  });

  it('bad bodies: 400 with the messages, nothing written', async () => {
    const surgery = await newCase({ status: 'env_doc' });
    const tomorrow = saoPauloDay(new Date(t.clock.now.getTime() + 86_400_000));
    const cases: Array<[unknown, string[]]> = [
      [{}, ['Informe como os documentos foram enviados.', 'Informe ao menos um documento enviado.', 'Informe para quem os documentos foram enviados.', 'Informe a data do envio.']],
      [{ sent_on: tomorrow, recipient: 'H', channel: 'email', items: ['A'] }, ['A data não pode ser depois de hoje!']],
      [{ sent_on: '2025-02-30', recipient: 'H', channel: 'email', items: ['A'] }, ['Data do envio inválida.']],
      [{ sent_on: today(), recipient: 'H', channel: 'fax', items: ['A'] }, ['Meio de envio inválido: os valores aceitos são email, portal e presencial.']],
      [{ sent_on: today(), recipient: 'H', channel: 'email', items: [] }, ['Informe ao menos um documento enviado.']],
      [{ sent_on: today(), recipient: 'H', channel: 'email', items: ['A', ' a'] }, ['Documento repetido no envio: a.']],
      [{ sent_on: today(), recipient: 'x'.repeat(121), channel: 'email', items: ['A'] }, ['O destinatário deve ter no máximo 120 caracteres.']],
      [{ sent_on: today(), recipient: 'H', channel: 'email', items: ['A'], notes: 'x'.repeat(1001) }, ['A observação deve ter no máximo 1000 caracteres.']],
    ];
    for (const [body, error] of cases) {
      const res = await call('POST', `/surgery/${surgery.id}/dispatches/`, asMedic, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as { error: string[] }).error).toEqual(error);
    }
    expect(await t.deps.db.select().from(surgeryDispatches).where(eq(surgeryDispatches.surgeryId, surgery.id))).toEqual([]);
  });

  it('another tenant’s case is 404 and nothing is written; no token is 401', async () => {
    const surgery = await newCase({ status: 'env_doc' });
    const body = { sent_on: today(), recipient: 'H', channel: 'presencial', items: ['A'] };
    for (const other of [asOtherMedic, asUnlinked]) {
      const res = await call('POST', `/surgery/${surgery.id}/dispatches/`, other, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(SURGERY_NOT_FOUND);
      expect((await call('GET', `/surgery/${surgery.id}/dispatches/`, other)).statusCode).toBe(404);
    }
    expect((await call('POST', `/surgery/${surgery.id}/dispatches/`, null, body)).statusCode).toBe(401);
    expect(await t.deps.db.select().from(surgeryDispatches).where(eq(surgeryDispatches.surgeryId, surgery.id))).toEqual([]);
  });
});
