import { resolve } from 'node:path';

/** Everything the server reads from the environment, read once at start. */
export type Config = {
  port: number;
  host: string;
  /** Folder of the embedded database, the file store and the e-mail outbox. */
  dataDir: string;
  /** When set, a real PostgreSQL is used instead of the embedded one. */
  databaseUrl: string | null;
  /** Bounded pool for PostgreSQL. */
  databasePoolMax: number;
  smtpUrl: string | null;
  mailFrom: string;
  /** Address the e-mailed links point to. */
  publicUrl: string;
  redisUrl: string | null;
  oauthClientId: string;
  oauthClientSecret: string;
  seedDemo: boolean;
  /** Lifetime of an access token (1 hour; shorter only to exercise refreshes in tests). */
  accessTokenTtlSeconds: number;
  /** Built SPA; served when present. */
  distDir: string;
  logLevel: string;
  /**
   * Fastify's trustProxy: false (default), true, or the addresses/CIDRs of the proxies whose
   * X-Forwarded-For is believed.
   */
  trustProxy: boolean | string[];
};

function trustProxySetting(value: string | undefined): boolean | string[] {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((address) => address.trim()).filter(Boolean);
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['false', '0', 'no', 'off'].includes(value.toLowerCase());
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`${name} deve ser um número inteiro positivo.`);
  return parsed;
}

/** 0 asks the system for a free port (tests, side-by-side instances). */
function portNumber(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65_535) throw new Error('PORT deve ser um número entre 0 e 65535.');
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = portNumber(env.PORT, 3000);
  const host = env.HOST || '0.0.0.0';
  return {
    port,
    host,
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    databasePoolMax: positiveInt(env.DATABASE_POOL_MAX, 10, 'DATABASE_POOL_MAX'),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Cirurgias <nao-responda@cirurgias.local>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    redisUrl: env.REDIS_URL || null,
    oauthClientId: env.OAUTH_CLIENT_ID || 'cirurgias-web',
    oauthClientSecret: env.OAUTH_CLIENT_SECRET || 'cirurgias-web-secret',
    seedDemo: flag(env.SEED_DEMO, true),
    accessTokenTtlSeconds: positiveInt(env.ACCESS_TOKEN_TTL_SECONDS, 3600, 'ACCESS_TOKEN_TTL_SECONDS'),
    distDir: resolve(env.DIST_DIR || './dist'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: trustProxySetting(env.TRUST_PROXY),
  };
}
