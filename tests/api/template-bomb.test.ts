import { setImmediate as nextTick } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hospitals } from '../../server/db/schema/index';
import {
  DOCX_CONTENT_TYPE,
  documentText,
  inspectDocxTemplate,
  MAX_TEMPLATE_ENTRIES,
  TemplateProblemError,
  TOO_LARGE_MESSAGE,
  zipExpansion,
} from '../../server/services/templates/docx-template';
import { createTemplateFiller } from '../../server/services/templates/template-filler';
import { readTemplateFile, shippedTemplateKey } from '../../server/services/templates/template-files';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery } from '../helpers/clinical-fixtures';
import { authHeader, createMedic, signIn, TEST_PASSWORD } from '../helpers/fixtures';

/**
 * Issue 11 item 18: a 62 KB DOCX that expands to 60 MB stalled the server for 27 s. What a template may
 * expand to is bounded from its zip directory before anything is inflated, and templates are filled in a
 * worker thread, off the event loop.
 */
const MB = 1024 * 1024;
let t: TestApp;
let shipped: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  shipped = (await readTemplateFile(t.deps.storage, shippedTemplateKey('hospital')))!;
});
afterAll(async () => {
  await t?.close();
});

/** The shipped template plus `extra` entries (name → bytes), deflated: a zip bomb when they are zeros. */
function withEntries(extra: Record<string, Buffer>): Buffer {
  const zip = new PizZip(shipped);
  for (const [name, data] of Object.entries(extra)) zip.file(name, data);
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

function problemsOf(action: () => unknown): string[] {
  try {
    action();
  } catch (error) {
    if (error instanceof TemplateProblemError) return error.problems.map((problem) => problem.message);
    throw error;
  }
  return [];
}

describe('DOCX templates: what they may expand to', () => {
  it('refuses a small zip that expands to 60 MB, from its directory alone', () => {
    const bomb = withEntries({ 'word/media/bomba.bin': Buffer.alloc(60 * MB) });
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(zipExpansion(bomb)!.bytes).toBeGreaterThan(60 * MB);
    expect(problemsOf(() => inspectDocxTemplate(bomb))).toEqual([TOO_LARGE_MESSAGE]);
  });

  it('refuses a template with more entries than a form has', () => {
    const entries = Object.fromEntries(Array.from({ length: MAX_TEMPLATE_ENTRIES }, (_, i) => [`word/media/${i}.txt`, Buffer.from('x')]));
    expect(problemsOf(() => inspectDocxTemplate(withEntries(entries)))).toEqual([TOO_LARGE_MESSAGE]);
  });

  it('accepts the shipped templates and one with a few megabytes of images', () => {
    expect(problemsOf(() => inspectDocxTemplate(shipped))).toEqual([]);
    expect(problemsOf(() => inspectDocxTemplate(withEntries({ 'word/media/foto.bin': Buffer.alloc(5 * MB) })))).toEqual([]);
  });

  it('answers the download of a case whose hospital has a bomb as its template with the clear 500, and then fills a good one', async () => {
    const medic = await createMedic(t.deps);
    const token = (await signIn(t.app, medic.email, TEST_PASSWORD)).access_token;
    const patient = await insertPatient(t.deps.db, medic.id);
    const surgery = await insertSurgery(t.deps.db, patient);
    const key = 'templates/hospital-bomba.docx';
    await t.deps.storage.put(key, withEntries({ 'word/media/bomba.bin': Buffer.alloc(60 * MB) }), DOCX_CONTENT_TYPE);
    await t.deps.db.update(hospitals).set({ templateFileKey: key }).where(eq(hospitals.id, surgery.hospitalId!));
    const url = `/surgery/api/v1/download/hospital/${surgery.id}/`;

    const refused = await t.app.inject({ method: 'GET', url, headers: authHeader(token) });
    expect(refused.statusCode).toBe(500);
    expect(refused.json().code).toBe('TEMPLATE_INVALID');

    await t.deps.db.update(hospitals).set({ templateFileKey: shippedTemplateKey('hospital') }).where(eq(hospitals.id, surgery.hospitalId!));
    const filled = await t.app.inject({ method: 'GET', url, headers: authHeader(token) });
    expect(filled.statusCode).toBe(200);
    expect(documentText(filled.rawPayload)).toContain(patient.nomeCompleto);
  });
});

describe('DOCX templates: filled off the event loop', () => {
  it('keeps the event loop turning while a heavy template is filled in the worker', async () => {
    const filler = createTemplateFiller();
    try {
      // Within the bounds, but real work: 20 MB to inflate and deflate again.
      const heavy = withEntries({ 'word/media/grande.bin': Buffer.alloc(20 * MB) });
      await filler.fill(shipped, {}); // the worker is started and warm
      let done = false;
      let ticks = 0;
      const filling = filler.fill(heavy, { paciente_nome: 'Ana' }).finally(() => {
        done = true;
      });
      while (!done) {
        await nextTick();
        ticks += 1;
      }
      const output = await filling;
      expect(documentText(output)).toContain('Ana');
      // A fill on this thread would have let the loop turn at most once or twice.
      expect(ticks).toBeGreaterThan(20);
    } finally {
      await filler.close();
    }
  });

  it('gives up on a fill that runs past its time, and the next fill gets a new worker', async () => {
    const impatient = createTemplateFiller({ timeoutMs: 1 });
    try {
      await expect(impatient.fill(shipped, {})).rejects.toBeInstanceOf(TemplateProblemError);
    } finally {
      await impatient.close();
    }
    const filler = createTemplateFiller();
    try {
      const problems = await filler.fill(Buffer.from('nada'), {}).catch((error: TemplateProblemError) => error.problems);
      expect(problems).toEqual([{ id: 'not_docx', message: 'O arquivo não é um documento DOCX (Word 2007 ou mais novo).' }]);
      expect(documentText(await filler.fill(shipped, { paciente_nome: 'Bia' }))).toContain('Bia');
    } finally {
      await filler.close();
    }
  });
});
