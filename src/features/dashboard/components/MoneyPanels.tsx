/**
 * /all-data's money views (issue 14 item 4; DECISIONS §16; openapi Dashboard.money): 'Envelhecimento dos recebíveis'
 * (a stacked bar per payer, one segment per aging bucket), 'Glosas por pagador' (a bar per payer: the amount, with the
 * rate beside it), 'Glosas por motivo' (a bar per TISS reason code: the amount, with the number of glosas), 'Dias até
 * o pagamento' (a bar per payer: the median) and 'Esperado x recebido por mês' (two bars per
 * month). Plain HTML bars (widths in %) and one small SVG, so they fit a phone without measuring; each drawing is
 * hidden from assistive technology and a visually hidden table holds its figures (the text alternative, as the SPEC
 * charts' lists do). An empty view says 'Sem valores no período.' (not SPEC's 'Dados não disponíveis!', which the
 * eight SPEC charts keep for themselves).
 */
import { styled } from 'goober';
import type { DashboardMoney } from '../../../api/dashboard';
import { AGING_BUCKETS, AGING_BUCKET_LABELS, type AgingBucket } from '../../../../machines/ledger/constants';
import { formatRate } from '../../../../machines/ledger/glosaRate';
import { formatCount, formatDays } from '../../../lib/dashboard/figures';
import { longMonth, shortMonth } from '../../../lib/dashboard/period';
import { formatBRL } from '../../../lib/format/money';
import { dashboardMoneyTexts as M } from '../../../lib/i18n/dashboardMoney';
import { fill } from '../../../lib/i18n/pt-BR';
import { colors, fontSizes, fontWeights, radii, space } from '../../../lib/theme';
import { FIXED_CHART_COLORS } from '../chartColors';
import { useElementWidth } from '../useElementWidth';
import { ChartCard, VisuallyHidden } from './ChartCard';
import { StyledBarRow, StyledBarRows, StyledPanelHeading, StyledPanelNote, StyledPanelSection } from './chartLayout';

const T = M.money;

/** The aging buckets from green-ish (recent) to red (oldest): the palette's teal, blue, orange, red (3:1 on white). */
const BUCKET_COLORS: Record<AgingBucket, string> = {
  d0_30: FIXED_CHART_COLORS[0],
  d31_60: FIXED_CHART_COLORS[2],
  d61_90: FIXED_CHART_COLORS[1],
  d90_plus: FIXED_CHART_COLORS[3],
};
const EXPECTED_COLOR = FIXED_CHART_COLORS[2];
const RECEIVED_COLOR = FIXED_CHART_COLORS[0];


const StyledTrack = styled('span')`
  grid-column: 1 / -1;
  display: flex;
  height: 12px;
  border-radius: ${radii.pill};
  background: ${colors.disabled};
  overflow: hidden;
`;

const StyledSegment = styled('span')<{ $width: number; $color: string }>`
  display: block;
  height: 100%;
  width: ${(p) => p.$width}%;
  background: ${(p) => p.$color};
`;

const StyledLegend = styled('ul')`
  display: flex;
  flex-wrap: wrap;
  gap: ${space.xs} ${space.md};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${fontSizes.xs};
  color: ${colors.textMuted};
  & > li { display: inline-flex; align-items: center; gap: ${space.xs}; }
`;

const StyledSwatch = styled('span')<{ $color: string }>`
  display: inline-block;
  width: 10px;
  height: 10px;
  border-radius: 2px;
  background: ${(p) => p.$color};
`;

const StyledMuted = styled('span')`
  font-weight: ${fontWeights.regular};
  color: ${colors.textMuted};
`;

/** Two views side by side when each can have about 420 px (a wide screen), else stacked. */
const StyledGrid = styled('div')`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
  gap: ${space.lg};
  align-items: start;
`;

const StyledPlot = styled('div')`
  width: 100%;
  min-width: 0;
  & > svg { display: block; overflow: visible; }
`;

function Legend({ items }: { items: Array<{ label: string; color: string }> }) {
  return (
    <StyledLegend aria-hidden="true">
      {items.map((item) => (
        <li key={item.label}>
          <StyledSwatch $color={item.color} />
          {item.label}
        </li>
      ))}
    </StyledLegend>
  );
}

