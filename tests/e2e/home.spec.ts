import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  type ApiHeaders,
  apiHeaders,
  DEMO_MEDIC,
  DEMO_PASSWORD,
  DEMO_SECRETARY,
  requestedAssets,
  signIn,
  signOut,
} from './helpers';
import { moveCase, MOVES, newPatientCase } from './cases';

/**
 * The two homes (SPEC §2 Doctor home, Secretary home; DECISIONS §5, §6, §11) on the seeded demo data. Every expected
 * value is read from the API in the test (with the page's own token, or a token of the same account) and computed
 * here, independently of the SPA's code: the dashboard figures, the month's marked days, the day's patients and the
 * colour of the status-change rows.
 */

const ACTIVE = ['ind_paciente', 'prep_doc', 'env_doc', 'autorizacao', 'agendamento', 'realizacao', 'pagamento'];
const AGENDA = [...ACTIVE, 'concluido'];

type ApiSurgery = {
  id: number;
  status: string;
  schedule: string | null;
  status_changed_at: string;
  days_in_stage: number | null;
  stage_target_days: number | null;
  overdue: boolean;
  patient: { nome_completo: string; cellphone: string | null };
};

// ---- São Paulo calendar, computed here on its own (not with the SPA's helpers) ----

function spDay(instant: Date | string): string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return format.format(new Date(instant));
}

