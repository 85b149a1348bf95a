import { describe, expect, it } from 'vitest';
import {
  canAddCode,
  hasTooManyCodes,
  isFeesDisabled,
  isHealthPlanEnabled,
  isNoteTooLong,
  missingCodes,
  SURGERY_CREATION_MESSAGES as M,
} from '../../../machines/surgeryCase/creationRules';

describe('surgery creation rules', () => {
  it('allows adding a CID / procedure while the list holds at most 4 entries', () => {
    expect([0, 1, 2, 3, 4].map(canAddCode)).toEqual([true, true, true, true, true]);
    expect(canAddCode(5)).toBe(false);
    expect(canAddCode(6)).toBe(false);
  });

  it('refuses more than 5 CIDs or procedures', () => {
    expect(hasTooManyCodes(5)).toBe(false);
    expect(hasTooManyCodes(6)).toBe(true);
  });

  it('clears the expected value only for clt', () => {
    expect(isFeesDisabled('clt')).toBe(true);
    for (const source of ['particular', 'plano_saude', 'coop', 'hospital', '', null] as const) {
      expect(isFeesDisabled(source)).toBe(false);
    }
  });

  it('keeps the health plan only for plano_saude', () => {
    expect(isHealthPlanEnabled('plano_saude')).toBe(true);
    for (const source of ['clt', 'particular', 'coop', 'hospital', '', null] as const) {
      expect(isHealthPlanEnabled(source)).toBe(false);
    }
  });

  it('limits the trimmed notes to 1000 characters, an emoji counting once', () => {
    expect(isNoteTooLong('a'.repeat(1000))).toBe(false);
    expect(isNoteTooLong(`  ${'a'.repeat(1000)}  `)).toBe(false);
    expect(isNoteTooLong('a'.repeat(1001))).toBe(true);
    expect(isNoteTooLong('😀'.repeat(1000))).toBe(false);
  });

  it('says what is missing with the SPEC §5 messages', () => {
    expect(missingCodes(0, 0)).toEqual({ summary: 'Preencha CID e Procedimento!', cid: 'Preencha CID!', procedure: 'Preencha procedimento!' });
    expect(missingCodes(0, 1)).toEqual({ summary: M.fillCid, cid: M.fillCid, procedure: null });
    expect(missingCodes(1, 0)).toEqual({ summary: M.fillProcedure, cid: null, procedure: M.fillProcedure });
    expect(missingCodes(1, 1)).toBeNull();
  });
});
