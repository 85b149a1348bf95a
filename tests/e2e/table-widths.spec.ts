import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DEMO_MEDIC, DEMO_PASSWORD, DEMO_SECRETARY, expectNoSeriousA11yViolations, signIn } from './helpers';

/**
 * Issue 33 item 12 (the rest): at 1366 px the home's and the status list's tables showed 'Hospital Sa…' and clipped
 * their last header ('ÚLTIMA MUDANÇA'); now no header cell overflows and the table fits its frame (no sideways
 * scroll). A status-list search that matches only closed cases says how many ('N cirurgias encerradas correspondem
 * à busca.') with 'Ver encerradas', which lists them.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), path).toBe(true);
  return (await res.json()) as T;
}

/** Every header cell whose text overflows it, and the table's width against its scroll frame. */
async function measure(page: Page, tableName: string) {
  const table = page.getByRole('table', { name: tableName });
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  return table.evaluate((element) => ({
    overflowing: [...element.querySelectorAll('thead th')]
      .filter((th) => th.scrollWidth > th.clientWidth)
      .map((th) => `${th.textContent} (${th.scrollWidth} > ${th.clientWidth})`),
    headers: [...element.querySelectorAll('thead th')].map((th) => ({ text: th.textContent ?? '', width: th.getBoundingClientRect().width })),
    tableWidth: element.getBoundingClientRect().width,
    frameWidth: element.parentElement!.clientWidth,
  }));
}

test.describe('the surgery tables at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("no header cell overflows on the medic's and the secretary's lists and the secretary's home", async ({ page }) => {
    await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/surgery-status');
    const medicList = await measure(page, 'Cirurgias');
    expect(medicList.overflowing).toEqual([]);
    expect(medicList.tableWidth).toBeLessThanOrEqual(medicList.frameWidth);
    // The text columns are wide enough to read a hospital's name past 'Hospital Sa…'.
    const width = (text: string) => medicList.headers.find((header) => header.text === text)!.width;
    expect(width('Hospital')).toBeGreaterThanOrEqual(160);
    expect(width('Paciente')).toBeGreaterThanOrEqual(190);
    await page.screenshot({ path: 'test-results/table-widths-medic-1366.png' });

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    const home = await measure(page, 'Alterações de status');
    expect(home.overflowing).toEqual([]);
    expect(home.tableWidth).toBeLessThanOrEqual(home.frameWidth);
    await page.goto('/surgery-status');
    const secretaryList = await measure(page, 'Cirurgias');
    expect(secretaryList.overflowing).toEqual([]);
    expect(secretaryList.tableWidth).toBeLessThanOrEqual(secretaryList.frameWidth);
    // The medic's column names him short ('Carlos Mendes'), the whole name in its tooltip.
    const medicCell = page.getByRole('table', { name: 'Cirurgias' }).locator('tbody tr').first().locator('td').nth(1).locator('[title]').first();
    const fullName = await medicCell.getAttribute('title');
    const parts = fullName!.split(' ');
    await expect(medicCell).toHaveText(`${parts[0]} ${parts[parts.length - 1]}`);
  });
});

type ApiList = { results: Array<{ id: number; patient: { nome_completo: string }; status: string }>; count: number; closed_count?: number };

for (const width of [1366, 390]) {
  test.describe(`a search that matches only closed cases at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("says how many closed cases match and 'Ver encerradas' lists them", async ({ page }) => {
      await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
      await expect(page).toHaveURL(/\/$/);
      const closed = await api<ApiList>(page, '/surgery/api/v1/surgery/?status__in=concluido,cancelado,arquiv&limit=500');
      const active = await api<ApiList>(page, '/surgery/api/v1/surgery/?status__in=ind_paciente,prep_doc,env_doc,autorizacao,agendamento,realizacao,pagamento&limit=500');
      const activeNames = new Set(active.results.map((surgery) => surgery.patient.nome_completo));
      const name = closed.results.map((surgery) => surgery.patient.nome_completo).find((candidate) => !activeNames.has(candidate));
      expect(name, 'a demo patient whose every case is closed').toBeTruthy();
      const expected = closed.results.filter((surgery) => surgery.patient.nome_completo === name).length;

      await page.goto(`/surgery-status?q=${encodeURIComponent(name!)}`);
      const sentence = expected === 1 ? '1 cirurgia encerrada corresponde à busca.' : `${expected} cirurgias encerradas correspondem à busca.`;
      await expect(page.getByText(sentence, { exact: true })).toBeVisible();
      await expect(page.getByText('Nenhuma cirurgia das etapas escolhidas corresponde à busca.')).toBeVisible();
      await expect(page.getByText('Nenhuma cirurgia encontrada')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, { label: `closed matches ${width}` });
      await page.screenshot({ path: `test-results/closed-matches-${width}.png`, fullPage: width === 390 });

      await page.getByRole('button', { name: 'Ver encerradas' }).click();
      await expect(page).toHaveURL(/status=concluido%2Ccancelado%2Carquiv|status=concluido,cancelado,arquiv/);
      const rows =
        width === 390
          ? page.getByRole('list', { name: 'Cirurgias' }).getByRole('listitem').filter({ hasText: name! })
          : page.getByRole('table', { name: 'Cirurgias' }).getByRole('row').filter({ hasText: name! });
      await expect(rows).toHaveCount(expected);
    });
  });
}
