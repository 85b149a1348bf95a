/**
 * The worker side of the log-privacy check (issue 16 item 6; the run side is log-capture.ts): every app the app
 * builder makes logs through the production logger options (server/app.ts createLoggerOptions) at the production
 * level into one capture file per test process, and, before its database goes, records what the suite wrote or
 * was given that must never reach a log: names, CPFs and e-mails from the database, the passwords sent, the tokens
 * and link signatures answered and mailed. The run's teardown scans every captured line for them (log-scan.ts).
 *
 * Writes are synchronous (one write per line): a test process may end right after its last test, and a buffered
 * stream would lose the tail the scan must see. A request's log line costs a few microseconds.
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import { createLoggerOptions } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { invites, patients, users } from '../../server/db/schema/index';
import type { MailMessage } from '../../server/services/mail/mailer';
import { TEST_PASSWORD } from './fixtures';
import type { SuiteSecrets } from './log-scan';

/** Passwords the helpers and the demo data use (DECISIONS §10), looked for even when no request sent them. */
export const KNOWN_PASSWORDS = [TEST_PASSWORD, 'Demo@12345'];

/** One capture file per test process and module instance (vitest may load this module afresh per test file). */
const captureId = `${process.pid}-${randomBytes(4).toString('hex')}`;
let captureFd: number | null = null;

function captureStream(dir: string) {
  captureFd ??= openSync(join(dir, `${captureId}.log`), 'a', 0o600);
  const fd = captureFd;
  return {
    write(line: string) {
      writeSync(fd, line);
    },
  };
}

process.once('exit', () => {
  if (captureFd !== null) closeSync(captureFd);
});

/** The production logger options at the production level (LOG_LEVEL's default), writing into the capture dir. */
export function captureLoggerOptions(dir: string): FastifyServerOptions['logger'] {
  const production = createLoggerOptions({ logLevel: loadConfig({}).logLevel });
  return { ...(production as object), stream: captureStream(dir) } as FastifyServerOptions['logger'];
}

const TOKEN_FIELDS = /"(?:access_token|refresh_token)"\s*:\s*"([^"]+)"/g;
const SIGNATURES = /[?&]signature=([A-Za-z0-9_-]+)/g;
/** Invite and reset links carry their token as the last path segment or a `token` parameter. */
const LINK_TOKENS = /https?:\/\/\S*?[/=]([A-Za-z0-9_-]{20,})/g;

/** Passwords a request sent, from its parsed body (fields named like "password"). */
export function passwordsOf(body: unknown, into: Set<string>): void {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  for (const [key, value] of Object.entries(body)) {
    if (/pass|senha/i.test(key) && typeof value === 'string') into.add(value);
  }
}

/** Tokens the app handed out: token responses, signed links in any answer, links in e-mails. */
export function tokensOf(bodies: Iterable<string | null>, mail: readonly MailMessage[]): string[] {
  const tokens: string[] = [];
  for (const body of bodies) {
    if (!body) continue;
    for (const match of body.matchAll(TOKEN_FIELDS)) tokens.push(match[1]!);
    for (const match of body.matchAll(SIGNATURES)) tokens.push(match[1]!);
  }
  for (const message of mail) {
    for (const text of [message.text, message.html ?? '']) for (const match of text.matchAll(LINK_TOKENS)) tokens.push(match[1]!);
  }
  return tokens;
}

/** Names, CPFs and e-mails the test's database holds, read before it is dropped. */
async function storedPersonalData(db: Database): Promise<Pick<SuiteSecrets, 'names' | 'cpfs' | 'emails'>> {
  const [patientRows, userRows, inviteRows] = await Promise.all([
    db.select({ name: patients.nomeCompleto, cpf: patients.cpf }).from(patients),
    db.select({ first: users.firstName, last: users.lastName, email: users.email, cpf: users.cpf }).from(users),
    db.select({ first: invites.firstName, last: invites.lastName, email: invites.email }).from(invites),
  ]);
  return {
    names: [
      ...patientRows.map((row) => row.name),
      ...[...userRows, ...inviteRows].map((row) => `${row.first} ${row.last}`),
    ],
    cpfs: [...patientRows, ...userRows].map((row) => row.cpf),
    emails: [...userRows, ...inviteRows].map((row) => row.email),
  };
}

/**
 * Appends what this test app's suite handled to the capture dir's secrets (one JSON line per app). A database that
 * cannot be read any more (a test closed or broke it) still records the passwords and tokens.
 */
export async function recordSuiteSecrets(
  dir: string,
  { db, passwords, bodies, mail }: { db: Database; passwords: Set<string>; bodies: Iterable<string | null>; mail: readonly MailMessage[] },
): Promise<void> {
  const stored = await storedPersonalData(db).catch(() => ({ names: [], cpfs: [], emails: [] }));
  const secrets: SuiteSecrets = {
    ...stored,
    passwords: [...passwords, ...KNOWN_PASSWORDS],
    tokens: tokensOf(bodies, mail),
  };
  appendFileSync(join(dir, `${captureId}.secrets.jsonl`), `${JSON.stringify(secrets)}\n`, { mode: 0o600 });
}
