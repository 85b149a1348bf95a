/**
 * The dashboard's chart colours (SPEC §2, §9: "five fixed chart colours, then random ones"). The five fixed ones are
 * the product's teal and four hues far from it and from each other, each dark enough to keep at least 3:1 against
 * the white card (WCAG 1.4.11 for graphics). After them the colours are generated, not random, so a chart looks the
 * same on every visit: golden-angle steps around the hue circle (each new hue lands in the largest gap left by the
 * previous ones), alternating two lightnesses so that neighbours differ in brightness too.
 */

export const FIXED_CHART_COLORS = ['#0B6670', '#B8650A', '#3E6FB0', '#B23A48', '#7B4FA0'] as const;

/** 360° × (1 − 1/φ): consecutive hues never bunch up. */
const GOLDEN_ANGLE = 137.508;
/** Where the generated hues start: away from the fixed teal (≈186°). */
const FIRST_GENERATED_HUE = 30;

/** The colour of the `index`-th series of a chart (0-based): a fixed one for the first five, then a generated one. */
export function chartColor(index: number): string {
  if (index < FIXED_CHART_COLORS.length) return FIXED_CHART_COLORS[index]!;
  const step = index - FIXED_CHART_COLORS.length;
  const hue = (FIRST_GENERATED_HUE + step * GOLDEN_ANGLE) % 360;
  const lightness = step % 2 === 0 ? 38 : 48;
  return `hsl(${hue.toFixed(1)}, 58%, ${lightness}%)`;
}

/**
 * One colour per distinct name, in order of first appearance. Given the names of both series of a chart pair
 * ('Previstas' and 'Realizadas'), the same convênio, hospital or procedure gets the same colour in both.
 */
export function colorsByName(names: readonly string[]): Map<string, string> {
  const colors = new Map<string, string>();
  for (const name of names) {
    if (!colors.has(name)) colors.set(name, chartColor(colors.size));
  }
  return colors;
}
