import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  apiHeaders,
  type ApiHeaders,
  DEMO_PASSWORD,
  DEMO_SECRETARY,
  expectNoSeriousA11yViolations,
  holdRequests,
  signIn,
} from './helpers';
import { moveCase, movesToPayment, newPatientCase } from './cases';
import { parseExcelCsv } from '../helpers/csv';

/**
 * 'A receber' (issue 14 item 3; DECISIONS §16), as the demo secretary: a new private case moved through the API to
 * pagamento today with its surgery day today (no billing recorded, so it falls due on that day + the payment term).
 * On /receivables, found by the patient search, the case moves through the aging buckets 0–30, 31–60, 61–90 and
 * 'Mais de 90 dias' as 'Posição em' moves to later days (today's balance, that day's lateness); on a past day it is
 * not listed, since it was not receivable yet (issue 33 item 16: a past day is the position on that day). The CSV
 * export is downloaded and read back as Excel pt-BR reads it (BOM, `;`, decimal comma, dd/MM/yyyy). Axe scans the
 * page; screenshots at 1366 and 390 px.
 */

const FEE_REAIS = 3100;
/** Today in São Paulo (no daylight saving since 2019: −03:00): the surgery day, so every later day is a projection. */
const ACCOMPLISHMENT = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

/** A private case of a new patient moved through the API to pagamento, carried out on ACCOMPLISHMENT. */
async function caseAtPayment(request: APIRequestContext, headers: ApiHeaders): Promise<{ id: number; name: string }> {
  const created = await newPatientCase(request, headers, 'Rosa Recebíveis', { fees: FEE_REAIS });
  await moveCase(request, headers, created.id, movesToPayment('2026-03-02', ACCOMPLISHMENT));
  return created;
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
const br = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const digits = (day: string) => br(day).replaceAll('/', '');

test('a secretary sees a case move through the aging buckets as "Posição em" changes, and exports it to CSV', async ({ page, request }) => {
  test.setTimeout(180_000);
  page.setDefaultTimeout(15_000);
  const headers = await apiHeaders(request, DEMO_SECRETARY);
  const { id, name } = await caseAtPayment(request, headers);
  // The due date the server computed (the surgery day + the hospital's term, 30 days unless the demo set one).
  const listed = (await (await request.get(`/surgery/api/v1/receivables/?q=${encodeURIComponent(name)}`, { headers })).json()) as {
    results: Array<{ surgery: number; due_date: string; open_cents: number }>;
  };
  expect(listed.results.map((row) => row.surgery)).toEqual([id]);
  const due = listed.results[0]!.due_date;
  expect(listed.results[0]!.open_cents).toBe(FEE_REAIS * 100);

  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Recursos de glosa a vencer' })).toBeVisible();
  await expect(page.getByText(/Nenhum prazo de recurso perto de vencer|Vence|Venceu/).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/receivables-home-1366.png', fullPage: true });

  // The menu item, after 'Status de cirurgia'.
  const nav = page.getByRole('navigation', { name: 'Menu principal' }).first();
  const items = await nav.getByRole('link').allInnerTexts();
  expect(items.indexOf('A receber')).toBe(items.indexOf('Status de cirurgia') + 1);
  await nav.getByRole('link', { name: 'A receber' }).click();
  await expect(page).toHaveURL(/\/receivables$/);
  await expect(page.getByRole('heading', { level: 1, name: 'A receber' })).toBeVisible();

  await page.getByLabel('Buscar paciente').fill(name);
  await expect(page).toHaveURL(/[?&]q=/);
  const table = page.getByRole('table', { name: 'Cirurgias a receber' });
  const row = table.locator('tbody tr', { hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(br(due));
  await expect(row).toContainText('R$ 3.100,00');

  const asOf = page.getByLabel('Posição em');
  const steps: Array<[number, string, string]> = [
    [10, 'd0_30', '10'],
    [45, 'd31_60', '45'],
    [75, 'd61_90', '75'],
    [120, 'd90_plus', '120'],
  ];
  for (const [days, bucket, shown] of steps) {
    const day = addDays(due, days);
    await asOf.fill('');
    await asOf.pressSequentially(digits(day));
    await expect(page).toHaveURL(new RegExp(`[?&]as_of=${day}`));
    await expect(row.locator('td').nth(3)).toHaveText(shown);
    for (const card of ['d0_30', 'd31_60', 'd61_90', 'd90_plus']) {
      await expect(page.locator(`[data-bucket="${card}"] strong`)).toHaveText(card === bucket ? 'R$ 3.100,00' : 'R$ 0,00');
    }
  }
  // Before the due date the case is not yet due, in the first bucket.
  await asOf.fill('');
  await asOf.pressSequentially(digits(addDays(due, -5)));
  await expect(row.locator('td').nth(3)).toHaveText('A vencer');
  await expect(page.locator('[data-bucket="d0_30"] strong')).toHaveText('R$ 3.100,00');

  // A past day is the position on that day: the case was not in pagamento yet, so it is not listed.
  await asOf.fill('');
  await asOf.pressSequentially(digits(addDays(ACCOMPLISHMENT, -1)));
  await expect(page).toHaveURL(new RegExp(`[?&]as_of=${addDays(ACCOMPLISHMENT, -1)}`));
  await expect(row).toHaveCount(0);

  // Back to 120 days for the export and the screenshots.
  const exportDay = addDays(due, 120);
  await asOf.fill('');
  await asOf.pressSequentially(digits(exportDay));
  await expect(page.locator('[data-bucket="d90_plus"] strong')).toHaveText('R$ 3.100,00');
  await expectNoSeriousA11yViolations(page, { label: 'A receber' });
  await page.screenshot({ path: 'test-results/receivables-1366.png', fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`a-receber-${exportDay}.csv`);
  const rows = parseExcelCsv(readFileSync(await file.path(), 'utf8'));
  expect(rows[0]).toEqual([
    'Paciente', 'Médico', 'Pagador', 'Etapa', 'Realização', 'Faturamento', 'Vencimento', 'Dias em atraso', 'Faixa',
    'Esperado', 'Recebido', 'Glosado', 'Em recurso', 'Em aberto', 'Próximo prazo de recurso',
  ]);
  expect(rows).toHaveLength(2);
  const [patient, , payer, stage, accomplished, billed, dueCell, late, band, expected, received, glosa, disputed, open, appeal] = rows[1]!;
  expect({ patient, payer, stage, accomplished, billed, dueCell, late, band, expected, received, glosa, disputed, open, appeal }).toEqual({
    patient: name,
    payer: 'Particular',
    stage: 'Pagamento de honorário',
    accomplished: br(ACCOMPLISHMENT),
    billed: '',
    dueCell: br(due),
    late: '120',
    band: 'Mais de 90 dias',
    expected: '3100,00',
    received: '0,00',
    glosa: '0,00',
    disputed: '0,00',
    open: '3100,00',
    appeal: '',
  });

  // The payment terms' dialog, loaded when first opened (issue 41): it opens, closes, and opens again at once.
  for (let opening = 0; opening < 2; opening += 1) {
    await page.getByRole('button', { name: 'Prazos de pagamento' }).click();
    const terms = page.getByRole('dialog', { name: 'Prazos de pagamento' });
    await expect(terms).toBeVisible();
    await terms.getByRole('button', { name: 'Fechar' }).first().click();
    await expect(terms).toBeHidden();
  }

  // The row opens the case.
  await row.click();
  await expect(page).toHaveURL(/\/surgery-details\/\d+$/);
  await page.goBack();

  // The phone layout: the rows as cards.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/receivables?q=${encodeURIComponent(name)}&as_of=${exportDay}`);
  await expect(page.getByRole('heading', { level: 1, name: 'A receber' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Abrir a cirurgia de ${name}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'A receber (390 px)' });
  await page.screenshot({ path: 'test-results/receivables-390.png', fullPage: true });
});

test("the secretary narrows 'A receber' to a glosa's TISS reason (issue 37), kept in the URL", async ({ page, request }) => {
  test.setTimeout(90_000);
  const headers = await apiHeaders(request, DEMO_SECRETARY);
  const medics = ((await (await request.get('/project_auth/api/v1/list_medic/', { headers })).json()) as { results: Array<{ id: number }> }).results;
  // The demo's glosas carry TISS codes; 1314 is 'Guia sem assinatura e/ou carimbo do credenciado.'
  const expected = (await (await request.get('/surgery/api/v1/receivables/?reason=1314', { headers })).json()) as {
    results: Array<{ patient: { nome_completo: string } }>;
  };
  expect(medics.length).toBeGreaterThan(0);
  expect(expected.results.length).toBeGreaterThan(0);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/receivables');
  const picker = page.getByRole('combobox', { name: 'Motivo da glosa (TISS)' });
  await picker.fill('assinatura e/ou carimbo');
  await page.getByRole('option', { name: /^1314 — Guia sem assinatura/ }).click();
  await expect(page).toHaveURL(/reason=%221314%22|reason=1314/);
  const rows = page.getByRole('table', { name: 'Cirurgias a receber' }).locator('tbody tr');
  await expect(rows).toHaveCount(expected.results.length);
  for (const row of expected.results) await expect(rows.filter({ hasText: row.patient.nome_completo })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, { label: 'receivables filtered by TISS reason' });
  // A reload reads the code's label back.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Motivo da glosa (TISS)' })).toHaveValue(/^1314 — Guia sem assinatura/);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('combobox', { name: 'Motivo da glosa (TISS)' })).toBeVisible();
  await page.screenshot({ path: 'test-results/receivables-reason-390.png', fullPage: true });
});

test("while a secretary's medics and the list load, the page keeps its shape: her buttons disabled in place, the totals '—'", async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  // Both reads held until the page has been looked at.
  const { release } = await holdRequests(page, /\/project_auth\/api\/v1\/list_medic\/|\/surgery\/api\/v1\/receivables\/(\?|$)/);
  await page.goto('/receivables');
  const buttons = ['Importar demonstrativo', 'Importar repasse (CSV)', 'Prazos de pagamento'].map((name) => page.getByRole('button', { name }));
  for (const button of buttons) await expect(button).toBeDisabled();
  await expect(page.getByText(/^Total em aberto:/)).toHaveText('Total em aberto: —');
  const filters = page.getByRole('region', { name: 'Filtros de A receber' });
  const before = await filters.boundingBox();
  await expectNoSeriousA11yViolations(page, { label: 'A receber while its reads are held' });

  release();
  for (const button of buttons) await expect(button).toBeEnabled();
  await expect(page.getByText(/^Total em aberto:/)).toHaveText(/^Total em aberto: R\$\s[\d.]+,\d{2}$/);
  // Nothing above the filters moved when the answers came (a phone's first screen does not jump).
  expect((await filters.boundingBox())?.y).toBe(before?.y);
});