/** A chart's figures shown as a small table (the monthly bars on a phone, where bars alone carry no value). */
const StyledValues = styled('div')`
  & > table {
    width: 100%;
    border-collapse: collapse;
    font-size: ${fontSizes.sm};
    font-variant-numeric: tabular-nums;
  }
  & th, & td {
    padding: ${space.xs} ${space.sm};
    border-bottom: 1px solid ${colors.border};
    text-align: right;
    white-space: nowrap;
  }
  & th:first-child { text-align: left; }
  & thead th { font-weight: ${fontWeights.semibold}; color: ${colors.textMuted}; }
  & tbody th { font-weight: ${fontWeights.regular}; }
`;

/** A table of the chart's figures: read by assistive technology only, or shown (`visible`) under the drawing. */
function DataTable({ chart, head, rows, visible = false }: { chart: string; head: string[]; rows: string[][]; visible?: boolean }) {
  const Frame = visible ? StyledValues : VisuallyHidden;
  return (
    <Frame data-values={visible ? '' : undefined}>
      <table aria-label={fill(T.dataLabel, { chart })}>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={index}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </Frame>
  );
}

const share = (value: number, max: number) => (max > 0 ? (value / max) * 100 : 0);

function AgingChart({ rows }: { rows: DashboardMoney['aging'] }) {
  const totals = rows.map((row) => AGING_BUCKETS.reduce((sum, bucket) => sum + row[bucket], 0));
  const max = Math.max(0, ...totals);
  const total = totals.reduce((sum, value) => sum + value, 0);
  return (
    <ChartCard title={T.aging.title} subtitle={`${T.total}: ${formatBRL(total)}`} empty={rows.length === 0} emptyText={T.empty}>
      <StyledPanelNote>{T.aging.subtitle}</StyledPanelNote>
      <Legend items={AGING_BUCKETS.map((bucket) => ({ label: AGING_BUCKET_LABELS[bucket], color: BUCKET_COLORS[bucket] }))} />
      <StyledBarRows aria-hidden="true">
        {rows.map((row, index) => (
          <StyledBarRow key={row.name}>
            <span>{row.name}</span>
            <span>{formatBRL(totals[index]!)}</span>
            <StyledTrack>
              {AGING_BUCKETS.map((bucket) =>
                row[bucket] > 0 ? (
                  <StyledSegment
                    key={bucket}
                    $width={share(row[bucket], max)}
                    $color={BUCKET_COLORS[bucket]}
                    title={`${AGING_BUCKET_LABELS[bucket]}: ${formatBRL(row[bucket])}`}
                  />
                ) : null,
              )}
            </StyledTrack>
          </StyledBarRow>
        ))}
      </StyledBarRows>
      <DataTable
        chart={T.aging.title}
        head={[T.payer, ...AGING_BUCKETS.map((bucket) => AGING_BUCKET_LABELS[bucket]), T.total]}
        rows={rows.map((row, index) => [row.name, ...AGING_BUCKETS.map((bucket) => formatBRL(row[bucket])), formatBRL(totals[index]!)])}
      />
    </ChartCard>
  );
}

function GlosasChart({ rows }: { rows: DashboardMoney['glosas_by_payer'] }) {
  const max = Math.max(0, ...rows.map((row) => row.glosa));
  const glosa = rows.reduce((sum, row) => sum + row.glosa, 0);
  const expected = rows.reduce((sum, row) => sum + row.expected, 0);
  const subtitle = `${T.total}: ${fill(T.glosas.item, { glosa: formatBRL(glosa), rate: formatRate(expected > 0 ? glosa / expected : null) })}`;
  return (
    <ChartCard title={T.glosas.title} subtitle={subtitle} empty={rows.length === 0} emptyText={T.empty}>
      <StyledPanelNote>{T.glosas.subtitle}</StyledPanelNote>
      <StyledBarRows aria-hidden="true">
        {rows.map((row) => (
          <StyledBarRow key={row.name}>
            <span>{row.name}</span>
            <span>
              {formatBRL(row.glosa)} <StyledMuted>· {formatRate(row.rate)}</StyledMuted>
            </span>
            <StyledTrack>
              <StyledSegment $width={share(row.glosa, max)} $color={FIXED_CHART_COLORS[3]} />
            </StyledTrack>
          </StyledBarRow>
        ))}
      </StyledBarRows>
      <DataTable
        chart={T.glosas.title}
        head={[T.payer, T.glosas.expected, T.glosas.glosa, T.glosas.rate]}
        rows={rows.map((row) => [row.name, formatBRL(row.expected), formatBRL(row.glosa), formatRate(row.rate)])}
      />
    </ChartCard>
  );
}

