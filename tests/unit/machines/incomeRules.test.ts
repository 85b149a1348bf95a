import { describe, expect, it } from 'vitest';
import { type } from 'arktype';
import { incomeKindOf, netCents, withheldCents, withholdingProblems } from '../../../machines/ledger/incomeRules';
import { incomeMonthOfText, incomeReportQueryOf, incomeReportQuerySchema, incomeYearOfText } from '../../../machines/ledger/incomeSchemas';
import { receiptSchema } from '../../../machines/ledger/ledgerSchemas';
import { check } from '../../../machines/validation/problems';

/**
 * The income for the accountant (issue 38 item 5): the pure rules of a receipt's withholdings and of the report's
 * query, and the receipt's schema with them. The messages are written out, not imported.
 */

const ABOVE = 'As retenções somadas não podem passar do valor bruto recebido.';
const PERSON = 'Paciente (particular) não retém impostos na fonte: deixe as retenções em zero.';
const none = { irrf_cents: 0, iss_cents: 0, pis_cofins_csll_cents: 0 };

describe('withholdings', () => {
  it('computes the sum withheld and the net deposited', () => {
    const taxes = { irrf_cents: 1_500, iss_cents: 2_000, pis_cofins_csll_cents: 4_650 };
    expect(withheldCents(taxes)).toBe(8_150);
    expect(netCents(100_000, taxes)).toBe(91_850);
    expect(netCents(100_000, none)).toBe(100_000);
  });

  it('puts a patient in the persons half and every other payer in the companies half', () => {
    expect(incomeKindOf('particular')).toBe('pf');
    for (const payer of ['plano_saude', 'hospital', 'coop', 'outro'] as const) expect(incomeKindOf(payer)).toBe('pj');
  });

  it('accepts withholdings up to the gross, refuses more, and refuses any on a patient', () => {
    expect(withholdingProblems({ amount_cents: 10_000, payer: 'plano_saude', ...none })).toEqual([]);
    expect(withholdingProblems({ amount_cents: 10_000, payer: 'plano_saude', irrf_cents: 5_000, iss_cents: 5_000, pis_cofins_csll_cents: 0 })).toEqual([]);
    expect(withholdingProblems({ amount_cents: 10_000, payer: 'hospital', irrf_cents: 0, iss_cents: 5_000, pis_cofins_csll_cents: 5_001 })).toEqual([
      { field: 'iss_cents', message: ABOVE },
    ]);
    expect(withholdingProblems({ amount_cents: 10_000, payer: 'particular', ...none })).toEqual([]);
    expect(withholdingProblems({ amount_cents: 10_000, payer: 'particular', irrf_cents: 0, iss_cents: 0, pis_cofins_csll_cents: 1 })).toEqual([
      { field: 'pis_cofins_csll_cents', message: PERSON },
    ]);
  });
});

describe('the receipt schema with who paid', () => {
  const schema = receiptSchema('2026-03-15');
  const base = { received_on: '2026-03-01', amount_cents: 10_000, payer: 'plano_saude' };
  const messages = (body: unknown) => {
    const out = schema(body);
    return out instanceof type.errors ? out.map((problem) => `${problem.path.join('.')}: ${problem.message}`) : [];
  };

  it('stores a typed CNPJ as digits, a blank one as null, and defaults nothing withheld', () => {
    expect(schema({ ...base, payer_document: '11.222.333/0001-81', payer_name: '  Operadora Teste  ' })).toEqual({
      ...base,
      payer_document: '11222333000181',
      payer_name: 'Operadora Teste',
    });
    expect(schema({ ...base, payer_document: '  ', irrf_cents: null })).toEqual({ ...base, payer_document: null, irrf_cents: 0 });
  });

  it('refuses each bad field with its pt-BR message', () => {
    expect(messages({ ...base, irrf_cents: 6_000, iss_cents: 4_001 })).toEqual([`irrf_cents: ${ABOVE}`]);
    expect(messages({ ...base, iss_cents: -1 })).toEqual(['iss_cents: Valor de ISS inválido: informe um valor de R$ 0,00 até o valor bruto.']);
    expect(messages({ ...base, pis_cofins_csll_cents: 0.5 })).toEqual([
      'pis_cofins_csll_cents: Valor de PIS/COFINS/CSLL inválido: informe um valor de R$ 0,00 até o valor bruto.',
    ]);
    expect(messages({ ...base, payer: 'particular', irrf_cents: 1 })).toEqual([`irrf_cents: ${PERSON}`]);
    expect(messages({ ...base, payer_document: '11.222.333/0001-82' })).toEqual(['payer_document: CNPJ de quem pagou inválido: confira os 14 dígitos.']);
    expect(messages({ ...base, payer: 'particular', payer_document: '11222333000181' })).toEqual([
      'payer_document: O CPF do paciente vem do cadastro dele: o CNPJ só se informa quando quem pagou é uma empresa.',
    ]);
  });
});

describe("the report's query", () => {
  it('reads a year and an optional month', () => {
    expect(incomeYearOfText('2026')).toBe(2026);
    expect(incomeYearOfText('1999')).toBeNull();
    expect(incomeYearOfText('26')).toBeNull();
    expect(incomeMonthOfText('')).toBeNull();
    expect(incomeMonthOfText('02')).toBe(2);
    expect(incomeMonthOfText('13')).toBeUndefined();
    const out = incomeReportQuerySchema({ year: '2026', month: '12' });
    if (out instanceof type.errors) throw out;
    expect(incomeReportQueryOf(out)).toEqual({ year: 2026, month: 12 });
  });

  it('asks for the year and refuses a bad month in pt-BR', () => {
    const missing = check(incomeReportQuerySchema, {});
    expect(missing.ok ? null : missing.problems.error).toEqual(['Informe o ano do relatório.']);
    const month = check(incomeReportQuerySchema, { year: '2026', month: 'x' });
    expect(month.ok ? null : month.problems.error).toEqual(['Mês inválido: informe um mês de 1 a 12.']);
  });
});
