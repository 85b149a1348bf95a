import { expect, test, type Page } from '@playwright/test';
import { DEMO_MEDIC, DEMO_PASSWORD, expectNoSeriousA11yViolations, signIn } from './helpers';

/**
 * Issue 33 items 15, 16 and 20 (the dashboard's parts), as the demo medic: the home's 'Resumo' shows 'Honorários a
 * receber' net of what was received beside the ledger's 'Em aberto' (the total of 'A receber'), each figure with its
 * one line; /all-data explains its widgets, keeps 'Envelhecimento dos recebíveis' a position today over every open case
 * with 'Este mês', takes 'De'/'Até' typed dd/mm/aaaa in the product's day field, and shows the values of 'Esperado x
 * recebido por mês' on a phone. Axe scans; screenshots at 1366 and 390 px under /tmp/h3 when H3_SHOTS is set.
 */

type Data = {
  authorized_surgery: number;
  pending_surgery: number;
  payment_done_month: number;
  fees_payments_month: number;
  open_amount: number;
  pending_surgery_value: number;
};
type Dashboard = {
  data: Data;
  money: {
    aging: Array<{ name: string; d0_30: number; d31_60: number; d61_90: number; d90_plus: number }>;
    expected_vs_received: Array<{ month: string; expected: number; received: number }>;
  };
};

const brl = (value: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2 }).format(value);
const shots = process.env.H3_SHOTS;

async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const answer = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as T;
}

async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

for (const width of [1366, 390]) {
  test(`home 'Resumo' at ${width} px: 'Honorários a receber' net, 'Em aberto' = 'A receber', one line under each`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    const { data } = await api<Dashboard>(page, '/surgery/api/v1/dashboard/');
    const receivables = await api<{ totals: { open_cents: number } }>(page, '/surgery/api/v1/receivables/');
    // One 'Em aberto': the home's is the total of 'A receber'.
    expect(Math.round(data.open_amount * 100)).toBe(receivables.totals.open_cents);
    expect(data.open_amount).toBeGreaterThan(0);
    const summary = page.getByRole('region', { name: 'Resumo' });
    const figure = (label: string) => summary.locator('[data-figure]').filter({ has: page.locator('dt', { hasText: label }) }).locator('dd');
    await expect(figure('Cirurgias autorizadas')).toHaveText([String(data.authorized_surgery), 'Cirurgias agendadas, realizadas ou aguardando pagamento.']);
    await expect(figure('Cirurgia pendentes')).toHaveText([String(data.pending_surgery), 'Cirurgias da indicação até a autorização.']);
    await expect(figure('Valor recebido no mês (R$)')).toHaveText([brl(data.payment_done_month), 'Recebimentos lançados com data neste mês.']);
    await expect(figure('Honorários a receber (R$)')).toHaveText([
      brl(data.fees_payments_month),
      'Casos ativos, inclusive cirurgias ainda não realizadas: honorário menos o já recebido e o perdido.',
    ]);
    await expect(figure('Em aberto (R$)')).toHaveText([brl(data.open_amount), "O que os pagadores devem hoje das cirurgias realizadas: o total de 'A receber'."]);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page, { label: `home at ${width} px` });
    await shot(page, `home-${width}`);
    if (shots) await summary.screenshot({ path: `${shots}/resumo-${width}.png` });
  });

  test(`/all-data at ${width} px: widgets explained, aging today with 'Este mês', De/Até typed dd/mm/aaaa, series values`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/all-data?period=this_month');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const month = await api<Dashboard>(page, '/surgery/api/v1/dashboard/?period=this_month');
    const widget = (label: string) => page.locator('[aria-label="Dados gerais"] dt', { hasText: label }).locator('~ dd');
    await expect(widget('Recebimento previsto(R$)')).toHaveText([
      brl(month.data.pending_surgery_value),
      'Casos indicados no período, inclusive cirurgias ainda não realizadas: honorário menos o já recebido e o perdido.',
    ]);
    await expect(widget('Valor recebido (R$)').last()).toHaveText('Recebimentos com data no período, de qualquer cirurgia.');
    await expect(widget('Quantidade de cirurgias').last()).toHaveText('Cirurgias indicadas no período, em todas as etapas.');
    await expect(widget('Tempo médio (dias/cirurgias)').last()).toHaveText('Dias da indicação à conclusão, nas cirurgias concluídas indicadas no período.');

    // 'Este mês': the aging is today's position over every open case, its total the ledger's 'Em aberto'.
    const aging = page.getByRole('figure', { name: 'Envelhecimento dos recebíveis' });
    expect(month.money.aging.length).toBeGreaterThan(0);
    await expect(aging.getByText('Sem valores no período.')).toHaveCount(0);
    await expect(aging).toContainText(`Total: ${brl(month.data.open_amount)}`);
    await expect(aging).toContainText('Saldo em aberto hoje, de todos os casos, por dias após o vencimento');
    await expect(page.getByRole('table', { name: 'Dados do gráfico Envelhecimento dos recebíveis' }).locator('tbody tr')).toHaveCount(month.money.aging.length);

    // 'Esperado x recebido por mês': where the plot is narrow (a phone; at 1366 px too, two views side by side) its
    // values are shown under the bars.
    const values = page.getByRole('figure', { name: 'Esperado x recebido por mês' }).locator('[data-values]');
    await expect(values).toBeVisible();
    const last = month.money.expected_vs_received.at(-1)!;
    await expect(values.locator('tbody tr').last().locator('th, td')).toHaveText([
      `${['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'][Number(last.month.slice(5, 7)) - 1]}/${last.month.slice(2, 4)}`,
      brl(last.expected),
      brl(last.received),
    ]);
    await values.scrollIntoViewIfNeeded();
    if (shots) await page.getByRole('figure', { name: 'Esperado x recebido por mês' }).screenshot({ path: `${shots}/series-${width}.png` });
    await expectNoSeriousA11yViolations(page, { label: `/all-data this month at ${width} px` });
    await shot(page, `dashboard-${width}`);

    // 'Personalizado': the product's day field (the mask puts the slashes; a phone's numeric keypad has none).
    await page.getByRole('combobox', { name: 'Período' }).selectOption('custom');
    const from = page.getByLabel('De', { exact: true });
    const to = page.getByLabel('Até', { exact: true });
    await expect(from).toHaveAttribute('inputmode', 'numeric');
    await expect(from).not.toHaveAttribute('type', 'date');
    await from.pressSequentially('01012026');
    await expect(from).toHaveValue('01/01/2026');
    await to.pressSequentially('31022026');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page.getByText('Data final (Até) inválida: use o formato dd/mm/aaaa.')).toBeVisible();
    await to.fill('');
    await to.pressSequentially('31032026');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page).toHaveURL(/\/all-data\?period=custom&from=2026-01-01&to=2026-03-31$/);
    await expect(page.getByText('De 01/01/2026 até 31/03/2026')).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: `/all-data custom at ${width} px` });
    if (shots) await page.getByRole('region', { name: 'Período do painel' }).screenshot({ path: `${shots}/period-${width}.png` });
  });
}
