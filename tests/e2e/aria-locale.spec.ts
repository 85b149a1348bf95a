import { expect, test } from '@playwright/test';
import { DEMO_MEDIC, DEMO_PASSWORD, signIn } from './helpers';

// A browser in English: React Aria follows `navigator.language` unless told otherwise, and the SPA tells it pt-BR.
test.use({ locale: 'en-US' });

test.describe("React Aria's own texts in pt-BR in an English browser", () => {
  test('the search select announces and names its list in pt-BR', async ({ page }) => {
    await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
    await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');

    await page.goto('/audit');
    const patient = page.getByRole('combobox', { name: 'Paciente', exact: true });
    await patient.fill('a');
    await expect(page.getByRole('listbox', { name: 'Sugestões' })).toBeVisible();
    await expect(page.getByRole('option').first()).toBeVisible();
    // The count of options React Aria announces to a screen reader, and the popover's hidden dismiss button.
    const announcements = page.getByRole('log');
    await expect(announcements.filter({ hasText: /opç(ão|ões)/ }).first()).toBeAttached();
    await expect(announcements.filter({ hasText: /available/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Descartar' }).first()).toBeAttached();
    await expect(page.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
  });

  test("the stage filter's popover and a modal dismiss in pt-BR", async ({ page }) => {
    await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
    await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();

    await page.goto('/surgery-status');
    await page.getByRole('button', { name: /Etapas/ }).click();
    await expect(page.getByRole('option', { name: 'Autorização' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Descartar' }).first()).toBeAttached();
    await expect(page.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Descartar' })).toHaveCount(0);

    await page.getByRole('button', { name: /alterar foto do perfil/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Descartar' }).first()).toBeAttached();
    await expect(page.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
  });
});
