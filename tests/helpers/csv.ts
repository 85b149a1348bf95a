/**
 * Our CSV exports read back as Excel in Brazil reads them (server/http/csv.ts writes them): a UTF-8 BOM, `;`
 * between cells, CRLF after every line, quoted cells with "" for a quote. One reader for the API and the browser
 * tests; it throws on anything Excel would read differently (no BOM, a bare line break, a last line without CRLF).
 */
export function parseExcelCsv(input: string | Uint8Array): string[][] {
  const text = typeof input === 'string' ? input : new TextDecoder('utf-8', { ignoreBOM: true }).decode(input);
  if (!text.startsWith('\uFEFF')) throw new Error('the CSV does not start with a UTF-8 BOM');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ';') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else if (char === '\n' || char === '\r') throw new Error(`a bare line break at ${i}`);
    else cell += char;
  }
  if (cell !== '' || row.length > 0) throw new Error('the last line has no CRLF');
  return rows;
}
