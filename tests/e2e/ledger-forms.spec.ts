import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiHeaders, type ApiHeaders, DEMO_PASSWORD, DEMO_SECRETARY, expectNoSeriousA11yViolations, signIn } from './helpers';
import { moveCase, movesToPayment, newPatientCase } from './cases';

/**
 * The ledger's forms as a surgeon's office met them in its third week (docs/LEDGER.md), as the demo secretary:
 * - the billing sends nothing until it is edited;
 * - every ledger date is the product's masked day field: digits typed on a phone's numeric keypad ('01122026') read
 *   '01/12/2026' and are accepted;
 * - a glosa above the open balance (expected R$ 6.500, received R$ 3.000, glosa R$ 5.000) is refused by the form with
 *   the API's pt-BR message and nothing is sent; the whole open balance is accepted;
 * - the dialogs' actions sit at the right with space between them (the modal parts every dialog uses), full width
 *   on a phone; 'Valor recuperado' is blank with the rule as its hint;
 * - 'A receber' shows Esperado and Recebido, and the patient's name whole at 1366 px;
 * - 'Prazos de pagamento' from 'A receber': the secretary finds Porto Seguro (past the first 50 plans) with the
 *   searchable picker and saves its term for her medic.
 * Axe scans each dialog and the page; screenshots at 1366 and 390 px.
 */

const saoPaulo = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(date);
const daysAgo = (days: number) => saoPaulo(new Date(Date.now() - days * 86_400_000));
const typed = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const digits = (iso: string) => typed(iso).replaceAll('/', '');

async function caseAtPayment(request: APIRequestContext, headers: ApiHeaders, fees: number, label: string) {
  const created = await newPatientCase(request, headers, label, { fees, cid: 'S72', procedure: 'osteossintese' });
  await moveCase(request, headers, created.id, movesToPayment(daysAgo(50), daysAgo(40)));
  return created;
}

