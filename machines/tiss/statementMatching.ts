/**
 * How a plan's statement finds its cases (issue 38 item 1; docs/TISS.md "Reading statements back"). Pure: the server
 * reads the candidates (the medic's generated guides of the plan, and the cases of the plan with the patient's card)
 * and posts what these functions decide.
 *
 * 1. By guide number: the statement's numeroGuiaPrestador is the office's guide number (part 1's tiss_guides.number,
 *    unique per medic). Compared as digits without leading zeros when both are digits (a plan may pad '42' to
 *    '00000042'), else as trimmed text. A match whose lot differs from the statement's protocol is still a match,
 *    flagged.
 * 2. Else, for a guide billed outside the product: the patient's card number (letters and digits only, case-folded),
 *    the day of the surgery and at least one procedure code (TUSS) in common, among the medic's cases of that plan.
 *    Exactly one such case matches; two or more leave the guide unmatched as ambiguous (never a guess).
 * 3. For a repasse (a hospital's or cooperative's CSV, which has neither card nor procedure), after the guide number:
 *    the authorization password ("senha") of one of the medic's cases, compared as the card is. The same password on
 *    two cases leaves the guide unmatched as ambiguous.
 */

/** A guide the office generated (tiss_guides), as the matcher needs it. */
export type BilledGuide = {
  guideId: number;
  surgeryId: number;
  /** tiss_guides.number as text. */
  number: string;
  /** The lot's number when the guide was sent in one. */
  lotNumber: string | null;
  billedCents: number;
};

/** A case of the plan that a guide billed outside the product may be. */
export type CaseCandidate = {
  surgeryId: number;
  cardNumber: string | null;
  /** The surgery's day (accomplishment), yyyy-MM-dd. */
  performedOn: string | null;
  procedureCodes: readonly string[];
};

/** What a statement says of one guide, as far as matching goes. */
type StatementGuideKey = {
  providerGuideNumber: string;
  /** The protocol's numeroLotePrestador (null on a payment statement's guide without one). */
  lotNumber: string | null;
  cardNumber: string | null;
  /** The first day billed (dataInicioFat) or a line's dataRealizacao. */
  performedOn: string | null;
  procedureCodes: readonly string[];
};

export type GuideMatch =
  | { status: 'matched'; by: 'guide_number'; surgeryId: number; guideId: number; lotDiffers: boolean }
  | { status: 'matched'; by: 'card_date_procedure'; surgeryId: number }
  | { status: 'matched'; by: 'authorization_password'; surgeryId: number }
  | { status: 'unmatched'; reason: 'no_candidate' }
  | { status: 'unmatched'; reason: 'ambiguous'; surgeryIds: number[] };

/** A guide or lot number as compared: digits without leading zeros, else the trimmed text. */
export function numberKey(value: string): string {
  const text = value.trim();
  return /^\d+$/.test(text) ? text.replace(/^0+(?=\d)/, '') : text;
}

/** A card number as compared: letters and digits only, upper case ('0 123.456-7' → '01234567'). */
export function cardKey(value: string | null): string {
  return (value ?? '').replace(/[^0-9a-z]/gi, '').toUpperCase();
}

/** A procedure code as compared: digits only (a plan may write a TUSS code with dots or a dash). */
const procedureKey = (code: string) => code.replace(/\D/g, '');

/** A case's authorization password ("senha"), for a repasse. */
export type CasePassword = { surgeryId: number; password: string };

