/**
 * A signed-in page's content frame: the page title (the h1 of the screen), the page's actions beside it (e.g.
 * 'Exportar CSV'; below it on a phone) and its content, on the light background. On the visit's first page the
 * content renders just after the title (DeferredOnFirstPage).
 */
import type { ReactNode } from 'react';
import { styled } from 'goober';
import { colors, fontSizes, fontWeights, layout, media, space } from '../../lib/theme';
import { DeferredOnFirstPage } from '../../lib/DeferredOnFirstPage';
import { columnCss, spreadRowCss } from '../ui/cssParts';

const StyledPage = styled('div')`
  width: 100%;
  max-width: ${layout.contentMaxWidth};
  margin: 0 auto;
  padding: ${space.xl} ${space.lg};
  ${columnCss(space.xl)}
  ${media.md} { padding: ${space.xxl}; }
`;

const StyledTitle = styled('h1')`
  font-size: ${fontSizes.xl};
  font-weight: ${fontWeights.bold};
  letter-spacing: -0.01em;
  color: ${colors.text};
  ${media.md} { font-size: ${fontSizes.xxl}; }
`;

const StyledHeader = styled('div')`
  ${spreadRowCss(`${space.md} ${space.lg}`)}
`;

const StyledActions = styled('div')`
  display: flex;
  flex-wrap: wrap;
  gap: ${space.sm};
`;

type PageProps = {
  title: string;
  /** Buttons for the whole page, at the title's right. */
  actions?: ReactNode;
  children?: ReactNode;
};

export function Page({ title, actions, children }: PageProps) {
  return (
    <StyledPage>
      {actions ? (
        <StyledHeader>
          <StyledTitle>{title}</StyledTitle>
          <StyledActions>{actions}</StyledActions>
        </StyledHeader>
      ) : (
        <StyledTitle>{title}</StyledTitle>
      )}
      <DeferredOnFirstPage>{children}</DeferredOnFirstPage>
    </StyledPage>
  );
}
