/**
 * 'Distribuição por etapa (total)' of the doctor home (SPEC §2): the seven active stages, each a button with its icon,
 * label and count. A click opens /surgery-status with the stage in navigation state (`method`), where the list shows
 * that stage only and hides the filter.
 */
import { useNavigate } from '@tanstack/react-router';
import { styled } from 'goober';
import { ACTIVE_STATUSES, STATUS_LABELS, type ActiveStatus } from '../../../machines/constants';
import { Icon, type IconName } from '../../components/ui/Icon';
import { LoadingStatus, SkeletonBar } from '../../components/ui/Skeleton';
import { fill } from '../../lib/i18n/pt-BR';
import { homeTexts } from '../../lib/i18n/home';
import { colors, durations, focusRing, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { Notice } from '../../components/ui/Notice';
import { HomePanel } from './HomePanel';
import type { DashboardState } from '../../lib/dashboard/useDashboard';
import { iconBoxCss } from '../../components/ui/cssParts';

const T = homeTexts.distribution;

/** One icon per stage, drawn after what happens in it. */
export const STAGE_ICONS: Record<ActiveStatus, IconName> = {
  ind_paciente: 'clipboard',
  prep_doc: 'fileText',
  env_doc: 'send',
  autorizacao: 'shieldCheck',
  agendamento: 'calendar',
  realizacao: 'medicalCross',
  pagamento: 'banknote',
};

const StyledStages = styled('ol')`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 210px), 1fr));
  gap: ${space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StyledStage = styled('button')`
  display: flex;
  align-items: center;
  gap: ${space.md};
  width: 100%;
  min-height: 64px;
  padding: ${space.sm} ${space.md};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  background: ${colors.surface};
  text-align: left;
  cursor: pointer;
  transition: background ${durations.fast}, border-color ${durations.fast};
  &:hover:not(:disabled) { background: ${colors.primaryTint}; border-color: ${colors.primary}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
  &:disabled { cursor: default; }
`;

const StyledIcon = styled('span')`
  flex: none;
  ${iconBoxCss('40px')}
  border-radius: 50%;
  background: ${colors.primarySoft};
  color: ${colors.primary};
`;

const StyledLabel = styled('span')`
  flex: 1;
  min-width: 0;
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  line-height: 1.3;
  color: ${colors.text};
`;

const StyledCount = styled('span')`
  flex: none;
  min-width: 2ch;
  font-size: ${fontSizes.xl};
  font-weight: ${fontWeights.bold};
  font-variant-numeric: tabular-nums;
  text-align: right;
  color: ${colors.primary};
`;

type StageDistributionProps = {
  dashboard: DashboardState;
};

export function StageDistribution({ dashboard }: StageDistributionProps) {
  const navigate = useNavigate();

  function handleOpen(stage: ActiveStatus) {
    void navigate({ to: '/surgery-status', search: { stage }, state: { method: stage } });
  }

  let body;
  if (dashboard.status === 'loading') {
    // The final list with its counts still to come, so nothing below moves when they arrive (issue 11 item 16).
    body = (
      <>
        <LoadingStatus text={homeTexts.summary.loading} />
        <StyledStages aria-hidden="true">
          {ACTIVE_STATUSES.map((stage) => (
            <li key={stage}>
              <StyledStage type="button" disabled tabIndex={-1}>
                <StyledIcon>
                  <Icon name={STAGE_ICONS[stage]} size={20} />
                </StyledIcon>
                <StyledLabel>{STATUS_LABELS[stage]}</StyledLabel>
                <StyledCount>
                  <SkeletonBar width="2ch" />
                </StyledCount>
              </StyledStage>
            </li>
          ))}
        </StyledStages>
      </>
    );
  } else if (dashboard.status === 'error') {
    // The same read as 'Resumo' above, whose notice carries the one retry.
    body = <Notice kind="failed" title={homeTexts.summary.failed} compact />;
  } else {
    const { distribution } = dashboard.value.data;
    body = (
      <StyledStages>
        {ACTIVE_STATUSES.map((stage) => {
          const count = distribution[stage] ?? 0;
          return (
            <li key={stage}>
              <StyledStage
                type="button"
                data-stage={stage}
                aria-label={fill(T.open, { stage: STATUS_LABELS[stage], count })}
                onClick={() => handleOpen(stage)}
              >
                <StyledIcon>
                  <Icon name={STAGE_ICONS[stage]} size={20} />
                </StyledIcon>
                <StyledLabel>{STATUS_LABELS[stage]}</StyledLabel>
                <StyledCount>{count}</StyledCount>
              </StyledStage>
            </li>
          );
        })}
      </StyledStages>
    );
  }

  return (
    <HomePanel title={T.title} subtitle={T.hint} busy={dashboard.status === 'loading'}>
      {body}
    </HomePanel>
  );
}
