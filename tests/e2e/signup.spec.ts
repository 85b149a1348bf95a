import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, holdRequests, inviteLinkFromOutbox, signIn, signOut, validCpf } from './helpers';

test.describe('doctor signup and secretary invite', () => {
  test('a doctor signs up in 3 steps, signs in, and the invited secretary signs up in 2 steps', async ({ page }) => {
    const stamp = Date.now();
    const doctorEmail = `dra.helena.${stamp}@exemplo.com.br`;
    const secretaryEmail = `marta.${stamp}@exemplo.com.br`;

    await page.goto('/auth');
    await page.getByRole('link', { name: 'Ainda não tenho conta' }).click();
    await expect(page).toHaveURL(/\/signup$/);

    // Step 1: names and CPF, with the CPF check.
    await page.getByLabel('Nome', { exact: true }).fill('Helena');
    await page.getByLabel('Sobrenome').fill('Duarte');
    await page.getByLabel('CPF').fill('11111111112');
    await expect(page.getByLabel('CPF')).toHaveValue('111.111.111-12');
    await page.getByRole('button', { name: 'Próximo passo' }).click();
    await expect(page.getByText('CPF Invalido!')).toBeVisible();
    await page.getByLabel('CPF').fill(validCpf(stamp));
    await page.getByRole('button', { name: 'Próximo passo' }).click();

    // Step 2: address, CRM, specialty, cellphone.
    await page.getByLabel('Endereço').fill('Rua das Acácias, 120, Pinheiros, São Paulo - SP');
    await page.getByLabel('CRM').fill('123456/SP');
    await page.getByLabel('Especialidade').selectOption({ label: 'Cirurgia Geral' });
    await page.getByLabel('Celular').fill('11987654321');
    await expect(page.getByLabel('Celular')).toHaveValue('(11) 9 8765-4321');
    await page.getByRole('button', { name: 'Próximo passo' }).click();

    // Step 3: access, with the secretary invite.
    await page.getByLabel('E-mail', { exact: true }).fill(doctorEmail);
    await page.getByLabel('Senha', { exact: true }).fill('Cirurgia@2026');
    await page.getByLabel('Repita a senha').fill('Cirurgia@2025');
    await page.getByLabel('Repita a senha').blur();
    await expect(page.getByText('As senhas não conferem.')).toBeVisible();
    await page.getByLabel('Repita a senha').fill('Cirurgia@2026');
    await expect(page.getByText('As senhas não conferem.')).toBeHidden();
    await page.getByText('Autorizo o armazenamento').click();
    await page.getByText('Tenho uma secretária').click();
    await page.getByLabel('E-mail de contato da secretária').fill(secretaryEmail);
    await page.getByRole('button', { name: 'Criar conta' }).click();

    await expect(page.getByText('Cadastrado com sucesso!')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    await signIn(page, doctorEmail, 'Cirurgia@2026');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner')).toContainText('Helena');
    await signOut(page);

    // The invite went to the outbox (no SMTP in this run); follow its link.
    const link = new URL(inviteLinkFromOutbox(secretaryEmail));
    await page.goto(link.pathname);
    await expect(page.getByText('Convite de Dr(a). Helena Duarte')).toBeVisible();

    await page.getByLabel('Nome', { exact: true }).fill('Marta');
    await page.getByLabel('Sobrenome').fill('Lima');
    await page.getByLabel('CPF').fill(validCpf(stamp + 7));
    await page.getByRole('button', { name: 'Próximo passo' }).click();

    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(secretaryEmail);
    await page.getByLabel('Senha', { exact: true }).fill('Agenda@2026');
    await page.getByLabel('Repita a senha').fill('Agenda@2026');
    // The LGPD consent, as the doctor's signup: without it, the account is not created.
    const consent = page.getByRole('checkbox', {
      name: 'Autorizo o armazenamento e o tratamento dos meus dados para uso da plataforma, conforme a Lei Geral de Proteção de Dados (LGPD).',
    });
    await expect(consent).not.toBeChecked();
    await page.getByRole('button', { name: 'Criar acesso' }).click();
    await expect(page.getByText('É preciso autorizar o armazenamento dos dados para criar a conta.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${link.pathname}$`));
    await consent.check();
    await page.getByRole('button', { name: 'Criar acesso' }).click();
    await expect(page.getByText('Cadastrado com sucesso!')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    await signIn(page, secretaryEmail, 'Agenda@2026');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Adicionar paciente' })).toBeVisible();

    // The link is single-use.
    await signOut(page);
    await page.goto(link.pathname);
    await expect(page.getByText('Este convite já foi utilizado.')).toBeVisible();
  });

  test('/signup paints its first step before arktype arrives, then checks with it (issue 41, goal 6)', async ({ page }) => {
    // Hold arktype's chunk (vite.config.ts' 'checks' group) until the first step is on screen.
    const { asked: checks, release } = await holdRequests(page, /\/assets\/checks-[^/]*\.js$/);
    await page.goto('/signup');
    await expect(page.getByLabel('Nome', { exact: true })).toBeVisible();
    await expect(page.getByLabel('CPF')).toBeVisible();
    // Asked for after the first paint, and still held: the step above showed without it.
    await expect.poll(() => checks.length).toBe(1);
    release();

    // The same messages as ever once it is there.
    await page.getByRole('button', { name: 'Próximo passo' }).click();
    await expect(page.getByText('Preencha o nome.')).toBeVisible();
    await expect(page.getByText('Preencha o sobrenome.')).toBeVisible();
    await expect(page.getByText('Preencha o CPF.')).toBeVisible();
    await page.getByLabel('Nome', { exact: true }).fill('Helena');
    await page.getByLabel('Sobrenome').fill('Duarte');
    await page.getByLabel('CPF').fill(validCpf(Date.now()));
    await page.getByRole('button', { name: 'Próximo passo' }).click();
    await expect(page.getByLabel('Endereço')).toBeVisible();
  });

  test('opening an invite link while signed in signs the user out first', async ({ page }) => {
    await signIn(page, 'medico@demo.com.br', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/signup-secretary/token-que-nao-existe');
    await expect(page.getByText('Convite não encontrado.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
