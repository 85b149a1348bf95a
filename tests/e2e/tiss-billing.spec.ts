import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiHeaders, clickNavLink, DEMO_PASSWORD, DEMO_SECRETARY, expectNoSeriousA11yViolations, laterCard, signIn, validCpf } from './helpers';
import { moveCase, movesToPayment, newPatientCase, runSeed } from './cases';

/**
 * TISS billing (issue 37) as the demo secretary: on 'Minha conta' the 'Faturamento TISS' card of her medic (council,
 * CBO, one plan billed through the company with its provider code; a reload shows it saved) and his usual team; on a
 * demo case 'Equipe cirúrgica': 'Usar equipe habitual', a member's fee edited and saved (a reload shows it, the totals
 * follow); on a case at payment a glosa whose 'Motivo (TISS)' is found by searching 'carteira', its code then in the
 * glosa list. Axe on each new screen at 1366 and 390 px, with screenshots (/tmp/h23-*.png).
 */

const saoPaulo = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(date);
const daysAgo = (days: number) => saoPaulo(new Date(Date.now() - days * 86_400_000));
const typed = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

type CaseRow = { id: number; medic: { id: number; first_name: string; last_name: string } };

const card = (page: Page) => page.locator('[data-billing-card]');
const profileForm = (page: Page) => card(page).getByRole('form', { name: 'Faturamento TISS' });
const usualForm = (page: Page) => card(page).getByRole('form', { name: 'Equipe habitual' });
const teamPanel = (page: Page) => page.locator('[data-case-team]');
const member = (scope: Locator, n: number) => scope.locator(`[data-team-member="${n}"]`);

