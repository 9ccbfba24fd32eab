/**
 * The bear-off database kept in IndexedDB: the engine builds it in most of a second
 * on this project's machine (longer on a slower device), and reads it back at once.
 * Used only by the worker. Every failure (no IndexedDB, private mode, a full disk) is
 * treated as "not kept": the engine then builds it again.
 */

const DB_NAME = "gamao-cache";
const STORE = "engine";
const KEY = "bearoff";

/** The database connection, or null when IndexedDB is unavailable. */
function open() {
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

/** The kept bytes (a Uint8Array), or null. */
export async function readBearoff() {
  const db = await open();
  if (!db) return null;
  return new Promise((resolve) => {
    const request = db.transaction(STORE).objectStore(STORE).get(KEY);
    request.onsuccess = () => resolve(request.result instanceof Uint8Array ? request.result : null);
    request.onerror = () => resolve(null);
  });
}

/** Keeps `bytes` (a Uint8Array); resolves when written or when it cannot be. */
export async function keepBearoff(bytes) {
  const db = await open();
  if (!db) return;
  await new Promise((resolve) => {
    const transaction = db.transaction(STORE, "readwrite");
    transaction.objectStore(STORE).put(bytes, KEY);
    transaction.oncomplete = resolve;
    transaction.onerror = resolve;
    transaction.onabort = resolve;
  });
}
