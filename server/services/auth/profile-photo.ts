import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { badRequest, payloadTooLarge } from '../../http/errors';
import { FILE_EXTENSIONS, MAX_PHOTO_BYTES } from '../files/file-type';
import { PHOTO_MESSAGES, photoTypeOf } from '../files/photo';
import { createLinkSigner } from '../files/signed-links';
import type { FileStorage, StoredFile } from '../storage/file-storage';

type ProfilePhotoDeps = { db: Database; storage: FileStorage; now: () => Date };

/** A stored photo's version: the random part of its key (`users/photo-<32 hex>.<ext>`), so a new photo gets a new link. */
const KEY_VERSION = /^users\/photo-([0-9a-f]{32})\.[a-z]+$/;
export const PHOTO_VERSION = /^[0-9a-f]{32}$/;

/** Where the user's photo is served (getProfilePhoto); the link is signed for each answer. */
export const profilePhotoPath = (userId: number, version: string) => `/project_auth/api/v1/profile_photo/${userId}/${version}/`;

function versionOf(key: string): string | null {
  return KEY_VERSION.exec(key)?.[1] ?? null;
}

/**
 * The signed-in user's own profile photo (issue 11 item 13), under the rules of patient photos (DECISIONS §7):
 * JPEG, PNG or WebP by content, at most 5 MB, kept in the file storage and served only through a short-lived
 * link bound to the sign-in that asked for it. A photo is only ever shown to its owner.
 */
export function createProfilePhotoService({ db, storage, now }: ProfilePhotoDeps) {
  const signer = createLinkSigner({ db, now });

  /** Deletes a file whose row no longer names it; a failure only leaves an orphan file. */
  async function discard(key: string | null | undefined): Promise<void> {
    if (key) await storage.delete(key).catch(() => {});
  }

  /** Sets the user's photo key to `key` (null removes it) and deletes the file it replaced. */
  async function setKey(userId: number, key: string | null): Promise<void> {
    let replaced: string | null;
    try {
      replaced = await db.transaction(async (tx) => {
        const [current] = await tx.select({ key: users.imageKey }).from(users).where(eq(users.id, userId)).for('update');
        await tx.update(users).set({ imageKey: key, updatedAt: now() }).where(eq(users.id, userId));
        return current?.key ?? null;
      });
    } catch (error) {
      await discard(key);
      throw error;
    }
    if (replaced !== key) await discard(replaced);
  }

  return {
    /** Checks the links (the photo route verifies with it). */
    signer,

    /** The signed link of a stored photo key, or null without one (for the profile and the settings). */
    async link(userId: number, key: string | null): Promise<string | null> {
      const version = key ? versionOf(key) : null;
      return version ? signer.sign(profilePhotoPath(userId, version)) : null;
    },

    /** Checks and stores a new photo (413 over 5 MB, 400 not an image: nothing written), replacing the old one. */
    async replace(userId: number, data: Buffer): Promise<string> {
      if (data.length > MAX_PHOTO_BYTES) throw payloadTooLarge(PHOTO_MESSAGES.tooLarge);
      const type = photoTypeOf(data);
      if (!type) throw badRequest([PHOTO_MESSAGES.type], { image: [PHOTO_MESSAGES.type] });
      const key = `users/photo-${randomBytes(16).toString('hex')}.${FILE_EXTENSIONS[type]}`;
      await storage.put(key, data, type);
      await setKey(userId, key);
      return key;
    },

    async remove(userId: number): Promise<void> {
      await setKey(userId, null);
    },

    /** The user's current photo when `version` is still its version; null otherwise. */
    async photo(userId: number, version: string): Promise<StoredFile | null> {
      const [row] = await db.select({ key: users.imageKey }).from(users).where(eq(users.id, userId));
      if (!row?.key || versionOf(row.key) !== version) return null;
      return storage.get(row.key);
    },
  };
}
