import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiHeaders,
  type ApiHeaders,
  DEMO_PASSWORD,
  DEMO_SECRETARY,
  expectNoSeriousA11yViolations,
  signIn,
} from './helpers';
import { moveCase, movesToPayment, newPatientCase } from './cases';

/**
 * The fee ledger of a case (issue 14; DECISIONS §16), as the demo secretary: a private case of R$ 6.800,00 at the
 * payment step; the billing recorded, two partial receipts, a glosa, its appeal filed and won (revertida), the
 * recovered amount received, and the case concluded through SPEC's payment step (its value follows the receipts);
 * then a second case concluded below the fee asks 'Concluir com diferença?' and records the difference as a glosa.
 * Axe scans the section and its forms; screenshots at 1366 and 390 px.
 */

const saoPaulo = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(date);
const TODAY = saoPaulo(new Date());
const daysAgo = (days: number) => saoPaulo(new Date(Date.now() - days * 86_400_000));
/** yyyy-MM-dd → dd/mm/aaaa, as typed into the ledger's date fields. */
const typed = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
/** yyyy-MM-dd → the digits typed into a masked dd/mm/aaaa field. */
const digits = (iso: string) => typed(iso).replaceAll('/', '');

/** A private case of a new patient with `fees`, moved through the API to pagamento; returns the name and id. */
async function caseAtPayment(request: APIRequestContext, headers: ApiHeaders, fees: number, label: string): Promise<{ name: string; id: number }> {
  const created = await newPatientCase(request, headers, label, { fees, cid: 'S72', procedure: 'osteossintese' });
  await moveCase(request, headers, created.id, movesToPayment(daysAgo(50), daysAgo(40)));
  return created;
}

async function openAtPayment(page: Page, patientName: string): Promise<void> {
  await page.goto('/surgery-status');
  await page.getByRole('button', { name: /Etapas/ }).click();
  await page.getByRole('option', { name: 'Todos' }).click();
  await page.getByRole('option', { name: 'Todos' }).click();
  await page.getByPlaceholder('Procurar').fill('Pagament');
  await page.getByRole('option', { name: 'Pagamento de honorário' }).click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.getByRole('table', { name: 'Cirurgias' }).locator('tbody tr', { hasText: patientName }).click();
  await expect(page).toHaveURL(/\/surgery-details\/\d+$/);
  await expect(page.getByRole('heading', { level: 3, name: 'Faturamento e recebimentos' })).toBeVisible();
}