/** An index of the candidates, built once per statement. */
export function statementMatcher(guides: readonly BilledGuide[], cases: readonly CaseCandidate[], passwords: readonly CasePassword[] = []) {
  const byNumber = new Map<string, BilledGuide>();
  for (const guide of guides) byNumber.set(numberKey(guide.number), guide);
  const byPassword = new Map<string, Set<number>>();
  for (const { surgeryId, password } of passwords) {
    const key = cardKey(password);
    if (key !== '') byPassword.set(key, (byPassword.get(key) ?? new Set()).add(surgeryId));
  }
  const byCard = new Map<string, CaseCandidate[]>();
  for (const candidate of cases) {
    const key = cardKey(candidate.cardNumber);
    if (key === '') continue;
    byCard.set(key, [...(byCard.get(key) ?? []), candidate]);
  }
  return function match(key: StatementGuideKey): GuideMatch {
    const guide = byNumber.get(numberKey(key.providerGuideNumber));
    if (guide) {
      const lotDiffers = key.lotNumber !== null && guide.lotNumber !== null && numberKey(key.lotNumber) !== numberKey(guide.lotNumber);
      return { status: 'matched', by: 'guide_number', surgeryId: guide.surgeryId, guideId: guide.guideId, lotDiffers };
    }
    const withPassword = [...(byPassword.get(cardKey(key.providerGuideNumber)) ?? [])].sort((a, b) => a - b);
    if (withPassword.length === 1) return { status: 'matched', by: 'authorization_password', surgeryId: withPassword[0]! };
    if (withPassword.length > 1) return { status: 'unmatched', reason: 'ambiguous', surgeryIds: withPassword };
    const codes = new Set(key.procedureCodes.map(procedureKey));
    const found = (byCard.get(cardKey(key.cardNumber)) ?? []).filter(
      (candidate) =>
        key.performedOn !== null &&
        candidate.performedOn === key.performedOn &&
        candidate.procedureCodes.some((code) => codes.has(procedureKey(code))),
    );
    if (found.length === 1) return { status: 'matched', by: 'card_date_procedure', surgeryId: found[0]!.surgeryId };
    if (found.length === 0) return { status: 'unmatched', reason: 'no_candidate' };
    return { status: 'unmatched', reason: 'ambiguous', surgeryIds: found.map((candidate) => candidate.surgeryId).sort((a, b) => a - b) };
  };
}

/** A glosa to post: its TISS code (null when the plan gave none) and amount. */
type GlosaToPost = { code: string | null; cents: number };

/** What an analysed guide cuts, as the statement gives it (AnaliseGuide's fields). */
type AnalysedGuideGlosas = {
  items: ReadonlyArray<{ glosas: ReadonlyArray<{ code: string; cents: number }> }>;
  /** motivoGlosaGuia: codes of the whole guide, without amounts. */
  glosas: ReadonlyArray<{ code: string }>;
  glosaCents: number | null;
  informedCents: number;
  releasedCents: number;
};

/**
 * The glosas an analysed guide posts, one per TISS code, largest first (ties by code):
 * - the lines' glosas (relacaoGlosa), summed per code;
 * - when the lines carry none but the guide has a glosa amount (valorGlosaGuia, else informed − released), that
 *   amount under the guide's first code (motivoGlosaGuia; its other codes are named in the glosa's note), or with no
 *   code when the plan gave none.
 * Zero and negative amounts post nothing.
 */
export function glosasToPost(guide: AnalysedGuideGlosas): { glosas: GlosaToPost[]; otherCodes: string[] } {
  const byCode = new Map<string, number>();
  for (const item of guide.items) for (const glosa of item.glosas) byCode.set(glosa.code, (byCode.get(glosa.code) ?? 0) + glosa.cents);
  const fromLines = [...byCode].filter(([, cents]) => cents > 0);
  if (fromLines.length > 0) {
    const glosas = fromLines.map(([code, cents]) => ({ code, cents })).sort((a, b) => b.cents - a.cents || a.code.localeCompare(b.code));
    return { glosas, otherCodes: [] };
  }
  const amount = guide.glosaCents ?? guide.informedCents - guide.releasedCents;
  if (amount <= 0) return { glosas: [], otherCodes: [] };
  const [first, ...others] = guide.glosas.map((glosa) => glosa.code);
  return { glosas: [{ code: first ?? null, cents: amount }], otherCodes: others };
}
