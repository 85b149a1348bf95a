import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: null,
      migrationDatabaseUrl: null,
      smtpUrl: null,
      redisUrl: null,
      oauthClientId: 'cirurgias-web',
      oauthClientSecret: 'cirurgias-web-secret',
      seedDemo: true,
      accessTokenTtlSeconds: 3600,
      trustProxy: false,
      publicUrl: 'http://localhost:3000',
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('reads SEED_DEMO=false, a public URL without its trailing slash and TRUST_PROXY forms', () => {
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://cirurgias.exemplo.com.br/' }).publicUrl).toBe('https://cirurgias.exemplo.com.br');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.10']);
    expect(loadConfig({ TRUST_PROXY: 'fd00::/8,::1' }).trustProxy).toEqual(['fd00::/8', '::1']);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('refuses TRUST_PROXY=true (any client could forge X-Forwarded-For) and anything but addresses (issue 11 item 18)', () => {
    for (const value of ['true', 'TRUE', '1', '*']) expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY=true/);
    for (const value of ['10.0.0.0/33', 'proxy.local', '2', 'loopback', '10.0.0.1, 300.1.1.1']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY deve listar/);
    }
  });

  it('reads DATABASE_MIGRATION_URL beside DATABASE_URL, and refuses it alone (issue 13 item 27)', () => {
    const owner = 'postgres://cirurgias_owner@db.internal/cirurgias';
    const serving = 'postgres://cirurgias_app@db.internal/cirurgias';
    expect(loadConfig({ DATABASE_URL: serving, DATABASE_MIGRATION_URL: owner })).toMatchObject({
      databaseUrl: serving,
      migrationDatabaseUrl: owner,
    });
    expect(loadConfig({ DATABASE_URL: serving }).migrationDatabaseUrl).toBeNull();
    expect(() => loadConfig({ DATABASE_MIGRATION_URL: owner })).toThrow(
      'DATABASE_MIGRATION_URL só vale junto com DATABASE_URL (o papel com que o servidor atende, no mesmo banco).',
    );
  });

  it('rejects a port or a lifetime that is not a number', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '-5' })).toThrow(/ACCESS_TOKEN_TTL_SECONDS/);
  });
});
