/**
 * The four 'Dados gerais' widgets of /all-data (SPEC §2): a term (SPEC's label), its formatted figure and one line
 * saying what it counts (issue 33 item 15) each.
 */
import { styled } from 'goober';
import { dashboardTexts as T } from '../../../lib/i18n/dashboard';
import { colors, fontSizes, fontWeights, radii, shadows, space } from '../../../lib/theme';
import { chartColor } from '../chartColors';
import type { Widget } from '../../../lib/dashboard/figures';
import { columnCss } from '../../../components/ui/cssParts';

const StyledList = styled('dl')`
  margin: 0;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 200px), 1fr));
  gap: ${space.lg};
`;

const StyledWidget = styled('div')<{ $accent: string }>`
  ${columnCss(space.xs)}
  min-width: 0;
  padding: ${space.lg};
  border-radius: ${radii.lg};
  background: ${colors.surface};
  border: 1px solid ${colors.border};
  border-left: 4px solid ${(p) => p.$accent};
  box-shadow: ${shadows.raised};
  & > dt {
    font-size: ${fontSizes.sm};
    font-weight: ${fontWeights.semibold};
    color: ${colors.textMuted};
  }
  & > dd[data-note] {
    margin: 0;
    font-size: ${fontSizes.sm};
    line-height: 1.4;
    color: ${colors.textMuted};
  }
  & > dd:not([data-note]) {
    margin: 0;
    font-size: ${fontSizes.xl};
    font-weight: ${fontWeights.bold};
    line-height: 1.25;
    color: ${colors.text};
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
`;

type WidgetsProps = { widgets: Widget[] };

export function Widgets({ widgets }: WidgetsProps) {
  return (
    <section aria-label={T.widgets.label}>
      <StyledList>
        {widgets.map((widget, index) => (
          <StyledWidget key={widget.key} $accent={chartColor(index)}>
            <dt>{T.widgets[widget.key]}</dt>
            <dd>{widget.value}</dd>
            <dd data-note="">{T.widgets.notes[widget.key]}</dd>
          </StyledWidget>
        ))}
      </StyledList>
    </section>
  );
}
