/**
 * Pure texts of a plan's statement read back (issue 38; openapi TissStatementFile): a statement's heading, the
 * 'Já importado em' notice, what the import posts on a guide (its receipts and glosas, one line each), a statement's
 * totals line and the import's toast. No IO, no React: 'Importar demonstrativo' and the imported list share them.
 */
import { formatCnpj } from '../../../machines/rules/cnpj';
import { plural } from '../../../machines/rules/plural';
import type { TissStatement, TissStatementFile, TissStatementGuide, TissStatementSummary } from '../../api/tiss';
import { formatDate, saoPauloDate } from '../format/date';
import { formatBRL } from '../format/money';
import { fill } from '../i18n/pt-BR';
import { tissTexts } from '../i18n/tiss';

const T = tissTexts.statements;
const money = (cents: number) => formatBRL(cents / 100);

/** A datetime's São Paulo day as dd/mm/aaaa. */
export const dayOfMoment = (iso: string) => formatDate(saoPauloDate(iso));

/**
 * 'Demonstrativo de análise de conta nº X' / 'Demonstrativo de pagamento nº X' / 'Repasse de <payer> de dd/mm/aaaa'
 * (a repasse's number is its file's SHA-256: not a name to read).
 */
export function statementHeading(statement: Pick<TissStatement, 'kind' | 'number' | 'issued_on'>, payer: string): string {
  return fill(T.heading[statement.kind], { number: statement.number, payer, date: formatDate(statement.issued_on) });
}

/** The line under a statement's heading: 'Plano · Emitido em dd/mm/aaaa', or the repasse's payer and its CNPJ. */
export function statementByline(statement: Pick<TissStatement, 'kind' | 'issued_on'>, payer: string, document: string | null): string {
  if (statement.kind === 'repasse') return document ? `${payer} · CNPJ ${formatCnpj(document)}` : payer;
  return `${payer} · ${fill(T.issued, { date: formatDate(statement.issued_on) })}`;
}

/** 'Já importado em dd/mm/aaaa: nada será lançado de novo.', or null for a statement not imported yet. */
export function importedNotice(statement: Pick<TissStatement, 'imported_at'>): string | null {
  return statement.imported_at ? fill(T.alreadyImported, { date: dayOfMoment(statement.imported_at) }) : null;
}

/**
 * What the import posts on `guide`: 'Recebimento R$ x em dd/mm/aaaa' (', retenções R$ y' when taxes were withheld),
 * then 'Glosa R$ x · CODE descrição' (the plan's note after a dash); empty when it posts nothing.
 */
export function postLines(guide: Pick<TissStatementGuide, 'receipts' | 'glosas'>): string[] {
  const receipts = guide.receipts.map((receipt) => {
    const line = fill(T.receipt, { amount: money(receipt.amount_cents), date: formatDate(receipt.received_on) });
    const withheld = receipt.withholding_cents > 0 ? `${line}, ${fill(T.withholding, { amount: money(receipt.withholding_cents) })}` : line;
    return receipt.note ? `${withheld} (${receipt.note})` : withheld;
  });
  const glosas = guide.glosas.map((glosa) => {
    const description = glosa.code && !glosa.description.startsWith(glosa.code) ? `${glosa.code} ${glosa.description}` : glosa.description;
    const reason = glosa.note ? `${description} — ${glosa.note}` : description;
    return fill(T.glosa, { amount: money(glosa.amount_cents), reason });
  });
  return [...receipts, ...glosas];
}

type Totals = TissStatement['totals'];

/** 'N guias · M sem cirurgia · recebimentos R$ … · glosas R$ …'. */
export function totalsText(totals: Totals): string {
  return fill(T.totals, {
    guides: plural(totals.guides, T.guideCount),
    unmatched: totals.unmatched,
    receipts: money(totals.receipts_cents),
    glosas: money(totals.glosas_cents),
  });
}

/** The import's toast: 'Demonstrativo importado: ' (a repasse's 'Repasse importado: ') and the totals of every statement of the file together. */
export function importedToast(file: Pick<TissStatementFile, 'statements'> & Partial<Pick<TissStatementFile, 'kind'>>): string {
  const totals = file.statements.reduce<Totals>(
    (sum, { totals: each }) => ({
      guides: sum.guides + each.guides,
      unmatched: sum.unmatched + each.unmatched,
      receipts_cents: sum.receipts_cents + each.receipts_cents,
      glosas_cents: sum.glosas_cents + each.glosas_cents,
    }),
    { guides: 0, unmatched: 0, receipts_cents: 0, glosas_cents: 0 },
  );
  return fill(file.kind === 'repasse' ? T.repasse.imported : T.imported, { totals: totalsText(totals) });
}

/**
 * The name of the action opening an imported statement: 'Ver o que o demonstrativo N lançou', or for a repasse (whose
 * number is its file's SHA-256) 'Ver o que o repasse de <payer> de dd/mm/aaaa lançou'.
 */
export function detailLabel(statement: Pick<TissStatementSummary, 'kind' | 'number' | 'issued_on' | 'payer_name'>): string {
  return statement.kind === 'repasse'
    ? fill(T.repasse.detailOpen, { payer: statement.payer_name, date: formatDate(statement.issued_on) })
    : fill(T.detail.open, { number: statement.number });
}

/** Whether importing the file would post nothing new: every statement in it was imported before. */
export function allImported(file: Pick<TissStatementFile, 'statements'>): boolean {
  return file.statements.length > 0 && file.statements.every((statement) => statement.imported_at !== null);
}
