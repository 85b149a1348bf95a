import { describe, expect, it } from 'vitest';
import { formatCents } from '../../../machines/ledger/ledgerRules';
import { incomeReportPdf } from '../../../server/services/ledger/income-pdf';
import type { IncomeReport } from '../../../server/services/ledger/income-report';
import { PdfDocument, pdfLiteral, pdfTextString, textWidth, winAnsiBytes, wrapText } from '../../../server/services/pdf/simple-pdf';
import { checkPdfStructure, pdfInfo, pdfText } from '../../helpers/pdf';

/**
 * The small PDF writer (server/services/pdf/simple-pdf.ts) and the accountant's report on it
 * (server/services/ledger/income-pdf.ts): pt-BR letters in WinAnsi bytes, literal strings escaped, Helvetica's AFM
 * widths, a correct xref table, and a long table broken over pages with its header repeated and 'Página X de Y'.
 * The expected bytes and widths are written out here (WinAnsi's code chart, Adobe's AFM), not imported.
 */

describe('winAnsiBytes', () => {
  it('writes every pt-BR letter, º ª and the non-breaking space as WinAnsi bytes', () => {
    expect([...winAnsiBytes('áéíóúâêôãõçà')]).toEqual([0xe1, 0xe9, 0xed, 0xf3, 0xfa, 0xe2, 0xea, 0xf4, 0xe3, 0xf5, 0xe7, 0xe0]);
    expect([...winAnsiBytes('ÁÉÍÓÚÂÊÔÃÕÇÀ')]).toEqual([0xc1, 0xc9, 0xcd, 0xd3, 0xda, 0xc2, 0xca, 0xd4, 0xc3, 0xd5, 0xc7, 0xc0]);
    expect([...winAnsiBytes('nº 1ª\u00a0R$')]).toEqual([0x6e, 0xba, 0x20, 0x31, 0xaa, 0xa0, 0x52, 0x24]);
    // WinAnsi's own codes at 0x80..0x9F: the euro, the typographic quotes, the dashes, the ellipsis.
    expect([...winAnsiBytes('€“”‘’–—…')]).toEqual([0x80, 0x93, 0x94, 0x91, 0x92, 0x96, 0x97, 0x85]);
    // A decomposed letter (e + combining acute) is composed first.
    expect([...winAnsiBytes('Jose\u0301')]).toEqual([0x4a, 0x6f, 0x73, 0xe9]);
  });

  it("replaces a character WinAnsi lacks (and a control) with '?'", () => {
    expect(Buffer.from(winAnsiBytes('a→b 中 😀\tz')).toString('latin1')).toBe('a?b ? ??z');
  });
});

describe('pdfLiteral and pdfTextString', () => {
  it('escapes ( ) and \\ and writes the bytes above ASCII as octal escapes', () => {
    expect(pdfLiteral('Maria (filha) \\ 50%')).toBe('(Maria \\(filha\\) \\\\ 50%)');
    expect(pdfLiteral('Conceição')).toBe('(Concei\\347\\343o)');
    expect(pdfLiteral('R$\u00a01,00')).toBe('(R$\\2401,00)');
  });

  it('writes a text string (the /Info) in UTF-16BE with its byte order mark', () => {
    expect(pdfTextString('Sé')).toBe('<FEFF005300E9>');
  });
});

describe('textWidth and wrapText', () => {
  it("measures with Helvetica's and Helvetica-Bold's AFM widths", () => {
    // H 722, e 556, l 222, l 222, o 556 (Helvetica); H 722, e 556, l 278, l 278, o 611 (Helvetica-Bold).
    expect(textWidth('Hello', 'regular', 10)).toBeCloseTo(22.78, 5);
    expect(textWidth('Hello', 'bold', 10)).toBeCloseTo(24.45, 5);
    // An accented letter is as wide as its base letter; the digits all 556 (money columns line up).
    expect(textWidth('ç', 'regular', 1000)).toBe(textWidth('c', 'regular', 1000));
    expect(textWidth('Ã', 'bold', 1000)).toBe(722);
    expect(textWidth('R$ 1.234,56', 'regular', 1000)).toBe(722 + 556 + 278 + 556 * 6 + 278 + 278);
  });

  it("wraps after a space or a '/', and cuts what cannot fit with '…'", () => {
    const width = textWidth('PIS/COFINS/', 'bold', 8);
    expect(wrapText('PIS/COFINS/CSLL', 'bold', 8, width)).toEqual(['PIS/COFINS/', 'CSLL']);
    expect(wrapText('Curto', 'regular', 8, 100)).toEqual(['Curto']);
    const lines = wrapText('uma empresa de nome muito comprido mesmo', 'regular', 8, 40, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/…$/);
    for (const line of lines) expect(textWidth(line, 'regular', 8)).toBeLessThanOrEqual(40);
  });
});