/** A reason as it reads in the list: its TISS code, then its description. */
const reasonName = (row: DashboardMoney['glosas_by_reason'][number]) => (row.code === null ? row.name : `${row.code} · ${row.name}`);
const glosasLabel = (count: number) =>
  count === 1 ? T.glosaReasons.glosasOne : fill(T.glosaReasons.glosasMany, { count: formatCount(count) });

function GlosaReasonsChart({ rows }: { rows: DashboardMoney['glosas_by_reason'] }) {
  const max = Math.max(0, ...rows.map((row) => row.glosa));
  const glosa = rows.reduce((sum, row) => sum + row.glosa, 0);
  const count = rows.reduce((sum, row) => sum + row.glosas, 0);
  return (
    <ChartCard
      title={T.glosaReasons.title}
      subtitle={`${T.total}: ${formatBRL(glosa)} · ${glosasLabel(count)}`}
      empty={rows.length === 0}
      emptyText={T.empty}
    >
      <StyledPanelNote>{T.glosaReasons.subtitle}</StyledPanelNote>
      <StyledBarRows aria-hidden="true">
        {rows.map((row) => (
          <StyledBarRow key={row.code ?? ''}>
            <span>{reasonName(row)}</span>
            <span>
              {formatBRL(row.glosa)} <StyledMuted>· {glosasLabel(row.glosas)}</StyledMuted>
            </span>
            <StyledTrack>
              <StyledSegment $width={share(row.glosa, max)} $color={FIXED_CHART_COLORS[1]} />
            </StyledTrack>
          </StyledBarRow>
        ))}
      </StyledBarRows>
      <DataTable
        chart={T.glosaReasons.title}
        head={[T.glosaReasons.reason, T.glosaReasons.glosas, T.glosas.glosa]}
        rows={rows.map((row) => [reasonName(row), formatCount(row.glosas), formatBRL(row.glosa)])}
      />
    </ChartCard>
  );
}

const daysLabel = (days: number) => (days === 1 ? T.days.valueOne : fill(T.days.value, { days: formatDays(days) }));
const casesLabel = (count: number) => (count === 1 ? T.days.casesOne : fill(T.days.casesMany, { count: formatCount(count) }));

function DaysChart({ rows }: { rows: DashboardMoney['days_to_payment'] }) {
  const max = Math.max(0, ...rows.map((row) => row.median_days));
  const cases = rows.reduce((sum, row) => sum + row.cases, 0);
  return (
    <ChartCard title={T.days.title} subtitle={casesLabel(cases)} empty={rows.length === 0} emptyText={T.empty}>
      <StyledPanelNote>{T.days.subtitle}</StyledPanelNote>
      <StyledBarRows aria-hidden="true">
        {rows.map((row) => (
          <StyledBarRow key={row.name}>
            <span>{row.name}</span>
            <span>
              {daysLabel(row.median_days)} <StyledMuted>· {casesLabel(row.cases)}</StyledMuted>
            </span>
            <StyledTrack>
              <StyledSegment $width={Math.max(share(row.median_days, max), 1)} $color={FIXED_CHART_COLORS[4]} />
            </StyledTrack>
          </StyledBarRow>
        ))}
      </StyledBarRows>
      <DataTable
        chart={T.days.title}
        head={[T.payer, T.days.median, T.days.cases]}
        rows={rows.map((row) => [row.name, formatDays(row.median_days), formatCount(row.cases)])}
      />
    </ChartCard>
  );
}

