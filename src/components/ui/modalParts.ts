/** The pieces the settings and profile-photo modals share: the muted intro text, the server's refusal box and the actions row. */
import { styled } from 'goober';
import { colors, fontSizes, fontWeights, media, radii, space } from '../../lib/theme';

export const ModalText = styled('p')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

export const ModalProblem = styled('div')`
  display: flex;
  gap: ${space.sm};
  padding: ${space.md};
  border: 1px solid ${colors.warningBorder};
  border-radius: ${radii.md};
  background: ${colors.warningSoft};
  color: ${colors.warning};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.medium};
  & > svg { flex: none; margin-top: 1px; }
  & > ul { margin: 0; padding: 0; list-style: none; }
`;

export const ModalActions = styled('div')`
  display: flex;
  flex-direction: column-reverse;
  gap: ${space.sm};
  & > button { width: 100%; }
  ${media.md} {
    flex-direction: row;
    justify-content: flex-end;
    & > button { width: auto; }
  }
`;
