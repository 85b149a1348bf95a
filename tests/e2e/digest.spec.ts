/**
 * Issue 39 item 3 in the browser: the morning digest by e-mail. The demo medic turns 'Receber o resumo diário por
 * e-mail' on in /settings (saved at once, still on after a reload; a refused change moves the switch back) and off
 * again; the demo secretary has the same card in 'Minha conta'. The e-mail's link, /digest-unsubscribe#<token>, opens
 * signed out and changes nothing until 'Parar o resumo diário' is clicked: a forged token gets the server's refusal, a
 * link without a token says so at once, and a call without an answer keeps the button to try again.
 *
 * A valid token cannot be made here: it is the account's id and an HMAC of it with a server secret, which the browser
 * never sees. The API suite (tests/api) covers the valid path, from the e-mail's link to the digest stopping.
 *
 * Axe on the card and on the page; screenshots at 1366 and 390 px when E2E_SHOTS_DIR is set.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_MEDIC, DEMO_PASSWORD, DEMO_SECRETARY, expectNoSeriousA11yViolations, laterCard, signIn } from './helpers';

const SHOTS = process.env.E2E_SHOTS_DIR;
const SWITCH = { name: 'Receber o resumo diário por e-mail' };
const INVALID = 'Este link para cancelar o resumo diário não é válido.';
/** Shaped like the e-mail's token (an account id, a dot, 43 base64url characters), but not signed by the server. */
const FORGED_TOKEN = `1.${'A'.repeat(43)}`;

/** At each width the page does not scroll sideways; a shot of `target` (a card, or the whole page). */
async function checkWidths(page: Page, target: Locator | null, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await target?.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      const path = join(SHOTS, `digest-${name}-${width}.png`);
      await (target ? target.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** React Aria hides the switch's input: its label is clicked, as a person does. */
const flip = (card: Locator, page: Page) => card.locator('label', { has: page.getByRole('switch', SWITCH) }).click();

test('a medic turns the morning digest on, finds it on after a reload and turns it off', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto('/settings');

  const card = await laterCard(page, 'Resumo diário por e-mail');
  const enabled = card.getByRole('switch', SWITCH);
  await expect(enabled).not.toBeChecked();
  await expect(card.getByText('Toda manhã, a partir das 7h: as cirurgias de amanhã', { exact: false })).toBeVisible();

  await flip(card, page);
  await expect(page.getByText('Preferência salva.')).toBeVisible();
  await expect(enabled).toBeChecked();

  // A refused change: the switch moves back and the usual error toast shows.
  await page.route('**/project_auth/api/v1/digest/', (route) => (route.request().method() === 'PUT' ? route.fulfill({ status: 500 }) : route.fallback()));
  await flip(card, page);
  await expect(page.getByText('Ocorreu um erro interno!')).toBeVisible();
  await expect(enabled).toBeChecked();
  await page.unroute('**/project_auth/api/v1/digest/');

  await page.reload();
  await laterCard(page, 'Resumo diário por e-mail');
  await expect(enabled).toBeChecked();
  await expectNoSeriousA11yViolations(page, { label: 'digest card', strict: true });
  await checkWidths(page, card, 'card-on');

  await flip(card, page);
  await expect(page.getByText('Preferência salva.').first()).toBeVisible();
  await expect(enabled).not.toBeChecked();
  await page.reload();
  await laterCard(page, 'Resumo diário por e-mail');
  await expect(enabled).not.toBeChecked();
});

test("a secretary has the digest card in 'Minha conta'", async ({ page }) => {
  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto('/account');
  const card = await laterCard(page, 'Resumo diário por e-mail');
  await expect(card.getByRole('switch', SWITCH)).not.toBeChecked();
  await expectNoSeriousA11yViolations(page, { label: 'secretary digest card', strict: true });
});

test("the e-mail's link asks before stopping the digest, and refuses a token the server did not make", async ({ page }) => {
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/project_auth/api/v1/digest/unsubscribe/')) posts += 1;
  });

  // Signed out; opening the page changes nothing (a mail scanner that follows the link must not unsubscribe anyone).
  await page.goto(`/digest-unsubscribe#${FORGED_TOKEN}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Resumo diário' })).toBeVisible();
  await expect(page.getByText('Para parar de receber o resumo diário de cirurgias por e-mail, confirme abaixo.')).toBeVisible();
  const stop = page.getByRole('button', { name: 'Parar o resumo diário' });
  await expect(stop).toBeVisible();
  expect(posts).toBe(0);
  await expectNoSeriousA11yViolations(page, { label: 'digest unsubscribe page', strict: true });
  await checkWidths(page, null, 'unsubscribe');

  // No answer: the usual error, and the button stays to try again.
  await page.route('**/project_auth/api/v1/digest/unsubscribe/', (route) => route.abort('internetdisconnected'));
  await stop.click();
  await expect(page.getByText('Ocorreu um erro, tente novamente!')).toBeVisible();
  await expect(stop).toBeEnabled();
  await page.unroute('**/project_auth/api/v1/digest/unsubscribe/');

  // The server refuses the forged token: its text, in place of the button.
  await stop.click();
  await expect(page.getByRole('alert').filter({ hasText: INVALID })).toBeVisible();
  await expect(stop).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ir para o início' })).toBeVisible();
  expect(posts).toBe(2);
  await expectNoSeriousA11yViolations(page, { label: 'digest unsubscribe refused', strict: true });
  await checkWidths(page, null, 'unsubscribe-refused');

  // A link without its token: the same text at once, no button.
  await page.goto('/digest-unsubscribe');
  await expect(page.getByText(INVALID)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Parar o resumo diário' })).toHaveCount(0);
  expect(posts).toBe(2);
});
