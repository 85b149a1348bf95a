import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_SECRETARY, expectNoSeriousA11yViolations, signIn } from './helpers';
import { parseExcelCsv } from '../helpers/csv';

/**
 * The lists' 'Exportar CSV' (issue 14 item 5), as the demo secretary: she filters /surgery-status, downloads the CSV
 * and the file, read as Excel pt-BR reads it (UTF-8 BOM, `;` between cells, CRLF), holds exactly the rows the table
 * shows (patients and stage labels, in order); the same for /patients with a search. Axe on both pages; screenshots
 * at 1366 and 390 px.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

/** Clicks 'Exportar CSV', takes the download and reads it back: its name, and header and rows without the BOM. */
async function download(page: Page): Promise<{ name: string; header: string[]; rows: string[][] }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
  const bytes = await readFile((await file.path())!);
  const [header, ...rows] = parseExcelCsv(bytes);
  await expect(page.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
  return { name: file.suggestedFilename(), header: header!, rows };
}

/** What Excel is given for a text that starts like a formula. */
const asExported = (text: string) => (/^[=+\-@]/.test(text) ? `'${text}` : text);

async function loadEveryPage(page: Page) {
  const more = page.getByRole('button', { name: 'Carregar mais' });
  while (await more.isVisible()) {
    await more.click();
    await expect(more).toBeEnabled();
  }
}

test.describe('Exportar CSV', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the filtered status list downloads as a CSV holding the rows the table shows', async ({ page }) => {
    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/surgery-status');
    const table = page.getByRole('table', { name: 'Cirurgias' });
    await expect(table).not.toHaveAttribute('aria-busy', 'true');

    // Only two stages, ordered by the patient's name.
    const filter = page.getByRole('button', { name: /Etapas/ });
    await filter.click();
    await page.getByRole('option', { name: 'Todos' }).click();
    await page.getByRole('option', { name: 'Todos' }).click();
    await page.getByRole('option', { name: 'Agendamento de cirurgia' }).click();
    await page.getByRole('option', { name: 'Pagamento de honorário' }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/[?&]status=agendamento(%2C|,)pagamento/);
    await page.getByLabel('Ordenar por', { exact: true }).selectOption('patient');
    await expect(page).toHaveURL(/[?&]sort=patient/);
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    await loadEveryPage(page);

    const headers = (await table.locator('thead th').allTextContents()).map((text) => text.trim());
    const patientColumn = headers.indexOf('Paciente') + 1;
    const stageColumn = headers.indexOf('Etapa') + 1;
    const names = (await table.locator(`tbody tr td:nth-child(${patientColumn})`).allTextContents()).map((text) => text.trim());
    const stages = (await table.locator(`tbody tr td:nth-child(${stageColumn})`).allTextContents()).map((text) =>
      text.replace(/Aviso de autorização:.*$/s, '').trim(),
    );
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(stages)).toEqual(new Set(['Agendamento de cirurgia', 'Pagamento de honorário']));

    const csv = await download(page);
    expect(csv.name).toMatch(/^cirurgias-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.header.slice(0, 8)).toEqual(['Paciente', 'Médico', 'Fonte pagadora', 'Plano de saúde', 'Hospital', 'Procedimentos', 'Etapa', 'Agendamento']);
    expect(csv.rows.map((row) => row[0])).toEqual(names.map(asExported));
    expect(csv.rows.map((row) => row[6])).toEqual(stages);
    for (const row of csv.rows) {
      expect(row).toHaveLength(12);
      expect(row[7]).toMatch(/^(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2})?$/);
      expect(row[8]).toMatch(/^(-?\d+,\d{2})?$/);
    }

    await expectNoSeriousA11yViolations(page, { label: '/surgery-status com Exportar CSV' });
    await page.screenshot({ path: test.info().outputPath('surgery-status-1366.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Exportar CSV' })).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('surgery-status-390.png') });
    await expectNoSeriousA11yViolations(page, { label: '/surgery-status a 390 px' });
  });

  test('the searched patients list downloads as a CSV holding the patients the list shows', async ({ page }) => {
    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/patients');
    const list = page.getByRole('list', { name: 'Lista de pacientes' });
    await expect(list).toBeVisible();

    // A search by a word of the first patient's name.
    const first = ((await list.locator('li button[data-row] > span:last-child > span:first-child').first().textContent()) ?? '').trim();
    const word = first.split(/\s+/).at(-1)!;
    await page.getByLabel('Buscar paciente pelo nome').fill(word);
    await expect(page.getByRole('heading', { name: new RegExp(word) })).toBeVisible();
    await expect(list).toBeVisible();
    await loadEveryPage(page);
    const names = (await list.locator('li button[data-row] > span:last-child > span:first-child').allTextContents()).map((text) => text.trim());
    expect(names.length).toBeGreaterThan(0);

    const csv = await download(page);
    expect(csv.name).toMatch(/^pacientes-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.header).toEqual(['Nome', 'CPF', 'Data de nascimento', 'Celular', 'Sexo', 'Convênio', 'Endereço', 'CEP', 'Médico']);
    expect(csv.rows.map((row) => row[0])).toEqual(names.map(asExported));
    for (const row of csv.rows) {
      expect(row[1]).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
      expect(row[2]).toMatch(/^(\d{2}\/\d{2}\/\d{4})?$/);
    }

    await expectNoSeriousA11yViolations(page, { label: '/patients com Exportar CSV' });
    await page.screenshot({ path: test.info().outputPath('patients-1366.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Exportar CSV' })).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('patients-390.png') });
    await expectNoSeriousA11yViolations(page, { label: '/patients a 390 px' });
  });
});
