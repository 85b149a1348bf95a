import { describe, expect, it } from 'vitest';
import { appealTotalCents, missingAppealFields } from '../../../../machines/tiss/appealRules';
import {
  cnesOrDefault,
  glosaReasonLabel,
  lineTotalCents,
  MAX_GUIDES_PER_LOT,
  missingGuideFields,
  missingLotFields,
  nextSequenceNumber,
  NO_CNES,
  splitIntoLots,
} from '../../../../machines/tiss/guideRules';
import { appeal, guide, line, lot } from './tissFixtures';

const messages = (problems: Array<{ message: string }>) => problems.map((problem) => problem.message);
const member = line().professionals[0]!;

describe('missingGuideFields', () => {
  it('finds nothing in a complete guide', () => {
    expect(missingGuideFields(guide())).toEqual([]);
  });

  it('names every missing field as the secretary reads it, with its input path', () => {
    const problems = missingGuideFields({
      ...guide(),
      planAnsRegistry: '',
      authorizationPassword: '   ',
      beneficiary: { cardNumber: null, newborn: false },
      executant: { codeAtPlan: '', cnes: null },
      hospital: { id: null, name: ' ', cnes: null },
    });
    expect(problems).toEqual([
      { field: 'planAnsRegistry', message: 'Registro ANS do plano de saúde' },
      { field: 'authorizationPassword', message: 'Senha da autorização' },
      { field: 'beneficiary.cardNumber', message: 'Número da carteira do paciente' },
      { field: 'hospital.id.code', message: 'Código do hospital na operadora ou CNPJ do hospital' },
      { field: 'hospital.name', message: 'Nome do hospital' },
      { field: 'executant.codeAtPlan', message: 'Código do prestador na operadora' },
    ]);
  });

  it('names the team member whose council, number, UF or CBO is missing', () => {
    const lines = [line({ professionals: [{ ...member, name: 'Dr. João Pereira', council: null, councilNumber: '', councilUf: null, cbo: null }] })];
    expect(messages(missingGuideFields(guide({ lines })))).toEqual([
      'Conselho de Dr. João Pereira',
      'Número do conselho de Dr. João Pereira',
      'UF do conselho de Dr. João Pereira',
      'CBO de Dr. João Pereira',
    ]);
  });

  it('refuses an invalid CPF, CNPJ, CBO or code, and a member without a name', () => {
    const lines = [
      line({
        professionals: [
          { ...member, id: { kind: 'cpf', cpf: '111.111.111-11' }, cbo: '123456' },
          { ...member, name: '  ', id: { kind: 'codeAtPlan', code: '' } },
        ],
      }),
    ];
    const problems = missingGuideFields(guide({ lines, hospital: { id: { kind: 'cnpj', cnpj: '11.111.111/1111-11' }, name: 'H', cnes: '12' } }));
    expect(messages(problems)).toEqual([
      'CNPJ do hospital inválido',
      'CNES do hospital: são 7 dígitos (deixe em branco se não houver)',
      'CPF de Dra. Ana Beatriz D’Ávila inválido',
      'CBO de Dra. Ana Beatriz D’Ávila: código inválido (123456)',
      'Nome do profissional 2 do procedimento 1 (30602238)',
      'Código na operadora ou CPF de profissional 2 do procedimento 1 (30602238)',
    ]);
  });

  it('checks the values: a line without value, a total that does not match, a guide total that is not the sum', () => {
    const problems = missingGuideFields(
      guide({
        lines: [line({ unitCents: 0, totalCents: 0 }), line({ sequence: 2, unitCents: 100_000, factorHundredths: 70, totalCents: 100_000 })],
        totalCents: 250_000,
      }),
    );
    expect(messages(problems)).toEqual([
      'Procedimento 1 (30602238): valor unitário: valor inválido',
      'Procedimento 1 (30602238): valor total: valor inválido',
      'Procedimento 2 (30602238): o valor total não confere com quantidade × valor unitário × fator (R$ 700,00)',
      'O valor total da guia não confere com a soma dos procedimentos (R$ 1.000,00)',
    ]);
  });

  it('accepts one centavo of rounding in a line total and computes totals in integers', () => {
    expect(lineTotalCents(33_333, 1, 70)).toBe(23_333);
    expect(lineTotalCents(15, 1, 50)).toBe(8);
    expect(lineTotalCents(250_000, 2, 150)).toBe(750_000);
    const lines = [line({ unitCents: 33_333, factorHundredths: 70, totalCents: 23_334 })];
    expect(missingGuideFields(guide({ lines, totalCents: 23_334 }))).toEqual([]);
  });

  it('refuses dates out of order, lines outside the billed period and repeated item numbers', () => {
    const problems = missingGuideFields(
      guide({ billingStart: '2026-11-12', billingEnd: '2026-11-10', lines: [line(), line({ performedOn: '2026-11-31' })], totalCents: 500_000 }),
    );
    expect(messages(problems)).toEqual([
      'A data de fim do faturamento é antes da data de início',
      'Procedimento 1 (30602238): a data de realização está fora do período faturado',
      'Procedimento 2 (30602238): data de realização: data inválida',
      'Procedimento 2 (30602238): o número do item 1 se repete na guia',
    ]);
  });

  it('refuses identifiers longer than the XSD allows instead of cutting them, but never a long name', () => {
    const problems = missingGuideFields(
      guide({ beneficiary: { cardNumber: '1'.repeat(21), newborn: true }, hospital: { id: { kind: 'codeAtPlan', code: '9' }, name: 'H'.repeat(300), cnes: null } }),
    );
    expect(messages(problems)).toEqual(['Número da carteira do paciente: no máximo 20 caracteres']);
  });

  it('reads an empty draft without throwing and lists what it needs', () => {
    const problems = messages(missingGuideFields({}));
    expect(problems).toContain('Número da carteira do paciente');
    expect(problems).toContain('Ao menos um procedimento realizado');
    expect(problems).toContain('Data de emissão da guia');
  });
});