/** Plot geometry of the monthly bars, in px (the width is the card's). */
const PLOT_HEIGHT = 180;
const AXIS_ROOM = 22;
/**
 * Below this plot width (a phone) the bars are too thin to carry a value, so their figures are shown in a table
 * under them (issue 33 item 20), which is then also the text alternative.
 */
const VALUES_SHOWN_BELOW = 520;

function SeriesChart({ rows }: { rows: DashboardMoney['expected_vs_received'] }) {
  const [plotRef, plotWidth] = useElementWidth<HTMLDivElement>(320);
  const max = Math.max(0, ...rows.flatMap((row) => [row.expected, row.received]));
  const expected = rows.reduce((sum, row) => sum + row.expected, 0);
  const received = rows.reduce((sum, row) => sum + row.received, 0);
  const band = rows.length > 0 ? plotWidth / rows.length : plotWidth;
  const bar = Math.max(1, Math.min(24, band * 0.38));
  const room = PLOT_HEIGHT - AXIS_ROOM;
  const height = (value: number) => (max > 0 ? (value / max) * room : 0);
  // A label every `step` months so that they never overlap (about 48 px each).
  const step = Math.max(1, Math.ceil(48 / band));
  const empty = rows.length === 0 || max === 0;
  const valuesShown = plotWidth < VALUES_SHOWN_BELOW;
  return (
    <ChartCard
      title={T.series.title}
      subtitle={`${T.series.expected}: ${formatBRL(expected)} · ${T.series.received}: ${formatBRL(received)}`}
      empty={empty}
      emptyText={T.empty}
    >
      <StyledPanelNote>{T.series.subtitle}</StyledPanelNote>
      <Legend
        items={[
          { label: T.series.expected, color: EXPECTED_COLOR },
          { label: T.series.received, color: RECEIVED_COLOR },
        ]}
      />
      <StyledPlot ref={plotRef}>
        <svg width={plotWidth} height={PLOT_HEIGHT} aria-hidden="true" focusable="false" data-chart="series">
          <line x1={0} x2={plotWidth} y1={room} y2={room} stroke={colors.border} />
          {rows.map((row, index) => {
            const x = index * band + band / 2;
            return (
              <g key={row.month}>
                <rect x={x - bar - 1} y={room - height(row.expected)} width={bar} height={height(row.expected)} fill={EXPECTED_COLOR} data-bar="">
                  <title>{`${longMonth(row.month)}: ${T.series.expected} ${formatBRL(row.expected)}`}</title>
                </rect>
                <rect x={x + 1} y={room - height(row.received)} width={bar} height={height(row.received)} fill={RECEIVED_COLOR} data-bar="">
                  <title>{`${longMonth(row.month)}: ${T.series.received} ${formatBRL(row.received)}`}</title>
                </rect>
                {index % step === 0 ? (
                  <text x={x} y={PLOT_HEIGHT - 6} fontSize={12} textAnchor="middle" fill={colors.textMuted}>
                    {shortMonth(row.month)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </StyledPlot>
      <DataTable
        chart={T.series.title}
        head={[T.series.month, T.series.expected, T.series.received]}
        rows={rows.map((row) => [(valuesShown ? shortMonth : longMonth)(row.month), formatBRL(row.expected), formatBRL(row.received)])}
        visible={valuesShown}
      />
    </ChartCard>
  );
}

export function MoneyPanels({ money }: { money: DashboardMoney }) {
  return (
    <StyledPanelSection aria-label={T.heading} data-panel="money">
      <StyledPanelHeading>{T.heading}</StyledPanelHeading>
      <StyledPanelNote>{T.intro}</StyledPanelNote>
      <StyledGrid>
        <AgingChart rows={money.aging} />
        <GlosasChart rows={money.glosas_by_payer} />
        <GlosaReasonsChart rows={money.glosas_by_reason} />
        <DaysChart rows={money.days_to_payment} />
        <SeriesChart rows={money.expected_vs_received} />
      </StyledGrid>
    </StyledPanelSection>
  );
}
