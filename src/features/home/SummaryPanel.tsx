/**
 * 'Resumo' of the doctor home (SPEC §2, DECISIONS §5): Cirurgias autorizadas (agendamento, realizacao, pagamento),
 * Cirurgia pendentes (ind_paciente to autorizacao), Valor recebido no mês and Honorários a receber, in BRL.
 */
import { styled } from 'goober';
import { Icon, type IconName } from '../../components/ui/Icon';
import { LoadingStatus, SkeletonBar } from '../../components/ui/Skeleton';
import { formatBRL } from '../../lib/format/money';
import { homeTexts } from '../../lib/i18n/home';
import { colors, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { Notice } from '../../components/ui/Notice';
import { HomePanel } from './HomePanel';
import type { DashboardState } from '../../lib/dashboard/useDashboard';

const T = homeTexts.summary;

/**
 * Laid out by the panel's own width: on a phone the two counts share a row and each amount in reais gets a whole
 * row (a BRL amount never breaks); wider, two per row; on a desktop, the four in one row.
 */
const StyledFrame = styled('div')`
  container-type: inline-size;
`;

const StyledFigures = styled('dl')`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${space.md};
  margin: 0;
  & > [data-money] { grid-column: 1 / -1; }
  @container (min-width: 440px) { & > [data-money] { grid-column: auto; } }
  @container (min-width: 760px) { grid-template-columns: repeat(4, minmax(0, 1fr)); }
`;

const StyledFigure = styled('div')`
  display: flex;
  flex-direction: column;
  gap: ${space.sm};
  min-width: 0;
  padding: ${space.lg};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  background: ${colors.primaryTint};
  & > dt {
    display: flex;
    align-items: center;
    gap: ${space.sm};
    font-size: ${fontSizes.sm};
    font-weight: ${fontWeights.semibold};
    color: ${colors.textMuted};
  }
  & > dt > svg { flex: none; color: ${colors.primary}; }
  & > dd {
    margin: 0;
    font-size: ${fontSizes.xl};
    font-weight: ${fontWeights.bold};
    color: ${colors.text};
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
`;

type Figure = { key: string; label: string; icon: IconName; value: string | null; money?: boolean };
type DashboardData = Extract<DashboardState, { status: 'ready' }>['value']['data'];

type SummaryPanelProps = {
  dashboard: DashboardState;
  onRetry: () => void;
};

/** The four figures; `data` null while loading, when each value is a bar of the same line (issue 11 item 16). */
function figuresOf(data: DashboardData | null): Figure[] {
  return [
    { key: 'authorized', label: T.authorized, icon: 'shieldCheck', value: data ? String(data.authorized_surgery) : null },
    { key: 'pending', label: T.pending, icon: 'clock', value: data ? String(data.pending_surgery) : null },
    {
      key: 'received',
      label: T.receivedMonth,
      icon: 'banknote',
      value: data ? formatBRL(data.payment_done_month) : null,
      money: true,
    },
    {
      key: 'fees',
      label: T.feesToReceive,
      icon: 'wallet',
      value: data ? formatBRL(data.fees_payments_month) : null,
      money: true,
    },
  ];
}

export function SummaryPanel({ dashboard, onRetry }: SummaryPanelProps) {
  let body;
  if (dashboard.status === 'error') {
    body = <Notice kind="failed" title={T.failed} onRetry={onRetry} compact />;
  } else {
    const loading = dashboard.status === 'loading';
    body = (
      <StyledFrame>
        {loading ? <LoadingStatus text={T.loading} /> : null}
        <StyledFigures aria-hidden={loading || undefined}>
          {figuresOf(loading ? null : dashboard.value.data).map((figure) => (
            <StyledFigure key={figure.key} data-figure={figure.key} data-money={figure.money || undefined}>
              <dt>
                <Icon name={figure.icon} size={18} />
                {figure.label}
              </dt>
              <dd>{figure.value ?? <SkeletonBar width={figure.money ? '8ch' : '2ch'} />}</dd>
            </StyledFigure>
          ))}
        </StyledFigures>
      </StyledFrame>
    );
  }
  return (
    <HomePanel title={T.title} busy={dashboard.status === 'loading'}>
      {body}
    </HomePanel>
  );
}
