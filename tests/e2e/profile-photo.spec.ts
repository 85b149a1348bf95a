import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_SECRETARY, signIn, signUpMedic, tealPng } from './helpers';

/**
 * The profile photo (issue 11 item 13): a medic uploads one in /settings ('Alterar foto' → 'Foto do perfil') and sees
 * it in the header and the settings card, after a reload too, then removes it; a secretary, who has no /settings,
 * does the same from the header's photo on a phone. A non-image is refused when chosen.
 */

/** The header's photo button (both roles). */
const headerPhoto = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Alterar foto do perfil' });

/** Waits until `image` shows a loaded photo served by the signed profile photo link. */
async function expectLoadedPhoto(image: Locator): Promise<void> {
  await expect(image).toHaveAttribute('src', /^\/project_auth\/api\/v1\/profile_photo\/\d+\/[0-9a-f]{32}\/\?expires=/);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(16);
}

async function choosePhoto(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Foto do perfil' });
  await expect(dialog).toBeVisible();
  const input = dialog.locator('input[type="file"]');
  await input.setInputFiles({ name: 'notas.png', mimeType: 'image/png', buffer: Buffer.from('não é uma imagem') });
  await expect(dialog.getByText('Escolha uma imagem JPEG, PNG ou WebP.')).toBeVisible();
  await input.setInputFiles({ name: 'retrato.png', mimeType: 'image/png', buffer: tealPng() });
  await expect(dialog.getByText('Imagem selecionado!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Salvar foto' }).click();
  await expect(page.getByText('Foto do perfil atualizada!')).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function removePhoto(page: Page, open: Locator): Promise<void> {
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Foto do perfil' });
  await dialog.getByRole('button', { name: 'Remover foto' }).click();
  await expect(page.getByText('Foto do perfil removida!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(headerPhoto(page).locator('img')).toHaveCount(0);
}

test('a medic uploads a photo in /settings and sees it in the header, after a reload too, then removes it', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const medic = await signUpMedic(request, { label: 'dra.foto', firstName: 'Lia', lastName: 'Retrato', nickname: 'Dra. Lia', password: 'Retrato@2026', state: 'BA' });
  await signIn(page, medic.email, medic.password);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Configurações' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible();

  // No photo yet: the header shows the initial, the settings card the silhouette.
  await expect(headerPhoto(page).locator('img')).toHaveCount(0);
  await expect(headerPhoto(page)).toContainText('D');
  const settingsButton = page.getByRole('main').getByRole('button', { name: 'Alterar foto do perfil' });
  await expect(settingsButton).toHaveText('Alterar foto');
  await settingsButton.click();
  await choosePhoto(page);

  await expectLoadedPhoto(headerPhoto(page).locator('img'));
  await expectLoadedPhoto(page.getByRole('main').getByRole('img', { name: 'Foto do perfil' }));
  await page.reload();
  await expectLoadedPhoto(headerPhoto(page).locator('img'));

  await removePhoto(page, page.getByRole('main').getByRole('button', { name: 'Alterar foto do perfil' }));
  await expect(page.getByRole('main').getByRole('img', { name: 'Foto do perfil' }).locator('img')).toHaveCount(0);
});

test('a secretary sets her photo from the header on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await headerPhoto(page).click();
  await choosePhoto(page);
  await expectLoadedPhoto(headerPhoto(page).locator('img'));
  // The demo secretary is shared with the other specs: leave her as she was.
  await removePhoto(page, headerPhoto(page));
});
