import { formatCents } from '../ledger/ledgerRules';
import type { AnaliseContaStatement, DebitCredit, PagamentoStatement, TissStatementMessage } from './statementTypes';

/**
 * Whether a statement adds up (issue 38's preview: "what differs"): each line's glosas against its processed and
 * released values, each guide against its lines, each protocol against its guides, the statement against its
 * protocols; for a payment, each date's gross against its protocols, its debits and credits against their list, the
 * net against gross − debits + credits, and the statement's totals against its dates. Pure; pt-BR sentences, one per
 * difference, in document order. These are warnings for the preview, not refusals: a plan's file that the XSD
 * accepts is read as it is, and the secretary sees where the plan's own arithmetic is off.
 *
 * A glosa total is accepted when it equals processed − released or informed − released (plans differ on which
 * value they cut from).
 */

/** The compared values, as "a soma …" reads them. */
const VALUE_NAMES = {
  informed: 'do valor apresentado',
  processed: 'do valor processado',
  released: 'do valor liberado',
  debits: 'dos débitos',
  credits: 'dos créditos',
} as const;

type Totals = { informedCents: number; processedCents: number; releasedCents: number };

function sum<T>(items: readonly T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0);
}

function day(iso: string): string {
  const [year, month, date] = iso.split('-');
  return `${date}/${month}/${year}`;
}

class Findings {
  readonly lines: string[] = [];

  /** `where`: the parts' sum of `what` differs from the total written. */
  sumDiffers(where: string, what: keyof typeof VALUE_NAMES, parts: number, total: number): void {
    if (parts !== total) {
      this.lines.push(`${where}: a soma ${VALUE_NAMES[what]} (${formatCents(parts)}) difere do total informado (${formatCents(total)}).`);
    }
  }

  /** The informed, processed and released values of `parts` against `total` (when there are parts). */
  totals(where: string, parts: readonly Totals[], total: Totals): void {
    if (parts.length === 0) return;
    this.sumDiffers(where, 'informed', sum(parts, (part) => part.informedCents), total.informedCents);
    this.sumDiffers(where, 'processed', sum(parts, (part) => part.processedCents), total.processedCents);
    this.sumDiffers(where, 'released', sum(parts, (part) => part.releasedCents), total.releasedCents);
  }

  /** A glosa total against processed − released (or informed − released). */
  glosa(where: string, glosaCents: number | null, values: Totals): void {
    if (glosaCents === null) return;
    if (glosaCents === values.processedCents - values.releasedCents || glosaCents === values.informedCents - values.releasedCents) return;
    this.lines.push(
      `${where}: o valor glosado (${formatCents(glosaCents)}) não confere com o processado menos o liberado (${formatCents(values.processedCents - values.releasedCents)}).`,
    );
  }

  /** Debits and credits of a list against their totals. */
  adjustments(where: string, items: readonly DebitCredit[], debitsCents: number, creditsCents: number): void {
    this.sumDiffers(where, 'debits', sum(items.filter((item) => item.indicator === '1'), (item) => item.cents), debitsCents);
    this.sumDiffers(where, 'credits', sum(items.filter((item) => item.indicator === '2'), (item) => item.cents), creditsCents);
  }

  net(where: string, released: number, debits: number, credits: number, net: number): void {
    if (released - debits + credits !== net) {
      this.lines.push(
        `${where}: o valor líquido (${formatCents(net)}) não confere com o liberado menos os débitos mais os créditos (${formatCents(released - debits + credits)}).`,
      );
    }
  }
}

function checkAnalise(statement: AnaliseContaStatement, findings: Findings): void {
  for (const protocol of statement.protocols) {
    const protocolName = `Protocolo ${protocol.protocolNumber} (lote ${protocol.lotNumber})`;
    for (const guide of protocol.guides) {
      const guideName = `Guia ${guide.providerGuideNumber} (protocolo ${protocol.protocolNumber})`;
      for (const item of guide.items) {
        if (item.glosas.length > 0) findings.glosa(`${guideName}, item ${item.sequence}`, sum(item.glosas, (glosa) => glosa.cents), item);
      }
      findings.totals(`${guideName}, itens`, guide.items, guide);
      findings.glosa(guideName, guide.glosaCents, guide);
    }
    findings.totals(`${protocolName}, guias`, protocol.guides, protocol);
    findings.glosa(protocolName, protocol.glosaCents, protocol);
  }
  const name = `Demonstrativo ${statement.header.statementNumber}`;
  findings.totals(`${name}, protocolos`, statement.protocols, statement);
  findings.glosa(name, statement.glosaCents, statement);
}

function checkPagamento(statement: PagamentoStatement, findings: Findings): void {
  for (const payment of statement.payments) {
    const dateName = `Pagamento de ${day(payment.payment.paidOn)}`;
    for (const protocol of payment.protocols) {
      const protocolName = `${dateName}, protocolo ${protocol.protocolNumber} (lote ${protocol.lotNumber})`;
      findings.sumDiffers(`${protocolName}, guias`, 'processed', sum(protocol.guides, (guide) => guide.processedCents), protocol.processedCents);
      findings.sumDiffers(`${protocolName}, guias`, 'released', sum(protocol.guides, (guide) => guide.releasedCents), protocol.releasedCents);
      for (const guide of protocol.guides) findings.glosa(`${protocolName}, guia ${guide.providerGuideNumber}`, guide.glosaCents, { ...guide, informedCents: guide.processedCents });
      findings.glosa(protocolName, protocol.glosaCents, protocol);
    }
    const gross = { informedCents: payment.grossInformedCents, processedCents: payment.grossProcessedCents, releasedCents: payment.grossReleasedCents };
    findings.totals(`${dateName}, protocolos`, payment.protocols, gross);
    findings.glosa(dateName, payment.grossGlosaCents, gross);
    findings.adjustments(dateName, payment.debitsCredits, payment.debitsCents, payment.creditsCents);
    findings.net(dateName, payment.grossReleasedCents, payment.debitsCents, payment.creditsCents, payment.netCents);
  }
  const name = `Demonstrativo ${statement.header.statementNumber}`;
  const gross = { informedCents: statement.grossInformedCents, processedCents: statement.grossProcessedCents, releasedCents: statement.grossReleasedCents };
  const dates = statement.payments.map((payment) => ({ informedCents: payment.grossInformedCents, processedCents: payment.grossProcessedCents, releasedCents: payment.grossReleasedCents }));
  findings.totals(`${name}, datas de pagamento`, dates, gross);
  findings.glosa(name, statement.grossGlosaCents, gross);
  const statementDebits = sum(statement.debitsCredits.filter((item) => item.indicator === '1'), (item) => item.cents);
  const statementCredits = sum(statement.debitsCredits.filter((item) => item.indicator === '2'), (item) => item.cents);
  findings.sumDiffers(name, 'debits', sum(statement.payments, (payment) => payment.debitsCents) + statementDebits, statement.debitsCents);
  findings.sumDiffers(name, 'credits', sum(statement.payments, (payment) => payment.creditsCents) + statementCredits, statement.creditsCents);
  findings.net(name, statement.grossReleasedCents, statement.debitsCents, statement.creditsCents, statement.netCents);
}

/** Every place where `message`'s amounts do not add up, as pt-BR sentences (empty when all do). */
export function statementDiscrepancies(message: TissStatementMessage): string[] {
  const findings = new Findings();
  if (message.kind === 'analiseConta') for (const statement of message.statements) checkAnalise(statement, findings);
  else checkPagamento(message.statement, findings);
  return findings.lines;
}
