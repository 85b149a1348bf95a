import { describe, expect, it } from 'vitest';
import {
  MAX_REPASSE_LINES,
  parseRepasseCsv,
  readRepassePayer,
  REPASSE_CSV_TEMPLATE,
  REPASSE_FORM_MESSAGES,
  REPASSE_PAYERS,
  repasseCents,
  repasseCsvText,
  RepasseCsvError,
} from '../../../../machines/ledger/repasseCsv';

/** The message parseRepasseCsv refuses `text` with. */
function refusal(text: string): string {
  try {
    parseRepasseCsv(text);
  } catch (error) {
    if (error instanceof RepasseCsvError) return error.message;
    throw error;
  }
  throw new Error('accepted');
}

describe('repasseCents', () => {
  it('reads amounts as Excel pt-BR writes them, and with a decimal point, exactly', () => {
    expect(repasseCents('1.234,56')).toBe(123_456);
    expect(repasseCents('R$ 1.234,56')).toBe(123_456);
    expect(repasseCents('R$\u00a01.234,5')).toBe(123_450);
    expect(repasseCents('1234,56')).toBe(123_456);
    expect(repasseCents('1234.56')).toBe(123_456);
    expect(repasseCents('0,1')).toBe(10);
    expect(repasseCents('1.234')).toBe(123_400);
    expect(repasseCents('1.234.567,89')).toBe(123_456_789);
    expect(repasseCents('')).toBe(0);
  });

  it('refuses what is not an amount or is ambiguous', () => {
    for (const text of ['dez', '1,234.56', '1.23.4', '-10,00', '10,001', '1e5', '12345678901,00']) expect(repasseCents(text), text).toBeNull();
  });
});

describe('repasseCsvText', () => {
  it('reads UTF-8 (its BOM dropped) and falls back to Windows-1252', () => {
    expect(repasseCsvText(new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('Guia;Valor\nJoão', 'utf8')]))).toBe('Guia;Valor\nJoão');
    expect(repasseCsvText(Buffer.from('Nº;Conceição', 'latin1'))).toBe('Nº;Conceição');
  });

  it('refuses an empty, a binary and a too large file', () => {
    expect(() => repasseCsvText(new Uint8Array())).toThrow('O arquivo está vazio.');
    expect(() => repasseCsvText(Buffer.from('PK\u0003\u0004zip'))).toThrow('O arquivo não é um CSV');
    expect(() => repasseCsvText(new Uint8Array(1024 * 1024 + 1).fill(65))).toThrow('mais de 1 MB');
  });
});

