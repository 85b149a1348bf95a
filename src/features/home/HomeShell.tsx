/**
 * The frame of both homes (SPEC §2 '/'): the primary-colour background with the signup image, a welcome card with
 * the user's first name, and room below it for the role's panels (later issues).
 */
import { styled } from 'goober';
import { colors, fontSizes, fontWeights, layout, media, radii, shadows, space } from '../../lib/theme';
import type { ReactNode } from 'react';
import { fill, ptBR } from '../../lib/i18n/pt-BR';

const StyledBackdrop = styled('div')`
  position: relative;
  flex: 1;
  display: flex;
  flex-direction: column;
  overflow: hidden;
  background: radial-gradient(circle at 85% 10%, ${colors.primaryHover} 0%, ${colors.primary} 40%, ${colors.primaryDeep} 100%);
`;

const StyledIllustration = styled('img')`
  position: absolute;
  right: -60px;
  bottom: -40px;
  width: 320px;
  height: auto;
  opacity: 0.3;
  pointer-events: none;
  ${media.md} {
    right: ${space.xxl};
    bottom: ${space.xl};
    width: 440px;
    opacity: 0.9;
  }
`;

const StyledContent = styled('div')`
  position: relative;
  z-index: 1;
  width: 100%;
  max-width: ${layout.contentMaxWidth};
  margin: 0 auto;
  padding: ${space.xl} ${space.lg};
  display: flex;
  flex-direction: column;
  gap: ${space.xl};
  ${media.md} { padding: ${space.xxl}; }
`;

const StyledCard = styled('section')`
  max-width: 560px;
  display: flex;
  flex-direction: column;
  gap: ${space.md};
  padding: ${space.xl};
  border-radius: ${radii.lg};
  background: ${colors.surface};
  box-shadow: ${shadows.card};
  ${media.md} { padding: ${space.xxl}; }
`;

const StyledEyebrow = styled('h1')`
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: ${colors.primary};
`;

const StyledWelcome = styled('p')`
  font-size: ${fontSizes.xl};
  font-weight: ${fontWeights.bold};
  line-height: 1.25;
  color: ${colors.text};
  ${media.md} { font-size: ${fontSizes.xxl}; }
`;

const StyledIntro = styled('p')`
  color: ${colors.textMuted};
`;

type HomeShellProps = {
  firstName: string;
  intro: string;
  /** The role's panels, under the welcome card. */
  children?: ReactNode;
};

export function HomeShell({ firstName, intro, children }: HomeShellProps) {
  return (
    <StyledBackdrop>
      <StyledIllustration src="/signup-image.svg" alt="" width={440} height={372} />
      <StyledContent>
        <StyledCard aria-labelledby="home-title">
          <StyledEyebrow id="home-title">{ptBR.home.title}</StyledEyebrow>
          <StyledWelcome>{fill(ptBR.home.welcome, { name: firstName })}</StyledWelcome>
          <StyledIntro>{intro}</StyledIntro>
        </StyledCard>
        {children}
      </StyledContent>
    </StyledBackdrop>
  );
}
