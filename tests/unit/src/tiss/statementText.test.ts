import { describe, expect, it } from 'vitest';
import { allImported, dayOfMoment, detailLabel, importedNotice, importedToast, postLines, statementByline, statementHeading, totalsText } from '../../../../src/lib/tiss/statementText';

/** formatBRL writes a no-break space after R$. */
const brl = (text: string) => text.replace(/R\$ /g, 'R$\u00a0');

const totals = (guides: number, unmatched: number, receipts: number, glosas: number) => ({
  guides,
  unmatched,
  receipts_cents: receipts,
  glosas_cents: glosas,
});

describe('statement headings and notices', () => {
  it('names the statement by its kind and number, a repasse by its payer and day', () => {
    expect(statementHeading({ kind: 'analise', number: 'AC-7', issued_on: '2026-03-18' }, 'Plano')).toBe('Demonstrativo de análise de conta nº AC-7');
    expect(statementHeading({ kind: 'pagamento', number: '12', issued_on: '2026-03-18' }, 'Plano')).toBe('Demonstrativo de pagamento nº 12');
    expect(statementHeading({ kind: 'repasse', number: 'ab'.repeat(32), issued_on: '2026-03-18' }, 'Hospital Santa Luzia')).toBe('Repasse de Hospital Santa Luzia de 18/03/2026');
    expect(statementByline({ kind: 'pagamento', issued_on: '2026-03-18' }, 'Plano Azul', '11222333000181')).toBe('Plano Azul · Emitido em 18/03/2026');
    expect(statementByline({ kind: 'repasse', issued_on: '2026-03-18' }, 'Hospital Santa Luzia', '11222333000181')).toBe('Hospital Santa Luzia · CNPJ 11.222.333/0001-81');
  });

  it('says when it was imported, on the São Paulo day (a late evening there is the next day in UTC)', () => {
    expect(importedNotice({ imported_at: null })).toBeNull();
    expect(importedNotice({ imported_at: '2026-03-21T01:30:00Z' })).toBe('Já importado em 20/03/2026: nada será lançado de novo.');
    expect(dayOfMoment('2026-03-21T03:30:00Z')).toBe('21/03/2026');
  });
});

describe('postLines', () => {
  it('writes a receipt, its withholdings only when there are some, then each glosa with its TISS code', () => {
    const lines = postLines({
      receipts: [
        { payer: 'plano_saude', received_on: '2026-03-19', amount_cents: 345_000, deposit_reference: 'x', payer_document: '11222333000181', payer_name: 'Plano', irrf_cents: 12_345, iss_cents: 0, pis_cofins_csll_cents: 0, withholding_cents: 12_345, note: null },
        { payer: 'plano_saude', received_on: '2026-03-20', amount_cents: 100, deposit_reference: 'y', payer_document: null, payer_name: null, irrf_cents: 0, iss_cents: 0, pis_cofins_csll_cents: 0, withholding_cents: 0, note: 'INSS retido pelo plano: R$\u00a00,50.' },
      ],
      glosas: [
        { code: '1714', description: 'Valor do serviço superior ao valor de tabela', amount_cents: 30_000, note: null },
        { code: null, description: 'Motivo do plano', amount_cents: 5_050, note: 'Ver contrato' },
        { code: '1402', description: '1402 — Procedimento não autorizado', amount_cents: 1, note: null },
      ],
    });
    expect(lines).toEqual(
      [
        'Recebimento R$ 3.450,00 em 19/03/2026, retenções R$ 123,45',
        'Recebimento R$ 1,00 em 20/03/2026 (INSS retido pelo plano: R$ 0,50.)',
        'Glosa R$ 300,00 · 1714 Valor do serviço superior ao valor de tabela',
        'Glosa R$ 50,50 · Motivo do plano — Ver contrato',
        'Glosa R$ 0,01 · 1402 — Procedimento não autorizado',
      ].map(brl),
    );
    expect(postLines({ receipts: [], glosas: [] })).toEqual([]);
  });
});

describe('totals', () => {
  it("writes a statement's totals line", () => {
    expect(totalsText(totals(3, 1, 0, 45_000))).toBe(brl('3 guias · 1 sem cirurgia · recebimentos R$ 0,00 · glosas R$ 450,00'));
    expect(totalsText(totals(1, 0, 220_000, 0))).toBe(brl('1 guia · 0 sem cirurgia · recebimentos R$ 2.200,00 · glosas R$ 0,00'));
  });

  it("adds every statement of the file in the import's toast", () => {
    const file = {
      statements: [
        { totals: totals(3, 0, 100_000, 0), imported_at: '2026-03-20T12:00:00Z' },
        { totals: totals(2, 1, 50, 7_000), imported_at: null },
      ],
    } as unknown as Parameters<typeof importedToast>[0];
    expect(importedToast(file)).toBe(brl('Demonstrativo importado: 5 guias · 1 sem cirurgia · recebimentos R$ 1.000,50 · glosas R$ 70,00.'));
    expect(allImported(file)).toBe(false);
  });

  it('knows a file whose statements were all imported before', () => {
    const imported = { statements: [{ imported_at: '2026-03-20T12:00:00Z' }] } as unknown as Parameters<typeof allImported>[0];
    expect(allImported(imported)).toBe(true);
    expect(allImported({ statements: [] })).toBe(false);
  });

  it("names a repasse's toast and its detail by payer and day (its number is the file's SHA-256)", () => {
    const file = { kind: 'repasse', statements: [{ totals: totals(2, 1, 123_456, 0), imported_at: null }] } as unknown as Parameters<typeof importedToast>[0];
    expect(importedToast(file)).toBe(brl('Repasse importado: 2 guias · 1 sem cirurgia · recebimentos R$ 1.234,56 · glosas R$ 0,00.'));
    expect(detailLabel({ kind: 'repasse', number: 'ab'.repeat(32), issued_on: '2026-03-19', payer_name: 'Hospital Santa Luzia' })).toBe(
      'Ver o que o repasse de Hospital Santa Luzia de 19/03/2026 lançou',
    );
    expect(detailLabel({ kind: 'pagamento', number: 'PG-3', issued_on: '2026-03-19', payer_name: 'Plano Azul' })).toBe('Ver o que o demonstrativo PG-3 lançou');
  });
});
