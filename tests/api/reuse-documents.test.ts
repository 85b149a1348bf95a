import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseStatus } from '../../machines/constants';
import { surgeries, surgeryDocuments, type PatientRow } from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery } from '../helpers/clinical-fixtures';
import { validateInjected } from '../helpers/contract';
import { authHeader, type TestAccount } from '../helpers/fixtures';
import { solidPng } from '../helpers/png';
import { SURGERY_NOT_FOUND } from '../helpers/spec-texts';
import { signInTenants } from '../helpers/tenants';

/**
 * A patient's own documents used again on another case of the same patient (issue 33 #10d; openapi
 * listReusableDocuments, reuseDocument): the list of what another case holds, the copy (checked by content again,
 * stored under its own key, the original kept), only the patient-level kinds, only the user's cases of the same
 * patient (another tenant, another patient: 404), only at prep_doc (409), bad bodies 400 in pt-BR with nothing
 * written. Every answer is checked against openapi.yaml.
 */

const KIND_MESSAGE = 'Só o documento do paciente, o comprovante de residência e a carteirinha do convênio podem ser usados de outro caso.';
const FROM_MESSAGE = 'Informe o caso de onde vem o arquivo (from_surgery).';
const NOT_FOUND = 'Arquivo não encontrado em outro caso deste paciente.';
const PNG = solidPng(2, [0x20, 0x80, 0xc0]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

let t: TestApp;
let medic: TestAccount;
let otherMedic: TestAccount;
let asMedic: { authorization: string };
let asSecretary: { authorization: string };
let asOtherMedic: { authorization: string };
let patient: PatientRow;

beforeAll(async () => {
  t = await buildTestApp();
  const tenants = await signInTenants(t);
  ({ medic, otherMedic } = tenants);
  asMedic = authHeader(tenants.medicToken);
  asSecretary = authHeader(tenants.secretaryToken);
  asOtherMedic = authHeader(tenants.otherMedicToken);
  patient = await insertPatient(t.deps.db, medic.id);
});
afterAll(async () => {
  await t?.close();
});

const listUrl = (id: number) => `/surgery/api/v1/surgery/${id}/reusable_documents/`;
const reuseUrl = (id: number) => `/surgery/api/v1/surgery/${id}/reuse_document/`;

async function upload(id: number, kind: string, data: Buffer, name: string) {
  const body = new FormData();
  body.append('new_status', 'prep_doc');
  body.append(kind, new Blob([new Uint8Array(data)]), name);
  const request = new Request('http://localhost/', { method: 'POST', body });
  const payload = Buffer.from(await request.arrayBuffer());
  const res = await t.app.inject({
    method: 'PUT',
    url: `/surgery/api/v1/include_surgery_files/${id}/`,
    headers: { ...asMedic, 'content-type': request.headers.get('content-type')! },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function call(method: 'GET' | 'POST', url: string, headers: { authorization: string }, payload?: object) {
  const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  expect(validateInjected(method, url, res), res.body).toEqual([]);
  return res;
}

const documentRows = (id: number) => t.deps.db.select().from(surgeryDocuments).where(eq(surgeryDocuments.surgeryId, id)).orderBy(asc(surgeryDocuments.kind));
const versionOf = async (id: number) => (await t.deps.db.select({ version: surgeries.version }).from(surgeries).where(eq(surgeries.id, id)))[0]!.version;

async function storedCount(): Promise<number> {
  try {
    const entries = await readdir(join(t.deps.config.dataDir, 'files'), { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).length;
  } catch {
    return 0;
  }
}

const newCase = async (status: CaseStatus = 'prep_doc', owner: Pick<PatientRow, 'id' | 'medicId'> = patient) => (await insertSurgery(t.deps.db, owner, { status })).id;

describe('a patient document used again on another case of the same patient', () => {
  it('lists what another case holds and copies it, checked and stored anew, the original kept', async () => {
    const first = await newCase();
    await upload(first, 'patient_document', PNG, 'rg-helena.png');
    await upload(first, 'doctor_request', PDF, 'pedido.pdf');
    const second = await newCase();

    const listed = await call('GET', listUrl(second), asSecretary);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      results: [{ kind: 'patient_document', surgery_id: first, name: 'rg-helena.png', uploaded_at: expect.stringMatching(/-03:00$/) }],
    });
    // The first case sees nothing of its own.
    expect((await call('GET', listUrl(first), asMedic)).json()).toEqual({ results: [] });

    const version = await versionOf(second);
    const files = await storedCount();
    const reused = await call('POST', reuseUrl(second), asSecretary, { kind: 'patient_document', from_surgery: first, version });
    expect(reused.statusCode, reused.body).toBe(200);
    const body = reused.json();
    expect(body).toMatchObject({ id: second, status: 'prep_doc', version: version + 1 });
    expect(body.document_files).toEqual([
      { id: expect.any(Number), kind: 'patient_document', document: null, name: 'rg-helena.png', uploaded_at: expect.any(String), link: expect.any(String) },
    ]);
    const served = await t.app.inject({ method: 'GET', url: body.patient_document });
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const [copy] = await documentRows(second);
    const [original] = (await documentRows(first)).filter((row) => row.kind === 'patient_document');
    expect(copy!.fileKey).not.toBe(original!.fileKey);
    expect(copy!.fileKey.startsWith(`surgeries/${second}/patient_document-`)).toBe(true);
    expect(await storedCount()).toBe(files + 1);
    // Now the second case holds it too: the first case lists the second's copy (the latest).
    expect((await call('GET', listUrl(first), asMedic)).json().results).toEqual([
      { kind: 'patient_document', surgery_id: second, name: 'rg-helena.png', uploaded_at: expect.any(String) },
    ]);
  });

  it('the plan card and the proof of address are the patient’s too: listed and copied like the RG', async () => {
    const owner = await insertPatient(t.deps.db, medic.id);
    const first = await newCase('prep_doc', owner);
    await upload(first, 'convention_wallet', PNG, 'carteirinha.png');
    await upload(first, 'residence_proof', PDF, 'conta-de-luz.pdf');
    await upload(first, 'medical_report', PDF, 'laudo.pdf');
    const second = await newCase('prep_doc', owner);

    const listed = (await call('GET', listUrl(second), asSecretary)).json() as { results: Array<{ kind: string; name: string }> };
    expect(listed.results.map(({ kind, name }) => [kind, name]).sort()).toEqual([
      ['convention_wallet', 'carteirinha.png'],
      ['residence_proof', 'conta-de-luz.pdf'],
    ]);
    for (const kind of ['convention_wallet', 'residence_proof']) {
      const reused = await call('POST', reuseUrl(second), asSecretary, { kind, from_surgery: first });
      expect(reused.statusCode, reused.body).toBe(200);
    }
    expect((await documentRows(second)).map((row) => [row.kind, row.originalName]).sort()).toEqual([
      ['convention_wallet', 'carteirinha.png'],
      ['residence_proof', 'conta-de-luz.pdf'],
    ]);
  });

  it('refuses a kind of the case, a missing or bad source: 400 in pt-BR, nothing written', async () => {
    const first = await newCase();
    await upload(first, 'doctor_request', PDF, 'pedido.pdf');
    const second = await newCase();
    const version = await versionOf(second);
    for (const [payload, message] of [
      [{ kind: 'doctor_request', from_surgery: first }, KIND_MESSAGE],
      [{ from_surgery: first }, KIND_MESSAGE],
      [{ kind: 'patient_document' }, FROM_MESSAGE],
      [{ kind: 'patient_document', from_surgery: 0 }, FROM_MESSAGE],
      [{ kind: 'patient_document', from_surgery: 'x' }, 'Dados inválidos.'],
      [{ kind: 'patient_document', from_surgery: first, arquivo: 'rg.png' }, 'Campo não reconhecido: arquivo.'],
    ] as const) {
      const res = await call('POST', reuseUrl(second), asMedic, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toContain(message);
    }
    expect(await documentRows(second)).toEqual([]);
    expect(await versionOf(second)).toBe(version);
  });

  it('another tenant, another patient or a case without the file: 404; outside prep_doc: 409; nothing written', async () => {
    const own = await insertPatient(t.deps.db, medic.id);
    const first = await newCase('prep_doc', own);
    await upload(first, 'convention_wallet', PNG, 'carteirinha.png');
    const second = await newCase('prep_doc', own);
    // Another tenant asks for the list or the copy: the case is not theirs.
    for (const res of [
      await call('GET', listUrl(second), asOtherMedic),
      await call('POST', reuseUrl(second), asOtherMedic, { kind: 'convention_wallet', from_surgery: first }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(SURGERY_NOT_FOUND);
    }
    // Another tenant's case of their own patient, as the source for this tenant's case.
    const foreignPatient = await insertPatient(t.deps.db, otherMedic.id);
    const foreign = await newCase('prep_doc', foreignPatient);
    const crossTenant = await call('POST', reuseUrl(second), asMedic, { kind: 'convention_wallet', from_surgery: foreign });
    expect(crossTenant.statusCode).toBe(404);
    // Another patient of the same medic.
    const otherPatient = await insertPatient(t.deps.db, medic.id);
    const stranger = await newCase('prep_doc', otherPatient);
    await upload(stranger, 'convention_wallet', PNG, 'outra.png');
    const wrongPatient = await call('POST', reuseUrl(second), asMedic, { kind: 'convention_wallet', from_surgery: stranger });
    expect(wrongPatient.statusCode).toBe(404);
    expect(wrongPatient.json()).toEqual({ error: [NOT_FOUND] });
    expect((await call('GET', listUrl(second), asMedic)).json().results.map((row: { surgery_id: number }) => row.surgery_id)).toEqual([first]);
    // The same patient's case without that kind.
    const missing = await call('POST', reuseUrl(second), asMedic, { kind: 'residence_proof', from_surgery: first });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: [NOT_FOUND] });
    expect(await documentRows(second)).toEqual([]);
    // A case past the documents step.
    const later = await newCase('autorizacao', own);
    const conflict = await call('POST', reuseUrl(later), asMedic, { kind: 'convention_wallet', from_surgery: first });
    expect(conflict.statusCode).toBe(409);
    expect(await documentRows(later)).toEqual([]);
  });
});
