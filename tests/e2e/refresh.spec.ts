import { expect, test } from '@playwright/test';
import { SHORT_TOKEN_PORT } from '../../playwright.config';
import { DEMO_MEDIC, DEMO_PASSWORD, signIn, signOut } from './helpers';

// This server issues access tokens that live 3 seconds (ACCESS_TOKEN_TTL_SECONDS=3).
test.use({ baseURL: `http://127.0.0.1:${SHORT_TOKEN_PORT}` });

test('an expired access token is refreshed transparently', async ({ page }) => {
  await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  // The home's first calls are over (on a slow machine some may already have refreshed), so the pair read
  // below is the one the reload finds expired.
  await page.waitForLoadState('networkidle');
  const firstToken = await page.evaluate(() => localStorage.getItem('token'));
  const firstRefresh = await page.evaluate(() => localStorage.getItem('refresh_token'));
  expect(firstToken).toBeTruthy();

  // The token expires (3 s on this server) with no page of the app open, so nothing refreshes it meanwhile (a loaded
  // machine once had the home's own calls refresh it during the wait, and the reload then found a fresh token).
  await page.goto('about:blank');
  await page.waitForTimeout(4_000);

  const statuses: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname === '/project_auth/profile/' || url.pathname === '/auth/token') {
      statuses.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
    }
  });
  // Opening the app again reads the profile with the now expired token: 401, refresh, retry.
  await page.goto('/');
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

test('a session revoked elsewhere ends with a notice, and signing in again returns to the page it was on (DECISIONS §14)', async ({
  page,
}) => {
  await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/all-data$/);

  // Another device revokes this sign-in (as a password change or a removal does).
  const refreshToken = await page.evaluate(() => localStorage.getItem('refresh_token'));
  const revoked = await page.request.post('/auth/revoke', {
    form: {
      token: refreshToken ?? '',
      token_type_hint: 'refresh_token',
      client_id: 'cirurgias-web',
      client_secret: 'cirurgias-web-secret',
    },
  });
  expect(revoked.ok()).toBe(true);

  // Once the 3-second access token is gone, the next call's refresh is refused.
  await page.waitForTimeout(3_500);
  await page.reload();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('status').filter({ hasText: 'Sua sessão expirou. Entre novamente.' })).toBeVisible();

  await page.getByLabel('E-mail').fill(DEMO_MEDIC);
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Acessar' }).click();
  await expect(page).toHaveURL(/\/all-data$/);

  // The notice was for that one return: signing out (the user's own act) and in again goes home, with no notice.
  await signOut(page);
  await expect(page.getByText('Sua sessão expirou. Entre novamente.')).toHaveCount(0);
  await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
});
