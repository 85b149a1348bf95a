import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import type { AnaliseContaStatement } from '../../machines/tiss/statementTypes';
import { analiseContaForLot, buildAnaliseContaMessage } from '../../machines/tiss/statementWriters';
import { tissMessageBytes } from '../../machines/tiss/tissXml';
import type { HonorariosGuide } from '../../machines/tiss/types';
import { runSeed } from './cases';
import { apiHeaders, DEMO_PASSWORD, DEMO_SECRETARY, expectNoSeriousA11yViolations, firstId, signIn } from './helpers';
import { billingProfile, generateGuide, planCase, PROVIDER_CODE, sentLot } from './tissCases';

/**
 * The plan's statement read back in the browser (issue 38 items 1–3), as the demo secretary: two plan cases carried
 * out, their guides generated and sent in a lot (through the API: issue 37's screens own that); the plan's
 * demonstrativo de análise de conta for that lot, written with machines/tiss/statementWriters.ts from the lot's
 * guides as the API gives them, cuts R$ 300,00 of the first case with TISS code 1714 and names a third guide the
 * product never billed. From 'A receber': 'Importar demonstrativo', the file, the preview (each guide with its
 * patient, the glosa with its code, the unknown guide 'Não encontrada', the totals), 'Lançar no sistema'; the
 * totals of 'A receber' move by the glosa, the case's ledger shows it; the same file again says 'Já importado' and
 * cannot be posted twice; a file that is not XML is refused in the dialog. On /tiss-lots the statement is listed.
 * Axe and screenshots at 1366 and 390 px (the preview's table becomes cards on a phone; nothing overflows).
 *
 * A hospital's repasse (item 3), as the same secretary: 'Importar repasse (CSV)', the form refused empty (each field's
 * message), filled (the CNPJ and the day through their masks), a CSV naming one case's generated guide and a guide the
 * product never billed; the preview (the case with its receipt and withholding, the other 'Não encontrada', 'Nada a
 * lançar'), 'Lançar no sistema', the toast; the deposit in 'Depósitos recebidos', opened (the case it paid, linked);
 * the same file again is 'Já importado'.
 */

const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

const saoPaulo = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(date);
const TODAY = saoPaulo(new Date());
const typed = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
/** 'R$ 1.234,56' (any spaces) → centavos. */
const centsOf = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', ''));

/** Axe over the page and a screenshot of `part` (else the top of the page) at each width; on a phone, nothing wider than the screen. */
async function shoot(page: Page, testInfo: TestInfo, name: string, part?: Locator): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expectNoSeriousA11yViolations(page, { label: `${name} ${size.width}px` });
    if (size.width < 768) {
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
      expect(widths.page, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(widths.screen);
      const overflow = part ? await part.evaluate((element) => element.scrollWidth - element.clientWidth) : 0;
      expect(overflow, `${name}: wider than its box`).toBeLessThanOrEqual(1);
    }
    await (part ?? page).screenshot({ path: testInfo.outputPath(`${name}-${size.width}.png`) });
  }
  await page.setViewportSize(WIDTHS[0]);
}

/** 'Importar demonstrativo' → the file chooser → `file` uploaded as demonstrativo.xml. */
async function importFile(page: Page, file: Buffer, name = 'demonstrativo.xml'): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Importar demonstrativo' }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/xml', buffer: file });
}

/** 'A receber''s 'Total em aberto' and 'Em recurso' as shown once read ('—' while the list loads), in centavos. */
async function receivableTotals(page: Page): Promise<{ open: number; disputed: number }> {
  await expect(page.getByRole('region', { name: 'Totais em aberto por faixa de atraso' })).toHaveAttribute('aria-busy', 'false');
  const value = async (label: string) => centsOf((await page.locator('span', { hasText: label }).locator('strong').first().textContent()) ?? '');
  return { open: await value('Total em aberto'), disputed: await value('Em recurso (glosas sem resultado)') };
}

