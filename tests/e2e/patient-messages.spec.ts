/**
 * Issue 39 item 2 in the browser: 'Mensagens ao paciente'. On a scheduled case the demo secretary finds WhatsApp
 * refused without the patient's consent, records it (a day after today refused by the server, on the field), opens
 * the filled message in WhatsApp (wa.me is routed to a stub page: no network), sees it under 'Mensagens enviadas'
 * and in 'Histórico'; records an e-mail consent (the address asked by the server), sends another template by e-mail
 * (the e2e server, without SMTP_URL, writes it to its outbox folder, read here), and revokes the WhatsApp consent.
 * Her /account has no templates card. The demo medic edits a template in /settings: a field the messages cannot fill
 * is refused before anything is sent; saved; restored after a confirmation. Axe on the card, the consent form, the
 * revocation, the settings card and the restore confirmation; screenshots at 1366 and 390 px (no sideways scroll).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEFAULT_MESSAGE_TEMPLATES } from '../../machines/patientMessages/constants';
import { decodeHeader, decodeQuotedPrintable, header } from '../helpers/mail';
import { moveCase, MOVES, newPatientCase, runSeed } from './cases';
import { apiHeaders, DEMO_MEDIC, DEMO_PASSWORD, DEMO_SECRETARY, expectNoSeriousA11yViolations, holdRequests, laterCard, mainDataDir, revealLaterCards, signIn } from './helpers';

/** yyyy-MM-dd in São Paulo, `days` from today. */
function spDay(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + days * 86_400_000));
}

/** dd/MM/yyyy of a yyyy-MM-dd day. */
function br(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

/**
 * At 1366 and 390 px the page does not scroll sideways; a shot of `target` at each width, cut from a shot of the whole
 * page taken from its top (an element's own shot scrolls, and the sticky header then covers the card's top).
 */
async function checkWidths(page: Page, target: Locator, name: string): Promise<void> {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(width);
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await target.boundingBox();
    expect(box).not.toBeNull();
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true, clip: box! });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** The newest outbox e-mail to `to` (the e2e server has no SMTP_URL: playwright.config.ts, outbox-mailer.ts). */
function outboxMailTo(to: string): { subject: string; body: string } {
  const outbox = join(mainDataDir(), 'outbox');
  const files = readdirSync(outbox).filter((file) => file.endsWith('.eml')).sort().reverse();
  for (const file of files) {
    const raw = readFileSync(join(outbox, file), 'utf8');
    if (header(raw, 'To')?.toLowerCase() !== to.toLowerCase()) continue;
    return { subject: decodeHeader(header(raw, 'Subject') ?? ''), body: decodeQuotedPrintable(raw) };
  }
  throw new Error(`no e-mail to ${to} in ${outbox}`);
}

