import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  apiHeaders,
  type ApiHeaders,
  DEMO_PASSWORD,
  DEMO_SECRETARY,
  expectNoSeriousA11yViolations,
  pickOption,
  signIn,
  signOut,
} from './helpers';
import { moveCase, MOVES, newPatient, newPrivateCase, runSeed } from './cases';

/**
 * Form drafts (issue 11 item 17; docs/first-week/drafts.md), as the demo secretary: what was typed in a step form,
 * the patient wizard and the surgery registration comes back after a reload, with 'Rascunho restaurado.'; closing a
 * form with unsaved changes asks 'Descartar alterações?' ('Continuar editando' keeps it, 'Sim, descartar!' closes
 * and forgets the draft); a form without changes closes at once; saving and signing out forget the drafts.
 */

async function newDraftPatient(request: APIRequestContext, headers: ApiHeaders, label: string): Promise<{ id: number; name: string }> {
  const seed = runSeed();
  const name = `${label} Rascunho ${seed}`;
  return { id: await newPatient(request, headers, { name, seed }), name };
}

/** A case of a new patient, moved through the API to Envio de documentação (env_doc). */
async function caseAtSending(request: APIRequestContext, headers: ApiHeaders): Promise<{ id: number; name: string }> {
  const patient = await newDraftPatient(request, headers, 'Helena');
  const id = await newPrivateCase(request, headers, patient.id, { fees: 4200 });
  await moveCase(request, headers, id, [MOVES.toPrepDoc, MOVES.toEnvDoc]);
  return { id, name: patient.name };
}

/** Opens a case from /surgery-status (all stages), by its patient's name. */
async function openCase(page: Page, patientName: string): Promise<void> {
  await page.goto('/surgery-status');
  await page.getByRole('table', { name: 'Cirurgias' }).locator('tbody tr', { hasText: patientName }).click();
  await expect(page).toHaveURL(/\/surgery-details\/\d+$/);
  await expect(page.getByRole('heading', { name: patientName })).toBeVisible();
}

/** The drafts this tab keeps (sessionStorage keys 'draft:<user>:<form>'). */
async function draftKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('draft:')));
}

