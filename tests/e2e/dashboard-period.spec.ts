import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { clickNavLink, DEMO_MEDIC, DEMO_PASSWORD, expectNoSeriousA11yViolations, signIn } from './helpers';
import { parseExcelCsv } from '../helpers/csv';

/**
 * /all-data's period (issue 14 item 4): as the demo medic, choose each period in 'Período' and see the widgets and
 * the money views hold the API's answer for that period; the URL keeps the period (a reload keeps it); a custom
 * range is checked with the API's messages; 'Exportar CSV' downloads the period's tables, read back as Excel pt-BR
 * reads them (UTF-8 BOM, `;`, decimal comma). Axe scan, and screenshots at 1366 and 390 px.
 */

type Money = {
  aging: Array<{ name: string; d0_30: number; d31_60: number; d61_90: number; d90_plus: number }>;
  glosas_by_payer: Array<{ name: string; expected: number; glosa: number; rate: number }>;
  glosas_by_reason: Array<{ code: string | null; name: string; glosas: number; glosa: number }>;
  days_to_payment: Array<{ name: string; median_days: number; cases: number }>;
  expected_vs_received: Array<{ month: string; expected: number; received: number }>;
};
type Dashboard = {
  period: { key: string; from: string | null; to: string | null };
  data: { pending_surgery_value: number; payment_done: number; distribution: Record<string, number>; middle_time: number | null };
  money: Money;
};

const brl = (value: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2 }).format(value);
const days = (value: number | null) => (value === null ? '—' : new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(value));
const brDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

