import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, pickOption, signIn, signUpMedic, validCpf } from './helpers';

/**
 * A new medic without a secretary (DECISIONS §13): his menu has 'Adicionar paciente' and 'Vincular cirurgia', the
 * home shows 'Primeiros passos' instead of zeros alone, he registers a patient and links a case himself through
 * the screens, invites a secretary from the panel, and the panel goes away once every step is done.
 */

function panel(page: Page) {
  return page.getByRole('region', { name: 'Primeiros passos' });
}

function step(page: Page, title: string) {
  return panel(page).getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
}

test.describe('a medic without a secretary (DECISIONS §13)', () => {
  test('registers a patient and a case himself, guided by Primeiros passos, which goes away when done', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const medic = await signUpMedic(request, { label: 'dr.primeiros', firstName: 'Rafael', lastName: 'Sozinho', password: 'Primeiro@2026' });
    const stamp = Date.now() % 100_000_000;
    const patientName = `Helena Primeira ${stamp}`;

    await signIn(page, medic.email, medic.password);
    await expect(page).toHaveURL(/\/$/);
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    for (const item of ['Home', 'Adicionar paciente', 'Vincular cirurgia', 'Dashboard', 'Configurações', 'Status de cirurgia']) {
      await expect(nav.getByRole('link', { name: item })).toBeVisible();
    }
    await expect(panel(page)).toBeVisible();
    await expect(step(page, 'Cadastre seu primeiro paciente').getByText('Passo 1')).toBeVisible();
    await expect(step(page, 'Vincule a primeira cirurgia').getByText('Passo 2')).toBeVisible();
    await expect(step(page, 'Convide sua secretária').getByText('Passo 3')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Step 1 through the panel: the patient wizard, without the secretary's 'Médico' field.
    await step(page, 'Cadastre seu primeiro paciente').getByRole('link', { name: 'Adicionar paciente' }).click();
    await expect(page).toHaveURL(/\/patients$/);
    await page.getByRole('button', { name: 'Cadastrar paciente' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Cadastrar paciente' });
    await dialog.getByLabel('Paciente', { exact: true }).fill(patientName);
    await dialog.getByLabel('Telefone').fill('11987654321');
    await dialog.getByRole('button', { name: 'Próximo passo' }).click();
    await expect(dialog.getByText('Passo 2 de 2')).toBeVisible();
    await dialog.getByLabel('CPF').fill(validCpf(stamp + 77));
    await dialog.getByLabel('Data de nascimento').fill('15031985');
    await dialog.getByRole('radio', { name: 'Feminino' }).check();
    await expect(dialog.getByLabel('Médico')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    await expect(page.getByText('Cadastrado com sucesso')).toBeVisible();

    // Step 2: 'Vincular cirurgia' from the menu; the medic is the patient's (himself).
    await nav.getByRole('link', { name: 'Vincular cirurgia' }).click();
    await expect(page).toHaveURL(/\/patients-surgery$/);
    // /patients' search box has the same placeholder: wait until the new page has replaced it.
    await expect(page.getByRole('heading', { level: 1, name: 'Vincular cirurgia' })).toBeVisible();
    await page.getByPlaceholder('Nome do paciente').fill(patientName);
    await page.getByRole('button', { name: `Vincular ${patientName}` }).click();
    await expect(page.getByLabel('Médico(a)', { exact: true })).toHaveValue(`${medic.firstName} ${medic.lastName}`);
    await pickOption(page, 'Procedimento 1', 'apendicectomia', /APENDICECTOMIA/);
    await pickOption(page, 'CID 1', 'K35', /^K35/);
    await page.getByLabel('Fonte pagadora').selectOption('particular');
    await pickOption(page, 'Hospital', 'sirio', /Sírio/);
    await page.getByRole('button', { name: 'Cadastrar cirurgia' }).click();
    await expect(page).toHaveURL(/\/surgery-details\/\d+$/);
    await expect(page.getByRole('heading', { name: patientName })).toBeVisible();

    // Back home: two steps done, the third opens the invite modal in /settings.
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(step(page, 'Cadastre seu primeiro paciente').getByText('Concluído')).toBeVisible();
    await expect(step(page, 'Vincule a primeira cirurgia').getByText('Concluído')).toBeVisible();
    await step(page, 'Convide sua secretária').getByRole('link', { name: 'Convidar secretária' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    const invite = page.getByRole('dialog', { name: 'Adicionar uma pessoa a sua conta' });
    await expect(invite).toBeVisible();
    await invite.getByLabel('Nome', { exact: true }).fill('Marta');
    await invite.getByLabel('Sobrenome').fill('Auxiliar');
    await invite.getByLabel('E-mail').fill(`marta.${stamp}@clinica.com.br`);
    await invite.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Enviado com sucesso!')).toBeVisible();

    // Every step done: the panel is gone; the medic, still without a linked secretary, keeps his menu.
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('region', { name: 'Resumo' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Adicionar paciente' })).toBeVisible();
    await expect(panel(page)).toHaveCount(0);
  });
});
