import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseStatus } from '../../machines/constants';
import { documentRequirements, surgeries, surgeryDocuments, surgeryStatusHistory, type PatientRow } from '../../server/db/schema/index';
import { MAX_DOCUMENT_BYTES } from '../../server/services/files/file-type';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, lookupIds } from '../helpers/clinical-fixtures';
import { authHeader, countRows } from '../helpers/fixtures';
import { validateInjected } from '../helpers/contract';
import { solidPng } from '../helpers/png';
import { SURGERY_NOT_FOUND } from '../helpers/spec-texts';
import { signInTenants } from '../helpers/tenants';

const url = (id: number | string) => `/surgery/api/v1/include_surgery_files/${id}/`;
const LINK = /^\/surgery\/api\/v1\/surgery\/(\d+)\/documents\/([a-z_]+)\/\?expires=(\d+)&session=[0-9a-f-]{36}&signature=([A-Za-z0-9_-]+)$/;
/** One stored file's own link (issue 33 item 10). */
const FILE_LINK = /^\/surgery\/api\/v1\/surgery\/\d+\/document_files\/\d+\/\?expires=\d+&session=[0-9a-f-]{36}&signature=[A-Za-z0-9_-]+$/;
const INVALID = 'Dados inválidos.';
const typeMessage = (label: string) => `${label}: envie um PDF ou uma imagem JPEG, PNG ou WebP.`;

/* ------------------------------------------------------------------ tiny real files */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);
const PNG = solidPng(2, [0x20, 0x80, 0xc0]);
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/* ------------------------------------------------------------------ app and helpers */

let t: TestApp;
let asMedic: { authorization: string };
let asSecretary: { authorization: string };
let asOtherMedic: { authorization: string };
let asUnlinkedSecretary: { authorization: string };
let patient: PatientRow;

beforeAll(async () => {
  t = await buildTestApp();
  const tenants = await signInTenants(t);
  asMedic = authHeader(tenants.medicToken);
  asSecretary = authHeader(tenants.secretaryToken);
  asOtherMedic = authHeader(tenants.otherMedicToken);
  asUnlinkedSecretary = authHeader(tenants.unlinkedSecretaryToken);
  patient = await insertPatient(t.deps.db, tenants.medic.id);
});
afterAll(async () => {
  await t?.close();
});

const newCase = async (status: CaseStatus = 'prep_doc') => (await insertSurgery(t.deps.db, patient, { status })).id;

