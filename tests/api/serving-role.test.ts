/**
 * Issue 13 item 27: the audit table's append-only promise on a PostgreSQL server. Its triggers refuse UPDATE, DELETE
 * and TRUNCATE, but the table's owner can switch them off, so the server must not serve as the owner: with
 * DATABASE_MIGRATION_URL (the owner) beside DATABASE_URL (the serving role), a real server process migrates, seeds and
 * grants as the owner, then serves as the serving role, which can neither change the trail nor turn its protections
 * off (server/db/serving-role.ts, docs/PRIVACY.md). A start whose DATABASE_URL could is refused.
 *
 * Runs when DATABASE_URL names a PostgreSQL server as a superuser (as the CI's PostgreSQL layer runs the API suite,
 * from TEST_POSTGRES_URL): it creates its own roles and database, and drops them after. Skipped, saying why, otherwise.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/client';
import { openMigratedPostgres, ServingRoleError } from '../../server/db/serving-role';
import { adminStatement, databaseUrlNamed } from '../helpers/database-templates';
import { createMedic, TEST_CLIENT, TEST_PASSWORD, validCpf } from '../helpers/fixtures';

const ROOT = resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 120_000;
const adminUrl = process.env.DATABASE_URL || null;
if (!adminUrl) {
  console.info('serving-role test skipped: DATABASE_URL is not set (it needs a PostgreSQL server; the CI’s PostgreSQL layer sets it).');
}

const suffix = randomBytes(4).toString('hex');
const names = {
  owner: `cirurgias_owner_${suffix}`,
  serving: `cirurgias_app_${suffix}`,
  member: `cirurgias_member_${suffix}`,
  database: `cirurgias_roles_${suffix}`,
};

/** The test database's address, connecting as `role` (the server trusts local connections: no password). */
function urlAs(role: string): string {
  const url = new URL(databaseUrlNamed(adminUrl!, names.database));
  url.username = role;
  url.password = '';
  return url.toString();
}

async function asRole<T>(role: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlAs(role) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const auditCount = (client: pg.Client) =>
  client.query<{ count: number }>('select count(*)::int as count from audit_events').then((result) => result.rows[0]!.count);

type Server = { url: string; child: ChildProcess; output: () => string; exit: Promise<number | null> };
let server: Server | null = null;
let dataDir: string;

async function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: join(dataDir, 'no-dist'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      REDIS_URL: '',
      S3_BUCKET: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`o servidor não ficou pronto:\n${output}`)), START_TIMEOUT_MS);
    child.stdout!.on('data', () => {
      const match = /Cirurgias pronto em (http:\/\/\S+)/.exec(output);
      if (match && output.includes('Banco: ')) {
        clearTimeout(timer);
        done(match[1]!);
      }
    });
    void exit.then((code) => {
      clearTimeout(timer);
      fail(new Error(`o servidor saiu com ${code}:\n${output}`));
    });
  });
  return { url, child, output: () => output, exit };
}

async function stopServer(running: Server) {
  if (running.child.exitCode !== null) return;
  running.child.kill('SIGTERM');
  const timer = setTimeout(() => running.child.kill('SIGKILL'), 10_000);
  await running.exit;
  clearTimeout(timer);
}

