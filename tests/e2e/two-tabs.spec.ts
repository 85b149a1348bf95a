import { expect, test, type Page } from '@playwright/test';
import { SHORT_TOKEN_PORT } from '../../playwright.config';
import { DEMO_MEDIC, DEMO_PASSWORD, signIn } from './helpers';

// This server issues access tokens that live 3 seconds, so every round below refreshes in both tabs at once.
test.use({ baseURL: `http://127.0.0.1:${SHORT_TOKEN_PORT}` });

const HAMMER_MS = 60_000;
/** At least this many rounds, however slow the machine (each waits for both 3-second tokens to expire). */
const MIN_ROUNDS = 10;
const INTERRUPT_AFTER_MS = [150, 250, 350, 450, 600, 800, 1_000];

function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Menu principal' });
}

test('two tabs refreshing the same session at once for a minute are never signed out (DECISIONS §14)', async ({ context }) => {
  test.setTimeout(HAMMER_MS * 5);
  const first = await context.newPage();
  await signIn(first, DEMO_MEDIC, DEMO_PASSWORD);
  await expect(first).toHaveURL(/\/$/);
  const second = await context.newPage();
  await second.goto('/surgery-status');
  await expect(mainMenu(second)).toBeVisible();

  const refusedGrants: string[] = [];
  let grants = 0;
  for (const page of [first, second]) {
    page.on('response', (response) => {
      if (new URL(response.url()).pathname !== '/auth/token') return;
      grants += 1;
      if (response.status() !== 200) refusedGrants.push(`${response.status()} ${page.url()}`);
    });
  }

  const until = Date.now() + HAMMER_MS;
  let rounds = 0;
  while (rounds < MIN_ROUNDS || Date.now() < until) {
    // Let both access tokens expire, then make both tabs need a new one at the same moment. Every
    // other round reloads again while those refreshes may still be in flight, as an impatient user
    // does: a rotation the server made may never reach the tab that asked for it.
    await first.waitForTimeout(3_200);
    if (rounds % 2 === 1) {
      await Promise.all([first.reload({ waitUntil: 'commit' }), second.reload({ waitUntil: 'commit' })]);
      await first.waitForTimeout(INTERRUPT_AFTER_MS[rounds % INTERRUPT_AFTER_MS.length]!);
    }
    await Promise.all([first.reload(), second.reload()]);
    await Promise.all([expect(mainMenu(first)).toBeVisible(), expect(mainMenu(second)).toBeVisible()]);
    rounds += 1;
  }

  expect(refusedGrants).toEqual([]);
  expect(grants).toBeGreaterThanOrEqual(rounds);
  await expect(first).toHaveURL(/\/$/);
  await expect(second).toHaveURL(/\/surgery-status/);
  const stored = await first.evaluate(() => localStorage.getItem('refresh_token'));
  expect(stored).toBeTruthy();
});
