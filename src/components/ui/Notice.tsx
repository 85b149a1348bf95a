/**
 * The one notice for a place whose content is not there: loading, empty, failed, or a search without results.
 *
 * A failed read is silent (SPEC §7: no toast) and neutral: the same quiet box as the other kinds, with a warning
 * glyph and 'Tentar novamente', never an error colour. Each kind speaks for itself to assistive technology: loading,
 * empty and no results are a polite status, a failure an alert. Pass `announce={false}` where another live region
 * already says it (a search box) or where the notice is static content (an empty chart).
 */
import { useId, type ReactNode } from 'react';
import { styled } from 'goober';
import { ptBR } from '../../lib/i18n/pt-BR';
import { colors, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { Button } from './Button';
import { Icon, type IconName } from './Icon';
import { Spinner } from './Spinner';

type NoticeKind = 'loading' | 'empty' | 'failed' | 'noResults';

const StyledNotice = styled('div')<{ $compact: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${space.sm};
  padding: ${(p) => (p.$compact ? space.md : `${space.xxl} ${space.lg}`)};
  border: 1px dashed ${colors.borderStrong};
  border-radius: ${radii.md};
  background: ${colors.primaryTint};
  text-align: center;
`;

const StyledBadge = styled('span')<{ $compact: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${(p) => (p.$compact ? '40px' : '48px')};
  height: ${(p) => (p.$compact ? '40px' : '48px')};
  border-radius: 50%;
  background: ${colors.primarySoft};
  color: ${colors.primary};
`;

const StyledTitle = styled('p')`
  font-size: ${fontSizes.md};
  font-weight: ${fontWeights.semibold};
  color: ${colors.text};
`;

const StyledText = styled('p')`
  max-width: 420px;
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

const StyledActions = styled('div')`
  margin-top: ${space.xs};
`;

/** The spinner while loading, the warning glyph on a failure, else the given glyph or the kind's own. */
function glyphOf(kind: NoticeKind, icon: IconName | undefined): IconName | null {
  if (kind === 'loading') return null;
  if (kind === 'failed') return 'alert';
  return icon ?? (kind === 'noResults' ? 'search' : 'status');
}

type NoticeProps = {
  kind: NoticeKind;
  title: string;
  text?: string;
  /** The glyph of an empty or no-results notice (a failure always shows the warning glyph). */
  icon?: IconName;
  /** A failed notice offers 'Tentar novamente' with this. */
  onRetry?: () => void;
  /** Another way forward, e.g. 'Cadastrar paciente' on an empty list. */
  action?: ReactNode;
  /** Less padding and a smaller glyph, for a notice inside a small panel or a chart. */
  compact?: boolean;
  /** False where another live region already speaks, or the notice is static content. */
  announce?: boolean;
};

export function Notice({ kind, title, text, icon, onRetry, action, compact = false, announce = true }: NoticeProps) {
  const titleId = useId();
  const role = announce ? (kind === 'failed' ? 'alert' : 'status') : undefined;
  const glyph = glyphOf(kind, icon);
  return (
    <StyledNotice $compact={compact} role={role} aria-labelledby={role ? titleId : undefined}>
      {glyph === null ? (
        <Spinner size={28} />
      ) : (
        <StyledBadge $compact={compact}>
          <Icon name={glyph} size={compact ? 22 : 24} />
        </StyledBadge>
      )}
      <StyledTitle id={titleId}>{title}</StyledTitle>
      {text ? <StyledText>{text}</StyledText> : null}
      {kind === 'failed' && onRetry ? (
        <StyledActions>
          <Button variant="secondary" onClick={onRetry}>
            {ptBR.common.retry}
          </Button>
        </StyledActions>
      ) : null}
      {action ? <StyledActions>{action}</StyledActions> : null}
    </StyledNotice>
  );
}
