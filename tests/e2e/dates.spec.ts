import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiHeaders, type ApiHeaders, DEMO_PASSWORD, DEMO_SECRETARY, expectNoSeriousA11yViolations, holdRequests, signIn } from './helpers';
import { moveCase, MOVES, newPatientCase } from './cases';

/**
 * What a surgeon's office hit in its third week, on /surgery-details as the demo secretary: the documents' sending
 * date refused after today; the approvals that ask before a formal 'Negada' or before approving over a 'Parcial'
 * record, say 'Salvando...' while saved and show only why a box does not apply; a surgery recorded before its
 * scheduled day and a schedule on a past day asked first; the case header's 'Realizada em'. Screenshots at 1366 and
 * 390 px go to test-results/ for a person to look at.
 */

/** yyyy-MM-dd in São Paulo, `days` from today. */
function spDay(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + days * 86_400_000));
}

/** dd/MM/yyyy of a yyyy-MM-dd day. */
function br(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

/**
 * Opens a case from /surgery-status (its default filter lists the active stages), found by the patient's name. The
 * row is clicked once the search's read has landed: clicked while the table re-renders, it missed once on a loaded CI
 * machine.
 */
async function openCase(page: Page, name: string): Promise<void> {
  await page.goto('/surgery-status');
  await page.getByLabel('Buscar paciente').fill(name);
  await expect(page).toHaveURL(/[?&]q=/);
  const table = page.getByRole('table', { name: 'Cirurgias' });
  const row = table.locator('tbody tr', { hasText: name });
  await expect(row).toHaveCount(1);
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await row.click();
  await expect(page).toHaveURL(/\/surgery-details\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

async function statusOf(request: APIRequestContext, headers: ApiHeaders, id: number): Promise<Record<string, unknown>> {
  const answer = await request.get(`/surgery/api/v1/surgery/${id}/`, { headers });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as Record<string, unknown>;
}

function switchOf(page: Page, name: string) {
  return page.getByRole('switch', { name });
}

/** React Aria renders the switch's input visually hidden: click its label, as a person does. */
async function clickSwitch(page: Page, name: string): Promise<void> {
  await page.locator('label', { has: switchOf(page, name) }).click();
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

test.describe('third week: dates and approvals', () => {
  test.setTimeout(150_000);
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the sending date after today is refused by the form, with the sending record’s message', async ({ page, request }) => {
    const headers = await apiHeaders(request, DEMO_SECRETARY);
    const { id, name } = await newPatientCase(request, headers, 'Envio Futuro');
    await moveCase(request, headers, id, [MOVES.toPrepDoc, MOVES.toEnvDoc]);
    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await openCase(page, name);

    const sentOn = page.getByLabel('Data de envio da documentação');
    await sentOn.pressSequentially(br(spDay(9)).replaceAll('/', ''));
    await page.getByRole('button', { name: 'Próximo passo', exact: true }).click();
    await expect(page.getByText('A data não pode ser depois de hoje!')).toBeVisible();
    expect((await statusOf(request, headers, id)).status).toBe('env_doc');
    expect((await statusOf(request, headers, id)).document_arrivals).toBeNull();
  });

  test('approvals: off asks before a formal Negada, on over Parcial asks and keeps it, a save shows its busy state, a box that does not apply says why', async ({ page, request }) => {
    const headers = await apiHeaders(request, DEMO_SECRETARY);
    const { id, name } = await newPatientCase(request, headers, 'Aprovações Claras', { opme: true });
    await moveCase(request, headers, id, [MOVES.toPrepDoc, MOVES.toEnvDoc, MOVES.toAuthorization(spDay(-3))]);
    const partial = await request.put(`/surgery/api/v1/surgery/${id}/authorizations/opme/`, {
      headers,
      data: { status: 'parcial', requested_on: spDay(-2), protocol: 'OPME-1', password: null, decided_on: spDay(-1), valid_until: null, notes: null },
    });
    expect(partial.status(), await partial.text()).toBe(200);
    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await openCase(page, name);
    await expect(page.getByRole('heading', { level: 2, name: 'Autorização', exact: true })).toBeVisible();

    // A private case: the plan's box says only why it does not apply.
    const plan = page.locator('[data-approval="plan"]');
    await expect(plan).toHaveText('Aprovação do convênioNão se aplicaA fonte pagadora não é plano de saúde.');
    await expect(switchOf(page, 'Aprovação do convênio: Aprovada')).toHaveCount(0);

    // The hospital on: saved at once, with its busy state shown while the server answers.
    const { release } = await holdRequests(page, '**/surgery/api/v1/update/**');
    await clickSwitch(page, 'Aprovação do hospital: Aprovada');
    const hospital = page.locator('[data-approval="hospital"]');
    await expect(hospital.getByRole('status').filter({ hasText: 'Salvando...' })).toBeVisible();
    await expect(hospital.locator('[aria-busy="true"]')).toHaveCount(1);
    await expect(switchOf(page, 'Aprovação do hospital: Aprovada')).toBeDisabled();
    await expect(switchOf(page, 'Aprovação de OPME: Aprovada')).toBeDisabled();
    await shoot(page, `approval-saving-${page.viewportSize()?.width}`);
    const answered = page.waitForResponse((response) => response.url().includes('/surgery/api/v1/update/'));
    release();
    expect((await answered).status()).toBe(200);
    await page.unroute('**/surgery/api/v1/update/**');
    await expect(switchOf(page, 'Aprovação do hospital: Aprovada')).toBeChecked();
    await expect(hospital.getByText('Salvando...')).toHaveCount(0);

    // Off asks first; keeping it changes nothing.
    await clickSwitch(page, 'Aprovação do hospital: Aprovada');
    const deny = page.getByRole('alertdialog', { name: 'Registrar como negada?' });
    await expect(deny).toContainText(
      'Desligar a aprovação registra a autorização do hospital como Negada, com a data de hoje: é a recusa formal de quem autoriza, não um "ainda não". Se foi um clique por engano, mantenha a aprovação.',
    );
    await expect(deny.getByRole('button', { name: 'Manter aprovada' })).toBeFocused();
    await expectNoSeriousA11yViolations(page, { label: 'confirmação de negada' });
    await shoot(page, `approval-deny-${page.viewportSize()?.width}`);
    await deny.getByRole('button', { name: 'Manter aprovada' }).click();
    await expect(deny).toBeHidden();
    await expect(switchOf(page, 'Aprovação do hospital: Aprovada')).toBeChecked();
    const records = async () =>
      ((await (await request.get(`/surgery/api/v1/surgery/${id}/authorizations/`, { headers })).json()) as { results: { payer: string; status: string }[] }).results;
    expect((await records()).find((r) => r.payer === 'hospital')?.status).toBe('aprovada');
    // Confirmed, it is a Negada.
    await clickSwitch(page, 'Aprovação do hospital: Aprovada');
    await deny.getByRole('button', { name: 'Sim, registrar como negada' }).click();
    await expect(deny).toBeHidden();
    await expect(hospital.getByText('Negada', { exact: true }).first()).toBeVisible();
    await expect(switchOf(page, 'Aprovação do hospital: Aprovada')).not.toBeChecked();
    expect((await records()).find((r) => r.payer === 'hospital')?.status).toBe('negada');

    // The OPME record says Parcial: approving asks, and the record keeps its answer.
    const opme = page.locator('[data-approval="opme"]');
    await clickSwitch(page, 'Aprovação de OPME: Aprovada');
    const overPartial = page.getByRole('alertdialog', { name: 'Aprovar uma autorização parcial?' });
    await expect(overPartial).toContainText(
      'Quem autoriza aprovou só parte do pedido: a autorização de OPME está registrada como Parcial. Ligar a aprovação deixa a cirurgia seguir com o que foi autorizado, e o registro continua como Parcial.',
    );
    await overPartial.getByRole('button', { name: 'Sim, aprovar' }).click();
    await expect(overPartial).toBeHidden();
    await expect(switchOf(page, 'Aprovação de OPME: Aprovada')).toBeChecked();
    await expect(opme.getByText('Aprovada · Parcial')).toBeVisible();
    expect((await records()).find((r) => r.payer === 'opme')?.status).toBe('parcial');
    await expectNoSeriousA11yViolations(page, { label: 'aprovações' });
    await plan.scrollIntoViewIfNeeded();
    await shoot(page, `approvals-${page.viewportSize()?.width}`);
  });

  test('a surgery recorded before its scheduled day asks first; the case then reads "Realizada em"', async ({ page, request }) => {
    const headers = await apiHeaders(request, DEMO_SECRETARY);
    const { id, name } = await newPatientCase(request, headers, 'Realizada Antes');
    await moveCase(request, headers, id, [
      MOVES.toPrepDoc,
      MOVES.toEnvDoc,
      MOVES.toAuthorization(spDay(-5)),
      MOVES.hospitalApproved,
      MOVES.toScheduling,
      MOVES.toSurgery(spDay(0)),
    ]);
    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await openCase(page, name);
    await expect(page.getByRole('heading', { level: 2, name: 'Realização de cirurgia', exact: true })).toBeVisible();

    const doneOn = page.getByLabel('Data da realização');
    await doneOn.fill('');
    await doneOn.pressSequentially(br(spDay(-1)).replaceAll('/', ''));
    await page.getByRole('button', { name: 'Próximo passo', exact: true }).click();
    const ask = page.getByRole('alertdialog', { name: 'Realizada antes do dia agendado?' });
    await expect(ask).toContainText(
      `A cirurgia estava agendada para ${br(spDay(0))}, e a data informada é ${br(spDay(-1))}, antes disso. Confirme que ela foi realizada em ${br(spDay(-1))}.`,
    );
    await shoot(page, `accomplished-early-${page.viewportSize()?.width}`);
    await ask.getByRole('button', { name: `Sim, realizada em ${br(spDay(-1))}` }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Pagamento de honorário', exact: true })).toBeVisible();
    // The header shows the recorded surgery, not the schedule.
    const header = page.locator('section[aria-labelledby="surgery-patient"]');
    await expect(header.getByText('Realizada em', { exact: true })).toBeVisible();
    await expect(header.locator('dd', { hasText: br(spDay(-1)) })).toBeVisible();
    await expect(header.getByText('Agendada para', { exact: true })).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, `accomplished-header-${page.viewportSize()?.width}`);
  });

  test('scheduling on a day that has passed is said beside the hour and asked before it is sent', async ({ page, request }) => {
    const headers = await apiHeaders(request, DEMO_SECRETARY);
    const { id, name } = await newPatientCase(request, headers, 'Agenda Passada');
    await moveCase(request, headers, id, [MOVES.toPrepDoc, MOVES.toEnvDoc, MOVES.toAuthorization(spDay(-30)), MOVES.hospitalApproved, MOVES.toScheduling]);
    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await openCase(page, name);
    await expect(page.getByRole('heading', { level: 2, name: 'Agendamento de cirurgia', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Mês anterior' }).click();
    await page.getByRole('grid').getByRole('button', { name: /\b10 de / }).click();
    const chosen = ((await page.getByText(/^Dia escolhido: /).textContent()) ?? '').replace('Dia escolhido: ', '');
    await expect(page.getByText(`${chosen} já passou: a cirurgia ficará agendada para uma data passada.`)).toBeVisible();
    await page.getByLabel('Hora').pressSequentially('0730');
    await page.getByRole('button', { name: 'Próximo passo', exact: true }).click();
    const ask = page.getByRole('alertdialog', { name: 'Agendar numa data que já passou?' });
    await expect(ask).toContainText(
      `O dia escolhido (${chosen}) é anterior a hoje. Se a cirurgia já aconteceu nesse dia, confirme; se foi um engano, escolha outro dia.`,
    );
    await expectNoSeriousA11yViolations(page, { label: 'agendar no passado' });
    await shoot(page, `schedule-past-${page.viewportSize()?.width}`);
    await ask.getByRole('button', { name: 'Não, escolher outro dia' }).click();
    await expect(ask).toBeHidden();
    expect((await statusOf(request, headers, id)).status).toBe('agendamento');
    await page.getByRole('button', { name: 'Próximo passo', exact: true }).click();
    await ask.getByRole('button', { name: `Sim, agendar em ${chosen}` }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Realização de cirurgia', exact: true })).toBeVisible();
    expect((await statusOf(request, headers, id)).status).toBe('realizacao');
  });
});

test.describe('on a phone (390 px)', () => {
  test('the approvals and their confirmation fit a phone', async ({ page, request }) => {
    test.setTimeout(120_000);
    const headers = await apiHeaders(request, DEMO_SECRETARY);
    const { id, name } = await newPatientCase(request, headers, 'Aprovações Telefone', { opme: true });
    await moveCase(request, headers, id, [MOVES.toPrepDoc, MOVES.toEnvDoc, MOVES.toAuthorization(spDay(-3)), MOVES.hospitalApproved]);
    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await openCase(page, name);
    // Opened from the desktop table, then looked at on a phone's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(switchOf(page, 'Aprovação do hospital: Aprovada')).toBeChecked();
    await page.locator('[data-approval="plan"]').scrollIntoViewIfNeeded();
    await shoot(page, 'approvals-390');
    await clickSwitch(page, 'Aprovação do hospital: Aprovada');
    const deny = page.getByRole('alertdialog', { name: 'Registrar como negada?' });
    await expect(deny).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: 'negada no telefone' });
    await shoot(page, 'approval-deny-390');
    await deny.getByRole('button', { name: 'Manter aprovada' }).click();
    await expect(switchOf(page, 'Aprovação do hospital: Aprovada')).toBeChecked();
  });
});
