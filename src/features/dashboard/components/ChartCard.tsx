/**
 * The frame of one dashboard chart: a `<figure>` named by its title (or by `label` when the visible title needs the
 * section's context, e.g. 'Cirurgias por convênio: Previstas'), a subtitle, and either the chart or SPEC's
 * 'Dados não disponíveis!' when its list is empty.
 */
import { useId, type ReactNode } from 'react';
import { styled } from 'goober';
import { Notice } from '../../../components/ui/Notice';
import { dashboardTexts as T } from '../../../lib/i18n/dashboard';
import { colors, fontSizes, fontWeights, space } from '../../../lib/theme';
import { columnCss, raisedSurface, visuallyHiddenCss } from '../../../components/ui/cssParts';

const StyledFigure = styled('figure')`
  margin: 0;
  min-width: 0;
  ${columnCss(space.lg)}
  padding: ${space.lg};
  ${raisedSurface}
`;

const StyledCaption = styled('figcaption')`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${space.xs} ${space.md};
`;

const StyledTitle = styled('h3')`
  margin: 0;
  font-size: ${fontSizes.md};
  font-weight: ${fontWeights.bold};
  color: ${colors.text};
`;

const StyledSubtitle = styled('p')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
  font-variant-numeric: tabular-nums;
`;

/** Hidden on screen, read by assistive technology (the charts' text alternatives). */
export const VisuallyHidden = styled('div')`
  ${visuallyHiddenCss}
`;

type ChartCardProps = {
  title: string;
  /** The accessible name when the title alone is ambiguous; default the title. */
  label?: string;
  subtitle?: string;
  empty: boolean;
  /** What an empty chart says (default SPEC's 'Dados não disponíveis!'). */
  emptyText?: string;
  /** The title's heading level: 3 under a section's h2 (default), 2 for a chart directly under the page's h1. */
  headingLevel?: 2 | 3;
  children: ReactNode;
};

export function ChartCard({ title, label, subtitle, empty, emptyText = T.charts.empty, headingLevel = 3, children }: ChartCardProps) {
  const titleId = useId();
  return (
    <StyledFigure aria-labelledby={label ? undefined : titleId} aria-label={label}>
      <StyledCaption>
        <StyledTitle as={headingLevel === 2 ? 'h2' : 'h3'} id={titleId}>
          {title}
        </StyledTitle>
        {subtitle && !empty ? <StyledSubtitle>{subtitle}</StyledSubtitle> : null}
      </StyledCaption>
      {empty ? <Notice kind="empty" title={emptyText} icon="chart" compact announce={false} /> : children}
    </StyledFigure>
  );
}
