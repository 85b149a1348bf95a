/**
 * A tiny RFC 4180 CSV reader and writer for the reference files in server/data (no dependency):
 * comma-separated, `"`-quoted fields with `""` escapes, CRLF or LF line ends, quoted line breaks.
 */

/** Parses CSV text into rows of fields. A trailing line break does not make an empty last row. */
function parseCsv(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  for (; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        field += ch;
      }
    } else if (ch === '"' && field.length === 0) {
      quoted = true;
    } else if (ch === delimiter) {
      endField();
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else {
      field += ch;
    }
  }
  if (quoted) throw new Error('CSV inválido: aspas não fechadas.');
  if (field.length > 0 || row.length > 0) endRow();
  return rows;
}

/** Parses CSV text whose first row is the header into one object per data row. */
export function parseCsvRecords(text: string, delimiter = ','): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text, delimiter);
  if (!header) return [];
  return rows
    .filter((row) => !(row.length === 1 && row[0] === ''))
    .map((row, index) => {
      if (row.length !== header.length) {
        throw new Error(`CSV inválido: a linha ${index + 2} tem ${row.length} campos, o cabeçalho tem ${header.length}.`);
      }
      return Object.fromEntries(header.map((name, column) => [name, row[column] ?? '']));
    });
}

function formatField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Writes rows as CSV (LF line ends, quoting only where needed, as the source files do). */
export function formatCsv(header: readonly string[], rows: ReadonlyArray<Record<string, string>>): string {
  const lines = [header.map(formatField).join(',')];
  for (const row of rows) lines.push(header.map((name) => formatField(row[name] ?? '')).join(','));
  return `${lines.join('\n')}\n`;
}
