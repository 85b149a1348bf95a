/**
 * Issue 39 item 3, past one machine: two processes on one PostgreSQL database, each running the server's digest
 * rounds at the same injected instant (07:05 in São Paulo) with the server's SMTP mailer, send exactly one digest per
 * subscribed account, read back from a real SMTP server; run again the same day, they send none.
 *
 * Runs when DATABASE_URL names a PostgreSQL server (as the CI's PostgreSQL layer runs the API suite); skipped,
 * saying why, otherwise (PGlite belongs to one process).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../../server/db/client';
import { digestSubscriptions } from '../../server/db/schema/index';
import { insertPatient, insertSurgery } from '../helpers/clinical-fixtures';
import { adminStatement, databaseUrlNamed } from '../helpers/database-templates';
import { createMedic, createSecretary, type TestAccount } from '../helpers/fixtures';
import { decodeHeader, header, startSmtpServer, type TestSmtpServer } from '../helpers/mail';

const ROOT = resolve(import.meta.dirname, '../..');
const databaseUrl = process.env.DATABASE_URL || null;
/** 07:05 in São Paulo on a fixed day. */
const AT = '2026-12-07T10:05:00Z';

let handle: DatabaseHandle;
let databaseName: string;
let smtp: TestSmtpServer;
let url: string;
let accounts: TestAccount[];

/** One instance's rounds as its own process; answers how many e-mails it sent. */
function runInstance(): Promise<number> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/digest-instance.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url, SMTP_URL: smtp.url, PUBLIC_URL: 'https://cirurgias.exemplo.com.br', DIGEST_TEST_NOW: AT, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => (code === 0 ? done((JSON.parse(out.trim().split('\n').pop()!) as { sent: number }).sent) : fail(new Error(`instance exited ${code}: ${err}`))));
  });
}

describe.skipIf(!databaseUrl)('the digest from two processes on one PostgreSQL', () => {
  beforeAll(async () => {
    databaseName = `cirurgias_digest_${randomBytes(5).toString('hex')}`;
    await adminStatement(databaseUrl!, `CREATE DATABASE "${databaseName}" TEMPLATE "${inject('databaseTemplates').small}"`);
    url = databaseUrlNamed(databaseUrl!, databaseName);
    handle = await openPostgres(url, { poolMax: 2 });
    smtp = await startSmtpServer();
    const medics = await Promise.all(Array.from({ length: 3 }, () => createMedic({ db: handle.db })));
    const secretary = await createSecretary({ db: handle.db }, { medicIds: [medics[0]!.id, medics[1]!.id] });
    accounts = [...medics, secretary];
    // Each medic has a surgery tomorrow at 07:30, so every account has something to be told.
    for (const medic of medics) {
      const patient = await insertPatient(handle.db, medic.id);
      await insertSurgery(handle.db, patient, { status: 'agendamento', schedule: new Date('2026-12-08T10:30:00Z') });
    }
    await handle.db.insert(digestSubscriptions).values(accounts.map((account) => ({ userId: account.id })));
  }, 60_000);

  afterAll(async () => {
    await smtp?.close();
    await handle?.close();
    if (databaseName) await adminStatement(databaseUrl!, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  });

  it('sends one digest per account, whichever process claims it, and none when run again the same day', async () => {
    const [first, second] = await Promise.all([runInstance(), runInstance()]);
    expect(first + second).toBe(accounts.length);
    const recipients = smtp.received.flatMap((message) => message.to).sort();
    expect(recipients).toEqual(accounts.map((account) => account.email).sort());
    for (const message of smtp.received) expect(decodeHeader(header(message.raw, 'subject')!)).toBe('Resumo do dia — 07/12/2026');

    const [again, againToo] = await Promise.all([runInstance(), runInstance()]);
    expect(again + againToo).toBe(0);
    expect(smtp.received).toHaveLength(accounts.length);
  }, 120_000);
});
