/** The quiet line a form shows when it reopened with a draft: 'Rascunho restaurado.' and 'Descartar rascunho'. */
import { styled } from 'goober';
import { ptBR } from '../../lib/i18n/pt-BR';
import { colors, fontSizes, radii, space } from '../../lib/theme';
import { Icon } from './Icon';
import { textButtonCss } from './singleFileUpload';

const T = ptBR.drafts;

const StyledNotice = styled('div')`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space.xs} ${space.sm};
  padding: ${space.xs} ${space.md};
  border-radius: ${radii.md};
  background: ${colors.primaryTint};
  color: ${colors.text};
  font-size: ${fontSizes.sm};
  & > svg { flex: none; color: ${colors.primary}; }
`;

const StyledDiscard = styled('button')`
  ${textButtonCss}
  padding: 0 ${space.xs};
`;

export function DraftNotice({ onDiscard }: { onDiscard: () => void }) {
  return (
    <StyledNotice role="status">
      <Icon name="clock" size={16} />
      <span>{T.restored}</span>
      <StyledDiscard type="button" onClick={onDiscard}>
        {T.discard}
      </StyledDiscard>
    </StyledNotice>
  );
}
