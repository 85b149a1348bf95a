import type { ReceiptPayer } from './constants';

/**
 * The income, for the accountant (issue 38 item 5; docs/LEDGER.md "Relatório para o contador"), pure: the receipt's
 * form (SPA), its schema (machines/ledger/ledgerSchemas.ts) and the tests read the same rules. Money in integer
 * centavos.
 *
 * - A receipt's `amount_cents` is the gross: what settles the fee (the ledger and the dashboard read it as before).
 * - The payer may have withheld taxes at source: IRRF, ISS and PIS/COFINS/CSLL (one amount for the three, as the
 *   payers' statements and the DIRF/EFD-Reinf group them), each ≥ 0, their sum ≤ the gross.
 * - The net deposited is gross − withholdings: computed wherever it is shown, never stored.
 * - Who paid decides the report's half: a patient (particular) is a person (pessoa física, the carnê-leão; his CPF is
 *   the patient's record's); every other payer (plan, hospital, cooperative, other) is a company (pessoa jurídica,
 *   with its CNPJ). A person withholds nothing at source, so a patient's receipt carries no withholding, and the
 *   CNPJ is typed only for a company.
 */

/** The report's halves: receipts from persons (PF) and from companies (PJ). */
const INCOME_KINDS = ['pf', 'pj'] as const;
type IncomeKind = (typeof INCOME_KINDS)[number];

export const INCOME_KIND_LABELS: Record<IncomeKind, string> = {
  pf: 'Pessoa física (carnê-leão)',
  pj: 'Pessoa jurídica',
};

/** The withholdings of a receipt, each in centavos. */
type Withholdings = { irrf_cents: number; iss_cents: number; pis_cofins_csll_cents: number };

export const WITHHOLDING_FIELDS = ['irrf_cents', 'iss_cents', 'pis_cofins_csll_cents'] as const;

export const WITHHOLDING_LABELS: Record<(typeof WITHHOLDING_FIELDS)[number], string> = {
  irrf_cents: 'IRRF',
  iss_cents: 'ISS',
  pis_cofins_csll_cents: 'PIS/COFINS/CSLL',
};

export const INCOME_RULE_MESSAGES = {
  invalidWithholding: (label: string) => `Valor de ${label} inválido: informe um valor de R$ 0,00 até o valor bruto.`,
  withholdingsAboveGross: 'As retenções somadas não podem passar do valor bruto recebido.',
  personWithholds: 'Paciente (particular) não retém impostos na fonte: deixe as retenções em zero.',
  personDocument: 'O CPF do paciente vem do cadastro dele: o CNPJ só se informa quando quem pagou é uma empresa.',
} as const;

/** The half of the report a receipt of `payer` falls in. */
export function incomeKindOf(payer: ReceiptPayer): IncomeKind {
  return payer === 'particular' ? 'pf' : 'pj';
}

/** The sum of the withholdings. */
export function withheldCents(withholdings: Withholdings): number {
  return withholdings.irrf_cents + withholdings.iss_cents + withholdings.pis_cofins_csll_cents;
}

/** The net deposited: gross − withholdings. */
export function netCents(grossCents: number, withholdings: Withholdings): number {
  return grossCents - withheldCents(withholdings);
}

/**
 * What is wrong with a receipt's withholdings against its gross and payer (each amount already a whole number of
 * centavos ≥ 0), as `{ field, message }`: a patient's receipt with a withholding, or withholdings above the gross.
 */
export function withholdingProblems(
  receipt: { amount_cents: number; payer: ReceiptPayer } & Withholdings,
): Array<{ field: (typeof WITHHOLDING_FIELDS)[number]; message: string }> {
  const withheld = withheldCents(receipt);
  if (withheld === 0) return [];
  const field = WITHHOLDING_FIELDS.find((name) => receipt[name] > 0) ?? 'irrf_cents';
  if (incomeKindOf(receipt.payer) === 'pf') return [{ field, message: INCOME_RULE_MESSAGES.personWithholds }];
  if (withheld > receipt.amount_cents) return [{ field, message: INCOME_RULE_MESSAGES.withholdingsAboveGross }];
  return [];
}