function daysBetween(from: string, to: string): number {
  const utc = (day: string) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/** 'yyyy-MM-dd' → 'dd/MM' (the day list's title). */
function ddMM(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}`;
}

/** The day's name in React Aria's cell label, e.g. '5 de novembro de 2026'. */
function dayLabel(day: string): RegExp {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const month = new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
  return new RegExp(`\\b${d} de ${month} de ${y}`);
}

/** BRL as pt-BR writes it (toHaveText folds the no-break space after R$ into a plain one). */
function brl(value: number): string {
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value);
}

/**
 * The row colour, written out again here (third week: one clock, DECISIONS §15's): the server's overdue is danger,
 * the target's last day warning, anything before success. Realização counts from the surgery, so the picks below
 * leave it out (its days in stage are not what its target counts).
 */
function expectedTone(surgery: ApiSurgery): 'success' | 'warning' | 'danger' | null {
  if (surgery.days_in_stage === null || surgery.stage_target_days === null) return null;
  if (surgery.overdue) return 'danger';
  if (surgery.status === 'realizacao') return null;
  return surgery.days_in_stage === surgery.stage_target_days ? 'warning' : 'success';
}

// ---- API access ----

async function pageToken(page: Page): Promise<ApiHeaders> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return { Authorization: `Bearer ${token}` };
}

async function getJson<T>(request: APIRequestContext, headers: ApiHeaders, path: string): Promise<T> {
  const answer = await request.get(path, { headers });
  expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
  return (await answer.json()) as T;
}

async function dayCases(request: APIRequestContext, headers: ApiHeaders, day: string): Promise<ApiSurgery[]> {
  const body = await getJson<{ results: ApiSurgery[] }>(
    request,
    headers,
    `/surgery/api/v1/surgery/?is_schedule=true&date=${day}&status__in=${AGENDA.join(',')}&limit=100`,
  );
  return body.results;
}

/**
 * A new case moved through the API to realizacao, scheduled for yesterday (São Paulo) at 08:00: its status changed
 * just now, so its target (2 days) counts from today (the later of the stage's first day and the surgery's): on time.
 */
async function lateScheduledCase(request: APIRequestContext, headers: ApiHeaders): Promise<string> {
  const { id, name } = await newPatientCase(request, headers, 'Atrasada Agenda', { fees: 4200 });
  const yesterday = spDay(new Date(Date.now() - 86_400_000));
  await moveCase(request, headers, id, [
    MOVES.toPrepDoc,
    MOVES.toEnvDoc,
    MOVES.toAuthorization(yesterday),
    MOVES.hospitalApproved,
    MOVES.toScheduling,
    MOVES.toSurgery(yesterday),
  ]);
  return name;
}

// ---- Page parts ----

function region(page: Page, name: string | RegExp): Locator {
  return page.getByRole('region', { name });
}

function calendarDay(page: Page, day: string): Locator {
  return region(page, 'Cirurgias do mês').getByRole('grid').getByRole('button', { name: dayLabel(day) });
}

async function dayListNames(page: Page, day: string): Promise<string[]> {
  const panel = region(page, `Pacientes do dia ${ddMM(day)}`);
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('status')).toHaveCount(0);
  return panel.getByRole('listitem').locator('strong').allTextContents();
}

test("each role's home downloads its own panels, not the other role's (issue 15)", async ({ page }) => {
  const panels = requestedAssets(page, /\/assets\/(MedicHome|SecretaryHome)-[^/]*\.js$/);
  await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
  await expect(region(page, 'Resumo')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(panels).toEqual(['MedicHome']);

  await signOut(page);
  panels.length = 0;
  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await expect(region(page, 'Autorizações a vencer')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(panels).toEqual(['SecretaryHome']);
});

test.describe('doctor home', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
  });

  test("'Resumo' shows the dashboard's four figures", async ({ page, request }) => {
    const { data } = await getJson<{
      data: { authorized_surgery: number; pending_surgery: number; payment_done_month: number; fees_payments_month: number };
    }>(request, await pageToken(page), '/surgery/api/v1/dashboard/');
    const summary = region(page, 'Resumo');
    const figure = (label: string) => summary.locator('[data-figure]').filter({ hasText: label }).locator('dd:not([data-note])');
    await expect(figure('Cirurgias autorizadas')).toHaveText(String(data.authorized_surgery));
    await expect(figure('Cirurgia pendentes')).toHaveText(String(data.pending_surgery));
    await expect(figure('Valor recebido no mês (R$)')).toHaveText(brl(data.payment_done_month));
    await expect(figure('Honorários a receber (R$)')).toHaveText(brl(data.fees_payments_month));
    // The seed always has cases in both groups (DECISIONS §5), so the figures are not trivially zero.
    expect(data.authorized_surgery).toBeGreaterThan(0);
    expect(data.pending_surgery).toBeGreaterThan(0);
  });

  test('a stage of "Distribuição por etapa (total)" opens /surgery-status listing only that stage', async ({ page, request }) => {
    const { data } = await getJson<{ data: { distribution: Record<string, number> } }>(
      request,
      await pageToken(page),
      '/surgery/api/v1/dashboard/',
    );
    const panel = region(page, 'Distribuição por etapa (total)');
    const stages = panel.getByRole('button');
    await expect(stages).toHaveCount(7);
    expect(await stages.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-stage')))).toEqual(ACTIVE);
    const count = data.distribution.autorizacao ?? 0;
    expect(count).toBeGreaterThan(0);
    const stage = panel.getByRole('button', { name: /^Autorização:/ });
    await expect(stage).toContainText(`Autorização${count}`);

    await stage.click();
    await expect(page).toHaveURL(/\/surgery-status\?stage=autorizacao$/);
    await expect(page.getByText('Mostrando a etapa')).toBeVisible();
    await expect(page.locator('strong', { hasText: 'Autorização' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Etapas/ })).toHaveCount(0);
    const table = page.getByRole('table', { name: 'Cirurgias' });
    await expect(page.getByText(`${count} de ${count} cirurgias`)).toBeVisible();
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    await expect(table.locator('tbody tr')).toHaveCount(count);
    // A medic's list has no 'Médico(a)' column: the stage is the fifth.
    // The stage's name, without an authorization warning's spoken text beside it (issue 13).
    const shown = (await table.locator('tbody tr td:nth-child(5)').allTextContents()).map((text) => text.replace(/Aviso de autorização:.*$/s, ''));
    expect(new Set(shown)).toEqual(new Set(['Autorização']));
  });

  test("the calendar marks the month's days; a day shows its patients, 'Ver status' and WhatsApp", async ({ page, request }) => {
    const headers = await pageToken(page);
    const today = spDay(new Date());
    const month = today.slice(0, 7);
    const marked = await getJson<{ results: { date: string; count: number }[] }>(
      request,
      headers,
      `/surgery/api/v1/schedule_days/?month=${month}&status__in=${AGENDA.join(',')}`,
    );
    expect(marked.results.length).toBeGreaterThan(1);

    // Marks: exactly the API's days, each described with its count.
    const calendar = region(page, 'Cirurgias do mês');
    await expect(calendar.locator('[data-marked]')).toHaveCount(marked.results.length);
    for (const { date, count } of marked.results) {
      await expect(calendarDay(page, date)).toHaveAttribute('data-marked', 'true');
      await expect(calendarDay(page, date)).toHaveAccessibleDescription(count === 1 ? '1 cirurgia' : `${count} cirurgias`);
    }

    // Today first: the API's patients of the day, in order.
    const todays = await dayCases(request, headers, today);
    expect(todays.length).toBeGreaterThan(0);
    expect(await dayListNames(page, today)).toEqual(todays.map((s) => s.patient.nome_completo));

    // WhatsApp: 55 + the digits of the cellphone, in a new tab.
    const withPhone = todays.find((s) => s.patient.cellphone);
    expect(withPhone).toBeDefined();
    const row = region(page, `Pacientes do dia ${ddMM(today)}`)
      .getByRole('listitem')
      .filter({ hasText: withPhone!.patient.nome_completo });
    const whatsapp = row.first().getByRole('link', { name: /WhatsApp/ });
    await expect(whatsapp).toHaveAttribute('href', `https://wa.me/55${withPhone!.patient.cellphone!.replace(/\D/g, '')}`);
    await expect(whatsapp).toHaveAttribute('target', '_blank');
    await expect(whatsapp).toHaveAttribute('rel', /noopener/);

    // Another marked day: the title and the rows follow.
    const other = marked.results.find((day) => day.date !== today)!;
    await calendarDay(page, other.date).click();
    const others = await dayCases(request, headers, other.date);
    expect(others).toHaveLength(other.count);
    expect(await dayListNames(page, other.date)).toEqual(others.map((s) => s.patient.nome_completo));
    await expect(region(page, `Pacientes do dia ${ddMM(today)}`)).toHaveCount(0);

    // A day without cases.
    const markedDays = new Set(marked.results.map((day) => day.date));
    const monthDays = Array.from({ length: 28 }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
    const free = monthDays.find((d) => !markedDays.has(d))!;
    await calendarDay(page, free).click();
    // SPEC's 'Não há nada para hoje' is today's text; another day's empty list says 'este dia'.
    const emptyText = free === today ? 'Não há nada para hoje' : 'Não há nada para este dia';
    await expect(region(page, `Pacientes do dia ${ddMM(free)}`).getByText(emptyText, { exact: true })).toBeVisible();

    // 'Ver status' opens the case.
    await calendarDay(page, other.date).click();
    const first = others[0]!;
    await region(page, `Pacientes do dia ${ddMM(other.date)}`)
      .getByRole('listitem')
      .filter({ hasText: first.patient.nome_completo })
      .first()
      .getByRole('link', { name: 'Ver status' })
      .click();
    await expect(page).toHaveURL(/\/surgery-details\/\d+$/);
    await expect(page.getByRole('heading', { name: first.patient.nome_completo })).toBeVisible();
    await expect(page.getByText(`Cirurgia nº ${first.id}`)).toBeVisible();
  });

  test('the next month is marked from its own answer', async ({ page, request }) => {
    const headers = await pageToken(page);
    const [y, m] = spDay(new Date()).split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    const marked = await getJson<{ results: { date: string }[] }>(
      request,
      headers,
      `/surgery/api/v1/schedule_days/?month=${next}&status__in=${AGENDA.join(',')}`,
    );
    const calendar = region(page, 'Cirurgias do mês');
    await expect(calendar.locator('[data-marked]').first()).toBeVisible();
    await calendar.getByRole('button', { name: 'Próximo mês' }).click();
    await expect(calendar.locator('[data-marked]')).toHaveCount(marked.results.length);
    for (const { date } of marked.results) await expect(calendarDay(page, date)).toHaveAttribute('data-marked', 'true');
  });
});