describe('PdfDocument', () => {
  it('writes a PDF 1.4 whose xref offsets point at each object, with /Info and the two WinAnsi Helveticas', () => {
    const doc = new PdfDocument({ title: 'Relatório (teste)', producer: 'Cirurgias' });
    doc.addPage().text(40, 800, 'Olá, João', { font: 'bold', size: 12 });
    doc.addPage().text(555, 800, 'Fim', { align: 'right' });
    const pdf = doc.toBuffer();
    expect(checkPdfStructure(pdf)).toBe(5 + 2 * 2);
    const text = pdf.toString('latin1');
    expect(text).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
    expect(text).toContain('/BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding');
    // The /Info title as a UTF-16BE text string (byte order mark FEFF), as pdfinfo reads it.
    expect(text).toContain(`/Title <FEFF${Buffer.from('Relatório (teste)', 'utf16le').swap16().toString('hex').toUpperCase()}>`);
    expect(pdfInfo(pdf)).toMatchObject({ Title: 'Relatório (teste)', Producer: 'Cirurgias', Pages: '2', 'PDF version': '1.4' });
    expect(text).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(text).toContain('/Count 2');
    // The right-aligned text starts its width before its right edge.
    expect(text).toContain(`${Math.round((555 - textWidth('Fim', 'regular', 10)) * 100) / 100} 800 Td (Fim) Tj`);
    expect(pdfText(pdf)).toContain('Olá, João');
  });
});

const zero = { receipts: 0, gross_cents: 0, irrf_cents: 0, iss_cents: 0, pis_cofins_csll_cents: 0, net_cents: 0 };

/** One month (February 2026) with `count` receipts from persons, nothing from companies. */
function longReport(count: number): IncomeReport {
  const receipts = Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    surgery: index + 1,
    received_on: `2026-02-${String((index % 28) + 1).padStart(2, '0')}`,
    patient_name: `Conceição (${index + 1}) Araújo`,
    cpf: '52998224725',
    gross_cents: 100_000 + index,
  }));
  const gross = receipts.reduce((sum, receipt) => sum + receipt.gross_cents, 0);
  const total = { ...zero, receipts: count, gross_cents: gross, net_cents: gross };
  return {
    year: 2026,
    month: 2,
    from: '2026-02-01',
    until: '2026-03-01',
    months: [{ month: '2026-02', persons: { receipts, total }, companies: { payers: [], total: zero }, total }],
    totals: { persons: total, companies: zero, all: total },
  };
}

describe('incomeReportPdf', () => {
  it("breaks a long table over two pages, repeating the header, each page with 'Página X de Y'", () => {
    const report = longReport(70);
    const pdf = incomeReportPdf(report);
    checkPdfStructure(pdf);
    expect(pdf.toString('latin1')).toContain('/Count 2');
    const pages = pdfText(pdf).split('\f').filter((page) => page.trim() !== '');
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Relatório para o contador');
    expect(pages[0]).toContain('Rendimentos de Fevereiro de 2026');
    expect(pages[0]).toContain('Página 1 de 2');
    expect(pages[1]).toContain('Página 2 de 2');
    for (const page of pages) expect(page).toMatch(/Data\s+Paciente\s+CPF\s+Valor/);
    const all = pages.join('');
    for (const receipt of report.months[0]!.persons.receipts) expect(all).toContain(receipt.patient_name);
    expect(all).toMatch(new RegExp(`Total pessoa física\\s+${formatCents(report.totals.all.gross_cents).replace(/[.$]/g, '\\$&')}`));
    expect(all).toContain('Nenhum recebimento de pessoa jurídica no mês.');
  });

  it('fits a short month on one page, and an empty year says so', () => {
    expect(pdfText(incomeReportPdf(longReport(3)))).toContain('Página 1 de 1');
    const empty = pdfText(incomeReportPdf({ ...longReport(0), month: null, months: [], totals: { persons: zero, companies: zero, all: zero } }));
    expect(empty).toContain('Nenhum recebimento no período.');
    expect(empty).toContain('Totais do ano');
  });
});
