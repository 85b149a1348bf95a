import { expect as baseExpect, test } from '@playwright/test';
import { apiHeaders, expectNoSeriousA11yViolations, inviteLinkFromOutbox, signIn, signUpMedic, validCpf } from './helpers';

/**
 * A secretary the medic removes (item 33.19): she was signed in; her next use of the app (here a reload) ends on the
 * sign-in page, which tells her she is no longer linked to any medic, rather than leaving her an empty app with
 * 'Adicionar paciente'. Signing in again is refused with the same words. Axe on the sign-in page with the notice.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const UNLINKED = 'Seu acesso foi encerrado: você não está mais vinculado(a) a nenhum médico. Para voltar, peça um novo convite ao médico.';

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a removed secretary is signed out and told why (${viewport.width} px)`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const stamp = (Date.now() % 10_000_000) + viewport.width;
    const medic = await signUpMedic(request, { label: `remocao${viewport.width}`, firstName: 'Lúcia', lastName: 'Removedora' });
    const asMedic = await apiHeaders(request, medic.email, medic.password);
    const email = `removida.${stamp}@clinica.com.br`;
    const password = 'Secretaria@2026';
    const invite = await request.post('/project_auth/api/v1/create_secretary/', {
      headers: asMedic,
      data: { first_name: 'Rita', last_name: 'Desligada', email },
    });
    expect(invite.status(), await invite.text()).toBe(201);
    const token = new URL(inviteLinkFromOutbox(email)).pathname.split('/').pop()!;
    const accepted = await request.post(`/project_auth/api/v1/secretaria_convite/${token}`, {
      data: { first_name: 'Rita', last_name: 'Desligada', cpf: validCpf(stamp + 11), password, confirmPassword: password, IAcceptToStoreData: true },
    });
    expect(accepted.status(), await accepted.text()).toBe(201);
    const secretaryId = ((await accepted.json()) as { id: number }).id;

    await signIn(page, email, password);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(UNLINKED)).toHaveCount(0);

    // The medic removes her while she is signed in.
    const removed = await request.delete(`/project_auth/api/v1/remove_secretary/${secretaryId}`, { headers: asMedic });
    expect(removed.status(), await removed.text()).toBe(204);

    // Her next use of the app: the sign-in page, saying why.
    await page.reload();
    await expect(page).toHaveURL(/\/auth$/);
    const notice = page.getByRole('status').filter({ hasText: UNLINKED });
    await expect(notice).toBeVisible();
    await expect(page.getByText('Sua sessão expirou. Entre novamente.')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, { label: `/auth, removed secretary (${viewport.width} px)` });

    // Signing in again: refused with the same words, and she stays on the sign-in page.
    await page.getByPlaceholder('Digite seu Login').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Acessar' }).click();
    await expect(page.getByRole('alert').filter({ hasText: UNLINKED })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('link', { name: 'Adicionar paciente' })).toHaveCount(0);
  });
}
