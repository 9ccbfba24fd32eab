/**
 * Development page: the board and the page's UI driven by hand-written states, before
 * the engine is wired in. A stand-in "adapter" here answers the board's events from the
 * scenario's own `destinations` table (no rules), so drags, clicks and rejections can be
 * seen and tested. Every event lands in `window.devEvents`.
 *
 * URL: ?scenario=opening|playing|bearoff|bar|tall|cube|offer|red&lang=pt|en
 */

import { createBoard } from "../board/board.js";
import { t, setLanguage, onLanguageChange } from "../i18n/i18n.js";

const params = new URLSearchParams(location.search);

/** Builds a checkers object from {point: count} (negative counts are Red). */
function checkers(points, bar = { white: 0, red: 0 }, off = { white: 0, red: 0 }) {
  const list = new Array(25).fill(0);
  for (const [p, n] of Object.entries(points)) list[Number(p)] = n;
  return { points: list, bar, off };
}

const OPENING = { 24: 2, 13: 5, 8: 3, 6: 5, 1: -2, 12: -5, 17: -3, 19: -5 };
const noDice = { white: null, red: null, prompt: null };

/** Hand-written scenarios: a partial board state each. */
export const SCENARIOS = {
  opening: {
    checkers: checkers(OPENING),
    turn: "white",
    dice: { white: { values: [5] }, red: { values: [2] }, prompt: null },
    pips: { white: 167, red: 167 },
    score: { white: 0, red: 0, matchLength: 5 },
    cube: { value: 1, owner: null, offeredBy: null },
    movable: [24, 13, 8, 6],
    destinations: { 24: [17, 19], 13: [6, 8, 11], 8: [1, 3, 6], 6: [1, 4] },
    lastMove: [],
  },
  playing: {
    checkers: checkers({ 24: 2, 13: 4, 11: 1, 8: 3, 6: 4, 5: 1, 1: -2, 12: -4, 14: -1, 17: -3, 19: -4, 20: -1 }),
    turn: "white",
    dice: { white: { values: [6, 4], used: [false, false] }, red: null, prompt: null },
    pips: { white: 161, red: 160 },
    score: { white: 2, red: 1, matchLength: 7 },
    cube: { value: 2, owner: "white", offeredBy: null },
    movable: [24, 13, 11, 8, 6, 5],
    destinations: { 24: [20, 14, 18], 13: [3, 7, 9], 11: [1, 5, 7], 8: [4, 2], 6: [2], 5: [1] },
    lastMove: [{ from: 12, to: 14 }, { from: 19, to: 20 }],
  },
  bearoff: {
    checkers: checkers({ 6: 3, 5: 2, 4: 3, 2: 1, 1: 1, 24: -1, 23: -2, 22: -3, 20: -3, 19: -2 }, { white: 0, red: 0 }, { white: 5, red: 4 }),
    turn: "white",
    dice: { white: { values: [5, 5, 5, 5], used: [true, false, false, false] }, red: null, prompt: null },
    pips: { white: 45, red: 39 },
    score: { white: 4, red: 4, matchLength: 5, crawford: true },
    cube: null,
    movable: [6, 5],
    destinations: { 6: [1], 5: ["off"] },
    lastMove: [],
  },
  bar: {
    checkers: checkers({ 13: 4, 8: 3, 6: 5, 4: 1, 1: -2, 12: -5, 17: -3, 19: -3, 20: -2, 3: -1 }, { white: 2, red: 1 }),
    turn: "white",
    dice: { white: { values: [3, 5] }, red: null, prompt: null },
    pips: { white: 152, red: 147 },
    score: { white: 0, red: 0, matchLength: 0 },
    cube: { value: 1, owner: null, offeredBy: null },
    movable: ["bar"],
    destinations: { bar: [22, 20] },
    lastMove: [{ from: 1, to: 3 }],
  },
  tall: {
    checkers: checkers({ 6: 9, 5: 4, 8: 2, 1: -11, 12: -4 }),
    turn: "red",
    dice: { white: null, red: null, prompt: { side: "red", kind: "roll" } },
    pips: { white: 82, red: 59 },
    score: { white: 0, red: 2, matchLength: 3 },
    cube: { value: 1, owner: null, offeredBy: null },
    movable: [],
    destinations: {},
    lastMove: [],
  },
  cube: {
    checkers: checkers(OPENING),
    turn: "white",
    dice: { ...noDice, prompt: { side: "white", kind: "roll" } },
    pips: { white: 167, red: 167 },
    score: { white: 1, red: 3, matchLength: 9 },
    cube: { value: 4, owner: "red", offeredBy: null },
    movable: [],
    destinations: {},
    lastMove: [],
  },
  offer: {
    checkers: checkers(OPENING),
    turn: "red",
    dice: noDice,
    pips: { white: 167, red: 167 },
    score: { white: 1, red: 3, matchLength: 9 },
    cube: { value: 2, owner: "red", offeredBy: "red" },
    movable: [],
    destinations: {},
    lastMove: [],
  },
  red: {
    checkers: checkers(OPENING),
    viewer: "red",
    turn: "red",
    dice: { white: null, red: { values: [6, 1] }, prompt: { side: "red", kind: "endTurn" } },
    pips: { white: 167, red: 167 },
    score: { white: 0, red: 0, matchLength: 0 },
    cube: { value: 1, owner: null, offeredBy: null },
    movable: [1, 12, 17, 19],
    destinations: { 1: [7, 8], 12: [18, 13, 19], 17: [23, 18], 19: [20] },
    lastMove: [],
  },
};