test.describe('TISS statements read back', () => {
  test('a secretary imports a plan statement from A receber: preview, apply, the ledger and the totals follow, a second import posts nothing', async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    const headers = await apiHeaders(request, DEMO_SECRETARY);
    const medic = await firstId(request, headers, '/project_auth/api/v1/list_medic/');
    const plan = await firstId(request, headers, '/surgery/api/v1/healthplan/?search=bradesco');
    const setup = { headers, medic, plan };
    await billingProfile(request, headers, medic, plan);
    const cases = [await planCase(request, setup, 'Demonstrativo Um'), await planCase(request, setup, 'Demonstrativo Dois')];
    const guideIds: number[] = [];
    for (const each of cases) guideIds.push(await generateGuide(request, headers, each.id, [250_000]));
    const sent = await sentLot(request, setup, guideIds, '8844');

    // The lot's guides as the API gives them, and the plan's analysis of that lot.
    const lots = (await (await request.get(`/surgery/api/v1/tiss/lots/?medic=${medic}`, { headers })).json()) as { results: { id: number; number: string; guides: { id: number }[] }[] };
    const lot = lots.results.find((each) => each.id === sent.id)!;
    const guides: HonorariosGuide[] = [];
    for (const { id } of lot.guides) {
      const answer = await request.get(`/surgery/api/v1/tiss/guides/${id}/`, { headers });
      expect(answer.status(), await answer.text()).toBe(200);
      guides.push(((await answer.json()) as { content: HonorariosGuide }).content);
    }
    const byCase = (index: number) => guides[lot.guides.findIndex((guide) => guide.id === guideIds[index])]!;
    const planAnsRegistry = guides[0]!.planAnsRegistry;
    const number = `AC-${runSeed()}`;
    const analysis = analiseContaForLot(
      { sender: { kind: 'codeAtPlan', code: PROVIDER_CODE }, planAnsRegistry, transaction: { sequence: '1', date: TODAY, time: '10:00:00' }, lotNumber: lot.number, guides },
      {
        statementNumber: number,
        planName: 'Bradesco Saúde',
        planCnpj: '11222333000181',
        issuedOn: TODAY,
        protocolNumber: '8844',
        protocolDate: TODAY,
        glosas: [{ providerGuideNumber: byCase(0).providerGuideNumber, sequence: 1, code: '1714', cents: 30_000 }],
      },
    );
    // A guide the product never billed (paper, another system): no case to post it on.
    const template = analysis.protocols[0]!.guides[1]!;
    const statement: AnaliseContaStatement = {
      ...analysis,
      protocols: [{ ...analysis.protocols[0]!, guides: [...analysis.protocols[0]!.guides, { ...template, providerGuideNumber: 'PAPEL-99', cardNumber: '77777777' }] }],
    };
    const file = Buffer.from(
      tissMessageBytes(
        buildAnaliseContaMessage({
          planAnsRegistry,
          addressee: { kind: 'codeAtPlan', code: PROVIDER_CODE },
          transaction: { sequence: '901', date: TODAY, time: '09:00:00' },
          statements: [statement],
        }),
      ),
    );

    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/receivables');
    await expect(page.getByRole('heading', { level: 1, name: 'A receber' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Cirurgias a receber' })).toBeVisible();
    const before = await receivableTotals(page);

    // A file that is not XML: the server's words, in the dialog.
    await importFile(page, Buffer.from('isto não é xml'), 'nota.xml');
    const refused = page.getByRole('dialog', { name: 'Importar demonstrativo' });
    await expect(refused.getByRole('alert')).toContainText('O arquivo não é um XML válido');
    await shoot(page, testInfo, 'statement-refused', refused);
    await refused.getByRole('button', { name: 'Cancelar' }).click();
    await expect(refused).toBeHidden();

    // The statement: the preview, nothing written yet.
    await importFile(page, file);
    const preview = page.getByRole('dialog', { name: 'Conferir o demonstrativo' });
    await expect(preview.getByRole('heading', { name: `Demonstrativo de análise de conta nº ${number}` })).toBeVisible();
    await expect(preview).toContainText(`Emitido em ${typed(TODAY)}`);
    const table = preview.getByRole('table', { name: `Guias do demonstrativo nº ${number}` });
    const first = table.locator('tr', { hasText: cases[0]!.name });
    await expect(first.getByRole('link', { name: `Abrir a cirurgia de ${cases[0]!.name}` })).toHaveAttribute('href', `/surgery-details/${cases[0]!.id}`);
    await expect(first).toContainText(/Glosa R\$\s300,00 · 1714 /);
    await expect(first).toContainText(/R\$\s2\.500,00/);
    await expect(first).toContainText(/R\$\s2\.200,00/);
    await expect(table.locator('tr', { hasText: cases[1]!.name })).toContainText('Nada a lançar');
    await expect(table.locator('tr', { hasText: 'PAPEL-99' })).toContainText('Não encontrada');
    await expect(preview.locator('[data-statement-totals]')).toHaveText(/^3 guias · 1 sem cirurgia · recebimentos R\$\s0,00 · glosas R\$\s300,00$/);
    expect(await receivableTotals(page)).toEqual(before);
    await shoot(page, testInfo, 'statement-preview', preview);
    // On a phone, the guides are cards; the unknown guide's and the totals at the end of the dialog.
    await page.setViewportSize(WIDTHS[1]);
    await preview.locator('[data-statement-totals]').scrollIntoViewIfNeeded();
    await expect(preview.getByRole('listitem').filter({ hasText: 'Guia PAPEL-99' })).toContainText('Não encontrada');
    await preview.screenshot({ path: testInfo.outputPath('statement-preview-390-end.png') });
    await page.setViewportSize(WIDTHS[0]);

    // Applied: the toast, the totals of A receber move by the glosa.
    await preview.getByRole('button', { name: 'Lançar no sistema' }).click();
    await expect(page.getByText(/^Demonstrativo importado: 3 guias · 1 sem cirurgia · recebimentos R\$\s0,00 · glosas R\$\s300,00\.$/).last()).toBeVisible();
    await expect(preview).toBeHidden();
    await expect.poll(async () => (await receivableTotals(page)).disputed).toBe(before.disputed + 30_000);
    expect((await receivableTotals(page)).open).toBe(before.open - 30_000);

    // The same file again: already imported, nothing to post.
    await importFile(page, file);
    await expect(preview.locator('[data-statement-imported]')).toHaveText(`Já importado em ${typed(TODAY)}: nada será lançado de novo.`);
    await expect(preview.getByRole('button', { name: 'Lançar no sistema' })).toBeDisabled();
    await shoot(page, testInfo, 'statement-imported-before', preview);
    await preview.getByRole('button', { name: 'Cancelar' }).click();
    await expect(preview).toBeHidden();
    expect((await receivableTotals(page)).disputed).toBe(before.disputed + 30_000);
    await shoot(page, testInfo, 'receivables-import');

    // The case's ledger shows the glosa with its code.
    await page.goto(`/surgery-details/${cases[0]!.id}`);
    const glosas = page.locator('[data-ledger-section]').getByRole('list', { name: 'Glosas e recursos' });
    await expect(glosas).toContainText(/R\$\s300,00/);
    await expect(glosas).toContainText('1714');

    // Lotes TISS lists it.
    await page.goto('/tiss-lots');
    const section = page.locator('[data-tiss-section="statements"]');
    await expect(section.getByRole('heading', { name: 'Demonstrativos do plano' })).toBeVisible();
    const row = section.getByRole('table', { name: 'Demonstrativos importados' }).locator('tr', { hasText: `Análise de conta nº ${number}` });
    await expect(row).toContainText('3 (1 sem cirurgia)');
    await expect(row).toContainText(/R\$\s300,00/);
    await expect(row).toContainText(typed(TODAY));
    await shoot(page, testInfo, 'tiss-lots-statements', section);

    // Opened, it says what it posted on which case, each linked.
    await row.click();
    const detail = page.getByRole('dialog', { name: `Demonstrativo de análise de conta nº ${number}` });
    const posted = detail.getByRole('region', { name: 'Glosas lançadas' });
    await expect(posted).toContainText('1714 Valor do serviço superior ao valor de tabela');
    await expect(posted).toContainText(/R\$\s300,00/);
    await expect(posted.getByRole('link')).toHaveAttribute('href', `/surgery-details/${cases[0]!.id}`);
    await expect(detail).toContainText(/^.*Lotes: \d+/);
    await shoot(page, testInfo, 'statement-detail', detail);
    await detail.getByRole('button', { name: 'Fechar' }).click();
    await expect(detail).toBeHidden();
  });

  test('a secretary imports a repasse CSV from A receber: the form, the preview, apply, the deposit in Depósitos recebidos', async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    const headers = await apiHeaders(request, DEMO_SECRETARY);
    const medic = await firstId(request, headers, '/project_auth/api/v1/list_medic/');
    const plan = await firstId(request, headers, '/surgery/api/v1/healthplan/?search=bradesco');
    const setup = { headers, medic, plan };
    await billingProfile(request, headers, medic, plan);
    // A plan case whose guide the product generated: the hospital's CSV names it by its number.
    const paid = await planCase(request, setup, 'Repasse Um');
    const guideId = await generateGuide(request, headers, paid.id, [250_000]);
    const guide = await request.get(`/surgery/api/v1/tiss/guides/${guideId}/`, { headers });
    expect(guide.status(), await guide.text()).toBe(200);
    const guideNumber = ((await guide.json()) as { content: HonorariosGuide }).content.providerGuideNumber;
    const unknown = `REP-${runSeed()}`;
    // As Excel pt-BR saves it: ';', amounts with a comma, an IRRF column; a guide the product never billed.
    const csv = Buffer.from(['Guia;Paciente;Valor;IRRF', `${guideNumber};${paid.name};1.234,56;18,52`, `${unknown};Desconhecido;100,00;`, ''].join('\r\n'), 'latin1');
    const payer = 'Hospital Santa Luzia';
    const heading = `Repasse de ${payer} de ${typed(TODAY)}`;

    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/receivables');
    await expect(page.getByRole('heading', { level: 1, name: 'A receber' })).toBeVisible();
    const deposits = page.locator('[data-receivables-deposits]');
    await expect(deposits.getByRole('heading', { name: 'Depósitos recebidos' })).toBeVisible();

    // The form: nothing typed is refused on each field, with the server's words; the file chooser waits.
    await page.getByRole('button', { name: 'Importar repasse (CSV)' }).click();
    const form = page.getByRole('dialog', { name: 'Importar repasse (CSV)' });
    await expect(form).toContainText('O arquivo precisa das colunas "Guia" e "Valor"');
    // The model file: every column, as Excel pt-BR writes them (UTF-8 with a BOM).
    const [model] = await Promise.all([page.waitForEvent('download'), form.getByRole('button', { name: 'Baixar modelo (CSV)' }).click()]);
    expect(model.suggestedFilename()).toBe('modelo-repasse.csv');
    const modelText = readFileSync(await model.path(), 'utf8');
    expect(modelText.startsWith('\uFEFFGuia;Paciente;Data;Valor;IRRF;ISS;PIS/COFINS/CSLL\r\n')).toBe(true);
    await form.getByRole('button', { name: 'Escolher arquivo CSV' }).click();
    await expect(form.getByText('Escolha quem pagou o repasse.')).toBeVisible();
    await expect(form.getByText('Informe o nome de quem pagou.')).toBeVisible();
    await expect(form.getByText('Informe um CNPJ válido de quem pagou.')).toBeVisible();
    await expect(form.getByText('Informe a data do depósito (dd/mm/aaaa).')).toBeVisible();
    await shoot(page, testInfo, 'repasse-form-errors', form);

    await form.getByLabel('Quem pagou', { exact: true }).selectOption({ label: 'Hospital' });
    await form.getByLabel('Nome de quem pagou').fill(payer);
    await form.getByLabel('CNPJ de quem pagou').pressSequentially('11222333000181');
    await expect(form.getByLabel('CNPJ de quem pagou')).toHaveValue('11.222.333/0001-81');
    await form.getByLabel('Data do depósito').pressSequentially(typed(TODAY).replace(/\//g, ''));
    await expect(form.getByLabel('Data do depósito')).toHaveValue(typed(TODAY));
    await expect(form.getByText('Escolha quem pagou o repasse.')).toBeHidden();
    await shoot(page, testInfo, 'repasse-form', form);

    // The CSV: the preview, each guide with its case or 'Não encontrada'.
    const chooser = page.waitForEvent('filechooser');
    await form.getByRole('button', { name: 'Escolher arquivo CSV' }).click();
    await (await chooser).setFiles({ name: 'repasse.csv', mimeType: 'text/csv', buffer: csv });
    const preview = page.getByRole('dialog', { name: 'Conferir o repasse' });
    await expect(preview.getByRole('heading', { name: heading })).toBeVisible();
    await expect(preview).toContainText(`${payer} · CNPJ 11.222.333/0001-81`);
    const table = preview.getByRole('table', { name: 'Guias do repasse' });
    const matched = table.locator('tr', { hasText: paid.name });
    await expect(matched.getByRole('link', { name: `Abrir a cirurgia de ${paid.name}` })).toHaveAttribute('href', `/surgery-details/${paid.id}`);
    await expect(matched).toContainText(new RegExp(`Recebimento R\\$\\s1\\.234,56 em ${typed(TODAY).replace(/\//g, '\\/')}, retenções R\\$\\s18,52`));
    const stranger = table.locator('tr', { hasText: unknown });
    await expect(stranger).toContainText('Não encontrada');
    await expect(stranger).toContainText('Nada a lançar');
    await expect(preview.locator('[data-statement-totals]')).toHaveText(/^2 guias · 1 sem cirurgia · recebimentos R\$\s1\.234,56 · glosas R\$\s0,00$/);
    await shoot(page, testInfo, 'repasse-preview', preview);

    // Applied: the toast; the deposit in 'Depósitos recebidos'.
    await preview.getByRole('button', { name: 'Lançar no sistema' }).click();
    await expect(page.getByText(/^Repasse importado: 2 guias · 1 sem cirurgia · recebimentos R\$\s1\.234,56 · glosas R\$\s0,00\.$/).last()).toBeVisible();
    await expect(preview).toBeHidden();
    const list = deposits.getByRole('table', { name: 'Depósitos recebidos' });
    const row = list.locator('tr', { hasText: payer });
    await expect(row).toContainText(typed(TODAY));
    await expect(row).toContainText('Repasse');
    await expect(row).toContainText('1 de 2 guias');
    await expect(row).toContainText(/R\$\s1\.234,56/);
    await row.scrollIntoViewIfNeeded();
    await shoot(page, testInfo, 'receivables-deposits', deposits);

    // Opened: the deposit and the case it paid, linked.
    await row.click();
    const detail = page.getByRole('dialog', { name: heading });
    const deposit = detail.getByRole('region', { name: `Depósito: ${heading}` });
    await expect(deposit.getByRole('link', { name: paid.name })).toHaveAttribute('href', `/surgery-details/${paid.id}`);
    await expect(deposit).toContainText(/R\$\s1\.234,56/);
    await expect(deposit).toContainText('Total: 1 cirurgia paga');
    await shoot(page, testInfo, 'receivables-deposit-detail', detail);
    await detail.getByRole('button', { name: 'Fechar' }).click();
    await expect(detail).toBeHidden();

    // The same file again: already imported, nothing to post.
    await page.getByRole('button', { name: 'Importar repasse (CSV)' }).click();
    await expect(form.getByLabel('Nome de quem pagou')).toHaveValue('');
    await form.getByLabel('Quem pagou', { exact: true }).selectOption({ label: 'Hospital' });
    await form.getByLabel('Nome de quem pagou').fill(payer);
    await form.getByLabel('CNPJ de quem pagou').pressSequentially('11222333000181');
    await form.getByLabel('Data do depósito').pressSequentially(typed(TODAY).replace(/\//g, ''));
    const again = page.waitForEvent('filechooser');
    await form.getByRole('button', { name: 'Escolher arquivo CSV' }).click();
    await (await again).setFiles({ name: 'repasse.csv', mimeType: 'text/csv', buffer: csv });
    await expect(preview.locator('[data-statement-imported]')).toHaveText(`Já importado em ${typed(TODAY)}: nada será lançado de novo.`);
    await expect(preview.getByRole('button', { name: 'Lançar no sistema' })).toBeDisabled();
    await preview.getByRole('button', { name: 'Cancelar' }).click();
    await expect(preview).toBeHidden();
  });
});
