import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthPlans, hospitals, officeTemplates } from '../../server/db/schema/index';
import { createDiskStorage } from '../../server/services/storage/disk-storage';
import type { FileStorage } from '../../server/services/storage/file-storage';
import { referencedFileKeys } from '../../server/services/storage/orphan-sweep';
import { DOCX_CONTENT_TYPE, documentText } from '../../server/services/templates/docx-template';
import { readTemplateFile, shippedTemplateKey } from '../../server/services/templates/template-files';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, lookupIds } from '../helpers/clinical-fixtures';
import { authHeader, createSecretary, signIn, TEST_PASSWORD, validCpf, type TestAccount } from '../helpers/fixtures';
import { NO_HOSPITAL_TEMPLATE } from '../helpers/spec-texts';
import { signInTenants } from '../helpers/tenants';

/** Issue 33 item 10f: an office's own hospital and plan templates, uploaded in the app. */

const base = (scope: string, id: number | string) => `/surgery/api/v1/document_requirements/${scope}/${id}/template/`;

let t: TestApp;
let medic: TestAccount;
let asMedic: { authorization: string };
let asSecretary: { authorization: string };
let asOtherMedic: { authorization: string };
let asOtherSecretary: { authorization: string };
let hospitalWith: number;
let hospitalWithout: number;
let planWith: number;
let caseId: number;
let otherCaseId: number;
/** Every key written to the storage, in order. */
const written: string[] = [];
let shipped: Buffer;

const p = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

/** The shipped hospital template with `body` as its document body: a real DOCX. */
function docxWithBody(body: string): Buffer {
  const zip = new PizZip(shipped);
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr/></w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer' });
}

async function upload(url: string, headers: { authorization: string }, file: Buffer | null, filename = 'Formulário Einstein.docx', field = 'file') {
  const form = new FormData();
  if (file) form.append(field, new Blob([new Uint8Array(file)], { type: DOCX_CONTENT_TYPE }), filename);
  else form.append('other', 'x');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return t.app.inject({ method: 'PUT', url, headers: { ...headers, 'content-type': request.headers.get('content-type')! }, payload });
}

const rows = () => t.deps.db.select().from(officeTemplates);

beforeAll(async () => {
  t = await buildTestApp({
    storage: ({ dataDir }) => {
      const disk = createDiskStorage(join(dataDir, 'files'));
      const recording: FileStorage = {
        ...disk,
        put: async (key, data, type) => {
          written.push(key);
          return disk.put(key, data, type);
        },
      };
      return recording;
    },
  });
  const ids = await lookupIds(t.deps.db);
  const tenants = await signInTenants(t);
  medic = tenants.medic;
  asMedic = authHeader(tenants.medicToken);
  asSecretary = authHeader(tenants.secretaryToken);
  asOtherMedic = authHeader(tenants.otherMedicToken);
  asOtherSecretary = authHeader(tenants.unlinkedSecretaryToken);
  [hospitalWith, hospitalWithout] = ids.hospitalIds as [number, number];
  [planWith] = ids.healthPlanIds as [number];
  await t.deps.db.update(hospitals).set({ templateFileKey: shippedTemplateKey('hospital') }).where(eq(hospitals.id, hospitalWith));
  await t.deps.db.update(healthPlans).set({ templateFileKey: shippedTemplateKey('plano') }).where(eq(healthPlans.id, planWith));
  shipped = (await readTemplateFile(t.deps.storage, shippedTemplateKey('hospital')))!;

  const patient = await insertPatient(t.deps.db, medic.id, { nomeCompleto: 'Paciente Modelo Próprio', cpf: validCpf(61_234_567) });
  caseId = (await insertSurgery(t.deps.db, patient, { status: 'env_doc', hospitalId: hospitalWithout, paymentFountains: 'particular' })).id;
  const otherPatient = await insertPatient(t.deps.db, tenants.otherMedic.id, { nomeCompleto: 'Paciente Outro Consultório', cpf: validCpf(61_234_999) });
  otherCaseId = (await insertSurgery(t.deps.db, otherPatient, { status: 'env_doc', hospitalId: hospitalWithout, paymentFountains: 'particular' })).id;
});

afterAll(async () => {
  await t?.close();
});

