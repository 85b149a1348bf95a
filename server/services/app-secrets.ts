import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appSecrets } from '../db/schema/index';

const cache = new WeakMap<Database, Map<string, Promise<Buffer>>>();

async function load(db: Database, name: string): Promise<Buffer> {
  await db.insert(appSecrets).values({ name, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`app secret ${name} missing`);
  return Buffer.from(row.value, 'base64url');
}

/**
 * A 32-byte server secret kept in `app_secrets` under `name`, created by the first instance that needs
 * it (first writer wins), so every instance shares it. Cached per database; a failed load is retried.
 */
export function loadAppSecret(db: Database, name: string): Promise<Buffer> {
  let secrets = cache.get(db);
  if (!secrets) cache.set(db, (secrets = new Map()));
  let secret = secrets.get(name);
  if (!secret) {
    secret = load(db, name).catch((error: unknown) => {
      secrets.delete(name);
      throw error;
    });
    secrets.set(name, secret);
  }
  return secret;
}
