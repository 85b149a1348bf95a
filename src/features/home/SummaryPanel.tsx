/**
 * 'Resumo' of the doctor home (SPEC §2, DECISIONS §5): Cirurgias autorizadas (agendamento, realizacao, pagamento),
 * Cirurgia pendentes (ind_paciente to autorizacao), Valor recebido no mês and Honorários a receber, in BRL, and the
 * ledger's 'Em aberto' (issue 33 item 15). Each figure has one line under it saying what it counts; the definitions
 * are docs/LEDGER.md's "The figures, one definition each".
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
import { columnCss } from '../../components/ui/cssParts';

const T = homeTexts.summary;

/**
 * Laid out by the panel's own width: on a phone the two counts share a row and each amount in reais gets a whole
 * row (a BRL amount never breaks); wider, two per row; on a desktop, the two counts in the first row and the three
 * amounts in the second.
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
  @container (min-width: 760px) {
    grid-template-columns: repeat(6, minmax(0, 1fr));
    & > * { grid-column: span 3; }
    & > [data-money] { grid-column: span 2; }
  }
`;

const StyledFigure = styled('div')`
  ${columnCss(space.sm)}
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
  & > dd[data-note] {
    margin: 0;
    font-size: ${fontSizes.sm};
    color: ${colors.textMuted};
    line-height: 1.4;
  }
  & > dd:not([data-note]) {
    margin: 0;
    font-size: ${fontSizes.xl};
    font-weight: ${fontWeights.bold};
    color: ${colors.text};
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
`;

type Figure = { key: string; label: string; note: string; icon: IconName; value: string | null; money?: boolean };
type DashboardData = Extract<DashboardState, { status: 'ready' }>['value']['data'];

type SummaryPanelProps = {
  dashboard: DashboardState;
  onRetry: () => void;
};

/** The four figures; `data` null while loading, when each value is a bar of the same line (issue 11 item 16). */
function figuresOf(data: DashboardData | null): Figure[] {
  return [
    {
      key: 'authorized',
      label: T.authorized,
      note: T.notes.authorized,
      icon: 'shieldCheck',
      value: data ? String(data.authorized_surgery) : null,
    },
    { key: 'pending', label: T.pending, note: T.notes.pending, icon: 'clock', value: data ? String(data.pending_surgery) : null },
    {
      key: 'received',
      label: T.receivedMonth,
      note: T.notes.receivedMonth,
      icon: 'banknote',
      value: data ? formatBRL(data.payment_done_month) : null,
      money: true,
    },
    {
      key: 'fees',
      label: T.feesToReceive,
      note: T.notes.feesToReceive,
      icon: 'wallet',
      value: data ? formatBRL(data.fees_payments_month) : null,
      money: true,
    },
    {
      key: 'open',
      label: T.open,
      note: T.notes.open,
      icon: 'fileText',
      value: data ? formatBRL(data.open_amount) : null,
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
              <dd data-note="">{figure.note}</dd>
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
