import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { validateWithXmllint } from '../unit/machines/tiss/tissFixtures';
import { apiHeaders, DEMO_PASSWORD, DEMO_SECRETARY, expectNoSeriousA11yViolations, firstId, laterCard, signIn } from './helpers';
import { billingProfile, planCase } from './tissCases';

/**
 * TISS billing in the browser (issue 37; docs/TISS.md §6–8), as the demo secretary: three plan cases carried out
 * (set up through the API with what other screens own: the medic's billing data for the plan, the patient's card, the
 * plan's authorization with its senha, a team member with a fee); on each case's page the 'Guia de honorários' panel
 * lists what is missing, the hospital's CNPJ and CNES and the lines' values are typed, saved, and the guide is
 * generated; its printable ANS form opens. On /tiss-lots the three guides become one lot, whose downloaded XML the
 * shipped XSD accepts (xmllint), its sending is recorded with a protocol, and a glosa with its TISS code (made through
 * the API) becomes an appeal, downloaded and validated too. Axe at 1366 and 390 px on each new screen; screenshots
 * in the output folder.
 */

const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

const saoPaulo = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(date);
const TODAY = saoPaulo(new Date());
const typed = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const guidePanel = (page: Page) => page.locator('[data-tiss-guide]');

/** Axe over the page and a screenshot (of `part` when given, else of the viewport) at each width. */
async function shoot(page: Page, testInfo: TestInfo, name: string, part?: Locator): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expectNoSeriousA11yViolations(page, { label: `${name} ${size.width}px` });
    await (part ?? page).screenshot({ path: testInfo.outputPath(`${name}-${size.width}.png`) });
  }
  await page.setViewportSize(WIDTHS[0]);
}

/** Types the guide's values on the case's panel, saves, and generates it; answers the guide's number. */
async function fillAndGenerate(page: Page, caseId: number, lines: { unit: string; factor: string; route: string; technique: string }[], testInfo?: TestInfo): Promise<string> {
  await page.goto(`/surgery-details/${caseId}`);
  // Below the step's panel, the guide loads as it scrolls into view.
  await laterCard(page, 'Guia de honorários');
  const panel = guidePanel(page);
  await expect(panel.getByRole('heading', { name: 'Guia de honorários' })).toBeVisible();
  const missing = panel.locator('[data-guide-missing]');
  const generate = panel.getByRole('button', { name: 'Gerar guia' });
  if (testInfo) {
    // A new case with two procedures: the second one's value is not known yet (the first starts with the fee).
    await expect(missing.getByRole('heading', { name: 'O que falta para gerar a guia' })).toBeVisible();
    await expect(missing.getByRole('listitem').filter({ hasText: /Procedimento 2 \(\d+\): valor unitário/ })).toBeVisible();
    await expect(generate).toBeDisabled();
    await expect(panel.getByText('Para gerar a guia, complete antes o que falta na lista acima.')).toBeVisible();
    await shoot(page, testInfo, 'guide-panel-missing', panel);
  }

  // The office's CNPJ and CNES of the hospital, unless an earlier guide (or the demo data) stored them already.
  const cnpj = panel.getByLabel('CNPJ do hospital');
  if ((await cnpj.inputValue()) === '') await cnpj.fill('11.222.333/0001-81');
  const cnes = panel.getByLabel('CNES do hospital');
  if ((await cnes.inputValue()) === '') await cnes.fill('1234567');
  for (const [index, line] of lines.entries()) {
    const row = panel.locator(`[data-guide-line="${index + 1}"]`);
    const unit = row.getByLabel('Valor unitário');
    await unit.fill('');
    await unit.pressSequentially(line.unit);
    await row.getByLabel('Fator').fill(line.factor);
    await row.getByLabel('Via').selectOption({ label: line.route });
    await row.getByLabel('Técnica').selectOption({ label: line.technique });
  }
  await panel.getByLabel('Observação para o plano').fill('Cirurgia de urgência “noturna” — ver relatório…');
  await panel.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Guia salva.').last()).toBeVisible();
  await expect(missing.getByRole('heading', { name: 'Tudo pronto: a guia pode ser gerada.' })).toBeVisible();
  await expect(generate).toBeEnabled();
  await generate.click();
  await expect(page.getByText(/Guia \S+ gerada\./).last()).toBeVisible();
  const row = panel.locator('[data-generated-guide]').first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('Fora de lote');
  return (await row.getAttribute('data-generated-guide')) ?? '';
}

