/**
 * The page's localStorage, read and written without ever throwing: storage may be
 * blocked (private modes, settings) or full, and the page goes on working either way.
 */

/** @returns {string|null} the text under `key`; null when there is none or storage is blocked */
export function readText(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes a text; false when storage is full or blocked (nothing is then changed). */
export function writeText(key, text) {
  try {
    localStorage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}
