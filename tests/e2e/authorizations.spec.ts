import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiHeaders,
  type ApiHeaders,
  DEMO_PASSWORD,
  DEMO_SECRETARY,
  expectNoSeriousA11yViolations,
  signIn,
} from './helpers';
import { moveCase, MOVES, newPatientCase } from './cases';

/**
 * Authorization records (issue 13; DECISIONS §15), as the demo secretary: on a case at the authorization step she
 * records the hospital's request, then its approval with the guide number, the senha and a validity three days
 * away; the case warns 'vence em 3 dias', the status list shows the badge, and the home's 'Autorizações a vencer'
 * lists the case and opens it. Scheduling after the validity asks first. axe scans the panel, the editor and the home.
 */

/** Today in São Paulo, and a day `days` later, as yyyy-MM-dd. */
function saoPauloDay(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
const br = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const digits = (iso: string) => br(iso).replace(/\//g, '');

/** A new private case without OPME of a new patient, moved to the authorization step through the API. */
async function caseAtAuthorization(request: APIRequestContext, headers: ApiHeaders): Promise<{ id: number; name: string }> {
  const created = await newPatientCase(request, headers, 'Autorizacao Teste', { fees: 4200 });
  await moveCase(request, headers, created.id, [MOVES.toPrepDoc, MOVES.toEnvDoc, MOVES.toAuthorization(saoPauloDay(-3))]);
  return created;
}

async function openFromStatusList(page: Page, name: string): Promise<void> {
  await page.goto('/surgery-status');
  const row = page.getByRole('table', { name: 'Cirurgias' }).locator('tbody tr', { hasText: name });
  await row.click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

function hospitalRecord(page: Page) {
  return page.locator('[data-authorization-record="hospital"]');
}

test('the secretary records an authorization, sees its expiry on the case, the list and the home', async ({ page, request }) => {
  const headers = await apiHeaders(request, DEMO_SECRETARY);
  const { name } = await caseAtAuthorization(request, headers);
  const today = saoPauloDay();
  const validUntil = saoPauloDay(3);
  const warning = `Autorização do hospital vence em 3 dias (${br(validUntil)})`;

  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await openFromStatusList(page, name);
  await expect(page.getByRole('heading', { level: 2, name: 'Autorização', exact: true })).toBeVisible();
  await expect(hospitalRecord(page)).toContainText('Pendente');
  await expectNoSeriousA11yViolations(page, { label: 'autorizacao panel' });

  // The request: 'Solicitada' needs its date (the schema's message, before anything is sent).
  await hospitalRecord(page).getByRole('button', { name: 'Registrar autorização' }).click();
  let editor = page.getByRole('dialog', { name: 'Autorização: Hospital' });
  await expect(editor).toBeVisible();
  await editor.getByLabel('Situação').selectOption('solicitada');
  await editor.getByRole('button', { name: 'Salvar registro' }).click();
  await expect(editor.getByText('Informe a data da solicitação.')).toBeVisible();
  await editor.getByLabel('Solicitada em').pressSequentially(digits(today));
  await editor.getByLabel('Protocolo / nº da guia').fill('GUIA-2026-0042');
  await expectNoSeriousA11yViolations(page, { label: 'authorization editor' });
  await editor.getByRole('button', { name: 'Salvar registro' }).click();
  await expect(editor).toBeHidden();
  await expect(hospitalRecord(page)).toContainText('Solicitada');
  await expect(hospitalRecord(page)).toContainText('GUIA-2026-0042');
  await expect(page.getByRole('switch', { name: 'Aprovação do hospital: Aprovada' })).not.toBeChecked();
  // The box's pill says what the record says while the toggle is undecided.
  await expect(page.locator('[data-approval="hospital"] h3 + span')).toHaveText('Solicitada');

  // The approval: senha and validity; the switch follows the record.
  await hospitalRecord(page).getByRole('button', { name: 'Editar registro' }).click();
  editor = page.getByRole('dialog', { name: 'Autorização: Hospital' });
  await editor.getByLabel('Situação').selectOption('aprovada');
  await editor.getByLabel('Senha').fill('S3NHA-77');
  await editor.getByLabel('Decidida em').pressSequentially(digits(today));
  await editor.getByLabel('Válida até').pressSequentially(digits(validUntil));
  await editor.getByRole('button', { name: 'Salvar registro' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole('switch', { name: 'Aprovação do hospital: Aprovada' })).toBeChecked();
  await expect(hospitalRecord(page)).toContainText('S3NHA-77');
  await expect(hospitalRecord(page)).toContainText(warning);
  await expect(page.locator('[data-case-authorization-alerts]')).toContainText(warning);

  // The record's save moved the case version: the next step still goes through (no stale 409).
  await page.getByRole('button', { name: 'Próximo passo', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Agendamento de cirurgia', exact: true })).toBeVisible();

  await expect(page.locator('[data-case-authorization-alerts]')).toContainText(warning);

  // The status list badge and the home's panel.
  await page.goto('/surgery-status');
  const row = page.getByRole('table', { name: 'Cirurgias' }).locator('tbody tr', { hasText: name });
  await expect(row.locator('[data-authorization-badge]')).toBeVisible();
  await page.goto('/');
  const home = page.getByRole('region', { name: 'Autorizações a vencer' });
  const item = home.getByRole('link', { name: new RegExp(name) });
  await expect(item).toContainText(warning);
  await expectNoSeriousA11yViolations(page, { label: 'secretary home' });
  await item.click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
});

test('scheduling after an authorization validity asks for confirmation', async ({ page, request }) => {
  const headers = await apiHeaders(request, DEMO_SECRETARY);
  const { id, name } = await caseAtAuthorization(request, headers);
  const validUntil = saoPauloDay(20);
  const saved = await request.put(`/surgery/api/v1/surgery/${id}/authorizations/hospital/`, {
    headers,
    data: { status: 'aprovada', requested_on: saoPauloDay(-2), protocol: '778', password: null, decided_on: saoPauloDay(-1), valid_until: validUntil, notes: null },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const moved = await request.put(`/surgery/api/v1/update/${id}/`, { headers, data: { new_status: 'agendamento' } });
  expect(moved.status(), await moved.text()).toBe(200);

  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await openFromStatusList(page, name);
  await expect(page.getByRole('heading', { level: 2, name: 'Agendamento de cirurgia', exact: true })).toBeVisible();
  // The calendar starts on this month: go forward to a day after the validity (the 28th of the month after it).
  const late = new Date(`${validUntil}T12:00:00Z`);
  const target = new Date(Date.UTC(late.getUTCFullYear(), late.getUTCMonth() + 1, 28));
  const monthsAhead = (target.getUTCFullYear() - new Date().getUTCFullYear()) * 12 + target.getUTCMonth() - new Date().getUTCMonth();
  for (let i = 0; i < monthsAhead; i += 1) await page.getByRole('button', { name: 'Próximo mês' }).click();
  await page.getByRole('grid').getByRole('button', { name: /\b28 de / }).click();
  await page.getByLabel('Hora').pressSequentially('0800');
  await page.getByRole('button', { name: 'Próximo passo', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Agendar depois da validade?' });
  await expect(dialog).toContainText(`Hospital (válida até ${br(validUntil)})`);
  await dialog.getByRole('button', { name: 'Não, escolher outra data' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: 'Agendamento de cirurgia', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Próximo passo', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Agendar depois da validade?' }).getByRole('button', { name: 'Sim, agendar' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Realização de cirurgia', exact: true })).toBeVisible();
});
