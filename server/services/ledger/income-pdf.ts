import { formatCents } from '../../../machines/ledger/ledgerRules';
import { INCOME_SHEET_TEXTS as T, fillSheetText, incomeMonthTitle, incomeSheetTitle } from '../../../machines/ledger/incomeSheet';
import { isoToBrDate } from '../../../machines/patientWizard/patientFields';
import { formatCnpj } from '../../../machines/rules/cnpj';
import { formatCpf } from '../../../machines/rules/cpf';
import { A4, fitText, PdfDocument, wrapText, type PdfFont, type PdfPage } from '../pdf/simple-pdf';
import type { IncomeReport } from './income-report';

/**
 * 'Relatório para o contador' as a printable PDF (issue 38 item 5; docs/LEDGER.md; openapi exportIncomeReportPdf): the
 * sheet the page shows (src/features/income/IncomeReportPage.tsx), with its labels (machines/ledger/incomeSheet.ts),
 * on A4 portrait. Per month: the persons' receipts (date, patient, CPF, amount) and their total, the companies (CNPJ,
 * name, gross, IRRF, ISS, PIS/COFINS/CSLL, net) and their total, and the month's totals; a year's report ends with
 * the year's totals. Money as formatCents writes it. A table split by a page break repeats its header on the next
 * page; every page ends with 'Página X de Y'.
 */

type Totals = IncomeReport['totals']['all'];
type Month = IncomeReport['months'][number];

const PRODUCER = 'Cirurgias (relatório para o contador)';
const FOOTER_PAGE = 'Página {page} de {pages}';

const MARGIN = 40;
const LEFT = MARGIN;
const RIGHT = A4.width - MARGIN;
const TOP = A4.height - MARGIN;
/** The footer's baseline; the content stops above it. */
const FOOTER_Y = MARGIN - 14;
const BOTTOM = MARGIN + 6;

const SIZE = { title: 16, subtitle: 12, month: 11.5, section: 10, cell: 8, footer: 8 } as const;
const ROW = 13;
/** The distance between the lines of a cell that wraps. */
const LINE = 9.5;
/** The most lines a cell wraps to (a longer text ends with '…'). */
const MAX_LINES = 3;
/** A cell's inner padding (left and right). */
const PAD = 3;

/** A table column: its width (points), alignment and header. */
type Column = { header: string; width: number; align: 'left' | 'right' };
/** A row: its cells, the first spanning `span` columns (a total's label, as the page's colSpan). */
type Row = { cells: string[]; font?: PdfFont; rule?: boolean; span?: number };

const moneyColumns = (width: number): Column[] =>
  [T.gross, T.irrf, T.iss, T.pisCofinsCsll, T.net].map((header) => ({ header, width, align: 'right' as const }));

const CONTENT = RIGHT - LEFT;
/** A money column fits 'R$ 9.999.999,99' in the cell's size. */
const MONEY_WIDTH = 68;
/** The persons' table: Data, Paciente, CPF, Valor. */
const PERSON_COLUMNS: Column[] = [
  { header: T.date, width: 62, align: 'left' },
  { header: T.patient, width: CONTENT - 62 - 90 - MONEY_WIDTH, align: 'left' },
  { header: T.cpf, width: 90, align: 'left' },
  { header: T.amount, width: MONEY_WIDTH, align: 'right' },
];
/** The companies' table: CNPJ, Empresa and the five money columns. */
const COMPANY_COLUMNS: Column[] = [
  { header: T.cnpj, width: 80, align: 'left' },
  { header: T.company, width: CONTENT - 80 - 5 * MONEY_WIDTH, align: 'left' },
  ...moneyColumns(MONEY_WIDTH),
];
/** The totals' table: Origem, Recebimentos and the five money columns. */
const TOTAL_COLUMNS: Column[] = [
  { header: T.kind, width: CONTENT - 64 - 5 * MONEY_WIDTH, align: 'left' },
  { header: T.receipts, width: 64, align: 'right' },
  ...moneyColumns(MONEY_WIDTH),
];

const moneyCells = (total: Totals) =>
  [total.gross_cents, total.irrf_cents, total.iss_cents, total.pis_cofins_csll_cents, total.net_cents].map(formatCents);

/** Lays the sheet out from the top of the first page, breaking pages as it goes. */
class Layout {
  readonly doc: PdfDocument;
  private page!: PdfPage;
  private y = 0;

  constructor(title: string) {
    this.doc = new PdfDocument({ title, producer: PRODUCER });
    this.newPage();
  }

