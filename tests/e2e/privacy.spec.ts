import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import PizZip from 'pizzip';
import { parseExcelCsv } from '../helpers/csv';
import {
  apiHeaders,
  expectNoSeriousA11yViolations,
  inviteLinkFromOutbox,
  DEMO_MEDIC,
  DEMO_PASSWORD,
  signIn,
  signOut,
  signUpMedic,
  holdRequests,
  tealPng,
  validCpf,
} from './helpers';

/**
 * Patient privacy on screen (issue 16 items 2 and 3): a new medic's patient (with a photo) is edited by her secretary
 * through /patients; the secretary has no 'Auditoria' in her menu and /audit sends her home. The medic opens
 * 'Auditoria' from her menu, picks the patient by name, sees the edit by the secretary (her name, 'Alteração',
 * the field), narrows to the secretary, to changes and to today, and exports the CSV: that one row. Then the secretary leaves (the medic removes her, so the
 * medic registers patients herself again, DECISIONS §13): the medic opens the patient, downloads the patient's
 * archive (the test opens the ZIP: paciente.json, relatorio.html and the photo's very bytes) and follows 'Ver auditoria', which still
 * names the former secretary and now shows the archive's export too. Axe on /audit.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

/** Letters only, so the name reads as a name and is unique per run. */
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

async function openPatient(page: Page, name: string) {
  await page.getByLabel('Buscar paciente pelo nome').fill(name);
  const list = page.getByRole('list', { name: 'Lista de pacientes' });
  await list.getByRole('button', { name: new RegExp(name) }).click();
  await page.getByRole('button', { name: 'Visualizar paciente' }).click();
  const detail = page.getByRole('dialog', { name });
  await expect(detail).toBeVisible();
  return detail;
}