describe.skipIf(!adminUrl)('PostgreSQL: migrated by the owner, served by a role that cannot touch the audit trail', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cirurgias-serving-role-'));
    // Neither role is a superuser; the owner owns the database (and so, on PostgreSQL 15+, its public schema).
    await adminStatement(adminUrl!, `CREATE ROLE ${names.owner} LOGIN`);
    await adminStatement(adminUrl!, `CREATE ROLE ${names.serving} LOGIN`);
    await adminStatement(adminUrl!, `CREATE ROLE ${names.member} LOGIN IN ROLE ${names.owner}`);
    await adminStatement(adminUrl!, `CREATE DATABASE ${names.database} OWNER ${names.owner}`);
    server = await startServer({ DATABASE_URL: urlAs(names.serving), DATABASE_MIGRATION_URL: urlAs(names.owner), DATABASE_POOL_MAX: '3' });
  }, START_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    if (server) await stopServer(server);
    if (!adminUrl) return;
    await adminStatement(adminUrl, `DROP DATABASE IF EXISTS ${names.database} WITH (FORCE)`);
    for (const role of [names.member, names.serving, names.owner]) await adminStatement(adminUrl, `DROP ROLE IF EXISTS ${role}`);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts, and serves as the serving role: a sign-in, a patient created and opened, both in the audit trail', async () => {
    expect(server!.output()).toContain(`Banco: migrações como ${names.owner}; atendendo como ${names.serving}`);
    // The account is written as the serving role too.
    const handle = await openPostgres(urlAs(names.serving), { poolMax: 1 });
    let medicId: number;
    let email: string;
    try {
      ({ id: medicId, email } = await createMedic({ db: handle.db }));
    } finally {
      await handle.close();
    }
    const signIn = await fetch(`${server!.url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', username: email, password: TEST_PASSWORD, ...TEST_CLIENT }),
    });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    const headers = { authorization: `Bearer ${((await signIn.json()) as { access_token: string }).access_token}` };

    const form = new FormData();
    form.append('nome_completo', 'Paciente Papel Restrito');
    form.append('cpf', validCpf(8123));
    form.append('cellphone', '(11) 9 8765-4321');
    form.append('gender', 'female');
    const created = await fetch(`${server!.url}/surgery/api/v1/add_paciente/`, { method: 'POST', headers, body: form });
    expect(created.status, await created.clone().text()).toBe(201);
    const patientId = ((await created.json()) as { id: number }).id;
    const opened = await fetch(`${server!.url}/surgery/api/v1/patient/${patientId}/`, { headers });
    expect(opened.status).toBe(200);

    // The view's row is written in a batch, a quarter of a second later at most.
    await expect
      .poll(
        async () => {
          const trail = await fetch(`${server!.url}/surgery/api/v1/audit/?patient=${patientId}`, { headers });
          const body = (await trail.json()) as { results: { action: string; entity: string }[] };
          return body.results.map((row) => `${row.action} ${row.entity}`);
        },
        { timeout: 10_000 },
      )
      .toEqual(['view patient', 'create patient']);

    // Every connection the server holds is the serving role's: the owner's closed once the start's work was done.
    const client = new pg.Client({ connectionString: adminUrl! });
    await client.connect();
    try {
      const { rows } = await client.query<{ usename: string }>(
        `select distinct usename from pg_stat_activity where datname = $1 and backend_type = 'client backend'`,
        [names.database],
      );
      expect(rows.map((row) => row.usename)).toEqual([names.serving]);
    } finally {
      await client.end();
    }
    expect(medicId).toBeGreaterThan(0);
  });

  it('as the serving role, the trail can be neither changed nor emptied, nor its protections turned off', async () => {
    const attempts = [
      'DELETE FROM audit_events',
      `UPDATE audit_events SET detail = 'apagado'`,
      'TRUNCATE audit_events',
      'ALTER TABLE audit_events DISABLE TRIGGER ALL',
      'ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update_or_delete',
      'DROP TRIGGER audit_events_no_update_or_delete ON audit_events',
      'SET session_replication_role = replica',
      'DROP TABLE audit_events',
      `SET ROLE ${names.owner}`,
    ];
    await asRole(names.serving, async (client) => {
      // The server writes its reads' audit rows in batches, at most 250 ms (1 s after a failed flush) later: wait until
      // the count holds still for 1.5 s, so only the statements below could change it.
      let before = await auditCount(client);
      for (let tries = 0; tries < 10; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const now = await auditCount(client);
        if (now === before) break;
        before = now;
      }
      expect(before).toBeGreaterThan(0);
      for (const statement of attempts) {
        const failure = await client.query(statement).then(
          () => null,
          (error: { code?: string; message: string }) => error,
        );
        // 42501: insufficient_privilege ("permission denied…", "must be owner of…").
        expect(failure?.code, `${statement}: ${failure?.message ?? 'aceito'}`).toBe('42501');
      }
      expect(await auditCount(client)).toBe(before);
      // It can still append, as the server does.
      const { rows } = await client.query<{ grants: string }>(
        `select string_agg(privilege_type, ',' order by privilege_type) as grants from information_schema.role_table_grants
          where table_name = 'audit_events' and grantee = current_user`,
      );
      expect(rows[0]!.grants).toBe('INSERT,SELECT');
    });
  });

  it('as the owner (what one role doing both would be), the triggers can be switched off and the rows deleted: why the server must not serve as it', async () => {
    await asRole(names.owner, async (client) => {
      const rows = await auditCount(client);
      expect(rows).toBeGreaterThan(0);
      await client.query('BEGIN');
      try {
        await client.query('ALTER TABLE audit_events DISABLE TRIGGER USER');
        expect((await client.query('DELETE FROM audit_events')).rowCount).toBe(rows);
      } finally {
        await client.query('ROLLBACK');
      }
      expect(await auditCount(client)).toBe(rows);
    });
  });

  it('refuses to start when DATABASE_URL names a role that could change the trail', async () => {
    const open = (databaseUrl: string) =>
      openMigratedPostgres({ databaseUrl, migrationDatabaseUrl: urlAs(names.owner), poolMax: 1 }, async () => null).then(
        async ({ handle }) => {
          await handle.close();
          return null;
        },
        (error: unknown) => error,
      );
    const hint = 'Com DATABASE_MIGRATION_URL, DATABASE_URL deve nomear um papel só com os acessos que o servidor lhe concede (docs/PRIVACY.md).';

    const same = await open(urlAs(names.owner));
    expect(same).toBeInstanceOf(ServingRoleError);
    expect((same as Error).message).toBe(
      `DATABASE_URL e DATABASE_MIGRATION_URL usam o mesmo papel (${names.owner}): DATABASE_URL deve nomear um papel que não seja dono das tabelas (docs/PRIVACY.md).`,
    );

    const member = await open(urlAs(names.member));
    expect((member as Error).message).toBe(
      `O papel de DATABASE_URL (${names.member}) poderia alterar ou apagar a trilha de auditoria: ` +
        `é dono da tabela audit_events ou membro do papel dono (${names.owner}), e o dono pode desligar os gatilhos que a protegem; ` +
        `é dono do esquema public ou membro do papel dono, e pode apagar a tabela audit_events; ` +
        `tem UPDATE, DELETE ou TRUNCATE na tabela audit_events. ${hint}`,
    );

    const superuser = await open(databaseUrlNamed(adminUrl!, names.database));
    expect((superuser as Error).message).toBe(
      `O papel de DATABASE_URL (${new URL(adminUrl!).username || 'postgres'}) poderia alterar ou apagar a trilha de auditoria: ` +
        `é superusuário (pode tudo, inclusive desligar os gatilhos da tabela audit_events). ${hint}`,
    );

    // The serving role itself passes the same check.
    expect(await open(urlAs(names.serving))).toBeNull();
    // Nor did anything the server ran meanwhile (the orphan sweep, the audit batches) fail for want of a right.
    expect(server!.output()).not.toMatch(/"level":(50|60)/);
  });
});
