/**
 * The footer of a list read in numbered pages ('Auditoria', 'A receber'): how many rows and which page, announced as
 * a status, and 'Anterior' / 'Próxima' while there is more than one page. The page owns the page number (in its
 * URL); `onPage` asks for another one.
 */
import { styled } from 'goober';
import { plural } from '../../../machines/rules/plural';
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
  /** The navigation landmark's name, e.g. 'Páginas da auditoria'. */
  pagination: string;
  /** The rows counted, e.g. { one: '{count} registro', other: '{count} registros' }. */
  count: { one: string; other: string };
  /** With `{page}` and `{pages}`, e.g. 'Página {page} de {pages}'. */
  pageOf: string;
  previous: string;
  next: string;
};

/** What a paged list answer says of its pages. */
type PagedAnswer = { count: number; page: number; page_size: number };

type ListPagerProps = {
  /** The last answer; nothing is shown before it comes or when it counts no row. */
  answer: PagedAnswer | null;
  texts: ListPagerTexts;
  /** Asks for another page: undefined for the first one (the URL leaves it out). */
  onPage: (page: number | undefined) => void;
};

export function ListPager({ answer, texts, onPage }: ListPagerProps) {
  if (!answer || answer.count === 0) return null;
  const { page } = answer;
  const pages = Math.max(1, Math.ceil(answer.count / answer.page_size));
  const goTo = (next: number) => onPage(next > 1 ? next : undefined);
  return (
    <ListFooter as="nav" aria-label={texts.pagination}>
      <span role="status">
        {plural(answer.count, texts.count)} · {fill(texts.pageOf, { page, pages })}
      </span>
      {pages > 1 ? (
        <StyledPageButtons>
          <Button variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            {texts.previous}
          </Button>
          <Button variant="secondary" disabled={page >= pages} onClick={() => goTo(page + 1)}>
            {texts.next}
          </Button>
        </StyledPageButtons>
      ) : null}
    </ListFooter>
  );
}
