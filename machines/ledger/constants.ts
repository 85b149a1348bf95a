/**
 * The fee ledger's value lists and constants (issue 14; DECISIONS §16). The enums are also the database's
 * (server/db/schema/enums.ts). Money is integer centavos everywhere in the ledger: in the database (bigint), in the
 * API (`*_cents` fields) and in every computation; only the screens format it as reais.
 */

/** Who paid a receipt. */
export const RECEIPT_PAYERS = ['plano_saude', 'hospital', 'particular', 'coop', 'outro'] as const;
export type ReceiptPayer = (typeof RECEIPT_PAYERS)[number];

export const RECEIPT_PAYER_LABELS: Record<ReceiptPayer, string> = {
  plano_saude: 'Plano de Saúde',
  hospital: 'Hospital',
  particular: 'Paciente (particular)',
  coop: 'Cooperativa',
  outro: 'Outro',
};

/** The outcome of a glosa's appeal (recurso). No outcome (null) = not appealed yet, or appealed and waiting. */
export const APPEAL_OUTCOMES = ['revertida', 'mantida', 'parcial'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

export const APPEAL_OUTCOME_LABELS: Record<AppealOutcome, string> = {
  revertida: 'Revertida',
  mantida: 'Mantida',
  parcial: 'Parcialmente revertida',
};

/** What the difference left when a case is concluded below its expected fee is: a glosa, or a loss (baixa). */
export const SETTLEMENTS = ['glosa', 'perda'] as const;
export type Settlement = (typeof SETTLEMENTS)[number];


/** Whose payment term a case's due date follows. */
export const PAYMENT_TERM_PAYERS = ['plano', 'hospital'] as const;

/** The payment term (days from billing to the due date) when the payer has none configured. */
export const DEFAULT_PAYMENT_TERM_DAYS = 30;
export const MAX_PAYMENT_TERM_DAYS = 365;

/** The default appeal deadline of a new glosa: days after the glosa's date (the form proposes it; editable). */
export const DEFAULT_APPEAL_DAYS = 30;

/** An appeal deadline this many days away or fewer (or passed, not filed) is flagged on the homes. */
export const APPEAL_WARNING_DAYS = 7;

/** The largest amount one receipt or glosa may carry: R$ 10.000.000,00, far above any surgeon's fee. */
export const MAX_LEDGER_CENTS = 1_000_000_000;

/** The glosa's reason when the difference at conclusion is recorded as one. */
export const SETTLEMENT_GLOSA_REASON = 'Diferença na conclusão do pagamento';

/**
 * Receivables aging buckets by days past due (today − due date, São Paulo days). Not yet due (≤ 0) counts in the
 * first bucket: 0–30 means "up to 30 days past due".
 */
export const AGING_BUCKETS = ['d0_30', 'd31_60', 'd61_90', 'd90_plus'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  d0_30: '0–30 dias',
  d31_60: '31–60 dias',
  d61_90: '61–90 dias',
  d90_plus: 'Mais de 90 dias',
};

/** The bucket of a number of days past due (the SQL's CASE is the same; tests compare both). */
export function agingBucketOf(daysPastDue: number): AgingBucket {
  if (daysPastDue <= 30) return 'd0_30';
  if (daysPastDue <= 60) return 'd31_60';
  if (daysPastDue <= 90) return 'd61_90';
  return 'd90_plus';
}

/**
 * The 'Dias em atraso' of a receivable as the 'A receber' screen and its CSV both say it: the days past due when
 * positive, 'A vencer' up to and on the due day (0 or fewer), 'Sem vencimento' without a due date.
 */
export function daysPastDueText(daysPastDue: number | null): string {
  if (daysPastDue === null) return 'Sem vencimento';
  return daysPastDue <= 0 ? 'A vencer' : String(daysPastDue);
}

/** The dashboard's periods (kept in the URL as `period`, with `from`/`to` for 'custom'). */
export const DASHBOARD_PERIODS = ['this_month', 'last_3_months', 'this_year', 'last_12_months', 'custom', 'all'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export const DASHBOARD_PERIOD_LABELS: Record<DashboardPeriod, string> = {
  this_month: 'Este mês',
  last_3_months: 'Últimos 3 meses',
  this_year: 'Este ano',
  last_12_months: 'Últimos 12 meses',
  custom: 'Personalizado',
  all: 'Todo o período',
};

/** The bucket options of the screen's 'Faixa' filter, in order. */
export const AGING_BUCKET_OPTIONS = AGING_BUCKETS.map((value) => ({ value, label: AGING_BUCKET_LABELS[value] }));

/** The longest `payer` filter of 'A receber' accepted (plans' fantasy names are far shorter). */
export const RECEIVABLES_PAYER_MAX_LENGTH = 200;
