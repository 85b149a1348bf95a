import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, surgeryDocuments } from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, lookupIds } from '../helpers/clinical-fixtures';
import { countRows, signInMedicSecretaryAndOther, validCpf, type AuthHeaders, type TestAccount } from '../helpers/fixtures';
import { solidPng } from '../helpers/png';

/**
 * GET /surgery/api/v1/patient/{id}/data_export/ (issue 16 item 3): a patient's data-subject archive, a ZIP of
 * `paciente.json`, the photo and the documents, streamed to the medic and recorded in the audit trail.
 */
const exportUrl = (id: number | string) => `/surgery/api/v1/patient/${id}/data_export/`;
const NOT_FOUND = { error: ['Paciente não encontrado.'] };

let t: TestApp;
let medic: TestAccount;
let asMedic: AuthHeaders;
let asSecretary: AuthHeaders;
let asOtherMedic: AuthHeaders;
let planId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ medic, asMedic, asSecretary, asOtherMedic } = await signInMedicSecretaryAndOther(t.deps, t.app));
  planId = (await lookupIds(t.deps.db)).healthPlanIds[0]!;
});
afterAll(async () => {
  await t?.close();
});

async function createWithPhoto(photo: Buffer): Promise<number> {
  const form = new FormData();
  const fields: Record<string, string> = {
    nome_completo: 'Joana Titular dos Dados',
    cellphone: '(11) 9 8765-4321',
    convenio: String(planId),
    birthday: '1975-01-31',
    address: 'Rua do Titular, 42',
    cep: '01310-100',
    cpf: validCpf(4242),
    gender: 'female',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('foto', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'foto.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const response = await t.app.inject({
    method: 'POST',
    url: '/surgery/api/v1/add_paciente/',
    headers: { ...asMedic, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

describe('the data-subject archive', () => {
  it('holds the patient, every case with its rows, the photo and the documents, and is recorded in the audit', async () => {
    const photo = solidPng(24, [200, 30, 60]);
    const patientId = await createWithPhoto(photo);
    const surgery = await insertSurgery(t.deps.db, { id: patientId, medicId: medic.id }, { status: 'prep_doc' });
    const pdf = Buffer.from('%PDF-1.4\n% laudo do titular\n%%EOF\n');
    await t.deps.storage.put('surgeries/test-report.pdf', pdf, 'application/pdf');
    await t.deps.db.insert(surgeryDocuments).values({
      surgeryId: surgery.id,
      kind: 'medical_report',
      fileKey: 'surgeries/test-report.pdf',
      contentType: 'application/pdf',
      originalName: 'laudo.pdf',
      size: pdf.length,
    });

    const response = await t.app.inject({ method: 'GET', url: exportUrl(patientId), headers: asMedic });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="dados-paciente-${patientId}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`));

    const zip = new PizZip(response.rawPayload, { checkCRC32: true });
    const documentName = `documentos/cirurgia-${surgery.id}-medical_report.pdf`;
    expect(Object.keys(zip.files).sort()).toEqual([documentName, 'foto.png', 'paciente.json'].sort());
    expect(Buffer.from(zip.file('foto.png')!.asUint8Array()).equals(photo)).toBe(true);
    expect(Buffer.from(zip.file(documentName)!.asUint8Array()).equals(pdf)).toBe(true);

    const archive = JSON.parse(zip.file('paciente.json')!.asText());
    expect(archive.patient).toMatchObject({
      id: patientId,
      nomeCompleto: 'Joana Titular dos Dados',
      cpf: validCpf(4242),
      birthday: '1975-01-31',
      address: 'Rua do Titular, 42',
      photo_file: 'foto.png',
    });
    expect(archive.patient).not.toHaveProperty('photoKey');
    expect(archive.patient).not.toHaveProperty('searchText');
    expect(archive.surgeries).toHaveLength(1);
    const [exportedCase] = archive.surgeries;
    expect(exportedCase.id).toBe(surgery.id);
    expect(exportedCase.procedures.length).toBeGreaterThan(0);
    expect(exportedCase.procedures[0]).toHaveProperty('code');
    expect(exportedCase.documents).toEqual([expect.objectContaining({ kind: 'medical_report', originalName: 'laudo.pdf', file: documentName })]);
    expect(JSON.stringify(archive)).not.toContain('test-report.pdf');

    const audit = (await t.app.inject({ method: 'GET', url: `/surgery/api/v1/audit/?patient=${patientId}&action=data_export`, headers: asMedic })).json();
    expect(audit.count).toBe(1);
    expect(audit.results[0]).toMatchObject({ action: 'data_export', entity: 'patient', entity_id: patientId, actor: { id: medic.id } });
  });

  it('holds the phone and the CEP as digits, as every JSON answer does, even where a row kept a mask', async () => {
    const patient = await insertPatient(t.deps.db, medic.id, { cellphone: '(11) 9 8765-4321', cep: '01.310-100' });
    const response = await t.app.inject({ method: 'GET', url: exportUrl(patient.id), headers: asMedic });
    expect(response.statusCode).toBe(200);
    const archive = JSON.parse(new PizZip(response.rawPayload).file('paciente.json')!.asText());
    expect(archive.patient).toMatchObject({ cellphone: '11987654321', cep: '01310100' });
  });

  it('answers a patient without photo or cases with the JSON alone', async () => {
    const patient = await insertPatient(t.deps.db, medic.id);
    const response = await t.app.inject({ method: 'GET', url: exportUrl(patient.id), headers: asMedic });
    expect(response.statusCode).toBe(200);
    const zip = new PizZip(response.rawPayload, { checkCRC32: true });
    expect(Object.keys(zip.files)).toEqual(['paciente.json']);
    expect(JSON.parse(zip.file('paciente.json')!.asText()).surgeries).toEqual([]);
  });

  it('is 404 for a secretary, another medic and a malformed id; 401 without a token; nothing recorded', async () => {
    const patient = await insertPatient(t.deps.db, medic.id);
    await t.app.audit.flush();
    const before = await countRows(t.deps.db, auditEvents);
    for (const headers of [asSecretary, asOtherMedic]) {
      const response = await t.app.inject({ method: 'GET', url: exportUrl(patient.id), headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect((await t.app.inject({ method: 'GET', url: exportUrl('abc'), headers: asMedic })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: exportUrl(patient.id) })).statusCode).toBe(401);
    await t.app.audit.flush();
    expect(await countRows(t.deps.db, auditEvents)).toBe(before);
  });
});
