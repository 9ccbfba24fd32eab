/**
 * Finished matches: the last few, newest first, each with its date, players, score and
 * `.mat` text (or, for a match set up from IDs, which no `.mat` holds, its save), kept
 * in localStorage for the matches menu (replay, download, analysis).
 */

import { readText, writeText } from "./saves.js";

const HISTORY_KEY = "gamao.history";
/** How many finished matches are kept. */
export const HISTORY_LENGTH = 10;

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

/**
 * Keeps an analysis with the finished match that ended at `date`; false when it does not
 * fit in storage (the match is kept without it).
 */
export function keepAnalysis(date, analysis) {
  const list = listFinished().map((m) => (m.date === date ? { ...m, analysis } : m));
  try {
    writeText(HISTORY_KEY, JSON.stringify(list));
    return true;
  } catch {
    return false;
  }
}

/** Adds a finished match at the front, dropping the oldest beyond HISTORY_LENGTH. */
export function addFinished(entry) {
  const list = [entry, ...listFinished()].slice(0, HISTORY_LENGTH);
  writeText(HISTORY_KEY, JSON.stringify(list));
}
