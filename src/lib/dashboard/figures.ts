/**
 * Pure helpers of /all-data: the four widget figures (SPEC §2 Dashboard, read as getDashboard's contract describes
 * them) and the text of chart labels. No IO, no React.
 */
import { DASHBOARD_GRAPHS } from '../../../machines/constants';
import { formatBRL } from '../format/money';
import type { Dashboard, DashboardFigures } from '../../api/dashboard';

export type GraphItem = { name: string; value: number };

const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const days = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Whether an answer has the parts the page draws (the figures, the distribution, the eight lists and the lost cases
 * by reason). The contract
 * guarantees it; a body that breaks it (a proxy's page, a half-deployed server) is shown as a failed read instead of
 * breaking the screen.
 */
export function isDashboardShape(value: unknown): value is Dashboard {
  if (!isRecord(value) || !isRecord(value.data) || !isRecord(value.dash_graph)) return false;
  const graph = value.dash_graph;
  return (
    isRecord(value.data.distribution) &&
    DASHBOARD_GRAPHS.every((list) => Array.isArray(graph[list])) &&
    Array.isArray(value.lost_by_reason)
  );
}

/** isDashboardShape and the parts only /all-data draws: the period and the four money views (issue 14). */
export function isAllDataShape(value: unknown): value is Dashboard {
  if (!isDashboardShape(value)) return false;
  const record = value as unknown as Record<string, unknown>;
  const money = record.money;
  return (
    isRecord(record.period) &&
    isRecord(money) &&
    ['aging', 'glosas_by_payer', 'days_to_payment', 'expected_vs_received'].every((list) => Array.isArray(money[list]))
  );
}

/** 'Quantidade de cirurgias': the sum of the distribution over every stage key (SPEC §2). */
export function totalSurgeries(distribution: DashboardFigures['distribution']): number {
  return Object.values(distribution).reduce((sum, count) => sum + count, 0);
}

export function formatCount(value: number): string {
  return integer.format(Number.isFinite(value) ? value : 0);
}

/** Shown for a figure that has no value (no concluded case has no mean time). */
const NO_VALUE = '—';

/**
 * 'Tempo médio (dias/cirurgias)': the mean in days with at most one decimal, e.g. 12.5 → '12,5', 12 → '12'; '—'
 * when there is none (no concluded case: null), never a made-up 0.
 */
export function formatDays(value: number | null): string {
  return value === null || !Number.isFinite(value) ? NO_VALUE : days.format(value);
}

/** A share of a total as a pt-BR percentage ('42,9%'); 0% when the total is zero. */
export function formatShare(value: number, total: number): string {
  return percent.format(total > 0 ? value / total : 0);
}

export type Widget = { key: 'expected' | 'received' | 'surgeries' | 'averageTime'; value: string };

/** The four 'Dados gerais' widgets, in SPEC's order, with their values formatted. */
export function dashboardWidgets(data: DashboardFigures): Widget[] {
  return [
    { key: 'expected', value: formatBRL(data.pending_surgery_value) },
    { key: 'received', value: formatBRL(data.payment_done) },
    { key: 'surgeries', value: formatCount(totalSurgeries(data.distribution)) },
    { key: 'averageTime', value: formatDays(data.middle_time) },
  ];
}

/** The sum of a chart's values. */
export function totalOf(items: readonly GraphItem[]): number {
  return items.reduce((sum, item) => sum + item.value, 0);
}

/**
 * A label cut to at most `maxChars` characters, ending in '…' when cut (the full text stays available as a tooltip
 * and in the chart's text alternative). Whole characters, never half of an accented letter or emoji.
 */
export function truncateLabel(text: string, maxChars: number): string {
  const chars = [...text.trim()];
  if (chars.length <= maxChars) return chars.join('');
  if (maxChars <= 1) return '…';
  return `${chars.slice(0, maxChars - 1).join('').trimEnd()}…`;
}