test.describe('patient privacy (/audit and the patient archive)', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("the medic reads her secretary's edit in the audit, exports it, and exports the patient's archive", async ({ page, request }) => {
    const stamp = Date.now() % 100_000_000;
    const medic = await signUpMedic(request, { label: 'privacidade', firstName: 'Helena', lastName: 'Sigilo' });
    const asMedic = await apiHeaders(request, medic.email, medic.password);

    // The medic's patient, with a photo.
    const patientName = `Iracema Titular ${uniqueSurname(stamp)}`;
    const photo = tealPng();
    const created = await request.post('/surgery/api/v1/add_paciente/', {
      headers: asMedic,
      multipart: {
        nome_completo: patientName,
        cellphone: '11987654321',
        cpf: validCpf(stamp + 5),
        gender: 'female',
        foto: { name: 'iracema.png', mimeType: 'image/png', buffer: photo },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const patientId = ((await created.json()) as { id: number }).id;

    // Her secretary, invited and accepted.
    const secretaryEmail = `sigilo.${stamp}@clinica.com.br`;
    const secretaryPassword = 'Secretaria@2026';
    const secretaryName = `Marta Reservada ${uniqueSurname(stamp + 1)}`;
    const invite = await request.post('/project_auth/api/v1/create_secretary/', {
      headers: asMedic,
      data: { first_name: 'Marta', last_name: secretaryName.slice('Marta '.length), email: secretaryEmail },
    });
    expect(invite.status(), await invite.text()).toBe(201);
    const token = new URL(inviteLinkFromOutbox(secretaryEmail)).pathname.split('/').pop()!;
    const accepted = await request.post(`/project_auth/api/v1/secretaria_convite/${token}`, {
      data: {
        first_name: 'Marta',
        last_name: secretaryName.slice('Marta '.length),
        cpf: validCpf(stamp + 9),
        password: secretaryPassword,
        confirmPassword: secretaryPassword,
        IAcceptToStoreData: true,
      },
    });
    expect(accepted.status(), await accepted.text()).toBe(201);
    const secretaryId = ((await accepted.json()) as { id: number }).id;

    // The secretary: no 'Auditoria' in her menu, /audit sends her home; she edits the patient's phone.
    await signIn(page, secretaryEmail, secretaryPassword);
    await expect(page).toHaveURL(/\/$/);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: 'Adicionar paciente' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Auditoria' })).toHaveCount(0);
    await page.goto('/audit');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Auditoria' })).toHaveCount(0);

    await menu.getByRole('link', { name: 'Adicionar paciente' }).click();
    await expect(page).toHaveURL(/\/patients$/);
    const detail = await openPatient(page, patientName);
    await expect(detail.getByRole('link', { name: 'Ver auditoria' })).toHaveCount(0);
    await expect(detail.getByRole('button', { name: 'Exportar dados do paciente (LGPD)' })).toHaveCount(0);
    await detail.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar paciente' });
    await edit.getByLabel('Telefone').fill('');
    await edit.getByLabel('Telefone').fill('21912345678');
    await expect(edit.getByLabel('Telefone')).toHaveValue('(21) 9 1234-5678');
    await edit.getByRole('button', { name: 'Próximo passo' }).click();
    await edit.getByRole('button', { name: 'Atualizar', exact: true }).click();
    await expect(page.getByText('Atualizado com sucesso')).toBeVisible();
    await signOut(page);

    // The medic (with a secretary: no patient screen of her own) opens 'Auditoria' and picks the patient by name.
    await signIn(page, medic.email, medic.password);
    await expect(page).toHaveURL(/\/$/);
    await menu.getByRole('link', { name: 'Auditoria' }).click();
    await expect(page).toHaveURL(/\/audit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Auditoria' })).toBeVisible();
    await page.getByLabel('Paciente', { exact: true }).fill(patientName.split(' ').pop()!);
    await page.getByRole('option', { name: patientName }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]patient=${patientId}(&|$)`));
    const table = page.getByRole('table', { name: 'Registros de auditoria' });
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    const editRow = table.getByRole('row').filter({ hasText: secretaryName }).filter({ hasText: 'Alteração' });
    await expect(editRow).toHaveCount(1);
    await expect(editRow).toContainText('Secretária');
    await expect(editRow).not.toContainText('Secretária(o)');
    await expect(editRow).toContainText('Campos: Celular');
    await expect(editRow).toContainText(patientName);
    await expect(editRow).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
    await expect(page.getByRole('button', { name: 'Exportar dados do paciente (LGPD)' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: '/audit filtered to a patient' });

    // Narrowed to the secretary, to changes and to today: that one row; the filters live in the URL.
    await page.getByLabel('Pessoa', { exact: true }).selectOption({ label: secretaryName });
    await expect(page).toHaveURL(new RegExp(`[?&]actor=${secretaryId}(&|$)`));
    await page.getByLabel('Ação', { exact: true }).selectOption({ label: 'Alteração' });
    await expect(page).toHaveURL(/[?&]action=update(&|$)/);
    const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    await page.getByLabel('De', { exact: true }).fill(today.replace(/\//g, ''));
    await expect(page).toHaveURL(/[?&]from=\d{4}-\d{2}-\d{2}(&|$)/);
    await expect(page.getByText('1 registro · Página 1 de 1')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: secretaryName })).toHaveCount(1);

    // The CSV of the same filters holds the edit's row, and only it.
    const [csvFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    expect(csvFile.suggestedFilename()).toMatch(/^auditoria-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = parseExcelCsv(await readFile((await csvFile.path())!));
    expect(header).toEqual(['Data e hora', 'Pessoa', 'Ação', 'Registro', 'Nº do registro', 'Paciente', 'Registros listados', 'Detalhe', 'Endereço']);
    expect(rows).toHaveLength(1);
    const csvEdit = rows.filter((row) => row[1] === secretaryName && row[2] === 'Alteração');
    expect(csvEdit).toHaveLength(1);
    expect(csvEdit[0]!.slice(3, 8)).toEqual(['Paciente', String(patientId), patientName, '', 'Campos: Celular']);
    expect(csvEdit[0]![0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);

    // The secretary leaves; the medic registers patients herself again and opens the patient.
    const removed = await request.delete(`/project_auth/api/v1/remove_secretary/${secretaryId}`, { headers: asMedic });
    expect(removed.ok(), await removed.text()).toBe(true);
    await page.goto('/');
    await menu.getByRole('link', { name: 'Adicionar paciente' }).click();
    await expect(page).toHaveURL(/\/patients$/);
    const medicDetail = await openPatient(page, patientName);

    // The archive: paciente.json, the patient's page and the photo's own bytes.
    const [archive] = await Promise.all([
      page.waitForEvent('download'),
      medicDetail.getByRole('button', { name: 'Exportar dados do paciente (LGPD)' }).click(),
    ]);
    expect(archive.suggestedFilename()).toMatch(new RegExp(`^dados-paciente-${patientId}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
    await expect(page.getByText('Arquivo de dados do paciente baixado.')).toBeVisible();
    const zip = new PizZip(await readFile((await archive.path())!), { checkCRC32: true });
    const json = JSON.parse(zip.file('paciente.json')!.asText()) as { paciente: { numero_do_cadastro: number; nome_completo: string; celular: string; foto: string } };
    expect(json.paciente).toMatchObject({ numero_do_cadastro: patientId, nome_completo: patientName, celular: '21912345678', foto: 'foto.png' });
    expect(zip.file('relatorio.html')!.asText()).toContain(`Paciente: <strong>${patientName}</strong>`);
    expect(Buffer.from(zip.file('foto.png')!.asUint8Array()).equals(photo)).toBe(true);

    // 'Ver auditoria': the patient's audit, the former secretary's edit still under her name, the archive's export.
    await medicDetail.getByRole('link', { name: 'Ver auditoria' }).click();
    await expect(page).toHaveURL(new RegExp(`/audit\\?patient=${patientId}$`));
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    await expect(table.getByRole('row').filter({ hasText: secretaryName }).filter({ hasText: 'Alteração' })).toHaveCount(1);
    const exportRow = table.getByRole('row').filter({ hasText: 'Exportação de dados do titular' });
    await expect(exportRow).toHaveCount(1);
    await expect(exportRow).toContainText(`${medic.firstName} ${medic.lastName}`);
    await expect(page.getByLabel('Paciente', { exact: true })).toHaveValue(patientName);

    // 'Pessoa' still names the former secretary (her rows stay), by name, once; 'Todas as pessoas' once (item 33.19).
    const people = page.getByLabel('Pessoa', { exact: true });
    await expect(people.locator('option', { hasText: secretaryName })).toHaveCount(1);
    await expect(people.locator('option')).toHaveText(['Todas as pessoas', `${medic.firstName} ${medic.lastName} (você)`, secretaryName]);
  });

  test("'Auditoria' paints its filters before React Aria's combobox arrives, in the same places (issue 41, goal 7)", async ({ page }) => {
    await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    const { asked, release } = await holdRequests(page, /\/assets\/SearchSelect-[^/]*\.js$/);
    await page.goto('/audit');
    const patient = page.getByLabel('Paciente', { exact: true });
    const exportButton = page.getByRole('button', { name: 'Exportar CSV' });
    await expect(exportButton).toBeVisible();
    // The patient's search holds its place, disabled, while its code is on its way.
    await expect(patient).toBeDisabled();
    await expect(patient).toHaveAttribute('placeholder', 'Buscar pelo nome');
    await expect.poll(() => asked.length).toBe(1);
    const before = [await patient.boundingBox(), await exportButton.boundingBox()];
    await expectNoSeriousA11yViolations(page, { label: '/audit com a busca de paciente carregando' });

    release();
    await expect(page.getByRole('combobox', { name: 'Paciente' })).toBeEnabled();
    expect([await patient.boundingBox(), await exportButton.boundingBox()]).toEqual(before);
  });
});
