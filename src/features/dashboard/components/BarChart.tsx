/**
 * A horizontal bar chart of surgery counts (one of the 'Previstas' / 'Realizadas' pair of 'Cirurgias por convênio',
 * 'por hospital', 'por procedimentos'), its subtitle the sum of its bars in the chart's unit (`totalLabel`: a
 * procedure chart's sum counts procedures, not surgeries). Horizontal, one row per name with the name above its bar,
 * because names are long (procedures especially) and a phone is narrow: a name gets the whole width, is cut with an
 * ellipsis when it still does not fit, and keeps its full text as a tooltip. The pair shares one scale (`maxValue`)
 * and one colour per name, so the two charts compare at a glance. The drawing is hidden from assistive technology; a
 * visually hidden list ('name: count') is its text alternative.
 */
import { Group } from '@visx/group';
import { Bar } from '@visx/shape';
import { styled } from 'goober';
import { dashboardTexts as T } from '../../../lib/i18n/dashboard';
import { fill } from '../../../lib/i18n/pt-BR';
import { colors, fontWeights } from '../../../lib/theme';
import { formatCount, totalOf, truncateLabel, type GraphItem } from '../../../lib/dashboard/figures';
import { useElementWidth } from '../useElementWidth';
import { ChartCard, VisuallyHidden } from './ChartCard';

/** Row geometry, in px: the name's baseline, then the bar under it. */
const ROW_HEIGHT = 46;
const LABEL_BASELINE = 14;
const BAR_TOP = 21;
const BAR_HEIGHT = 16;
const LABEL_FONT_SIZE = 13;
/** Room kept right of the longest bar for its count. */
const VALUE_ROOM = 48;
/** A generous average glyph width at 13 px, to decide where a name is cut. */
const AVERAGE_CHAR_WIDTH = 7;
/** The same for a name in capitals (SIGTAP's names are), whose glyphs are wider. */
const CAPITALS_CHAR_WIDTH = 9;

const StyledPlot = styled('div')`
  width: 100%;
  min-width: 0;
  & > svg { display: block; overflow: visible; }
`;

/** How a count reads: '1 cirurgia', '3 cirurgias'. */
function surgeriesLabel(count: number): string {
  return count === 1 ? T.charts.surgeriesCountOne : fill(T.charts.surgeriesCount, { count: formatCount(count) });
}

/** How the total of a procedure chart reads: '1 procedimento', '48 procedimentos'. */
export function proceduresLabel(count: number): string {
  return count === 1 ? T.charts.proceduresCountOne : fill(T.charts.proceduresCount, { count: formatCount(count) });
}

type BarChartProps = {
  /** The visible title, e.g. 'Previstas'. */
  title: string;
  /** The accessible name, e.g. 'Cirurgias por convênio: Previstas'. */
  label: string;
  items: readonly GraphItem[];
  /** One colour per name, shared with the other chart of the pair. */
  colorOf: (name: string) => string;
  /** The scale's end, shared with the other chart of the pair. */
  maxValue: number;
  /** How the sum of the bars reads (default: as surgeries, true when each case is in one bar only). */
  totalLabel?: (total: number) => string;
};

export function BarChart({ title, label, items, colorOf, maxValue, totalLabel = surgeriesLabel }: BarChartProps) {
  const [plotRef, width] = useElementWidth<HTMLDivElement>(320);
  const barRoom = Math.max(width - VALUE_ROOM, 40);
  const scale = maxValue > 0 ? barRoom / maxValue : 0;
  const maxChars = (name: string) =>
    Math.max(Math.floor(width / (name === name.toLocaleUpperCase('pt-BR') ? CAPITALS_CHAR_WIDTH : AVERAGE_CHAR_WIDTH)), 8);
  const height = items.length * ROW_HEIGHT;
  return (
    <ChartCard title={title} label={label} subtitle={totalLabel(totalOf(items))} empty={items.length === 0}>
      <StyledPlot ref={plotRef}>
        <svg width={width} height={height} aria-hidden="true" focusable="false" data-chart="bars">
          {items.map((item, index) => {
            const barWidth = Math.max(item.value * scale, 3);
            const full = `${item.name}: ${formatCount(item.value)}`;
            return (
              <Group key={`${item.name}-${index}`} top={index * ROW_HEIGHT}>
                <text x={0} y={LABEL_BASELINE} fontSize={LABEL_FONT_SIZE} fill={colors.text}>
                  <title>{full}</title>
                  {truncateLabel(item.name, maxChars(item.name))}
                </text>
                <Bar x={0} y={BAR_TOP} width={barWidth} height={BAR_HEIGHT} rx={3} fill={colorOf(item.name)} data-bar="">
                  <title>{full}</title>
                </Bar>
                <text
                  x={barWidth + 6}
                  y={BAR_TOP + BAR_HEIGHT - 3}
                  fontSize={LABEL_FONT_SIZE}
                  fontWeight={fontWeights.semibold}
                  fill={colors.text}
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {formatCount(item.value)}
                </text>
              </Group>
            );
          })}
        </svg>
      </StyledPlot>
      <VisuallyHidden>
        <ul aria-label={fill(T.charts.dataLabel, { chart: label })}>
          {items.map((item, index) => (
            <li key={`${item.name}-${index}`}>{`${item.name}: ${surgeriesLabel(item.value)}`}</li>
          ))}
        </ul>
      </VisuallyHidden>
    </ChartCard>
  );
}