describe('parseRepasseCsv', () => {
  it('reads the columns by their header, in any order and case, with any of the three separators', () => {
    const expected = [
      { line: 2, guideNumber: '00042', amountCents: 150_000, paidOn: '2026-03-05', irrfCents: 2_250, issCents: 0, pisCofinsCsllCents: 6_975, patientName: 'Ana' },
      { line: 3, guideNumber: 'S-77', amountCents: 80_000, paidOn: null, irrfCents: 0, issCents: 4_000, pisCofinsCsllCents: 0, patientName: null },
    ];
    expect(
      parseRepasseCsv('Paciente;DATA DO PAGAMENTO;Nº da guia;Valor Bruto;IRRF;ISS;PIS/COFINS/CSLL\nAna;05/03/2026;00042;1.500,00;22,50;;69,75\n;;S-77;800,00;;40,00;\n'),
    ).toEqual(expected);
    expect(parseRepasseCsv('guia,valor,data,irrf,iss,pcc,paciente\n00042,1500.00,2026-03-05,22.50,,69.75,Ana\nS-77,800,,,40,,\n')).toEqual(expected);
    expect(parseRepasseCsv('Guia\tValor\tData\tIRRF\tISS\tPIS/COFINS/CSLL\tPaciente\r\n00042\t1500\t5/3/2026\t22,5\t\t69,75\tAna\r\nS-77\t800\t\t\t40\t\t\r\n')).toEqual(expected);
  });

  it('reads its own model file, every column named', () => {
    expect(parseRepasseCsv(repasseCsvText(Buffer.from(`\uFEFF${REPASSE_CSV_TEMPLATE}`, 'utf8')))).toEqual([
      { line: 2, guideNumber: '12345', amountCents: 150_000, paidOn: '2026-03-05', irrfCents: 2_250, issCents: 0, pisCofinsCsllCents: 6_975, patientName: 'Maria da Conceição' },
    ]);
  });

  it('honours quoted cells (a separator or a quote inside) and skips blank lines', () => {
    expect(parseRepasseCsv('Guia;Valor;Paciente\n\n"12";"1.000,00";"Silva; ""Zé"""\n;;\n')).toEqual([
      { line: 3, guideNumber: '12', amountCents: 100_000, paidOn: null, irrfCents: 0, issCents: 0, pisCofinsCsllCents: 0, patientName: 'Silva; "Zé"' },
    ]);
  });

  it('refuses a file it cannot read whole, naming the line', () => {
    expect(refusal('Paciente;Total\nAna;10')).toBe('A primeira linha deve nomear as colunas, com pelo menos "Guia" e "Valor".');
    expect(refusal('\n\n')).toBe('O arquivo está vazio.');
    expect(refusal('Guia;Valor\n;;\n')).toBe('O arquivo não tem nenhuma linha de guia.');
    expect(refusal('Guia;Valor\n1;10\n2;R$ dez')).toBe('Linha 3: valor "R$ dez" inválido na coluna Valor.');
    expect(refusal('Guia;Valor;IRRF\n1;10;x')).toBe('Linha 2: valor "x" inválido na coluna IRRF.');
    expect(refusal('Guia;Valor;IRRF;ISS\n1;10;6;5')).toBe('Linha 2: os impostos retidos são maiores que o valor.');
    expect(refusal('Guia;Valor\n1;0')).toBe('Linha 2: o valor deve ser maior que zero.');
    expect(refusal('Guia;Valor\n;10')).toBe('Linha 2: informe o número da guia.');
    expect(refusal('Guia;Valor;Data\n1;10;2026-02-30')).toBe('Linha 2: data "2026-02-30" inválida (use dd/mm/aaaa).');
    expect(refusal('Guia;Valor\n"1;10')).toBe('Linha 2: aspas sem fechamento.');
    expect(refusal('Guia;Valor\n42;10\n0042;5')).toBe('A guia 0042 aparece duas vezes (linhas 2 e 3).');
    const many = ['Guia;Valor', ...Array.from({ length: MAX_REPASSE_LINES + 1 }, (_, index) => `${index + 1};1`)].join('\n');
    expect(refusal(many)).toBe(`O arquivo tem mais de ${MAX_REPASSE_LINES} guias: divida o repasse em arquivos menores.`);
  });
});

describe('readRepassePayer', () => {
  const today = '2026-03-20';
  it('reads who paid and the deposit day (dd/mm/aaaa or ISO), the CNPJ as digits', () => {
    expect(readRepassePayer({ payer: 'coop', payer_name: '  Coop   Médica ', payer_document: '11.222.333/0001-81', received_on: '20/03/2026' }, today)).toEqual({
      ok: true,
      value: { payer: 'coop', payerName: 'Coop Médica', payerDocument: '11222333000181', receivedOn: '2026-03-20' },
    });
    expect(readRepassePayer({ payer: 'hospital', payer_name: 'H', payer_document: '11222333000181', received_on: '2026-01-31' }, today)).toMatchObject({ ok: true });
  });

  it('names every field wrong at once; a patient is not a repasse payer', () => {
    expect(REPASSE_PAYERS).not.toContain('particular');
    expect(readRepassePayer({ payer: 'particular', payer_name: 'x'.repeat(121), payer_document: '11222333000182', received_on: '31/02/2026' }, today)).toEqual({
      ok: false,
      problems: {
        payer: [REPASSE_FORM_MESSAGES.payer],
        payer_name: [REPASSE_FORM_MESSAGES.payerNameLong],
        payer_document: [REPASSE_FORM_MESSAGES.payerDocument],
        received_on: [REPASSE_FORM_MESSAGES.receivedOn],
      },
    });
    expect(readRepassePayer({}, today)).toMatchObject({ ok: false, problems: { payer_name: [REPASSE_FORM_MESSAGES.payerName] } });
    expect(readRepassePayer({ payer: 'outro', payer_name: 'H', payer_document: '11222333000181', received_on: '21/03/2026' }, today)).toEqual({
      ok: false,
      problems: { received_on: [REPASSE_FORM_MESSAGES.receivedOnFuture] },
    });
  });
});
