/**
 * The real server process on the embedded database (PGlite under DATA_DIR): first start on an empty
 * directory, the data-directory lock against a second process, a committed write surviving kill -9,
 * a clean SIGTERM, a faster restart, and a first start killed during initialisation recovering.
 * Few processes are spawned (each first start initialises a database, ~5 s).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatCpf } from '../../machines/rules/cpf';
import { validCpf } from '../helpers/fixtures';

const ROOT = resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 90_000;

type Server = {
  child: ChildProcess;
  url: string;
  output: () => string;
  exit: Promise<number | null>;
  startMs: number;
};

function spawnServer(dataDir: string) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: join(dataDir, 'no-dist'),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, started, output: () => output, exit };
}

/** Starts a server and waits for its "pronto" line (the address, PORT=0 picks a free port). */
async function startServer(dataDir: string): Promise<Server> {
  const spawned = spawnServer(dataDir);
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`servidor não ficou pronto:\n${spawned.output()}`)), START_TIMEOUT_MS);
    const check = () => {
      const match = /Cirurgias pronto em (http:\/\/\S+)/.exec(spawned.output());
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]!);
      }
    };
    spawned.child.stdout!.on('data', check);
    spawned.exit.then((code) => {
      clearTimeout(timer);
      reject(new Error(`servidor saiu com ${code}:\n${spawned.output()}`));
    });
  });
  return { child: spawned.child, url, output: spawned.output, exit: spawned.exit, startMs: performance.now() - spawned.started };
}

async function health(server: Server): Promise<number> {
  const res = await fetch(`${server.url}/health`);
  return res.status;
}

const running = new Set<ChildProcess>();
const track = (server: Server) => {
  running.add(server.child);
  server.exit.then(() => running.delete(server.child));
  return server;
};