test.describe('secretary home', () => {
  test('the stage filter starts on the seven active stages, and changing it changes the rows', async ({ page, request }) => {
    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    const panel = region(page, 'Alterações de status');
    const filter = panel.getByRole('button', { name: /Etapas/ });
    await expect(filter).toContainText('Filtros selecionado');
    await expect(filter).toContainText('7');

    const headers = await pageToken(page);
    const active = await getJson<{ count: number }>(
      request,
      headers,
      `/surgery/api/v1/surgery/?ordering=-status_changed_at&status__in=${ACTIVE.join(',')}&limit=1`,
    );
    await expect(panel.getByText(new RegExp(`^\\d+ de ${active.count} cirurgias$`))).toBeVisible();

    await filter.click();
    const options = page.getByRole('option');
    for (const label of ['Cadastro de Cirurgia', 'Autorização', 'Pagamento de honorário']) {
      await expect(options.filter({ hasText: label })).toHaveAttribute('aria-selected', 'true');
    }
    for (const label of ['Concluído', 'Cancelado', 'Arquivado', 'Todos']) {
      await expect(options.filter({ hasText: new RegExp(`^${label}$`) })).toHaveAttribute('aria-selected', 'false');
    }

    // Only Concluído.
    await page.getByRole('option', { name: 'Todos' }).click();
    await expect(filter).toContainText('Todos selecionado');
    await page.getByRole('option', { name: 'Todos' }).click();
    await expect(filter).toContainText('Selecionar...');
    await page.getByRole('option', { name: 'Concluído' }).click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    const table = panel.getByRole('table', { name: 'Alterações de status' });
    const done = await getJson<{ count: number }>(request, headers, '/surgery/api/v1/surgery/?status__in=concluido&limit=1');
    expect(done.count).toBeGreaterThan(0);
    await expect(panel.getByText(`${Math.min(done.count, 20)} de ${done.count} cirurgias`)).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(Math.min(done.count, 20));
    const stages = await table.locator('tbody tr td:nth-child(6)').evaluateAll((cells) =>
      cells.map((cell) => cell.firstChild?.textContent ?? ''),
    );
    expect(new Set(stages)).toEqual(new Set(['Concluído']));

    // Cleared: no status__in, so every stage but concluido.
    await filter.click();
    await page.getByRole('option', { name: 'Concluído' }).click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(filter).toContainText('Selecionar...');
    const cleared = await getJson<{ count: number }>(request, headers, '/surgery/api/v1/surgery/?limit=1');
    await expect(panel.getByText(new RegExp(`^\\d+ de ${cleared.count} cirurgias$`))).toBeVisible();
    const clearedStages = await table.locator('tbody tr td:nth-child(6)').evaluateAll((cells) =>
      cells.map((cell) => cell.firstChild?.textContent ?? ''),
    );
    expect(clearedStages.length).toBeGreaterThan(0);
    expect(clearedStages).not.toContain('Concluído');
  });

  test('rows are coloured by the days-in-stage clock (one clock), say it in words, and open the case', async ({ page, request }) => {
    const headers = await apiHeaders(request, DEMO_SECRETARY);
    const lateName = await lateScheduledCase(request, headers);

    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    const panel = region(page, 'Alterações de status');
    const legend = panel.getByRole('note', { name: 'O que as cores indicam' });
    await expect(legend).toContainText('No prazo: a etapa ainda está dentro do prazo dela (Prazos por etapa)');
    await expect(legend).toContainText('Último dia: o prazo da etapa termina hoje');
    await expect(legend).toContainText('Atrasado: passou do prazo da etapa (na realização, contado a partir do dia da cirurgia)');

    // The list as the API orders it, and one case of each kind whose patient appears once in it.
    const list = await getJson<{ results: ApiSurgery[] }>(
      request,
      headers,
      `/surgery/api/v1/surgery/?ordering=-status_changed_at&status__in=${ACTIVE.join(',')}&limit=200`,
    );
    const today = spDay(new Date());
    const unique = list.results.filter(
      (s) => list.results.filter((other) => other.patient.nome_completo === s.patient.nome_completo).length === 1,
    );
    const byTone = (tone: string) => unique.find((s) => s.patient.nome_completo !== lateName && expectedTone(s) === tone);
    const sinceChange = (surgery: ApiSurgery | undefined, word: string) => {
      const days = surgery ? daysBetween(spDay(surgery.status_changed_at), today) : -1;
      return `${word} · ${days === 0 ? 'mudou hoje' : days === 1 ? 'há 1 dia' : `há ${days} dias`}`;
    };
    const success = byTone('success');
    const warning = byTone('warning');
    const danger = byTone('danger');
    const late = list.results.find((s) => s.patient.nome_completo === lateName);
    const picks = [
      { surgery: success, tone: 'success', text: sinceChange(success, 'No prazo') },
      // The demo's days move on; a case on its target's last day is there on most days, not all.
      ...(warning ? [{ surgery: warning, tone: 'warning', text: sinceChange(warning, 'Último dia') }] : []),
      { surgery: danger, tone: 'danger', text: sinceChange(danger, 'Atrasado') },
      { surgery: late, tone: 'success', text: 'No prazo · mudou hoje' },
    ];
    const colours = { success: 'rgb(228, 244, 236)', warning: 'rgb(253, 243, 225)', danger: 'rgb(251, 233, 231)' };

    const table = panel.getByRole('table', { name: 'Alterações de status' });
    const loadMore = panel.getByRole('button', { name: 'Carregar mais' });
    await expect(panel.getByText(/^\d+ de \d+ cirurgias$/)).toBeVisible();
    for (const { surgery, tone, text } of picks) {
      expect(surgery, `a case for "${text}"`).toBeDefined();
      const name = page.locator('td:first-child', { hasText: surgery!.patient.nome_completo });
      const row = table.locator('tbody tr').filter({ has: name });
      while ((await row.count()) === 0 && (await loadMore.isVisible())) {
        const shown = await table.locator('tbody tr').count();
        await loadMore.click();
        await expect(table.locator('tbody tr')).not.toHaveCount(shown);
      }
      const note = row.locator('[data-tone]');
      await expect(note, surgery!.patient.nome_completo).toHaveAttribute('data-tone', tone);
      await expect(note).toHaveText(text);
      await expect(row).toHaveCSS('background-color', colours[tone as keyof typeof colours]);
      // One clock: a red row is the row whose 'Na etapa' says 'Atrasado', and only that one.
      await expect(row.locator('[data-overdue]')).toHaveCount(tone === 'danger' ? 1 : 0);
    }
    // The case that reached realizacao today for yesterday's surgery: its target counts from the later of the two
    // days (today), and its clock says what the target counts.
    const lateRow = table.locator('tbody tr').filter({ has: page.locator('td:first-child', { hasText: lateName }) });
    await expect(lateRow.locator('[title="0 dias na etapa (prazo: 2 dias)"]')).toHaveCount(1);

    // The late case sits on top (its status changed last) and opens its details.
    await expect(table.locator('tbody tr').first()).toContainText(lateName);
    await table.locator('tbody tr').first().click();
    await expect(page).toHaveURL(/\/surgery-details\/\d+$/);
    await expect(page.getByRole('heading', { name: lateName })).toBeVisible();
  });
});

test.describe('homes on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const [who, email] of [
    ['doctor', DEMO_MEDIC],
    ['secretary', DEMO_SECRETARY],
  ] as const) {
    test(`the ${who}'s panels stack without sideways scrolling`, async ({ page }) => {
      await signIn(page, email, DEMO_PASSWORD);
      await expect(page).toHaveURL(/\/$/);
      const calendar = region(page, 'Cirurgias do mês');
      const day = region(page, /^Pacientes do dia /);
      await expect(calendar.locator('[data-marked]').first()).toBeVisible();
      await expect(day.getByRole('listitem').first()).toBeVisible();
      // On a phone the day's patients come first, the calendar under them (issue 33 item 13).
      const [a, b] = [await calendar.boundingBox(), await day.boundingBox()];
      expect(a!.y).toBeGreaterThanOrEqual(b!.y + b!.height);
      if (who === 'secretary') {
        const changes = region(page, 'Alterações de status');
        // Cards instead of the table.
        await expect(changes.getByRole('list', { name: 'Alterações de status' }).getByRole('listitem').first()).toBeVisible();
        await expect(changes.getByRole('table')).toBeHidden();
      } else {
        await expect(region(page, 'Resumo').locator('dd').first()).toBeVisible();
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
    });
  }
});
