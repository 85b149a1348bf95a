import { expect, test, type Page } from '@playwright/test';
import { apiHeaders, DEMO_PASSWORD, DEMO_SECRETARY, expectNoSeriousA11yViolations, firstId, pickOption, signIn, tealPng, tinyPdf } from './helpers';
import { moveCase, MOVES, newPatient, newPatientCase, newPrivateCase, runSeed } from './cases';

/**
 * Documents (issue 33 #10), as the demo secretary: Enter adds a named document on 'Documentos exigidos' (a); a stored
 * file shows its name and the day and time it was sent beside 'Arquivo enviado' (e); the sending step offers no
 * 'Baixar modelo do hospital' for a hospital without a template and says so instead (g); the patient's RG sent for
 * one case is used on the patient's next case without sending it again (d). Axe scans each screen;
 * screenshots at 1366 and 390 px go to test-results/.
 */

async function shots(page: Page, name: string): Promise<void> {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // Nothing wider than the screen (a long file name wraps).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** Opens a case from /surgery-status with the stage filter narrowed to `stageLabel`. */
async function openFromStatusList(page: Page, stageLabel: string, patientName: string): Promise<void> {
  await page.goto('/surgery-status');
  await page.getByRole('button', { name: /Etapas/ }).click();
  await page.getByRole('option', { name: 'Todos' }).click();
  await page.getByRole('option', { name: 'Todos' }).click();
  await page.getByPlaceholder('Procurar').fill(stageLabel.slice(0, 8));
  await page.getByRole('option', { name: stageLabel }).click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.getByRole('table', { name: 'Cirurgias' }).locator('tbody tr', { hasText: patientName }).first().click();
  await expect(page.getByRole('heading', { name: patientName })).toBeVisible();
}

test('Enter in the name of a required document adds it (issue 33 #10a)', async ({ page }) => {
  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Documentos exigidos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Documentos exigidos' })).toBeVisible();
  await expect(page.locator('select[aria-busy="true"]')).toHaveCount(0);
  const medicSelect = page.getByLabel('Médico', { exact: true });
  if (await medicSelect.count()) await medicSelect.selectOption({ index: 1 });
  await pickOption(page, 'Hospital', 'samaritano', /Samaritano/);
  await expect(page.getByRole('heading', { level: 2, name: /Samaritano/ })).toBeVisible();
  const input = page.getByLabel('Nome do documento');
  await input.fill('Exame de risco cirúrgico');
  await input.press('Enter');
  await expect(page.getByRole('list', { name: 'Outros documentos' }).getByText('Exame de risco cirúrgico', { exact: true })).toBeVisible();
  await expect(input).toHaveValue('');
  await expect(input).toBeFocused();
  // Nothing was saved: the list changes only with 'Salvar'.
  await expectNoSeriousA11yViolations(page, { label: 'required documents, an extra added with Enter' });
});

test('a stored document shows its name and when it was sent; no template, no download (issue 33 #10e, #10g)', async ({ page, request }) => {
  test.setTimeout(150_000);
  const headers = await apiHeaders(request, DEMO_SECRETARY);
  // Hospital Mater Dei has no DOCX template in the demo (server/db/demo-data.ts DEMO_TEMPLATE_HOSPITALS).
  const hospital = await firstId(request, headers, '/surgery/api/v1/hospital/?search=mater%20dei');
  const { id, name } = await newPatientCase(request, headers, 'Helena Arquivos', { hospital });
  await moveCase(request, headers, id, [MOVES.toPrepDoc]);

  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await openFromStatusList(page, 'Preparação de documentação', name);
  await page.locator('input[type="file"][name="doctor_request"]').setInputFiles({
    name: 'pedido-medico-helena-duarte-cirurgia-eletiva.pdf',
    mimeType: 'application/pdf',
    buffer: tinyPdf(`Pedido medico ${name}`),
  });
  await page.getByRole('button', { name: 'Salvar documentos' }).click();
  await expect(page.getByText('Documentos salvos com sucesso!')).toBeVisible();
  const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
  const detail = page.locator('[data-stored-detail]');
  await expect(detail).toHaveCount(1);
  await expect(detail).toHaveText(new RegExp(`^pedido-medico-helena-duarte-cirurgia-eletiva\\.pdf · enviado em ${today.replace(/\//g, '\\/')} às \\d{2}:\\d{2}$`));
  await expectNoSeriousA11yViolations(page, { label: 'documents with a stored file' });
  await detail.scrollIntoViewIfNeeded();
  await shots(page, 'documents-stored');

  await moveCase(request, headers, id, [MOVES.toEnvDoc]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: /^Envio de documentação/ })).toBeVisible();
  await expect(page.getByText('Modelos para preencher', { exact: true })).toBeVisible();
  await expect(page.getByText('Esse Hospital não tem template', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Baixar modelo do hospital' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, { label: 'sending without a template' });
  await shots(page, 'sending-no-template');
});

test("the patient's document sent for one case is used on the next case of the same patient (issue 33 #10d)", async ({ page, request }) => {
  test.setTimeout(150_000);
  const headers = await apiHeaders(request, DEMO_SECRETARY);
  const name = `Helena Reuso ${runSeed()}`;
  const patient = await newPatient(request, headers, { name });
  const first = await newPrivateCase(request, headers, patient);
  const second = await newPrivateCase(request, headers, patient);
  await moveCase(request, headers, first, [MOVES.toPrepDoc]);
  await moveCase(request, headers, second, [MOVES.toPrepDoc]);
  const sent = await request.put(`/surgery/api/v1/include_surgery_files/${first}/`, {
    headers,
    multipart: { new_status: 'prep_doc', patient_document: { name: 'rg-helena.png', mimeType: 'image/png', buffer: tealPng() } },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/surgery-status');
  await page.getByRole('button', { name: /Etapas/ }).click();
  await page.getByRole('option', { name: 'Todos' }).click();
  await page.getByRole('option', { name: 'Todos' }).click();
  await page.getByPlaceholder('Procurar').fill('Preparaç');
  await page.getByRole('option', { name: 'Preparação de documentação' }).click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  // The second case moved to this step last: the list shows it first (the latest status change first).
  const rows = page.getByRole('table', { name: 'Cirurgias' }).locator('tbody tr', { hasText: name });
  await expect(rows).toHaveCount(2);
  await rows.first().click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText(`Cirurgia nº ${second}`, { exact: true })).toBeVisible();
  const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
  const offer = page.locator('[data-reuse="patient_document"]');
  await expect(offer.getByText(`Já enviado na cirurgia nº ${first}: rg-helena.png, em ${today}.`, { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'documents, a file of another case offered' });
  await offer.scrollIntoViewIfNeeded();
  await shots(page, 'documents-reuse');
  await offer.getByRole('button', { name: 'Usar este arquivo' }).click();
  await expect(page.getByText('Documento do paciente: arquivo do outro caso usado nesta cirurgia.')).toBeVisible();
  await expect(offer).toHaveCount(0);
  await expect(page.locator('[data-stored-detail]')).toHaveText(new RegExp(`^rg-helena\\.png · enviado em ${today.replace(/\//g, '\\/')} às \\d{2}:\\d{2}$`));
});

test('a kind takes two files, each opened and removed alone; a named document takes a file (issue 33 #10b, #10c)', async ({ page, request }) => {
  test.setTimeout(180_000);
  const headers = await apiHeaders(request, DEMO_SECRETARY);
  const hospital = await firstId(request, headers, '/surgery/api/v1/hospital/?search=samaritano');
  const medicQuery = `?medic=${await firstId(request, headers, '/project_auth/api/v1/list_medic/')}`;
  // The hospital's list gains a named document for this test, and gets its own list back afterwards.
  const listUrl = `/surgery/api/v1/document_requirements/hospital/${hospital}/${medicQuery}`;
  const original = (await (await request.get(listUrl, { headers })).json()) as { items: Array<{ kind: string | null; name: string }> };
  const kinds = original.items.flatMap((item) => (item.kind ? [item.kind] : []));
  const extras = original.items.flatMap((item) => (item.kind ? [] : [item.name]));
  const configured = await request.put(listUrl, { headers, data: { kinds, extras: extras.includes('Risco cirúrgico') ? extras : [...extras, 'Risco cirúrgico'] } });
  expect(configured.status(), await configured.text()).toBe(200);
  try {
    const { id, name } = await newPatientCase(request, headers, 'Helena Duas Páginas', { hospital });
    await moveCase(request, headers, id, [MOVES.toPrepDoc]);

    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await openFromStatusList(page, 'Preparação de documentação', name);
    const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());

    // Two files for the patient's document: each upload adds one, the first one stays.
    for (const file of [
      { name: 'rg-frente.pdf', mimeType: 'application/pdf', buffer: tinyPdf(`RG frente ${name}`) },
      { name: 'rg-verso.png', mimeType: 'image/png', buffer: tealPng() },
    ]) {
      await page.locator('input[type="file"][name="patient_document"]').setInputFiles(file);
      await page.getByRole('button', { name: 'Salvar documentos' }).click();
      await expect(page.getByText('Documentos salvos com sucesso!').first()).toBeVisible();
      await expect(page.getByRole('list', { name: 'Arquivos de Documento do paciente' }).getByText(file.name, { exact: false })).toBeVisible();
    }
    const rgFiles = page.getByRole('list', { name: 'Arquivos de Documento do paciente' }).getByRole('listitem');
    await expect(rgFiles).toHaveCount(2);
    await expect(page.locator('[data-stored-detail]')).toHaveText(new RegExp(`^2 arquivos enviados · o último em ${today.replace(/\//g, '\\/')} às \\d{2}:\\d{2}$`));
    // Each file opens by its own signed link.
    const frontLink = await page.getByRole('link', { name: 'Abrir rg-frente.pdf em uma nova aba' }).getAttribute('href');
    const front = await page.request.get(frontLink!);
    expect(front.status()).toBe(200);
    expect(front.headers()['content-type']).toBe('application/pdf');

    // A named document of the checklist takes a file, and counts as received.
    const risk = page.getByRole('region', { name: 'Documentos exigidos' }).locator('li', { hasText: 'Risco cirúrgico' });
    await expect(risk).toHaveAttribute('data-received', 'false');
    await page.locator('input[data-attach="Risco cirúrgico"]').setInputFiles({ name: 'risco-cirurgico.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Risco') });
    await expect(page.getByText('Risco cirúrgico: arquivo anexado.')).toBeVisible();
    await expect(risk).toHaveAttribute('data-received', 'true');
    await expect(page.getByRole('list', { name: 'Arquivos de Risco cirúrgico' }).getByRole('listitem')).toHaveCount(1);
    await expect(risk.getByRole('link', { name: 'Abrir risco-cirurgico.pdf em uma nova aba' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: 'documents: two files of a kind, a named document with its file' });
    await page.getByRole('region', { name: 'Documentos exigidos' }).scrollIntoViewIfNeeded();
    await shots(page, 'documents-several-files');

    // One file out, asked first; the other stays.
    await page.getByRole('button', { name: 'Remover o arquivo rg-frente.pdf' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remover este arquivo?' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: 'documents: removing a file, asked' });
    await dialog.getByRole('button', { name: 'Remover arquivo' }).click();
    await expect(page.getByText('Arquivo removido.')).toBeVisible();
    await expect(rgFiles).toHaveCount(1);
    await expect(rgFiles.first()).toContainText('rg-verso.png');
    expect((await page.request.get(frontLink!)).status()).toBe(404);
  } finally {
    await request.put(listUrl, { headers, data: { kinds, extras } });
  }
});
