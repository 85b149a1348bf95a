/**
 * The frame of both homes (SPEC §2 '/'): the primary-colour background with the signup image, the greeting with the
 * user's first name, and the role's panels below it (white cards on the teal).
 */
import { styled } from 'goober';
import type { ReactNode } from 'react';
import { colors, fontSizes, fontWeights, layout, media, space } from '../../lib/theme';
import { fill } from '../../lib/i18n/pt-BR';
import { homeTexts } from '../../lib/i18n/home';

const StyledBackdrop = styled('div')`
  position: relative;
  flex: 1;
  display: flex;
  flex-direction: column;
  overflow: hidden;
  background: radial-gradient(circle at 85% 0%, ${colors.primaryHover} 0%, ${colors.primary} 35%, ${colors.primaryDeep} 100%);
`;

const StyledIllustration = styled('img')`
  position: absolute;
  top: -24px;
  right: -72px;
  width: 220px;
  height: auto;
  opacity: 0.35;
  pointer-events: none;
  ${media.md} {
    top: ${space.md};
    right: ${space.xxl};
    width: 260px;
    opacity: 0.9;
  }
`;

const StyledContent = styled('div')`
  position: relative;
  z-index: 1;
  width: 100%;
  max-width: ${layout.contentMaxWidth};
  margin: 0 auto;
  padding: ${space.xl} ${space.lg} ${space.xxl};
  display: flex;
  flex-direction: column;
  gap: ${space.lg};
  ${media.md} { padding: ${space.xxl}; gap: ${space.xl}; }
`;

const StyledGreeting = styled('header')`
  display: flex;
  flex-direction: column;
  gap: ${space.xs};
  max-width: 560px;
  min-height: 96px;
  justify-content: center;
  color: ${colors.onPrimary};
  ${media.md} { min-height: 160px; padding-right: 280px; max-width: none; }
`;

const StyledEyebrow = styled('h1')`
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${colors.accent};
`;

const StyledWelcome = styled('p')`
  font-size: ${fontSizes.xl};
  font-weight: ${fontWeights.bold};
  line-height: 1.2;
  ${media.md} { font-size: ${fontSizes.xxl}; }
`;

const StyledIntro = styled('p')`
  max-width: 520px;
  color: rgba(255, 255, 255, 0.86);
`;

type HomeShellProps = {
  firstName: string;
  intro: string;
  /** The role's panels, under the greeting. */
  children?: ReactNode;
};

export function HomeShell({ firstName, intro, children }: HomeShellProps) {
  return (
    <StyledBackdrop>
      <StyledIllustration src="/signup-image.svg" alt="" width={260} height={220} />
      <StyledContent>
        <StyledGreeting>
          <StyledEyebrow>{homeTexts.title}</StyledEyebrow>
          <StyledWelcome>{fill(homeTexts.welcome, { name: firstName })}</StyledWelcome>
          <StyledIntro>{intro}</StyledIntro>
        </StyledGreeting>
        {children}
      </StyledContent>
    </StyledBackdrop>
  );
}
