import { expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import { base32Decode, hotp, otpauthUri, totpStep } from '../../server/services/auth/totp';
import { apiHeaders, expectNoSeriousA11yViolations, inviteLinkFromOutbox, laterCard, signIn, signOut, signUpMedic, validCpf } from './helpers';

/**
 * Issue 35 item 3: the settings' 'Verificação em duas etapas' card. A fresh medic enrols through the card (the code
 * computed here from the secret the card shows, as an authenticator app would), sees his ten recovery codes once,
 * signs out and in again with the second step, then requires two-factor sign-in of his secretaries.
 */
test('a medic turns on two-factor sign-in in his settings and requires it of his secretaries', async ({ page, request }) => {
  const medic = await signUpMedic(request, { label: 'dois-fatores-config', firstName: 'Renata', lastName: 'Segura' });
  await signIn(page, medic.email, medic.password);
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto('/settings');

  const card = await laterCard(page, 'Verificação em duas etapas');
  await expect(card.getByText('Situação: Desativada')).toBeVisible();
  await expect(card.getByText('Recomendado: sua conta abre os prontuários dos seus pacientes.', { exact: false })).toBeVisible();
  await card.getByRole('button', { name: 'Ativar' }).click();

  const setup = page.getByRole('dialog', { name: 'Ativar a verificação em duas etapas' });
  await expect(setup.getByRole('img', { name: 'QR code para configurar o aplicativo autenticador' })).toBeVisible();
  const shown = (await setup.getByTestId('totp-secret').textContent())!.trim();
  expect(shown).toMatch(/^[A-Z2-7]{32}$/);
  // The QR code an authenticator app scans is the otpauth URI of that very secret (the image re-encoded here from the
  // secret shown beside it, with the server's settings, must be the one on the screen, module for module).
  const qrSource = await setup.getByRole('img', { name: 'QR code para configurar o aplicativo autenticador' }).getAttribute('src');
  const qrSvg = Buffer.from(qrSource!.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');
  const expectedUri = otpauthUri(base32Decode(shown)!, medic.email, 'Cirurgias');
  expect(qrSvg).toBe(await QRCode.toString(expectedUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));
  await expectNoSeriousA11yViolations(page, { label: 'two-factor enrolment', strict: true });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    await page.screenshot({ path: `test-results/two-factor-setup-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 800 });

  const secret = base32Decode(shown)!;
  // A wrong code: the server's pt-BR message, nothing turned on.
  const step = totpStep(new Date());
  await setup.getByLabel('Código do aplicativo').fill(hotp(secret, step + 5));
  await setup.getByRole('button', { name: 'Ativar' }).click();
  await expect(setup.getByText('Código inválido. Confira o código no aplicativo autenticador e tente novamente.')).toBeVisible();
  await setup.getByLabel('Código do aplicativo').fill(hotp(secret, step));
  await setup.getByRole('button', { name: 'Ativar' }).click();

  const codes = page.getByRole('dialog', { name: 'Seus códigos de recuperação' });
  await expect(codes.getByText('Eles não serão mostrados de novo.', { exact: false })).toBeVisible();
  await expect(codes.getByRole('list', { name: 'Seus códigos de recuperação' }).getByRole('listitem')).toHaveCount(10);
  await expectNoSeriousA11yViolations(page, { label: 'recovery codes', strict: true });
  await page.screenshot({ path: 'test-results/two-factor-codes-1366.png', fullPage: true });
  await codes.getByRole('button', { name: 'Já guardei os códigos' }).click();
  await expect(codes).toHaveCount(0);
  await expect(card.getByText('Situação: Ativada')).toBeVisible();
  await expect(card.getByText('Códigos de recuperação restantes: 10 de 10')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Desativar' })).toBeVisible();

  // Signing in again now asks the second step.
  await signOut(page);
  await signIn(page, medic.email, medic.password);
  await expect(page.getByText('Digite o código de 6 dígitos do seu aplicativo autenticador.')).toBeVisible();
  await page.getByLabel('Código do aplicativo').fill(hotp(secret, step + 1));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).not.toHaveURL(/\/auth/);

  await page.goto('/settings');
  await laterCard(page, 'Verificação em duas etapas');
  const secretaries = card.getByRole('switch', { name: 'Exigir a verificação em duas etapas das secretárias' });
  await expect(secretaries).not.toBeChecked();
  // React Aria renders the input visually hidden: click its label, as a person does (a forced click on the input skips
  // Playwright's stability wait, and the cards above it still loading moved it away from under the click).
  await card.locator('label', { has: page.getByRole('switch', { name: 'Exigir a verificação em duas etapas das secretárias' }) }).click();
  await expect(page.getByText('As secretárias agora precisam da verificação em duas etapas.')).toBeVisible();
  await expect(secretaries).toBeChecked();
  await expectNoSeriousA11yViolations(page, { label: 'two-factor card on', strict: true });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/two-factor-card-${width}.png`, fullPage: true });
  }
  // Read again from the server: the requirement stuck.
  await page.reload();
  await laterCard(page, 'Verificação em duas etapas');
  await expect(card.getByRole('switch', { name: 'Exigir a verificação em duas etapas das secretárias' })).toBeChecked();
});

test("a secretary whose medic requires two-factor sign-in sees it in 'Minha conta' and cannot turn it off", async ({ page, request }) => {
  const stamp = Date.now() % 10_000_000;
  const medic = await signUpMedic(request, { label: 'exige-dois-fatores', firstName: 'Paulo', lastName: 'Exigente' });
  const asMedic = await apiHeaders(request, medic.email, medic.password);
  const email = `segura.${stamp}@clinica.com.br`;
  const password = 'Secretaria@2026';
  const invite = await request.post('/project_auth/api/v1/create_secretary/', { headers: asMedic, data: { first_name: 'Sara', last_name: 'Segura', email } });
  expect(invite.status(), await invite.text()).toBe(201);
  const token = new URL(inviteLinkFromOutbox(email)).pathname.split('/').pop()!;
  const accepted = await request.post(`/project_auth/api/v1/secretaria_convite/${token}`, {
    data: { first_name: 'Sara', last_name: 'Segura', cpf: validCpf(stamp + 35), password, confirmPassword: password, IAcceptToStoreData: true },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);

  // She enrols (through the API, as the sign-in test does), then her medic requires it.
  const asSecretary = await apiHeaders(request, email, password);
  const setup = await (await request.post('/project_auth/api/v1/two_factor/setup/', { headers: asSecretary })).json();
  const secret = base32Decode(setup.secret)!;
  const step = totpStep(new Date());
  expect((await request.post('/project_auth/api/v1/two_factor/confirm/', { headers: asSecretary, data: { otp: hotp(secret, step) } })).status()).toBe(200);
  expect((await request.put('/project_auth/api/v1/two_factor/secretaries/', { headers: asMedic, data: { required: true } })).status()).toBe(200);

  await signIn(page, email, password);
  await page.getByLabel('Código do aplicativo').fill(hotp(secret, step + 1));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto('/account');
  const card = await laterCard(page, 'Verificação em duas etapas');
  await expect(card.getByText('Situação: Ativada')).toBeVisible();
  await expect(card.getByText('Seu médico exige a verificação em duas etapas: ela não pode ser desativada.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Desativar' })).toHaveCount(0);
  await expect(card.getByRole('switch')).toHaveCount(0);
  await expect(card.getByText('Recomendado:', { exact: false })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, { label: 'secretary two-factor card', strict: true });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    await page.screenshot({ path: `test-results/two-factor-secretary-${width}.png`, fullPage: true });
  }
});
