/**
 * Pure helpers of the TISS screens (issue 37): the factor typed as '1,00' ↔ hundredths, a line's total as the
 * server computes it, the guide form's payload, the unbatched guides grouped by plan, a lot's or an appeal's status
 * line and the glosas an appeal may contest. No IO, no React: the case's guide panel and /tiss-lots share them.
 */
import { lineTotalCents } from '../../../machines/tiss/guideRules';
import { formatDate } from '../format/date';
import { fill } from '../i18n/pt-BR';
import { tissTexts } from '../i18n/tiss';

/** 100 → '1,00'; 70 → '0,70'. */
export function factorText(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  return `${whole},${String(hundredths % 100).padStart(2, '0')}`;
}

/**
 * '1,00', '0,7', '1.5', '1' → hundredths (100, 70, 150, 100); null when it is not a number with at most two
 * decimals. Bounds (0,01–9,99) are the schema's to say (its message names them).
 */
export function factorHundredthsOf(text: string): number | null {
  const match = /^\s*(\d{1,3})(?:[.,](\d{0,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A line's total (quantity × unit × factor, rounded to the centavo as the server does), or null when one is unknown. */
export function lineTotal(quantity: string, unitCents: number | null, factor: string): number | null {
  const count = /^\d{1,3}$/.test(quantity.trim()) ? Number(quantity) : null;
  const hundredths = factorHundredthsOf(factor);
  if (count === null || unitCents === null || hundredths === null) return null;
  return lineTotalCents(unitCents, count, hundredths);
}

/** One procedure line as the form holds it (typed text; the unit in reais as the money field keeps it). */
type GuideLineValues = { quantity: string; unit: number | null; factor: string; access_route: string; technique: string };
export type GuideFormValues = { lines: GuideLineValues[]; note: string; hospital_cnpj: string; hospital_cnes: string };

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());
const reaisToCents = (reais: number) => Math.round(reais * 100);

/**
 * PUT …/tiss_guide/'s body from the form: texts that are not numbers are sent as 0 (the schema then names the field
 * with its own message), blanks as null.
 */
export function guidePayloadOf(values: GuideFormValues) {
  return {
    lines: values.lines.map((line) => ({
      quantity: /^\d{1,4}$/.test(line.quantity.trim()) ? Number(line.quantity) : 0,
      unit_cents: line.unit === null ? null : reaisToCents(line.unit),
      factor_hundredths: factorHundredthsOf(line.factor) ?? 0,
      access_route: blankToNull(line.access_route) as '1' | '2' | '3' | null,
      technique: blankToNull(line.technique) as '1' | '2' | '3' | null,
    })),
    note: blankToNull(values.note),
    hospital_cnpj: blankToNull(values.hospital_cnpj),
    hospital_cnes: blankToNull(values.hospital_cnes),
  };
}

/** Guides of several plans, grouped by plan in the order first met (each group keeps the guides' order). */
export function groupByPlan<G extends { plan: number }>(guides: readonly G[]): { plan: number; guides: G[] }[] {
  const groups = new Map<number, G[]>();
  for (const guide of guides) {
    const group = groups.get(guide.plan);
    if (group) group.push(guide);
    else groups.set(guide.plan, [guide]);
  }
  return [...groups].map(([plan, list]) => ({ plan, guides: list }));
}

/** 'Não enviado', or 'Enviado em 12/03/2026 · protocolo 123456'. */
export function sentStatusText(item: { sent_on: string | null; protocol: string | null }): string {
  if (!item.sent_on) return tissTexts.status.unsent;
  return fill(tissTexts.status.sent, { date: formatDate(item.sent_on), protocol: item.protocol ?? '' });
}

/** The glosa fields an appeal reads. */
type GlosaLike = { id: number; reason_code: string | null; appeal_outcome: string | null };

/** The glosas an appeal may contest: with a TISS code, without an outcome and in no other appeal. */
export function appealableGlosas<G extends GlosaLike>(glosas: readonly G[], appealed: ReadonlySet<number>): G[] {
  return glosas.filter((glosa) => Boolean(glosa.reason_code) && glosa.appeal_outcome === null && !appealed.has(glosa.id));
}
