import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { solidPng } from '../helpers/png';

export const DEMO_PASSWORD = 'Demo@12345';
export const DEMO_MEDIC = 'medico@demo.com.br';
export const DEMO_SECRETARY = 'secretaria@demo.com.br';

/** The headers of an API call made by a test: a bearer token. */
export type ApiHeaders = Record<string, string>;

/** The SPA's OAuth client (DECISIONS §3). */
const CLIENT = { client_id: 'cirurgias-web', client_secret: 'cirurgias-web-secret' };

/** Signs `username` in through /auth/token as the SPA does and answers the bearer header of its access token. */
export async function apiHeaders(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<ApiHeaders> {
  const answer = await request.post('/auth/token', { data: { grant_type: 'password', username, password, ...CLIENT } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return { Authorization: `Bearer ${((await answer.json()) as { access_token: string }).access_token}` };
}

/** The id of the first item a list endpoint answers (a CID, a procedure, a hospital, a medic to link). */
export async function firstId(request: APIRequestContext, headers: ApiHeaders, path: string): Promise<number> {
  const answer = await request.get(path, { headers });
  expect(answer.status(), path).toBe(200);
  const body = (await answer.json()) as { results: { id: number }[] };
  expect(body.results[0], path).toBeDefined();
  return body.results[0]!.id;
}

/**
 * Rules held to zero violations of any impact when a scan asks for `strict` (issue 25, the third-party judges' axe
 * run): 'region' (content outside a landmark, such as the signed-out pages' brand was) and 'aria-prohibited-attr'
 * (an aria-label on an element whose role forbids one, such as a span without a role) are best practices of impact
 * moderate; 'heading-order' and 'landmark-one-main' keep the page's outline whole. Not 'label-content-name-mismatch'
 * (WCAG 2.5.3, experimental in axe): it still finds 18 controls across the signed-in screens (the step bar, the
 * stage panel, the alert rows, the dropzones); tests/e2e/home-texts-landmarks.spec.ts asserts the header's 'DC'.
 */
const STRICT_RULES = ['region', 'aria-prohibited-attr', 'heading-order', 'landmark-one-main'];

/**
 * Runs axe-core over the page as it is now (open modals included) and fails on any violation of impact
 * serious or critical, listing each rule with the first offending elements. With `soft`, the failure is
 * recorded and the test goes on (one run then reports every screen that fails). With `strict`, STRICT_RULES must
 * also find nothing, whatever the impact.
 */
export async function expectNoSeriousA11yViolations(page: Page, options: { soft?: boolean; label?: string; strict?: boolean } = {}): Promise<void> {
  // A modal still fading in is half transparent, and axe would measure its text's contrast against the blend: wait
  // until every finite animation has ended (spinners and loading shimmers loop forever and are left alone). A toast
  // may still start fading out while axe runs (seconds, on a loaded machine): when an animation or transition started
  // during a scan that found violations, the page is let settle and scanned again, and that scan's findings count.
  let violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations'] = [];
  for (let scan = 1; scan <= 3; scan += 1) {
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => {
        const iterations = animation.effect?.getComputedTiming().iterations;
        return iterations === Infinity || animation.playState !== 'running';
      }),
    );
    await page.evaluate(() => {
      const flag = window as unknown as { __axeMoved?: boolean; __axeWatch?: boolean };
      flag.__axeMoved = false;
      if (flag.__axeWatch) return;
      flag.__axeWatch = true;
      for (const type of ['animationstart', 'transitionstart', 'transitionrun']) {
        document.addEventListener(type, () => (flag.__axeMoved = true), { capture: true });
      }
    });
    // Only violations are collected (not the passes and inapplicable nodes): the same findings, much less work.
    ({ violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze());
    const moved = await page.evaluate(() => (window as unknown as { __axeMoved?: boolean }).__axeMoved === true);
    if (!moved || violations.length === 0) break;
  }
  const serious = violations.filter(
    (violation) =>
      violation.impact === 'serious' || violation.impact === 'critical' || (options.strict === true && STRICT_RULES.includes(violation.id)),
  );
  const described = serious.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')} ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
        .join('\n'),
  );
  const check = options.soft ? expect.soft : expect;
  check(described, `axe on ${options.label ?? page.url()}`).toEqual([]);
}

/** Signs in through the /auth form, as a person would. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByPlaceholder('Digite seu Login').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Acessar' }).click();
}

/**
 * Clicks the navigation link `name` as a person would: in the side rail, or through 'Abrir menu' on a phone. Retried
 * until the link shows, because the header may still be settling when the page first shows it (a one-off
 * `isVisible()` of the menu button raced it once on a loaded CI machine, and the closed menu hid the link).
 */
export async function clickNavLink(page: Page, name: string, options: { exact?: boolean } = {}): Promise<void> {
  const link = page.getByRole('link', { name, exact: options.exact });
  const menuButton = page.getByRole('button', { name: 'Abrir menu' });
  await expect(async () => {
    if (!(await link.isVisible()) && (await menuButton.isVisible())) await menuButton.click();
    await expect(link).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await link.click();
}

export async function signOut(page: Page): Promise<void> {
  // As clickNavLink: the layout may still be deciding between the side rail and the phone menu.
  const button = page.getByRole('button', { name: 'Sair' });
  const menuButton = page.getByRole('button', { name: 'Abrir menu' });
  await expect(async () => {
    if (!(await button.isVisible()) && (await menuButton.isVisible())) await menuButton.click();
    await expect(button).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await button.click();
  await expect(page).toHaveURL(/\/auth$/);
}

/**
 * The card `title` of /settings or /account as a person reaches it: the cards below the first screen render only when
 * the page is scrolled toward them (src/features/settings/LaterCard.tsx), so this scrolls to the card and waits until
 * it is the card itself, read and ready (its region no longer busy), not its placeholder. Retried because the
 * placeholder scrolled to is replaced by the card as it comes near.
 */
export async function laterCard(page: Page, title: string): Promise<Locator> {
  const card = page.getByRole('region', { name: title, exact: true });
  await expect(async () => {
    await card.scrollIntoViewIfNeeded({ timeout: 2_000 });
    await expect(card).not.toHaveAttribute('aria-busy', 'true', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return card;
}

/** Scrolls through the page until no card is a placeholder or busy any more: every card rendered, for a scan. */
export async function revealLaterCards(page: Page): Promise<void> {
  const busy = page.locator('section[aria-busy="true"]');
  await expect(async () => {
    const left = await busy.count();
    if (left > 0) await busy.first().scrollIntoViewIfNeeded({ timeout: 2_000 });
    expect(left).toBe(0);
  }).toPass({ timeout: 60_000 });
}
/** The data directory of the main test server (see playwright.config.ts). */
export function mainDataDir(): string {
  const base = process.env.E2E_DATA_DIR;
  if (!base) throw new Error('E2E_DATA_DIR is not set');
  return join(base, 'main');
}

/** Finds the newest outbox e-mail addressed to `to` and returns the first /signup-secretary link in it. */
export function inviteLinkFromOutbox(to: string): string {
  const outbox = join(mainDataDir(), 'outbox');
  const files = readdirSync(outbox).filter((name) => name.endsWith('.eml')).sort().reverse();
  for (const file of files) {
    const raw = readFileSync(join(outbox, file), 'utf8');
    if (!raw.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
    // Quoted-printable soft line breaks ("=\r\n") may split the link.
    const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const match = unfolded.match(/https?:\/\/[^\s"<>]+\/signup-secretary\/[A-Za-z0-9_-]+/);
    if (match) return match[0];
  }
  throw new Error(`no invite for ${to} in ${outbox}`);
}

/** A valid CPF derived from a number (check digits computed). */
export function validCpf(seed: number): string {
  const base = String(100_000_000 + (seed % 800_000_000)).padStart(9, '0').slice(0, 9).split('').map(Number);
  const digit = (digits: number[], start: number) => {
    const rest = (digits.reduce((sum, d, i) => sum + d * (start - i), 0) * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base, 10);
  const second = digit([...base, first], 11);
  return [...base, first, second].join('');
}

export type SignedUpMedic = { email: string; password: string; firstName: string; lastName: string; crm: string };

export type MedicSignup = {
  /** The e-mail's first part (`<label>.<stamp>@clinica.com.br`). */
  label: string;
  firstName: string;
  /** The surname, followed by this signup's stamp so every run's names are new. */
  lastName: string;
  nickname?: string | null;
  password?: string;
  /** The CRM's state. */
  state?: string;
};

/**
 * A new doctor, without a secretary or a case, through the signup API. Each signup comes "through the proxy" from an
 * address of its own (the test server trusts 127.0.0.1 as a proxy), so the specs' signups never add up to the
 * per-address signup limit (10 an hour) that the browser's own signups from 127.0.0.1 count against.
 */
export async function signUpMedic(request: APIRequestContext, signup: MedicSignup): Promise<SignedUpMedic> {
  const stamp = (Date.now() + Math.floor(Math.random() * 10_000)) % 100_000_000;
  const specialties = (await (await request.get('/project_auth/api/v1/list_specialty/')).json()) as { results: { id: number }[] };
  const state = signup.state ?? 'SP';
  const medic = {
    email: `${signup.label}.${stamp}@clinica.com.br`,
    password: signup.password ?? 'Cirurgia@2026',
    firstName: signup.firstName,
    lastName: `${signup.lastName} ${stamp}`,
    crm: `${stamp}/${state}`,
  };
  const answer = await request.post('/project_auth/api/v1/cadastro/', {
    headers: { 'X-Forwarded-For': `10.${stamp % 250}.${Math.floor(stamp / 250) % 250}.${1 + Math.floor(Math.random() * 250)}` },
    data: {
      nickname: signup.nickname ?? null,
      first_name: medic.firstName,
      last_name: medic.lastName,
      cpf: validCpf(stamp + Math.floor(Math.random() * 1_000)),
      specialty: specialties.results[0]!.id,
      address: 'Rua da Consolação, 1200 - Consolação, São Paulo/SP',
      cellphone: '(11) 9 8888-2222',
      crm: medic.crm,
      password: medic.password,
      confirmPassword: medic.password,
      email: medic.email,
      IAcceptToStoreData: true,
      IHaveASecretary: false,
      secretary: '',
      news: false,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return medic;
}

/**
 * The script assets the page requests from now on whose URL matches `pattern`, as they come: the pattern's first
 * group when it has one, else the matched text. The list fills as the page goes; empty it with `.length = 0`.
 */
export function requestedAssets(page: Page, pattern: RegExp): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    const match = pattern.exec(request.url());
    if (match) requested.push(match[1] ?? match[0]);
  });
  return requested;
}

/**
 * Holds the requests matching `url` (of `method` only, when given) until `release()`: to look at a page while an
 * answer is on its way (its loading or sending state, or that a chunk was asked for and the page painted without it).
 * `asked` lists the URLs held so far. Other requests go on (`route.fallback`).
 */
export async function holdRequests(page: Page, url: string | RegExp, method?: string): Promise<{ asked: string[]; release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route(url, async (route) => {
    if (method && route.request().method() !== method) return route.fallback();
    asked.push(route.request().url());
    await held;
    await route.fallback();
  });
  return { asked, release: () => release() };
}

/** A real 16×16 PNG (solid teal), made in code so the test ships no binary. */
export function tealPng(): Buffer {
  return solidPng(16, [11, 102, 112]);
}

/** Types into a search select (SearchSelect) and picks the first option whose name matches. */
export async function pickOption(page: Page, label: string, text: string, option: RegExp): Promise<void> {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.fill(text);
  await page.getByRole('option', { name: option }).first().click();
  await expect(box).not.toHaveValue('');
}

// ---- Surgery lifecycle (tests/e2e/lifecycle.spec.ts) ----
// (Import declarations are hoisted, so this one may sit with the helpers that use it.)
import { inflateRawSync } from 'node:zlib';

/** A real one-page PDF with one line of text, made in code (objects, xref table with true offsets, trailer). */
export function tinyPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * The text of one entry of a ZIP archive (a DOCX is one), read through its central directory; stored and deflated
 * entries are supported. Throws when the buffer is not a ZIP or has no such entry.
 */
export function zipEntryText(zip: Buffer, name: string): string {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip archive');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let entry = 0; entry < count; entry += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('broken central directory');
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const entryName = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (entryName === name) {
      const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
      const data = zip.subarray(dataStart, dataStart + compressedSize);
      return (method === 8 ? inflateRawSync(data) : data).toString('utf8');
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  throw new Error(`no ${name} in the archive`);
}