async function openDashboard(page: Page): Promise<void> {
  await expect(page.getByRole('banner')).toBeVisible();
  await clickNavLink(page, 'Dashboard');
  await expect(page).toHaveURL(/\/all-data$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** GET dashboard/?query with the token the page holds. */
async function dashboardOf(page: Page, query: string): Promise<Dashboard> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const answer = await page.request.get(`/surgery/api/v1/dashboard/${query}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as Dashboard;
}

async function expectWidget(page: Page, label: string, value: string): Promise<void> {
  await expect(page.locator('dt', { hasText: label }).locator('+ dd')).toHaveText(value);
}

/** Every figure the page shows for the period holds the API's answer for it. */
async function expectFigures(page: Page, body: Dashboard): Promise<void> {
  const { data, money, period } = body;
  await expect(page.getByText(period.from && period.to ? `De ${brDate(period.from)} até ${brDate(period.to)}` : 'Todos os registros, desde o primeiro caso.')).toBeVisible();
  await expectWidget(page, 'Recebimento previsto(R$)', brl(data.pending_surgery_value));
  await expectWidget(page, 'Valor recebido (R$)', brl(data.payment_done));
  await expectWidget(page, 'Quantidade de cirurgias', String(Object.values(data.distribution).reduce((a, b) => a + b, 0)));
  await expectWidget(page, 'Tempo médio (dias/cirurgias)', days(data.middle_time));
  const table = (chart: string) => page.getByRole('table', { name: `Dados do gráfico ${chart}` });
  const aging = page.getByRole('figure', { name: 'Envelhecimento dos recebíveis' });
  if (money.aging.length === 0) await expect(aging.getByText('Sem valores no período.')).toBeVisible();
  else {
    await expect(table('Envelhecimento dos recebíveis').locator('tbody tr')).toHaveCount(money.aging.length);
    const first = money.aging[0]!;
    await expect(table('Envelhecimento dos recebíveis').locator('tbody tr').first().locator('th, td')).toHaveText([
      first.name,
      brl(first.d0_30),
      brl(first.d31_60),
      brl(first.d61_90),
      brl(first.d90_plus),
      brl(first.d0_30 + first.d31_60 + first.d61_90 + first.d90_plus),
    ]);
  }
  if (money.glosas_by_payer.length > 0) {
    await expect(table('Glosas por pagador').locator('tbody tr')).toHaveCount(money.glosas_by_payer.length);
  }
  const reasons = page.getByRole('figure', { name: 'Glosas por motivo' });
  if (money.glosas_by_reason.length === 0) await expect(reasons.getByText('Sem valores no período.')).toBeVisible();
  else {
    await expect(table('Glosas por motivo').locator('tbody tr')).toHaveCount(money.glosas_by_reason.length);
    const first = money.glosas_by_reason[0]!;
    await expect(table('Glosas por motivo').locator('tbody tr').first().locator('th, td')).toHaveText([
      first.code === null ? first.name : `${first.code} · ${first.name}`,
      String(first.glosas),
      brl(first.glosa),
    ]);
  }
  if (money.days_to_payment.length > 0) {
    await expect(table('Dias até o pagamento').locator('tbody tr')).toHaveCount(money.days_to_payment.length);
  }
  const series = money.expected_vs_received;
  if (series.some((row) => row.expected > 0 || row.received > 0)) {
    await expect(table('Esperado x recebido por mês').locator('tbody tr')).toHaveCount(series.length);
    const last = series.at(-1)!;
    await expect(table('Esperado x recebido por mês').locator('tbody tr').last().locator('td')).toHaveText([brl(last.expected), brl(last.received)]);
  }
}

test.describe('dashboard period (/all-data)', () => {
  test('the demo medic changes the period, every figure follows, the URL keeps it, the CSV reads back', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await openDashboard(page);
    const select = page.getByRole('combobox', { name: 'Período' });
    await expect(select).toHaveValue('all');
    const allTime = await dashboardOf(page, '');
    await expectFigures(page, allTime);
    // The demo's glosas carry their TISS reasons (issue 37): 'Glosas por motivo' lists them by code.
    expect(allTime.money.glosas_by_reason.filter((row) => row.code !== null).length).toBeGreaterThanOrEqual(2);
    await page.getByRole('figure', { name: 'Glosas por motivo' }).screenshot({ path: test.info().outputPath('glosas-por-motivo-1366.png') });

    for (const period of ['this_month', 'last_3_months', 'this_year', 'last_12_months'] as const) {
      await select.selectOption(period);
      await expect(page).toHaveURL(new RegExp(`/all-data\\?period=${period}$`));
      await expectFigures(page, await dashboardOf(page, `?period=${period}`));
    }
    // The figures do follow: this month holds fewer of the demo's cases than all time.
    const all = await dashboardOf(page, '');
    const year = await dashboardOf(page, '?period=last_12_months');
    const count = (body: Dashboard) => Object.values(body.data.distribution).reduce((a, b) => a + b, 0);
    expect(count(await dashboardOf(page, '?period=this_month'))).toBeLessThan(count(all));

    // A reload keeps the period.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Período' })).toHaveValue('last_12_months');
    await expectFigures(page, year);
    await page.screenshot({ path: test.info().outputPath('dashboard-period-1366.png'), fullPage: true });
    await page.getByRole('region', { name: 'Período do painel' }).screenshot({ path: test.info().outputPath('period-1366.png') });
    await page.getByRole('region', { name: 'Recebíveis e glosas' }).screenshot({ path: test.info().outputPath('money-1366.png') });

    // A custom range: the API's own message for dates in the wrong order, then the range applied.
    await select.selectOption('custom');
    await page.getByLabel('De', { exact: true }).fill('31/03/2026');
    await page.getByLabel('Até', { exact: true }).fill('01/01/2026');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page.getByText('A data final (Até) não pode ser anterior à data inicial (De).')).toBeVisible();
    await expect(page).toHaveURL(/period=last_12_months$/);
    const start = year.period.from!;
    const end = year.period.to!;
    await page.getByLabel('De', { exact: true }).fill(brDate(start));
    await page.getByLabel('Até', { exact: true }).fill(brDate(end));
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page).toHaveURL(new RegExp(`/all-data\\?period=custom&from=${start}&to=${end}$`));
    const custom = await dashboardOf(page, `?period=custom&from=${start}&to=${end}`);
    // The same days as the last 12 months: the same figures.
    expect({ data: custom.data, money: custom.money }).toEqual({ data: year.data, money: year.money });
    await expectFigures(page, custom);
    await expectNoSeriousA11yViolations(page, { label: '/all-data with a custom period' });

    // A reload (or a shared link) of a custom range opens it: the range's checks load with the page.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Período' })).toHaveValue('custom');
    await expect(page.getByLabel('De', { exact: true })).toHaveValue(brDate(start));
    await expectFigures(page, custom);
    // A hand-edited range the API would refuse (the dates in the wrong order) shows all time, not an error.
    await page.goto(`/all-data?period=custom&from=${end}&to=${start}`);
    await expect(page.getByRole('combobox', { name: 'Período' })).toHaveValue('all');
    await expectFigures(page, all);
    await page.goto(`/all-data?period=custom&from=${start}&to=${end}`);
    await expectFigures(page, custom);

    // The CSV of the period, read back as Excel pt-BR reads it.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^painel-personalizado-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync((await file.path())!);
    const rows = parseExcelCsv(bytes);
    expect(rows[0]).toEqual(['Tabela', 'Nome', 'Medida', 'Valor']);
    const cell = (table: string, name: string, measure: string) => rows.find((row) => row[0] === table && row[1] === name && row[2] === measure)?.[3];
    expect(cell('Período', 'Personalizado', 'De')).toBe(brDate(start));
    expect(cell('Período', 'Personalizado', 'Até')).toBe(brDate(end));
    const reais = (value: number) => value.toFixed(2).replace('.', ',');
    expect(cell('Dados gerais', 'Recebimento previsto(R$)', 'Valor (R$)')).toBe(reais(custom.data.pending_surgery_value));
    expect(cell('Dados gerais', 'Valor recebido (R$)', 'Valor (R$)')).toBe(reais(custom.data.payment_done));
    for (const row of custom.money.aging) expect(cell('Envelhecimento dos recebíveis', row.name, 'Mais de 90 dias')).toBe(reais(row.d90_plus));
    expect(rows.filter((row) => row[0] === 'Esperado x recebido por mês')).toHaveLength(custom.money.expected_vs_received.length * 2);

    // 'Todo o período' leaves a clean URL again.
    await select.selectOption('all');
    await expect(page).toHaveURL(/\/all-data$/);
    await expectFigures(page, all);
  });

  test('on a phone the period control and the money views fit the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/all-data?period=last_12_months');
    await expect(page.getByRole('combobox', { name: 'Período' })).toHaveValue('last_12_months');
    await expectFigures(page, await dashboardOf(page, '?period=last_12_months'));
    for (const name of ['Envelhecimento dos recebíveis', 'Glosas por pagador', 'Glosas por motivo', 'Dias até o pagamento', 'Esperado x recebido por mês']) {
      const box = await page.getByRole('figure', { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('dashboard-period-390.png'), fullPage: true });
    await page.getByRole('region', { name: 'Período do painel' }).screenshot({ path: test.info().outputPath('period-390.png') });
    await page.getByRole('region', { name: 'Recebíveis e glosas' }).screenshot({ path: test.info().outputPath('money-390.png') });
    await expectNoSeriousA11yViolations(page, { label: '/all-data on a phone' });
  });
});
