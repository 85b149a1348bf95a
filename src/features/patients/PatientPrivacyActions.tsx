/**
 * The patient's privacy actions in 'Visualizar paciente' (issue 16 items 2 and 3; the medic only, the controller
 * under LGPD): 'Ver auditoria' opens /audit filtered to this patient, and 'Exportar dados do paciente (LGPD)'
 * downloads their data-subject archive with its progress. A secretary sees nothing here (the API answers her 404).
 */
import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { css, styled } from 'goober';
import { PatientArchiveButton } from '../../components/privacy/PatientArchiveButton';
import { Icon } from '../../components/ui/Icon';
import { auditTexts } from '../../lib/i18n/audit';
import { useSession } from '../../lib/session/session';
import { colors, focusRing, fontSizes, fontWeights, media, radii, space } from '../../lib/theme';
import { columnCss, eyebrowCss } from '../../components/ui/cssParts';

const T = auditTexts.privacy;

const StyledSection = styled('section')`
  ${columnCss(space.md)}
  margin-top: ${space.xl};
  padding-top: ${space.lg};
  border-top: 1px solid ${colors.border};
  & > h3 {
    margin: 0;
    ${eyebrowCss}
    color: ${colors.textMuted};
  }
`;

const StyledRow = styled('div')`
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: ${space.md};
  ${media.md} { flex-direction: row; align-items: flex-start; }
`;

const auditLinkClassName = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${space.sm};
  min-height: 44px;
  padding: 0 ${space.lg};
  border-radius: ${radii.md};
  color: ${colors.primary};
  font-size: ${fontSizes.md};
  font-weight: ${fontWeights.semibold};
  text-decoration: underline;
  text-underline-offset: 3px;
  &:hover { background: ${colors.primaryTint}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
`;

export function PatientPrivacyActions({ patientId }: { patientId: number }) {
  const { profile } = useSession();
  const headingId = useId();
  if (profile?.type !== 'medic') return null;
  return (
    <StyledSection aria-labelledby={headingId}>
      <h3 id={headingId}>{T.label}</h3>
      <StyledRow>
        <PatientArchiveButton patientId={patientId} />
        <Link to="/audit" search={{ patient: patientId }} className={auditLinkClassName}>
          <Icon name="shieldCheck" size={18} />
          {T.seeAudit}
        </Link>
      </StyledRow>
    </StyledSection>
  );
}
