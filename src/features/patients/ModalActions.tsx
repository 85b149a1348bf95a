/**
 * The actions row of the patient modals. From md up: one row, the `start` actions on the left and the `end` ones on
 * the right (the last one is the main action). On phones, where height is scarce: the `end` actions stacked
 * full-width with the main one on top, and the `start` actions side by side under them.
 */
import type { ReactNode } from 'react';
import { styled } from 'goober';
import { media, space } from '../../lib/theme';
import { columnCss } from '../../components/ui/cssParts';

const StyledActions = styled('div')`
  ${columnCss(space.sm)}
  ${media.md} {
    flex-direction: row;
    align-items: center;
    justify-content: space-between;
    gap: ${space.md};
  }
`;

const StyledGroup = styled('div')<{ $side: 'start' | 'end' }>`
  display: flex;
  flex-direction: ${(p) => (p.$side === 'end' ? 'column-reverse' : 'row')};
  gap: ${space.sm};
  order: ${(p) => (p.$side === 'end' ? 0 : 1)};
  & > * { flex: 1 1 0; }
  & button { width: 100%; }
  ${media.md} {
    flex-direction: row;
    order: 0;
    & > * { flex: none; }
    & button { width: auto; }
  }
`;

type ModalActionsProps = {
  /** Secondary actions (Cancelar, Voltar, Deletar). */
  start: ReactNode;
  /** The forward actions, the main one last. */
  end: ReactNode;
};

export function ModalActions({ start, end }: ModalActionsProps) {
  return (
    <StyledActions>
      <StyledGroup $side="start">{start}</StyledGroup>
      <StyledGroup $side="end">{end}</StyledGroup>
    </StyledActions>
  );
}
