import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_SECRETARY, signIn, tealPng, validCpf } from './helpers';

/**
 * /patients as the demo secretary (SPEC §2 Patients, §5, §8): register a patient with a photo through both steps,
 * find her by an accent-free search, view and edit her, try to delete a demo patient who has a surgery (403
 * warning), delete the patient this test created, and register-and-link another one. Demo records are only read.
 */

/** Letters only, so the name looks like a name and is unique per run ('Bcdfg'). */
function uniqueSurname(stamp: number): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  let value = stamp;
  let out = '';
  while (value > 0) {
    out += letters[value % letters.length];
    value = Math.floor(value / letters.length);
  }
  return out.charAt(0).toUpperCase() + out.slice(1);
}

async function bearer(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { Authorization: `Bearer ${token}` };
}

async function searchFor(page: Page, text: string) {
  await page.getByLabel('Buscar paciente pelo nome').fill(text);
}

test.describe('patients (/patients)', () => {
  test('a secretary registers, finds, views, edits and deletes a patient', async ({ page }) => {
    const stamp = Date.now();
    const surname = uniqueSurname(stamp);
    const name = `Lúcia Conceição ${surname}`;
    const cpf = validCpf(stamp);

    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Adicionar paciente' }).click();
    await expect(page).toHaveURL(/\/patients$/);
    await expect(page.getByRole('heading', { name: 'Pacientes', exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Lista de pacientes' })).toBeVisible();

    // Registration, step 1: 'Próximo passo' does not advance an invalid step.
    await page.getByRole('button', { name: 'Cadastrar paciente' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Cadastrar paciente' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Arraste a foto para aqui')).toBeVisible();
    await expect(dialog.getByText('JPEG e JPG, PNG ou WebP')).toBeVisible();
    await dialog.getByRole('button', { name: 'Próximo passo' }).click();
    await expect(dialog.getByText('Passo 1 de 2')).toBeVisible();
    await expect(dialog.getByText('Preencha o nome do paciente.')).toBeVisible();

    // The photo: another type is refused on the client; a PNG is accepted and previewed.
    const fileInput = dialog.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('não é imagem') });
    await expect(dialog.getByText('Escolha uma imagem JPEG, PNG ou WebP.')).toBeVisible();
    await fileInput.setInputFiles({ name: 'lucia.png', mimeType: 'image/png', buffer: tealPng() });
    await expect(dialog.getByText('Imagem selecionado!')).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Pré-visualização da foto' })).toBeVisible();

    await dialog.getByLabel('Paciente', { exact: true }).fill(name);
    await dialog.getByLabel('Telefone').fill('11987654321');
    await expect(dialog.getByLabel('Telefone')).toHaveValue('(11) 9 8765-4321');
    await dialog.getByLabel('Convênio').fill('Unimed');
    const plan = page.getByRole('option', { name: /unimed/i }).first();
    await expect(plan).toBeVisible();
    // The option reads the plan's name, then its ANS registry on a line of its own (issue 33 item 12).
    await expect(plan).toContainText(/ANS \d{6}$/);
    const planName = (await plan.textContent())?.replace(/ANS \d+$/, '').trim() ?? '';
    await plan.click();
    await expect(dialog.getByLabel('Convênio')).toHaveValue(planName);
    await dialog.getByRole('button', { name: 'Próximo passo' }).click();

    // Step 2: 'CPF Invalido!' for a complete invalid CPF blocks the submit.
    await expect(dialog.getByText('Passo 2 de 2')).toBeVisible();
    await dialog.getByLabel('CPF').fill('11111111112');
    await expect(dialog.getByLabel('CPF')).toHaveValue('111.111.111-12');
    await expect(dialog.getByText('CPF Invalido!')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    await expect(dialog.getByText('Passo 2 de 2')).toBeVisible();
    await expect(dialog.getByText('Selecione o sexo biológico.')).toBeVisible();

    await dialog.getByLabel('CPF').fill('');
    await dialog.getByLabel('CPF').fill(cpf);
    await dialog.getByLabel('Data de nascimento').fill('15031985');
    await expect(dialog.getByLabel('Data de nascimento')).toHaveValue('15/03/1985');
    await dialog.getByLabel('Endereço').fill('Rua das Palmeiras, 45, Jardim Paulista, São Paulo - SP');
    await dialog.getByLabel('CEP').fill('01310100');
    await expect(dialog.getByLabel('CEP')).toHaveValue('01.310-100');
    await dialog.getByRole('radio', { name: 'Feminino' }).check();
    // The demo secretary works for one medic: preselected.
    await expect(dialog.getByLabel('Médico')).toHaveValue(/\d+/);
    await dialog.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    await expect(page.getByText('Cadastrado com sucesso')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Found by a search typed without accents.
    await searchFor(page, `lucia conceicao ${surname.toLowerCase()}`);
    const list = page.getByRole('list', { name: 'Lista de pacientes' });
    await expect(list.getByRole('button', { name: new RegExp(name) })).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText(planName);

    // Selecting the row reveals 'Visualizar paciente'.
    await list.getByRole('button', { name: new RegExp(name) }).click();
    await page.getByRole('button', { name: 'Visualizar paciente' }).click();
    const detail = page.getByRole('dialog', { name });
    await expect(detail).toBeVisible();
    await expect(detail.getByText('(11) 9 8765-4321')).toBeVisible();
    await expect(detail.getByText(planName)).toBeVisible();
    const photo = detail.getByRole('img', { name: `Foto de ${name}` });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(16);
    await expect(detail.getByText('15/03/1985')).toBeHidden();
    await detail.getByRole('button', { name: 'Mais info' }).click();
    await expect(detail.getByText('15/03/1985')).toBeVisible();
    await expect(detail.getByText(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`)).toBeVisible();
    await expect(detail.getByText(/Rua das Palmeiras, 45.*01\.310-100/)).toBeVisible();

    // Edit: the same two steps, prefilled; 'Atualizar'.
    await detail.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar paciente' });
    await expect(edit).toBeVisible();
    await expect(edit.getByLabel('Paciente', { exact: true })).toHaveValue(name);
    await expect(edit.getByText('Foto atual')).toBeVisible();
    // Cleared first: the mask (imask) reads a programmatic select-all-and-replace as typing at the end.
    await edit.getByLabel('Telefone').fill('');
    await edit.getByLabel('Telefone').fill('21912345678');
    await expect(edit.getByLabel('Telefone')).toHaveValue('(21) 9 1234-5678');
    await edit.getByRole('button', { name: 'Próximo passo' }).click();
    await expect(edit.getByLabel('CEP')).toHaveValue('01.310-100');
    await edit.getByLabel('Endereço').fill('Avenida Atlântica, 1702, Copacabana, Rio de Janeiro - RJ');
    await expect(edit.getByRole('button', { name: 'Atualizar e Vincular Cirurgia' })).toBeVisible();
    await edit.getByRole('button', { name: 'Atualizar', exact: true }).click();
    await expect(page.getByText('Atualizado com sucesso')).toBeVisible();
    await expect(edit).toBeHidden();

    await list.getByRole('button', { name: new RegExp(name) }).click();
    await page.getByRole('button', { name: 'Visualizar paciente' }).click();
    await expect(detail.getByText('(21) 9 1234-5678')).toBeVisible();
    await detail.getByRole('button', { name: 'Mais info' }).click();
    await expect(detail.getByText(/Avenida Atlântica, 1702/)).toBeVisible();
    await detail.getByRole('button', { name: 'Fechar' }).click();
    await expect(detail).toBeHidden();

    // A demo patient with a surgery cannot be deleted (403 → warning); nothing is removed.
    const demo = await page.request.get('/surgery/api/v1/patient/1/', { headers: await bearer(page) });
    expect(demo.ok()).toBe(true);
    const demoName = ((await demo.json()) as { nome_completo: string }).nome_completo;
    await searchFor(page, demoName);
    await list.getByRole('button', { name: new RegExp(demoName) }).first().click();
    await page.getByRole('button', { name: 'Visualizar paciente' }).click();
    const demoDetail = page.getByRole('dialog', { name: demoName });
    await demoDetail.getByRole('button', { name: 'Deletar' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Tem certeza?' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Não' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await expect(page.getByText('Não é possível deletar um paciente que possui cirurgia cadastrada.')).toBeVisible();
    await expect(confirm).toBeHidden();
    await demoDetail.getByRole('button', { name: 'Fechar' }).click();
    expect((await page.request.get('/surgery/api/v1/patient/1/', { headers: await bearer(page) })).ok()).toBe(true);

    // The patient this test created is deleted.
    await searchFor(page, `lucia conceicao ${surname.toLowerCase()}`);
    await list.getByRole('button', { name: new RegExp(name) }).click();
    await page.getByRole('button', { name: 'Visualizar paciente' }).click();
    await detail.getByRole('button', { name: 'Deletar' }).click();
    await confirm.getByRole('button', { name: 'Não' }).click();
    await expect(confirm).toBeHidden();
    await detail.getByRole('button', { name: 'Deletar' }).click();
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await expect(page.getByText('Deletado com sucesso')).toBeVisible();
    await expect(detail).toBeHidden();
    await expect(page.getByRole('paragraph').filter({ hasText: 'Nenhum paciente encontrado' })).toBeVisible();
  });

  test('"Cadastrar e Vincular Cirurgia" opens /patients-surgery with the new patient', async ({ page }) => {
    const stamp = Date.now() + 1;
    const name = `Renato Araújo ${uniqueSurname(stamp)}`;

    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/patients');
    await page.getByRole('button', { name: 'Cadastrar paciente' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Cadastrar paciente' });
    await dialog.getByLabel('Paciente', { exact: true }).fill(name);
    await dialog.getByLabel('Telefone').fill('31998765432');
    await dialog.getByLabel('Telefone').press('Enter');
    await expect(dialog.getByText('Passo 2 de 2')).toBeVisible();
    await dialog.getByRole('button', { name: 'Voltar' }).click();
    await expect(dialog.getByLabel('Paciente', { exact: true })).toHaveValue(name);
    await dialog.getByRole('button', { name: 'Próximo passo' }).click();
    await dialog.getByLabel('CPF').fill(validCpf(stamp));
    await dialog.getByRole('radio', { name: 'Masculino' }).check();
    await dialog.getByRole('button', { name: 'Cadastrar e Vincular Cirurgia' }).click();
    await expect(page.getByText('Cadastrado com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/patients-surgery\?id=\d+$/);

    // Clean up through the API (the surgery screen is another journey).
    const id = new URL(page.url()).searchParams.get('id');
    const removed = await page.request.delete(`/surgery/api/v1/update_patient/${id}/`, { headers: await bearer(page) });
    expect(removed.status()).toBe(204);
  });
});
