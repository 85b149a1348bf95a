/**
 * A signed-in page's content frame: the page title (the h1 of the screen) and its content, on the light background.
 */
import type { ReactNode } from 'react';
import { styled } from 'goober';
import { colors, fontSizes, fontWeights, layout, media, space } from '../../lib/theme';

const StyledPage = styled('div')`
  width: 100%;
  max-width: ${layout.contentMaxWidth};
  margin: 0 auto;
  padding: ${space.xl} ${space.lg};
  display: flex;
  flex-direction: column;
  gap: ${space.xl};
  ${media.md} { padding: ${space.xxl}; }
`;

const StyledTitle = styled('h1')`
  font-size: ${fontSizes.xl};
  font-weight: ${fontWeights.bold};
  letter-spacing: -0.01em;
  color: ${colors.text};
  ${media.md} { font-size: ${fontSizes.xxl}; }
`;

type PageProps = {
  title: string;
  children?: ReactNode;
};

export function Page({ title, children }: PageProps) {
  return (
    <StyledPage>
      <StyledTitle>{title}</StyledTitle>
      {children}
    </StyledPage>
  );
}