test.describe('TISS guides, lots and appeals', () => {
  test('a secretary generates three guides, builds a lot, downloads a valid XML, records the protocol and files an appeal', async ({ page, request }, testInfo) => {
    test.setTimeout(300_000);
    const headers = await apiHeaders(request, DEMO_SECRETARY);
    const medic = await firstId(request, headers, '/project_auth/api/v1/list_medic/');
    const plan = await firstId(request, headers, '/surgery/api/v1/healthplan/?search=bradesco');
    const setup = { headers, medic, plan };
    await billingProfile(request, headers, medic, plan);
    const cases = [
      await planCase(request, setup, 'Guia TISS Um', { team: true, procedures: ['apendicectomia', 'colecistectomia'] }),
      await planCase(request, setup, 'Guia TISS Dois'),
      await planCase(request, setup, 'Guia TISS Tres'),
    ];

    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);

    // The first case: two procedures (the second by the same route at 0,70) and the team's line.
    const first = await fillAndGenerate(
      page,
      cases[0]!.id,
      [
        { unit: '250000', factor: '1,00', route: 'Única', technique: 'Videolaparoscopia' },
        { unit: '100000', factor: '0,70', route: 'Mesma via', technique: 'Videolaparoscopia' },
      ],
      testInfo,
    );
    const panel = guidePanel(page);
    await expect(panel.getByRole('table', { name: 'Equipe na guia' })).toContainText('Ana Auxiliar');
    // 2.500,00 + 1.000,00 × 0,70 + the assistant's 750,00
    await expect(panel.locator('[data-guide-total]')).toHaveText('R$ 3.950,00');
    await shoot(page, testInfo, 'guide-panel-generated', panel);

    // The printable ANS form.
    await panel.getByRole('link', { name: `Imprimir a guia ${first}` }).click();
    await expect(page).toHaveURL(/\/tiss-guide\/\d+$/);
    const sheet = page.locator('[data-print-sheet]');
    await expect(sheet.getByText('GUIA DE HONORÁRIOS')).toBeVisible();
    await expect(sheet.getByText('1 - Registro ANS')).toBeVisible();
    await expect(sheet.getByText('3 - Nº Guia de Solicitação de Internação')).toBeVisible();
    await expect(sheet).toContainText(`INT-${cases[0]!.id}`);
    await expect(sheet).toContainText('Ana Auxiliar');
    await expect(sheet).toContainText('3.950,00');
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible();
    await shoot(page, testInfo, 'guide-print');
    // Printed: only the form (the app's header and menu hidden), on A4 landscape.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
    await expect(sheet.getByText('GUIA DE HONORÁRIOS')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('guide-print-media.png') });
    await page.emulateMedia({ media: 'screen' });

    for (const each of cases.slice(1)) {
      await fillAndGenerate(page, each.id, [{ unit: '180000', factor: '1,00', route: 'Única', technique: 'Convencional' }]);
    }

    // Lotes TISS: the three guides of the plan become one lot.
    await page.goto('/tiss-lots');
    await expect(page.getByRole('heading', { level: 1, name: 'Lotes TISS' })).toBeVisible();
    const guides = page.locator('[data-tiss-section="guides"]');
    for (const each of cases) await guides.getByRole('checkbox', { name: new RegExp(each.name) }).check();
    await expect(guides.getByText(/3 guia\(s\) selecionada\(s\) · R\$\s7\.550,00/)).toBeVisible();
    await shoot(page, testInfo, 'tiss-lots-guides', guides);
    const group = guides.locator('fieldset', { has: page.getByRole('checkbox', { name: new RegExp(cases[0]!.name) }) });
    await group.getByRole('button', { name: 'Montar lote' }).click();
    await expect(page.getByText(/Lote \S+ montado\./).last()).toBeVisible();
    const lots = page.locator('[data-tiss-section="lots"]');
    const lot = lots.locator('[data-lot]', { hasText: cases[0]!.name });
    await expect(lot).toBeVisible();
    for (const each of cases) await expect(lot).toContainText(each.name);
    await expect(lot).toContainText('Não enviado');
    await expect(lot).toContainText('R$ 7.550,00');

    // The download is the lot's TISS file, and the shipped XSD accepts it.
    const [download] = await Promise.all([page.waitForEvent('download'), lot.getByRole('button', { name: 'Baixar XML' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^lote-.*\.xml$/);
    const lotPath = testInfo.outputPath('lote.xml');
    await download.saveAs(lotPath);
    const lotBytes = readFileSync(lotPath);
    expect(lotBytes.toString('latin1')).toContain('ENVIO_LOTE_GUIAS');
    expect(validateWithXmllint([{ name: 'lote', bytes: lotBytes }]).get('lote') ?? null).toBeNull();

    // Recording the sending: a future day is refused, then the day and protocol freeze the lot.
    await lot.getByRole('button', { name: 'Registrar envio' }).click();
    const sent = page.getByRole('dialog', { name: /Registrar envio/ });
    await sent.getByRole('button', { name: 'Registrar' }).click();
    await expect(sent.getByText('Informe a data do envio.')).toBeVisible();
    await expect(sent.getByText('Informe o número do protocolo do plano.')).toBeVisible();
    await shoot(page, testInfo, 'tiss-lots-sent-dialog', sent);
    await sent.getByLabel('Data do envio').fill(typed(TODAY));
    await sent.getByLabel('Protocolo').fill('123.456.789');
    await sent.getByRole('button', { name: 'Registrar' }).click();
    await expect(sent).toBeHidden();
    await expect(lot).toContainText(`Enviado em ${typed(TODAY)} · protocolo 123456789`);
    await expect(lot.getByRole('button', { name: 'Desfazer lote' })).toHaveCount(0);

    // A glosa of the first case with its TISS code (through the API), then its appeal.
    const reasons = await request.get('/surgery/api/v1/glosa_reasons/?search=valor', { headers });
    const code = ((await reasons.json()) as { results: { code: string }[] }).results[0]!.code;
    const glosa = await request.post(`/surgery/api/v1/surgery/${cases[0]!.id}/ledger/glosas/`, {
      headers,
      data: { glosa_on: TODAY, amount_cents: 70_000, reason: 'Redução do segundo procedimento', reason_code: code },
    });
    expect(glosa.status(), await glosa.text()).toBe(201);
    await lot.getByRole('button', { name: 'Novo recurso' }).click();
    const appealDialog = page.getByRole('dialog', { name: /Novo recurso do lote/ });
    const choice = appealDialog.getByRole('checkbox', { name: new RegExp(cases[0]!.name) });
    await expect(choice).toBeVisible();
    await appealDialog.getByRole('button', { name: 'Montar recurso' }).click();
    await expect(appealDialog.getByText('Escolha ao menos uma glosa.')).toBeVisible();
    await choice.check();
    await appealDialog.getByLabel(/Justificativa/).fill('O segundo procedimento foi por via diferente: cabe o valor integral.');
    await shoot(page, testInfo, 'tiss-lots-appeal-dialog', appealDialog);
    await appealDialog.getByRole('button', { name: 'Montar recurso' }).click();
    await expect(appealDialog).toBeHidden();
    const created = page.getByText(/Recurso \S+ montado\./).last();
    await expect(created).toBeVisible();
    const appealNumber = /Recurso (\S+) montado/.exec((await created.textContent()) ?? '')?.[1];
    const appeals = page.locator('[data-tiss-section="appeals"]');
    const appeal = appeals.locator(`[data-appeal="${appealNumber}"]`);
    await expect(appeal).toContainText('Não enviado');
    await expect(appeal).toContainText('1 glosa(s) contestada(s)');
    const [appealDownload] = await Promise.all([page.waitForEvent('download'), appeal.getByRole('button', { name: 'Baixar XML' }).click()]);
    const appealPath = testInfo.outputPath('recurso.xml');
    await appealDownload.saveAs(appealPath);
    const appealBytes = readFileSync(appealPath);
    expect(appealBytes.toString('latin1')).toContain('RECURSO_GLOSA');
    expect(validateWithXmllint([{ name: 'recurso', bytes: appealBytes }]).get('recurso') ?? null).toBeNull();
    await appeal.getByRole('button', { name: 'Registrar envio' }).click();
    const appealSent = page.getByRole('dialog', { name: /Registrar envio/ });
    await appealSent.getByLabel('Data do envio').fill(typed(TODAY));
    await appealSent.getByLabel('Protocolo').fill('555');
    await appealSent.getByRole('button', { name: 'Registrar' }).click();
    await expect(appealSent).toBeHidden();
    await expect(appeal).toContainText(`Enviado em ${typed(TODAY)} · protocolo 555`);
    await shoot(page, testInfo, 'tiss-lots-lots', lots);
    await shoot(page, testInfo, 'tiss-lots-appeals', appeals);
  });
});
