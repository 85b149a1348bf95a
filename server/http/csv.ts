import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * CSV exports for Excel in Brazil (issue 14 item 5; DECISIONS §16): UTF-8 with a BOM (so Excel reads the accents),
 * `;` between cells (Excel pt-BR's list separator), CRLF between lines, pt-BR decimals without thousands separators
 * (`1234,56`, which Excel pt-BR reads as a number) and dates as dd/MM/yyyy. Streamed: rows come from an async
 * iterable (a statement read in keyset pages, see `inPages`), each written as it arrives, so a large practice's export
 * never sits whole in memory.
 *
 * A text cell that starts like a formula (= + - @, tab, CR) is prefixed with an apostrophe: a patient named
 * "=HYPERLINK(…)" must stay a text in the secretary's spreadsheet (CSV injection, OWASP).
 */

/** One cell: a text, or a value formatted by the helpers below (already safe), or nothing. */
export type CsvCell = string | number | null | undefined | { csv: string };

const UTF8_BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE_END = '\r\n';
const FORMULA_START = /^[=+\-@\t\r]/;

/** Integer centavos as pt-BR reais for a spreadsheet: 123456 → `1234,56`, -5 → `-0,05`. */
export function csvMoney(cents: number | null | undefined): { csv: string } {
  if (cents === null || cents === undefined) return { csv: '' };
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return { csv: `${sign}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')}` };
}

/** A decimal number with pt-BR's comma (12.5 → `12,5`); integers as they are. */
export function csvNumber(value: number | null | undefined): { csv: string } {
  if (value === null || value === undefined || !Number.isFinite(value)) return { csv: '' };
  return { csv: String(value).replace('.', ',') };
}

/** yyyy-MM-dd (or the date part of an ISO instant already in São Paulo time) as dd/MM/yyyy. */
export function csvDate(isoDay: string | null | undefined): { csv: string } {
  if (!isoDay) return { csv: '' };
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDay);
  return { csv: match ? `${match[3]}/${match[2]}/${match[1]}` : '' };
}

function quote(text: string): string {
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return String(cell).replace('.', ',');
  if (typeof cell === 'object') return quote(cell.csv);
  return quote(FORMULA_START.test(cell) ? `'${cell}` : cell);
}

/** One CSV line (with its CRLF). */
export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map(cellText).join(SEPARATOR) + LINE_END;
}

/** The whole file's text for a few rows (tests, small tables): BOM, header, rows. */
export function csvText(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  let text = UTF8_BOM + csvLine(header);
  for (const row of rows) text += csvLine(row);
  return text;
}

async function* csvChunks(header: readonly string[], rows: AsyncIterable<readonly CsvCell[]>): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(header);
  let batch = '';
  for await (const row of rows) {
    batch += csvLine(row);
    if (batch.length >= 64 * 1024) {
      yield batch;
      batch = '';
    }
  }
  if (batch) yield batch;
}

/**
 * Sends a CSV download: `filename` (ASCII, e.g. `a-receber-2026-03-10.csv`), the header cells and the rows, streamed.
 * Not compressed by the JSON hook (server/http/compression.ts handles JSON only); a download is read once.
 */
export function sendCsv(
  reply: FastifyReply,
  filename: string,
  header: readonly string[],
  rows: AsyncIterable<readonly CsvCell[]>,
): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(csvChunks(header, rows), { objectMode: false }));
}

/**
 * Reads a statement in keyset pages of `size` rows (each page after the last row of the one before) and yields the
 * rows one by one: memory holds one page, whatever the number of rows. `fetchPage(after)` answers the rows after the
 * key `after` (null for the first page) in key order; `keyOf` gives a row's key.
 */
export async function* inPages<Row, Key>(
  fetchPage: (after: Key | null, size: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  size = 500,
): AsyncGenerator<Row> {
  let after: Key | null = null;
  for (;;) {
    const page = await fetchPage(after, size);
    for (const row of page) yield row;
    if (page.length < size) return;
    after = keyOf(page[page.length - 1]!);
  }
}