let dataDir: string;
const timings: Record<string, number> = {};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cirurgias-embedded-'));
});

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
  console.log(
    `Tempos do servidor embutido: ${Object.entries(timings)
      .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`)
      .join(', ')}`,
  );
});

/**
 * The servers here always run the embedded database (DATABASE_URL is cleared for them), so the suite's run against a
 * PostgreSQL server (DATABASE_URL set: scripts/test-all.mjs) would only repeat the embedded run's ~3 minutes.
 */
const onPostgresRun = Boolean(process.env.DATABASE_URL);
if (onPostgresRun) console.info('embedded-lifecycle: skipped in the PostgreSQL run (it tests the embedded database, run without DATABASE_URL)');

describe.skipIf(onPostgresRun)('embedded server lifecycle', () => {
  const doctor = {
    nickname: 'Dra. Persistência',
    first_name: 'Helena',
    last_name: 'Duradoura',
    cpf: formatCpf(validCpf(737_373)),
    specialty: 10,
    address: 'Rua do Disco, 1',
    cellphone: '(11) 9 9999-0000',
    crm: '777777/SP',
    email: 'helena.duradoura@clinica.com.br',
    password: 'Persistir@2024',
    confirmPassword: 'Persistir@2024',
    IAcceptToStoreData: true,
    IHaveASecretary: false,
    secretary: '',
    news: false,
  };
  let first: Server;

  it('starts on an empty data directory and serves /health', async () => {
    first = track(await startServer(join(dataDir, 'nested', 'data')));
    timings['primeira inicialização'] = first.startMs;
    expect(await health(first)).toBe(200);
    expect(first.output()).toContain('Dados em');
    expect(first.output()).toContain('Contas de demonstração');
    const dir = join(dataDir, 'nested', 'data');
    // The backups' status and local channel (issue 40, docs/BACKUP.md) beside the database and the lock.
    expect(readdirSync(dir).sort()).toEqual(['backup-status.json', 'backup.sock', 'pgdata', 'server.lock']);
  }, START_TIMEOUT_MS);

  it('refuses a second process on the same directory while the first keeps serving', async () => {
    const second = spawnServer(join(dataDir, 'nested', 'data'));
    const code = await second.exit;
    expect(code).toBe(1);
    expect(second.output()).toContain(`já está em uso pelo processo ${first.child.pid}`);
    expect(await health(first)).toBe(200);
  }, START_TIMEOUT_MS);

  it('keeps a committed write after kill -9, and restarts on the existing directory', async () => {
    const signup = await fetch(`${first.url}/project_auth/api/v1/cadastro/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(doctor),
    });
    expect(signup.status).toBe(201);

    first.child.kill('SIGKILL');
    await first.exit;

    const restarted = track(await startServer(join(dataDir, 'nested', 'data')));
    timings['reinício após kill -9'] = restarted.startMs;
    const token = await fetch(`${restarted.url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'cirurgias-web',
        client_secret: 'cirurgias-web-secret',
        username: doctor.email,
        password: doctor.password,
      }).toString(),
    });
    expect(token.status).toBe(200);
    // The demo was seeded once, on the first start only.
    expect(restarted.output()).not.toContain('Contas de demonstração');

    restarted.child.kill('SIGTERM');
    expect(await restarted.exit).toBe(0);
    expect(existsSync(join(dataDir, 'nested', 'data', 'server.lock'))).toBe(false);
  }, START_TIMEOUT_MS * 2);

  it('restarts after a clean stop without the first start\'s work, sweeping the files a crash left without a row', async () => {
    // What a crash between writing an upload and committing its row leaves: the file, and a half-written temporary.
    const files = join(dataDir, 'nested', 'data', 'files', 'patients');
    await mkdir(files, { recursive: true });
    await writeFile(join(files, 'photo-orphan.png'), '{"contentType":"image/png","size":3}\nabc');
    await writeFile(join(files, '.0123456789abcdef.tmp'), '{"contentType":"image/png"');
    const before = readdirSync(files);

    const again = track(await startServer(join(dataDir, 'nested', 'data')));
    timings['reinício após SIGTERM'] = again.startMs;
    expect(await health(again)).toBe(200);
    // The sweep runs after the first answer (server/main.ts), so its line follows that answer.
    await vi.waitFor(() => expect(again.output()).toContain('Arquivos sem registro removidos na inicialização: 2'), {
      timeout: 15_000,
      interval: 50,
    });
    expect(readdirSync(files).sort()).toEqual(before.filter((name) => !['photo-orphan.png', '.0123456789abcdef.tmp'].includes(name)).sort());
    // The first start's work (the demo's seeding) is not done again; the times are printed, not asserted.
    expect(again.output()).not.toContain('Contas de demonstração');
    again.child.kill('SIGINT');
    expect(await again.exit).toBe(0);
  }, START_TIMEOUT_MS);

  it('recovers from a first start killed during initialisation', async () => {
    const dir = join(dataDir, 'killed');
    const doomed = spawnServer(dir);
    // Wait until the first initialisation is under way, then kill it.
    let exited = false;
    void doomed.exit.then(() => (exited = true));
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!existsSync(join(dir, 'pgdata.initializing')) && Date.now() < deadline && !exited) {
      await new Promise((done) => setTimeout(done, 50));
    }
    await new Promise((done) => setTimeout(done, 1_000));
    expect(exited, doomed.output()).toBe(false);
    doomed.child.kill('SIGKILL');
    await doomed.exit;
    expect(existsSync(join(dir, 'pgdata'))).toBe(false);
    expect(existsSync(join(dir, 'pgdata.initializing'))).toBe(true);

    const recovered = track(await startServer(dir));
    expect(await health(recovered)).toBe(200);
    expect(readdirSync(dir).sort()).toEqual(['backup-status.json', 'backup.sock', 'pgdata', 'server.lock']);
    recovered.child.kill('SIGTERM');
    expect(await recovered.exit).toBe(0);
  }, START_TIMEOUT_MS * 2);
});
