import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiHeaders,
  clickNavLink,
  DEMO_MEDIC,
  DEMO_PASSWORD,
  DEMO_SECRETARY,
  expectNoSeriousA11yViolations,
  signIn,
  signOut,
  type ApiHeaders,
} from './helpers';
import { moveCase, movesToPayment, newPatientCase } from './cases';

/**
 * Loss reasons (issue 13 item 5; DECISIONS §15 "Reasons"): the demo secretary cancels a case at the payment step and
 * the 'Tem certeza?' asks why ('Outro motivo' needs its text); then the demo medic sees the case on the dashboard's
 * 'Cirurgias perdidas por motivo' (the panel says what the API counts) and the reason on the cancelled case. Axe
 * scans the dialog and the dashboard.
 */

type LostItem = { reason: string | null; name: string; value: number };

/** A new patient's case (paid privately, no OPME) registered and moved to pagamento through the API. */
async function caseAtPayment(request: APIRequestContext, headers: ApiHeaders): Promise<{ id: number; name: string }> {
  const created = await newPatientCase(request, headers, 'Perda Motivo', { plan: 'amil' });
  await moveCase(request, headers, created.id, movesToPayment('2026-03-02', '2026-03-20'));
  return created;
}

/** Opens a case from /surgery-status, with the stage filter narrowed to `stageLabel`. */
async function openFromStatusList(page: Page, stageLabel: string, patientName: string): Promise<void> {
  await page.goto('/surgery-status');
  await page.getByRole('button', { name: /Etapas/ }).click();
  await page.getByRole('option', { name: 'Todos' }).click();
  await page.getByRole('option', { name: 'Todos' }).click();
  await page.getByPlaceholder('Procurar').fill(stageLabel.slice(0, 8));
  await page.getByRole('option', { name: stageLabel }).click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.getByRole('table', { name: 'Cirurgias' }).locator('tbody tr', { hasText: patientName }).click();
  await expect(page).toHaveURL(/\/surgery-details\/\d+$/);
  await expect(page.getByRole('heading', { name: patientName })).toBeVisible();
}

test('the secretary cancels with a reason; the medic sees it on the dashboard and on the case', async ({ page, request }) => {
  const headers = await apiHeaders(request, DEMO_SECRETARY);
  const lost = await caseAtPayment(request, headers);
  const note = `Paciente mudou de cidade (${lost.id}).`;

  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await openFromStatusList(page, 'Pagamento de honorário', lost.name);
  await page.getByRole('button', { name: 'Cancelar cirurgia' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Tem certeza?' });
  await expect(dialog.getByText('A cirurgia será cancelada e não poderá mais ser alterada.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Fechar' })).toBeFocused();

  // 'Outro motivo' without its text is refused on the spot; nothing is sent.
  await dialog.getByLabel('Motivo do cancelamento').selectOption({ label: 'Outro motivo' });
  await dialog.getByRole('button', { name: 'Sim, cancelar!' }).click();
  await expect(dialog.getByText('Descreva o motivo.')).toBeVisible();
  await expect(dialog.getByLabel('Descrição do motivo')).toBeFocused();
  await expectNoSeriousA11yViolations(page, { label: 'cancel dialog with its reason' });
  const stillOpen = (await (await request.get(`/surgery/api/v1/surgery/${lost.id}/`, { headers })).json()) as { status: string };
  expect(stillOpen.status).toBe('pagamento');

  await dialog.getByLabel('Descrição do motivo').fill(note);
  await dialog.getByRole('button', { name: 'Sim, cancelar!' }).click();
  await expect(page.getByText('Cirurgia cancelada com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/patients-surgery$/);
  const closed = (await (await request.get(`/surgery/api/v1/surgery/${lost.id}/`, { headers })).json()) as Record<string, unknown>;
  expect(closed).toMatchObject({ status: 'cancelado', loss_reason: 'outro', loss_reason_note: note });

  await signOut(page);
  await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
  await expect(page.getByRole('banner')).toBeVisible();
  await clickNavLink(page, 'Dashboard');
  await expect(page).toHaveURL(/\/all-data$/);

  const panel = page.getByRole('region', { name: 'Cirurgias perdidas por motivo' });
  await expect(panel).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const answer = await page.request.get('/surgery/api/v1/dashboard/', { headers: { Authorization: `Bearer ${token}` } });
  const items = ((await answer.json()) as { lost_by_reason: LostItem[] }).lost_by_reason;
  const outro = items.find((item) => item.reason === 'outro');
  expect(outro?.value).toBeGreaterThanOrEqual(1);
  // The panel shows the API's list, in its order.
  const rows = panel.getByRole('listitem');
  await expect(rows).toHaveCount(items.length);
  const total = items.reduce((sum, item) => sum + item.value, 0);
  const share = (value: number) => new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 }).format(value / total);
  const count = (value: number) => (value === 1 ? '1 cirurgia' : `${value} cirurgias`);
  const labels = await rows.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));
  expect(labels).toEqual(items.map((item) => `${item.name}: ${count(item.value)} (${share(item.value)})`));
  await expect(panel.getByRole('listitem').filter({ hasText: 'Outro motivo' })).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page, { label: 'dashboard with the lost cases by reason' });

  await openFromStatusList(page, 'Cancelado', lost.name);
  await expect(page.getByText(`Motivo: Outro motivo — ${note}`)).toBeVisible();
});
