import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiHeaders,
  DEMO_MEDIC,
  DEMO_PASSWORD,
  expectNoSeriousA11yViolations,
  firstId,
  type SignedUpMedic,
  signIn,
  signUpMedic,
  validCpf,
} from './helpers';
import { newPrivateCase, runSeed } from './cases';

/**
 * A patient's erasure request (issue 16 item 4), as a medic on /patients (a new one: a medic with a secretary, like
 * the demo medic, does not register patients, DECISIONS §13): 'Solicitação de exclusão (LGPD)' in
 * 'Visualizar paciente' opens a dialog explaining deletion, the 20-year keeping (Lei 13.787/2018) and anonymization;
 * a patient without surgeries is deleted ('Paciente excluído.'), one with a surgery created today is refused with
 * the last day of keeping, twenty years from today. A medic with a secretary (the demo medic) answers it on the
 * patient's 'Auditoria' instead. Axe scans the dialog. Each test creates its own patient.
 */

/** A new patient of `medic`, with a case created today when `withSurgery`; answers the name and id. */
async function newPatient(
  request: APIRequestContext,
  medic: Pick<SignedUpMedic, 'email' | 'password'>,
  withSurgery: boolean,
): Promise<{ name: string; id: number }> {
  const headers = await apiHeaders(request, medic.email, medic.password);
  const seed = runSeed();
  const name = `Titular Exclusão ${seed}`;
  const patient = await request.post('/surgery/api/v1/add_paciente/', {
    headers,
    multipart: { nome_completo: name, cellphone: '(11) 9 7777-6666', cpf: validCpf(seed), gender: 'female' },
  });
  expect(patient.status(), await patient.text()).toBe(201);
  const id = ((await patient.json()) as { id: number }).id;
  if (withSurgery) await newPrivateCase(request, headers, id, { hospital: await firstId(request, headers, '/surgery/api/v1/hospital/') });
  return { name, id };
}

/** Opens 'Visualizar paciente' of `name` from /patients, then the erasure dialog; answers both. */
async function openErasure(page: Page, name: string) {
  await page.goto('/patients');
  await page.getByLabel('Buscar paciente pelo nome').fill(name);
  const list = page.getByRole('list', { name: 'Lista de pacientes' });
  await list.getByRole('button', { name: new RegExp(name) }).click();
  await page.getByRole('button', { name: 'Visualizar paciente' }).click();
  const detail = page.getByRole('dialog', { name });
  await expect(detail).toBeVisible();
  await detail.getByRole('button', { name: 'Solicitação de exclusão (LGPD)' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Solicitação de exclusão (LGPD)' });
  await expect(dialog).toBeVisible();
  return { list, detail, dialog };
}

/** Today in São Paulo as dd/MM/yyyy, twenty years on. */
function twentyYearsFromToday(): string {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .split('-');
  return `${day}/${month}/${Number(year) + 20}`;
}

test.describe('erasure request (LGPD)', () => {
  test('a patient without surgeries is deleted', async ({ page, request }) => {
    const medic = await signUpMedic(request, { label: 'dra.lgpd', firstName: 'Marta', lastName: 'Exclusão' });
    const { name } = await newPatient(request, medic, false);
    await signIn(page, medic.email, medic.password);
    await expect(page).toHaveURL(/\/$/);
    const { list, detail, dialog } = await openErasure(page, name);

    await expect(dialog.getByText('O paciente pediu a exclusão dos seus dados (LGPD, art. 18). O que acontece depende do prontuário:')).toBeVisible();
    await expect(dialog.getByText('Sem cirurgia cadastrada: o paciente é excluído, com a foto.')).toBeVisible();
    await expect(dialog.getByText(/^Com cirurgia: o prontuário deve ser guardado por 20 anos após a última atividade \(Lei 13\.787\/2018\)/)).toBeVisible();
    await expect(dialog.getByText(/^Passados os 20 anos: o paciente é anonimizado\./)).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: 'erasure dialog' });

    // 'Cancelar' changes nothing.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await detail.getByRole('button', { name: 'Solicitação de exclusão (LGPD)' }).click();
    await dialog.getByRole('button', { name: 'Atender ao pedido' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Paciente excluído.');
    await expectNoSeriousA11yViolations(page, { label: 'erasure answered' });
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(dialog).toBeHidden();
    await expect(detail).toBeHidden();
    await expect(list.getByRole('button', { name: new RegExp(name) })).toHaveCount(0);
    await expect(page.getByRole('paragraph').filter({ hasText: 'Nenhum paciente encontrado' })).toBeVisible();
  });

  test('a patient with a recent surgery is refused with the last day of keeping', async ({ page, request }) => {
    const medic = await signUpMedic(request, { label: 'dra.lgpd', firstName: 'Marta', lastName: 'Exclusão' });
    const { name } = await newPatient(request, medic, true);
    await signIn(page, medic.email, medic.password);
    await expect(page).toHaveURL(/\/$/);
    const { list, detail, dialog } = await openErasure(page, name);

    await dialog.getByRole('button', { name: 'Atender ao pedido' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      `O prontuário deste paciente deve ser mantido até ${twentyYearsFromToday()} (Lei 13.787/2018). Nada foi alterado.`,
    );
    await expectNoSeriousA11yViolations(page, { label: 'erasure refused' });
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(dialog).toBeHidden();
    // Nothing changed: the patient is still there, under the same name.
    await expect(detail).toBeVisible();
    await detail.getByRole('button', { name: 'Fechar' }).click();
    await expect(list.getByRole('button', { name: new RegExp(name) })).toBeVisible();
  });

  test('a medic with a secretary (no patients page) answers the request on the patient’s audit', async ({ page, request }) => {
    const { id } = await newPatient(request, { email: DEMO_MEDIC, password: DEMO_PASSWORD }, true);
    await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await page.goto(`/audit?patient=${id}`);
    const rows = page.getByRole('table').getByRole('row');
    const refusals = rows.filter({ hasText: 'Exclusão recusada (prazo de guarda)' });
    // The patient's audit as it was (the patient and the case created, listed under the header row), no refusal yet.
    await expect(rows.nth(1)).toBeVisible();
    await expect(refusals).toHaveCount(0);
    const privacy = page.getByRole('region', { name: 'Privacidade (LGPD)' });
    await privacy.getByRole('button', { name: 'Solicitação de exclusão (LGPD)' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Solicitação de exclusão (LGPD)' });
    await dialog.getByRole('button', { name: 'Atender ao pedido' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      `O prontuário deste paciente deve ser mantido até ${twentyYearsFromToday()} (Lei 13.787/2018). Nada foi alterado.`,
    );
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    // The refusal is in the patient's audit, listed as soon as the dialog closes (no reload).
    await expect(refusals).toHaveCount(1);
  });
});
