import { styled } from 'goober';
import { colors, fontSizes, fontWeights, radii, shadows, space } from '../../lib/theme';
import { ptBR } from '../../lib/i18n/pt-BR';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { iconBoxCss } from '../ui/cssParts';

const StyledWrapper = styled('div')`
  min-height: 100vh;
  min-height: 100dvh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${space.lg};
  background: ${colors.background};
`;

const StyledCard = styled('div')`
  max-width: 420px;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space.lg};
  padding: ${space.xxl} ${space.xl};
  border-radius: ${radii.lg};
  background: ${colors.surface};
  box-shadow: ${shadows.card};
  text-align: center;
`;

const StyledIcon = styled('span')`
  ${iconBoxCss('56px')}
  border-radius: 50%;
  background: ${colors.dangerSoft};
  color: ${colors.danger};
`;

const StyledTitle = styled('h1')`
  font-size: ${fontSizes.xl};
  font-weight: ${fontWeights.bold};
`;

const StyledText = styled('p')`
  color: ${colors.textMuted};
`;

/** Last-resort screen for an error no page handled (e.g. a route chunk that failed to download after a deploy). */
export function RouteError() {
  function handleReload() {
    window.location.reload();
  }
  return (
    <StyledWrapper>
      <StyledCard role="alert">
        <StyledIcon>
          <Icon name="alert" size={28} />
        </StyledIcon>
        <StyledTitle>{ptBR.routeError.title}</StyledTitle>
        <StyledText>{ptBR.routeError.text}</StyledText>
        <Button onClick={handleReload}>{ptBR.routeError.reload}</Button>
      </StyledCard>
    </StyledWrapper>
  );
}
