/**
 * /all-data (medic; SPEC §2 Dashboard): the four 'Dados gerais' widgets and eight charts from
 * GET /surgery/api/v1/dashboard/ (every figure and list as getDashboard's contract defines it). No pagination.
 *
 * Issue 14: a 'Período' control on top (kept in the URL by the route: `search`, `onSearchChange`) that every figure
 * follows, 'Exportar CSV' of the period, and after the SPEC charts the four money views ('Recebíveis e glosas').
 *
 * Layout: the widgets; the two money donuts side by side ('Valores a receber', 'Valores recebidos'); then one section
 * per count chart pair ('Cirurgias por convênio', 'por hospital', 'por procedimentos'), each with 'Previstas' and
 * 'Realizadas' side by side; then 'Cirurgias perdidas por motivo' (issue 13: the cancelled and archived cases by the
 * reason given when they were closed). Below about 720 px of content everything stacks in one column.
 * A failed read shows a neutral notice with a retry and no toast (SPEC §7).
 */
import { styled } from 'goober';
import { Page } from '../../components/layout/Page';
import { Notice } from '../../components/ui/Notice';
import { dashboardTexts as T } from '../../lib/i18n/dashboard';
import { colors, fontSizes, space } from '../../lib/theme';
import type { Dashboard } from '../../api/dashboard';
import { StyledChartGrid } from './components/chartLayout';
import { proceduresLabel } from './components/BarChart';
import { CountChartPair } from './components/CountChartPair';
import { LostByReasonPanel } from './components/LostByReasonPanel';
import { MoneyPanels } from './components/MoneyPanels';
import { PeriodControl } from './components/PeriodControl';
import { PieChart } from './components/PieChart';
import { Widgets } from './components/Widgets';
import { chartColor, colorsByName } from './chartColors';
import { dashboardWidgets, isAllDataShape, type GraphItem } from '../../lib/dashboard/figures';
import type { DashboardSearch } from '../../lib/dashboard/period';
import { useDashboard } from '../../lib/dashboard/useDashboard';
import { columnCss } from '../../components/ui/cssParts';

const StyledNote = styled('p')`
  margin-bottom: -${space.md};
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

const StyledCounts = styled('div')`
  ${columnCss(space.xxl)}
`;

function DashboardContent({ dashboard }: { dashboard: Dashboard }) {
  const graph = dashboard.dash_graph;
  // The money charts and 'Cirurgias por convênio' all name plans (or payment sources): one colour per name across them.
  const planColor = colorOf(graph.valores_a_receber, graph.valores_recebidos, graph.qtd_convenio_prev, graph.qtd_convenio_real);
  const hospitalColor = colorOf(graph.qtd_hospital_prev, graph.qtd_hospital_real);
  const procedureColor = colorOf(graph.qtd_procedim_prev, graph.qtd_procedim_real);
  return (
    <>
      <Widgets widgets={dashboardWidgets(dashboard.data)} />
      <StyledChartGrid>
        <PieChart title={T.charts.toReceive} items={graph.valores_a_receber} colorOf={planColor} />
        <PieChart title={T.charts.received} items={graph.valores_recebidos} colorOf={planColor} />
      </StyledChartGrid>
      <StyledCounts>
        <StyledNote>{T.charts.seriesNote}</StyledNote>
        <CountChartPair
          title={T.charts.byPlan}
          planned={graph.qtd_convenio_prev}
          carriedOut={graph.qtd_convenio_real}
          colorOf={planColor}
        />
        <CountChartPair
          title={T.charts.byHospital}
          planned={graph.qtd_hospital_prev}
          carriedOut={graph.qtd_hospital_real}
          colorOf={hospitalColor}
        />
        <CountChartPair
          title={T.charts.byProcedure}
          planned={graph.qtd_procedim_prev}
          carriedOut={graph.qtd_procedim_real}
          colorOf={procedureColor}
          note={T.charts.procedureNote}
          totalLabel={proceduresLabel}
        />
        <LostByReasonPanel items={dashboard.lost_by_reason} />
        <MoneyPanels money={dashboard.money} />
      </StyledCounts>
    </>
  );
}

/** A colour lookup for the names of some lists, by first appearance (see ./chartColors.ts). */
function colorOf(...lists: ReadonlyArray<readonly GraphItem[]>): (name: string) => string {
  const palette = colorsByName(lists.flat().map((item) => item.name));
  return (name) => palette.get(name) ?? chartColor(palette.size);
}

const ALL_TIME: DashboardSearch = {};

type DashboardPageProps = {
  /** The period (the route's URL search; absent: all time). */
  search?: DashboardSearch;
  onSearchChange?: (search: DashboardSearch) => void;
};

/** The page while what it shows is not known yet (a custom period being checked). */
export function DashboardLoading() {
  return (
    <Page title={T.title}>
      <Notice kind="loading" title={T.loading} />
    </Page>
  );
}

export function DashboardPage({ search = ALL_TIME, onSearchChange = () => {} }: DashboardPageProps) {
  const { state, retry } = useDashboard(search, isAllDataShape);
  return (
    <Page title={T.title}>
      <PeriodControl search={search} onChange={onSearchChange} applied={state.status === 'ready' ? state.value.period : null} />
      {state.status === 'loading' ? (
        <Notice kind="loading" title={T.loading} />
      ) : state.status === 'error' ? (
        <Notice kind="failed" title={T.failedTitle} text={T.failedText} onRetry={retry} />
      ) : (
        <DashboardContent dashboard={state.value} />
      )}
    </Page>
  );
}
