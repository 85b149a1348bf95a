import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  apiHeaders,
  DEMO_MEDIC,
  DEMO_PASSWORD,
  DEMO_SECRETARY,
  firstId,
  pickOption,
  signIn,
  signUpMedic,
  validCpf,
} from './helpers';
import { newPrivateCase } from './cases';

/**
 * Surgery registration (/patients-surgery), the status list (/surgery-status) and the first look at a case
 * (/surgery-details). The spec makes its own patient through the API, so the demo records stay as seeded.
 */

type CreatedPatient = { id: number; name: string; plan: string };

/** A fresh patient of the demo medic, with a health plan, created by the demo secretary. */
async function createPatient(request: APIRequestContext): Promise<CreatedPatient> {
  const headers = await apiHeaders(request, DEMO_SECRETARY, DEMO_PASSWORD);
  const medics = (await (await request.get('/project_auth/api/v1/list_medic/', { headers })).json()) as {
    results: { id: number }[];
  };
  const plans = (await (await request.get('/surgery/api/v1/healthplan/?search=amil', { headers })).json()) as {
    results: { id: number; fantasy_name: string }[];
  };
  const plan = plans.results[0];
  const medic = medics.results[0];
  expect(plan).toBeDefined();
  expect(medic).toBeDefined();
  const seed = Date.now() % 100_000_000;
  const name = `Valentina Cirurgia ${seed}`;
  const answer = await request.post('/surgery/api/v1/add_paciente/', {
    headers,
    multipart: {
      nome_completo: name,
      cellphone: '(11) 9 8888-7777',
      cpf: validCpf(seed),
      gender: 'female',
      convenio: String(plan!.id),
      medic: String(medic!.id),
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const created = (await answer.json()) as { id: number };
  return { id: created.id, name, plan: plan!.fantasy_name };
}

/** A patient and a new case (ind_paciente) registered by `headers`' medic for themself, through the API. */
async function caseOfOwnPatient(request: APIRequestContext, headers: Record<string, string>, name: string, cpfSeed: number) {
  const patient = await request.post('/surgery/api/v1/add_paciente/', {
    headers,
    multipart: { nome_completo: name, cellphone: '11977776666', cpf: validCpf(cpfSeed), gender: 'male' },
  });
  expect(patient.status(), await patient.text()).toBe(201);
  const patientId = ((await patient.json()) as { id: number }).id;
  const hospital = await firstId(request, headers, '/surgery/api/v1/hospital/');
  await newPrivateCase(request, headers, patientId, { fees: 3000, cid: 'K40', procedure: 'herniorrafia', hospital });
}

test.describe('surgeries', () => {
  test('a secretary links a surgery to a patient, with the SPEC §5 rules, and lands on its details', async ({
    page,
    request,
  }) => {
    const patient = await createPatient(request);
    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/patients-surgery');

    // Patient search: nothing before typing, the empty text, then 'Vincular'.
    const search = page.getByPlaceholder('Nome do paciente');
    await search.fill('Ninguém Com Este Nome Xyz');
    await expect(page.getByText('Nenhum paciente foi encontrado')).toBeVisible();
    await search.fill(patient.name);
    await page.getByRole('button', { name: `Vincular ${patient.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/patients-surgery\\?id=${patient.id}$`));
    await expect(page.getByLabel('Paciente', { exact: true })).toHaveValue(patient.name);
    await expect(page.getByLabel('Médico(a)', { exact: true })).toHaveValue('Carlos Eduardo Mendes');

    // Missing CID and procedure.
    const submit = page.getByRole('button', { name: 'Cadastrar cirurgia' });
    await submit.click();
    await expect(page.getByText('Preencha CID e Procedimento!')).toBeVisible();
    await expect(page.getByText('Preencha procedimento!')).toBeVisible();
    await expect(page.getByText('Preencha CID!')).toBeVisible();
    await expect(page.getByText('Selecione o hospital.')).toBeVisible();

    // Two procedures and, in between, the missing-CID message alone.
    await pickOption(page, 'Procedimento 1', 'apendicectomia', /APENDICECTOMIA/);
    await submit.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Preencha CID!' })).toBeVisible();
    await page.getByRole('button', { name: 'Adicionar procedimento' }).click();
    await pickOption(page, 'Procedimento 2', 'herniorrafia inguinal', /HERNIORRAFIA INGUINAL/);

    // Two CIDs (searched by code and by description).
    await pickOption(page, 'CID 1', 'K35', /^K35/);
    await page.getByRole('button', { name: 'Adicionar CID' }).click();
    await pickOption(page, 'CID 2', 'hérnia inguinal', /^K40/);

    // The limit: five entries, then 'add' is disabled with a hint.
    const addProcedure = page.getByRole('button', { name: 'Adicionar procedimento' });
    for (let n = 3; n <= 5; n += 1) await addProcedure.click();
    await expect(page.getByRole('combobox', { name: 'Procedimento 5', exact: true })).toBeVisible();
    await expect(addProcedure).toBeDisabled();
    await expect(page.getByText('Máximo de 5 procedimentos por cirurgia.')).toBeVisible();
    for (let n = 5; n >= 3; n -= 1) await page.getByRole('button', { name: `Remover procedimento ${n}` }).click();
    await expect(addProcedure).toBeEnabled();
    await expect(page.getByRole('combobox', { name: 'Procedimento 2', exact: true })).toHaveValue(/HERNIORRAFIA/);

    // Plan rule: a patient with a convênio starts paid by 'Plano de Saúde' with her plan (issue 11); any other
    // source clears it, and choosing plano_saude again brings the patient's own back.
    const source = page.getByLabel('Fonte pagadora');
    const plan = page.getByRole('combobox', { name: 'Convênio', exact: true });
    await expect(source).toHaveValue('plano_saude');
    await expect(plan).toBeEnabled();
    await expect(plan).toHaveValue(patient.plan);
    await source.selectOption('coop');
    await expect(plan).toHaveValue('');
    await expect(plan).toBeDisabled();
    await source.selectOption('plano_saude');
    await expect(plan).toHaveValue(patient.plan);
    await source.selectOption('coop');

    // CLT rule: the expected value is cleared and disabled; money is typed as digits.
    const value = page.getByLabel('Valor previsto (honorário)');
    await value.click();
    await page.keyboard.type('123456');
    await expect(value).toHaveValue('R$ 1.234,56');
    await source.selectOption('clt');
    await expect(value).toHaveValue('');
    await expect(value).toBeDisabled();
    await source.selectOption('plano_saude');
    await expect(value).toBeEnabled();
    await value.click();
    await page.keyboard.type('250000');
    await expect(value).toHaveValue('R$ 2.500,00');

    await pickOption(page, 'Hospital', 'sirio', /Sírio/);
    await page.getByLabel('Usa OPME (órteses, próteses e materiais especiais)').check();
    await page.getByLabel('Observações').fill('Paciente em jejum de 8 horas.');
    await expect(page.getByText('29/1000')).toBeVisible();

    await submit.click();
    await expect(page).toHaveURL(/\/surgery-details\/\d+$/);
    await expect(page.getByRole('heading', { name: patient.name })).toBeVisible();
    await expect(page.getByText(/Cirurgia nº \d+/)).toBeVisible();
    await expect(page.getByText('APENDICECTOMIA', { exact: false }).first()).toBeVisible();
    await expect(page.getByText(patient.plan).first()).toBeVisible();
    await expect(page.getByText(/R\$\s2\.500,00/)).toBeVisible();
    await expect(page.locator('[aria-current="step"]')).toContainText('Cadastro de Cirurgia');

    // Escape goes back to the registration screen.
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/patients-surgery$/);
  });

  test('a patient that cannot be loaded leaves the secretary on the search, and details need an id', async ({ page }) => {
    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/patients-surgery?id=999999');
    await expect(page.getByText('Não foi possível carregar o paciente.')).toBeVisible();
    await expect(page.getByPlaceholder('Nome do paciente')).toBeVisible();
    await expect(page).toHaveURL(/\/patients-surgery$/);

    await page.goto('/surgery-details');
    await expect(page).toHaveURL(/\/patients-surgery$/);
  });

  test("a medic lists their cases, narrows them by stage and opens one", async ({ page }) => {
    await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/surgery-status');
    await expect(page.getByRole('heading', { name: 'Veja o status das cirurgias' })).toBeVisible();

    const table = page.getByRole('table', { name: 'Cirurgias' });
    const rows = table.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    const total = page.getByText(/\d+ de \d+ cirurgias/);
    await expect(total).toBeVisible();
    const before = await total.textContent();

    // Default filter: the seven active stages; every row is in one of them and belongs to the medic.
    const filter = page.getByRole('button', { name: /Etapas/ });
    await expect(filter).toContainText('Filtros selecionado');
    // A medic's own list never repeats his name in a 'Médico(a)' column.
    await expect(table.getByRole('columnheader', { name: 'Médico(a)' })).toHaveCount(0);

    // Clear everything ('Todos' twice), then keep only Autorização.
    await filter.click();
    await page.getByRole('option', { name: 'Todos' }).click();
    await expect(filter).toContainText('Todos selecionado');
    await page.getByRole('option', { name: 'Todos' }).click();
    await expect(filter).toContainText('Selecionar...');
    await page.getByPlaceholder('Procurar').fill('autoriz');
    await page.getByRole('option', { name: 'Autorização' }).click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(filter).toContainText('Filtros selecionado');
    await expect(total).not.toHaveText(before ?? '');
    // The stage's name, without an authorization warning's spoken text beside it (issue 13).
    const stages = (await table.locator('tbody tr td:nth-child(5)').allTextContents()).map((text) => text.replace(/Aviso de autorização:.*$/s, ''));
    expect(stages.length).toBeGreaterThan(0);
    expect(new Set(stages)).toEqual(new Set(['Autorização']));

    // Enter on the row's link (the patient's name) opens the case; Escape brings a medic back to the list.
    const firstPatient = (await table.locator('tbody tr td:nth-child(1)').first().textContent()) ?? '';
    await rows.first().getByRole('link').first().focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/surgery-details\/\d+$/);
    await expect(page.getByRole('heading', { name: firstPatient })).toBeVisible();
    await expect(page.getByText('Autorização').first()).toBeVisible();
    await page.keyboard.press('Escape');
    // Back on the list as it was left: the stage filter is in its address.
    await expect(page).toHaveURL(/\/surgery-status\?status=autorizacao$/);
    await expect(filter).toContainText('Filtros selecionado');
  });

  test('a medic sees only their own cases', async ({ page, request }) => {
    // Another doctor, with a case of their own, made through the API.
    const stamp = Date.now() % 100_000_000;
    const { email: otherEmail } = await signUpMedic(request, {
      label: 'outro.medico',
      firstName: 'Otávio',
      lastName: 'Rezende',
      nickname: 'Dr. Otávio',
      password: 'Cirurgia@2024',
      state: 'PR',
    });
    const otherPatient = `Paciente Do Outro ${stamp}`;
    await caseOfOwnPatient(request, await apiHeaders(request, otherEmail, 'Cirurgia@2024'), otherPatient, stamp + 402);
    const ownPatient = `Paciente Do Carlos ${stamp}`;
    await caseOfOwnPatient(request, await apiHeaders(request, DEMO_MEDIC, DEMO_PASSWORD), ownPatient, stamp + 403);

    // The demo medic's first stage lists the case he just made, and not the other doctor's newer one.
    await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/surgery-status');
    const filter = page.getByRole('button', { name: /Etapas/ });
    await filter.click();
    await page.getByRole('option', { name: 'Todos' }).click();
    await page.getByRole('option', { name: 'Todos' }).click();
    await page.getByRole('option', { name: 'Cadastro de Cirurgia' }).click();
    await page.keyboard.press('Escape');
    const table = page.getByRole('table', { name: 'Cirurgias' });
    await expect(table.getByRole('cell', { name: ownPatient })).toBeVisible();
    await expect(table.getByText(otherPatient)).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: 'Médico(a)' })).toHaveCount(0);
  });
});
