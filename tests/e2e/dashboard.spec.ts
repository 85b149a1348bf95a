import { expect, test, type Page } from '@playwright/test';
import { clickNavLink, DEMO_MEDIC, DEMO_PASSWORD, signIn, signUpMedic } from './helpers';

/**
 * /all-data (SPEC §2 Dashboard): the demo medic's widgets hold the API's figures and every chart draws one arc or bar
 * per item of its list; a medic without cases sees 'Dados não disponíveis!' in all eight charts; on a phone the
 * charts stack inside the screen.
 */

type GraphItem = { name: string; value: number };
type Dashboard = {
  data: {
    pending_surgery_value: number;
    payment_done: number;
    distribution: Record<string, number>;
    middle_time: number | null;
  };
  dash_graph: Record<string, GraphItem[]>;
};

/** The eight charts: accessible name, the list that feeds it, and what one item draws. */
const CHARTS: Array<{ name: string; list: string; mark: 'path[data-arc]' | 'rect[data-bar]' }> = [
  { name: 'Valores a receber', list: 'valores_a_receber', mark: 'path[data-arc]' },
  { name: 'Valores recebidos', list: 'valores_recebidos', mark: 'path[data-arc]' },
  { name: 'Cirurgias por convênio: Previstas', list: 'qtd_convenio_prev', mark: 'rect[data-bar]' },
  { name: 'Cirurgias por convênio: Realizadas', list: 'qtd_convenio_real', mark: 'rect[data-bar]' },
  { name: 'Cirurgias por hospital: Previstas', list: 'qtd_hospital_prev', mark: 'rect[data-bar]' },
  { name: 'Cirurgias por hospital: Realizadas', list: 'qtd_hospital_real', mark: 'rect[data-bar]' },
  { name: 'Cirurgias por procedimentos: Previstas', list: 'qtd_procedim_prev', mark: 'rect[data-bar]' },
  { name: 'Cirurgias por procedimentos: Realizadas', list: 'qtd_procedim_real', mark: 'rect[data-bar]' },
];

const brl = (value: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2 }).format(value);
const days = (value: number | null) =>
  value === null ? '—' : new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(value);

