import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiHeaders, DEMO_MEDIC, DEMO_PASSWORD, DEMO_SECRETARY, expectNoSeriousA11yViolations, signIn } from './helpers';
import { moveCase, movesToPayment, newPatientCase } from './cases';
import { parseExcelCsv } from '../helpers/csv';
import { pdfText } from '../helpers/pdf';

/**
 * 'Relatório para o contador' (issue 38 item 5; docs/LEDGER.md §5), as the demo medic: on a new case in pagamento he
 * records a receipt of R$ 1.000,00 from a cooperative, typing its CNPJ, and opens 'Houve retenção de impostos?' (IRRF
 * R$ 15,00, ISS R$ 20,00): the form shows the net (R$ 965,00) and the ledger lists it. From 'A receber' he opens the
 * report, picks this month, finds the cooperative's row with its CNPJ and withholdings, and the month's totals equal
 * the API's; the CSV is downloaded and read back as Excel pt-BR reads it, the PDF (Baixar PDF) with pdftotext. A
 * secretary is sent home from the page.
 * Axe scans the form and the page; screenshots at 1366 and 390 px.
 */

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const typed = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** A CNPJ with its check digits (Receita Federal's weights) from a 12-digit base. */
function cnpjOf(base: string): string {
  const digit = (digits: string) => {
    let weight = 2;
    let sum = 0;
    for (let i = digits.length - 1; i >= 0; i--) {
      sum += Number(digits[i]) * weight;
      weight = weight === 9 ? 2 : weight + 1;
    }
    return sum % 11 < 2 ? 0 : 11 - (sum % 11);
  };
  const first = `${base}${digit(base)}`;
  return `${first}${digit(first)}`;
}
const masked = (cnpj: string) => `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
const reais = (cents: number) => `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

type Totals = { gross_cents: number; irrf_cents: number; iss_cents: number; pis_cofins_csll_cents: number; net_cents: number };

test('the medic records a receipt with withholdings, reads it in the report for the accountant and exports it', async ({ page, request }) => {
  test.setTimeout(180_000);
  page.setDefaultTimeout(15_000);
  const headers = await apiHeaders(request, DEMO_MEDIC);
  const { id } = await newPatientCase(request, headers, 'Carla Contadora', { fees: 5000 });
  await moveCase(request, headers, id, movesToPayment(today, today));
  // A CNPJ of this run: its row is the only one with it.
  const cnpj = cnpjOf(String(Date.now()).slice(-8).padStart(8, '0') + '0001');

  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/surgery-details/${id}`);
  const section = page.locator('[data-ledger-section]');
  await section.getByRole('button', { name: 'Registrar recebimento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar recebimento' });
  await dialog.getByLabel('Data do recebimento').pressSequentially(typed(today).replaceAll('/', ''));
  await dialog.getByLabel('Valor').pressSequentially('100000');
  await dialog.getByLabel('Pagador').selectOption({ label: 'Cooperativa' });
  await dialog.getByLabel('CNPJ de quem pagou').fill(masked(cnpj));
  await dialog.getByLabel('Nome de quem pagou').fill('Cooperativa Contábil Teste');
  // Closed by default: no withholding field until asked.
  await expect(dialog.getByLabel('IRRF retido')).toHaveCount(0);
  await dialog.getByLabel('Houve retenção de impostos?').check();
  await dialog.getByLabel('IRRF retido').pressSequentially('1500');
  await dialog.getByLabel('ISS retido').pressSequentially('2000');
  await expect(dialog.getByText('Líquido depositado: R$\u00a0965,00')).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'receipt with withholdings' });
  await page.screenshot({ path: 'test-results/income-receipt-1366.png' });
  await dialog.getByRole('button', { name: 'Registrar', exact: true }).click();
  await expect(page.getByText('Recebimento registrado.').last()).toBeVisible();
  await expect(section.getByText('Retenções R$\u00a035,00 · líquido R$\u00a0965,00')).toBeVisible();

  // From 'A receber', the medic's link to the report.
  await page.goto('/receivables');
  await page.getByRole('link', { name: 'Relatório para o contador' }).click();
  await expect(page).toHaveURL(/\/income-report/);
  await expect(page.getByRole('heading', { level: 1, name: 'Relatório para o contador' })).toBeVisible();
  const month = Number(today.slice(5, 7));
  await page.getByLabel('Mês', { exact: true }).selectOption(String(month));
  await expect(page).toHaveURL(new RegExp(`month=${month}`));
  const companies = page.locator(`section[data-month="${today.slice(0, 7)}"] table`).filter({ hasText: 'CNPJ' });
  const row = companies.locator('tbody tr', { hasText: masked(cnpj) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Cooperativa Contábil Teste');
  await expect(row).toContainText('R$\u00a01.000,00');
  await expect(row).toContainText('R$\u00a015,00');
  await expect(row).toContainText('R$\u00a020,00');
  await expect(row).toContainText('R$\u00a0965,00');

  // The month's totals on screen are the API's.
  const report = (await (await request.get(`/surgery/api/v1/income_report/?year=${today.slice(0, 4)}&month=${month}`, { headers })).json()) as {
    months: Array<{ month: string; total: Totals }>;
    totals: { all: Totals };
  };
  const monthTotal = report.months.find((entry) => entry.month === today.slice(0, 7))!.total;
  const totalRow = page.locator(`section[data-month="${today.slice(0, 7)}"] tr[data-total="month"]`);
  await expect(totalRow).toContainText(`R$\u00a0${(monthTotal.net_cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`);
  await expectNoSeriousA11yViolations(page, { label: 'Relatório para o contador' });
  await page.screenshot({ path: 'test-results/income-report-1366.png', fullPage: true });

  // The CSV, read back as Excel pt-BR reads it.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`relatorio-contador-${today.slice(0, 4)}-${today.slice(5, 7)}.csv`);
  const [header, ...rows] = parseExcelCsv(readFileSync(await file.path()));
  expect(header).toEqual(['Mês', 'Tipo', 'Data', 'Nome', 'CPF/CNPJ', 'Bruto', 'IRRF', 'ISS', 'PIS/COFINS/CSLL', 'Líquido']);
  const monthCell = `${today.slice(5, 7)}/${today.slice(0, 4)}`;
  expect(rows.filter((line) => line[4] === masked(cnpj))).toEqual([
    [monthCell, 'Pessoa jurídica', '', 'Cooperativa Contábil Teste', masked(cnpj), '1000,00', '15,00', '20,00', '0,00', '965,00'],
  ]);
  const csvMonth = rows.find((line) => line[0] === monthCell && line[1] === 'Total do mês')!;
  expect(csvMonth.slice(5)).toEqual(
    [monthTotal.gross_cents, monthTotal.irrf_cents, monthTotal.iss_cents, monthTotal.pis_cofins_csll_cents, monthTotal.net_cents].map(reais),
  );

  // The same sheet as a PDF (the server writes it), beside the CSV: its text holds the cooperative's row.
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar PDF' }).click();
  const pdfFile = await pdfDownload;
  expect(pdfFile.suggestedFilename()).toBe(`relatorio-contador-${today.slice(0, 4)}-${today.slice(5, 7)}.pdf`);
  const pdf = readFileSync(await pdfFile.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdfText(pdf)).toMatch(new RegExp(`${masked(cnpj).replace(/[./]/g, '\\$&')}\\s+Cooperativa Contábil\\s+R\\$ 1\\.000,00\\s+R\\$ 15,00\\s+R\\$ 20,00`));
  await expect(page.getByRole('button', { name: 'Baixar PDF' })).toBeEnabled();

  // On a phone the page still reads (the tables scroll sideways, each a region the keyboard reaches).
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page, { label: 'Relatório para o contador (390 px)' });
  await page.screenshot({ path: 'test-results/income-report-390.png', fullPage: true });

  // The whole year (the demo's receipts from patients and plans too): its totals are the API's.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByLabel('Mês', { exact: true }).selectOption({ label: 'Ano todo' });
  await expect(page).not.toHaveURL(/month=/);
  const year = (await (await request.get(`/surgery/api/v1/income_report/?year=${today.slice(0, 4)}`, { headers })).json()) as { totals: { all: Totals } };
  const yearRow = page.getByRole('table', { name: 'Totais do ano' }).locator('tr[data-total="all"]');
  await expect(yearRow).toContainText(`R$\u00a0${(year.totals.all.gross_cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`);
  await expect(yearRow).toContainText(`R$\u00a0${(year.totals.all.net_cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`);
  await expectNoSeriousA11yViolations(page, { label: 'Relatório para o contador (ano)' });
  await page.screenshot({ path: 'test-results/income-report-year-1366.png', fullPage: true });
});

test('a secretary is sent home from the report', async ({ page }) => {
  page.setDefaultTimeout(15_000);
  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/income-report');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/receivables');
  await expect(page.getByRole('heading', { level: 1, name: 'A receber' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Relatório para o contador' })).toHaveCount(0);
});