/** Every file the app's storage holds (the test app stores them under <dataDir>/files). */
async function storedFiles(): Promise<string[]> {
  try {
    const entries = await readdir(join(t.deps.config.dataDir, 'files'), { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath ?? '', entry.name)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

const documentRows = (surgeryId: number) =>
  t.deps.db.select().from(surgeryDocuments).where(eq(surgeryDocuments.surgeryId, surgeryId)).orderBy(asc(surgeryDocuments.kind), asc(surgeryDocuments.id));

async function caseRow(id: number) {
  const [row] = await t.deps.db.select().from(surgeries).where(eq(surgeries.id, id));
  return row!;
}

type Part = { data: Buffer; name?: string; type?: string } | string;

function form(parts: Array<[string, Part]>): FormData {
  const body = new FormData();
  for (const [field, value] of parts) {
    if (typeof value === 'string') body.append(field, value);
    else body.append(field, new Blob([new Uint8Array(value.data)], { type: value.type ?? 'application/octet-stream' }), value.name ?? 'arquivo');
  }
  return body;
}

async function send(id: number | string, body: FormData, headers: Record<string, string> = asMedic) {
  const request = new Request('http://localhost/', { method: 'POST', body });
  const payload = Buffer.from(await request.arrayBuffer());
  return t.app.inject({ method: 'PUT', url: url(id), headers: { ...headers, 'content-type': request.headers.get('content-type')! }, payload });
}

/** GET without any Authorization header, as a new tab or an `<img>` does. */
const fetchLink = (link: string) => t.app.inject({ method: 'GET', url: link });

/** Everything an upload could change: the stored files, the case's document rows, its row and the history. */
async function snapshot(id: number) {
  const row = await caseRow(id);
  return {
    files: await storedFiles(),
    documents: await documentRows(id),
    status: row.status,
    version: row.version,
    history: await countRows(t.deps.db, surgeryStatusHistory),
  };
}

/* ------------------------------------------------------------------ tests */

describe('PUT /surgery/api/v1/include_surgery_files/{id}/', () => {
  it('stores the documents at prep_doc without moving and answers the Surgery with signed links to them', async () => {
    const id = await newCase('prep_doc');
    const filesBefore = (await storedFiles()).length;
    const history = await countRows(t.deps.db, surgeryStatusHistory);
    const res = await send(
      id,
      form([
        ['new_status', 'prep_doc'],
        ['doctor_request', { data: PDF, name: 'pedido médico.pdf', type: 'application/pdf' }],
        ['patient_document', { data: PNG, name: 'rg.png', type: 'image/png' }],
      ]),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id, status: 'prep_doc' });
    expect(body.doctor_request).toMatch(LINK);
    expect(body.patient_document).toMatch(LINK);
    for (const kind of ['medical_report', 'residence_proof', 'surgery_guide', 'convention_wallet', 'hospital_consent']) {
      expect(body[kind]).toBeNull();
    }
    expect(await storedFiles()).toHaveLength(filesBefore + 2);
    expect(await countRows(t.deps.db, surgeryStatusHistory)).toBe(history);
    const rows = await documentRows(id);
    expect(rows.map((row) => [row.kind, row.contentType, row.size, row.originalName])).toEqual([
      ['doctor_request', 'application/pdf', PDF.length, 'pedido médico.pdf'],
      ['patient_document', 'image/png', PNG.length, 'rg.png'],
    ]);
    // Stored outside the web root under a server-made name (never the sender's).
    for (const row of rows) expect(row.fileKey).toMatch(new RegExp(`^surgeries/${id}/${row.kind}-[0-9a-f]{32}\\.(pdf|png)$`));

    // The links work without a bearer token and give back the very bytes.
    const pdf = await fetchLink(body.doctor_request);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('inline; filename="doctor_request.pdf"');
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
    const png = await fetchLink(body.patient_document);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.equals(PNG)).toBe(true);

    // The case read answers the same links.
    const read = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${id}/`, headers: asSecretary });
    expect((await fetchLink(read.json().doctor_request)).rawPayload.equals(PDF)).toBe(true);

    // Beside the links, each file's name and when it was sent (issue 33 #10e), in the contract's shape.
    const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?-03:00$/;
    expect(body.document_files).toEqual([
      { id: rows[0]!.id, kind: 'doctor_request', document: null, name: 'pedido médico.pdf', uploaded_at: expect.stringMatching(at), link: expect.stringMatching(FILE_LINK) },
      { id: rows[1]!.id, kind: 'patient_document', document: null, name: 'rg.png', uploaded_at: expect.stringMatching(at), link: expect.stringMatching(FILE_LINK) },
    ]);
    expect(Date.parse(body.document_files[0].uploaded_at)).toBe(Math.floor(rows[0]!.uploadedAt.getTime() / 1000) * 1000);
    expect(read.json().document_files).toEqual(
      body.document_files.map((file: { link: string }) => ({ ...file, link: expect.stringMatching(FILE_LINK) })),
    );
    expect(validateInjected('GET', `/surgery/api/v1/surgery/${id}/`, read)).toEqual([]);
  });

  it('stores and advances to env_doc with new_status env_doc, writing the history; files are optional', async () => {
    const id = await newCase('prep_doc');
    const history = await countRows(t.deps.db, surgeryStatusHistory);
    const res = await send(id, form([['new_status', 'env_doc'], ['medical_report', { data: JPEG, name: 'laudo.jpg' }]]), asSecretary);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'env_doc' });
    expect((await fetchLink(res.json().medical_report)).rawPayload.equals(JPEG)).toBe(true);
    expect(await countRows(t.deps.db, surgeryStatusHistory)).toBe(history + 1);
    const [last] = await t.deps.db
      .select()
      .from(surgeryStatusHistory)
      .where(eq(surgeryStatusHistory.surgeryId, id))
      .orderBy(sql`${surgeryStatusHistory.id} desc`)
      .limit(1);
    expect(last).toMatchObject({ fromStatus: 'prep_doc', toStatus: 'env_doc' });

    const empty = await newCase('prep_doc');
    const advanced = await send(empty, form([['new_status', 'env_doc']]));
    expect(advanced.statusCode).toBe(200);
    expect(advanced.json().status).toBe('env_doc');
    expect(await documentRows(empty)).toEqual([]);
  });

  it('accepts PDF, JPEG, PNG and WebP by their content, whatever the name and declared type', async () => {
    const id = await newCase('prep_doc');
    const res = await send(
      id,
      form([
        ['new_status', 'prep_doc'],
        ['surgery_guide', { data: PDF, name: 'guia.txt', type: 'text/plain' }],
        ['convention_wallet', { data: JPEG, name: 'carteirinha.pdf', type: 'application/pdf' }],
        ['residence_proof', { data: PNG, name: 'conta', type: 'application/octet-stream' }],
        ['hospital_consent', { data: WEBP, name: 'termo.png', type: 'image/png' }],
        // An empty file part is "not sent".
        ['hospital_template', { data: Buffer.alloc(0), name: '' }],
      ]),
    );
    expect(res.statusCode).toBe(200);
    const rows = await documentRows(id);
    expect(Object.fromEntries(rows.map((row) => [row.kind, row.contentType]))).toEqual({
      residence_proof: 'image/png',
      surgery_guide: 'application/pdf',
      convention_wallet: 'image/jpeg',
      hospital_consent: 'image/webp',
    });
    expect(res.json().hospital_template).toBeNull();
    const webp = await fetchLink(res.json().hospital_consent);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.rawPayload.equals(WEBP)).toBe(true);
  });

  it('adds a second file of the same kind (the first one kept), each with its own link; the kind links to the newest', async () => {
    const id = await newCase('prep_doc');
    const first = await send(
      id,
      form([
        ['new_status', 'prep_doc'],
        ['patient_document', { data: PDF, name: 'rg-frente.pdf' }],
        ['doctor_request', { data: PNG }],
      ]),
    );
    expect(first.statusCode).toBe(200);
    const files = await storedFiles();

    const second = await send(id, form([['new_status', 'prep_doc'], ['patient_document', { data: JPEG, name: 'rg-verso.jpg' }]]), asSecretary);
    expect(second.statusCode).toBe(200);
    expect(validateInjected('PUT', url(id), second)).toEqual([]);
    const rows = await documentRows(id);
    expect(rows.map((row) => [row.kind, row.originalName])).toEqual([
      ['doctor_request', 'arquivo'],
      ['patient_document', 'rg-frente.pdf'],
      ['patient_document', 'rg-verso.jpg'],
    ]);
    expect(await storedFiles()).toHaveLength(files.length + 1);
    const listed = second.json().document_files as Array<{ id: number; kind: string; name: string; link: string }>;
    expect(listed.map((file) => [file.kind, file.name])).toEqual([
      ['doctor_request', 'arquivo'],
      ['patient_document', 'rg-frente.pdf'],
      ['patient_document', 'rg-verso.jpg'],
    ]);
    // Each file opens by its own link, without a bearer token; the kind's link gives the newest.
    expect((await fetchLink(listed[1]!.link)).rawPayload.equals(PDF)).toBe(true);
    const verso = await fetchLink(listed[2]!.link);
    expect(verso.statusCode).toBe(200);
    expect(verso.headers['content-type']).toBe('image/jpeg');
    expect(verso.rawPayload.equals(JPEG)).toBe(true);
    expect((await fetchLink(second.json().patient_document)).rawPayload.equals(JPEG)).toBe(true);
    // A link is bound to its path: another file id under the same signature is refused.
    const forged = listed[2]!.link.replace(`/document_files/${listed[2]!.id}/`, `/document_files/${listed[1]!.id}/`);
    expect((await fetchLink(forged)).statusCode).toBe(403);
  });

  it('removes one file of a kind (DELETE document_files/{fileId}/), keeping the other, the history and the store in step', async () => {
    const id = await newCase('prep_doc');
    await send(id, form([['new_status', 'prep_doc'], ['patient_document', { data: PDF, name: 'frente.pdf' }]]));
    const both = await send(id, form([['new_status', 'prep_doc'], ['patient_document', { data: PNG, name: 'verso.png' }]]));
    const [front, back] = both.json().document_files as Array<{ id: number; link: string }>;
    const files = (await storedFiles()).length;

    const removed = await t.app.inject({ method: 'DELETE', url: `/surgery/api/v1/surgery/${id}/document_files/${back!.id}/`, headers: asSecretary });
    expect(removed.statusCode).toBe(200);
    expect(validateInjected('DELETE', `/surgery/api/v1/surgery/${id}/document_files/${back!.id}/`, removed)).toEqual([]);
    expect(removed.json().document_files.map((file: { id: number }) => file.id)).toEqual([front!.id]);
    expect((await documentRows(id)).map((row) => row.originalName)).toEqual(['frente.pdf']);
    expect(await storedFiles()).toHaveLength(files - 1);
    expect((await fetchLink(back!.link)).statusCode).toBe(404);
    // The kind still counts as sent (one file left), and its link now gives that one.
    expect((await fetchLink(removed.json().patient_document)).rawPayload.equals(PDF)).toBe(true);
    const history = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${id}/history/`, headers: asMedic });
    expect(history.json().results.filter((entry: { kind: string }) => entry.kind === 'document_removed')).toEqual([
      expect.objectContaining({ document: 'patient_document' }),
    ]);

    // Another office's user, a file of another case, an unknown id: 404, nothing removed.
    const other = await newCase('prep_doc');
    for (const [target, headers] of [
      [`${id}/document_files/${front!.id}`, asOtherMedic],
      [`${id}/document_files/${front!.id}`, asUnlinkedSecretary],
      [`${other}/document_files/${front!.id}`, asMedic],
      [`${id}/document_files/999999`, asMedic],
      [`${id}/document_files/abc`, asMedic],
    ] as const) {
      const res = await t.app.inject({ method: 'DELETE', url: `/surgery/api/v1/surgery/${target}/`, headers });
      expect(res.statusCode, target).toBe(404);
    }
    expect(await documentRows(id)).toHaveLength(1);

    // Past prep_doc, a kind's file stays (it is removed where it is uploaded).
    await t.deps.db.update(surgeries).set({ status: 'env_doc' }).where(eq(surgeries.id, id));
    const late = await t.app.inject({ method: 'DELETE', url: `/surgery/api/v1/surgery/${id}/document_files/${front!.id}/`, headers: asMedic });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      message: 'Os arquivos dos documentos só podem ser removidos na etapa de preparação de documentos.',
      status: { actual_status: 'env_doc' },
    });
    expect(await documentRows(id)).toHaveLength(1);
  });

  it('refuses a file that is not a PDF or an image (400 naming the document) and stores nothing', async () => {
    const id = await newCase('prep_doc');
    const before = await snapshot(id);
    const text = { data: Buffer.from('isto não é um PDF\n'), name: 'relatorio.pdf', type: 'application/pdf' };
    const res = await send(id, form([['new_status', 'env_doc'], ['doctor_request', { data: PDF }], ['medical_report', text]]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: [typeMessage('Laudo médico')], medical_report: [typeMessage('Laudo médico')] });
    expect(await snapshot(id)).toEqual(before);

    const gif = { data: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), name: 'x.gif' };
    const docx = { data: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]), name: 'x.docx' };
    const both = await send(id, form([['new_status', 'prep_doc'], ['patient_document', gif], ['surgery_guide', docx]]));
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toEqual([typeMessage('Documento do paciente'), typeMessage('Guia de cirurgia')]);
    // A text where a file belongs (say, a link sent back) is not a file either.
    const link = await send(id, form([['new_status', 'prep_doc'], ['doctor_request', '/surgery/api/v1/surgery/1/documents/doctor_request/']]));
    expect(link.statusCode).toBe(400);
    expect(link.json().error).toEqual([typeMessage('Pedido médico')]);
    expect(await snapshot(id)).toEqual(before);
  });

  it('answers 413 above 10 MB, naming the document, and stores nothing; exactly 10 MB is accepted', async () => {
    const id = await newCase('prep_doc');
    const before = await snapshot(id);
    const big = Buffer.alloc(MAX_DOCUMENT_BYTES + 1);
    PDF.copy(big);
    const res = await send(id, form([['new_status', 'prep_doc'], ['patient_document', { data: PNG }], ['medical_report', { data: big }]]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: ['Laudo médico: o arquivo deve ter no máximo 10 MB.'] });
    expect(await snapshot(id)).toEqual(before);

    const limit = Buffer.alloc(MAX_DOCUMENT_BYTES);
    PDF.copy(limit);
    const ok = await send(id, form([['new_status', 'prep_doc'], ['medical_report', { data: limit }]]));
    expect(ok.statusCode).toBe(200);
    const served = await fetchLink(ok.json().medical_report);
    expect(served.rawPayload.length).toBe(MAX_DOCUMENT_BYTES);
  });

  it('answers 400 without new_status, with an unknown one, and for malformed forms; nothing is stored', async () => {
    const id = await newCase('prep_doc');
    const before = await snapshot(id);
    const missing = await send(id, form([['doctor_request', { data: PDF }]]));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: ['Informe o novo status da cirurgia (new_status).'],
      new_status: ['Informe o novo status da cirurgia (new_status).'],
    });
    const blank = await send(id, form([['new_status', '  '], ['doctor_request', { data: PDF }]]));
    expect(blank.statusCode).toBe(400);
    const unknown = await send(id, form([['new_status', 'enviado'], ['doctor_request', { data: PDF }]]));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: ['Status da cirurgia inválido.'], new_status: ['Status da cirurgia inválido.'] });

    const malformed: FormData[] = [
      form([['new_status', 'prep_doc'], ['foto', { data: PNG }]]), // an unknown file field
      form([['new_status', 'prep_doc'], ['observacao', 'texto']]), // an unknown text field
      form([['new_status', 'prep_doc'], ['doctor_request', { data: PDF }], ['doctor_request', { data: PDF }]]), // repeated
      form([['new_status', 'prep_doc'], ['new_status', 'env_doc']]),
    ];
    for (const body of malformed) {
      const res = await send(id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: [INVALID] });
    }
    const json = await t.app.inject({ method: 'PUT', url: url(id), headers: asMedic, payload: { new_status: 'prep_doc' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ error: [INVALID] });
    expect(await snapshot(id)).toEqual(before);
  });

  it('answers 409 with the actual status outside prep_doc or for another move, storing nothing', async () => {
    // A case outside prep_doc, with a document already there (it must stay).
    const moved = await newCase('prep_doc');
    expect((await send(moved, form([['new_status', 'env_doc'], ['doctor_request', { data: PDF }]]))).statusCode).toBe(200);
    const attempts: Array<[CaseStatus, string]> = [
      ['env_doc', 'prep_doc'],
      ['env_doc', 'env_doc'],
      ['ind_paciente', 'prep_doc'],
      ['concluido', 'env_doc'],
      ['arquiv', 'prep_doc'],
      ['prep_doc', 'autorizacao'], // not the next stage
      ['prep_doc', 'ind_paciente'], // a back move: update/{id}/'s, not this route's
      ['prep_doc', 'arquiv'],
    ];
    for (const [status, requested] of attempts) {
      const id = status === 'env_doc' ? moved : await newCase(status);
      const before = await snapshot(id);
      const res = await send(id, form([['new_status', requested], ['doctor_request', { data: JPEG }], ['residence_proof', { data: PNG }]]));
      expect(res.statusCode, `${status} → ${requested}`).toBe(409);
      expect(res.json()).toMatchObject({ status: { actual_status: status } });
      expect(typeof res.json().message).toBe('string');
      expect(await snapshot(id), `${status} → ${requested}`).toEqual(before);
    }
  });

  it('deletes the new files and changes nothing when the database write fails', async () => {
    const id = await newCase('prep_doc');
    expect((await send(id, form([['new_status', 'prep_doc'], ['patient_document', { data: PDF }]]))).statusCode).toBe(200);
    // A trigger makes the document write of this one case fail inside the move's transaction.
    await t.deps.db.execute(
      sql.raw(`CREATE FUNCTION test_refuse_documents() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.surgery_id = ${Number(id)} THEN RAISE EXCEPTION 'falha simulada'; END IF; RETURN NEW; END $$`),
    );
    await t.deps.db.execute(
      sql.raw('CREATE TRIGGER test_refuse_documents BEFORE INSERT ON surgery_documents FOR EACH ROW EXECUTE FUNCTION test_refuse_documents()'),
    );
    try {
      const before = await snapshot(id);
      const res = await send(id, form([['new_status', 'env_doc'], ['patient_document', { data: PNG }], ['medical_report', { data: JPEG }]]));
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: ['Ocorreu um erro interno!'] });
      // The move itself was rolled back with the rows, and the two new files are gone again.
      expect(await snapshot(id)).toEqual(before);
    } finally {
      await t.deps.db.execute(sql.raw('DROP TRIGGER test_refuse_documents ON surgery_documents'));
      await t.deps.db.execute(sql.raw('DROP FUNCTION test_refuse_documents()'));
    }
  });

  it('keeps files and rows in step when two uploads of one case race', async () => {
    // Two saves of the same kind: both succeed one after the other, each adding its file.
    const id = await newCase('prep_doc');
    const files = (await storedFiles()).length;
    const saves = await Promise.all([
      send(id, form([['new_status', 'prep_doc'], ['doctor_request', { data: PDF }]])),
      send(id, form([['new_status', 'prep_doc'], ['doctor_request', { data: JPEG }]]), asSecretary),
    ]);
    expect(saves.map((res) => res.statusCode)).toEqual([200, 200]);
    // Each upload adds its file (issue 33 item 10): two rows, two files, each row's file stored.
    const rows = await documentRows(id);
    expect(rows).toHaveLength(2);
    expect(await storedFiles()).toHaveLength(files + 2);
    for (const row of rows) expect((await storedFiles()).some((path) => path.endsWith(row.fileKey.split('/').pop()!))).toBe(true);

    // Two advances: one moves the case, the other finds it at env_doc (409) and its file is deleted.
    const other = await newCase('prep_doc');
    const before = (await storedFiles()).length;
    const advances = await Promise.all([
      send(other, form([['new_status', 'env_doc'], ['medical_report', { data: PNG }]])),
      send(other, form([['new_status', 'env_doc'], ['medical_report', { data: WEBP }]]), asSecretary),
    ]);
    expect(advances.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(advances.find((res) => res.statusCode === 409)!.json()).toMatchObject({ status: { actual_status: 'env_doc' } });
    expect(await documentRows(other)).toHaveLength(1);
    expect(await storedFiles()).toHaveLength(before + 1);
    expect((await caseRow(other)).status).toBe('env_doc');
  });

  it("answers 404 for another medic's case, an unlinked secretary and a missing or malformed id", async () => {
    const id = await newCase('prep_doc');
    const before = await snapshot(id);
    const body = () => form([['new_status', 'prep_doc'], ['doctor_request', { data: PDF }]]);
    for (const headers of [asOtherMedic, asUnlinkedSecretary]) {
      const res = await send(id, body(), headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(SURGERY_NOT_FOUND);
    }
    for (const bad of [999_999, 0, 'abc', '1.5', '99999999999']) {
      const res = await send(bad, body());
      expect(res.statusCode, String(bad)).toBe(404);
      expect(res.json()).toEqual(SURGERY_NOT_FOUND);
    }
    expect(await snapshot(id)).toEqual(before);
    expect((await send(id, body(), asSecretary)).statusCode).toBe(200);
  });

  it('answers 401 without a valid bearer token', async () => {
    const id = await newCase('prep_doc');
    const before = await snapshot(id);
    const attempts: Array<Record<string, string>> = [{}, { authorization: 'Bearer invalido' }];
    for (const headers of attempts) {
      const res = await send(id, form([['new_status', 'prep_doc'], ['doctor_request', { data: PDF }]]), headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: ['Sessão expirada. Entre novamente.'] });
    }
    expect(await snapshot(id)).toEqual(before);
  });
});

