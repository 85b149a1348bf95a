import { expect, test, type Page } from '@playwright/test';
import { apiHeaders, DEMO_PASSWORD, DEMO_SECRETARY, expectNoSeriousA11yViolations, signIn } from './helpers';
import { newPatientCase } from './cases';

/**
 * Issue 33, items 5 and 7, as the demo secretary:
 * - every case has its own address (/surgery-details/<id>): a row of the status list is a real link to it, the
 *   address opened in a new page shows the same case, SPEC's /surgery-details with the id in navigation state
 *   redirects there, and a malformed id gets SPEC §8's 'Não foi possível encontrar essa cirurgia';
 * - 'Histórico' on the case: carrying the case a step adds 'Mudança de etapa' with both stages' labels, who and when.
 * axe on the case page with its history; screenshots at 1366 and 390 px under test-results/.
 */

test.describe.configure({ timeout: 240_000 });

/** SPEC §2's way in: a navigation whose state carries the id (the router picks up the pushed history entry). */
async function openByState(page: Page, id: number): Promise<void> {
  await page.evaluate((caseId) => {
    const previous = (history.state ?? {}) as { __TSR_index?: number };
    const key = Math.random().toString(36).slice(2, 10);
    history.pushState({ id: caseId, key, __TSR_key: key, __TSR_index: (previous.__TSR_index ?? 0) + 1 }, '', '/surgery-details');
    window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, id);
}

/**
 * The reads of the case itself (GET /surgery/api/v1/surgery/<id>/) a page makes from now on, each a row of 'Auditoria':
 * one per opening, started by the route beside the page's chunk (src/routes/surgery-details.tsx) and taken by the page.
 */
function caseReads(page: Page, id: number): () => number {
  let reads = 0;
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === `/surgery/api/v1/surgery/${id}/`) reads += 1;
  });
  return () => reads;
}

/** dd/MM/yyyy of today in São Paulo. */
function todayInSaoPaulo(): string {
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
}

test('a case has its own address: a list row links to it, a new page opens it, the old state route lands on it', async ({ page, context, request }) => {
  const headers = await apiHeaders(request, DEMO_SECRETARY);
  const { id, name } = await newPatientCase(request, headers, 'Endereço Próprio');
  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);

  await page.goto(`/surgery-status?q=${encodeURIComponent(name)}`);
  const table = page.getByRole('table', { name: 'Cirurgias' });
  const link = table.getByRole('link', { name, exact: true });
  await expect(link).toHaveAttribute('href', `/surgery-details/${id}`);
  const reads = caseReads(page, id);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/surgery-details/${id}$`));
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText(`Cirurgia nº ${id}`)).toBeVisible();
  expect(reads()).toBe(1);

  // The address, opened in a new page (a new tab, a bookmark, a link sent to the surgeon): the same case.
  const copied = page.url();
  const second = await context.newPage();
  const readsInSecond = caseReads(second, id);
  await second.goto(copied);
  await expect(second).toHaveURL(new RegExp(`/surgery-details/${id}$`));
  await expect(second.getByRole('heading', { name })).toBeVisible();
  await expect(second.getByText(`Cirurgia nº ${id}`)).toBeVisible();
  expect(readsInSecond()).toBe(1);
  await second.close();

  // SPEC's /surgery-details with the id in navigation state still lands on the case, now at its address.
  await page.goto('/');
  await openByState(page, id);
  await expect(page).toHaveURL(new RegExp(`/surgery-details/${id}$`));
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // Without an id, SPEC's /patients-surgery; an id that is no case, SPEC §8's message and the way back.
  await page.goto('/surgery-details');
  await expect(page).toHaveURL(/\/patients-surgery$/);
  await page.goto('/surgery-details/abc');
  await expect(page.getByText('Não foi possível encontrar essa cirurgia')).toBeVisible();
  await expect(page).toHaveURL(/\/patients-surgery$/);
  await page.goto('/surgery-details/99999999');
  await expect(page.getByText('Não foi possível encontrar essa cirurgia')).toBeVisible();
  await expect(page).toHaveURL(/\/patients-surgery$/);
});

test("carrying a case a step writes it in 'Histórico', with the stages, who and when", async ({ page, request }) => {
  const headers = await apiHeaders(request, DEMO_SECRETARY);
  const profile = (await (await request.get('/project_auth/profile/', { headers })).json()) as { user: { first_name: string; last_name: string } };
  const who = `${profile.user.first_name} ${profile.user.last_name}`;
  const { id, name } = await newPatientCase(request, headers, 'Linha Etapas');
  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/surgery-details/${id}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();

  const history = page.getByRole('region', { name: 'Histórico', exact: true });
  const entries = history.getByRole('list', { name: 'Histórico', exact: true }).getByRole('listitem');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('Cirurgia cadastrada');
  await expect(entries.first()).toContainText('Etapa: Cadastro de Cirurgia');

  await page.getByRole('button', { name: 'Próximo passo', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Preparação de documentação', exact: true })).toBeVisible();

  await expect(entries).toHaveCount(2);
  const moved = entries.first();
  await expect(moved.locator('strong')).toHaveText('Mudança de etapa');
  await expect(moved).toContainText('Cadastro de Cirurgia → Preparação de documentação');
  await expect(moved.locator('time')).toHaveText(new RegExp(`^${who} · ${todayInSaoPaulo().replace(/\//g, '\\/')} às \\d{2}:\\d{2}$`));
  await expect(entries.nth(1)).toContainText('Cirurgia cadastrada');

  await expectNoSeriousA11yViolations(page, { label: 'case page with Histórico' });
  await history.scrollIntoViewIfNeeded();
  await page.setViewportSize({ width: 1366, height: 900 });
  await history.screenshot({ path: 'test-results/history-1366.png' });
  await page.screenshot({ path: 'test-results/case-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await history.screenshot({ path: 'test-results/history-390.png' });
  await expectNoSeriousA11yViolations(page, { label: 'case page with Histórico, phone' });
});
