import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_SECRETARY, pickOption, signIn, tealPng, validCpf } from './helpers';

/**
 * Issue 3's story in one go, as the secretary: register a patient with a photo through both wizard steps, find
 * her by search, edit her, link a surgery with two procedures and two CIDs from her detail modal, land on the
 * case, then try to delete her (the 403 warning of SPEC §8: she has a surgery now).
 */
test('a secretary carries a new patient from registration to a linked surgery', async ({ page }) => {
  const stamp = Date.now() % 100_000_000;
  const name = `Heloísa Patrício ${stamp}`;

  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/patients');

  // Register, step 1 (photo, name, phone, plan) and step 2 (personal data).
  await page.getByRole('button', { name: 'Cadastrar paciente' }).first().click();
  const wizard = page.getByRole('dialog', { name: 'Cadastrar paciente' });
  await wizard.locator('input[type="file"]').setInputFiles({ name: 'heloisa.png', mimeType: 'image/png', buffer: tealPng() });
  await expect(wizard.getByText('Imagem selecionado!')).toBeVisible();
  await wizard.getByLabel('Paciente', { exact: true }).fill(name);
  await wizard.getByLabel('Telefone').fill('31991234567');
  await wizard.getByRole('button', { name: 'Próximo passo' }).click();
  await expect(wizard.getByText('Passo 2 de 2')).toBeVisible();
  await wizard.getByLabel('CPF').fill(validCpf(stamp + 17));
  await wizard.getByLabel('Data de nascimento').fill('02021990');
  await wizard.getByRole('radio', { name: 'Feminino' }).check();
  await wizard.getByRole('button', { name: 'Cadastrar', exact: true }).click();
  await expect(page.getByText('Cadastrado com sucesso')).toBeVisible();
  await expect(wizard).toBeHidden();

  // Found by a search typed without accents; her photo is served through the signed link.
  await page.getByLabel('Buscar paciente pelo nome').fill(`heloisa patricio ${stamp}`);
  const list = page.getByRole('list', { name: 'Lista de pacientes' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('button', { name: new RegExp(name) }).click();
  await page.getByRole('button', { name: 'Visualizar paciente' }).click();
  const detail = page.getByRole('dialog', { name });
  const photo = detail.getByRole('img', { name: `Foto de ${name}` });
  await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(16);

  // Edit her address.
  await detail.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar paciente' });
  await edit.getByRole('button', { name: 'Próximo passo' }).click();
  await edit.getByLabel('Endereço').fill('Rua da Bahia, 1148, Centro, Belo Horizonte - MG');
  await edit.getByRole('button', { name: 'Atualizar', exact: true }).click();
  await expect(page.getByText('Atualizado com sucesso')).toBeVisible();
  await expect(edit).toBeHidden();

  // From her detail modal to the surgery form.
  await list.getByRole('button', { name: new RegExp(name) }).click();
  await page.getByRole('button', { name: 'Visualizar paciente' }).click();
  await detail.getByRole('button', { name: 'Mais info' }).click();
  await expect(detail.getByText(/Rua da Bahia, 1148/)).toBeVisible();
  await detail.getByRole('button', { name: 'Vincular a cirurgia' }).click();
  await expect(page).toHaveURL(/\/patients-surgery\?id=\d+$/);
  await expect(page.getByLabel('Paciente', { exact: true })).toHaveValue(name);

  await pickOption(page, 'Procedimento 1', 'colecistectomia', /COLECISTECTOMIA/);
  await page.getByRole('button', { name: 'Adicionar procedimento' }).click();
  await pickOption(page, 'Procedimento 2', 'herniorrafia umbilical', /HERNIORRAFIA UMBILICAL/);
  await pickOption(page, 'CID 1', 'k80.2', /^K80\.2/);
  await page.getByRole('button', { name: 'Adicionar CID' }).click();
  await pickOption(page, 'CID 2', 'hernia umbilical', /^K42/);
  await page.getByLabel('Fonte pagadora').selectOption('particular');
  const value = page.getByLabel('Valor previsto (honorário)');
  await value.click();
  await page.keyboard.type('850000');
  await expect(value).toHaveValue('R$ 8.500,00');
  await pickOption(page, 'Hospital', 'einstein', /Einstein/);
  await page.getByRole('button', { name: 'Cadastrar cirurgia' }).click();

  // The new case.
  await expect(page).toHaveURL(/\/surgery-details\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText(/COLECISTECTOMIA/).first()).toBeVisible();
  await expect(page.getByText(/HERNIORRAFIA UMBILICAL/).first()).toBeVisible();
  await expect(page.getByText(/K80\.2, K42/)).toBeVisible();
  await expect(page.locator('[aria-current="step"]')).toContainText('Cadastro de Cirurgia');

  // She has a surgery now: deleting her is refused with the SPEC §8 warning.
  await page.goto('/patients');
  await page.getByLabel('Buscar paciente pelo nome').fill(`heloisa patricio ${stamp}`);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('button', { name: new RegExp(name) }).click();
  await page.getByRole('button', { name: 'Visualizar paciente' }).click();
  await detail.getByRole('button', { name: 'Deletar' }).click();
  await page.getByRole('alertdialog', { name: 'Tem certeza?' }).getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Não é possível deletar um paciente que possui cirurgia cadastrada.')).toBeVisible();
  await expect(detail).toBeVisible();
});
