import { describe, expect, it } from 'vitest';
import { buildAppealLotMessage } from '../../../../machines/tiss/appealMessage';
import { lineTotalCents, missingLotFields, TissInputError } from '../../../../machines/tiss/guideRules';
import { buildHonorariosLotMessage } from '../../../../machines/tiss/honorariosMessage';
import { CBO_CODES, COUNCIL_CODES, GLOSA_CODES, PARTICIPATION_LABELS, UF_CODES } from '../../../../machines/tiss/tissDomains';
import { tissMessageBytes } from '../../../../machines/tiss/tissXml';
import type { AppealedItem, GlosaAppeal, HonorariosGuide, HonorariosLot, TissProcedureLine, TissProfessional } from '../../../../machines/tiss/types';
import { appeal, guide, independentHash, lot, validateWithXmllint, xmllintLeaves } from './tissFixtures';

/** mulberry32: a seeded PRNG, so a failure replays. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = 20261203;
const random = prng(SEED);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T,>(items: readonly T[]): T => items[int(0, items.length - 1)]!;

/** Fragments real data brings: accents, apostrophes, emoji, typographic quotes, controls, XML's specials. */
const FRAGMENTS = [
  'Conceição', 'D’Ávila', "O'Neill", '“Dr.”', '— ', '…', '😀', '🇧🇷', '\u0000', '\u0007', '\u009F', '\t', '\r\n', '  ',
  '&', '<b>', ']]>', '"', 'Łódź', 'Ștefan', '中文', '\u200B', '\uFEFF', '\u00A0', 'ÿ', '½', 'µ', 'Ñandú', '\uD800',
  'Hospital', 'Santa Casa de Misericórdia', 'Maria', 'José',
];

/** A text with at least one Latin letter (so it is never empty once cleaned), sometimes very long. */
function nastyText(maxFragments: number): string {
  const parts = Array.from({ length: int(1, maxFragments) }, () => pick(FRAGMENTS));
  return `${pick(['Ana', 'Zé', 'Hosp', 'x'])} ${parts.join(pick(['', ' ', '\n']))}`;
}

function checkDigits(digits: number[], weights: number[]): number {
  const rest = digits.reduce((sum, digit, index) => sum + digit * weights[index]!, 0) % 11;
  return rest < 2 ? 0 : 11 - rest;
}

function randomCpf(): string {
  const digits = Array.from({ length: 9 }, () => int(0, 9));
  digits[0] = int(1, 9);
  digits.push(checkDigits(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]));
  digits.push(checkDigits(digits, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]));
  return digits.join('');
}

function randomProfessional(): TissProfessional {
  return {
    participation: pick(Object.keys(PARTICIPATION_LABELS)) as TissProfessional['participation'],
    id: random() < 0.5 ? { kind: 'cpf', cpf: randomCpf() } : { kind: 'codeAtPlan', code: String(int(1, 99_999_999_999_999)) },
    name: nastyText(8),
    council: pick(Object.keys(COUNCIL_CODES)) as TissProfessional['council'],
    councilNumber: String(int(1, 999_999)),
    councilUf: pick(Object.keys(UF_CODES)) as TissProfessional['councilUf'],
    cbo: pick(CBO_CODES),
  };
}

function randomLine(sequence: number): TissProcedureLine {
  const [unitCents, quantity, factorHundredths] = [int(1, 4_000_000), int(1, 10), int(1, 200)];
  return {
    sequence,
    performedOn: `2026-11-${String(int(10, 12))}`,
    table: pick(['22', '00'] as const),
    code: String(int(10_000_000, 99_999_999)),
    description: nastyText(40),
    quantity,
    accessRoute: pick(['1', '2', '3', null] as const),
    technique: pick(['1', '2', '3', null] as const),
    factorHundredths,
    unitCents,
    totalCents: lineTotalCents(unitCents, quantity, factorHundredths),
    professionals: Array.from({ length: int(1, 3) }, randomProfessional),
  };
}