async function openDashboard(page: Page): Promise<void> {
  // The layout is drawn before deciding between the side rail and the phone menu.
  await expect(page.getByRole('banner')).toBeVisible();
  await clickNavLink(page, 'Dashboard');
  await expect(page).toHaveURL(/\/all-data$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** GET dashboard/ with the token the page holds. */
async function dashboardOf(page: Page): Promise<Dashboard> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const answer = await page.request.get('/surgery/api/v1/dashboard/', { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as Dashboard;
}

async function expectWidget(page: Page, label: string, value: string): Promise<void> {
  const term = page.locator('dt', { hasText: label });
  await expect(term).toHaveCount(1);
  await expect(term.locator('+ dd')).toHaveText(value);
}

test.describe('dashboard (/all-data)', () => {
  test('the demo medic sees the API’s figures and every chart drawn', async ({ page }) => {
    await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await openDashboard(page);
    const dashboard = await dashboardOf(page);
    const { data, dash_graph: graph } = dashboard;

    const total = Object.values(data.distribution).reduce((sum, count) => sum + count, 0);
    expect(total).toBeGreaterThan(0);
    await expectWidget(page, 'Recebimento previsto(R$)', brl(data.pending_surgery_value));
    await expectWidget(page, 'Valor recebido (R$)', brl(data.payment_done));
    await expectWidget(page, 'Quantidade de cirurgias', new Intl.NumberFormat('pt-BR').format(total));
    await expectWidget(page, 'Tempo médio (dias/cirurgias)', days(data.middle_time));

    let drawn = 0;
    for (const chart of CHARTS) {
      const figure = page.getByRole('figure', { name: chart.name, exact: true });
      await expect(figure, chart.name).toBeVisible();
      const items = graph[chart.list]!;
      await expect(figure.locator(chart.mark), chart.name).toHaveCount(items.length);
      await expect(figure.getByText('Dados não disponíveis!'), chart.name).toHaveCount(items.length === 0 ? 1 : 0);
      drawn += items.length;
    }
    // The demo practice has cases in every part of the pipeline: most charts have something to draw.
    expect(drawn).toBeGreaterThan(10);

    // The money legends name every plan with its value in R$.
    const legend = page.getByRole('figure', { name: 'Valores a receber', exact: true }).getByRole('listitem');
    const toReceive = graph.valores_a_receber!;
    await expect(legend).toHaveCount(toReceive.length);
    for (const [index, item] of toReceive.entries()) {
      await expect(legend.nth(index)).toContainText(item.name);
      await expect(legend.nth(index)).toContainText(brl(item.value));
    }
    // The count charts' text alternative lists each name with its count.
    const byPlan = page.getByRole('figure', { name: 'Cirurgias por convênio: Previstas', exact: true });
    const planned = graph.qtd_convenio_prev!;
    await expect(byPlan.getByRole('list').getByRole('listitem')).toHaveCount(planned.length);
    if (planned[0]) await expect(byPlan.getByRole('listitem').first()).toContainText(`${planned[0].name}: ${planned[0].value}`);

    // Each chart's total says what it sums (issue 11, item 4): a convênio bar holds each case once, so its total is
    // surgeries; a surgery with several procedures is in several procedure bars, so their total is procedures.
    const count = (items: GraphItem[]) => new Intl.NumberFormat('pt-BR').format(items.reduce((sum, item) => sum + item.value, 0));
    const unit = (items: GraphItem[], one: string, many: string) =>
      items.reduce((sum, item) => sum + item.value, 0) === 1 ? `1 ${one}` : `${count(items)} ${many}`;
    if (planned.length) await expect(byPlan.getByText(unit(planned, 'cirurgia', 'cirurgias'), { exact: true })).toBeVisible();
    const byProcedure = page.getByRole('figure', { name: 'Cirurgias por procedimentos: Previstas', exact: true });
    const procedures = graph.qtd_procedim_prev!;
    expect(procedures.length).toBeGreaterThan(0);
    await expect(byProcedure.getByText(unit(procedures, 'procedimento', 'procedimentos'), { exact: true })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Cirurgias por procedimentos' }).getByText(
        'Cada barra conta as cirurgias com aquele procedimento; uma cirurgia com mais de um procedimento conta em cada um.',
      ),
    ).toBeVisible();
    // The demo's procedures are one catalogue: no two bars share a name, case and accents aside (issue 11, item 9).
    const names = procedures.map((item) => item.name.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  test('a medic with no case sees "Dados não disponíveis!" in all eight charts', async ({ page, request }) => {
    const medic = await signUpMedic(request, { label: 'dra.painel', firstName: 'Lívia', lastName: 'Painel', password: 'Painel@2026', state: 'MG' });
    await signIn(page, medic.email, medic.password);
    await expect(page).toHaveURL(/\/$/);
    await openDashboard(page);
    for (const chart of CHARTS) {
      const figure = page.getByRole('figure', { name: chart.name, exact: true });
      await expect(figure.getByText('Dados não disponíveis!'), chart.name).toBeVisible();
      await expect(figure.locator('path[data-arc], rect[data-bar]'), chart.name).toHaveCount(0);
    }
    await expect(page.getByText('Dados não disponíveis!')).toHaveCount(8);
    await expectWidget(page, 'Recebimento previsto(R$)', brl(0));
    await expectWidget(page, 'Valor recebido (R$)', brl(0));
    await expectWidget(page, 'Quantidade de cirurgias', '0');
    // No concluded case: no average to show (issue 11, item 8).
    await expectWidget(page, 'Tempo médio (dias/cirurgias)', '—');
  });

  test('on a phone the charts stack and fit the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await openDashboard(page);
    await expect(page.locator('path[data-arc]').first()).toBeVisible();
    const boxes = [];
    for (const chart of CHARTS) {
      const box = await page.getByRole('figure', { name: chart.name, exact: true }).boundingBox();
      expect(box, chart.name).not.toBeNull();
      boxes.push(box!);
    }
    for (const box of boxes) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    // One column: every chart starts below the previous one.
    for (let i = 1; i < boxes.length; i += 1) expect(boxes[i]!.y).toBeGreaterThan(boxes[i - 1]!.y + boxes[i - 1]!.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
