import { expect, test, type Page } from '@playwright/test';
import { clickNavLink, holdRequests, inviteLinkFromOutbox, signIn, signOut, signUpMedic, validCpf } from './helpers';

/**
 * /settings (SPEC §2 Settings, §8): a fresh medic (the demo one keeps its password for the other specs) edits the
 * name (the header follows), the nickname and the password (a wrong current password shows the server's message;
 * the new one signs in), invites a secretary (the invite lands in the outbox, she signs up through the link and shows
 * in the list), and removes her after 'Tem certeza?' (Não focused; Não keeps her; Sim removes).
 */

async function openSettings(page: Page): Promise<void> {
  // The layout is drawn before deciding between the side rail and the phone menu.
  await expect(page.getByRole('banner')).toBeVisible();
  await clickNavLink(page, 'Configurações');
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible();
}

/** The value shown for a profile fact (the dd after its dt). */
function fact(page: Page, term: string) {
  return page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('+ dd');
}


test.describe('settings (/settings)', () => {
  test('a medic edits the profile and password, and links and unlinks a secretary', async ({ page, request }) => {
    // A long journey: on a loaded two-core machine it needs more than two minutes.
    test.setTimeout(300_000);
    const medic = await signUpMedic(request, { label: 'dra.ajustes', firstName: 'Beatriz', lastName: 'Ajustes', nickname: 'Dra. Bia', password: 'Ajustes@2026', state: 'RJ' });
    const stamp = Date.now() % 100_000_000;
    await signIn(page, medic.email, medic.password);
    await expect(page).toHaveURL(/\/$/);
    await openSettings(page);

    await expect(fact(page, 'Nome')).toHaveText(`${medic.firstName} ${medic.lastName}`);
    await expect(fact(page, 'Como você gostaria de ser chamado')).toHaveText('Dra. Bia');
    await expect(fact(page, 'CRM')).toHaveText(medic.crm);
    await expect(fact(page, 'E-mail')).toHaveText(medic.email);
    await expect(fact(page, 'Senha')).toHaveText('••••••••');
    await expect(page.getByText('Nenhuma pessoa vinculada ainda')).toBeVisible();
    // DECISIONS §14: the header calls the medic by the nickname.
    await expect(page.getByRole('banner')).toContainText('Dra. Bia');

    // Name: a blank name is refused in the browser; a valid one is sent ('Enviando...'), saved, and the header follows.
    await page.getByRole('button', { name: 'Editar nome' }).click();
    const nameModal = page.getByRole('dialog', { name: 'Atualizar Nome do Perfil' });
    await expect(nameModal.getByLabel('Nome', { exact: true })).toHaveValue(medic.firstName);
    await nameModal.getByLabel('Nome', { exact: true }).fill(' ');
    await nameModal.getByRole('button', { name: 'Atualizar' }).click();
    await expect(nameModal.getByText('Preencha o nome.')).toBeVisible();
    await nameModal.getByLabel('Nome', { exact: true }).fill('Renata');
    await nameModal.getByLabel('Sobrenome').fill(`Quintela ${stamp}`);
    const held = await holdRequests(page, '**/project_auth/api/v1/settings/', 'PUT');
    await nameModal.getByRole('button', { name: 'Atualizar' }).click();
    await expect(nameModal.getByRole('button', { name: 'Enviando...' })).toBeDisabled();
    held.release();
    await expect(page.getByText('Atualizado com sucesso!')).toBeVisible();
    await expect(nameModal).toBeHidden();
    await page.unroute('**/project_auth/api/v1/settings/');
    await expect(fact(page, 'Nome')).toHaveText(`Renata Quintela ${stamp}`);

    // Nickname.
    await page.getByRole('button', { name: 'Editar como você gostaria de ser chamado' }).click();
    const nicknameModal = page.getByRole('dialog', { name: 'Atualizar perfil' });
    await expect(nicknameModal.getByLabel('Como você gostaria de ser chamado')).toHaveValue('Dra. Bia');
    await nicknameModal.getByLabel('Como você gostaria de ser chamado').fill('Dra. Renata');
    await nicknameModal.getByRole('button', { name: 'Atualizar' }).click();
    await expect(nicknameModal).toBeHidden();
    await expect(fact(page, 'Como você gostaria de ser chamado')).toHaveText('Dra. Renata');
    // The header follows the saved nickname at once.
    await expect(page.getByRole('banner')).toContainText('Dra. Renata');
    await expect(page.getByRole('banner')).not.toContainText('Dra. Bia');

    // Password: the confirmation must match; a wrong current password shows the server's message and keeps the modal.
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    const passwordModal = page.getByRole('dialog', { name: 'Atualizar a senha' });
    await passwordModal.getByLabel('Senha atual').fill('Errada@2026');
    await passwordModal.getByLabel('Nova senha', { exact: true }).fill('Renovada@2026');
    await passwordModal.getByLabel('Confirme a nova senha').fill('Renovada@2025');
    await passwordModal.getByRole('button', { name: 'Atualizar' }).click();
    await expect(passwordModal.getByText('As senhas não conferem.')).toBeVisible();
    await passwordModal.getByLabel('Confirme a nova senha').fill('Renovada@2026');
    await expect(passwordModal.getByText('As senhas não conferem.')).toBeHidden();
    await passwordModal.getByRole('button', { name: 'Atualizar' }).click();
    // The server's text, as a warning toast and inside the still-open modal.
    await expect(page.getByRole('alert').filter({ hasText: 'Senha atual incorreta.' })).toBeVisible();
    await expect(passwordModal.getByText('Senha atual incorreta.')).toBeVisible();
    await expect(passwordModal).toBeVisible();
    await expect(passwordModal.getByRole('button', { name: 'Atualizar' })).toBeEnabled();
    await passwordModal.getByLabel('Senha atual').fill(medic.password);
    await passwordModal.getByRole('button', { name: 'Atualizar' }).click();
    await expect(passwordModal).toBeHidden();
    await expect(page.getByText('Atualizado com sucesso!').first()).toBeVisible();

    await signOut(page);
    await signIn(page, medic.email, medic.password);
    await expect(page.getByText('Usuário ou senha inválidos.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await signIn(page, medic.email, 'Renovada@2026');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner')).toContainText('Renata');

    // Invite a secretary.
    const secretaryEmail = `secretaria.ajustes.${stamp}@exemplo.com.br`;
    await openSettings(page);
    await page.getByRole('button', { name: 'Adicionar uma pessoa a sua conta' }).click();
    const inviteModal = page.getByRole('dialog', { name: 'Adicionar uma pessoa a sua conta' });
    await inviteModal.getByLabel('Nome', { exact: true }).fill('Paula');
    await inviteModal.getByLabel('Sobrenome').fill('Reis');
    await inviteModal.getByLabel('E-mail').fill('paula@');
    await inviteModal.getByRole('button', { name: 'Enviar' }).click();
    await expect(inviteModal.getByText('Informe um e-mail válido.')).toBeVisible();
    await inviteModal.getByLabel('E-mail').fill(secretaryEmail);
    await inviteModal.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Enviado com sucesso!')).toBeVisible();
    await expect(inviteModal).toBeHidden();
    // Listed as a pending invite (not a linked person) until she accepts.
    await expect(page.getByRole('list', { name: 'Convites pendentes' })).toContainText(secretaryEmail);
    await expect(page.getByRole('list', { name: 'Pessoas vinculadas' })).toHaveCount(0);

    // She signs up through the link in the outbox.
    await signOut(page);
    const link = new URL(inviteLinkFromOutbox(secretaryEmail));
    await page.goto(link.pathname);
    await page.getByLabel('Nome', { exact: true }).fill('Paula');
    await page.getByLabel('Sobrenome').fill('Reis');
    await page.getByLabel('CPF').fill(validCpf(stamp + 518));
    await page.getByRole('button', { name: 'Próximo passo' }).click();
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(secretaryEmail);
    await page.getByLabel('Senha', { exact: true }).fill('Agenda@2026');
    await page.getByLabel('Repita a senha').fill('Agenda@2026');
    // The LGPD consent the secretary's signup now asks for, as the medic's does (issue 33 item 19).
    await page.getByRole('checkbox', { name: /^Autorizo o armazenamento e o tratamento dos meus dados/ }).check();
    await page.getByRole('button', { name: 'Criar acesso' }).click();
    await expect(page.getByText('Cadastrado com sucesso!')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    await signIn(page, medic.email, 'Renovada@2026');
    await expect(page).toHaveURL(/\/$/);
    await openSettings(page);
    const people = page.getByRole('list', { name: 'Pessoas vinculadas' });
    await expect(people.getByRole('listitem')).toHaveCount(1);
    await expect(people.getByRole('listitem')).toContainText(secretaryEmail);

    // Inviting someone already linked fails, and that modal closes anyway.
    await page.getByRole('button', { name: 'Adicionar uma pessoa a sua conta' }).click();
    await inviteModal.getByLabel('Nome', { exact: true }).fill('Paula');
    await inviteModal.getByLabel('Sobrenome').fill('Reis');
    await inviteModal.getByLabel('E-mail').fill(secretaryEmail);
    await inviteModal.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Ocorreu uma falha no envio!')).toBeVisible();
    await expect(inviteModal).toBeHidden();

    // Remove her: 'Tem certeza?' with Não focused; Não keeps her, Sim removes her.
    const remove = page.getByRole('button', { name: `Remover ${secretaryEmail}` });
    await remove.click();
    const confirm = page.getByRole('alertdialog', { name: 'Tem certeza?' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Não' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Não' }).click();
    await expect(confirm).toBeHidden();
    await expect(people.getByRole('listitem')).toHaveCount(1);

    await remove.click();
    await expect(confirm.getByRole('button', { name: 'Não' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await expect(page.getByText('Deletado com sucesso!')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(secretaryEmail)).toHaveCount(0);
    await expect(page.getByText('Nenhuma pessoa vinculada ainda')).toBeVisible();

    // The link is gone on the server too.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const settings = await page.request.get('/project_auth/api/v1/settings/', { headers: { Authorization: `Bearer ${token}` } });
    expect(((await settings.json()) as { secretary_set: unknown[] }).secretary_set).toEqual([]);
  });
});
