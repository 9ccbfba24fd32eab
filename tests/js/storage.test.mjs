// What the page keeps on the device (www/storage/), in a stand-in for localStorage that
// is full past a quota of characters, as a browser's is: the match in play before the
// finished matches, the finished matches before their analyses, the oldest giving way
// first; nothing is thrown.

import test from "node:test";
import assert from "node:assert/strict";

/** A localStorage of `quota` characters (keys and values), which refuses a write past it. */
class QuotaStorage {
  constructor(quota) {
    this.quota = quota;
    this.items = new Map();
  }
  getItem(key) {
    return this.items.has(key) ? this.items.get(key) : null;
  }
  setItem(key, value) {
    const used = [...this.items].reduce((n, [k, v]) => n + (k === key ? 0 : k.length + v.length), 0);
    if (used + key.length + value.length > this.quota) throw new DOMException("full", "QuotaExceededError");
    this.items.set(key, String(value));
  }
  removeItem(key) {
    this.items.delete(key);
  }
}

globalThis.localStorage = new QuotaStorage(0);
const { listFinished, addFinished, keepAnalysis, HISTORY_LENGTH } = await import("../../www/storage/history.js");
const { writeSavedMatch, readSavedMatch } = await import("../../www/storage/saves.js");

/** The `n`th finished match, its .mat `size` characters long (beginning with `n`). */
const finished = (n, size = 1000) => ({
  date: new Date(Date.UTC(2026, 0, 1, n)).toISOString(),
  players: { white: "person", red: "computer" }, score: { white: 5, red: 2 }, matchLength: 5, winner: "white",
  mat: `${n}`.padEnd(size, "."),
});
const analysis = (size) => ({ analysis: { plies: 3 }, text: "x".repeat(size) });
const numberOf = (m) => Number(m.mat.split(".")[0]);
const kept = () => listFinished().map(numberOf);
const analysed = () => listFinished().filter((m) => m.analysis).map(numberOf);

test("the finished matches are kept newest first, up to HISTORY_LENGTH", () => {
  globalThis.localStorage = new QuotaStorage(5_000_000);
  for (let n = 1; n <= HISTORY_LENGTH + 2; n++) assert.equal(addFinished(finished(n)), true);
  const list = kept();
  assert.equal(list.length, HISTORY_LENGTH);
  assert.deepEqual([list[0], list.at(-1)], [HISTORY_LENGTH + 2, 3]);
});

test("an analysis that does not fit makes room from older matches' analyses, never from the matches", () => {
  globalThis.localStorage = new QuotaStorage(30_000);
  for (let n = 1; n <= 4; n++) addFinished(finished(n));
  assert.equal(keepAnalysis(finished(1).date, analysis(10_000)), true);
  assert.equal(keepAnalysis(finished(2).date, analysis(10_000)), true);
  assert.equal(keepAnalysis(finished(3).date, analysis(10_000)), true);
  assert.deepEqual(analysed(), [3, 2], "the oldest analysis (match 1) gave way to match 3's");
  assert.deepEqual(kept(), [4, 3, 2, 1], "every match is kept");
  // One larger than the whole storage is refused, and nothing changes.
  const before = localStorage.getItem("gamao.history");
  assert.equal(keepAnalysis(finished(4).date, analysis(50_000)), false);
  assert.equal(localStorage.getItem("gamao.history"), before);
});

test("a finished match that does not fit makes room from the analyses first, then the oldest matches", () => {
  globalThis.localStorage = new QuotaStorage(27_000);
  for (let n = 1; n <= 3; n++) addFinished(finished(n, 4000));
  keepAnalysis(finished(2).date, analysis(12_000));
  assert.equal(addFinished(finished(4, 4000)), true);
  assert.deepEqual(analysed(), [], "the analysis gave way");
  assert.deepEqual(kept(), [4, 3, 2, 1]);
  assert.equal(addFinished(finished(5, 16_000)), true);
  assert.deepEqual(kept(), [5, 4, 3], "then the oldest matches");
  assert.equal(addFinished(finished(6, 40_000)), false, "one larger than the storage is not kept");
  assert.deepEqual(kept(), [5, 4, 3], "and nothing else changes");
});

test("the match in play is written even when the history has filled the storage", () => {
  globalThis.localStorage = new QuotaStorage(60_000);
  for (let n = 1; n <= 5; n++) addFinished(finished(n, 2000));
  for (let n = 1; n <= 4; n++) keepAnalysis(finished(n).date, analysis(10_000));
  const record = { saved: "s".repeat(25_000), settings: null, clockMs: 0 };
  assert.equal(writeSavedMatch(record), true);
  assert.deepEqual(readSavedMatch().match, record);
  assert.deepEqual(analysed(), [4, 3], "the two oldest analyses gave way");
  assert.deepEqual(kept(), [5, 4, 3, 2, 1], "no finished match did");
  // A bigger one takes the analyses left, then the oldest matches.
  assert.equal(writeSavedMatch({ ...record, saved: "s".repeat(50_000) }), true);
  assert.deepEqual(analysed(), []);
  assert.deepEqual(kept(), [5, 4, 3, 2], "then the oldest match");
  // One larger than the whole storage is refused, and the history is left as it was.
  assert.equal(writeSavedMatch({ ...record, saved: "s".repeat(70_000) }), false);
  assert.deepEqual(kept(), [5, 4, 3, 2]);
  assert.equal(readSavedMatch().match.saved.length, 50_000, "the match in play is its last save");
});

test("blocked storage throws nothing: no history, and writes answer false", () => {
  globalThis.localStorage = { getItem() { throw new Error("blocked"); }, setItem() { throw new Error("blocked"); }, removeItem() { throw new Error("blocked"); } };
  assert.deepEqual(listFinished(), []);
  assert.equal(addFinished(finished(1)), false);
  assert.equal(keepAnalysis(finished(1).date, analysis(10)), false);
  assert.equal(writeSavedMatch({ saved: "s", settings: null }), false);
  assert.deepEqual(readSavedMatch(), { kind: "none" });
});
