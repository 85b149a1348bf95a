import { expect, test } from '@playwright/test';
import { DEMO_MEDIC, DEMO_PASSWORD, DEMO_SECRETARY, requestedAssets, signIn, signOut } from './helpers';

test.describe('routing rules and sign-in', () => {
  test('signed-out visitors land on /auth from any path', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/um/caminho/qualquer');
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('button', { name: 'Acessar' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ainda não tenho conta' })).toHaveAttribute('href', '/signup');
  });

  test('an incomplete form warns "Dados invalido!" and a wrong password shows the server message', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Acessar' }).click();
    await expect(page.getByText('Dados invalido!')).toBeVisible();
    await expect(page.getByText('Informe um e-mail válido.')).toBeVisible();
    await expect(page.getByText('Informe a senha.')).toBeVisible();

    await signIn(page, DEMO_MEDIC, 'senha-errada');
    await expect(page.getByText('Usuário ou senha inválidos.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('the form checks what is typed without ever loading arktype (issue 41, goal 6)', async ({ page }) => {
    const checks = requestedAssets(page, /\/assets\/checks-[^/]*\.js$/);
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Acessar' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(checks).toEqual([]);

    await page.getByPlaceholder('Digite seu Login').fill('medico@');
    await page.getByRole('textbox', { name: 'Senha' }).press('Enter');
    await expect(page.getByText('Informe um e-mail válido.')).toBeVisible();
    await expect(page.getByText('Informe a senha.')).toBeVisible();
    // Checked again at each change once submitted: the e-mail's message goes when it is whole.
    await page.getByPlaceholder('Digite seu Login').fill('medico@demo.com.br');
    await expect(page.getByText('Informe um e-mail válido.')).toBeHidden();
    await expect(page.getByText('Informe a senha.')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(checks).toEqual([]);
  });

  test('/auth does not download the signed-in chunk; the first signed-in screen does, once (issue 15)', async ({ page }) => {
    const signedInChunks = requestedAssets(page, /\/assets\/signed-in-[^/]*\.js$/);
    // Nor do the other signed-out pages, though they share a few modules with it (issue 41, goal 7).
    await page.goto('/signup');
    await expect(page.getByLabel('CPF')).toBeVisible();
    await page.goto('/forgot-password');
    await expect(page.getByRole('button', { name: 'Enviar link' })).toBeVisible();
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Acessar' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(signedInChunks).toEqual([]);

    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page.getByRole('region', { name: 'Autorizações a vencer' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(signedInChunks).toHaveLength(1);
  });

  test('a medic sees the medic menu, is kept out of secretary routes and signs out', async ({ page }) => {
    await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    for (const item of ['Home', 'Dashboard', 'Configurações', 'Status de cirurgia']) {
      await expect(nav.getByRole('link', { name: item })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Adicionar paciente' })).toHaveCount(0);
    await expect(page.getByRole('banner')).toContainText('Carlos');

    await page.goto('/patients');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/patients-surgery');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/$/);

    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/all-data$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await nav.getByRole('link', { name: 'Status de cirurgia' }).click();
    await expect(page.getByRole('heading', { name: 'Veja o status das cirurgias' })).toBeVisible();

    await signOut(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a secretary sees the secretary menu and is kept out of medic routes', async ({ page }) => {
    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    for (const item of ['Home', 'Adicionar paciente', 'Vincular cirurgia', 'Status de cirurgia']) {
      await expect(nav.getByRole('link', { name: item })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

    for (const path of ['/all-data', '/settings']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
    await nav.getByRole('link', { name: 'Adicionar paciente' }).click();
    await expect(page).toHaveURL(/\/patients$/);
    await signOut(page);
  });

  test('below 768 px the slide-in menu opens and closes on Escape, backdrop and link', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    const openButton = page.getByRole('button', { name: 'Abrir menu' });
    const dialog = page.getByRole('dialog');

    await openButton.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(openButton).toBeFocused();

    await openButton.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(380, 420);
    await expect(dialog).toBeHidden();

    await openButton.click();
    await dialog.getByRole('link', { name: 'Vincular cirurgia' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/patients-surgery$/);
  });
});
