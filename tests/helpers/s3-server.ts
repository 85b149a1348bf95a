/**
 * An S3-protocol server for the tests (@20minutes/s3rver, a Node implementation of the S3 API), listening on
 * loopback on a free port with its objects in a temporary folder, and one bucket created. It refuses an unknown
 * access key; signatures are not compared, since s3rver canonicalizes bucket-level paths (`/bucket/?list-type=2`)
 * without the trailing slash the SDK (and AWS) sign, so every listing would fail with SignatureDoesNotMatch.
 *
 *   const s3 = await startS3Server();
 *   const storage = createS3Storage(s3.settings({ prefix: 'teste' }));
 *   await s3.close();
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Settings } from '../../server/config';

/** The part of s3rver's API used here (the package ships no types). */
type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> };
type S3rverOptions = {
  address: string;
  port: number;
  silent: boolean;
  allowMismatchedSignatures: boolean;
  directory: string;
  configureBuckets: Array<{ name: string }>;
};
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as new (options: S3rverOptions) => S3rverInstance;

/** s3rver's one account (its documented fixed key pair). */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export type TestS3Server = {
  endpoint: string;
  bucket: string;
  /** Settings pointing at this server's bucket (path style, as for most S3-compatible services). */
  settings(overrides?: Partial<S3Settings>): S3Settings;
  /** The same as environment variables, for a server process. */
  env(overrides?: { prefix?: string }): Record<string, string>;
  close(): Promise<void>;
};

export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'cirurgias-s3-'));
  const bucket = `cirurgias-teste-${randomBytes(3).toString('hex')}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    allowMismatchedSignatures: true,
    directory,
    configureBuckets: [{ name: bucket }] });
  let address: AddressInfo;
  try {
    address = await server.run();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
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
      await server.close().catch(() => {});
      await rm(directory, { recursive: true, force: true });
    },
  };
}