  private newPage() {
    this.page = this.doc.addPage();
    this.y = TOP;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  private room(height: number) {
    if (this.y - height < BOTTOM) this.newPage();
  }

  /** A bold title after `gapBefore` points; `keepWith` points of what follows stay on its page (no title left alone). */
  heading(text: string, size: number, gapBefore: number, keepWith = 0) {
    this.room(gapBefore + size + keepWith);
    if (this.y !== TOP) this.y -= gapBefore;
    this.y -= size;
    this.page.text(LEFT, this.y, text, { font: 'bold', size });
    this.y -= size * 0.5;
  }

  /** A line of text (the short notes: 'Nenhum recebimento…'). */
  paragraph(text: string) {
    this.room(ROW);
    this.y -= ROW;
    this.page.text(LEFT, this.y + 3, text, { size: SIZE.cell });
  }

  /** A row's cells, each wrapped in its column, and the row's height. */
  private laidOut(columns: Column[], { cells, font = 'regular', span = 1 }: Row) {
    const boxes: Array<{ x: number; width: number; align: Column['align']; lines: string[] }> = [];
    let x = LEFT;
    for (let index = 0, cell = 0; index < columns.length; cell++) {
      const taken = columns.slice(index, index + (cell === 0 ? span : 1));
      const width = taken.reduce((sum, column) => sum + column.width, 0);
      const align = taken.at(-1)!.align;
      boxes.push({ x, width, align, lines: wrapText(cells[cell] ?? '', font, SIZE.cell, width - 2 * PAD, MAX_LINES) });
      x += width;
      index += taken.length;
    }
    return { boxes, height: ROW + (Math.max(...boxes.map((box) => box.lines.length)) - 1) * LINE };
  }

  private header(columns: Column[]) {
    const row = { cells: columns.map((column) => column.header), font: 'bold' as const };
    const { height } = this.laidOut(columns, row);
    this.page.rect(LEFT, this.y - height, CONTENT, height, 0.9);
    this.row(columns, row);
  }

  private row(columns: Column[], row: Row) {
    const { boxes, height } = this.laidOut(columns, row);
    if (row.rule) this.page.line(LEFT, this.y, RIGHT, this.y, 1);
    for (const { x, width, align, lines } of boxes) {
      const at = align === 'right' ? x + width - PAD : x + PAD;
      for (const [line, text] of lines.entries()) {
        this.page.text(at, this.y - ROW + 4 - line * LINE, text, { font: row.font ?? 'regular', size: SIZE.cell, align });
      }
    }
    this.y -= height;
    this.page.line(LEFT, this.y, RIGHT, this.y, 0.4, 0.7);
  }

  /** A table: its header, then its rows; a page break repeats the header. At least a row stays with the header. */
  table(columns: Column[], rows: Row[]) {
    const headerHeight = this.laidOut(columns, { cells: columns.map((column) => column.header), font: 'bold' }).height;
    this.room(headerHeight + (rows[0] ? this.laidOut(columns, rows[0]).height : 0));
    this.header(columns);
    for (const row of rows) {
      if (this.y - this.laidOut(columns, row).height < BOTTOM) {
        this.newPage();
        this.header(columns);
      }
      this.row(columns, row);
    }
    this.y -= ROW * 0.6;
  }

  /** Writes 'Página X de Y' at the foot of every page (the count is known once the layout is done). */
  footers(title: string) {
    const pages = this.doc.pages.length;
    for (const [index, page] of this.doc.pages.entries()) {
      page.line(LEFT, FOOTER_Y + 10, RIGHT, FOOTER_Y + 10, 0.4, 0.7);
      page.text(LEFT, FOOTER_Y, fitText(title, 'regular', SIZE.footer, CONTENT - 100), { size: SIZE.footer });
      page.text(RIGHT, FOOTER_Y, fillSheetText(FOOTER_PAGE, { page: index + 1, pages }), { size: SIZE.footer, align: 'right' });
    }
  }
}

function totalsRows(persons: Totals, companies: Totals, all: Totals, allLabel: string): Row[] {
  return [
    { cells: [T.persons, String(persons.receipts), ...moneyCells(persons)] },
    { cells: [T.companies, String(companies.receipts), ...moneyCells(companies)] },
    { cells: [allLabel, String(all.receipts), ...moneyCells(all)], font: 'bold', rule: true },
  ];
}

function monthSection(layout: Layout, entry: Month) {
  const title = incomeMonthTitle(entry.month);
  // A month's title stays with its first section's title and a row of its table.
  layout.heading(title, SIZE.month, 14, SIZE.section + 3 * ROW);
  layout.heading(T.persons, SIZE.section, 4, 2 * ROW);
  if (entry.persons.receipts.length === 0) layout.paragraph(T.personsEmpty);
  else
    layout.table(PERSON_COLUMNS, [
      ...entry.persons.receipts.map((receipt) => ({
        cells: [isoToBrDate(receipt.received_on), receipt.patient_name, receipt.cpf ? formatCpf(receipt.cpf) : T.noDocument, formatCents(receipt.gross_cents)],
      })),
      { cells: [T.personsTotal, formatCents(entry.persons.total.gross_cents)], font: 'bold', rule: true, span: 3 },
    ]);
  layout.heading(T.companies, SIZE.section, 6, 2 * ROW);
  if (entry.companies.payers.length === 0) layout.paragraph(T.companiesEmpty);
  else
    layout.table(COMPANY_COLUMNS, [
      ...entry.companies.payers.map((payer) => ({ cells: [payer.cnpj ? formatCnpj(payer.cnpj) : T.noDocument, payer.name, ...moneyCells(payer)] })),
      { cells: [T.companiesTotal, ...moneyCells(entry.companies.total)], font: 'bold', rule: true, span: 2 },
    ]);
  layout.table(TOTAL_COLUMNS, totalsRows(entry.persons.total, entry.companies.total, entry.total, T.monthTotal));
}

/** The PDF of `report`: 'Relatório para o contador', the period's heading, the months and (a year's) the year's totals. */
export function incomeReportPdf(report: IncomeReport): Buffer {
  const sheetTitle = incomeSheetTitle(report);
  const title = `${T.title} · ${sheetTitle}`;
  const layout = new Layout(title);
  layout.heading(T.title, SIZE.title, 0);
  layout.heading(sheetTitle, SIZE.subtitle, 4);
  if (report.months.length === 0) layout.paragraph(T.empty);
  for (const entry of report.months) monthSection(layout, entry);
  // A year's report ends with the year's totals (a month's section already holds its month's).
  if (report.month === null) {
    layout.heading(T.yearTotals, SIZE.month, 14, 4 * ROW);
    layout.table(TOTAL_COLUMNS, totalsRows(report.totals.persons, report.totals.companies, report.totals.all, T.total));
  }
  layout.footers(title);
  return layout.doc.toBuffer();
}
