/**
 * The list both alert panels of the homes draw ('Autorizações a vencer', 'Recursos de glosa a vencer'): one button per
 * alert, with the alert icon, the patient's name and a badge (red when already passed, amber when near), then a line
 * or two of detail; pressing it opens the case, coming back to this home.
 */
import { useLocation } from '@tanstack/react-router';
import { styled } from 'goober';
import type { ReactNode } from 'react';
import { Icon } from '../../components/ui/Icon';
import { colors, focusRing, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { useCaseLink } from '../../lib/surgeries/caseLink';
import { plainListCss } from '../../components/ui/cssParts';

export type Alert = {
  key: string;
  surgeryId: number;
  /** Passed (red) rather than near (amber). */
  danger: boolean;
  /** The button's accessible name. */
  label: string;
  name: string;
  badge: string;
  /** The detail lines under the name; a muted one is secondary. */
  lines: ReadonlyArray<{ text: ReactNode; muted?: boolean }>;
  /** `data-*` attributes the tests find the alert by. */
  data: Record<`data-${string}`, string>;
};

const StyledList = styled('ul')`
  ${plainListCss(space.sm)}
`;

const StyledItem = styled('a')<{ $danger: boolean; $rows: number }>`
  width: 100%;
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${space.xxs} ${space.md};
  align-items: start;
  padding: ${space.md};
  border: 1px solid ${colors.border};
  border-left: 4px solid ${(p) => (p.$danger ? colors.danger : colors.warning)};
  border-radius: ${radii.md};
  background: ${colors.surface};
  text-align: left;
  font: inherit;
  color: inherit;
  text-decoration: none;
  cursor: pointer;
  &:hover { background: ${colors.primaryTint}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
  & > svg { grid-row: span ${(p) => p.$rows}; margin-top: 2px; color: ${(p) => (p.$danger ? colors.danger : colors.warning)}; }
`;

const StyledHead = styled('span')`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space.xs} ${space.sm};
  & > strong { font-weight: ${fontWeights.semibold}; color: ${colors.text}; overflow-wrap: anywhere; }
`;

const StyledBadge = styled('span')<{ $danger: boolean }>`
  padding: 0 ${space.sm};
  border-radius: ${radii.pill};
  font-size: ${fontSizes.xs};
  font-weight: ${fontWeights.semibold};
  background: ${(p) => (p.$danger ? colors.dangerSoft : colors.warningSoft)};
  color: ${(p) => (p.$danger ? colors.danger : colors.warning)};
`;

const StyledLine = styled('span')<{ $muted: boolean }>`
  font-size: ${fontSizes.sm};
  color: ${(p) => (p.$muted ? colors.textMuted : colors.text)};
`;

export function AlertList({ alerts }: { alerts: readonly Alert[] }) {
  const caseLink = useCaseLink();
  const href = useLocation({ select: (location) => location.href });
  return (
    <StyledList>
      {alerts.map((alert) => (
        <li key={alert.key}>
          <StyledItem
            {...caseLink(alert.surgeryId, href)}
            $danger={alert.danger}
            $rows={alert.lines.length + 1}
            {...alert.data}
            aria-label={alert.label}
          >
            <Icon name="alert" size={18} />
            <StyledHead>
              <strong>{alert.name}</strong>
              <StyledBadge $danger={alert.danger}>{alert.badge}</StyledBadge>
            </StyledHead>
            {alert.lines.map((line, index) => (
              <StyledLine key={index} $muted={line.muted ?? false}>
                {line.text}
              </StyledLine>
            ))}
          </StyledItem>
        </li>
      ))}
    </StyledList>
  );
}
