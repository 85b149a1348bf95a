/**
 * The log-privacy scan (issue 16 item 6): given the log lines the API suite's apps wrote (the production logger
 * options at the production level, tests/helpers/log-capture.ts) and the personal data and secrets the suite
 * handled (collected by the app builder before each test database goes), finds every line that holds
 *
 *   - a CPF: masked (000.000.000-00, valid or not: only a CPF has that shape) or 11 bare digits that pass the
 *     check digits, or any CPF the suite stored, bare or masked;
 *   - an e-mail address (any, by shape), or any e-mail the suite stored;
 *   - a token: an access/refresh/device token or a link signature (32 bytes as base64url: 43 characters of
 *     [A-Za-z0-9_-]; any run of 40 or more with upper case, lower case and digits is flagged), a `signature=`
 *     parameter, or any token the suite was given (token responses, signed links, invite links in e-mails);
 *   - a password the suite used (request fields named like "password", the helpers' constants);
 *   - a name the suite stored (patients', users', invitees'), accent- and case-insensitively.
 *
 * Pure: no IO, so the unit test can plant each kind of leak.
 */
import { isValidCpf } from '../../machines/rules/cpf';

/** What the suite wrote or was given, as literals to look for. */
export type SuiteSecrets = {
  names: string[];
  cpfs: string[];
  emails: string[];
  passwords: string[];
  tokens: string[];
};

export type LeakKind = 'cpf' | 'email' | 'token' | 'password' | 'name';
export type Leak = { kind: LeakKind; source: string; line: number; excerpt: string };

const MASKED_CPF = /(?<!\d)\d{3}\.\d{3}\.\d{3}-\d{2}(?!\d)/;
const BARE_DIGITS = /(?<!\d)\d{11}(?!\d)/g;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
const BASE64URL_RUN = /[A-Za-z0-9_-]{40,}/g;
const SIGNATURE_PARAMETER = /[?&]signature=/;

/** Lower case, no accents, runs of spaces as one: how a name is compared. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ');
}

/** Whether a password is distinctive enough to look for as a literal ('curta' or 'nickname' would match words). */
export function isSearchablePassword(password: string): boolean {
  return password.length >= 8 && !/^[a-z]+$/.test(password);
}

/** Whether a name is distinctive enough to look for as a literal (a full name, not one short word). */
function isSearchableName(name: string): boolean {
  const folded = foldText(name).trim();
  return folded.length >= 6 && folded.includes(' ');
}

function looksLikeToken(run: string): boolean {
  return /[A-Z]/.test(run) && /[a-z]/.test(run) && /[0-9]/.test(run);
}

/** Every string in a parsed log line (keys and values; numbers as text: a CPF logged as a number counts). */
function stringsOf(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') into.add(value);
  else if (typeof value === 'number' || typeof value === 'bigint') into.add(String(value));
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.add(key);
      stringsOf(item, into);
    }
  }
}

/** The leaks one text holds (a text is a string value of a log line), by kind. */
function leaksIn(text: string, literals: Literals): LeakKind[] {
  const kinds = new Set<LeakKind>();
  if (MASKED_CPF.test(text)) kinds.add('cpf');
  for (const digits of text.match(BARE_DIGITS) ?? []) if (isValidCpf(digits)) kinds.add('cpf');
  if (EMAIL.test(text)) kinds.add('email');
  if (SIGNATURE_PARAMETER.test(text)) kinds.add('token');
  for (const run of text.match(BASE64URL_RUN) ?? []) if (looksLikeToken(run)) kinds.add('token');

  const lower = text.toLowerCase();
  const folded = foldText(text);
  const digitsOnly = text.replace(/\D/g, '');
  if (literals.cpfs.some((cpf) => digitsOnly.includes(cpf))) kinds.add('cpf');
  if (literals.emails.some((email) => lower.includes(email))) kinds.add('email');
  if (literals.tokens.some((token) => text.includes(token))) kinds.add('token');
  if (literals.passwords.some((password) => text.includes(password))) kinds.add('password');
  if (literals.names.some((name) => folded.includes(name))) kinds.add('name');
  return [...kinds];
}

type Literals = { names: string[]; cpfs: string[]; emails: string[]; passwords: string[]; tokens: string[] };

function literalsOf(secrets: SuiteSecrets): Literals {
  const unique = (values: Iterable<string>) => [...new Set(values)].filter((value) => value.length > 0);
  return {
    names: unique(secrets.names.filter(isSearchableName).map((name) => foldText(name).trim())),
    // Stored CPFs are 11 digits; the text's digits are compared, so a masked or spaced copy is found too.
    cpfs: unique(secrets.cpfs.map((cpf) => cpf.replace(/\D/g, '')).filter((cpf) => cpf.length === 11)),
    emails: unique(secrets.emails.map((email) => email.toLowerCase()).filter((email) => email.includes('@'))),
    passwords: unique(secrets.passwords.filter(isSearchablePassword)),
    tokens: unique(secrets.tokens.filter((token) => token.length >= 16)),
  };
}

/**
 * The leaks of `lines` (JSON log lines of one capture file, named `source`). Each distinct string of the log is
 * checked once (request lines repeat the same few route patterns and messages), so the cost grows with the variety
 * of the log, not its length.
 */
export function scanLogLines(source: string, lines: readonly string[], secrets: SuiteSecrets): Leak[] {
  const literals = literalsOf(secrets);
  const verdicts = new Map<string, LeakKind[]>();
  const leaks: Leak[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const texts = new Set<string>();
    try {
      stringsOf(JSON.parse(line), texts);
    } catch {
      texts.add(line);
    }
    const kinds = new Set<LeakKind>();
    for (const text of texts) {
      let verdict = verdicts.get(text);
      if (!verdict) {
        verdict = leaksIn(text, literals);
        verdicts.set(text, verdict);
      }
      for (const kind of verdict) kinds.add(kind);
    }
    for (const kind of kinds) leaks.push({ kind, source, line: index + 1, excerpt: line.slice(0, 400) });
  });
  return leaks;
}

/** The report of a failed scan: one line per leak (the first 50), then how many in all. */
export function describeLeaks(leaks: readonly Leak[]): string {
  const shown = leaks.slice(0, 50).map((leak) => `- ${leak.kind} in ${leak.source}:${leak.line}: ${leak.excerpt}`);
  const more = leaks.length > 50 ? [`… and ${leaks.length - 50} more`] : [];
  return [`The API suite's log holds personal data or secrets (${leaks.length} finding(s)):`, ...shown, ...more].join('\n');
}
