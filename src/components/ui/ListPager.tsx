/**
 * The footer of a list read in numbered pages ('Auditoria', 'A receber'): how many rows and which page, announced as
 * a status, and 'Anterior' / 'Próxima' while there is more than one page. The page owns the page number (in its
 * URL); `onPage` asks for another one.
 */
import { styled } from 'goober';
import { fill } from '../../lib/i18n/pt-BR';
import { colors, fontSizes, space } from '../../lib/theme';
import { Button } from './Button';
import { spreadRowCss } from './cssParts';

/**
 * The row under a list, shared with the surgery lists' footer (SurgeryListFooter): its count on one side, its
 * buttons on the other, muted small text. `as` picks the element (a `div` unless told; the pager is a `nav`).
 */
export const ListFooter = styled('div')<{ as?: 'div' | 'nav' }>`
  ${spreadRowCss(space.md)}
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

const StyledPageButtons = styled('div')`
  display: flex;
  gap: ${space.sm};
  align-items: center;
`;

type ListPagerTexts = {
  /** With `{page}` and `{pages}`, e.g. 'Página {page} de {pages}'. */
  pageOf: string;
  previous: string;
  next: string;
};

type ListPagerProps = {
  /** The navigation landmark's name, e.g. 'Páginas da auditoria'. */
  label: string;
  /** The rows counted, already written out, e.g. '120 registros'. */
  countText: string;
  page: number;
  pages: number;
  texts: ListPagerTexts;
  onPage: (page: number) => void;
};

export function ListPager({ label, countText, page, pages, texts, onPage }: ListPagerProps) {
  return (
    <ListFooter as="nav" aria-label={label}>
      <span role="status">
        {countText} · {fill(texts.pageOf, { page, pages })}
      </span>
      {pages > 1 ? (
        <StyledPageButtons>
          <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {texts.previous}
          </Button>
          <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {texts.next}
          </Button>
        </StyledPageButtons>
      ) : null}
    </ListFooter>
  );
}
