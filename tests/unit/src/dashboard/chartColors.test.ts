import { describe, expect, it } from 'vitest';
import { chartColor, colorsByName, FIXED_CHART_COLORS } from '../../../../src/features/dashboard/chartColors';

/** Hue (degrees) of an `hsl(h, s%, l%)` colour. */
function hueOf(color: string): number {
  const match = color.match(/^hsl\(([\d.]+), /);
  if (!match) throw new Error(`not an hsl colour: ${color}`);
  return Number(match[1]);
}

function hueDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return Math.min(d, 360 - d);
}

describe('chartColor', () => {
  it('uses the five fixed colours first, in order', () => {
    expect(FIXED_CHART_COLORS).toHaveLength(5);
    expect([0, 1, 2, 3, 4].map(chartColor)).toEqual([...FIXED_CHART_COLORS]);
  });

  it('generates further colours, the same ones on every call', () => {
    const first = Array.from({ length: 40 }, (_, i) => chartColor(i));
    const second = Array.from({ length: 40 }, (_, i) => chartColor(i));
    expect(first).toEqual(second);
    expect(first[5]).toMatch(/^hsl\(/);
  });

  it('never repeats a colour over a long list', () => {
    const colors = Array.from({ length: 60 }, (_, i) => chartColor(i));
    expect(new Set(colors).size).toBe(60);
  });

  it('keeps consecutive generated hues far apart (golden angle)', () => {
    for (let i = 5; i < 40; i += 1) {
      expect(hueDistance(hueOf(chartColor(i)), hueOf(chartColor(i + 1)))).toBeGreaterThan(80);
    }
  });

  it('spreads the first generated hues over the whole circle', () => {
    const hues = Array.from({ length: 8 }, (_, i) => hueOf(chartColor(5 + i))).sort((a, b) => a - b);
    const gaps = hues.map((hue, i) => (i === 0 ? hue + 360 - hues.at(-1)! : hue - hues[i - 1]!));
    expect(Math.max(...gaps)).toBeLessThan(90);
  });
});

describe('colorsByName', () => {
  it('gives each distinct name one colour, by first appearance', () => {
    const colors = colorsByName(['Unimed', 'Amil', 'Unimed', 'Bradesco']);
    expect([...colors.entries()]).toEqual([
      ['Unimed', chartColor(0)],
      ['Amil', chartColor(1)],
      ['Bradesco', chartColor(2)],
    ]);
  });
});
