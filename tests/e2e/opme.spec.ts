import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiHeaders,
  type ApiHeaders,
  DEMO_PASSWORD,
  DEMO_SECRETARY,
  expectNoSeriousA11yViolations,
  signIn,
} from './helpers';
import { moveCase, MOVES, newPatientCase } from './cases';

/**
 * The OPME materials on the authorization step (DECISIONS §15), as the demo secretary: a case with OPME at
 * autorizacao, the empty list, a material added with three suppliers (one without a quote yet) and one chosen, the
 * OPME approval refused while the material is undecided, the material authorized partially, the approval then taken;
 * a second material refused with too few suppliers filled and then deleted after the confirmation. Axe scans the
 * section and the form.
 */

/** A private case with OPME of a new patient, moved through the API to autorizacao; returns the patient's name. */
async function opmeCaseAtAuthorization(request: APIRequestContext, headers: ApiHeaders): Promise<string> {
  const { id, name } = await newPatientCase(request, headers, 'Helena Materiais', { fees: 6800, opme: true, cid: 'S72', procedure: 'osteossintese' });
  await moveCase(request, headers, id, [MOVES.toPrepDoc, MOVES.toEnvDoc, MOVES.toAuthorization('2026-03-02')]);
  return name;
}

/** Opens the case from /surgery-status with the stage filter narrowed to Autorização (as tests/e2e/lifecycle.spec.ts). */
async function openCase(page: Page, patientName: string): Promise<void> {
  await page.goto('/surgery-status');
  await page.getByRole('button', { name: /Etapas/ }).click();
  await page.getByRole('option', { name: 'Todos' }).click();
  await page.getByRole('option', { name: 'Todos' }).click();
  await page.getByPlaceholder('Procurar').fill('Autoriza');
  await page.getByRole('option', { name: 'Autorização' }).click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.getByRole('table', { name: 'Cirurgias' }).locator('tbody tr', { hasText: patientName }).click();
  await expect(page).toHaveURL(/\/surgery-details\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Autorização', exact: true })).toBeVisible();
}

/** React Aria renders the switch's input visually hidden: click its label, as a person does. */
async function clickSwitch(page: Page, name: string) {
  const input = page.getByRole('switch', { name });
  await page.locator('label', { has: input }).click();
  return input;
}

test('a secretary lists OPME materials with three quotes, chooses one, authorizes partially and only then approves the OPME', async ({ page, request }) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  const name = await opmeCaseAtAuthorization(request, await apiHeaders(request, DEMO_SECRETARY));
  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await openCase(page, name);

  const section = page.locator('[data-opme-section]');
  await expect(section.getByRole('heading', { name: 'Materiais OPME' })).toBeVisible();
  await expect(section.getByText('Nenhum material OPME informado')).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'OPME vazio' });

  // A material with three suppliers: two quoted, one still without a quote; the second is chosen.
  await section.getByRole('button', { name: 'Incluir material' }).click();
  const modal = page.getByRole('dialog', { name: 'Incluir material OPME' });
  await expect(modal).toBeVisible();
  await modal.getByRole('textbox', { name: 'Descrição do material', exact: true }).fill('Placa de titânio bloqueada 4 furos');
  await modal.getByRole('textbox', { name: 'Quantidade', exact: true }).fill('4');
  const suppliers: Array<[string, string, string]> = [
    ['Ortomed', 'Synthes', '125050'],
    ['Cirúrgica Sul', 'Stryker', '98000'],
    ['MedPlus', '', ''],
  ];
  for (const [index, [supplier, brand, cents]] of suppliers.entries()) {
    const row = modal.locator(`[data-supplier-row="${index}"]`);
    await row.getByRole('textbox', { name: `Fornecedor ${index + 1}`, exact: true }).fill(supplier);
    if (brand) await row.getByRole('textbox', { name: 'Marca (opcional)', exact: true }).fill(brand);
    if (cents) await row.getByRole('textbox', { name: 'Valor unitário (opcional)', exact: true }).pressSequentially(cents);
  }
  await expect(modal.getByRole('radio', { name: 'Escolher fornecedor 3' })).toBeDisabled();
  await modal.getByRole('radio', { name: 'Escolher fornecedor 2' }).check();
  await expectNoSeriousA11yViolations(page, { label: 'OPME formulário' });
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(modal).toBeHidden();

  const item = section.locator('[data-opme-item]').first();
  await expect(item.getByRole('heading', { name: 'Placa de titânio bloqueada 4 furos' })).toBeVisible();
  await expect(item.getByText('Qtd. 4')).toBeVisible();
  await expect(item.getByText('Pendente')).toBeVisible();
  await expect(item.locator('[data-chosen]')).toContainText('Cirúrgica Sul');
  await expect(item.locator('[data-chosen]')).toContainText('R$ 980,00');
  await expect(item.getByText('Sem cotação')).toBeVisible();
  await expect(item.getByText('Total escolhido: R$ 3.920,00')).toBeVisible();
  await expect(section.getByText('1 item aguardando a autorização')).toBeVisible();

  // The OPME approval is refused while the material is undecided (the lifecycle's rule, before sending).
  const opmeSwitch = await clickSwitch(page, 'Aprovação de OPME: Aprovada');
  await expect(page.getByText('Decida a autorização de todos os itens de OPME (autorizado, parcial ou negado) antes de aprovar a OPME.')).toBeVisible();
  await expect(opmeSwitch).not.toBeChecked();

  // Authorized partially: 2 of 4.
  await item.getByRole('button', { name: 'Editar Placa de titânio bloqueada 4 furos' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar material OPME' });
  await edit.getByLabel('Autorização', { exact: true }).selectOption('parcial');
  await edit.getByRole('textbox', { name: 'Quantidade autorizada', exact: true }).fill('4');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(edit.getByText('Na autorização parcial, a quantidade autorizada vai de 1 a 3.')).toBeVisible();
  await edit.getByRole('textbox', { name: 'Quantidade autorizada', exact: true }).fill('2');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(edit).toBeHidden();
  await expect(item.getByText('Parcial: 2 de 4')).toBeVisible();
  await expect(section.getByText('Todos os itens com a autorização decidida')).toBeVisible();

  // Now the OPME approval is taken (and the step's request is not stale after the OPME writes).
  await clickSwitch(page, 'Aprovação de OPME: Aprovada');
  await expect(opmeSwitch).toBeChecked();

  // A second material with a supplier left blank is refused by the form; then saved and deleted after confirming.
  await section.getByRole('button', { name: 'Incluir material' }).click();
  const second = page.getByRole('dialog', { name: 'Incluir material OPME' });
  await second.getByRole('textbox', { name: 'Descrição do material', exact: true }).fill('Parafuso cortical 3,5 mm');
  await second.getByRole('textbox', { name: 'Quantidade', exact: true }).fill('6');
  await second.getByRole('textbox', { name: 'Fornecedor 1', exact: true }).fill('Ortomed');
  await second.getByRole('textbox', { name: 'Fornecedor 2', exact: true }).fill('MedPlus');
  await second.getByLabel('Autorização', { exact: true }).selectOption('negado');
  await second.getByRole('button', { name: 'Salvar' }).click();
  await expect(second.getByText('Informe o fornecedor.')).toBeVisible();
  await second.getByRole('textbox', { name: 'Fornecedor 3', exact: true }).fill('Cirúrgica Sul');
  await second.getByRole('button', { name: 'Salvar' }).click();
  await expect(second).toBeHidden();
  await expect(section.locator('[data-opme-item]')).toHaveCount(2);
  await section.getByRole('button', { name: 'Excluir Parafuso cortical 3,5 mm' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Excluir material?' });
  await expect(confirm).toContainText('"Parafuso cortical 3,5 mm" e as suas cotações serão excluídos.');
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(section.locator('[data-opme-item]')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, { label: 'OPME com material' });
});
