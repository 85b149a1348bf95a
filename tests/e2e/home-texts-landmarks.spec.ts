import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiHeaders, clickNavLink, DEMO_MEDIC, DEMO_PASSWORD, DEMO_SECRETARY, laterCard, signIn, signOut, signUpMedic, validCpf } from './helpers';

/**
 * What the third-party judges and a surgeon's office found on screen (issues 25 and 33.14/33.20), each asserted
 * directly, at 1366 and 390 px: the signed-out pages' brand is their banner and the phone's illustration never sits
 * under the card; the header's initials button is named with its initials; the greeting is a heading; 'Primeiros
 * passos' can be hidden (remembered per user) and brought back; another day's empty list says 'este dia'; the
 * settings' two deadline forms each have their own button name; the patient archive's toast shows inside the
 * viewport and outside the modal's inert page; /surgery-details names its stages once (SPEC §3), with no aria-label
 * on a span; the secretary's role reads 'Secretária'.
 */

const WIDTHS = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Whether two boxes overlap. */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

/** The São Paulo date `days` from today, yyyy-MM-dd. */
function saoPauloDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const ddMM = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

async function openMenuLink(page: Page, name: string) {
  await clickNavLink(page, name, { exact: true });
}

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    test.setTimeout(240_000);

    test('the signed-out pages: the brand is the banner, the illustration never under the card', async ({ page }) => {
      for (const path of ['/auth', '/signup']) {
        await page.goto(path);
        await expect(page.getByRole('main')).toBeVisible();
        const banner = page.getByRole('banner');
        await expect(banner).toHaveCount(1);
        await expect(banner).toContainText('Cirurgias');
        await expect(banner).toContainText('Do pedido cirúrgico ao honorário recebido.');
        const card = await box(page.getByRole('main'));
        const images = page.locator('img[src="/signup-image.svg"]');
        for (let index = 0; index < (await images.count()); index += 1) {
          const image = images.nth(index);
          if (!(await image.isVisible())) continue;
          expect(overlaps(await box(image), card), `${path}: the illustration overlaps the card`).toBe(false);
        }
      }
    });

    test("a new medic's home, settings and patient archive", async ({ page, request }) => {
      const medic = await signUpMedic(request, { label: 'passos', firstName: 'Diego', lastName: 'Castro', nickname: 'Dr. Castro' });
      const headers = await apiHeaders(request, medic.email, medic.password);
      const stamp = Date.now() % 100_000_000;
      const patientName = `Iracema Arquivo ${stamp}`;
      const created = await request.post('/surgery/api/v1/add_paciente/', {
        headers,
        multipart: { nome_completo: patientName, cellphone: '11987654321', cpf: validCpf(stamp + 11), gender: 'female' },
      });
      expect(created.status(), await created.text()).toBe(201);
      await signIn(page, medic.email, medic.password);

      // The greeting is a heading; the header's button shows 'DC' and its name starts with it (WCAG 2.5.3).
      await expect(page.getByRole('heading', { level: 2, name: 'Olá, Dr. Castro!', exact: true })).toBeVisible();
      const photoButton = page.getByRole('banner').getByRole('button', { name: 'DC: alterar foto do perfil', exact: true });
      await expect(photoButton).toBeVisible();
      await expect(photoButton).toHaveText('DC');

      // 'Primeiros passos': hidden on request, still hidden after a reload, brought back.
      const firstSteps = page.getByRole('region', { name: 'Primeiros passos' });
      await expect(firstSteps).toBeVisible();
      await firstSteps.getByRole('button', { name: 'Ocultar', exact: true }).click();
      await expect(firstSteps).toHaveCount(0);
      const show = page.getByRole('button', { name: 'Mostrar primeiros passos', exact: true });
      await expect(show).toBeFocused();
      await page.reload();
      await expect(page.getByRole('region', { name: 'Resumo' })).toBeVisible();
      await expect(show).toBeVisible();
      await expect(firstSteps).toHaveCount(0);

      // Another medic signing in on the same browser still sees his own; back as Diego, it is still hidden.
      const other = await signUpMedic(request, { label: 'passos', firstName: 'Bruno', lastName: 'Lima' });
      await signOut(page);
      await signIn(page, other.email, other.password);
      await expect(firstSteps).toBeVisible();
      await signOut(page);
      await signIn(page, medic.email, medic.password);
      await expect(show).toBeVisible();
      await show.click();
      await expect(firstSteps).toBeVisible();
      await page.reload();
      await expect(firstSteps).toBeVisible();

      // The day list: SPEC's text for an empty today, 'este dia' for another day (the URL's `day`).
      const today = saoPauloDay(0);
      await expect(page.getByRole('region', { name: `Pacientes do dia ${ddMM(today)}` }).getByText('Não há nada para hoje', { exact: true })).toBeVisible();
      const later = saoPauloDay(3);
      await page.goto(`/?day=${later}`);
      const laterList = page.getByRole('region', { name: `Pacientes do dia ${ddMM(later)}` });
      await expect(laterList.getByText('Não há nada para este dia', { exact: true })).toBeVisible();
      await expect(laterList.getByText('Não há nada para hoje')).toHaveCount(0);

      // Configurações: one button per deadline form, each named for what it saves.
      await openMenuLink(page, 'Configurações');
      await expect(page.getByRole('heading', { name: 'Prazos por etapa' })).toBeVisible();
      await laterCard(page, 'Prazos por etapa');
      await laterCard(page, 'Prazos de pagamento');
      await expect(page.getByRole('button', { name: 'Salvar prazos', exact: true })).toHaveCount(1);
      await expect(page.getByRole('form', { name: 'Prazos de pagamento' }).getByRole('button', { name: 'Salvar prazos', exact: true })).toBeVisible();
      await expect(page.getByRole('form', { name: 'Prazos por etapa' }).getByRole('button', { name: 'Salvar prazos por etapa', exact: true })).toBeVisible();

      // The patient archive from the patient modal: its toast inside the viewport, and live (not in the inert page).
      await openMenuLink(page, 'Adicionar paciente');
      await page.getByLabel('Buscar paciente pelo nome').fill(patientName);
      await page.getByRole('list', { name: 'Lista de pacientes' }).getByRole('button', { name: new RegExp(patientName) }).click();
      await page.getByRole('button', { name: 'Visualizar paciente' }).click();
      const detail = page.getByRole('dialog', { name: patientName });
      await expect(detail).toBeVisible();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        detail.getByRole('button', { name: 'Exportar dados do paciente (LGPD)' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^dados-paciente-\d+-\d{4}-\d{2}-\d{2}\.zip$/);
      const toast = page.getByRole('status').filter({ hasText: 'Arquivo de dados do paciente baixado.' });
      await expect(toast).toBeVisible();
      await expect(detail).toBeVisible();
      // react-hot-toast slides the toast in from above the viewport: it must come to rest inside it.
      await expect.poll(async () => (await box(toast)).y).toBeGreaterThanOrEqual(0);
      const toastBox = await box(toast);
      expect(toastBox.x).toBeGreaterThanOrEqual(0);
      expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(size.width);
      expect(await toast.evaluate((element) => element.closest('[inert], [aria-hidden="true"]') === null)).toBe(true);
    });

    test('the secretary: her role, and /surgery-details names each stage once', async ({ page, request }) => {
      await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
      await expect(page.getByRole('heading', { level: 2, name: /^Olá, / })).toBeVisible();
      if (size.width >= 768) await expect(page.getByRole('banner').getByText('Secretária', { exact: true })).toBeVisible();
      else await expect(page.getByRole('banner').getByText('Secretária', { exact: true })).toHaveCount(1);

      const headers = await apiHeaders(request, DEMO_MEDIC);
      const list = await request.get('/surgery/api/v1/surgery/?status__in=env_doc&limit=1', { headers });
      const surgery = ((await list.json()) as { results: { id: number; patient: { nome_completo: string } }[] }).results[0]!;
      await page.evaluate((id) => {
        const previous = (history.state ?? {}) as { __TSR_index?: number };
        const key = Math.random().toString(36).slice(2, 10);
        history.pushState({ id, key, __TSR_key: key, __TSR_index: (previous.__TSR_index ?? 0) + 1 }, '', '/surgery-details');
      }, surgery.id);
      await expect(page.getByRole('heading', { name: surgery.patient.nome_completo })).toBeVisible();
      // The header's badge, the step bar's current step and the panel's title: one name, SPEC's.
      await expect(page.getByText('Etapa atual: Envio de documentação (Hospital)', { exact: true })).toBeVisible();
      const current = page.locator('[aria-current="step"]');
      await expect(current.getByRole('button')).toHaveAccessibleName('Abrir a etapa 3: Envio de documentação (Hospital)');
      await expect(page.getByRole('heading', { level: 2, name: 'Envio de documentação (Hospital)', exact: true })).toBeVisible();
      await expect(page.getByRole('group', { name: 'Etapas da cirurgia' })).not.toContainText('Indicação do paciente');
      // No aria-label on an element without a role that allows one (a span, a div).
      expect(await page.locator('span[aria-label]:not([role]), div[aria-label]:not([role])').count()).toBe(0);
    });
  });
}