function randomGuide(index: number): HonorariosGuide {
  const lines = Array.from({ length: int(1, 4) }, (_, position) => randomLine(position + 1));
  return guide({
    providerGuideNumber: `G${index}`,
    requestGuideNumber: String(int(1, 99_999_999)),
    beneficiary: { cardNumber: String(int(1, 9_999_999_999)), newborn: random() < 0.1 },
    hospital: {
      id: random() < 0.5 ? { kind: 'cnpj', cnpj: '60.765.823/0001-30' } : { kind: 'codeAtPlan', code: String(int(1, 9999)) },
      name: nastyText(60),
      cnes: random() < 0.5 ? String(int(1_000_000, 9_999_999)) : null,
    },
    lines,
    note: random() < 0.6 ? nastyText(120) : null,
    totalCents: lines.reduce((sum, item) => sum + item.totalCents, 0),
  });
}

/** Sometimes blanks a required text: such a lot must be refused, never written with an empty element. */
function maybeBreak(target: HonorariosLot): boolean {
  if (random() >= 0.1) return false;
  const victim = target.guides[0]!;
  pick([
    () => (victim.beneficiary.cardNumber = ' \u200B '),
    () => (victim.hospital.name = '😀 \u0000'),
    () => (victim.lines[0]!.professionals[0]!.name = '\t🇧🇷'),
    () => (victim.lines[0]!.description = '\uFEFF'),
  ])();
  return true;
}

describe('TISS writers over random guides (seed ' + SEED + ')', () => {
  it('either refuse a lot with missing fields or write one that validates and whose hash recomputes', () => {
    const files: Array<{ name: string; bytes: Uint8Array; hash: string }> = [];
    let refused = 0;
    for (let index = 0; index < 120; index += 1) {
      const candidate = lot(Array.from({ length: int(1, 3) }, (_, position) => randomGuide(index * 10 + position)), { lotNumber: String(index + 1) });
      const broken = maybeBreak(candidate);
      if (broken) {
        expect(missingLotFields(candidate).length, `lot ${index}`).toBeGreaterThan(0);
        expect(() => buildHonorariosLotMessage(candidate)).toThrow(TissInputError);
        refused += 1;
        continue;
      }
      const message = buildHonorariosLotMessage(candidate, { hashEncoding: random() < 0.2 ? 'UTF-8' : 'ISO-8859-1' });
      expect(message.xml).not.toMatch(/<ans:[A-Za-z]+><\/ans:/);
      files.push({ name: `lot-${index}`, bytes: tissMessageBytes(message), hash: message.hash });
    }
    for (let index = 0; index < 30; index += 1) {
      const items: AppealedItem[] = Array.from({ length: int(1, 3) }, (_, position) => ({
        sequence: position + 1,
        performedOn: '2026-11-10',
        table: '22',
        code: String(int(10_000_000, 99_999_999)),
        description: nastyText(40),
        participation: null,
        glosaCode: pick(GLOSA_CODES),
        appealedCents: int(1, 99_999_999),
        justification: nastyText(200),
      }));
      const base: GlosaAppeal = appeal({ planName: nastyText(30) });
      const subject: GlosaAppeal['subject'] = { kind: 'guides', guides: [{ providerGuideNumber: `G${index}`, glosas: { kind: 'items', items } }] };
      const message = buildAppealLotMessage({ ...base, subject });
      files.push({ name: `appeal-${index}`, bytes: tissMessageBytes(message), hash: message.hash });
    }
    expect(refused).toBeGreaterThan(0);
    // The inputs did reach the limits: names cut at 70 characters, notes at 500.
    const texts = (name: string) => files.flatMap((file) => [...Buffer.from(file.bytes).toString('latin1').matchAll(new RegExp(`<ans:${name}>([^<]*)<`, 'g'))].map((match) => match[1]!));
    expect(Math.max(...texts('nomeContratado').map((text) => text.length))).toBeGreaterThanOrEqual(65);
    expect(Math.max(...texts('observacao').map((text) => text.replace(/&[a-z]+;/g, '&').length))).toBeGreaterThanOrEqual(490);
    const results = validateWithXmllint(files);
    for (const file of files) {
      expect(results.get(file.name), file.name).toBeNull();
      const again = independentHash(file.bytes);
      expect(again.written, file.name).toBe(file.hash);
      expect(again.stripped, file.name).toBe(again.leaves);
      expect(xmllintLeaves(file.bytes), file.name).toBe(again.leaves);
      expect([again.hash, independentHash(file.bytes, 'utf8').hash], file.name).toContain(file.hash);
    }
  });
});
