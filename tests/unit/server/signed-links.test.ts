import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type DatabaseHandle } from '../../../server/db/client';
import { runMigrations } from '../../../server/db/migrate';
import { appSecrets } from '../../../server/db/schema/index';
import { createLinkSigner, secondsLeft, SIGNED_LINK_TTL_SECONDS } from '../../../server/services/files/signed-links';

const PATH = '/surgery/api/v1/patient/7/foto/';
const FAMILY = '0f8b6c4e-2a1d-4c3b-9e7f-5a6b7c8d9e0f';

let handle: DatabaseHandle;
let clock: Date;
const now = () => clock;

beforeAll(async () => {
  handle = await openPglite();
  await runMigrations(handle);
});
afterAll(async () => {
  await handle?.close();
});

/** Splits a signed link into its path, `expires` and `signature`. */
function parts(link: string) {
  const url = new URL(link, 'http://localhost');
  return { path: url.pathname, expires: url.searchParams.get('expires')!, signature: url.searchParams.get('signature')! };
}

describe('createLinkSigner', () => {
  it('signs a relative link that verifies for its own path', async () => {
    clock = new Date('2026-03-10T12:00:00Z');
    const signer = createLinkSigner({ db: handle.db, now });
    const link = await signer.sign(PATH, FAMILY);
    expect(link).toMatch(new RegExp(`^/surgery/api/v1/patient/7/foto/\\?expires=\\d+&session=${FAMILY}&signature=[A-Za-z0-9_-]{43}$`));
    const { path, expires, signature } = parts(link);
    expect(path).toBe(PATH);
    expect(await signer.verifySignature(PATH, expires, FAMILY, signature)).toBe(true);
  });

  it('expires within 15 minutes, rounded to 5 minutes so a page keeps stable links', async () => {
    clock = new Date('2026-03-10T12:03:17Z');
    const signer = createLinkSigner({ db: handle.db, now });
    const nowSeconds = Math.floor(clock.getTime() / 1000);
    const first = parts(await signer.sign(PATH, FAMILY));
    const expires = Number(first.expires);
    expect(SIGNED_LINK_TTL_SECONDS).toBe(15 * 60);
    expect(expires % 300).toBe(0);
    expect(expires).toBeGreaterThan(nowSeconds + SIGNED_LINK_TTL_SECONDS - 300);
    expect(expires).toBeLessThanOrEqual(nowSeconds + SIGNED_LINK_TTL_SECONDS);
    clock = new Date(clock.getTime() + 60_000);
    expect(parts(await signer.sign(PATH, FAMILY))).toEqual(first);
  });

  it('refuses another path, a changed expiry, another sign-in and a tampered signature', async () => {
    clock = new Date('2026-03-10T12:00:00Z');
    const signer = createLinkSigner({ db: handle.db, now });
    const { expires, signature } = parts(await signer.sign(PATH, FAMILY));
    expect(await signer.verifySignature('/surgery/api/v1/patient/8/foto/', expires, FAMILY, signature)).toBe(false);
    expect(await signer.verifySignature(PATH, String(Number(expires) - 300), FAMILY, signature)).toBe(false);
    expect(await signer.verifySignature(PATH, expires, '1f8b6c4e-2a1d-4c3b-9e7f-5a6b7c8d9e0f', signature)).toBe(false);
    expect(await signer.verifySignature(PATH, expires, 'nao-e-uuid', signature)).toBe(false);
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await signer.verifySignature(PATH, expires, FAMILY, flipped)).toBe(false);
  });

  it('refuses other spellings of a valid signature (padding, unused bits, stray characters)', async () => {
    clock = new Date('2026-03-10T12:00:00Z');
    const signer = createLinkSigner({ db: handle.db, now });
    const { expires, signature } = parts(await signer.sign(PATH, FAMILY));
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signature.at(-1)!);
    // The last of 43 characters carries 2 unused bits: its three siblings decode to the same bytes.
    const siblings = [0, 1, 2, 3].map((low) => alphabet[(last & ~3) | low]!).filter((c) => c !== signature.at(-1));
    for (const variant of [...siblings.map((c) => signature.slice(0, -1) + c), `${signature}=`, `${signature}.`, ` ${signature}`]) {
      expect(Buffer.from(variant.trim().replace(/[=.]$/, ''), 'base64url').length).toBe(32);
      expect(await signer.verifySignature(PATH, expires, FAMILY, variant), variant).toBe(false);
    }
  });

  it('refuses expired links and expiries further than 15 minutes ahead', async () => {
    clock = new Date('2026-03-10T12:00:00Z');
    const signer = createLinkSigner({ db: handle.db, now });
    const { expires, signature } = parts(await signer.sign(PATH, FAMILY));
    clock = new Date((Number(expires) + 1) * 1000);
    expect(await signer.verifySignature(PATH, expires, FAMILY, signature)).toBe(false);
    clock = new Date((Number(expires) - SIGNED_LINK_TTL_SECONDS - 1) * 1000);
    expect(await signer.verifySignature(PATH, expires, FAMILY, signature)).toBe(false);
  });

  it('refuses malformed or missing parameters without throwing', async () => {
    clock = new Date('2026-03-10T12:00:00Z');
    const signer = createLinkSigner({ db: handle.db, now });
    const { expires, signature } = parts(await signer.sign(PATH, FAMILY));
    for (const [e, s] of [
      [undefined, signature],
      [expires, undefined],
      [[expires], signature],
      [expires, [signature]],
      [`${expires}.0`, signature],
      [`-${expires}`, signature],
      ['1e10', signature],
      [expires, ''],
      [expires, 'é'.repeat(43)],
    ] as const) {
      expect(await signer.verifySignature(PATH, e, FAMILY, s)).toBe(false);
    }
  });

  it('shares one key through app_secrets, so every instance signs alike', async () => {
    clock = new Date('2026-03-10T12:00:00Z');
    const first = createLinkSigner({ db: handle.db, now });
    const second = createLinkSigner({ db: handle.db, now });
    const [a, b] = await Promise.all([first.sign(PATH, FAMILY), second.sign(PATH, FAMILY)]);
    expect(a).toBe(b);
    const { expires, signature } = parts(a);
    expect(await createLinkSigner({ db: handle.db, now }).verifySignature(PATH, expires, FAMILY, signature)).toBe(true);
    expect(await handle.db.select().from(appSecrets)).toHaveLength(1);
  });
});

describe('secondsLeft', () => {
  it('counts the seconds until expiry, never below zero', () => {
    const at = new Date('2026-03-10T12:00:00Z');
    const nowSeconds = at.getTime() / 1000;
    expect(secondsLeft(String(nowSeconds + 1800), at)).toBe(1800);
    expect(secondsLeft(String(nowSeconds - 5), at)).toBe(0);
  });
});