const events = [];
window.devEvents = events;
const logEl = document.getElementById("dev-log");

function log(name, payload) {
  events.push({ name, payload });
  logEl.textContent = events.slice(-3).map((e) => `${e.name} ${JSON.stringify(e.payload)}`).join("\n");
}

setLanguage(params.get("lang") || "auto");
const board = createBoard(document.getElementById("board"), { ...SCENARIOS.opening, t });
window.board = board;
onLanguageChange(() => board.setTranslator(t));

let scenario = "opening";
function load(name) {
  scenario = name;
  board.set({ viewer: "white", selected: null, ...SCENARIOS[name] });
}

for (const name of ["hover", "select", "move", "checkerClick", "pointContext", "diceClick"]) {
  board.on(name, (payload) => log(name, payload));
}

/** The stand-in adapter: answers from the scenario's table, moves a checker naively. */
board.on("move", ({ from, to }) => {
  const legal = (board.state().destinations[String(from)] || []).some((d) => String(d) === String(to));
  if (!legal) {
    board.rejectMove(t("board.illegal"));
    return;
  }
  relocate(from, to);
});
board.on("checkerClick", ({ from }) => {
  const targets = board.state().destinations[String(from)] || [];
  if (targets.length) relocate(from, targets[0]);
});
board.on("diceClick", () => {
  const s = board.state();
  if (s.dice.prompt && s.dice.prompt.kind === "roll") {
    const side = s.dice.prompt.side;
    board.set({ dice: { white: null, red: null, [side]: { values: [3, 1] }, prompt: null } });
  }
});

/** Demo only: shows a checker going from one place to another, without any rule. */
function relocate(from, to) {
  const s = board.state();
  const c = structuredClone(s.checkers);
  const side = from === "bar" ? s.turn : c.points[from] > 0 ? "white" : "red";
  const sign = side === "white" ? 1 : -1;
  if (from === "bar") c.bar[side] -= 1; else c.points[from] -= sign;
  if (to === "off") c.off[side] += 1; else c.points[to] += sign;
  board.set({ checkers: c, destinations: {}, movable: s.movable }, { animate: [{ side, from, to }] });
  board.set({ destinations: SCENARIOS[scenario].destinations });
}

const bar = document.getElementById("dev-bar");
for (const name of Object.keys(SCENARIOS)) {
  const b = document.createElement("button");
  b.textContent = name;
  b.dataset.scenario = name;
  b.addEventListener("click", () => load(name));
  bar.append(b);
}

window.dev = { load, board, SCENARIOS };
load(params.get("scenario") || "opening");
