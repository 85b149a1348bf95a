/**
 * Issue 35 items 1, 2 and 4 in the browser: 'Esqueci minha senha' end to end with the e-mail read from a real SMTP
 * server (a server of this spec's own, started with SMTP_URL pointing at it), and the signed-in devices in the
 * secretary's 'Minha conta' and the medic's settings. Axe on each screen; screenshots at 1366 and 390 px.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { decodeHeader, decodeQuotedPrintable, header, startSmtpServer, type TestSmtpServer } from '../helpers/mail';
import { DEMO_MEDIC, DEMO_PASSWORD, DEMO_SECRETARY, expectNoSeriousA11yViolations, laterCard, signIn } from './helpers';

const SHOTS = process.env.E2E_SHOTS_DIR;
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CLIENT = { client_id: 'cirurgias-web', client_secret: 'cirurgias-web-secret' };

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

test.describe('Esqueci minha senha, with the e-mail read from a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let server: ChildProcess;
  let base: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    smtp = await startSmtpServer();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['build/server/main.js'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'cirurgias-e2e-smtp-')),
        PUBLIC_URL: base,
        SMTP_URL: smtp.url,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    for (let i = 0; i < 240; i++) {
      const up = await fetch(`${base}/health`).then((res) => res.ok, () => false);
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error('the SMTP server test app did not start');
  });

  test.afterAll(async () => {
    server?.kill('SIGTERM');
    await smtp?.close();
  });

  test('asks for a link, follows it from the e-mail, sets the new password and signs in with it', async ({ page }) => {
    await page.goto(`${base}/auth`);
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Esqueci minha senha' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { strict: true });
    await shots(page, 'forgot');

    await page.getByLabel('E-mail').fill(DEMO_MEDIC);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await expect(page.getByRole('heading', { name: 'Verifique seu e-mail' })).toBeVisible();
    await expect(
      page.getByText('Se houver uma conta com este e-mail, você receberá em instantes um link para criar uma nova senha.'),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, { strict: true });
    await shots(page, 'forgot-sent');

    await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(1);
    const message = smtp.received[0]!;
    expect(message.to).toEqual([DEMO_MEDIC]);
    expect(decodeHeader(header(message.raw, 'Subject')!)).toBe('Criar uma nova senha');
    const body = decodeQuotedPrintable(message.raw);
    const link = new RegExp(`${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/reset-password#[A-Za-z0-9_-]{43}`).exec(body)?.[0];
    expect(link, 'the link in the e-mail').toBeTruthy();

    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Criar nova senha' })).toBeVisible();
    await expect(page.getByText(`Conta: ${DEMO_MEDIC}`)).toBeVisible();
    await page.getByLabel('Nova senha', { exact: true }).fill('curta');
    await page.getByLabel('Confirme a nova senha').fill('curta');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(page.getByText('A senha deve ter pelo menos 8 caracteres.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, { strict: true });
    await shots(page, 'reset');

    await page.getByLabel('Nova senha', { exact: true }).fill('Nova@Senha2026');
    await page.getByLabel('Confirme a nova senha').fill('Nova@Senha2026');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    // Hashing the new password is slow on purpose (scrypt); on a loaded CI machine it took over the default 10 s once.
    await expect(page.getByText('Senha alterada com sucesso! Entre com a nova senha.')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/auth$/);

    // The user is told by e-mail.
    await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(2);
    expect(decodeHeader(header(smtp.received[1]!.raw, 'Subject')!)).toBe('Sua senha foi alterada');

    await page.getByPlaceholder('Digite seu Login').fill(DEMO_MEDIC);
    await page.getByLabel('Senha', { exact: true }).fill('Nova@Senha2026');
    await page.getByRole('button', { name: 'Acessar' }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/$`));

    // The link opens once.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Link inválido' })).toBeVisible();
    await expect(page.getByText('Este link para criar uma nova senha não vale mais. Peça outro em "Esqueci minha senha".')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pedir um novo link' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { strict: true });
    await shots(page, 'reset-used');
  });
});

test.describe('Dispositivos conectados', () => {
  test("the secretary sees her devices in 'Minha conta' and ends another one", async ({ page, request }) => {
    // Another sign-in of hers, from Firefox on Linux, that made a request.
    const answer = await request.post('/auth/token', {
      data: { grant_type: 'password', username: DEMO_SECRETARY, password: DEMO_PASSWORD, ...CLIENT },
      headers: { 'user-agent': FIREFOX_LINUX },
    });
    expect(answer.ok()).toBe(true);
    const other = { Authorization: `Bearer ${((await answer.json()) as { access_token: string }).access_token}`, 'user-agent': FIREFOX_LINUX };
    expect((await request.get('/project_auth/profile/', { headers: other })).status()).toBe(200);

    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('link', { name: 'Minha conta' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'Minha conta', level: 1 })).toBeVisible();
    await laterCard(page, 'Dispositivos conectados');
    const list = page.getByRole('list', { name: 'Dispositivos conectados' });
    await expect(list.getByRole('listitem').first()).toContainText('Este dispositivo');
    await expect(list.getByRole('listitem').first()).toContainText('Último uso: agora mesmo');
    const firefox = list.getByRole('listitem').filter({ hasText: 'Firefox no Linux' });
    await expect(firefox).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Alterar senha' })).toBeVisible();
    // Her own profile has no CRM (her medic's council is in 'Faturamento TISS', below).
    await expect(page.getByRole('region', { name: 'Perfil' }).getByText('CRM')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, { strict: true });
    await shots(page, 'account');

    await firefox.getByRole('button', { name: /^Desconectar Firefox no Linux/ }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Firefox no Linux precisará entrar de novo com a senha.');
    await expectNoSeriousA11yViolations(page, { strict: true });
    await page.getByRole('button', { name: 'Sim, desconectar' }).click();
    await expect(page.getByText('Dispositivo desconectado.')).toBeVisible();
    await expect(list.getByRole('listitem').filter({ hasText: 'Firefox no Linux' })).toHaveCount(0);
    // Its tokens stopped at once.
    expect((await request.get('/project_auth/profile/', { headers: other })).status()).toBe(401);
  });

  test("the medic's settings list his devices too", async ({ page }) => {
    await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/settings');
    const card = await laterCard(page, 'Dispositivos conectados');
    await expect(card.getByRole('listitem').first()).toContainText('Este dispositivo');
    await expect(page.getByRole('region', { name: 'Perfil' }).getByText('CRM', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { strict: true });
    await shots(page, 'settings-devices');
  });
});