describe('office templates', () => {
  it('shows the shared template, or none, before the office uploads its own', async () => {
    const shared = await t.app.inject({ method: 'GET', url: base('hospital', hospitalWith), headers: asMedic });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toEqual({
      scope: 'hospital',
      id: hospitalWith,
      template: { source: 'shared', name: 'solicitacao-hospital.docx', size: null, uploaded_at: null, uploaded_by: null },
      shared_available: true,
    });
    const none = await t.app.inject({ method: 'GET', url: base('hospital', hospitalWithout), headers: asMedic });
    expect(none.json()).toMatchObject({ template: null, shared_available: false });
    const file = await t.app.inject({ method: 'GET', url: `${base('hospital', hospitalWithout)}file/`, headers: asMedic });
    expect(file.statusCode).toBe(404);
    expect(file.json()).toEqual(NO_HOSPITAL_TEMPLATE);
    // The case offers no download yet.
    const before = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${caseId}/`, headers: asMedic });
    expect(before.json().hospital_template_ok).toBe(false);
  });

  it('refuses a file that is not a DOCX, or a broken one, with 400 in pt-BR and stores nothing', async () => {
    const before = written.length;
    const pdf = await upload(base('hospital', hospitalWithout), asMedic, Buffer.from('%PDF-1.4 não é um docx'), 'guia.pdf');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toEqual({
      error: ['O arquivo não é um documento DOCX (Word 2007 ou mais novo).'],
      file: ['O arquivo não é um documento DOCX (Word 2007 ou mais novo).'],
    });
    const zipWithoutDocument = new PizZip();
    zipWithoutDocument.file('hello.txt', 'olá');
    const notWord = await upload(base('hospital', hospitalWithout), asMedic, zipWithoutDocument.generate({ type: 'nodebuffer' }));
    expect(notWord.statusCode).toBe(400);
    expect(notWord.json().error[0]).toMatch(/DOCX/);
    const broken = await upload(base('hospital', hospitalWithout), asMedic, docxWithBody(p('Paciente: {paciente_nome')));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toEqual(['O marcador "{paciente_nome" não foi fechado com "}".']);
    const empty = await upload(base('hospital', hospitalWithout), asMedic, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toEqual(['Envie o arquivo do modelo (DOCX).']);
    const otherField = await upload(base('hospital', hospitalWithout), asMedic, docxWithBody(p('ok')), 'a.docx', 'foto');
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json().error).toEqual(['Dados inválidos.']);
    const huge = Buffer.concat([docxWithBody(p('grande')), Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await upload(base('hospital', hospitalWithout), asMedic, huge, 'grande.docx');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toEqual(['O modelo deve ter no máximo 10 MB.']);
    const notMultipart = await t.app.inject({ method: 'PUT', url: base('hospital', hospitalWithout), headers: asMedic, payload: { file: 'x' } });
    expect(notMultipart.statusCode).toBe(400);
    expect(written.length).toBe(before);
    expect(await rows()).toEqual([]);
  });

  it("uploads the office's own template; a case of the office is filled with it", async () => {
    const docx = docxWithBody(p('Modelo próprio do consultório para {paciente_nome}') + p('Hospital: {hospital_nome}'));
    const res = await upload(base('hospital', hospitalWithout), asMedic, docx);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      scope: 'hospital',
      id: hospitalWithout,
      template: { source: 'office', name: 'Formulário Einstein.docx', size: docx.length, uploaded_by: { id: medic.id } },
      shared_available: false,
    });
    expect(res.json().template.uploaded_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const [row] = await rows();
    expect(row).toMatchObject({ medicId: medic.id, hospitalId: hospitalWithout, healthPlanId: null, uploadedBy: medic.id });
    expect(row!.fileKey).toMatch(/^templates\/office-/);
    expect((await referencedFileKeys(t.deps.db)).has(row!.fileKey)).toBe(true);
    // The shared row is untouched.
    const [shared] = await t.deps.db.select({ key: hospitals.templateFileKey }).from(hospitals).where(eq(hospitals.id, hospitalWithout));
    expect(shared!.key).toBeNull();

    const surgery = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${caseId}/`, headers: asMedic });
    expect(surgery.json().hospital_template_ok).toBe(true);
    const filled = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/download/hospital/${caseId}/`, headers: asMedic });
    expect(filled.statusCode).toBe(200);
    expect(documentText(filled.rawPayload)).toContain('Modelo próprio do consultório para Paciente Modelo Próprio');

    const file = await t.app.inject({ method: 'GET', url: `${base('hospital', hospitalWithout)}file/`, headers: asMedic });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(DOCX_CONTENT_TYPE);
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Formulario Einstein.docx"; filename*=UTF-8''${encodeURIComponent('Formulário Einstein.docx')}`,
    );
    expect(Buffer.compare(file.rawPayload, docx)).toBe(0);
  });

  it("keeps another office out: it neither sees, downloads nor removes it (404), and its cases don't get it", async () => {
    const seen = await t.app.inject({ method: 'GET', url: base('hospital', hospitalWithout), headers: asOtherMedic });
    expect(seen.json()).toMatchObject({ template: null });
    const file = await t.app.inject({ method: 'GET', url: `${base('hospital', hospitalWithout)}file/`, headers: asOtherMedic });
    expect(file.statusCode).toBe(404);
    const removed = await t.app.inject({ method: 'DELETE', url: base('hospital', hospitalWithout), headers: asOtherSecretary });
    expect(removed.statusCode).toBe(404);
    expect(removed.json().error).toEqual(['Este consultório não tem modelo próprio para este hospital.']);
    const otherCase = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/download/hospital/${otherCaseId}/`, headers: asOtherMedic });
    expect(otherCase.statusCode).toBe(404);
    expect(otherCase.json()).toEqual(NO_HOSPITAL_TEMPLATE);
    // Naming this office's medic is refused as in the other document_requirements calls.
    const named = await t.app.inject({ method: 'GET', url: `${base('hospital', hospitalWithout)}file/?medic=${medic.id}`, headers: asOtherSecretary });
    expect(named.statusCode).toBe(400);
    expect(await rows()).toHaveLength(1);
  });

  it("lets the office's secretary replace it (the old file goes), and remove it back to the shared one", async () => {
    const [before] = await rows();
    const docx = docxWithBody(p('Versão da secretária {paciente_nome}'));
    const res = await upload(base('hospital', hospitalWithout), asSecretary, docx, 'versao-2.docx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().template).toMatchObject({ source: 'office', name: 'versao-2.docx' });
    const [after] = await rows();
    expect(after!.fileKey).not.toBe(before!.fileKey);
    expect(await t.deps.storage.get(before!.fileKey)).toBeNull();

    const removed = await t.app.inject({ method: 'DELETE', url: base('hospital', hospitalWithout), headers: asSecretary });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ template: null, shared_available: false });
    expect(await rows()).toEqual([]);
    expect(await t.deps.storage.get(after!.fileKey)).toBeNull();
    const surgery = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${caseId}/`, headers: asMedic });
    expect(surgery.json().hospital_template_ok).toBe(false);
  });

  it("a plan's own template wins over the shared one; removing it falls back", async () => {
    const res = await upload(base('plano', planWith), asMedic, docxWithBody(p('Guia do convênio {plano_nome}')), 'guia.docx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ template: { source: 'office', name: 'guia.docx' }, shared_available: true });
    const [row] = await t.deps.db.select().from(officeTemplates).where(and(eq(officeTemplates.medicId, medic.id), eq(officeTemplates.healthPlanId, planWith)));
    expect(row).toBeDefined();
    const back = await t.app.inject({ method: 'DELETE', url: base('plano', planWith), headers: asMedic });
    expect(back.json().template).toMatchObject({ source: 'shared', name: 'solicitacao-plano.docx' });
    const again = await t.app.inject({ method: 'DELETE', url: base('plano', planWith), headers: asMedic });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toEqual(['Este consultório não tem modelo próprio para este convênio.']);
  });

  it('answers 404 for an unknown hospital or scope, and 400 for a secretary of several medics without `medic`', async () => {
    expect((await t.app.inject({ method: 'GET', url: base('hospital', 999_999), headers: asMedic })).statusCode).toBe(404);
    expect((await upload(base('hospital', 999_999), asMedic, docxWithBody(p('x')))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: base('clinica', hospitalWith), headers: asMedic })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: base('hospital', hospitalWith) })).statusCode).toBe(401);
    const other = await signInTenants(t);
    const both = await createSecretary(t.deps, { medicIds: [medic.id, other.medic.id] });
    const token = (await signIn(t.app, both.email, TEST_PASSWORD)).access_token;
    const res = await t.app.inject({ method: 'GET', url: base('hospital', hospitalWith), headers: authHeader(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(['Selecione o médico.']);
    const named = await t.app.inject({ method: 'GET', url: `${base('hospital', hospitalWith)}?medic=${medic.id}`, headers: authHeader(token) });
    expect(named.statusCode).toBe(200);
  });
});
