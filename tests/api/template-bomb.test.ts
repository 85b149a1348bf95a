import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setImmediate as nextTick } from 'node:timers/promises';
import { promisify } from 'node:util';
import { constants as zlibConstants, deflateRawSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hospitals } from '../../server/db/schema/index';
import {
  DOCX_CONTENT_TYPE,
  documentText,
  fillDocxTemplate,
  inspectDocxTemplate,
  MAX_TEMPLATE_ENTRIES,
  TemplateProblemError,
  TOO_LARGE_MESSAGE,
  zipExpansion,
} from '../../server/services/templates/docx-template';
import { createTemplateFiller } from '../../server/services/templates/template-filler';
import { readTemplateFile, shippedTemplateKey } from '../../server/services/templates/template-files';
import { AttachTemplateError, createTemplateAttacher } from '../../server/services/templates/template-service';
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

/* ------------------------------------------------------------------ a directory that lies */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

type RawEntry = { name: string; compressed: Buffer; crc: number; size: number };

/** A zip written by hand, every entry deflated, its headers saying `size` whatever `compressed` really holds. */
function writeZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.compressed.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.compressed.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.compressed);
    centrals.push(central, name);
    offset += local.length + name.length + entry.compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * The shipped template with `word/document.xml` holding `megabytes` MB of zeros, while the zip's directory (and the
 * local header) still give the real document's size: the directory check sees a small, honest-looking form. The
 * zeros are full-flushed 1 MB deflate blocks, repeated (about 1 KB each), so the file is small and quick to make.
 */
function lyingDocx(megabytes: number): Buffer {
  const zip = new PizZip(shipped);
  const block = deflateRawSync(Buffer.alloc(MB), { finishFlush: zlibConstants.Z_FULL_FLUSH });
  const entries = Object.values(zip.files)
    .filter((file) => !file.dir)
    .map((file): RawEntry => {
      const content = file.asUint8Array();
      const honest = { name: file.name, compressed: deflateRawSync(content), crc: crc32(content), size: content.length };
      if (file.name !== 'word/document.xml') return honest;
      return { ...honest, compressed: Buffer.concat([...Array<Buffer>(megabytes).fill(block), deflateRawSync(Buffer.alloc(0))]) };
    });
  return writeZip(entries);
}

const execFileAsync = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
/** Loaded before the command: prints the process's peak resident memory (kB) as it exits. */
const REPORT_PEAK = `data:text/javascript,process.on('exit',()=>process.stderr.write('peak-rss-kb='+process.resourceUsage().maxRSS+'\\n'))`;

/** `npm run template -- verificar <file>` as its own process: its exit code, output and peak memory. */
async function verifyWithCli(file: string): Promise<{ code: number; output: string; peakMb: number }> {
  const args = ['--import', 'tsx', '--import', REPORT_PEAK, 'scripts/template.ts', 'verificar', file];
  const { code, stdout, stderr } = await execFileAsync(process.execPath, args, { cwd: ROOT, maxBuffer: 1024 * 1024 }).then(
    (done) => ({ code: 0, ...done }),
    (failed: { code: number; stdout: string; stderr: string }) => failed,
  );
  const peak = /peak-rss-kb=(\d+)/.exec(stderr);
  expect(peak, stderr).not.toBeNull();
  return { code, output: `${stdout}${stderr}`, peakMb: Number(peak![1]) / 1024 };
}

/**
 * Issue 13 item 29: the directory check alone let a 412 KB file whose directory understated its sizes be inflated
 * whole (983 MB, 41 s) before it was refused. Every entry is now inflated with a running count that stops at the
 * bound, whatever the directory says.
 */
describe('DOCX templates: a zip directory that understates what the entries hold', () => {
  it('refuses the file at the bound while inflating, in the check, the attach and the fill', async () => {
    const lying = lyingDocx(60);
    expect(lying.length).toBeLessThan(200 * 1024);
    // What the directory says passes its check: the lie is only found by inflating.
    expect(zipExpansion(lying)!.bytes).toBeLessThan(MB);

    expect(problemsOf(() => inspectDocxTemplate(lying))).toEqual([TOO_LARGE_MESSAGE]);
    expect(problemsOf(() => fillDocxTemplate(lying, {}))).toEqual([TOO_LARGE_MESSAGE]);

    const medic = await createMedic(t.deps);
    const patient = await insertPatient(t.deps.db, medic.id);
    const surgery = await insertSurgery(t.deps.db, patient);
    const [before] = await t.deps.db.select({ key: hospitals.templateFileKey }).from(hospitals).where(eq(hospitals.id, surgery.hospitalId!));
    const attached = await createTemplateAttacher(t.deps)
      .attach('hospital', surgery.hospitalId!, lying)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(attached).toBeInstanceOf(AttachTemplateError);
    expect((attached as AttachTemplateError).problems).toEqual([TOO_LARGE_MESSAGE]);
    const [after] = await t.deps.db.select({ key: hospitals.templateFileKey }).from(hospitals).where(eq(hospitals.id, surgery.hospitalId!));
    expect(after).toEqual(before);
  });

  it('`npm run template -- verificar` refuses a 400 KB file that inflates to 400 MB within bounded memory', { timeout: 180_000 }, async () => {
    const folder = await mkdtemp(join(tmpdir(), 'cirurgias-lying-docx-'));
    try {
      const lyingFile = join(folder, 'mentiroso.docx');
      const lying = lyingDocx(400);
      expect(lying.length).toBeLessThan(450 * 1024);
      await writeFile(lyingFile, lying);
      const honestFile = join(folder, 'modelo.docx');
      await writeFile(honestFile, shipped);

      const honest = await verifyWithCli(honestFile);
      expect(honest.code).toBe(0);
      expect(honest.output).toContain('O arquivo é um DOCX válido e os marcadores estão corretos.');

      const refused = await verifyWithCli(lyingFile);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`O modelo tem problemas:\n  - ${TOO_LARGE_MESSAGE}`);
      // 400 MB of zeros were never held: the command's peak memory is within the bound (25 MB inflated, at most
      // twice while the last entry's chunks are joined) of what it takes to check the honest template.
      expect(refused.peakMb).toBeLessThan(honest.peakMb + 80);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
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
