import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import PizZip from 'pizzip';
import { apiHeaders, DEMO_PASSWORD, DEMO_SECRETARY, expectNoSeriousA11yViolations, firstId, pickOption, signIn } from './helpers';
import { moveCase, MOVES, newPatientCase } from './cases';

/**
 * An office's own hospital template (issue 33 item 10f), as the demo secretary: on 'Documentos exigidos' she picks
 * Hospital Alemão Oswaldo Cruz (no template in the demo), sends the office's DOCX form (progress, then its name and
 * date), downloads it, opens a case at the sending step whose 'Baixar modelo do hospital' now fills that form with the
 * case's patient, and removes it again. Axe on each state; screenshots at 1366 and 390 px under test-results/.
 */

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const FILE_NAME = 'Formulário Oswaldo Cruz.docx';

/** The shipped hospital form with a body of its own: a real DOCX whose placeholders the server fills. */
function officeForm(): Buffer {
  const zip = new PizZip(readFileSync('server/data/templates/solicitacao-hospital.docx'));
  const p = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${p(
      'Formulário de internação do consultório',
    )}${p('Paciente: {paciente_nome}')}${p('Hospital: {hospital_nome}')}<w:sectPr/></w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer' });
}

async function shots(page: Page, name: string): Promise<void> {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test.describe("an office's own hospital template", () => {
  let templateUrl = '';

  // The hospital has no template for the other specs: the office's own goes even when a step failed.
  test.afterAll(async ({ request }) => {
    if (templateUrl) await request.delete(templateUrl, { headers: await apiHeaders(request, DEMO_SECRETARY) });
  });

  test('the secretary sends it on Documentos exigidos, and a case downloads it filled', async ({ page, request }) => {
    test.setTimeout(150_000);
    const headers = await apiHeaders(request, DEMO_SECRETARY);
    const hospital = await firstId(request, headers, '/surgery/api/v1/hospital/?search=oswaldo');
    const medic = await firstId(request, headers, '/project_auth/api/v1/list_medic/');
    templateUrl = `/surgery/api/v1/document_requirements/hospital/${hospital}/template/?medic=${medic}`;
    await request.delete(templateUrl, { headers });
    const created = await newPatientCase(request, headers, 'Helena Modelo Próprio', { hospital });
    await moveCase(request, headers, created.id, [MOVES.toPrepDoc, MOVES.toEnvDoc]);

    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Documentos exigidos' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Documentos exigidos' })).toBeVisible();
    await expect(page.locator('select[aria-busy="true"]')).toHaveCount(0);
    const medicSelect = page.getByLabel('Médico', { exact: true });
    if (await medicSelect.count()) await medicSelect.selectOption(String(medic));
    await pickOption(page, 'Hospital', 'oswaldo', /Oswaldo Cruz/);
    const section = page.getByRole('region', { name: 'Modelo do hospital' });
    await expect(section.getByText('Nenhum modelo para este hospital.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: 'office template, none yet' });

    // Send the office's form: the file chooser opens from 'Enviar modelo'.
    const chooser = page.waitForEvent('filechooser');
    await section.getByRole('button', { name: 'Enviar modelo' }).click();
    await (await chooser).setFiles({ name: FILE_NAME, mimeType: DOCX_TYPE, buffer: officeForm() });
    await expect(page.getByText('Modelo enviado!')).toBeVisible();
    await expect(section.locator('[data-template-name]')).toHaveText(FILE_NAME);
    const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
    await expect(section.getByText(new RegExp(`^Modelo do consultório · Enviado em ${today.replace(/\//g, '\\/')} às \\d{2}:\\d{2} por `))).toBeVisible();
    await expect(section.getByRole('button', { name: 'Substituir modelo' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: 'office template sent' });
    await section.scrollIntoViewIfNeeded();
    await shots(page, 'office-template-sent');

    // Download it as it was sent.
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: `Baixar o modelo ${FILE_NAME}` }).click();
    expect((await download).suggestedFilename()).toBe(FILE_NAME);

    // The case at the sending step fills the office's form with its patient.
    await page.goto(`/surgery-details/${created.id}`);
    await expect(page.getByRole('heading', { name: created.name })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /^Envio de documentação/ })).toBeVisible();
    const filled = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar modelo do hospital' }).click();
    const file = await filled;
    expect(file.suggestedFilename()).toBe(`modelo-hospital-cirurgia-${created.id}.docx`);
    const xml = new PizZip(readFileSync((await file.path())!)).file('word/document.xml')!.asText();
    expect(xml).toContain('Formulário de internação do consultório');
    expect(xml).toContain(`Paciente: ${created.name}`);
    await expectNoSeriousA11yViolations(page, { label: 'case with the office template' });
    await shots(page, 'office-template-case');

    // Remove it: the hospital has no template again.
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Documentos exigidos' }).click();
    await expect(page.locator('select[aria-busy="true"]')).toHaveCount(0);
    if (await medicSelect.count()) await medicSelect.selectOption(String(medic));
    await pickOption(page, 'Hospital', 'oswaldo', /Oswaldo Cruz/);
    await section.getByRole('button', { name: `Remover o modelo ${FILE_NAME}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remover o modelo do consultório?' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: 'office template, remove?' });
    await dialog.getByRole('button', { name: 'Remover modelo' }).click();
    await expect(page.getByText('Modelo removido.')).toBeVisible();
    await expect(section.getByText('Nenhum modelo para este hospital.')).toBeVisible();
  });
});
