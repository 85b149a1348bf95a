import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, inviteLinkFromOutbox, signIn, signUpMedic } from './helpers';

/**
 * Pending invites in 'Pessoas vinculadas a conta' (issue 11 item 7): an invite shows as pending with its validity; a
 * second invite to the same address replaces the first (one row, the old link says 'Convite não encontrado.');
 * 'Reenviar' e-mails a new link and voids the previous one; 'Cancelar convite' asks 'Tem certeza?' (Não focused)
 * and removes the invite and its link.
 */

async function sendInvite(page: Page, email: string, firstName: string): Promise<void> {
  await page.getByRole('button', { name: 'Adicionar uma pessoa a sua conta' }).click();
  const modal = page.getByRole('dialog', { name: 'Adicionar uma pessoa a sua conta' });
  await modal.getByLabel('Nome', { exact: true }).fill(firstName);
  await modal.getByLabel('Sobrenome').fill('Pendente');
  await modal.getByLabel('E-mail').fill(email);
  await modal.getByRole('button', { name: 'Enviar' }).click();
  await expect(modal).toBeHidden();
}

/** The invite page's answer for a link (its pathname), read as the signup page would. */
async function inviteStatus(request: APIRequestContext, link: string): Promise<number> {
  const token = new URL(link).pathname.split('/').pop()!;
  return (await request.get(`/project_auth/api/v1/secretaria_convite/${token}`)).status();
}

test.describe('pending invites', () => {
  test('are listed, replaced by a new invite, resent with a new link and cancelled', async ({ page, request }) => {
    test.setTimeout(120_000);
    const medic = await signUpMedic(request, { label: 'dra.convites', firstName: 'Lúcia', lastName: 'Convites', password: 'Convites@2026', state: 'MG' });
    const stamp = Date.now() % 100_000_000;
    const email = `secretaria.pendente.${stamp}@consultorio-exemplo.com.br`;

    await signIn(page, medic.email, medic.password);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/settings');
    await sendInvite(page, email, 'Rita');
    const pending = page.getByRole('list', { name: 'Convites pendentes' });
    await expect(pending.getByRole('listitem')).toHaveCount(1);
    await expect(pending).toContainText(email);
    await expect(pending).toContainText(/Convite pendente · vale até \d{2}\/\d{2}\/\d{4}/);
    const firstLink = inviteLinkFromOutbox(email);

    // The same address again: still one row, and the first link is dead.
    await sendInvite(page, email, 'Rita');
    await expect(page.getByText('Enviado com sucesso!').first()).toBeVisible();
    await expect(pending.getByRole('listitem')).toHaveCount(1);
    const secondLink = inviteLinkFromOutbox(email);
    expect(secondLink).not.toBe(firstLink);
    expect(await inviteStatus(request, firstLink)).toBe(404);
    expect(await inviteStatus(request, secondLink)).toBe(200);

    // Reenviar: a new link e-mailed, the previous one void.
    await pending.getByRole('button', { name: `Reenviar convite para ${email}` }).click();
    await expect(page.getByText('Convite reenviado!')).toBeVisible();
    await expect.poll(() => inviteLinkFromOutbox(email)).not.toBe(secondLink);
    const thirdLink = inviteLinkFromOutbox(email);
    expect(await inviteStatus(request, secondLink)).toBe(404);
    expect(await inviteStatus(request, thirdLink)).toBe(200);

    // A fourth send to the address within the hour is refused with the server's reason.
    await pending.getByRole('button', { name: `Reenviar convite para ${email}` }).click();
    await expect(page.getByText('Muitos convites para este e-mail em pouco tempo. Aguarde alguns minutos e tente novamente.')).toBeVisible();
    expect(await inviteStatus(request, thirdLink)).toBe(200);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(pending).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 1366, height: 900 });

    // Cancelar convite: 'Tem certeza?' with Não focused; Não keeps it, the confirm removes it and its link.
    const cancel = pending.getByRole('button', { name: `Cancelar convite para ${email}` });
    await cancel.click();
    const confirm = page.getByRole('alertdialog', { name: 'Tem certeza?' });
    await expect(confirm.getByRole('button', { name: 'Não' })).toBeFocused();
    // Item 12: the answer focused on opening (after a mouse click) shows its focus ring.
    await expect(confirm.getByRole('button', { name: 'Não' })).not.toHaveCSS('box-shadow', 'none');
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Não' }).click();
    await expect(pending.getByRole('listitem')).toHaveCount(1);
    await cancel.click();
    await confirm.getByRole('button', { name: 'Sim, cancelar convite' }).click();
    await expect(page.getByText('Convite cancelado.')).toBeVisible();
    await expect(pending).toHaveCount(0);
    await expect(page.getByText('Nenhuma pessoa vinculada ainda')).toBeVisible();
    expect(await inviteStatus(request, thirdLink)).toBe(404);
  });
});
