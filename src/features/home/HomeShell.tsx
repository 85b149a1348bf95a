/**
 * The frame of both homes (SPEC §2 '/'): the primary-colour background with the signup image, the greeting with the
 * user's first name, and the role's panels below it (white cards on the teal). On a phone the image sits beside the
 * greeting, in its own column, never under the text (issue 11 item 12); from md up it floats in the greeting's
 * reserved right margin. On the visit's first page the panels render just after the greeting (DeferredOnFirstPage).
 */
import { styled } from 'goober';
import type { ReactNode } from 'react';
import { DeferredOnFirstPage } from '../../lib/DeferredOnFirstPage';
import { colors, fontSizes, fontWeights, layout, media, space } from '../../lib/theme';
import { fill } from '../../lib/i18n/pt-BR';
import { homeTexts } from '../../lib/i18n/home';
import { PanelsInOrder } from './panelOrder';
import { columnCss } from '../../components/ui/cssParts';

const StyledBackdrop = styled('div')`
  position: relative;
  flex: 1;
  display: flex;
  flex-direction: column;
  overflow: hidden;
  background: radial-gradient(circle at 85% 0%, ${colors.primaryHover} 0%, ${colors.primary} 35%, ${colors.primaryDeep} 100%);
`;

const StyledIllustration = styled('img')`
  flex: none;
  align-self: center;
  width: 96px;
  height: auto;
  pointer-events: none;
  ${media.md} {
    position: absolute;
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
  ${columnCss(space.lg)}
  ${media.md} { padding: ${space.xxl}; gap: ${space.xl}; }
`;

const StyledGreeting = styled('header')`
  display: flex;
  align-items: center;
  gap: ${space.md};
  min-height: 96px;
  color: ${colors.onPrimary};
  ${media.md} { min-height: 160px; padding-right: 280px; }
`;

const StyledGreetingText = styled('div')`
  flex: 1 1 auto;
  min-width: 0;
  ${columnCss(space.xs)}
  max-width: 560px;
  ${media.md} { max-width: none; }
`;

const StyledEyebrow = styled('h1')`
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${colors.accent};
`;

/** The greeting is a heading (under the page's h1), so a screen reader's list of headings starts with it. */
const StyledWelcome = styled('h2')`
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
      <StyledContent>
        <StyledGreeting>
          <StyledGreetingText>
            <StyledEyebrow>{homeTexts.title}</StyledEyebrow>
            <StyledWelcome>{fill(homeTexts.welcome, { name: firstName })}</StyledWelcome>
            <StyledIntro>{intro}</StyledIntro>
          </StyledGreetingText>
          <StyledIllustration src="/signup-image.svg" alt="" width={260} height={220} data-testid="home-hero" />
        </StyledGreeting>
        <PanelsInOrder>
          <DeferredOnFirstPage>{children}</DeferredOnFirstPage>
        </PanelsInOrder>
      </StyledContent>
    </StyledBackdrop>
  );
}
