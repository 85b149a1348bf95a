/**
 * Frame of the signed-out pages (/auth, /signup, /signup-secretary/$token): the primary-colour background with the
 * signup illustration and the brand on the left (desktop) or on top (phone), and a white card holding the form.
 * The brand is the page's banner (a landmark, as axe's 'region' rule asks); on a phone the illustration sits small
 * beside it, in its own column, never behind the card (issue 33.20: it used to peek out under the card's corner).
 */
import type { ReactNode } from 'react';
import { styled } from 'goober';
import { colors, fontSizes, fontWeights, layout, media, radii, shadows, space } from '../../lib/theme';
import { ptBR } from '../../lib/i18n/pt-BR';
import { columnCss } from '../ui/cssParts';

const StyledPage = styled('div')<{ $wide: boolean }>`
  position: relative;
  min-height: 100vh;
  min-height: 100dvh;
  display: grid;
  grid-template-columns: 1fr;
  align-content: start;
  gap: ${space.xl};
  padding: ${space.xl} ${space.lg} ${space.xxl};
  background: radial-gradient(circle at 20% 10%, ${colors.primaryHover} 0%, ${colors.primary} 45%, ${colors.primaryDeep} 100%);
  color: ${colors.onPrimary};
  overflow: hidden;
  ${media.md} {
    grid-template-columns: minmax(0, 1fr) minmax(0, ${(p) => (p.$wide ? layout.wizardCardWidth : layout.authCardWidth)});
    align-content: center;
    align-items: center;
    gap: ${space.xxxl};
    padding: ${space.xxxl} clamp(${space.xxl}, 6vw, 96px);
  }
`;

/** The brand is the page's banner landmark (axe 'region': no content outside a landmark). */
const StyledBrand = styled('header')`
  position: relative;
  z-index: 1;
  display: flex;
  align-items: center;
  gap: ${space.md};
  ${media.md} {
    flex-direction: column;
    align-items: stretch;
    gap: ${space.xl};
    max-width: 560px;
    justify-self: center;
  }
`;

const StyledBrandText = styled('div')`
  flex: 1 1 auto;
  min-width: 0;
  ${columnCss(space.md)}
  ${media.md} { gap: ${space.xl}; }
`;

const StyledLogo = styled('div')`
  display: flex;
  align-items: center;
  gap: ${space.md};
  font-size: ${fontSizes.xl};
  font-weight: ${fontWeights.bold};
  letter-spacing: -0.01em;
  & > img { width: 40px; height: 40px; }
`;

const StyledTagline = styled('p')`
  font-size: ${fontSizes.md};
  line-height: 1.4;
  color: rgba(255, 255, 255, 0.88);
  ${media.md} {
    font-size: ${fontSizes.xxl};
    font-weight: ${fontWeights.semibold};
    color: ${colors.onPrimary};
  }
`;

const StyledIllustration = styled('img')`
  display: none;
  ${media.md} {
    display: block;
    width: 100%;
    max-width: 520px;
    height: auto;
  }
`;

const StyledPhoneIllustration = styled('img')`
  flex: none;
  width: 88px;
  height: auto;
  pointer-events: none;
  ${media.md} {
    display: none;
  }
`;

const StyledCard = styled('main')<{ $wide: boolean }>`
  position: relative;
  z-index: 1;
  width: 100%;
  max-width: ${(p) => (p.$wide ? layout.wizardCardWidth : layout.authCardWidth)};
  justify-self: center;
  padding: ${space.xl} ${space.lg};
  border-radius: ${radii.lg};
  background: ${colors.surface};
  color: ${colors.text};
  box-shadow: ${shadows.card};
  ${media.md} {
    padding: ${space.xxl};
  }
`;

type AuthLayoutProps = {
  children: ReactNode;
  /** The signup wizards use a wider card (two fields per row). */
  wide?: boolean;
};

export function AuthLayout({ children, wide = false }: AuthLayoutProps) {
  return (
    <StyledPage $wide={wide}>
      <StyledBrand>
        <StyledBrandText>
          <StyledLogo>
            <img src="/logo-inverse.svg" alt="" width={40} height={40} />
            <span>{ptBR.app.name}</span>
          </StyledLogo>
          <StyledTagline>{ptBR.app.tagline}</StyledTagline>
        </StyledBrandText>
        <StyledPhoneIllustration src="/signup-image.svg" alt="" width={88} height={74} data-testid="auth-phone-illustration" />
        <StyledIllustration src="/signup-image.svg" alt="" width={520} height={440} />
      </StyledBrand>
      <StyledCard $wide={wide}>{children}</StyledCard>
    </StyledPage>
  );
}

const StyledHeading = styled('div')`
  ${columnCss(space.xs)}
  margin-bottom: ${space.xl};
`;

const StyledTitle = styled('h1')`
  font-size: ${fontSizes.xl};
  font-weight: ${fontWeights.bold};
  letter-spacing: -0.01em;
  line-height: 1.25;
  ${media.md} { font-size: ${fontSizes.xxl}; }
`;

const StyledSubtitle = styled('p')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

type AuthHeadingProps = {
  title: string;
  subtitle?: string;
};

/** The card's title (the page's h1) and a short line under it. */
export function AuthHeading({ title, subtitle }: AuthHeadingProps) {
  return (
    <StyledHeading>
      <StyledTitle>{title}</StyledTitle>
      {subtitle ? <StyledSubtitle>{subtitle}</StyledSubtitle> : null}
    </StyledHeading>
  );
}