const section = (page: Page) => page.locator('[data-ledger-section]');
const balance = (page: Page, term: string) => section(page).locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`);

async function addReceipt(page: Page, day: string, digits: string, payer: string): Promise<void> {
  await section(page).getByRole('button', { name: 'Registrar recebimento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar recebimento' });
  await dialog.getByLabel('Data do recebimento').fill(day);
  await dialog.getByLabel('Valor').pressSequentially(digits);
  await dialog.getByLabel('Pagador').selectOption({ label: payer });
  await dialog.getByRole('button', { name: 'Registrar', exact: true }).click();
  await expect(page.getByText('Recebimento registrado.').last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test.describe('fee ledger', () => {
  test('a secretary records billing, receipts and a won appeal, then concludes the case', async ({ page, request }) => {
    test.setTimeout(120_000);
    page.setDefaultTimeout(15_000);
    const headers = await apiHeaders(request, DEMO_SECRETARY);
    const { name, id } = await caseAtPayment(request, headers, 6800, 'Lúcia Recebimentos');
    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await openAtPayment(page, name);

    await expect(balance(page, 'Esperado')).toHaveText('R$\u00a06.800,00');
    await expect(balance(page, 'Em aberto')).toHaveText('R$\u00a06.800,00');

    // Billing: date and lot number; the due date follows (30 days).
    const billed = daysAgo(35);
    await section(page).getByLabel('Data do faturamento').fill(typed(billed));
    await section(page).getByLabel('Guia ou lote').fill('Lote 2026-117');
    await section(page).getByRole('button', { name: 'Salvar faturamento' }).click();
    await expect(page.getByText('Faturamento salvo.').last()).toBeVisible();
    await expect(section(page).locator('[data-ledger-due]')).toContainText('prazo de 30 dias');

    // A receipt with a future date is refused by the form, with the API's message.
    await section(page).getByRole('button', { name: 'Registrar recebimento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar recebimento' });
    await dialog.getByLabel('Data do recebimento').fill(typed(saoPaulo(new Date(Date.now() + 3 * 86_400_000))));
    await dialog.getByRole('button', { name: 'Registrar', exact: true }).click();
    await expect(dialog.getByText('A data não pode ser depois de hoje!')).toBeVisible();
    await expect(dialog.getByText('Informe o valor.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: 'receipt form' });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    // Two partial receipts: the case stays in pagamento.
    await addReceipt(page, typed(daysAgo(20)), '300000', 'Paciente (particular)');
    await addReceipt(page, typed(daysAgo(10)), '200000', 'Paciente (particular)');
    await expect(balance(page, 'Recebido')).toHaveText('R$\u00a05.000,00');
    await expect(balance(page, 'Em aberto')).toHaveText('R$\u00a01.800,00');
    await expect(page.getByLabel('Valor recebido')).toHaveValue('R$ 5.000,00');

    // A glosa of the rest.
    await section(page).getByRole('button', { name: 'Registrar glosa' }).click();
    const glosaDialog = page.getByRole('dialog', { name: 'Registrar glosa' });
    await glosaDialog.getByLabel('Data da glosa').fill(typed(daysAgo(9)));
    await glosaDialog.getByLabel('Valor glosado').pressSequentially('180000');
    await glosaDialog.getByLabel('Motivo', { exact: true }).fill('Código TUSS divergente do autorizado');
    await glosaDialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Glosa salva.').last()).toBeVisible();
    await expect(balance(page, 'Em recurso')).toHaveText('R$\u00a01.800,00');
    await expect(balance(page, 'Em aberto')).toHaveText('R$\u00a00,00');

    // The appeal: filed, then won (revertida): the recovered amount is open again until it is received.
    await section(page).getByRole('button', { name: /Editar a glosa de R\$\s1\.800,00/ }).click();
    const appeal = page.getByRole('dialog', { name: 'Glosa e recurso' });
    await appeal.getByLabel('Recurso enviado em').fill(typed(daysAgo(5)));
    await appeal.getByLabel('Resultado do recurso').selectOption({ label: 'Revertida' });
    await expectNoSeriousA11yViolations(page, { label: 'appeal form' });
    await appeal.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Glosa salva.').last()).toBeVisible();
    await expect(section(page)).toContainText('Revertida');
    await expect(balance(page, 'Em recurso')).toHaveText('R$\u00a00,00');
    await expect(balance(page, 'Em aberto')).toHaveText('R$\u00a01.800,00');

    await addReceipt(page, typed(TODAY), '180000', 'Paciente (particular)');
    await expect(balance(page, 'Recebido')).toHaveText('R$\u00a06.800,00');
    await expect(balance(page, 'Em aberto')).toHaveText('R$\u00a00,00');
    await expect(balance(page, 'Perdido')).toHaveText('R$\u00a00,00');
    await expectNoSeriousA11yViolations(page, { label: 'ledger section' });

    await page.setViewportSize({ width: 1366, height: 900 });
    await section(page).screenshot({ path: 'test-results/ledger-section-1366.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await section(page).screenshot({ path: 'test-results/ledger-section-390.png' });
    await page.setViewportSize({ width: 1366, height: 900 });

    // SPEC's payment step: the value follows the receipts; confirming concludes.
    await expect(page.getByLabel('Valor recebido')).toHaveValue('R$ 6.800,00');
    await page.getByRole('button', { name: 'Confirmar recebimento', exact: true }).click();
    await expect(page.getByText('Finalizado com sucesso!')).toBeVisible();
    const ledger = (await (await request.get(`/surgery/api/v1/surgery/${id}/ledger/`, { headers })).json()) as Record<string, unknown>;
    expect(ledger).toMatchObject({ received_cents: 680_000, open_cents: 0, lost_cents: 0, settlement: null, billing_reference: 'Lote 2026-117' });
    expect((ledger.receipts as unknown[]).length).toBe(3);
  });

  test("concluding below the fee asks 'Concluir com diferença?' and records a glosa", async ({ page, request }) => {
    test.setTimeout(120_000);
    page.setDefaultTimeout(15_000);
    const headers = await apiHeaders(request, DEMO_SECRETARY);
    const { name, id } = await caseAtPayment(request, headers, 4000, 'Marta Diferença');
    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await openAtPayment(page, name);
    const value = page.getByLabel('Valor recebido');
    await value.click();
    await page.keyboard.type('350000');
    await page.getByLabel('Data do pagamento').pressSequentially(digits(TODAY));
    await page.getByRole('button', { name: 'Confirmar recebimento', exact: true }).click();
    const ask = page.getByRole('alertdialog', { name: 'Concluir com diferença?' });
    await expect(ask).toContainText('R$\u00a0500,00');
    await expectNoSeriousA11yViolations(page, { label: 'settlement dialog' });
    await page.screenshot({ path: 'test-results/ledger-settle-1366.png' });
    await ask.getByRole('button', { name: 'Registrar como glosa' }).click();
    await expect(page.getByText('Finalizado com sucesso!')).toBeVisible();
    const ledger = (await (await request.get(`/surgery/api/v1/surgery/${id}/ledger/`, { headers })).json()) as Record<string, unknown>;
    expect(ledger).toMatchObject({ received_cents: 350_000, disputed_cents: 50_000, settlement: 'glosa', open_cents: 0 });
  });
});
