import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiHeaders,
  clickNavLink,
  DEMO_MEDIC,
  DEMO_PASSWORD,
  DEMO_SECRETARY,
  expectNoSeriousA11yViolations,
  laterCard,
  signIn,
  type ApiHeaders,
} from './helpers';
import { newPatientCase } from './cases';

/**
 * Clocks and holders (issue 13 item 4; DECISIONS §15), driven as the office would: the secretary sees the overdue
 * cases flagged on her home and opens the list filtered by 'Atrasados'; on a case of her own she sees its days in the
 * stage, passes it to herself and finds it under 'Minhas pendências'; the medic changes a stage target in Settings
 * (a bad value is refused in the form) and puts it back. axe on each new screen part.
 */

test.describe.configure({ timeout: 240_000 });

/** A new patient and case of the demo medic, created through the API as the secretary; answers the patient's name. */
async function newCase(request: APIRequestContext, headers: ApiHeaders): Promise<string> {
  return (await newPatientCase(request, headers, 'Pendência Responsável', { cellphone: '(11) 9 7777-5555' })).name;
}

async function openMenuLink(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('banner')).toBeVisible();
  await clickNavLink(page, name);
}

test.describe('clocks and holders', () => {
  test.describe.configure({ mode: 'serial' });

  test('the secretary sees overdue cases on her home and in the list, and takes a case under "Minhas pendências"', async ({
    page,
    request,
  }) => {
    const headers = await apiHeaders(request, DEMO_SECRETARY);
    const overdue = (await (await request.get('/surgery/api/v1/surgery/?overdue=true&limit=500', { headers })).json()) as {
      results: Array<{ patient: { nome_completo: string } }>;
      count: number;
    };
    // The demo has cases past their stage's target (DECISIONS §10, §15).
    expect(overdue.count).toBeGreaterThan(0);

    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    const panel = page.getByRole('region', { name: 'Casos atrasados' });
    await expect(panel.getByRole('list', { name: 'Casos atrasados' }).getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
    const listed = panel.getByRole('listitem');
    expect(await listed.count()).toBe(Math.min(5, overdue.count));
    // Each line names its days, stage and target, and who holds it.
    await expect(listed.first()).toContainText(/\d+ dias em .+ \(prazo: \d+ dias\)/);
    await expect(listed.first()).toContainText(/^.*Com .+/);
    if (overdue.count > 5) await expect(panel).toContainText(`e mais ${overdue.count - 5}`);
    await expectNoSeriousA11yViolations(page, { label: 'secretary home with Casos atrasados' });

    // 'Ver todos os atrasados': the list filtered by 'Atrasados', every row flagged.
    await panel.getByRole('link', { name: 'Ver todos os atrasados' }).click();
    await expect(page).toHaveURL(/\/surgery-status\?.*overdue=1/);
    await expect(page.getByRole('checkbox', { name: 'Atrasados' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Minhas pendências' })).not.toBeChecked();
    const table = page.getByRole('table', { name: 'Cirurgias' });
    const rows = table.locator('tbody tr');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    const shown = Math.min(50, overdue.count);
    await expect(rows).toHaveCount(shown);
    await expect(table.locator('tbody tr [data-overdue]')).toHaveCount(shown);
    await expect(rows.first()).toContainText('Atrasado');
    await expectNoSeriousA11yViolations(page, { label: 'status list filtered by Atrasados' });
    // Unchecked: the filter leaves the URL.
    await page.getByRole('checkbox', { name: 'Atrasados' }).uncheck();
    await expect(page).not.toHaveURL(/overdue=/);

    // A case the medic registers: he holds it until she takes it (the creator holds a new case, issue 33 item 13).
    const name = await newCase(request, await apiHeaders(request, DEMO_MEDIC));
    await page.getByRole('checkbox', { name: 'Minhas pendências' }).check();
    await expect(page).toHaveURL(/mine=1/);
    await page.getByLabel('Buscar paciente').fill(name);
    await expect(page.getByText('Nenhuma cirurgia encontrada')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('checkbox', { name: 'Minhas pendências' }).uncheck();
    const row = table.locator('tbody tr', { hasText: name });
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await row.click();

    await expect(page).toHaveURL(/\/surgery-details/);
    const clock = page.getByRole('region', { name: 'Tempo na etapa e responsável' });
    await expect(clock).toContainText('Entrou nesta etapa hoje');
    await expect(clock).toContainText('Prazo: 3 dias');
    await expect(clock).toContainText('No prazo');
    await expect(clock.getByTestId('case-holder')).toHaveText('Carlos Eduardo Mendes');
    const select = clock.getByLabel('Passar o caso para');
    await expect(select).toBeEnabled({ timeout: 30_000 });
    await expectNoSeriousA11yViolations(page, { label: 'case clock and holder' });
    const me = await select.locator('option', { hasNotText: '(médico)' }).filter({ hasNotText: 'Escolha' }).first().textContent();
    expect(me).toBeTruthy();
    await select.selectOption({ label: me! });
    await expect(page.getByText(`Responsável alterado: ${me}.`)).toBeVisible();
    await expect(clock.getByTestId('case-holder')).toHaveText(me!);

    // The case's next move is not refused as stale (the lifecycle actor holds the new version): on to prep_doc.
    await page.getByRole('button', { name: 'Próximo passo' }).click();
    await expect(clock).toContainText('Prazo: 5 dias');
    await expect(clock.getByTestId('case-holder')).toHaveText(me!);

    // 'Minhas pendências' now lists it.
    await page.goto('/surgery-status?mine=1');
    await expect(page.getByRole('checkbox', { name: 'Minhas pendências' })).toBeChecked();
    await expect(table.locator('tbody tr', { hasText: name })).toHaveCount(1, { timeout: 30_000 });
  });

  test('the medic changes a stage target in Settings', async ({ page }) => {
    await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('region', { name: 'Casos atrasados' })).toBeVisible();
    await openMenuLink(page, 'Configurações');
    const card = await laterCard(page, 'Prazos por etapa');
    const field = card.getByLabel('Cadastro de Cirurgia (dias)');
    await expect(field).toHaveValue('3', { timeout: 30_000 });
    await expectNoSeriousA11yViolations(page, { label: 'settings with Prazos por etapa' });

    // A bad value: the schema's pt-BR message under the field, nothing sent.
    await field.fill('0');
    await card.getByRole('button', { name: 'Salvar prazos' }).click();
    await expect(card.getByText('O prazo da etapa "Cadastro de Cirurgia" deve ser um número inteiro de 1 a 365 dias.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: 'settings with a refused target' });

    await field.fill('4');
    await card.getByRole('button', { name: 'Salvar prazos' }).click();
    await expect(page.getByText('Prazos atualizados com sucesso!')).toBeVisible();
    await page.reload();
    await expect((await laterCard(page, 'Prazos por etapa')).getByLabel('Cadastro de Cirurgia (dias)')).toHaveValue('4', {
      timeout: 30_000,
    });

    // Back to the default, so the other journeys see the demo's targets.
    const again = page.getByRole('region', { name: 'Prazos por etapa' });
    await again.getByLabel('Cadastro de Cirurgia (dias)').fill('3');
    await again.getByRole('button', { name: 'Salvar prazos' }).click();
    await expect(page.getByText('Prazos atualizados com sucesso!').first()).toBeVisible();
  });
});
