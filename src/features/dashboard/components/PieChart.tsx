/**
 * A money donut with its legend ('Valores a receber', 'Valores recebidos'; SPEC §2: pie with legend, values in R$).
 * The legend is a real list (colour, name, value in BRL, share of the total), so it is also the chart's text
 * alternative; the drawing itself is hidden from assistive technology. Long names are cut with an ellipsis and keep
 * their full text as a tooltip. Colours come by name from the page, so a plan has one colour across the dashboard.
 */
import { Group } from '@visx/group';
import { Pie } from '@visx/shape';
import { styled } from 'goober';
import { formatBRL } from '../../../lib/format/money';
import { dashboardTexts as T } from '../../../lib/i18n/dashboard';
import { fill } from '../../../lib/i18n/pt-BR';
import { colors, fontSizes, fontWeights, space } from '../../../lib/theme';
import { formatShare, totalOf, type GraphItem } from '../../../lib/dashboard/figures';
import { ChartCard } from './ChartCard';
import { columnCss } from '../../../components/ui/cssParts';

const DONUT_SIZE = 180;

const StyledBody = styled('div')`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space.xl};
  & > svg { flex: none; }
`;

const StyledLegend = styled('ul')`
  align-self: stretch;
  min-width: 0;
  margin: 0;
  padding: 0;
  list-style: none;
  ${columnCss(space.sm)}
`;

const StyledEntry = styled('li')`
  display: grid;
  grid-template-columns: 12px minmax(0, 1fr) auto auto;
  align-items: center;
  column-gap: ${space.sm};
  font-size: ${fontSizes.sm};
  color: ${colors.text};
`;

const StyledSwatch = styled('span')<{ $color: string }>`
  width: 12px;
  height: 12px;
  border-radius: 3px;
  background: ${(p) => p.$color};
`;

const StyledName = styled('span')`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const StyledValue = styled('span')`
  font-weight: ${fontWeights.semibold};
  font-variant-numeric: tabular-nums;
  text-align: right;
`;

const StyledShare = styled('span')`
  min-width: 3.5em;
  font-size: ${fontSizes.xs};
  color: ${colors.textMuted};
  font-variant-numeric: tabular-nums;
  text-align: right;
`;

type PieChartProps = {
  title: string;
  items: readonly GraphItem[];
  /** One colour per name, shared with the charts that name the same plans. */
  colorOf: (name: string) => string;
};

export function PieChart({ title, items, colorOf }: PieChartProps) {
  const total = totalOf(items);
  const radius = DONUT_SIZE / 2;
  return (
    // The money pies sit right under the page's h1 (DashboardPage): their titles are h2 (Lighthouse heading-order).
    <ChartCard
      title={title}
      subtitle={`${T.charts.total}: ${formatBRL(total)}`}
      empty={items.length === 0}
      headingLevel={2}
    >
      <StyledBody>
        <svg width={DONUT_SIZE} height={DONUT_SIZE} aria-hidden="true" focusable="false" data-chart="pie">
          <Group top={radius} left={radius}>
            <Pie
              data={[...items]}
              pieValue={(item) => item.value}
              pieSortValues={null}
              pieSort={null}
              outerRadius={radius}
              innerRadius={radius * 0.58}
              padAngle={items.length > 1 ? 0.012 : 0}
            >
              {({ arcs, path }) =>
                arcs.map((arc, index) => (
                  <path key={`${arc.data.name}-${index}`} d={path(arc) ?? ''} fill={colorOf(arc.data.name)} data-arc="">
                    <title>{`${arc.data.name}: ${formatBRL(arc.data.value)}`}</title>
                  </path>
                ))
              }
            </Pie>
          </Group>
        </svg>
        <StyledLegend aria-label={fill(T.charts.dataLabel, { chart: title })}>
          {items.map((item, index) => (
            <StyledEntry key={`${item.name}-${index}`}>
              <StyledSwatch $color={colorOf(item.name)} aria-hidden="true" />
              <StyledName title={item.name}>{item.name}</StyledName>
              <StyledValue>{formatBRL(item.value)}</StyledValue>
              <StyledShare>{formatShare(item.value, total)}</StyledShare>
            </StyledEntry>
          ))}
        </StyledLegend>
      </StyledBody>
    </ChartCard>
  );
}
