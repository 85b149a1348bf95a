import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_SECRETARY, expectNoSeriousA11yViolations, firstId, signIn, validCpf } from './helpers';
import { runSeed } from './cases';

/**
 * The patient's card (issue 37 item 2; docs/TISS.md "The patient's card"), as the demo secretary: register a patient
 * with a plan and its card in the wizard (the fields appear once a plan is chosen; typed, the number is required),
 * see the card on the patient's detail and beside the plan on a case of hers, with 'Carteira vencida'. Axe at 1366
 * and 390 px on the wizard's card and the case header; screenshots in the output folder.
 */

const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

async function bearer(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { Authorization: `Bearer ${token}` };
}

test.describe('the patient\'s card', () => {
  test('a secretary registers a patient with a plan and a card, and sees it on the patient and on her case', async ({ page }, testInfo) => {
    const seed = runSeed();
    const name = `Carteira Teste ${seed}`;
    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/patients');
    await page.getByRole('button', { name: 'Cadastrar paciente' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Cadastrar paciente' });

    await dialog.getByLabel('Paciente', { exact: true }).fill(name);
    await dialog.getByLabel('Telefone').fill('11987654321');
    // No plan: no card fields.
    await expect(dialog.getByLabel('Número da carteira')).toHaveCount(0);
    await dialog.getByLabel('Convênio').fill('Unimed');
    const plan = page.getByRole('option', { name: /unimed/i }).first();
    await expect(plan).toBeVisible();
    const planName = (await plan.textContent())?.replace(/ANS \d+$/, '').trim() ?? '';
    await plan.click();
    const card = dialog.getByRole('group', { name: 'Carteira do convênio' });
    await expect(card).toBeVisible();

    // Typed without a number: the number is required; an impossible validity is refused.
    await card.getByLabel('Validade da carteira').fill('31022027');
    await card.getByLabel('Plano (produto)').fill('Unimed Nacional');
    await dialog.getByRole('button', { name: 'Próximo passo' }).click();
    await expect(dialog.getByText('Passo 1 de 2')).toBeVisible();
    await expect(card.getByText('Informe o número da carteira.')).toBeVisible();
    await expect(card.getByText('Validade da carteira inválida.')).toBeVisible();

    // A card already expired (31/01/2024), so the case shows the badge.
    await card.getByLabel('Número da carteira').fill('0 123 456789 00-1');
    await card.getByLabel('Validade da carteira').fill('');
    await card.getByLabel('Validade da carteira').fill('31012024');
    await expect(card.getByLabel('Validade da carteira')).toHaveValue('31/01/2024');
    await expect(card.getByText('Informe o número da carteira.')).toHaveCount(0);

    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await expectNoSeriousA11yViolations(page, { label: `wizard card ${size.width}px` });
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`wizard-card-${size.width}.png`) });
    }
    await page.setViewportSize(WIDTHS[0]);

    await dialog.getByRole('button', { name: 'Próximo passo' }).click();
    await expect(dialog.getByText('Passo 2 de 2')).toBeVisible();
    await dialog.getByLabel('CPF').fill(validCpf(seed));
    await dialog.getByRole('radio', { name: 'Feminino' }).check();
    // The demo secretary works for one medic: preselected.
    await expect(dialog.getByLabel('Médico')).toHaveValue(/\d+/);
    await dialog.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    await expect(page.getByText('Cadastrado com sucesso')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The patient's detail shows the card under the plan.
    await page.getByLabel('Buscar paciente pelo nome').fill(name);
    const list = page.getByRole('list', { name: 'Lista de pacientes' });
    await list.getByRole('button', { name: new RegExp(name) }).click();
    await page.getByRole('button', { name: 'Visualizar paciente' }).click();
    const detail = page.getByRole('dialog', { name });
    await expect(detail.getByText(planName, { exact: true })).toBeVisible();
    await expect(detail.getByText('0 123 456789 00-1', { exact: true })).toBeVisible();
    await expect(detail.getByText('Unimed Nacional', { exact: true })).toBeVisible();
    await expect(detail.getByText('validade 31/01/2024')).toBeVisible();
    await expect(detail.getByText('Carteira vencida')).toBeVisible();

    await detail.screenshot({ path: testInfo.outputPath('patient-detail-1366.png') });

    // Edit: the card is prefilled; a new validity is saved and replaces the old one.
    await detail.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar paciente' });
    await expect(edit.getByLabel('Número da carteira')).toHaveValue('0 123 456789 00-1');
    await expect(edit.getByLabel('Validade da carteira')).toHaveValue('31/01/2024');
    await expect(edit.getByLabel('Plano (produto)')).toHaveValue('Unimed Nacional');
    await edit.getByLabel('Validade da carteira').fill('');
    await edit.getByLabel('Validade da carteira').fill('30062025');
    await edit.getByRole('button', { name: 'Próximo passo' }).click();
    await expect(edit.getByText('Passo 2 de 2')).toBeVisible();
    await edit.getByRole('button', { name: 'Atualizar', exact: true }).click();
    await expect(page.getByText('Atualizado com sucesso')).toBeVisible();
    await expect(edit).toBeHidden();

    // A case of hers paid by that plan: the card beside the plan in the case header.
    const headers = await bearer(page);
    const patients = await page.request.get(`/surgery/api/v1/patient/?search=${encodeURIComponent(name)}`, { headers });
    const patient = ((await patients.json()) as { results: { id: number; convenio: { id: number } | null }[] }).results[0]!;
    expect(patient.convenio).not.toBeNull();
    const created = await page.request.post('/surgery/api/v1/create_surgery/', {
      headers,
      data: {
        patient: patient.id,
        cid: [await firstId(page.request, headers, '/surgery/api/v1/cid/?search=K35')],
        procedure: [await firstId(page.request, headers, '/surgery/api/v1/procedure/?search=apendicectomia')],
        hospital: await firstId(page.request, headers, '/surgery/api/v1/hospital/?search=sirio'),
        health_plan: patient.convenio!.id,
        fees_payments: 3100,
        surgery_note: null,
        opme: false,
        payment_fountains: 'plano_saude',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const caseId = ((await created.json()) as { id: number }).id;

    await page.goto(`/surgery-details/${caseId}`);
    const header = page.getByRole('region', { name });
    await expect(header).toBeVisible();
    await expect(header.getByText('Carteira', { exact: true })).toBeVisible();
    await expect(header.getByText('0 123 456789 00-1', { exact: true })).toBeVisible();
    await expect(header.getByText('Unimed Nacional', { exact: true })).toBeVisible();
    await expect(header.getByText('validade 30/06/2025')).toBeVisible();
    await expect(header.getByText('Carteira vencida')).toBeVisible();
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await expectNoSeriousA11yViolations(page, { label: `case header ${size.width}px` });
      await header.screenshot({ path: testInfo.outputPath(`case-header-${size.width}.png`) });
    }
  });
});
