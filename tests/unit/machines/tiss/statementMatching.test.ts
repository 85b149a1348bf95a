import { describe, expect, it } from 'vitest';
import {
  cardKey,
  glosasToPost,
  numberKey,
  statementMatcher,
  type BilledGuide,
  type CaseCandidate,
} from '../../../../machines/tiss/statementMatching';

const guides: BilledGuide[] = [
  { guideId: 1, surgeryId: 10, number: '42', lotNumber: '7', billedCents: 150_000 },
  { guideId: 2, surgeryId: 11, number: '43', lotNumber: null, billedCents: 90_000 },
];
const cases: CaseCandidate[] = [
  { surgeryId: 20, cardNumber: '0 123.456-7', performedOn: '2026-10-05', procedureCodes: ['30715016'] },
  { surgeryId: 21, cardNumber: '9988', performedOn: '2026-10-06', procedureCodes: ['31009336', '30715016'] },
  { surgeryId: 22, cardNumber: '9988', performedOn: '2026-10-06', procedureCodes: ['31009336'] },
  { surgeryId: 23, cardNumber: null, performedOn: '2026-10-06', procedureCodes: ['31009336'] },
];
const match = statementMatcher(guides, cases);
const key = (over: Partial<Parameters<typeof match>[0]>) => ({
  providerGuideNumber: '999',
  lotNumber: null,
  cardNumber: null,
  performedOn: null,
  procedureCodes: [],
  ...over,
});

describe('statement matching (issue 38)', () => {
  it("finds a guide by the office's number, padded or not, and flags another lot", () => {
    expect(match(key({ providerGuideNumber: '00000042', lotNumber: '0007' }))).toEqual({
      status: 'matched', by: 'guide_number', surgeryId: 10, guideId: 1, lotDiffers: false,
    });
    expect(match(key({ providerGuideNumber: '42', lotNumber: '8' }))).toMatchObject({ guideId: 1, lotDiffers: true });
    // A guide not sent in a lot yet, or a payment line without a lot: no lot to compare.
    expect(match(key({ providerGuideNumber: '43', lotNumber: '8' }))).toMatchObject({ guideId: 2, lotDiffers: false });
    expect(match(key({ providerGuideNumber: ' 42 ' }))).toMatchObject({ guideId: 1 });
  });

  it('finds a guide billed outside the product by card, day and a procedure in common', () => {
    expect(match(key({ cardNumber: '01234567', performedOn: '2026-10-05', procedureCodes: ['3.0715.01-6'] }))).toEqual({
      status: 'matched', by: 'card_date_procedure', surgeryId: 20,
    });
    // Another day, another procedure or another card: none.
    expect(match(key({ cardNumber: '01234567', performedOn: '2026-10-06', procedureCodes: ['30715016'] }))).toEqual({
      status: 'unmatched', reason: 'no_candidate',
    });
    expect(match(key({ cardNumber: '01234567', performedOn: '2026-10-05', procedureCodes: ['31009336'] }))).toEqual({
      status: 'unmatched', reason: 'no_candidate',
    });
    // Without a card the second rule never guesses (case 23 has none either).
    expect(match(key({ cardNumber: '', performedOn: '2026-10-06', procedureCodes: ['31009336'] }))).toEqual({
      status: 'unmatched', reason: 'no_candidate',
    });
  });

  it('leaves two cases of one card, day and procedure unmatched as ambiguous, and one procedure tells them apart', () => {
    expect(match(key({ cardNumber: '9988', performedOn: '2026-10-06', procedureCodes: ['31009336'] }))).toEqual({
      status: 'unmatched', reason: 'ambiguous', surgeryIds: [21, 22],
    });
    expect(match(key({ cardNumber: '9988', performedOn: '2026-10-06', procedureCodes: ['30715016'] }))).toMatchObject({ surgeryId: 21 });
  });

  it('compares numbers and cards as written by different systems', () => {
    expect(numberKey('000')).toBe('0');
    expect(numberKey('A-12')).toBe('A-12');
    expect(cardKey(' 0a 12.3-4 ')).toBe('0A1234');
    expect(cardKey(null)).toBe('');
  });
});

describe('glosas an analysed guide posts', () => {
  const guide = { items: [], glosas: [], glosaCents: null, informedCents: 100_000, releasedCents: 100_000 };

  it("sums the lines' glosas per code, largest first", () => {
    const items = [
      { glosas: [{ code: '1714', cents: 3_000 }, { code: '1402', cents: 500 }] },
      { glosas: [{ code: '1402', cents: 2_500 }] },
      { glosas: [] },
    ];
    expect(glosasToPost({ ...guide, items, glosaCents: 6_000 })).toEqual({
      glosas: [{ code: '1402', cents: 3_000 }, { code: '1714', cents: 3_000 }],
      otherCodes: [],
    });
  });

  it("posts the guide's glosa under its first code when the lines carry none, naming the others", () => {
    expect(glosasToPost({ ...guide, glosas: [{ code: '1801' }, { code: '1802' }], glosaCents: 12_345 })).toEqual({
      glosas: [{ code: '1801', cents: 12_345 }],
      otherCodes: ['1802'],
    });
    // No valorGlosaGuia: informed − released; no code at all: a glosa without one.
    expect(glosasToPost({ ...guide, releasedCents: 80_000 })).toEqual({ glosas: [{ code: null, cents: 20_000 }], otherCodes: [] });
    expect(glosasToPost(guide)).toEqual({ glosas: [], otherCodes: [] });
  });
});
