/**
 * One of 'Cirurgias por convênio', 'por hospital', 'por procedimentos' (SPEC §2: each with planned and carried-out
 * series): a section titled with SPEC's name holding two bar charts side by side (stacked on phones), 'Previstas'
 * (`*_prev`, cases not yet carried out) and 'Realizadas' (`*_real`, cases that reached realização). Both charts use
 * one scale and one colour per name.
 */
import { useId } from 'react';
import { dashboardTexts as T } from '../../../lib/i18n/dashboard';
import { fill } from '../../../lib/i18n/pt-BR';
import type { GraphItem } from '../../../lib/dashboard/figures';
import { BarChart } from './BarChart';
import { StyledChartGrid, StyledPanelHeading, StyledPanelNote, StyledPanelSection } from './chartLayout';

type CountChartPairProps = {
  title: string;
  planned: readonly GraphItem[];
  carriedOut: readonly GraphItem[];
  /** One colour per name, the same in both charts (see ../chartColors.ts `colorsByName`). */
  colorOf: (name: string) => string;
  /** Says how the bars count, under the title. */
  note?: string;
  /** How each chart's total reads (see BarChart). */
  totalLabel?: (total: number) => string;
};

export function CountChartPair({ title, planned, carriedOut, colorOf, note, totalLabel }: CountChartPairProps) {
  const headingId = useId();
  const maxValue = Math.max(0, ...planned.map((item) => item.value), ...carriedOut.map((item) => item.value));
  return (
    <StyledPanelSection aria-labelledby={headingId}>
      <StyledPanelHeading id={headingId}>{title}</StyledPanelHeading>
      {note ? <StyledPanelNote>{note}</StyledPanelNote> : null}
      <StyledChartGrid>
        <BarChart
          title={T.charts.planned}
          label={fill(T.charts.seriesName, { chart: title, series: T.charts.planned })}
          items={planned}
          colorOf={colorOf}
          maxValue={maxValue}
          totalLabel={totalLabel}
        />
        <BarChart
          title={T.charts.carriedOut}
          label={fill(T.charts.seriesName, { chart: title, series: T.charts.carriedOut })}
          items={carriedOut}
          colorOf={colorOf}
          maxValue={maxValue}
          totalLabel={totalLabel}
        />
      </StyledChartGrid>
    </StyledPanelSection>
  );
}
