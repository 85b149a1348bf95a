/**
 * Under a paged surgery list (/surgery-status, 'Alterações de status'): how many cases are shown of how many, a quiet
 * note when the last 'Carregar mais' failed, and 'Carregar mais' while there are more. Nothing until the first page
 * has rows.
 */
import { styled } from 'goober';
import { Button } from '../ui/Button';
import { ListFooter } from '../ui/ListPager';
import { fill } from '../../lib/i18n/pt-BR';
import { surgeriesTexts } from '../../lib/i18n/surgeries';
import { colors } from '../../lib/theme';
import type { SurgeryListState } from '../../lib/surgeries/useSurgeryList';

const T = surgeriesTexts.status;

/** A failed page is a failed read: neutral (SPEC §7), only set apart from the muted count. */
const StyledMoreError = styled('span')`
  color: ${colors.text};
`;

export function SurgeryListFooter({ list }: { list: SurgeryListState }) {
  if (list.status !== 'ready' || list.items.length === 0) return null;
  return (
    <ListFooter>
      <span role="status">
        {list.count !== null
          ? fill(T.shownOf, { shown: list.items.length, total: list.count })
          : fill(T.shown, { shown: list.items.length })}
      </span>
      {list.moreFailed ? <StyledMoreError>{surgeriesTexts.table.failed}</StyledMoreError> : null}
      {list.hasMore ? (
        <Button variant="secondary" onClick={list.loadMore} loading={list.loadingMore}>
          {list.loadingMore ? T.loadingMore : T.loadMore}
        </Button>
      ) : null}
    </ListFooter>
  );
}
