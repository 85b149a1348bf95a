/**
 * The offline agenda's storage: one record in IndexedDB (database OFFLINE_DATABASE, store 'agenda', key 'current'),
 * the copy of the signed-in user's next 7 days (./agenda.ts says what it holds). A connection is opened per call and
 * closed right after, and closes itself when another tab deletes the database (`versionchange`), so a deletion at
 * sign-out is never blocked by a tab that still has it open.
 */
import { isOfflineAgenda, type OfflineAgenda } from './agendaRecord';
import { OFFLINE_DATABASE } from './shellCache';

const STORE = 'agenda';
const KEY = 'current';

function hasIndexedDb(): boolean {
  return typeof indexedDB !== 'undefined';
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function open(): Promise<IDBDatabase> {
  const request = indexedDB.open(OFFLINE_DATABASE, 1);
  request.onupgradeneeded = () => {
    if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
  };
  return done(request).then((db) => {
    db.onversionchange = () => db.close();
    return db;
  });
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    const transaction = db.transaction(STORE, mode);
    const completed = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    });
    const result = await done(run(transaction.objectStore(STORE)));
    await completed;
    return result;
  } finally {
    db.close();
  }
}

/** The stored copy, or null (none, unreadable, or no IndexedDB in this browser). Never creates the database. */
export async function readOfflineAgenda(): Promise<OfflineAgenda | null> {
  if (!hasIndexedDb()) return null;
  try {
    // Only a database that exists is opened: a signed-out or never-synced device is left without one.
    if (typeof indexedDB.databases === 'function') {
      const names = (await indexedDB.databases()).map((database) => database.name);
      if (!names.includes(OFFLINE_DATABASE)) return null;
    }
    const value: unknown = await withStore('readonly', (store) => store.get(KEY));
    return isOfflineAgenda(value) ? value : null;
  } catch {
    return null;
  }
}

/** Replaces the stored copy. */
export async function writeOfflineAgenda(agenda: OfflineAgenda): Promise<void> {
  if (!hasIndexedDb()) return;
  await withStore('readwrite', (store) => store.put(agenda, KEY));
}

/** Deletes the whole database (sign-out, session end, another user). Resolves once deleted, or at once without IndexedDB. */
export function deleteOfflineDatabase(): Promise<void> {
  if (!hasIndexedDb()) return Promise.resolve();
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(OFFLINE_DATABASE);
    request.onsuccess = () => resolve();
    // A failure leaves nothing better to do than go on; `blocked` resolves later through onsuccess once the
    // other connections close (each closes itself on versionchange).
    request.onerror = () => resolve();
  });
}
