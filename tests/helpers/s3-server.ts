/**
 * An S3-protocol server for the tests (@20minutes/s3rver, a Node implementation of the S3 API) in a child
 * process, listening on loopback on a free port with its objects in a temporary folder, and one bucket created.
 *
 *   const s3 = await startS3Server();
 *   const storage = createS3Storage(s3.settings({ prefix: 'teste/' }));
 *   await s3.close();
 *
 * Why a child process: s3rver encrypts its listing continuation tokens with DES, which Node's OpenSSL 3 offers
 * only with --openssl-legacy-provider (without it every truncated listing answers 500). It refuses an unknown
 * access key, but does not compare signatures: it canonicalizes bucket-level paths (`/bucket/?list-type=2`)
 * without the trailing slash the SDK (and AWS) sign, so every listing would fail with SignatureDoesNotMatch.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { S3Settings } from '../../server/config';

const ROOT = resolve(import.meta.dirname, '../..');

/** s3rver's one account (its documented fixed key pair). */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** Runs in the child: starts s3rver, prints its port, stops when the parent closes stdin (or dies). */
const CHILD_SCRIPT = `
const S3rver = require('@20minutes/s3rver');
const [directory, bucket] = process.argv.slice(-2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, allowMismatchedSignatures: true, directory, configureBuckets: [{ name: bucket }] });
server.run().then((address) => console.log(JSON.stringify({ port: address.port })), (error) => { console.error(error.message); process.exit(1); });
process.stdin.on('end', () => server.close().finally(() => process.exit(0)));
process.stdin.resume();
`;

export type TestS3Server = {
  endpoint: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Settings pointing at this server's bucket (path style, as for most S3-compatible services). */
  settings(overrides?: Partial<S3Settings>): S3Settings;
  /** The same as environment variables, for a server process. */
  env(overrides?: { prefix?: string }): Record<string, string>;
  close(): Promise<void>;
};

export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'cirurgias-s3-'));
  const bucket = `cirurgias-teste-${randomBytes(3).toString('hex')}`;
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', CHILD_SCRIPT, directory, bucket], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let port: number;
  try {
    port = await new Promise<number>((done, fail) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const line = /\{"port":(\d+)\}/.exec(output);
        if (line) done(Number(line[1]));
      });
      void exited.then(() => fail(new Error(`o servidor S3 de teste não iniciou:\n${output}`)));
    });
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    credentials: { ...CREDENTIALS },
    settings: (overrides = {}) => ({
      bucket,
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      prefix: '',
      ...CREDENTIALS,
      ...overrides,
    }),
    env: ({ prefix = '' } = {}) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: prefix,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    }),
    async close() {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      await rm(directory, { recursive: true, force: true });
    },
  };
}