test.describe('messages to the patient', () => {
  test.setTimeout(180_000);
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the secretary records the consents, opens a WhatsApp message, e-mails another and revokes a consent', async ({ page, request }) => {
    const headers = await apiHeaders(request, DEMO_SECRETARY);
    const { id, name } = await newPatientCase(request, headers, 'Mensagem Paciente', { cellphone: '(21) 9 8765-4321' });
    const surgeryDay = spDay(12);
    await moveCase(request, headers, id, [
      MOVES.toPrepDoc,
      MOVES.toEnvDoc,
      MOVES.toAuthorization(spDay(-3)),
      MOVES.hospitalApproved,
      MOVES.toScheduling,
      MOVES.toSurgery(surgeryDay),
    ]);
    // WhatsApp's page is a stub: the test needs no network, only the address the tab was sent to.
    await page.context().route('https://wa.me/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="pt-BR"><title>WhatsApp</title><p>WhatsApp</p></html>' }),
    );
    await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await page.goto(`/surgery-details/${id}`);
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();

    // Far below the fold, the card holds its place with its title until it is scrolled into view.
    const card = await laterCard(page, 'Mensagens ao paciente');
    await expect(card.getByText('O paciente precisa autorizar o contato antes de receber mensagens (LGPD).', { exact: false })).toBeVisible();
    const whatsappRow = card.locator('[data-consent="whatsapp"]');
    const emailRow = card.locator('[data-consent="email"]');
    await expect(whatsappRow).toContainText('Sem consentimento');
    await expect(emailRow).toContainText('Sem consentimento');

    // Without the consent the WhatsApp button is off and says why.
    const openWhatsapp = card.getByRole('button', { name: 'Abrir no WhatsApp' });
    await expect(openWhatsapp).toBeDisabled();
    await expect(card.getByText('O paciente não autorizou contato por WhatsApp. Registre o consentimento antes de enviar a mensagem.')).toBeVisible();
    const text = card.getByLabel('Texto da mensagem');
    await expect(text).toHaveValue(new RegExp(`^Olá, Mensagem!\\n\\nSua cirurgia com .+ está agendada para ${br(surgeryDay).replaceAll('/', '\\/')}, às 08:00`));
    await expectNoSeriousA11yViolations(page, { label: 'patient messages card without consent', strict: true });
    await checkWidths(page, card, 'card-no-consent');

    // The consent: a day after today is refused by the server, on the field; today goes.
    await card.getByRole('button', { name: 'Registrar consentimento: WhatsApp' }).click();
    const whatsappForm = card.getByRole('form', { name: 'Consentimento por WhatsApp' });
    const consentedOn = whatsappForm.getByLabel('Data do consentimento');
    await expect(consentedOn).toHaveValue(br(spDay()));
    await consentedOn.fill('');
    await consentedOn.pressSequentially(br(spDay(2)).replaceAll('/', ''));
    await whatsappForm.getByRole('button', { name: 'Registrar' }).click();
    await expect(whatsappForm.getByText('A data não pode ser depois de hoje!')).toBeVisible();
    await expect(consentedOn).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page, { label: 'contact consent form with the server refusal', strict: true });
    await checkWidths(page, whatsappRow, 'consent-form');
    await consentedOn.fill('');
    await consentedOn.pressSequentially(br(spDay()).replaceAll('/', ''));
    await whatsappForm.getByRole('button', { name: 'Registrar' }).click();
    await expect(page.getByText('Consentimento registrado.')).toBeVisible();
    await expect(whatsappForm).toHaveCount(0);
    await expect(whatsappRow).toContainText(`Autorizado em ${br(spDay())} · registrado por Juliana`);
    // The form's button is gone with it: the focus goes to the channel's new status, not to the page's top.
    await expect(whatsappRow.locator('#consent-status-whatsapp')).toBeFocused();

    // WhatsApp: a new tab, sent to wa.me with the text; the message is on the card and on the history.
    await expect(openWhatsapp).toBeEnabled();
    const popupOpened = page.waitForEvent('popup');
    await openWhatsapp.click();
    const popup = await popupOpened;
    await popup.waitForURL(/^https:\/\/wa\.me\//);
    const waUrl = new URL(popup.url());
    expect(waUrl.pathname).toBe('/5521987654321');
    expect(popup.url().startsWith('https://wa.me/55')).toBe(true);
    const sentText = waUrl.searchParams.get('text') ?? '';
    expect(sentText).toContain('Olá, Mensagem!');
    expect(sentText).toContain(br(surgeryDay));
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();
    await expect(card.getByRole('link', { name: 'Abrir a conversa no WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/5521987654321\?text=/);

    const sent = card.getByRole('list', { name: 'Mensagens enviadas' }).getByRole('listitem');
    await expect(sent).toHaveCount(1);
    await expect(sent.first()).toContainText('Data da cirurgia · por WhatsApp');
    await expect(sent.first()).toContainText('Para (21) 9 8765-4321');
    await expect(sent.first()).toContainText(/Juliana .+ · \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/);
    await sent.first().getByText('Ver o texto enviado').click();
    await expect(sent.first().getByText('Olá, Mensagem!', { exact: false })).toBeVisible();
    const history = page.getByRole('region', { name: 'Histórico', exact: true });
    const messageEntry = history.locator('[data-kind="message"]');
    await expect(messageEntry).toHaveCount(1);
    await expect(messageEntry).toContainText('Mensagem ao paciente');
    await expect(messageEntry).toContainText('Data da cirurgia · por WhatsApp');

    // E-mail: the address is asked by the server; then another template goes, its busy state shown meanwhile.
    await card.getByRole('button', { name: 'Registrar consentimento: E-mail' }).click();
    const emailForm = card.getByRole('form', { name: 'Consentimento por E-mail' });
    await emailForm.getByRole('button', { name: 'Registrar' }).click();
    await expect(emailForm.getByText('Informe o e-mail que o paciente autorizou.')).toBeVisible();
    const address = `mensagem.${runSeed()}@exemplo.com.br`;
    await emailForm.getByLabel('E-mail autorizado').fill(address);
    await emailForm.getByRole('button', { name: 'Registrar' }).click();
    await expect(emailRow).toContainText(`${address} · Autorizado em ${br(spDay())}`);

    await card.getByLabel('Modelo', { exact: true }).selectOption({ label: 'Documentos para levar' });
    await card.getByLabel('Canal', { exact: true }).selectOption({ label: 'E-mail' });
    await expect(text).toHaveValue(/^Olá, Mensagem!\n\nNo dia da cirurgia/);
    // The secretary adds a line of her own to the filled text: it goes as written, line breaks and all.
    await text.fill(`${await text.inputValue()}\n\nTraga também o resultado do exame de sangue.`);
    const { release } = await holdRequests(page, `**/surgery/api/v1/surgery/${id}/messages/`, 'POST');
    await card.getByRole('button', { name: 'Enviar por e-mail' }).click();
    const sending = card.getByRole('button', { name: 'Enviando...' });
    await expect(sending).toBeDisabled();
    await expect(sending).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page.getByText(`E-mail enviado para ${address}.`)).toBeVisible();
    await page.unroute(`**/surgery/api/v1/surgery/${id}/messages/`);
    await expect(sent).toHaveCount(2);
    await expect(sent.first()).toContainText('Documentos para levar · por e-mail');
    await expect(sent.first()).toContainText(`Para ${address}`);
    const mail = outboxMailTo(address);
    expect(mail.subject).toBe('Documentos para o dia da sua cirurgia');
    expect(mail.body).toContain('Olá, Mensagem!');
    expect(mail.body).toContain(`No dia da cirurgia (${br(surgeryDay)}), leve ao Hospital`);
    expect(mail.body).toContain('- documento de identidade com foto e CPF;');
    expect(mail.body).toMatch(/remédios que você usa\.\r?\n\r?\nTraga também o resultado do exame de sangue\./);
    await expect(messageEntry).toHaveCount(2);
    await expect(messageEntry.first()).toContainText('Documentos para levar · por e-mail');
    // The toasts close by themselves (3 s; the newest last) before the shots.
    await expect(page.getByText(`E-mail enviado para ${address}.`)).toHaveCount(0);
    await checkWidths(page, card, 'card-sent');

    // Revoking asks first; WhatsApp is refused again.
    await card.getByRole('button', { name: 'Revogar consentimento: WhatsApp' }).click();
    const revoke = page.getByRole('alertdialog', { name: 'Revogar o consentimento?' });
    await expect(revoke.getByText('O paciente deixa de receber mensagens por WhatsApp até que um novo consentimento seja registrado.')).toBeVisible();
    await expect(revoke.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await expectNoSeriousA11yViolations(page, { label: 'revoke consent confirmation', strict: true });
    await revoke.getByRole('button', { name: 'Revogar' }).click();
    await expect(page.getByText('Consentimento revogado.')).toBeVisible();
    await expect(whatsappRow).toContainText('Sem consentimento');
    await expect(whatsappRow.locator('#consent-status-whatsapp')).toBeFocused();
    await card.getByLabel('Canal', { exact: true }).selectOption({ label: 'WhatsApp' });
    await expect(openWhatsapp).toBeDisabled();

    // The templates are the medic's: the secretary's account has no such card.
    await page.goto('/account');
    await expect(page.getByRole('region', { name: 'Agenda no celular' })).toBeVisible();
    await revealLaterCards(page);
    await expect(page.getByRole('region', { name: 'Mensagens ao paciente' })).toHaveCount(0);
  });

  test('the medic edits a template: an unknown field is refused before saving, then saved and restored', async ({ page }) => {
    await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
    await expect(page).not.toHaveURL(/\/auth/);
    await page.goto('/settings');
    const card = await laterCard(page, 'Mensagens ao paciente');
    const box = card.getByRole('textbox', { name: 'Retorno pós-operatório' });
    await expect(box).toHaveValue(DEFAULT_MESSAGE_TEMPLATES.retorno);
    await card.getByText('Campos disponíveis').click();
    await expect(card.getByText('{data_cirurgia}', { exact: true })).toBeVisible();
    await expect(card.getByText('Data agendada da cirurgia (dd/mm/aaaa)')).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: 'message templates card', strict: true });
    await checkWidths(page, card, 'settings-templates');

    const form = card.getByRole('form', { name: 'Retorno pós-operatório' });
    const puts: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'PUT' && sent.url().includes('/message_templates/')) puts.push(sent.url());
    });
    await box.fill('Olá, {paciente_primeiro_nome}! Seu CPF: {paciente_cpf}.');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(form.getByText('Campo desconhecido no modelo: {paciente_cpf}.')).toBeVisible();
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toBeFocused();
    expect(puts).toEqual([]);

    const own = 'Olá, {paciente_primeiro_nome}!\n\nMarque o retorno com {medico_nome} pelo {medico_telefone}.';
    await box.fill(own);
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Modelo salvo.')).toBeVisible();
    await expect(form.getByText('Texto personalizado')).toBeVisible();
    expect(puts).toHaveLength(1);
    await page.reload();
    await laterCard(page, 'Mensagens ao paciente');
    await expect(box).toHaveValue(own);

    await form.getByRole('button', { name: 'Restaurar padrão: Retorno pós-operatório' }).click();
    const restore = page.getByRole('alertdialog', { name: 'Restaurar o texto padrão?' });
    await expect(restore.getByText('O texto de "Retorno pós-operatório" volta ao padrão e o seu texto é descartado.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: 'restore template confirmation', strict: true });
    await restore.getByRole('button', { name: 'Restaurar padrão' }).click();
    await expect(page.getByText('Modelo restaurado.')).toBeVisible();
    await expect(box).toHaveValue(DEFAULT_MESSAGE_TEMPLATES.retorno);
    await expect(form.getByText('Texto padrão')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Restaurar padrão: Retorno pós-operatório' })).toHaveCount(0);
    // The button pressed is gone with the change: the focus is on the restored text, not on the page.
    await expect(box).toBeFocused();
  });
});
