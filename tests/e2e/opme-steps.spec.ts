import { expect, test, type Page } from '@playwright/test';
import { apiHeaders, DEMO_PASSWORD, DEMO_SECRETARY, expectNoSeriousA11yViolations, signIn } from './helpers';
import { newPatientCase } from './cases';
import { STATUS_LABELS } from '../../machines/constants';

/**
 * The OPME materials from the first step of an active case (issue 33 #4): the three quotes are gathered before the
 * request goes to the plan, so 'Materiais OPME' shows on 'Preparação de documentação' (the demo's case gathering
 * quotes, its materials listed with a supplier still unanswered) and a material can be added on the first step.
 * Axe scans both; screenshots at 1366 and 390 px go to test-results/.
 */

type ListedCase = { id: number; opme: boolean; patient: { nome_completo: string } };

/** Opens a case from /surgery-status with the stage filter narrowed to `stageLabel`. */
async function openFromStatusList(page: Page, stageLabel: string, patientName: string): Promise<void> {
  await page.goto('/surgery-status');
  await page.getByRole('button', { name: /Etapas/ }).click();
  await page.getByRole('option', { name: 'Todos' }).click();
  await page.getByRole('option', { name: 'Todos' }).click();
  await page.getByPlaceholder('Procurar').fill(stageLabel.slice(0, 8));
  await page.getByRole('option', { name: stageLabel }).click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.getByRole('table', { name: 'Cirurgias' }).locator('tbody tr', { hasText: patientName }).first().click();
  await expect(page.getByRole('heading', { name: patientName })).toBeVisible();
}

test('the demo case gathering quotes shows its OPME materials on Preparação de documentação', async ({ page, request }) => {
  test.setTimeout(120_000);
  const headers = await apiHeaders(request, DEMO_SECRETARY);
  const answer = await request.get('/surgery/api/v1/surgery/?status__in=prep_doc&limit=500', { headers });
  expect(answer.status()).toBe(200);
  const quoting = ((await answer.json()) as { results: ListedCase[] }).results.find((row) => row.opme);
  expect(quoting, 'a demo case with OPME at prep_doc').toBeTruthy();
  const name = quoting!.patient.nome_completo;

  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await openFromStatusList(page, 'Preparação de documentação', name);
  await expect(page.getByRole('heading', { level: 2, name: 'Preparação de documentação', exact: true })).toBeVisible();
  const section = page.locator('[data-opme-section]');
  await expect(section.getByRole('heading', { name: 'Materiais OPME' })).toBeVisible();
  // The demo lists its materials with one supplier that has not answered yet.
  await expect(section.locator('[data-opme-item]').first()).toBeVisible();
  await expect(section.getByText('Sem cotação').first()).toBeVisible();
  await expect(section.getByRole('button', { name: 'Incluir material' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'OPME on prep_doc' });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/opme-prep-doc-${width}.png`, fullPage: true });
  }
});

test('a material is added on the first step of a new case with OPME', async ({ page, request }) => {
  test.setTimeout(120_000);
  const headers = await apiHeaders(request, DEMO_SECRETARY);
  const { name } = await newPatientCase(request, headers, 'Helena Cotação', { opme: true, cid: 'S72', procedure: 'osteossintese' });
  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await openFromStatusList(page, STATUS_LABELS.ind_paciente, name);
  const section = page.locator('[data-opme-section]');
  await expect(section.getByRole('heading', { name: 'Materiais OPME' })).toBeVisible();
  await expect(section.getByText('Nenhum material OPME informado', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Incluir material' }).click();
  const modal = page.getByRole('dialog', { name: 'Incluir material OPME' });
  await modal.getByRole('textbox', { name: 'Descrição do material', exact: true }).fill('Haste intramedular');
  await modal.getByRole('textbox', { name: 'Quantidade', exact: true }).fill('1');
  for (const [index, supplier] of ['Ortomed', 'Cirúrgica Sul', 'MedPlus'].entries()) {
    await modal.locator(`[data-supplier-row="${index}"]`).getByRole('textbox', { name: `Fornecedor ${index + 1}`, exact: true }).fill(supplier);
  }
  await modal.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Material salvo.')).toBeVisible();
  await expect(section.getByRole('heading', { level: 4, name: 'Haste intramedular' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'OPME on ind_paciente' });
});
