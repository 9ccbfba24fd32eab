/**
 * The match in progress, kept in localStorage: the engine's save (`match.save()`), the
 * new-match settings it was started with, and the match clock's reading when it was
 * written (a clock does not run while the page is closed). Also the settings the player
 * chose last, the new-match dialog's defaults.
 *
 * A save that cannot be read is never thrown away: `setAside` keeps its text under its
 * own key, so a damaged match can still be recovered by hand.
 */

import { readText, writeText } from "./local.js";
import { withRoomFor } from "./history.js";

const MATCH_KEY = "gamao.match";
const REFUSED_KEY = "gamao.match.refused";
const SETTINGS_KEY = "gamao.newMatch";

/**
 * @typedef {object} SavedMatch
 * @property {string} saved      the engine's JSON (`match.save()`)
 * @property {object|null} settings  the new-match dialog's settings of that match
 * @property {number} [clockMs]  the match clock when written (≥ the engine's lastMs)
 */

/**
 * The saved match: `{kind: "none"}`, `{kind: "ok", match}`, or `{kind: "unreadable", text}`
 * when the stored text is not a save record at all.
 * @returns {{kind:"none"} | {kind:"ok", match:SavedMatch, text:string} | {kind:"unreadable", text:string}}
 */
export function readSavedMatch() {
  const text = readText(MATCH_KEY);
  if (text === null) return { kind: "none" };
  try {
    const record = JSON.parse(text);
    if (record && typeof record.saved === "string") return { kind: "ok", match: record, text };
  } catch {
    // not JSON: unreadable, handled below
  }
  return { kind: "unreadable", text };
}

/**
 * Writes the match in progress. It comes before everything else kept: when storage is
 * full, the finished matches' analyses make room first (oldest first; each can be made
 * again), then the oldest finished matches. False when it does not fit even so (the
 * history is then left as it was), or storage is blocked.
 * @param {SavedMatch} record
 */
export function writeSavedMatch(record) {
  const text = JSON.stringify(record);
  return withRoomFor(() => writeText(MATCH_KEY, text));
}

/**
 * Calls `onWritten` when another tab of this page writes the match in progress (the
 * browser's `storage` event, which never reaches the tab that wrote).
 */
export function onSavedElsewhere(onWritten) {
  addEventListener("storage", (event) => {
    if (event.key === MATCH_KEY && event.newValue !== null) onWritten();
  });
}

/** Keeps a refused save's text aside (the latest one) and clears the match slot. */
export function setAside(text) {
  writeText(REFUSED_KEY, text);
  try {
    localStorage.removeItem(MATCH_KEY);
  } catch {
    // storage blocked: nothing to clear
  }
}

/** @returns {object|null} the new-match settings chosen last */
export function readLastSettings() {
  try {
    return JSON.parse(readText(SETTINGS_KEY) || "null");
  } catch {
    return null;
  }
}

/** @param {object} settings */
export function writeLastSettings(settings) {
  writeText(SETTINGS_KEY, JSON.stringify(settings));
}
