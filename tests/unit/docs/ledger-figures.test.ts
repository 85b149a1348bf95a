import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { dashboardTexts } from '../../../src/lib/i18n/dashboard';
import { homeTexts } from '../../../src/lib/i18n/home';

/**
 * Issue 33 item 15: "One definition of each figure, named once". docs/LEDGER.md's "The figures, one definition each"
 * states each money figure once; this checks that table against the screens' labels and the contract's fields, so a
 * figure renamed on a screen, defined twice or left out of the table is noticed.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const ledgerDoc = readFileSync(join(root, 'docs', 'LEDGER.md'), 'utf8');

type FigureRow = { labels: string[]; fields: string[] };

/** The rows of the figures table: the bold labels of the first column and the backticked fields of the second. */
function figureRows(markdown: string): FigureRow[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('The figures, one definition each'));
  if (!section) return [];
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| figure') && !line.startsWith('|---'))
    .map((line) => {
      const [, figure = '', api = ''] = line.split('|');
      return {
        labels: [...figure.matchAll(/\*\*([^*]+)\*\*/g)].map((match) => match[1]!),
        fields: [...api.matchAll(/`([a-z_.*]+)`/g)].map((match) => match[1]!),
      };
    });
}

/** The money figures the home's 'Resumo' and the dashboard's widgets show, each with the field that carries it. */
const SCREEN_FIGURES: Array<[label: string, field: string]> = [
  [homeTexts.summary.feesToReceive, 'fees_payments_month'],
  [homeTexts.summary.open, 'open_amount'],
  [homeTexts.summary.receivedMonth, 'payment_done_month'],
  [dashboardTexts.widgets.expected, 'pending_surgery_value'],
  [dashboardTexts.widgets.received, 'payment_done'],
];

describe("docs/LEDGER.md's figures: one definition of each, named as the screens name it (issue 33 item 15)", () => {
  const rows = figureRows(ledgerDoc);

  it('defines each money figure of the home and the dashboard in exactly one row, under its screen label and its field', () => {
    for (const [label, field] of SCREEN_FIGURES) {
      const holding = rows.filter((row) => row.labels.includes(label));
      expect(holding, `'${label}' is not defined exactly once`).toHaveLength(1);
      expect(holding[0]!.fields, `'${label}' is defined without its field ${field}`).toContain(field);
    }
  });

  it('names no field in two rows', () => {
    const fields = rows.flatMap((row) => row.fields);
    expect(fields.length).toBeGreaterThanOrEqual(SCREEN_FIGURES.length);
    expect(new Set(fields).size, 'a field is defined twice').toBe(fields.length);
  });

  it("names fields the contract's Dashboard data carries", () => {
    const contract = parse(readFileSync(join(root, 'openapi', 'openapi.yaml'), 'utf8')) as {
      components: { schemas: { Dashboard: { properties: { data: { properties: Record<string, unknown> } } } } };
    };
    const dataFields = Object.keys(contract.components.schemas.Dashboard.properties.data.properties);
    for (const [, field] of SCREEN_FIGURES) expect(dataFields).toContain(field);
  });

  it('would notice a figure defined twice or missing', () => {
    const row = ledgerDoc.split('\n').find((line) => line.startsWith('| **Em aberto (R$)**'))!;
    expect(row).toBeDefined();
    const twice = figureRows(ledgerDoc.replace(row, `${row}\n${row}`));
    expect(twice.filter((each) => each.labels.includes('Em aberto (R$)'))).toHaveLength(2);
    const missing = figureRows(ledgerDoc.replace(row, ''));
    expect(missing.filter((each) => each.labels.includes('Em aberto (R$)'))).toHaveLength(0);
  });
});
