import { describe, expect, it } from 'vitest';
import { plural } from '../../../machines/rules/plural';
import { receivablesTexts } from '../../../src/lib/i18n/receivables';
import { checklistsTexts } from '../../../src/lib/i18n/checklists';
import { opmeTexts } from '../../../src/lib/i18n/opme';
import { auditTexts } from '../../../src/lib/i18n/audit';

const DAYS = { one: '{count} dia', other: '{count} dias' };

describe('plural', () => {
  it('takes the singular for 1 and the plural for 2 and more', () => {
    expect(plural(1, DAYS)).toBe('1 dia');
    expect(plural(2, DAYS)).toBe('2 dias');
    expect(plural(7, DAYS)).toBe('7 dias');
    expect(plural(1_000_000, DAYS)).toBe('1000000 dias');
  });

  it('writes zero with the plural (Brazilian usage, though CLDR puts 0 in "one"), or with the zero form when given', () => {
    expect(plural(0, DAYS)).toBe('0 dias');
    expect(plural(0, { ...DAYS, zero: 'Nenhum dia' })).toBe('Nenhum dia');
    expect(plural(1, { ...DAYS, zero: 'Nenhum dia' })).toBe('1 dia');
  });

  it('follows Intl.PluralRules for fractions (1,5 is singular in pt-BR)', () => {
    expect(plural(1.5, { one: '{count} quilo', other: '{count} quilos' })).toBe('1.5 quilo');
    expect(plural(2.5, { one: '{count} quilo', other: '{count} quilos' })).toBe('2.5 quilos');
  });

  it('fills every {count} of the form', () => {
    expect(plural(3, { one: '{count} de {count}', other: '{count} de {count}!' })).toBe('3 de 3!');
  });
});

describe('the counted texts of the SPA', () => {
  it('say singular and plural instead of "(s)" and "(ns)"', () => {
    expect(plural(1, receivablesTexts.home.dueIn)).toBe('Vence em 1 dia');
    expect(plural(4, receivablesTexts.home.dueIn)).toBe('Vence em 4 dias');
    expect(plural(1, receivablesTexts.home.passed)).toBe('Venceu há 1 dia');
    expect(plural(2, receivablesTexts.home.passed)).toBe('Venceu há 2 dias');
    expect(plural(1, receivablesTexts.page.count)).toBe('1 cirurgia');
    expect(plural(7, receivablesTexts.page.count)).toBe('7 cirurgias');
    expect(plural(1, checklistsTexts.checklist.missingCount)).toBe('Falta 1 documento.');
    expect(plural(4, checklistsTexts.checklist.missingCount)).toBe('Faltam 4 documentos.');
    expect(plural(1, checklistsTexts.page.documentsCount)).toBe('1 documento');
    expect(plural(3, checklistsTexts.page.documentsCount)).toBe('3 documentos');
    expect(plural(1, opmeTexts.undecided)).toBe('1 item aguardando a autorização');
    expect(plural(2, opmeTexts.undecided)).toBe('2 itens aguardando a autorização');
    expect(plural(1, auditTexts.page.count)).toBe('1 registro');
    expect(plural(2, auditTexts.page.listed)).toBe('2 registros listados');
  });
});
