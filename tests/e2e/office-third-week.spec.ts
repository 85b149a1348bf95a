import { expect, test, type Page } from '@playwright/test';
import { apiHeaders, DEMO_MEDIC, DEMO_PASSWORD, DEMO_SECRETARY, expectNoSeriousA11yViolations, signIn } from './helpers';
import { moveCase, movesToPayment, MOVES, newPatientCase } from './cases';

/**
 * Issue 33 item 13, as the office met it: on a phone the home starts with 'Pacientes do dia' (the list above the
 * calendar); the archive and cancel dialogs say how the two differ; a stale tab's refused save says what happened in
 * plain words and offers 'Recarregar o caso'; the page behind an open dialog (a Modal, the phone menu) is out of the
 * accessibility tree (read from Chromium's own tree, not the DOM).
 */

const ARCHIVE_DIFFERENCE =
  'Arquivar encerra um caso que não vai seguir antes do pagamento; ele fica guardado para consulta. O botão "Cancelar" abaixo só fecha esta janela.';
const CANCEL_DIFFERENCE =
  'Cancelar, na etapa de pagamento, encerra uma cirurgia cujo honorário não será recebido; antes dessa etapa, um caso que não vai seguir é arquivado.';
const STALE =
  'Este caso foi alterado por outra pessoa ou em outra aba depois que você o abriu, e a sua alteração não foi salva. Recarregue o caso para ver como ele está agora e, se ainda for preciso, faça a alteração de novo.';

/** Opens case `id` on /surgery-details (the page reads the id from the history entry's state). */
async function openCase(page: Page, id: number, name: string): Promise<void> {
  await page.evaluate((caseId) => {
    const previous = (history.state ?? {}) as { __TSR_index?: number };
    const key = Math.random().toString(36).slice(2, 10);
    history.pushState({ id: caseId, key, __TSR_key: key, __TSR_index: (previous.__TSR_index ?? 0) + 1 }, '', '/surgery-details');
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, id);
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

/** The names of the nodes Chromium's accessibility tree exposes (ignored nodes left out). */
async function exposedNames(page: Page): Promise<string[]> {
  const client = await page.context().newCDPSession(page);
  const { nodes } = (await client.send('Accessibility.getFullAXTree')) as { nodes: Array<{ ignored: boolean; name?: { value?: unknown } }> };
  await client.detach();
  return nodes.filter((node) => !node.ignored && typeof node.name?.value === 'string').map((node) => String(node.name!.value));
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.setTimeout(180_000);

  for (const [role, email] of [['secretary', DEMO_SECRETARY], ['medic', DEMO_MEDIC]] as const) {
    test(`the ${role}'s phone home starts with 'Pacientes do dia', above the calendar`, async ({ page }) => {
      await signIn(page, email, DEMO_PASSWORD);
      const regions = page.getByRole('main').getByRole('region');
      await expect(regions.first()).toHaveAccessibleName(/^Pacientes do dia \d{2}\/\d{2}$/);
      await expect(regions.nth(1)).toHaveAccessibleName('Cirurgias do mês');
      const listTop = (await regions.first().boundingBox())!.y;
      expect(listTop).toBeLessThan(844);
      await page.screenshot({ path: `test-results/home-${role}-390.png` });
      await expectNoSeriousA11yViolations(page, { label: `${role} phone home` });
    });
  }

  test('the phone menu leaves the page behind it out of the accessibility tree', async ({ page }) => {
    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page.getByRole('main').getByRole('region').first()).toBeVisible();
    expect(await exposedNames(page)).toContain('Abrir menu');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByRole('link', { name: 'Adicionar paciente' })).toBeVisible();
    const names = await exposedNames(page);
    expect(names).toContain('Adicionar paciente');
    expect(names).not.toContain('Abrir menu');
    expect(names.some((name) => name.startsWith('Pacientes do dia'))).toBe(false);
    expect(await page.locator('#conteudo').evaluate((element) => element.closest('[inert]') !== null)).toBe(true);
    await page.screenshot({ path: 'test-results/menu-390.png' });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeFocused();
    expect(await page.locator('[inert]').count()).toBe(0);
    expect(await exposedNames(page)).toContain('Abrir menu');
  });
});

