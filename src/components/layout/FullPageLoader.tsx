import { styled } from 'goober';
import { colors, fontSizes, space } from '../../lib/theme';
import { ptBR } from '../../lib/i18n/pt-BR';
import { Spinner } from '../ui/Spinner';

const StyledLoader = styled('div')`
  min-height: 100vh;
  min-height: 100dvh;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${space.md};
  color: ${colors.textMuted};
  font-size: ${fontSizes.sm};
`;

/** Shown while a route waits (e.g. for the stored session to be restored). */
export function FullPageLoader() {
  return (
    <StyledLoader role="status">
      <Spinner size={32} />
      <span>{ptBR.app.loading}</span>
    </StyledLoader>
  );
}