describe('missingLotFields', () => {
  it('finds nothing in a complete lot, and prefixes a guide’s problems with its number', () => {
    expect(missingLotFields(lot([guide()]))).toEqual([]);
    const problems = missingLotFields(lot([guide(), guide({ providerGuideNumber: 'H-2', authorizationPassword: null })]));
    expect(problems).toEqual([{ field: 'guides[1].authorizationPassword', message: 'Guia H-2: Senha da autorização' }]);
  });

  it('holds a lot to 1–100 guides of its own plan, no number twice', () => {
    expect(messages(missingLotFields(lot([])))).toEqual(['Ao menos uma guia no lote']);
    const many = Array.from({ length: MAX_GUIDES_PER_LOT + 1 }, (_, index) => guide({ providerGuideNumber: `H-${index}` }));
    expect(messages(missingLotFields(lot(many)))).toEqual(['Um lote leva no máximo 100 guias (este tem 101)']);
    expect(messages(missingLotFields(lot([guide(), guide({ planAnsRegistry: '123456' })])))).toEqual([
      'Guia H-2026-0001: a guia é de outro plano de saúde que o do lote',
      'Guia H-2026-0001: o número da guia se repete no lote',
    ]);
  });

  it('checks the sender and the transaction', () => {
    const problems = missingLotFields(lot([guide()], { sender: { kind: 'cpf', cpf: '123' }, transaction: { sequence: '', date: '2026-02-30', time: '25:00' } }));
    expect(messages(problems)).toEqual(['CPF do prestador inválido', 'Número sequencial da transação', 'Data da transação: data inválida', 'Hora da transação']);
  });
});

describe('missingAppealFields', () => {
  it('finds nothing in a complete appeal and totals what it claims back', () => {
    expect(missingAppealFields(appeal())).toEqual([]);
    expect(appealTotalCents(appeal())).toBe(195_050);
    expect(appealTotalCents(appeal({ subject: { kind: 'protocol', glosaCode: '1705', justification: 'x', appealedCents: 10 } }))).toBe(10);
  });

  it('names the glosa code, justification and value missing from an item', () => {
    const base = appeal();
    if (base.subject.kind !== 'guides' || base.subject.guides[0]!.glosas.kind !== 'items') throw new Error('fixture');
    const item = { ...base.subject.guides[0]!.glosas.items[0]!, glosaCode: '9999', justification: ' ', appealedCents: 0 };
    const guides = [{ ...base.subject.guides[0]!, glosas: { kind: 'items' as const, items: [item] } }];
    expect(messages(missingAppealFields({ ...base, subject: { kind: 'guides', guides }, protocolNumber: 'ABC' }))).toEqual([
      'Número do protocolo do lote original: só dígitos, no máximo 12',
      'Guia H-2026-0001, item 1: código da glosa: código inválido (9999)',
      'Guia H-2026-0001, item 1: justificativa do recurso',
      'Guia H-2026-0001, item 1: valor recursado: valor inválido',
    ]);
  });
});

describe('numbering, lots and labels', () => {
  it('numbers lots and transactions after the largest used, ignoring hand-typed ones', () => {
    expect(nextSequenceNumber([])).toBe('1');
    expect(nextSequenceNumber(['7', '12', null, 'L-99', '003'])).toBe('13');
    expect(() => nextSequenceNumber(['999999999999'])).toThrow(RangeError);
  });

  it('splits guides into lots of 100', () => {
    expect(splitIntoLots(Array.from({ length: 250 }, (_, index) => index)).map((chunk) => chunk.length)).toEqual([100, 100, 50]);
    expect(splitIntoLots([])).toEqual([]);
  });

  it('writes 9999999 for a provider without CNES (ANS convention)', () => {
    expect(NO_CNES).toBe('9999999');
    expect(cnesOrDefault(null)).toBe(NO_CNES);
    expect(cnesOrDefault(' ')).toBe('9999999');
    expect(cnesOrDefault('2077485')).toBe('2077485');
  });

  it('labels a glosa code by its description, or by its code when it has none', () => {
    expect(glosaReasonLabel('1705', 'Valor apresentado a maior')).toBe('Valor apresentado a maior');
    expect(glosaReasonLabel('3052', '')).toBe('Motivo de glosa 3052');
    expect(glosaReasonLabel('3052', null)).toBe('Motivo de glosa 3052');
  });
});