/** Axe and a screenshot of `target` at the desktop's and the phone's width, back to the desktop's after. */
async function scanBothWidths(page: Page, target: Locator, name: string): Promise<void> {
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(target).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: `${name} at ${width}px` });
    // Nothing wider than the phone's screen (the page would scroll sideways).
    if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await target.screenshot({ path: `/tmp/h23-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** The medic's billing data on 'Minha conta' (his, when she has several medics). */
async function openBilling(page: Page, medic: CaseRow['medic']): Promise<void> {
  await clickNavLink(page, 'Minha conta');
  await laterCard(page, 'Faturamento TISS');
  await expect(card(page).getByRole('heading', { name: 'Faturamento TISS' })).toBeVisible();
  const chooser = card(page).getByLabel('Médico', { exact: true });
  if (await chooser.isVisible()) await chooser.selectOption({ label: `${medic.first_name} ${medic.last_name}` });
  await expect(profileForm(page)).toBeVisible();
  await expect(usualForm(page)).toBeVisible();
}

async function fillMember(scope: Locator, n: number, role: string, name: string, cpf: string, feeDigits: string): Promise<void> {
  const row = member(scope, n);
  await row.getByLabel('Função').selectOption({ label: role });
  await row.getByLabel('Nome', { exact: true }).fill(name);
  await row.getByLabel('CPF').pressSequentially(cpf);
  await row.getByLabel('Conselho', { exact: true }).selectOption({ label: 'CRM' });
  await row.getByLabel('Número', { exact: true }).fill(`${n}2345`);
  await row.getByLabel('UF', { exact: true }).selectOption('SP');
  await row.getByLabel('Honorário').pressSequentially(feeDigits);
}

test.describe('TISS billing', () => {
  test('a secretary keeps the billing data, the usual team, a case team and a glosa with its TISS reason', async ({ page, request }) => {
    test.setTimeout(240_000);
    page.setDefaultTimeout(15_000);
    const headers = await apiHeaders(request, DEMO_SECRETARY);
    const list = await request.get('/surgery/api/v1/surgery/?limit=5', { headers });
    expect(list.status()).toBe(200);
    const demoCase = ((await list.json()) as { results: CaseRow[] }).results[0]!;
    expect(demoCase).toBeDefined();
    const seed = runSeed();

    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await openBilling(page, demoCase.medic);

    // The billing profile: CRM first, the number, UF, CBO found by name, the company, one plan billed by it.
    const profile = profileForm(page);
    await expect(profile.getByLabel('Conselho', { exact: true }).locator('option').nth(1)).toHaveText('CRM');
    await profile.getByLabel('Conselho', { exact: true }).selectOption({ label: 'CRM' });
    await profile.getByLabel('Número no conselho').fill('123456');
    await profile.getByLabel('UF', { exact: true }).selectOption('SP');
    // The demo medic may have a CBO already: cleared, then searched by words of the name, accents aside.
    const cbo = profile.getByRole('combobox', { name: 'CBO' });
    await cbo.fill('');
    await cbo.pressSequentially('cirurgiao geral');
    await page.getByRole('option', { name: /225225 — Médico cirurgião geral/ }).click();
    await expect(cbo).toHaveValue('225225 — Médico cirurgião geral');
    await profile.getByLabel('CNPJ').pressSequentially('11222333000181');
    await profile.getByLabel('Razão social').fill('Clínica Demo Cirurgia Ltda');
    const planBox = profile.getByRole('combobox', { name: 'Plano de saúde' });
    const planOption = page.getByRole('option', { name: /bradesco/i }).first();
    // A search the list could not run shows 'Tente novamente' in the list: typing again searches again.
    await expect(async () => {
      await planBox.fill('');
      await planBox.fill('bradesco');
      await expect(planOption).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    const planName = ((await planOption.locator('span').first().textContent()) ?? '').trim();
    await planOption.click();
    await profile.getByRole('button', { name: 'Incluir plano' }).click();
    const planRow = profile.getByRole('listitem').filter({ hasText: planName });
    await expect(planRow).toBeVisible();
    await planRow.getByLabel('Fatura como').selectOption({ label: 'Empresa (CNPJ)' });
    await planRow.getByLabel('Código do prestador na operadora').fill(`P${seed % 100000}`);
    await profile.getByRole('button', { name: 'Salvar dados de faturamento' }).click();
    await expect(page.getByText('Dados de faturamento salvos.').last()).toBeVisible();

    // The usual team: two members added, the second moved up; a member without a name is refused in the API's words.
    const usual = usualForm(page);
    while ((await usual.getByRole('button', { name: /^Remover o membro/ }).count()) > 0) {
      await usual.getByRole('button', { name: /^Remover o membro/ }).first().click();
    }
    await usual.getByRole('button', { name: 'Adicionar membro' }).click();
    await usual.getByRole('button', { name: 'Salvar equipe habitual' }).click();
    await expect(member(usual, 1).getByText('Informe o nome.')).toBeVisible();
    await expect(member(usual, 1).getByText('Função na equipe inválida.')).toBeVisible();
    await fillMember(usual, 1, 'Primeiro auxiliar', 'Bruno Auxiliar', validCpf(seed + 1), '80000');
    await usual.getByRole('button', { name: 'Adicionar membro' }).click();
    await fillMember(usual, 2, 'Anestesista', 'Ana Anestesista', validCpf(seed + 2), '120000');
    await usual.getByRole('button', { name: 'Subir o membro 2' }).click();
    await expect(member(usual, 1).getByLabel('Nome', { exact: true })).toHaveValue('Ana Anestesista');
    await usual.getByRole('button', { name: 'Salvar equipe habitual' }).click();
    await expect(page.getByText('Equipe habitual salva.').last()).toBeVisible();
    await scanBothWidths(page, card(page), 'billing-card');

    // A reload shows both as saved.
    await page.reload();
    await openBilling(page, demoCase.medic);
    await expect(profileForm(page).getByLabel('Número no conselho')).toHaveValue('123456');
    await expect(profileForm(page).getByRole('combobox', { name: 'CBO' })).toHaveValue(/225225/);
    await expect(profileForm(page).getByLabel('CNPJ')).toHaveValue('11.222.333/0001-81');
    const savedPlan = profileForm(page).getByRole('listitem').filter({ hasText: planName });
    await expect(savedPlan.getByLabel('Fatura como')).toHaveValue('cnpj');
    await expect(savedPlan.getByLabel('Código do prestador na operadora')).toHaveValue(`P${seed % 100000}`);
    await expect(member(usualForm(page), 1).getByLabel('Nome', { exact: true })).toHaveValue('Ana Anestesista');
    await expect(member(usualForm(page), 2).getByLabel('Honorário')).toHaveValue('R$ 800,00');

    // A demo case: the usual team copied, a fee edited, saved; a reload shows it.
    await page.goto(`/surgery-details/${demoCase.id}`);
    // Below the step's panel, the card loads as it scrolls into view.
    await laterCard(page, 'Equipe cirúrgica');
    const panel = teamPanel(page);
    await expect(panel.getByRole('heading', { name: 'Equipe cirúrgica' })).toBeVisible();
    await expect(panel.getByText(`${demoCase.medic.first_name} ${demoCase.medic.last_name}`)).toBeVisible();
    await panel.getByRole('button', { name: 'Usar equipe habitual' }).click();
    await expect(page.getByText('Equipe habitual copiada. Confira e salve.').last()).toBeVisible();
    await expect(member(panel, 1).getByLabel('Nome', { exact: true })).toHaveValue('Ana Anestesista');
    await expect(member(panel, 2).getByLabel('Nome', { exact: true })).toHaveValue('Bruno Auxiliar');
    const fee = member(panel, 2).getByLabel('Honorário');
    await fee.fill('');
    await fee.pressSequentially('95050');
    await expect(fee).toHaveValue('R$ 950,50');
    await member(panel, 2).getByLabel('Repasse em').fill(typed(daysAgo(2)));
    await expect(panel.locator('[data-team-total]')).toHaveText('R$\u00a02.150,50');
    await panel.getByRole('button', { name: 'Salvar equipe' }).click();
    await expect(page.getByText('Equipe salva.').last()).toBeVisible();
    await scanBothWidths(page, panel, 'case-team');
    await page.reload();
    await laterCard(page, 'Equipe cirúrgica');
    await expect(member(teamPanel(page), 2).getByLabel('Honorário')).toHaveValue('R$ 950,50');
    await expect(member(teamPanel(page), 2).getByLabel('Repasse em')).toHaveValue(typed(daysAgo(2)));
    await expect(teamPanel(page).locator('[data-team-total]')).toHaveText('R$\u00a02.150,50');
    await expect(teamPanel(page).getByText('1 de 2 repassados')).toBeVisible();

    // A glosa on a case at payment, its TISS reason found by 'carteira'; the code shows beside the reason.
    const atPayment = await newPatientCase(request, headers, 'Glosa TISS', { fees: 4000, cid: 'S72', procedure: 'osteossintese' });
    await moveCase(request, headers, atPayment.id, movesToPayment(daysAgo(50), daysAgo(40)));
    await page.goto(`/surgery-details/${atPayment.id}`);
    const ledger = page.locator('[data-ledger-section]');
    await expect(page.getByRole('heading', { level: 3, name: 'Faturamento e recebimentos' })).toBeVisible();
    await ledger.getByRole('button', { name: 'Registrar glosa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar glosa' });
    await dialog.getByLabel('Data da glosa').fill(typed(daysAgo(5)));
    await dialog.getByLabel('Valor glosado').pressSequentially('50000');
    await dialog.getByRole('combobox', { name: 'Motivo (TISS)' }).fill('carteira');
    const reason = page.getByRole('option', { name: /carteira/i }).first();
    await expect(reason).toContainText(/carteira/i);
    const reasonText = ((await reason.textContent()) ?? '').trim();
    const code = /^(\d{4}) — /.exec(reasonText)?.[1];
    expect(code, reasonText).toBeDefined();
    await reason.click();
    await expect(dialog.getByLabel('Motivo', { exact: true })).toHaveValue(reasonText.replace(/^\d{4} — /, ''));
    await scanBothWidths(page, dialog, 'glosa-dialog');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Glosa salva.').last()).toBeVisible();
    await expect(ledger.getByRole('list', { name: 'Glosas e recursos' })).toContainText(`(TISS ${code})`);
  });
});
