import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Our PDFs read back (server/services/pdf/simple-pdf.ts writes them): the xref table parsed here, and the text as
 * Debian's pdftotext (poppler-utils; .ci/run installs it) extracts it. One reader for the unit and the API tests.
 */

/**
 * The file's structure, checked: `%PDF-1.4` first, `%%EOF` last, startxref pointing at the `xref` keyword, and
 * every in-use entry of the xref table pointing at its `N 0 obj`. Answers the number of objects; throws otherwise.
 */
export function checkPdfStructure(pdf: Buffer): number {
  const text = pdf.toString('latin1');
  if (!text.startsWith('%PDF-1.4\n')) throw new Error('the file does not start with %PDF-1.4');
  if (!/%%EOF\r?\n?$/.test(text)) throw new Error('the file does not end with %%EOF');
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  if (!startxref) throw new Error('no startxref');
  const at = Number(startxref[1]);
  if (!text.startsWith('xref', at)) throw new Error(`startxref ${at} does not point at the xref table`);
  const section = /^xref\r?\n(\d+) (\d+)\r?\n/.exec(text.slice(at));
  if (!section || section[1] !== '0') throw new Error('the xref table does not start with its subsection 0');
  const count = Number(section[2]);
  let entry = at + section[0].length;
  for (let id = 0; id < count; id++, entry += 20) {
    const line = text.slice(entry, entry + 20);
    const match = /^(\d{10}) (\d{5}) ([nf])(?: \r| \n|\r\n)$/.exec(line);
    if (!match) throw new Error(`xref entry ${id} is not 20 bytes: ${JSON.stringify(line)}`);
    if (match[3] === 'f') continue;
    const offset = Number(match[1]);
    const object = `${id} 0 obj`;
    if (!text.startsWith(object, offset)) throw new Error(`xref entry ${id} (${offset}) does not point at '${object}'`);
  }
  const trailer = /trailer\s*<<([^]*?)>>\s*startxref/.exec(text.slice(entry));
  if (!trailer || !new RegExp(`/Size ${count}\\b`).test(trailer[1]!)) throw new Error('the trailer does not give the xref size');
  return count - 1;
}

/** What poppler's `tool` prints for the PDF (written to a file of its own: poppler seeks in it). */
function poppler(tool: 'pdftotext' | 'pdfinfo', args: string[], pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-read-'));
  try {
    const file = join(dir, 'file.pdf');
    writeFileSync(file, pdf);
    try {
      return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new Error(`${tool} is not installed: apt-get install poppler-utils (.ci/run installs it)`, { cause: error });
      }
      throw error;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of the PDF as `pdftotext -layout` extracts it (form feeds between pages). */
export function pdfText(pdf: Buffer): string {
  return poppler('pdftotext', ['-layout', '-enc', 'UTF-8'], pdf);
}

/** The PDF's document information as `pdfinfo` reads it: Title, Producer, Pages, Page size, PDF version… */
export function pdfInfo(pdf: Buffer): Record<string, string> {
  const lines = poppler('pdfinfo', ['-enc', 'UTF-8'], pdf).split('\n');
  return Object.fromEntries(lines.filter((line) => line.includes(':')).map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]));
}
