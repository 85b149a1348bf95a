import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanCaptureDir } from '../helpers/log-capture';
import { scanLogLines, type SuiteSecrets } from '../helpers/log-scan';

const none: SuiteSecrets = { names: [], cpfs: [], emails: [], passwords: [], tokens: [] };

/** A request line as the production logger writes it. */
const requestLine = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    level: 30,
    time: 1764215396123,
    pid: 4242,
    hostname: 'ci',
    reqId: 'req-1',
    req: { method: 'GET', url: '/surgery/api/v1/patient/:id/' },
    res: { statusCode: 200 },
    responseTime: 12,
    msg: 'request completed',
    ...extra,
  });

const kindsOf = (line: string, secrets: SuiteSecrets = none) => scanLogLines('test.log', [line], secrets).map((leak) => leak.kind);

describe('the log-privacy scan', () => {
  it('passes the lines the production logger writes for requests and errors', () => {
    const error = { name: 'DrizzleQueryError', code: '23505', message: 'duplicate key value violates unique constraint "…"', stack: '    at insert (/app/server/db.ts:10:5)' };
    const lines = [
      requestLine(),
      requestLine({ level: 50, msg: 'request errored', error }),
      JSON.stringify({ level: 30, msg: 'Server listening at http://127.0.0.1:3000' }),
      JSON.stringify({ level: 30, msg: 'estatísticas do planejador atualizadas', tables: 12, ms: 340 }),
    ];
    const secrets = { ...none, names: ['Maria da Silva'], cpfs: ['52998224725'], passwords: ['Senha@123'] };
    expect(scanLogLines('test.log', lines, secrets)).toEqual([]);
  });

  it('finds a CPF, masked or as 11 digits that pass the check digits', () => {
    expect(kindsOf(requestLine({ req: { method: 'GET', url: '/surgery/api/v1/patient/?search=529.982.247-25' } }))).toEqual(['cpf']);
    expect(kindsOf(requestLine({ cpf: '52998224725' }))).toEqual(['cpf']);
    expect(kindsOf(requestLine({ value: 52998224725 }))).toEqual(['cpf']);
    // 11 digits that are no CPF (a count, a phone) pass; a 13-digit time passes.
    expect(kindsOf(requestLine({ value: '12345678901' }))).toEqual([]);
  });

  it('finds a CPF the suite stored, whatever its shape', () => {
    // Not a valid CPF by the check digits, but one a test stored (e.g. an invalid-CPF case written straight to the DB).
    expect(kindsOf(requestLine({ detail: 'cpf 123 456 789 01' }), { ...none, cpfs: ['12345678901'] })).toEqual(['cpf']);
  });

  it('finds an e-mail address, by shape or as one the suite stored', () => {
    expect(kindsOf(requestLine({ msg: 'convite enviado para ana.souza@clinica.com.br' }))).toEqual(['email']);
    expect(kindsOf(requestLine({ to: 'MEDICO@DEMO.COM.BR' }))).toEqual(['email']);
  });

  it('finds a token: by shape, a signature parameter, or one the suite was given', () => {
    const token = 'q8Jx0v3WcN5dKz2mR7tY1bLpE9sHfA4gUiO6nXwQeTr';
    expect(kindsOf(requestLine({ authorization: `Bearer ${token}` }))).toEqual(['token']);
    expect(kindsOf(requestLine({ url: '/surgery/api/v1/patient/3/photo/?expires=1&session=2&signature=abc' }))).toEqual(['token']);
    expect(kindsOf(requestLine({ refresh: 'abcd-efgh-ijkl-mnop' }), { ...none, tokens: ['abcd-efgh-ijkl-mnop'] })).toEqual(['token']);
  });

  it('finds a password the suite used, but not a short or dictionary-word one', () => {
    const secrets = { ...none, passwords: ['Antiga@2026', 'curta', 'nickname'] };
    expect(kindsOf(requestLine({ body: 'grant_type=password&password=Antiga@2026' }), secrets)).toContain('password');
    expect(kindsOf(requestLine({ field: 'nickname', word: 'curta' }), secrets)).toEqual([]);
  });

  it('finds a name the suite stored, whatever its case and accents', () => {
    const secrets = { ...none, names: ['João Carlos Araújo', 'Ana'] };
    expect(kindsOf(requestLine({ msg: 'paciente JOAO CARLOS ARAUJO criado' }), secrets)).toEqual(['name']);
    // One short word is too common to look for.
    expect(kindsOf(requestLine({ msg: 'Ana' }), secrets)).toEqual([]);
  });

  it('reports each leaking line with its file and number', () => {
    const lines = [requestLine(), requestLine({ email: 'x@y.com.br' }), requestLine()];
    expect(scanLogLines('42.log', lines, none)).toEqual([{ kind: 'email', source: '42.log', line: 2, excerpt: lines[1] }]);
  });

  it('scans a capture folder: the logs against the secrets every test app recorded', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'log-scan-test-'));
    try {
      await writeFile(join(dir, '1.log'), `${requestLine()}\n${requestLine({ msg: 'Maria da Silva' })}\n`);
      await writeFile(join(dir, '2.log'), `${requestLine()}\n`);
      await writeFile(join(dir, '1.secrets.jsonl'), `${JSON.stringify({ ...none, names: ['Maria da Silva'] })}\n`);
      const { report, lines, files } = await scanCaptureDir(dir);
      expect({ lines, files }).toEqual({ lines: 3, files: 2 });
      expect(report).toContain('name in 1.log:2');
      await writeFile(join(dir, '1.log'), `${requestLine()}\n`);
      expect((await scanCaptureDir(dir)).report).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
