import { isIP } from 'node:net';
import { resolve } from 'node:path';

/** Everything the server reads from the environment, read once at start. */
export type Config = {
  port: number;
  host: string;
  /** Folder of the embedded database, the file store and the e-mail outbox. */
  dataDir: string;
  /** When set, a real PostgreSQL is used instead of the embedded one; the role the server serves requests as. */
  databaseUrl: string | null;
  /**
   * The tables' owner on that same database (DATABASE_MIGRATION_URL): when set, the migrations, the seed and the
   * serving role's grants run as this role at start, and the server then serves as DATABASE_URL's role, which cannot
   * alter the audit table (server/db/serving-role.ts, docs/PRIVACY.md). Null: DATABASE_URL's role does both.
   */
  migrationDatabaseUrl: string | null;
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
   * Fastify's trustProxy: false (default) or the addresses/CIDRs of the proxies whose X-Forwarded-For
   * is believed (never `true`: any client could then forge its address).
   */
  trustProxy: false | string[];
  /** Uploaded files in an S3-compatible bucket (S3_BUCKET set); null: PostgreSQL or the data directory. */
  s3: S3Settings | null;
  /** The embedded database's backups (docs/BACKUP.md); ignored with DATABASE_URL. */
  backup: BackupSettings;
};

/** Where and how to reach the bucket (DECISIONS §12). The secret never appears in a log or an error. */
export type S3Settings = {
  bucket: string;
  /** A non-AWS service's address (MinIO, Ceph, R2, a hosting provider's object storage); null: AWS. */
  endpoint: string | null;
  region: string;
  /** Both null: the SDK's own chain (AWS_* variables, an instance role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key`. */
  forcePathStyle: boolean;
  /** Prepended to every key (`cirurgias/`), so one bucket can serve several installations; '' for none. */
  prefix: string;
};

/** An IPv4/IPv6 address, or one with a CIDR prefix (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrCidr(value: string): boolean {
  const slash = value.indexOf('/');
  const address = slash < 0 ? value : value.slice(0, slash);
  const family = isIP(address);
  if (family === 0) return false;
  if (slash < 0) return true;
  const prefix = value.slice(slash + 1);
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: the proxies whose X-Forwarded-For is believed, as addresses or CIDRs. `true` (believe
 * anyone) would let any client forge its address past the per-address sign-in limit, so it is refused,
 * as is anything that is not an address.
 */
function trustProxySetting(value: string | undefined): string[] | false {
  if (value === undefined || value.trim() === '' || value.trim().toLowerCase() === 'false') return false;
  if (['true', '1', 'yes', 'on', '*'].includes(value.trim().toLowerCase())) {
    throw new Error(
      'TRUST_PROXY=true confiaria no X-Forwarded-For de qualquer cliente; informe os endereços dos proxies (ex.: 10.0.0.5,10.1.0.0/16).',
    );
  }
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const invalid = entries.filter((entry) => !isAddressOrCidr(entry));
  if (invalid.length > 0) throw new Error(`TRUST_PROXY deve listar endereços IP ou CIDR separados por vírgula (inválido: ${invalid.join(', ')}).`);
  return entries;
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

/** S3_*: on when S3_BUCKET is set. The key pair comes together or not at all. */
function s3Settings(env: NodeJS.ProcessEnv): S3Settings | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  const endpoint = env.S3_ENDPOINT?.trim() || null;
  if (endpoint !== null && !/^https?:\/\/[^/\s]+/.test(endpoint)) {
    throw new Error('S3_ENDPOINT deve ser um endereço http:// ou https:// (ex.: https://s3.exemplo.com.br).');
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID || null;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || null;
  if ((accessKeyId === null) !== (secretAccessKey === null)) {
    throw new Error('Informe S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY juntos (ou nenhum dos dois, para as credenciais do ambiente).');
  }
  const prefix = (env.S3_PREFIX ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (prefix !== '' && !prefix.split('/').every((segment) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(segment))) {
    throw new Error('S3_PREFIX deve ter só letras, números, ".", "_", "-" e "/" (ex.: cirurgias/producao).');
  }
  return {
    bucket,
    endpoint: endpoint?.replace(/\/$/, '') ?? null,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    // Most S3-compatible services want path-style addresses; AWS wants virtual-hosted ones.
    forcePathStyle: flag(env.S3_FORCE_PATH_STYLE, endpoint !== null),
    prefix: prefix ? `${prefix}/` : '',
  };
}

export type BackupSettings = {
  /** The daily backup inside the server (BACKUP_ENABLED, on by default). `npm run backup` works either way. */
  enabled: boolean;
  /** Folder of the archives (BACKUP_DIR; default `<DATA_DIR>-backups`, beside the data directory, not inside it). */
  dir: string;
  /** Time of the daily backup in São Paulo, HH:MM (BACKUP_TIME, default 12:30); a missed one runs at the next start. */
  time: string;
  /** BACKUP_PASSPHRASE: archives are encrypted with it when set. Kept in memory only: never logged nor written. */
  passphrase: string | null;
  retention: { daily: number; weekly: number; monthly: number };
};

function backupSettings(env: NodeJS.ProcessEnv, dataDir: string): BackupSettings {
  const time = env.BACKUP_TIME?.trim() || '12:30';
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) throw new Error('BACKUP_TIME deve ser um horário HH:MM (ex.: 12:30).');
  return {
    enabled: flag(env.BACKUP_ENABLED, true),
    dir: resolve(env.BACKUP_DIR || `${dataDir}-backups`),
    time,
    passphrase: env.BACKUP_PASSPHRASE ? env.BACKUP_PASSPHRASE : null,
    retention: {
      daily: positiveInt(env.BACKUP_KEEP_DAILY, 7, 'BACKUP_KEEP_DAILY'),
      weekly: positiveInt(env.BACKUP_KEEP_WEEKLY, 4, 'BACKUP_KEEP_WEEKLY'),
      monthly: positiveInt(env.BACKUP_KEEP_MONTHLY, 12, 'BACKUP_KEEP_MONTHLY'),
    },
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = portNumber(env.PORT, 3000);
  const host = env.HOST || '0.0.0.0';
  const databaseUrl = env.DATABASE_URL || null;
  const migrationDatabaseUrl = env.DATABASE_MIGRATION_URL || null;
  if (migrationDatabaseUrl && !databaseUrl) {
    throw new Error('DATABASE_MIGRATION_URL só vale junto com DATABASE_URL (o papel com que o servidor atende, no mesmo banco).');
  }
  return {
    port,
    host,
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl,
    migrationDatabaseUrl,
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
    s3: s3Settings(env),
    backup: backupSettings(env, resolve(env.DATA_DIR || './data')),
  };
}
