import { expect, test } from '@playwright/test';
import { base32Decode, hotp, totpStep } from '../../server/services/auth/totp';
import { expectNoSeriousA11yViolations, signIn, signUpMedic } from './helpers';

/**
 * Issue 35 item 3: sign-in with two-factor. The medic enrols through the API (the code computed here from the
 * secret the server gave, as an authenticator app would), then signs in in the browser: the password, then the
 * second step asks the code.
 */
test('a medic with two-factor sign-in types the code of his authenticator app after the password', async ({ page, request }) => {
  const medic = await signUpMedic(request, { label: 'dois-fatores', firstName: 'Otávio', lastName: 'Fatores' });
  const token = await request.post('/auth/token', {
    form: { grant_type: 'password', client_id: 'cirurgias-web', client_secret: 'cirurgias-web-secret', username: medic.email, password: medic.password },
  });
  const headers = { Authorization: `Bearer ${(await token.json()).access_token}` };
  const setup = await (await request.post('/project_auth/api/v1/two_factor/setup/', { headers })).json();
  const secret = base32Decode(new URL(setup.otpauth_uri).searchParams.get('secret')!)!;
  const step = totpStep(new Date());
  const confirm = await request.post('/project_auth/api/v1/two_factor/confirm/', { headers, data: { otp: hotp(secret, step) } });
  expect(confirm.status()).toBe(200);

  await signIn(page, medic.email, medic.password);
  await expect(page.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible();
  await expect(page.getByText('Digite o código de 6 dígitos do seu aplicativo autenticador.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'second factor' });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    await page.screenshot({ path: `test-results/second-factor-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 800 });

  // The confirmation's code was accepted once: never again.
  await page.getByLabel('Código do aplicativo').fill(hotp(secret, step));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByText('Código inválido. Confira o código no aplicativo autenticador e tente novamente.')).toBeVisible();
  await page.getByLabel('Código do aplicativo').fill(hotp(secret, step + 1));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  await expect(page.getByRole('heading', { name: 'Verificação em duas etapas' })).toHaveCount(0);
});
