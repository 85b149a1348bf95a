import { expect, test } from '@playwright/test';
import { SHORT_TOKEN_PORT } from '../../playwright.config';
import { DEMO_MEDIC, DEMO_PASSWORD, signIn } from './helpers';

// This server issues access tokens that live 3 seconds (ACCESS_TOKEN_TTL_SECONDS=3).
test.use({ baseURL: `http://127.0.0.1:${SHORT_TOKEN_PORT}` });

test('an expired access token is refreshed transparently', async ({ page }) => {
  await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  const firstToken = await page.evaluate(() => localStorage.getItem('token'));
  const firstRefresh = await page.evaluate(() => localStorage.getItem('refresh_token'));
  expect(firstToken).toBeTruthy();

  await page.waitForTimeout(4_000);

  const statuses: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname === '/project_auth/profile/' || url.pathname === '/auth/token') {
      statuses.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
    }
  });
  // Reloading re-reads the profile with the now expired token: 401, refresh, retry.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await expect.poll(() => statuses).toEqual([
    'GET /project_auth/profile/ 401',
    'POST /auth/token 200',
    'GET /project_auth/profile/ 200',
  ]);
  await expect(page).toHaveURL(/\/$/);
  const secondToken = await page.evaluate(() => localStorage.getItem('token'));
  const secondRefresh = await page.evaluate(() => localStorage.getItem('refresh_token'));
  expect(secondToken).not.toBe(firstToken);
  expect(secondRefresh).not.toBe(firstRefresh);
});