const section = (page: Page) => page.locator('[data-ledger-section]');
const balance = (page: Page, term: string) => section(page).locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`);

/** The footer's two buttons sit at the dialog's right, side by side with a gap (from md), or stacked full width. */
async function expectActionsLaidOut(dialog: Locator, cancel: Locator, save: Locator, wide: boolean) {
  const box = (await dialog.boundingBox())!;
  const left = (await cancel.boundingBox())!;
  const right = (await save.boundingBox())!;
  if (wide) {
    expect(right.x).toBeGreaterThan(left.x + left.width + 7);
    expect(box.x + box.width - (right.x + right.width)).toBeLessThan(40);
    expect(left.x - box.x).toBeGreaterThan(box.width / 3);
  } else {
    expect(Math.round(right.width)).toBe(Math.round(left.width));
    expect(left.y).toBeGreaterThan(right.y + right.height + 7);
  }
}

test('ledger dates are masked, a glosa above the open balance is refused, the dialogs are laid out', async ({ page, request }) => {
  test.setTimeout(180_000);
  page.setDefaultTimeout(15_000);
  const headers = await apiHeaders(request, DEMO_SECRETARY);
  const { name, id } = await caseAtPayment(request, headers, 6500, 'Glória Glosada');
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/receivables');
  await page.getByLabel('Buscar paciente').fill(name);
  const row = page.getByRole('table', { name: 'Cirurgias a receber' }).locator('tbody tr', { hasText: name });
  await expect(row).toHaveCount(1);
  // The row's link opens the case (once the search's read has landed).
  await expect(page.getByRole('table', { name: 'Cirurgias a receber' })).not.toHaveAttribute('aria-busy', 'true');
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/surgery-details\/\d+$/);
  await expect(page.getByRole('heading', { level: 3, name: 'Faturamento e recebimentos' })).toBeVisible();

  // The billing as the ledger has it (none) sends nothing until edited.
  const billingPuts: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'PUT' && sent.url().includes('/ledger/billing/')) billingPuts.push(sent.url());
  });
  await section(page).getByRole('button', { name: 'Salvar faturamento' }).click();

  // The billing day typed as digits: the mask writes the slashes.
  const billed = daysAgo(35);
  const billedField = section(page).getByLabel('Data do faturamento');
  // A phone opens its number keypad on every ledger date (issue 33 item 2), as on the other day inputs.
  await expect(billedField).toHaveAttribute('inputmode', 'numeric');
  await billedField.pressSequentially(digits(billed));
  await expect(billedField).toHaveValue(typed(billed));
  await section(page).getByRole('button', { name: 'Salvar faturamento' }).click();
  await expect(page.getByText('Faturamento salvo.').last()).toBeVisible();
  expect(billingPuts).toHaveLength(1);

  // A receipt of R$ 3.000,00, its day typed as digits.
  await section(page).getByRole('button', { name: 'Registrar recebimento' }).click();
  const receipt = page.getByRole('dialog', { name: 'Registrar recebimento' });
  await expect(receipt.getByLabel('Data do recebimento')).toHaveAttribute('inputmode', 'numeric');
  await receipt.getByLabel('Data do recebimento').pressSequentially(digits(daysAgo(20)));
  await expect(receipt.getByLabel('Data do recebimento')).toHaveValue(typed(daysAgo(20)));
  await receipt.getByLabel('Valor').pressSequentially('300000');
  await receipt.getByLabel('Pagador').selectOption({ label: 'Paciente (particular)' });
  await expectActionsLaidOut(receipt, receipt.getByRole('button', { name: 'Cancelar' }), receipt.getByRole('button', { name: 'Registrar', exact: true }), true);
  await receipt.getByRole('button', { name: 'Registrar', exact: true }).click();
  await expect(page.getByText('Recebimento registrado.').last()).toBeVisible();
  await expect(balance(page, 'Em aberto')).toHaveText('R$\u00a03.500,00');

  // A glosa of R$ 5.000,00: refused by the form with the API's message; nothing is sent.
  const glosaPosts: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().includes('/ledger/glosas/')) glosaPosts.push(sent.url());
  });
  await section(page).getByRole('button', { name: 'Registrar glosa' }).click();
  const glosa = page.getByRole('dialog', { name: 'Registrar glosa' });
  await expect(glosa.getByLabel('Data da glosa')).toHaveAttribute('inputmode', 'numeric');
  await glosa.getByLabel('Data da glosa').pressSequentially(digits(daysAgo(9)));
  await expect(glosa.getByLabel('Data da glosa')).toHaveValue(typed(daysAgo(9)));
  await glosa.getByLabel('Valor glosado').pressSequentially('500000');
  await glosa.getByLabel('Motivo', { exact: true }).fill('Procedimento não coberto');
  await expect(glosa.getByLabel(/Prazo do recurso/)).toHaveAttribute('inputmode', 'numeric');
  await glosa.getByLabel(/Prazo do recurso/).pressSequentially(digits(daysAgo(-20)));
  await expect(glosa.getByLabel(/Prazo do recurso/)).toHaveValue(typed(daysAgo(-20)));
  await glosa.getByRole('button', { name: 'Salvar' }).click();
  await expect(glosa.getByText('A glosa (R$ 5.000,00) não pode ser maior que o saldo em aberto (R$ 3.500,00).')).toBeVisible();
  await expect(glosa.getByLabel('Valor glosado')).toHaveAttribute('aria-invalid', 'true');
  await expectActionsLaidOut(glosa, glosa.getByRole('button', { name: 'Cancelar' }), glosa.getByRole('button', { name: 'Salvar' }), true);
  await expectNoSeriousA11yViolations(page, { label: 'glosa form refused' });
  await page.screenshot({ path: 'test-results/ledger-glosa-refused-1366.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectActionsLaidOut(glosa, glosa.getByRole('button', { name: 'Cancelar' }), glosa.getByRole('button', { name: 'Salvar' }), false);
  await page.screenshot({ path: 'test-results/ledger-glosa-refused-390.png' });
  await page.setViewportSize({ width: 1366, height: 900 });
  const before = (await (await request.get(`/surgery/api/v1/surgery/${id}/ledger/`, { headers })).json()) as { glosas: unknown[] };
  expect(before.glosas).toEqual([]);
  expect(glosaPosts).toEqual([]);

  // The whole open balance is accepted.
  await glosa.getByLabel('Valor glosado').fill('');
  await glosa.getByLabel('Valor glosado').pressSequentially('350000');
  await glosa.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Glosa salva.').last()).toBeVisible();
  await expect(balance(page, 'Em aberto')).toHaveText('R$\u00a00,00');
  await expect(balance(page, 'Em recurso')).toHaveText('R$\u00a03.500,00');
  expect(glosaPosts).toHaveLength(1);

  // The appeal: 'Valor recuperado' blank, its hint says what blank means.
  await section(page).getByRole('button', { name: /Editar a glosa de R\$\s3\.500,00/ }).click();
  const appeal = page.getByRole('dialog', { name: 'Glosa e recurso' });
  await expect(appeal.getByLabel(/Recurso enviado em/)).toHaveAttribute('inputmode', 'numeric');
  await appeal.getByLabel(/Recurso enviado em/).pressSequentially(digits(daysAgo(5)));
  await expect(appeal.getByLabel(/Recurso enviado em/)).toHaveValue(typed(daysAgo(5)));
  await appeal.getByLabel('Resultado do recurso').selectOption({ label: 'Revertida' });
  const recovered = appeal.getByLabel(/Valor recuperado/);
  await expect(recovered).toHaveValue('');
  await expect(recovered).not.toHaveAttribute('placeholder', /.+/);
  await expect(appeal.getByText('Em branco: o valor glosado inteiro (R$ 3.500,00).')).toBeVisible();
  await appeal.getByLabel('Resultado do recurso').selectOption({ label: 'Parcialmente revertida' });
  await expect(appeal.getByText('Parte do valor glosado: de R$ 0,01 a R$ 3.499,99.')).toBeVisible();
  await appeal.getByLabel('Resultado do recurso').selectOption({ label: 'Revertida' });
  await expectNoSeriousA11yViolations(page, { label: 'appeal form' });
  await page.screenshot({ path: 'test-results/ledger-appeal-1366.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/ledger-appeal-390.png' });
  await page.setViewportSize({ width: 1366, height: 900 });
  await appeal.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Glosa salva.').last()).toBeVisible();
  await expect(balance(page, 'Em aberto')).toHaveText('R$\u00a03.500,00');
  await expect(section(page)).toContainText('Recuperado: R$\u00a03.500,00');

  // 'A receber': Esperado and Recebido, and the name whole at 1366 px.
  await page.goto('/receivables');
  await page.getByLabel('Buscar paciente').fill(name);
  const table = page.getByRole('table', { name: 'Cirurgias a receber' });
  const listed = table.locator('tbody tr', { hasText: name });
  await expect(listed).toHaveCount(1);
  const headersText = await table.locator('thead th').allInnerTexts();
  expect(headersText.map((text) => text.trim().toLowerCase())).toEqual(
    ['Paciente', 'Pagador', 'Vencimento', 'Atraso', 'Esperado', 'Recebido', 'Em aberto', 'Em recurso', 'Prazo de recurso'].map((text) => text.toLowerCase()),
  );
  // Web-first: the search's debounced read may still replace the rows.
  await expect(page.getByRole('table', { name: 'Cirurgias a receber' }).locator('tbody tr')).toHaveCount(1);
  await expect(listed.locator('td')).toHaveText([name, /.+/, /\d{2}\/\d{2}\/\d{4}/, /.+/, 'R$\u00a06.500,00', 'R$\u00a03.000,00', 'R$\u00a03.500,00', 'R$\u00a00,00', '—']);
  const nameCell = listed.locator('td').first().locator('span, div').first();
  expect(await nameCell.evaluate((element) => element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight + 1)).toBe(true);
  await expectNoSeriousA11yViolations(page, { label: 'receivables with Esperado and Recebido' });
  await page.screenshot({ path: 'test-results/receivables-columns-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('EsperadoR$\u00a06.500,00');
  await expect(card).toContainText('RecebidoR$\u00a03.000,00');
  await page.screenshot({ path: 'test-results/receivables-columns-390.png', fullPage: true });
});

test("the secretary sets a plan's payment term from 'A receber', finding a plan past the first 50 by name", async ({ page, request }) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  const headers = await apiHeaders(request, DEMO_SECRETARY);
  const medics = ((await (await request.get('/project_auth/api/v1/list_medic/', { headers })).json()) as { results: Array<{ id: number; first_name: string; last_name: string }> }).results;
  expect(medics.length).toBeGreaterThan(0);
  const medic = medics[0]!;
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/receivables');
  await page.getByRole('button', { name: 'Prazos de pagamento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Prazos de pagamento' });
  if (medics.length > 1) await dialog.getByLabel('Médico').selectOption({ label: `${medic.first_name} ${medic.last_name}` });
  const picker = dialog.getByRole('combobox', { name: 'Plano de saúde' });
  await picker.fill('Porto Seguro');
  // The page's payer filter (a native select) has the plan too: the picker's option is the visible one.
  await page.getByRole('option', { name: 'PORTO SEGURO SAÚDE', exact: true }).filter({ visible: true }).click();
  await expect(picker).toHaveValue('PORTO SEGURO SAÚDE');
  await dialog.getByLabel('Prazo (dias)').fill('400');
  await dialog.getByRole('button', { name: 'Incluir prazo' }).click();
  await expect(dialog.getByText('O prazo de pagamento deve ser um número inteiro de 1 a 365 dias.')).toBeVisible();
  await dialog.getByLabel('Prazo (dias)').fill('75');
  await dialog.getByRole('button', { name: 'Incluir prazo' }).click();
  await expect(dialog.getByRole('list', { name: 'Prazos configurados' })).toContainText('Plano de saúde · PORTO SEGURO SAÚDE: 75 dias');
  await expectNoSeriousA11yViolations(page, { label: 'payment terms dialog' });
  await page.screenshot({ path: 'test-results/payment-terms-dialog-1366.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/payment-terms-dialog-390.png' });
  await page.setViewportSize({ width: 1366, height: 900 });
  await dialog.getByRole('button', { name: 'Salvar prazos' }).click();
  await expect(page.getByText('Prazos salvos.').last()).toBeVisible();
  const saved = (await (await request.get(`/project_auth/api/v1/payment_terms/?medic=${medic.id}`, { headers })).json()) as {
    terms: Array<{ payer: string; name: string; days: number }>;
  };
  expect(saved.terms).toContainEqual(expect.objectContaining({ payer: 'plano', name: 'PORTO SEGURO SAÚDE', days: 75 }));
});
