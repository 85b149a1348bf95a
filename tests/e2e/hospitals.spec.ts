import { expect, test } from '@playwright/test';
import { apiHeaders, DEMO_PASSWORD, DEMO_SECRETARY, expectNoSeriousA11yViolations, pickOption, signIn, validCpf } from './helpers';

/**
 * Issue 33 item 1: a surgeon who operates outside the shared list. The secretary adds the hospital from the case
 * registration ('Cadastrar hospital'), it is chosen at once, the case is registered there, and a second add of the
 * same hospital in the same city is refused on the name.
 */
test('the secretary adds a hospital from the case form and registers the case there', async ({ page, request }) => {
  const headers = await apiHeaders(request, DEMO_SECRETARY, DEMO_PASSWORD);
  const seed = Date.now() % 100_000_000;
  const name = `Hospital Santa Clara ${seed}`;
  const patientName = `Helena Hospital ${seed}`;
  const medics = (await (await request.get('/project_auth/api/v1/list_medic/', { headers })).json()) as { results: { id: number }[] };
  const created = await request.post('/surgery/api/v1/add_paciente/', {
    headers,
    multipart: { nome_completo: patientName, cellphone: '(11) 9 8888-7777', cpf: validCpf(seed), gender: 'female', medic: String(medics.results[0]!.id) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const patientId = ((await created.json()) as { id: number }).id;

  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/patients-surgery?id=${patientId}`);
  await expect(page.getByLabel('Paciente', { exact: true })).toHaveValue(patientName);

  // Not on the list yet.
  const hospital = page.getByRole('combobox', { name: 'Hospital', exact: true });
  await hospital.fill(`santa clara ${seed}`);
  await expect(page.getByText('Nenhum resultado encontrado').or(page.getByRole('listbox'))).toBeVisible();
  await expect(page.getByRole('option', { name: new RegExp(name) })).toHaveCount(0);
  await hospital.fill('');
  await expect(page.getByText('Não está na lista? Cadastre o hospital.')).toBeVisible();

  await page.getByRole('button', { name: 'Cadastrar hospital' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cadastrar hospital' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(dialog.getByText('Informe o nome do hospital.')).toBeVisible();
  await expect(dialog.getByText('Informe a cidade.')).toBeVisible();
  await expect(dialog.getByText('Selecione a UF.')).toBeVisible();
  await dialog.getByLabel('Nome do hospital').fill(name);
  await dialog.getByLabel('Cidade').fill('Uberlândia');
  await dialog.getByLabel('UF').selectOption('MG');
  await dialog.getByLabel('CNPJ').pressSequentially('11222333000180');
  await expect(dialog.getByLabel('CNPJ')).toHaveValue('11.222.333/0001-80');
  await dialog.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(dialog.getByText('CNPJ inválido.')).toBeVisible();
  await dialog.getByLabel('CNPJ').fill('');
  await dialog.getByLabel('CNPJ').pressSequentially('11222333000181');
  await dialog.getByLabel('CNES').pressSequentially('2146355');
  await dialog.getByLabel('Endereço').fill('Rua das Palmeiras, 100 - Centro');
  await expectNoSeriousA11yViolations(page, { label: 'Cadastrar hospital' });
  await page.screenshot({ path: test.info().outputPath('add-hospital.png') });
  await dialog.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Hospital cadastrado.')).toBeVisible();
  await expect(hospital).toHaveValue(name);

  // The rest of the case, then register it at the new hospital.
  await pickOption(page, 'Procedimento 1', 'apendicectomia', /APENDICECTOMIA/);
  await pickOption(page, 'CID 1', 'K35', /^K35/);
  await page.getByLabel('Fonte pagadora').selectOption('particular');
  await page.getByRole('button', { name: 'Cadastrar cirurgia' }).click();
  await expect(page).toHaveURL(/\/surgery-details/);
  await expect(page.getByText(name).first()).toBeVisible();

  // The same hospital again (another spelling, same city): refused on the name, nothing added.
  await page.goto(`/patients-surgery?id=${patientId}`);
  await page.getByRole('button', { name: 'Cadastrar hospital' }).click();
  await dialog.getByLabel('Nome do hospital').fill(name.toUpperCase());
  await dialog.getByLabel('Cidade').fill('uberlandia');
  await dialog.getByLabel('UF').selectOption('MG');
  await dialog.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(dialog.getByText(`${name.toUpperCase()} (uberlandia/MG) já está na lista de hospitais.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // Found like the seeded ones, with its city under the name.
  await hospital.fill(`santa clara ${seed}`);
  await expect(page.getByRole('option', { name: new RegExp(`${name}.*Uberlândia/MG`) })).toBeVisible();
});