for (const size of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });
    test.setTimeout(240_000);

    test('archive and cancel say how they differ; the page behind the dialog is inert', async ({ page, request }) => {
      const headers = await apiHeaders(request, DEMO_MEDIC);
      const early = await newPatientCase(request, headers, 'Arquivo Diferenca');
      const late = await newPatientCase(request, headers, 'Cancela Diferenca');
      await moveCase(request, headers, late.id, movesToPayment('2026-03-02', '2026-03-20'));

      await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
      await expect(page.getByRole('heading', { level: 2, name: /^Olá, / })).toBeVisible();
      await openCase(page, early.id, early.name);
      await page.getByRole('button', { name: 'Arquivar ciclo' }).click();
      const archive = page.getByRole('alertdialog', { name: 'Tem certeza?' });
      await expect(archive.getByText('O ciclo desta cirurgia será arquivado e ela não poderá mais ser alterada.', { exact: true })).toBeVisible();
      await expect(archive.getByText(ARCHIVE_DIFFERENCE, { exact: true })).toBeVisible();
      // The page behind: inert, and out of Chromium's accessibility tree.
      expect(await page.locator('#root').evaluate((element) => (element as HTMLElement).inert)).toBe(true);
      const names = await exposedNames(page);
      expect(names).toContain('Sim, arquivar!');
      expect(names).not.toContain('Arquivar ciclo');
      expect(names).not.toContain(early.name);
      await page.screenshot({ path: `test-results/archive-${size.width}.png` });
      await expectNoSeriousA11yViolations(page, { label: 'archive dialog' });
      await archive.getByRole('button', { name: 'Cancelar', exact: true }).click();
      await expect(archive).toHaveCount(0);

      await openCase(page, late.id, late.name);
      await page.getByRole('button', { name: 'Cancelar cirurgia' }).click();
      const cancel = page.getByRole('alertdialog', { name: 'Tem certeza?' });
      await expect(cancel.getByText('A cirurgia será cancelada e não poderá mais ser alterada.', { exact: true })).toBeVisible();
      await expect(cancel.getByText(CANCEL_DIFFERENCE, { exact: true })).toBeVisible();
      await page.screenshot({ path: `test-results/cancel-${size.width}.png` });
      await expectNoSeriousA11yViolations(page, { label: 'cancel dialog' });
      await cancel.getByRole('button', { name: 'Fechar', exact: true }).click();
      await expect(cancel).toHaveCount(0);
    });

    test('a stale tab is told plainly that the case changed, and reloads it', async ({ page, request }) => {
      const headers = await apiHeaders(request, DEMO_SECRETARY);
      const stale = await newPatientCase(request, headers, 'Aba Antiga');
      await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
      await expect(page.getByRole('heading', { level: 2, name: /^Olá, / })).toBeVisible();
      await openCase(page, stale.id, stale.name);
      await expect(page.getByText('Etapa atual: Cadastro de Cirurgia', { exact: true })).toBeVisible();
      // Someone else (another tab) advances the case meanwhile.
      await moveCase(request, headers, stale.id, [MOVES.toPrepDoc]);
      await page.getByRole('button', { name: 'Próximo passo' }).click();
      const notice = page.getByRole('alert').filter({ hasText: STALE });
      await expect(notice).toBeVisible();
      await expect(page.getByText('Essa mudança de etapa não é permitida', { exact: false })).toHaveCount(0);
      // The case page's reads superseded by the jump end quietly (an aborted read once surfaced as 'Ocorreu um erro inesperado').
      await page.waitForTimeout(1_000);
      await expect(page.getByText('Ocorreu um erro inesperado, tente novamente!')).toHaveCount(0);
      await page.screenshot({ path: `test-results/stale-${size.width}.png` });
      await expectNoSeriousA11yViolations(page, { label: 'stale case notice' });
      await notice.getByRole('button', { name: 'Recarregar o caso' }).click();
      await expect(page.getByRole('heading', { name: stale.name })).toBeVisible();
      await expect(page.getByText('Etapa atual: Preparação de documentação', { exact: true })).toBeVisible();
      await expect(notice).toHaveCount(0);
    });
  });
}

for (const size of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
  test.describe(`handovers at ${size.width} px`, () => {
    test.use({ viewport: size });
    test.setTimeout(180_000);

    test("a case the medic hands over shows on the secretary's home until she dismisses it", async ({ page, request }) => {
      const headers = await apiHeaders(request, DEMO_MEDIC);
      const handed = await newPatientCase(request, headers, 'Passado Adiante');
      const options = (await (await request.get(`/surgery/api/v1/surgery/${handed.id}/holders/`, { headers })).json()) as {
        results: Array<{ id: number; first_name: string; last_name: string; role: string }>;
      };
      const secretary = options.results.find((option) => option.role === 'secretary')!;
      const medic = options.results.find((option) => option.role === 'medic')!;
      const put = await request.put(`/surgery/api/v1/surgery/${handed.id}/holder/`, { headers, data: { holder: secretary.id } });
      expect(put.status()).toBe(200);
      const list = (await (await request.get('/surgery/api/v1/handovers/', { headers: await apiHeaders(request, DEMO_SECRETARY) })).json()) as {
        results: Array<{ surgery_id: number; handed_at: string }>;
      };
      const handedAt = new Date(list.results.find((item) => item.surgery_id === handed.id)!.handed_at);
      const [date, time] = [
        new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(handedAt),
        new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', hour12: false }).format(handedAt),
      ];

      await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
      const panel = page.getByRole('region', { name: 'Casos passados para você' });
      await expect(panel).toBeVisible();
      await expect(panel.getByText('Casos que outra pessoa deixou com você. Abra o caso ou dispense o aviso.', { exact: true })).toBeVisible();
      const row = panel.locator(`[data-handover="${handed.id}"]`);
      await expect(row.getByText(handed.name, { exact: true })).toBeVisible();
      await expect(row.getByText(`Passado por ${medic.first_name} ${medic.last_name} em ${date} às ${time} · Cadastro de Cirurgia`, { exact: true })).toBeVisible();
      await row.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/handover-${size.width}.png` });
      await expectNoSeriousA11yViolations(page, { label: 'handovers panel' });

      await row.getByRole('button', { name: `Dispensar aviso de ${handed.name}` }).click();
      await expect(row).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('heading', { level: 2, name: /^Olá, / })).toBeVisible();
      await expect(page.getByRole('main').getByRole('region').first()).toBeVisible();
      await expect(page.locator(`[data-handover="${handed.id}"]`)).toHaveCount(0);
    });
  });
}
