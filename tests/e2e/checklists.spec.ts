import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiHeaders,
  type ApiHeaders,
  DEMO_PASSWORD,
  DEMO_SECRETARY,
  expectNoSeriousA11yViolations,
  firstId,
  pickOption,
  signIn,
} from './helpers';
import { moveCase, MOVES, newPatientCase } from './cases';

/**
 * The document checklists (issue 13 item 2; DECISIONS §15), as the demo secretary: she configures what Hospital Mater
 * Dei requires on 'Documentos exigidos', sees it on a case at the document-preparation step (what is missing, a named
 * extra marked as received), confirms moving on with documents missing, and records a sending on the next step.
 * Axe scans each new screen. The hospital's list is cleared at the end (other specs' cases must move on freely).
 */

/** A privately paid case of a new patient of the demo medic at `hospital`, moved to prep_doc; its patient's name. */
async function caseAtPrepDoc(request: APIRequestContext, headers: ApiHeaders, hospital: number): Promise<{ id: number; name: string }> {
  const created = await newPatientCase(request, headers, 'Helena Checklist', { hospital });
  await moveCase(request, headers, created.id, [MOVES.toPrepDoc]);
  return created;
}

/** Opens a case from /surgery-status, with the stage filter narrowed to `stageLabel`. */
async function openFromStatusList(page: Page, stageLabel: string, patientName: string): Promise<void> {
  await page.goto('/surgery-status');
  await page.getByRole('button', { name: /Etapas/ }).click();
  await page.getByRole('option', { name: 'Todos' }).click();
  await page.getByRole('option', { name: 'Todos' }).click();
  await page.getByPlaceholder('Procurar').fill(stageLabel.slice(0, 8));
  await page.getByRole('option', { name: stageLabel }).click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.getByRole('table', { name: 'Cirurgias' }).locator('tbody tr', { hasText: patientName }).click();
  await expect(page).toHaveURL(/\/surgery-details\/\d+$/);
  await expect(page.getByRole('heading', { name: patientName })).toBeVisible();
}

test.describe('document checklists', () => {
  let hospitalId = 0;
  let medicQuery = '';

  test.afterAll(async ({ request }) => {
    if (!hospitalId) return;
    const headers = await apiHeaders(request, DEMO_SECRETARY);
    await request.put(`/surgery/api/v1/document_requirements/hospital/${hospitalId}/${medicQuery}`, { headers, data: { kinds: [], extras: [] } });
  });

  test('a secretary configures a hospital’s checklist, sees it on a case, moves on confirming what is missing and records a sending', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const headers = await apiHeaders(request, DEMO_SECRETARY);
    hospitalId = await firstId(request, headers, '/surgery/api/v1/hospital/?search=mater%20dei');
    medicQuery = `?medic=${await firstId(request, headers, '/project_auth/api/v1/list_medic/')}`;

    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Documentos exigidos' }).click();
    await expect(page).toHaveURL(/\/document-checklists$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Documentos exigidos' })).toBeVisible();
    // The medic choice shows (disabled, busy) while the secretary's medics load, and stays only when she has several
    // (another spec may have linked her to a second one): read it once the list has loaded.
    const medicSelect = page.getByLabel('Médico', { exact: true });
    await expect(page.locator('select[aria-busy="true"]')).toHaveCount(0);
    if (await medicSelect.count()) await medicSelect.selectOption({ index: 1 });
    await expect(page.getByText('Escolha um hospital ou um plano de saúde', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: 'document checklists, nothing chosen' });

    // Hospital Mater Dei requires two of the case's documents and a named extra.
    await pickOption(page, 'Hospital', 'mater', /Mater Dei/);
    await expect(page.getByRole('heading', { level: 2, name: 'Hospital Mater Dei' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Pedido médico' }).check();
    await page.getByRole('checkbox', { name: 'Laudo médico' }).check();
    await page.getByLabel('Nome do documento').fill('pedido médico');
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await expect(page.getByText('"pedido médico" já é um dos documentos da cirurgia: marque-o na lista.')).toBeVisible();
    await page.getByLabel('Nome do documento').fill('Risco cirúrgico');
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Remover Risco cirúrgico' })).toBeVisible();
    await page.getByRole('button', { name: 'Salvar lista' }).click();
    await expect(page.getByText('Lista de documentos salva!')).toBeVisible();
    const configured = page.getByRole('region', { name: 'Listas configuradas' });
    await expect(configured.getByRole('button', { name: /Hospital Mater Dei.*3 documento/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: 'document checklists, a hospital list' });

    // A case at that hospital shows the checklist at the document-preparation step.
    const surgery = await caseAtPrepDoc(request, headers, hospitalId);
    await openFromStatusList(page, 'Preparação de documentação', surgery.name);
    const checklist = page.getByRole('region', { name: 'Documentos exigidos' });
    await expect(checklist.getByText('Faltam 3 documentos.')).toBeVisible();
    // The mark is saved first, then shown checked.
    await checklist.getByRole('checkbox', { name: 'Risco cirúrgico' }).click();
    await expect(checklist.getByText('Faltam 2 documentos.')).toBeVisible();
    await expect(checklist.getByRole('checkbox', { name: 'Risco cirúrgico' })).toBeChecked();
    await expectNoSeriousA11yViolations(page, { label: 'case checklist' });

    // Moving on asks first, naming what is missing; 'Voltar' keeps the case where it is.
    await page.getByRole('button', { name: 'Próximo passo', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Avançar com documentos faltando?' });
    await expect(dialog).toContainText('Ainda faltam: Pedido médico, Laudo médico.');
    await expectNoSeriousA11yViolations(page, { label: 'missing documents confirmation' });
    await dialog.getByRole('button', { name: 'Voltar' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Próximo passo', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Avançar com documentos faltando?' }).getByRole('button', { name: 'Avançar mesmo assim' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Envio de documentação (Hospital)', exact: true })).toBeVisible();
    const stored = (await (await request.get(`/surgery/api/v1/surgery/${surgery.id}/`, { headers })).json()) as { status: string };
    expect(stored.status).toBe('env_doc');

    // The sending step records what was sent, when, to whom and how.
    const sendings = page.getByRole('region', { name: 'Envios registrados' });
    await expect(sendings.getByText('Nenhum envio registrado.')).toBeVisible();
    await sendings.getByRole('button', { name: 'Registrar envio' }).click();
    await sendings.getByRole('button', { name: 'Registrar envio' }).click();
    await expect(sendings.getByText('Informe para quem os documentos foram enviados.')).toBeVisible();
    await expect(sendings.getByText('Informe ao menos um documento enviado.')).toBeVisible();
    await sendings.getByLabel('Enviado para').fill('Hospital Mater Dei — internação');
    await sendings.getByLabel('Como').selectOption('email');
    await sendings.getByRole('checkbox', { name: 'Risco cirúrgico' }).check();
    await sendings.getByRole('checkbox', { name: 'Laudo médico' }).check();
    await expectNoSeriousA11yViolations(page, { label: 'sending form' });
    await sendings.getByRole('button', { name: 'Registrar envio' }).click();
    await expect(page.getByText('Envio registrado!')).toBeVisible();
    await expect(sendings.getByRole('list', { name: 'Envios registrados' }).getByRole('listitem')).toHaveCount(1);
    await expect(sendings.getByText(/E-mail · Hospital Mater Dei — internação/)).toBeVisible();
    await expect(sendings.getByText('Risco cirúrgico, Laudo médico')).toBeVisible();
  });
});
