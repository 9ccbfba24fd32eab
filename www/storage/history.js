/**
 * Finished matches: the last ones, newest first, each with its date, players, score and
 * `.mat` text (or, for a match set up from IDs, which no `.mat` holds, its save), kept
 * in localStorage for the matches menu (replay, download, analysis).
 *
 * Storage is small (about five million characters in Chromium) and an analysis is large
 * (about 250,000 characters for a 7-point match), so what is kept gives way in an order:
 * the match in play before the finished matches, the finished matches before their
 * analyses, which can be made again; the oldest give way first.
 */

import { readText, writeText } from "./local.js";

const HISTORY_KEY = "gamao.history";
/** How many finished matches are kept. */
export const HISTORY_LENGTH = 50;

/**
 * @typedef {object} FinishedMatch
 * @property {string} date         ISO time the match ended
 * @property {{white:string, red:string}} players
 * @property {{white:number, red:number}} score
 * @property {number} matchLength  0 for a money session
 * @property {"white"|"red"} winner
 * @property {string} [mat]        the match as a Jellyfish .mat text
 * @property {string} [saved]      else the match's save (`match.save()`): set up from IDs
 * @property {{analysis:object, text:string}} [analysis]  its analysis, once made
 */

/** @returns {FinishedMatch[]} newest first */
export function listFinished() {
  try {
    const list = JSON.parse(readText(HISTORY_KEY) || "[]");
    return Array.isArray(list) ? list.filter((m) => m && (typeof m.mat === "string" || typeof m.saved === "string")) : [];
  } catch {
    return [];
  }
}

/** @param {FinishedMatch[]} list */
const writeList = (list) => writeText(HISTORY_KEY, JSON.stringify(list));

/**
 * `list` without its oldest analysis, except `keep`'s (a date); null when it has no
 * other analysis.
 * @param {FinishedMatch[]} list
 */
function withoutOldestAnalysis(list, keep = null) {
  const oldest = list.findLastIndex((m) => m.analysis && m.date !== keep);
  if (oldest < 0) return null;
  return list.map((m, i) => {
    if (i !== oldest) return m;
    const match = { ...m };
    delete match.analysis;
    return match;
  });
}

/**
 * `list` with one thing less to keep: its oldest analysis, else its oldest match while
 * more than `least` are left; null when nothing can go.
 * @param {FinishedMatch[]} list
 */
function smaller(list, least) {
  return withoutOldestAnalysis(list) || (list.length > least ? list.slice(0, -1) : null);
}

/**
 * Writes `list`, made smaller by `giveWay` (null when nothing more can go) until it fits;
 * whether it was written.
 * @param {FinishedMatch[]} list
 * @param {(list:FinishedMatch[]) => FinishedMatch[]|null} giveWay
 */
function writeGivingWay(list, giveWay) {
  for (let left = list; left; left = giveWay(left)) {
    if (writeList(left)) return true;
  }
  return false;
}

/**
 * Keeps an analysis with the finished match that ended at `date`, making room by
 * dropping older matches' analyses when storage is full; false when it does not fit
 * even so (the match is kept without it).
 */
export function keepAnalysis(date, analysis) {
  const list = listFinished().map((m) => (m.date === date ? { ...m, analysis } : m));
  return writeGivingWay(list, (l) => withoutOldestAnalysis(l, date));
}

/**
 * Adds a finished match at the front, dropping the oldest beyond HISTORY_LENGTH; when
 * storage is full, the analyses make room first, then the oldest matches. False when
 * the match does not fit even alone, or storage is blocked.
 * @param {FinishedMatch} entry
 */
export function addFinished(entry) {
  return writeGivingWay([entry, ...listFinished()].slice(0, HISTORY_LENGTH), (l) => smaller(l, 1));
}

/**
 * Runs `write` (a write to storage that answers whether it fitted), making room for it
 * when storage is full: the analyses kept give way first, oldest first, then the oldest
 * finished matches. When it does not fit even with the history emptied, the history is
 * put back as it was. Answers whether `write` fitted.
 * @param {() => boolean} write
 */
export function withRoomFor(write) {
  if (write()) return true;
  const before = readText(HISTORY_KEY);
  let list = listFinished();
  for (;;) {
    list = smaller(list, 0);
    if (!list || !writeList(list)) break;
    if (write()) return true;
  }
  if (before !== null) writeText(HISTORY_KEY, before);
  return false;
}
