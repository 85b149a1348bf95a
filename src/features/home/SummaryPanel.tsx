/**
 * 'Resumo' of the doctor home (SPEC §2, DECISIONS §5): Cirurgias autorizadas (agendamento, realizacao, pagamento),
 * Cirurgia pendentes (ind_paciente to autorizacao), Valor recebido no mês and Honorários a receber, in BRL.
 */
import { styled } from 'goober';
import { Icon, type IconName } from '../../components/ui/Icon';
import { formatBRL } from '../../lib/format/money';
import { homeTexts } from '../../lib/i18n/home';
import { colors, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { HomeNotice } from './HomeNotice';
import { HomePanel } from './HomePanel';
import type { DashboardState } from '../dashboard/useDashboard';

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

type Figure = { key: string; label: string; icon: IconName; value: string; money?: boolean };

type SummaryPanelProps = {
  dashboard: DashboardState;
  onRetry: () => void;
};

export function SummaryPanel({ dashboard, onRetry }: SummaryPanelProps) {
  let body;
  if (dashboard.status === 'loading') {
    body = <HomeNotice kind="loading" text={T.loading} compact />;
  } else if (dashboard.status === 'error') {
    body = <HomeNotice kind="failed" text={T.failed} onRetry={onRetry} compact />;
  } else {
    const data = dashboard.value.data;
    const figures: Figure[] = [
      { key: 'authorized', label: T.authorized, icon: 'shieldCheck', value: String(data.authorized_surgery) },
      { key: 'pending', label: T.pending, icon: 'clock', value: String(data.pending_surgery) },
      {
        key: 'received',
        label: T.receivedMonth,
        icon: 'banknote',
        value: formatBRL(data.payment_done_month),
        money: true,
      },
      { key: 'fees', label: T.feesToReceive, icon: 'wallet', value: formatBRL(data.fees_payments_month), money: true },
    ];
    body = (
      <StyledFrame>
        <StyledFigures>
          {figures.map((figure) => (
            <StyledFigure key={figure.key} data-figure={figure.key} data-money={figure.money || undefined}>
              <dt>
                <Icon name={figure.icon} size={18} />
                {figure.label}
              </dt>
              <dd>{figure.value}</dd>
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
