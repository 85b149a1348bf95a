/**
 * 'Cirurgias perdidas por motivo' (issue 13; DECISIONS §15 "Reasons"; openapi Dashboard.lost_by_reason): the
 * cancelled and archived cases counted by the reason given when they were closed, largest first, as a list of
 * labelled bars. Plain HTML, not a drawing: each row is its text ('Paciente desistiu', '3 · 42,9%') with a bar
 * under it (hidden from assistive technology, which reads the row's text). 'Sem motivo informado' (cases closed
 * without a reason, before issue 13 or by another client) is drawn in grey so it does not read as a reason. An empty
 * list says so.
 */
import { useId } from 'react';
import { styled } from 'goober';
import type { Dashboard } from '../../../api/dashboard';
import { Notice } from '../../../components/ui/Notice';
import { formatCount, formatShare, totalOf } from '../../../lib/dashboard/figures';
import { fill } from '../../../lib/i18n/pt-BR';
import { reasonsTexts } from '../../../lib/i18n/reasons';
import { colors, fontSizes, fontWeights, radii, space } from '../../../lib/theme';
import { StyledBarRow, StyledBarRows, StyledPanelHeading, StyledPanelNote, StyledPanelSection } from './chartLayout';
import { columnCss, raisedSurface } from '../../../components/ui/cssParts';

const T = reasonsTexts.dashboard;

/** The bar of a reason: a muted red (the palette's, 3:1 or more on white); no reason: grey. */
const REASON_BAR = '#B23A48';
const NO_REASON_BAR = '#8A9A9E';

type LostItem = Dashboard['lost_by_reason'][number];

const StyledCard = styled('div')`
  ${columnCss(space.lg)}
  padding: ${space.lg};
  ${raisedSurface}
`;

const StyledTotal = styled('p')`
  margin: 0;
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  color: ${colors.text};
  font-variant-numeric: tabular-nums;
`;

const StyledShare = styled('span')`
  font-weight: ${fontWeights.regular};
  color: ${colors.textMuted};
`;

const StyledTrack = styled('span')`
  grid-column: 1 / -1;
  display: block;
  height: 10px;
  border-radius: ${radii.pill};
  background: ${colors.disabled};
  overflow: hidden;
`;

const StyledBar = styled('span')<{ $width: number; $muted: boolean }>`
  display: block;
  height: 100%;
  width: ${(p) => p.$width}%;
  min-width: 4px;
  border-radius: ${radii.pill};
  background: ${(p) => (p.$muted ? NO_REASON_BAR : REASON_BAR)};
`;

/** How a count of cases reads: '1 cirurgia', '3 cirurgias'. */
function casesLabel(count: number): string {
  return count === 1 ? T.countOne : fill(T.count, { count: formatCount(count) });
}

export function LostByReasonPanel({ items }: { items: readonly LostItem[] }) {
  const headingId = useId();
  const total = totalOf(items);
  const max = Math.max(0, ...items.map((item) => item.value));
  return (
    <StyledPanelSection aria-labelledby={headingId} data-panel="lost-by-reason">
      <StyledPanelHeading id={headingId}>{T.title}</StyledPanelHeading>
      <StyledPanelNote>{T.intro}</StyledPanelNote>
      <StyledCard>
        {items.length === 0 ? (
          <Notice kind="empty" title={T.empty} icon="chart" compact announce={false} />
        ) : (
          <>
            <StyledTotal>{total === 1 ? T.totalOne : fill(T.total, { count: formatCount(total) })}</StyledTotal>
            <StyledBarRows aria-label={T.listLabel}>
              {items.map((item) => {
                const share = formatShare(item.value, total);
                return (
                  <StyledBarRow
                    key={item.reason ?? 'none'}
                    aria-label={fill(T.item, { name: item.name, count: casesLabel(item.value), share })}
                  >
                    <span>{item.name}</span>
                    <span>
                      {formatCount(item.value)} <StyledShare>· {share}</StyledShare>
                    </span>
                    <StyledTrack aria-hidden="true">
                      <StyledBar $width={max > 0 ? (item.value / max) * 100 : 0} $muted={item.reason === null} />
                    </StyledTrack>
                  </StyledBarRow>
                );
              })}
            </StyledBarRows>
          </>
        )}
      </StyledCard>
    </StyledPanelSection>
  );
}
