import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { csvDate, csvLine, csvMoney, csvNumber, csvText, inPages, sendCsv, type CsvCell } from '../../../server/http/csv';

/**
 * server/http/csv.ts (issue 14 item 5): Excel pt-BR's format (BOM, `;`, CRLF, `1234,56`, dd/MM/yyyy), quoting, the
 * formula-injection guard, keyset paging and the streamed answer.
 */

describe('csvMoney', () => {
  it.each([
    [123456, '1234,56'],
    [0, '0,00'],
    [5, '0,05'],
    [-5, '-0,05'],
    [-123456, '-1234,56'],
    [100, '1,00'],
    [99_999_999_999, '999999999,99'],
  ])('%d centavos → %s (no thousands separator, comma decimals)', (cents, text) => {
    expect(csvMoney(cents)).toEqual({ csv: text });
  });

  it('leaves an empty cell for no value', () => {
    expect(csvMoney(null)).toEqual({ csv: '' });
    expect(csvMoney(undefined)).toEqual({ csv: '' });
  });

  it('a negative amount is a number for Excel, not a guarded text', () => {
    expect(csvLine([csvMoney(-5)])).toBe('-0,05\r\n');
  });
});

describe('csvNumber and csvDate', () => {
  it('writes decimals with a comma and leaves integers alone', () => {
    expect(csvNumber(12.5)).toEqual({ csv: '12,5' });
    expect(csvNumber(-3)).toEqual({ csv: '-3' });
    expect(csvNumber(Number.NaN)).toEqual({ csv: '' });
    expect(csvNumber(null)).toEqual({ csv: '' });
  });

  it('writes yyyy-MM-dd (or an instant already in São Paulo) as dd/MM/yyyy', () => {
    expect(csvDate('2026-03-09')).toEqual({ csv: '09/03/2026' });
    expect(csvDate('2026-12-31T23:59:00-03:00')).toEqual({ csv: '31/12/2026' });
    expect(csvDate('31/12/2026')).toEqual({ csv: '' });
    expect(csvDate(null)).toEqual({ csv: '' });
  });
});

describe('csvLine', () => {
  it('separates with ; and ends with CRLF; null and undefined are empty cells; numbers take a comma', () => {
    expect(csvLine(['a', null, undefined, 3, 1.5, 'b'])).toBe('a;;;3;1,5;b\r\n');
  });

  it('quotes a cell holding ;, a quote or a line break, doubling the quotes', () => {
    expect(csvLine(['Ana; Maria', 'João "Zé"', 'linha 1\nlinha 2', 'a\r\nb'])).toBe(
      '"Ana; Maria";"João ""Zé""";"linha 1\nlinha 2";"a\r\nb"\r\n',
    );
  });

  it.each(['=HYPERLINK("http://x";"y")', '+5511', '-1+1', '@SUM(A1)', '\tx', '\rx'])(
    'guards a text starting like a formula (%j) with an apostrophe',
    (text) => {
      const line = csvLine([text]);
      const cell = line.slice(0, -2);
      const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
      expect(unquoted).toBe(`'${text}`);
    },
  );

  it('quotes the guarded formula when it holds ; or quotes', () => {
    expect(csvLine(['=HYPERLINK("http://x";"y")'])).toBe(`"'=HYPERLINK(""http://x"";""y"")"\r\n`);
  });

  it('does not guard a text with a formula character later on, nor formatted cells', () => {
    expect(csvLine(['a=b', 'Maria-José', { csv: '-0,05' }])).toBe('a=b;Maria-José;-0,05\r\n');
  });

  it('quotes a formatted cell that needs it', () => {
    expect(csvLine([{ csv: 'a;b' }])).toBe('"a;b"\r\n');
  });
});

describe('csvText', () => {
  it('starts with the UTF-8 BOM, then the header and the rows', () => {
    const text = csvText(['Nome', 'Valor'], [['Ana', csvMoney(123456)], ['Zé', csvMoney(-1)]]);
    expect(text).toBe('\uFEFFNome;Valor\r\nAna;1234,56\r\nZé;-0,01\r\n');
    expect(Buffer.from(text, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });
});

describe('inPages', () => {
  const rows = Array.from({ length: 7 }, (_, i) => ({ id: i + 1 }));
  const fetcher = (calls: Array<number | null>) => async (after: number | null, size: number) => {
    calls.push(after);
    return rows.filter((row) => after === null || row.id > after).slice(0, size);
  };

  it('reads every row in order, each page after the last key of the one before', async () => {
    const calls: Array<number | null> = [];
    const read: number[] = [];
    for await (const row of inPages(fetcher(calls), (row) => row.id, 3)) read.push(row.id);
    expect(read).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(calls).toEqual([null, 3, 6]);
  });

  it('asks once more when the last page is full, and stops on the short one', async () => {
    const calls: Array<number | null> = [];
    const read: number[] = [];
    for await (const row of inPages(fetcher(calls), (row) => row.id, 7)) read.push(row.id);
    expect(read).toHaveLength(7);
    expect(calls).toEqual([null, 7]);
  });

  it('reads nothing more once the reader stops', async () => {
    const calls: Array<number | null> = [];
    for await (const row of inPages(fetcher(calls), (row) => row.id, 2)) if (row.id === 2) break;
    expect(calls).toEqual([null]);
  });
});

describe('sendCsv', () => {
  async function* many(count: number): AsyncGenerator<CsvCell[]> {
    for (let i = 0; i < count; i++) yield [`Paciente ${i}`, csvMoney(i), csvDate('2026-01-02')];
  }

  it('streams a download with its headers, the BOM, the header line and every row', async () => {
    const app = Fastify();
    app.get('/x.csv', async (_request, reply) => sendCsv(reply, 'lista-2026-03-10.csv', ['Nome', 'Valor', 'Data'], many(5000)));
    const res = await app.inject({ method: 'GET', url: '/x.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="lista-2026-03-10.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-length']).toBeUndefined();
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFNome;Valor;Data');
    expect(lines[1]).toBe('Paciente 0;0,00;02/01/2026');
    expect(lines[5000]).toBe('Paciente 4999;49,99;02/01/2026');
    expect(lines).toHaveLength(5002);
    expect(lines[5001]).toBe('');
    await app.close();
  });

  it('an empty list is the header alone', async () => {
    const app = Fastify();
    app.get('/x.csv', async (_request, reply) => sendCsv(reply, 'x.csv', ['A', 'B'], many(0)));
    expect((await app.inject({ method: 'GET', url: '/x.csv' })).body).toBe('\uFEFFA;B\r\n');
    await app.close();
  });
});
