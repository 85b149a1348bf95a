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
import { colors, fontSizes, fontWeights, radii, shadows, space } from '../../../lib/theme';

const T = reasonsTexts.dashboard;

/** The bar of a reason: a muted red (the palette's, 3:1 or more on white); no reason: grey. */
const REASON_BAR = '#B23A48';
const NO_REASON_BAR = '#8A9A9E';

type LostItem = Dashboard['lost_by_reason'][number];

const StyledSection = styled('section')`
  display: flex;
  flex-direction: column;
  gap: ${space.md};
  min-width: 0;
`;

const StyledHeading = styled('h2')`
  margin: 0;
  font-size: ${fontSizes.lg};
  font-weight: ${fontWeights.bold};
  color: ${colors.text};
`;

const StyledNote = styled('p')`
  margin: 0;
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

const StyledCard = styled('div')`
  display: flex;
  flex-direction: column;
  gap: ${space.lg};
  padding: ${space.lg};
  border-radius: ${radii.lg};
  background: ${colors.surface};
  border: 1px solid ${colors.border};
  box-shadow: ${shadows.raised};
`;

const StyledTotal = styled('p')`
  margin: 0;
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  color: ${colors.text};
  font-variant-numeric: tabular-nums;
`;

const StyledList = styled('ul')`
  display: flex;
  flex-direction: column;
  gap: ${space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StyledRow = styled('li')`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${space.xs} ${space.md};
  align-items: baseline;
  font-size: ${fontSizes.sm};
  color: ${colors.text};
  & > span:first-child { overflow-wrap: anywhere; }
  & > span:nth-child(2) {
    font-weight: ${fontWeights.semibold};
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
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
    <StyledSection aria-labelledby={headingId} data-panel="lost-by-reason">
      <StyledHeading id={headingId}>{T.title}</StyledHeading>
      <StyledNote>{T.intro}</StyledNote>
      <StyledCard>
        {items.length === 0 ? (
          <Notice kind="empty" title={T.empty} icon="chart" compact announce={false} />
        ) : (
          <>
            <StyledTotal>{total === 1 ? T.totalOne : fill(T.total, { count: formatCount(total) })}</StyledTotal>
            <StyledList aria-label={T.listLabel}>
              {items.map((item) => {
                const share = formatShare(item.value, total);
                return (
                  <StyledRow
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
                  </StyledRow>
                );
              })}
            </StyledList>
          </>
        )}
      </StyledCard>
    </StyledSection>
  );
}