/** Screenshots at 1366 and 390 px wide (test-results/drafts), with `subject` scrolled into view. */
async function shoot(page: Page, name: string, subject?: Locator): Promise<void> {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 860 : 844 });
    await subject?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/drafts/${name}-${width}.png`, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1366, height: 860 });
}

test.describe('form drafts', () => {
  test.use({ viewport: { width: 1366, height: 860 } });

  test('a step form: the typing survives a reload; Escape asks before throwing it away; a save forgets it', async ({ page, request }) => {
    test.setTimeout(120_000);
    const headers = await apiHeaders(request, DEMO_SECRETARY);
    const surgery = await caseAtSending(request, headers);
    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await openCase(page, surgery.name);

    const sentOn = page.getByLabel('Data de envio da documentação');
    const note = page.getByLabel('Observações do envio');
    await expect(page.getByText('Rascunho restaurado.')).toHaveCount(0);
    await sentOn.pressSequentially('05032026');
    await note.fill('Enviado por e-mail ao faturamento.');
    await page.reload();
    await expect(page.getByRole('heading', { name: surgery.name })).toBeVisible();
    await expect(note).toHaveValue('Enviado por e-mail ao faturamento.');
    await expect(sentOn).toHaveValue('05/03/2026');
    await expect(page.getByText('Rascunho restaurado.')).toBeVisible();
    await shoot(page, 'step-restored', note);
    await expectNoSeriousA11yViolations(page, { label: 'step form with a restored draft' });

    // Escape (outside a field) with changes asks; 'Continuar editando' keeps the form as it is.
    await page.getByRole('heading', { level: 2, name: 'Envio de documentação (Hospital)' }).click();
    await page.keyboard.press('Escape');
    const confirm = page.getByRole('alertdialog', { name: 'Descartar alterações?' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByText('O que você digitou e ainda não salvou será perdido.')).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Continuar editando' })).toBeFocused();
    await shoot(page, 'step-confirm');
    await confirm.getByRole('button', { name: 'Continuar editando' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page).toHaveURL(/\/surgery-details\/\d+$/);
    await expect(note).toHaveValue('Enviado por e-mail ao faturamento.');

    // 'Voltar' asks too; 'Sim, descartar!' leaves and forgets the draft.
    await page.getByRole('button', { name: 'Voltar para a lista' }).click();
    await confirm.getByRole('button', { name: 'Sim, descartar!' }).click();
    await expect(page).toHaveURL(/\/surgery-status/);
    expect(await draftKeys(page)).toEqual([]);
    await openCase(page, surgery.name);
    await expect(note).toHaveValue('');
    await expect(page.getByText('Rascunho restaurado.')).toHaveCount(0);

    // Without changes Escape leaves at once.
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/surgery-status/);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    // 'Descartar rascunho' puts the form back as saved; a save forgets the draft.
    await openCase(page, surgery.name);
    await note.fill('Rascunho a descartar.');
    await page.reload();
    await expect(page.getByText('Rascunho restaurado.')).toBeVisible();
    await page.getByRole('button', { name: 'Descartar rascunho' }).click();
    await expect(note).toHaveValue('');
    await expect(page.getByText('Rascunho restaurado.')).toHaveCount(0);
    expect(await draftKeys(page)).toEqual([]);
    await sentOn.pressSequentially('05032026');
    await note.fill('Enviado ao hospital.');
    expect(await draftKeys(page)).toHaveLength(1);
    await page.getByRole('button', { name: 'Próximo passo', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Autorização', exact: true })).toBeVisible();
    expect(await draftKeys(page)).toEqual([]);
    const saved = await request.get(`/surgery/api/v1/surgery/${surgery.id}/`, { headers });
    expect(await saved.json()).toMatchObject({ status: 'autorizacao', document_note: 'Enviado ao hospital.' });

    // Signing out forgets every draft of the tab.
    await page.getByLabel('Observações do hospital').fill('Aguardando retorno.');
    expect(await draftKeys(page)).toHaveLength(1);
    await signOut(page);
    expect(await draftKeys(page)).toEqual([]);
  });

  test('the patient wizard: the typing comes back when it opens again; Escape, the backdrop and Cancelar ask first', async ({ page }) => {
    test.setTimeout(120_000);
    const name = `Beatriz Rascunho ${Date.now() % 100_000_000}`;
    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/patients');
    const open = page.getByRole('button', { name: 'Cadastrar paciente' }).first();
    const dialog = page.getByRole('dialog', { name: 'Cadastrar paciente' });
    const confirm = page.getByRole('alertdialog', { name: 'Descartar alterações?' });

    // No changes: Escape closes at once, as before.
    await open.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(confirm).toHaveCount(0);

    await open.click();
    await dialog.getByLabel('Paciente', { exact: true }).fill(name);
    await dialog.getByLabel('Telefone').fill('11987654321');
    await page.reload();
    await expect(dialog).toHaveCount(0);
    await open.click();
    await expect(dialog.getByLabel('Paciente', { exact: true })).toHaveValue(name);
    await expect(dialog.getByLabel('Telefone')).toHaveValue('(11) 9 8765-4321');
    await expect(dialog.getByText('Rascunho restaurado.')).toBeVisible();
    await shoot(page, 'wizard-restored');
    await expectNoSeriousA11yViolations(page, { label: 'patient wizard with a restored draft' });

    // Escape asks; 'Continuar editando' keeps the wizard and the typing.
    await page.keyboard.press('Escape');
    await expect(confirm).toBeVisible();
    await shoot(page, 'wizard-confirm');
    await confirm.getByRole('button', { name: 'Continuar editando' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(dialog.getByLabel('Paciente', { exact: true })).toHaveValue(name);

    // The backdrop and 'Cancelar' ask too.
    await page.mouse.click(8, 8);
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Continuar editando' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirm).toBeVisible();

    // 'Sim, descartar!' closes the wizard and forgets the draft.
    await confirm.getByRole('button', { name: 'Sim, descartar!' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await draftKeys(page)).toEqual([]);
    await open.click();
    await expect(dialog.getByLabel('Paciente', { exact: true })).toHaveValue('');
    await expect(dialog.getByText('Rascunho restaurado.')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('the surgery registration: the typing survives a reload; Trocar paciente asks first', async ({ page, request }) => {
    test.setTimeout(120_000);
    const headers = await apiHeaders(request, DEMO_SECRETARY);
    const patient = await newDraftPatient(request, headers, 'Clara');
    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await page.goto(`/patients-surgery?id=${patient.id}`);
    await pickOption(page, 'Procedimento 1', 'apendicectomia', /APENDICECTOMIA/);
    await page.getByLabel('Fonte pagadora').selectOption('particular');
    await page.getByLabel('Observações').fill('Paciente em jejum de 8 horas.');
    await page.reload();
    await expect(page.getByLabel('Observações')).toHaveValue('Paciente em jejum de 8 horas.');
    await expect(page.getByRole('combobox', { name: 'Procedimento 1', exact: true })).toHaveValue(/APENDICECTOMIA/);
    await expect(page.getByLabel('Fonte pagadora')).toHaveValue('particular');
    await expect(page.getByText('Rascunho restaurado.')).toBeVisible();

    const confirm = page.getByRole('alertdialog', { name: 'Descartar alterações?' });
    await page.getByRole('button', { name: 'Trocar paciente' }).click();
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Continuar editando' }).click();
    await expect(page.getByLabel('Observações')).toHaveValue('Paciente em jejum de 8 horas.');
    await page.getByRole('button', { name: 'Trocar paciente' }).click();
    await confirm.getByRole('button', { name: 'Sim, descartar!' }).click();
    await expect(page).toHaveURL(/\/patients-surgery$/);
    expect(await draftKeys(page)).toEqual([]);
    await page.goto(`/patients-surgery?id=${patient.id}`);
    await expect(page.getByLabel('Observações')).toHaveValue('');
    await expect(page.getByText('Rascunho restaurado.')).toHaveCount(0);
  });
});
