/**
 * Issue 39 item 1 in the browser: 'Agenda no celular'. The demo medic creates his private calendar address in
 * /settings, copies it, and a calendar app (Playwright's request, without a sign-in) reads the iCalendar from it; he
 * switches to full names, comes back later (the address is not shown again, only since when it is active), makes a
 * new one (the old one answers 404 at once) and turns the feed off. The demo secretary has the same card in 'Minha
 * conta'. Axe on the card and on the confirmation; screenshots at 1366 and 390 px when E2E_SHOTS_DIR is set.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_MEDIC, DEMO_PASSWORD, DEMO_SECRETARY, expectNoSeriousA11yViolations, laterCard, signIn } from './helpers';

const FEED_URL = /\/project_auth\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/;
const SHOTS = process.env.E2E_SHOTS_DIR;

/** At each width the page does not scroll sideways and the address stays inside the card; a shot of the card. */
async function checkWidths(page: Page, card: Locator, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await card.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const address = card.getByRole('textbox', { name: 'Endereço da agenda' });
    if ((await address.count()) > 0) {
      const [cardBox, addressBox] = [(await card.boundingBox())!, (await address.boundingBox())!];
      expect(addressBox.x + addressBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    }
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await card.screenshot({ path: join(SHOTS, `cal-${name}-${width}.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Today as the card writes it (dd/mm/aaaa, São Paulo). */
const today = () => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());

test('a medic subscribes to his surgeries from a phone calendar, makes a new address and turns it off', async ({ page, request, context }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto('/settings');

  const card = await laterCard(page, 'Agenda no celular');
  await expect(card.getByText('Assine este endereço no Google Agenda, no Apple Calendar ou no Outlook', { exact: false })).toBeVisible();
  const switchRole = { name: 'Mostrar o nome completo do paciente' };
  const fullNames = card.getByRole('switch', switchRole);
  await expect(fullNames).not.toBeChecked();
  await card.getByRole('button', { name: 'Criar endereço da agenda' }).click();
  await expect(page.getByText('Endereço da agenda criado.')).toBeVisible();

  const address = card.getByRole('textbox', { name: 'Endereço da agenda' });
  await expect(address).toHaveValue(FEED_URL);
  // The button pressed is gone: the focus is on the address, not lost to the page.
  await expect(address).toBeFocused();
  const first = await address.inputValue();
  await expect(card.getByRole('link', { name: 'Abrir no aplicativo de calendário' })).toHaveAttribute(
    'href',
    `webcal://${first.replace(/^https?:\/\//, '')}`,
  );
  await expect(card.getByText('Copie o endereço agora: por segurança, ele não é mostrado de novo. Se perdê-lo, gere outro.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Criar endereço da agenda' })).toHaveCount(0);

  await card.getByRole('button', { name: 'Copiar' }).click();
  await expect(page.getByText('Endereço copiado.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

  // A calendar app reads the address without signing in.
  const feed = await request.get(first);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');

  await expectNoSeriousA11yViolations(page, { label: 'calendar feed card with its new address', strict: true });
  await checkWidths(page, card, 'created');

  // Full names: saved as soon as the switch moves (React Aria hides the input: its label is clicked, as a person does).
  await card.locator('label', { has: page.getByRole('switch', switchRole) }).click();
  await expect(page.getByText('Preferência salva.')).toBeVisible();
  await expect(fullNames).toBeChecked();
  // A refused change: the switch moves back and the usual error toast shows.
  await page.route('**/project_auth/api/v1/calendar_feed/', (route) =>
    route.request().method() === 'PATCH' ? route.fulfill({ status: 500 }) : route.fallback(),
  );
  await card.locator('label', { has: page.getByRole('switch', switchRole) }).click();
  await expect(page.getByText('Ocorreu um erro interno!')).toBeVisible();
  await expect(fullNames).toBeChecked();
  await page.unroute('**/project_auth/api/v1/calendar_feed/');

  // Later: the address is not shown again, only since when it is active; the preference stuck.
  await page.reload();
  await laterCard(page, 'Agenda no celular');
  await expect(card.getByText(`Endereço ativo desde ${today()}.`)).toBeVisible();
  await expect(card.getByRole('textbox', { name: 'Endereço da agenda' })).toHaveCount(0);
  await expect(fullNames).toBeChecked();
  await checkWidths(page, card, 'active');

  // A new address, after a confirmation: the old one stops at once.
  await card.getByRole('button', { name: 'Gerar novo endereço' }).click();
  const regenerate = page.getByRole('alertdialog', { name: 'Gerar novo endereço?' });
  await expect(regenerate.getByText('O endereço atual deixa de funcionar na hora. Os calendários que o assinam precisarão do novo.')).toBeVisible();
  await expect(regenerate.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, { label: 'new calendar address confirmation', strict: true });
  await regenerate.getByRole('button', { name: 'Gerar novo endereço' }).click();
  await expect(regenerate).toHaveCount(0);
  await expect(address).toHaveValue(FEED_URL);
  const second = await address.inputValue();
  expect(second).not.toBe(first);
  expect((await request.get(first)).status()).toBe(404);
  expect((await request.get(second)).status()).toBe(200);

  // Off, after a confirmation: the address stops and the card offers a new one.
  await card.getByRole('button', { name: 'Desativar' }).click();
  const deactivate = page.getByRole('alertdialog', { name: 'Desativar a agenda?' });
  await expect(deactivate.getByText('O endereço deixa de funcionar na hora e os calendários que o assinam param de receber as cirurgias.')).toBeVisible();
  await deactivate.getByRole('button', { name: 'Desativar' }).click();
  await expect(page.getByText('Agenda desativada.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Criar endereço da agenda' })).toBeVisible();
  await expect(card.getByRole('textbox', { name: 'Endereço da agenda' })).toHaveCount(0);
  expect((await request.get(second)).status()).toBe(404);
});

test("a secretary has the calendar card in 'Minha conta'", async ({ page }) => {
  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto('/account');
  const card = await laterCard(page, 'Agenda no celular');
  await expect(card.getByRole('button', { name: 'Criar endereço da agenda' })).toBeVisible();
  await expect(card.getByRole('switch', { name: 'Mostrar o nome completo do paciente' })).not.toBeChecked();
  await expectNoSeriousA11yViolations(page, { label: 'secretary calendar card', strict: true });
});