describe('POST /surgery/api/v1/surgery/{id}/named_documents/ (a named document of the checklist takes files)', () => {
  const namedUrl = (id: number | string) => `/surgery/api/v1/surgery/${id}/named_documents/`;

  async function sendNamed(id: number | string, body: FormData, headers: Record<string, string> = asMedic) {
    const request = new Request('http://localhost/', { method: 'POST', body });
    const payload = Buffer.from(await request.arrayBuffer());
    return t.app.inject({ method: 'POST', url: namedUrl(id), headers: { ...headers, 'content-type': request.headers.get('content-type')! }, payload });
  }

  /** A case at prep_doc whose hospital requires 'Risco cirúrgico' (a named document) and the doctor's request. */
  async function caseWithNamedDocument() {
    const { hospitalIds } = await lookupIds(t.deps.db);
    const hospitalId = hospitalIds[3]!;
    await t.deps.db.delete(documentRequirements).where(eq(documentRequirements.hospitalId, hospitalId));
    await t.deps.db.insert(documentRequirements).values([
      { medicId: patient.medicId, hospitalId, documentKind: 'doctor_request', position: 0 },
      { medicId: patient.medicId, hospitalId, name: 'Risco cirúrgico', position: 1 },
    ]);
    return (await insertSurgery(t.deps.db, patient, { status: 'prep_doc', hospitalId })).id;
  }

  const checklistOf = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${id}/checklist/`, headers: asMedic })).json() as {
      items: Array<{ name: string; received: boolean }>;
      missing: string[];
    };

  it('attaches files to a named document (which then counts as received), each opened and removed alone', async () => {
    const id = await caseWithNamedDocument();
    expect((await checklistOf(id)).missing).toEqual(['Pedido médico', 'Risco cirúrgico']);
    const files = (await storedFiles()).length;

    const res = await sendNamed(id, form([['name', '  risco   CIRÚRGICO '], ['file', { data: PDF, name: 'risco.pdf' }]]), asSecretary);
    expect(res.statusCode, res.body).toBe(200);
    expect(validateInjected('POST', namedUrl(id), res)).toEqual([]);
    expect(res.json().document_files).toEqual([
      expect.objectContaining({ kind: null, document: 'Risco cirúrgico', name: 'risco.pdf', link: expect.stringMatching(FILE_LINK) }),
    ]);
    expect((await checklistOf(id)).missing).toEqual(['Pedido médico']);
    const second = await sendNamed(id, form([['name', 'Risco cirúrgico'], ['file', { data: PNG, name: 'risco-2.png' }]]));
    expect(second.statusCode).toBe(200);
    const listed = second.json().document_files as Array<{ id: number; link: string; name: string }>;
    expect(listed.map((file) => file.name)).toEqual(['risco.pdf', 'risco-2.png']);
    expect(await storedFiles()).toHaveLength(files + 2);
    const opened = await fetchLink(listed[1]!.link);
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(PNG)).toBe(true);
    // In the patient's history, by the document's name.
    const history = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${id}/history/`, headers: asMedic });
    expect(history.json().results).toContainEqual(expect.objectContaining({ kind: 'document_attached', document: 'Risco cirúrgico', text: 'risco.pdf' }));

    // Removing one keeps it received; removing both makes it missing again (no tick was made).
    const one = await t.app.inject({ method: 'DELETE', url: `/surgery/api/v1/surgery/${id}/document_files/${listed[0]!.id}/`, headers: asMedic });
    expect(one.statusCode).toBe(200);
    expect((await checklistOf(id)).missing).toEqual(['Pedido médico']);
    await t.app.inject({ method: 'DELETE', url: `/surgery/api/v1/surgery/${id}/document_files/${listed[1]!.id}/`, headers: asMedic });
    expect((await checklistOf(id)).missing).toEqual(['Pedido médico', 'Risco cirúrgico']);
    expect(await storedFiles()).toHaveLength(files);

    // Ticking without a file stays possible (the paper seen at the desk).
    const tick = await t.app.inject({ method: 'PUT', url: `/surgery/api/v1/surgery/${id}/checklist/`, headers: asMedic, payload: { name: 'Risco cirúrgico', received: true } });
    expect(tick.statusCode).toBe(200);
    expect((await checklistOf(id)).missing).toEqual(['Pedido médico']);
  });

  it('refuses a file that is not a PDF or an image, a missing file or name and a name not on the list (400 in pt-BR), writing nothing', async () => {
    const id = await caseWithNamedDocument();
    const before = await snapshot(id);
    const text = { data: Buffer.from('isto não é um PDF\n'), name: 'risco.pdf', type: 'application/pdf' };
    const bad = await sendNamed(id, form([['name', 'Risco cirúrgico'], ['file', text]]));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: [typeMessage('Risco cirúrgico')], file: [typeMessage('Risco cirúrgico')] });
    const noFile = await sendNamed(id, form([['name', 'Risco cirúrgico']]));
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error).toEqual(['Informe o documento e o arquivo.']);
    const noName = await sendNamed(id, form([['file', { data: PDF }]]));
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error).toEqual(['Informe o documento e o arquivo.']);
    // A SPEC kind's label is no named document; nor a name the list does not have.
    for (const name of ['Pedido médico', 'Exame de sangue']) {
      const res = await sendNamed(id, form([['name', name], ['file', { data: PDF }]]));
      expect(res.statusCode, name).toBe(400);
      expect(res.json().name).toEqual([expect.stringMatching(/\S/)]);
    }
    const unknownField = await sendNamed(id, form([['name', 'Risco cirúrgico'], ['doctor_request', { data: PDF }]]));
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json()).toEqual({ error: [INVALID] });
    const tooLarge = await sendNamed(id, form([['name', 'Risco cirúrgico'], ['file', { data: Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES)]) }]]));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ error: ['O arquivo deve ter no máximo 10 MB.'] });
    expect(await snapshot(id)).toEqual(before);
  });

  it("answers 404 for another office's case or an unlinked secretary, writing nothing", async () => {
    const id = await caseWithNamedDocument();
    const before = await snapshot(id);
    for (const headers of [asOtherMedic, asUnlinkedSecretary]) {
      const res = await sendNamed(id, form([['name', 'Risco cirúrgico'], ['file', { data: PDF }]]), headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(SURGERY_NOT_FOUND);
    }
    expect((await sendNamed(999_999, form([['name', 'Risco cirúrgico'], ['file', { data: PDF }]]))).statusCode).toBe(404);
    expect(await snapshot(id)).toEqual(before);
  });
});
