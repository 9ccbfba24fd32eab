/**
 * Development page: the board and the page's UI driven by hand-written states, before
 * the engine is wired in. A stand-in "adapter" here answers the board's events from the
 * scenario's own `destinations` table (no rules), so drags, clicks and rejections can be
 * seen and tested. Every event lands in `window.devEvents`.
 *
 * URL: ?scenario=opening|playing|bearoff|bar|tall|cube|offer|red&lang=pt|en
 * (lang overrides the saved language option for this visit).
 */

import { createBoard } from "../board/board.js";
import { t, setLanguage, onLanguageChange, languages } from "../i18n/i18n.js";
import { createControls } from "../ui/controls.js";
import { createTimerBar } from "../ui/timer_bar.js";
import { createSound } from "../ui/sound.js";
import { createDialogs } from "../ui/dialogs.js";
import { createOptions, createOptionsMenu, boardOptions } from "../ui/options.js";

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

const options = createOptions();
const board = createBoard(document.getElementById("board"), { ...SCENARIOS.opening, ...boardOptions(options.get()), t });
const dialogs = createDialogs({ t });
const right = document.getElementById("controls-right");
const timerHost = document.createElement("div");
right.append(timerHost);
const sound = createSound();
const timer = createTimerBar(timerHost, { t, sound });
const controls = createControls(document.getElementById("controls-left"), right, { t, confirmForfeit: dialogs.confirmForfeit });
const menu = createOptionsMenu(options, { t, languages: languages() });

function applyOptions(o) {
  board.set(boardOptions(o));
  document.body.classList.toggle("simple-graphics", o.simpleGraphics);
  sound.setOn(o.sound);
  setLanguage(o.language);
}
onLanguageChange(() => {
  board.setTranslator(t);
  controls.relabel();
  timer.relabel();
});
applyOptions(options.get());
options.on("change", applyOptions);
if (params.get("lang")) setLanguage(params.get("lang"));

for (const name of ["roll", "double", "resign", "undo", "options", "newMatch", "forfeit"]) {
  controls.on(name, () => log("control", name));
}
controls.on("options", () => menu.open());
controls.on("roll", () => rollFor(board.state().turn || "white"));
controls.on("double", () => dialogs.askTakeDrop({ side: "white", value: 2, current: 1 }).then((a) => log("dialog", a)));
controls.on("resign", () => dialogs.askResign(OFFERED).then((a) => log("dialog", a)));
controls.on("newMatch", () => dialogs.askNewMatch(NEW_MATCH).then((a) => log("dialog", a)));
timer.on("claimWin", () => log("timer", "claimWin"));

const TIMERS = {
  bank: { kind: "bank", moveMs: 11000, moveTotalMs: 15000, bankMs: 42000, bankTotalMs: 120000, lowTime: false, running: true },
  reserve: { kind: "reserve", moveMs: 0, moveTotalMs: 11000, bankMs: 0, bankTotalMs: 90000, lowTime: false, running: false, claimable: true },
};

let scenario = "opening";
function load(name) {
  scenario = name;
  const s = SCENARIOS[name];
  board.set({ viewer: "white", selected: null, ...s });
  const rolling = Boolean(s.dice.prompt && s.dice.prompt.kind === "roll");
  controls.set({ canRoll: rolling, canDouble: rolling && Boolean(s.cube), canResign: rolling, canUndo: name === "playing" });
  timer.set(name === "tall" ? TIMERS.reserve : TIMERS.bank);
}

function rollFor(side) {
  board.set({ dice: { white: null, red: null, [side]: { values: [3, 1] }, prompt: null } });
  controls.set({ canRoll: false, canDouble: false, canResign: false, canUndo: false });
}

/** An accelerated Time Bank run: 15 s of move timer then a 20 s bank, at 10× speed. */
let demo = 0;
function timerDemo() {
  cancelAnimationFrame(demo);
  const start = performance.now();
  const tick = (now) => {
    const spent = (now - start) * 10;
    const moveMs = Math.max(0, 15000 - spent);
    const bankMs = Math.max(0, 20000 - Math.max(0, spent - 15000));
    timer.set({ kind: "bank", moveMs, moveTotalMs: 15000, bankMs, bankTotalMs: 120000, lowTime: moveMs === 0 && bankMs <= 10000, running: bankMs > 0 });
    if (bankMs > 0) demo = requestAnimationFrame(tick);
  };
  demo = requestAnimationFrame(tick);
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
  if (s.dice.prompt && s.dice.prompt.kind === "roll") rollFor(s.dice.prompt.side);
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

/** What the engine would hand the dialogs (levels allowed now, its presets' rules). */
const OFFERED = { style: "offered", levels: [{ level: "gammon", points: 4 }, { level: "backgammon", points: 6 }] };
const NEW_MATCH = {
  computerAvailable: false,
  presets: {
    "time-bank": { backgammons: true, minimiseWastedPips: false, resignation: "offered", cube: true, clock: "bank" },
    reserve: { backgammons: false, minimiseWastedPips: true, resignation: "direct", cube: true, clock: "reserve" },
  },
};

const DIALOGS = {
  takeDrop: () => dialogs.askTakeDrop({ side: "red", value: 4, current: 2 }),
  resignOffered: () => dialogs.askResign(OFFERED),
  resignDirect: () => dialogs.askResign({ style: "direct", levels: [{ level: "gammon", points: 2 }] }),
  resignAnswer: () => dialogs.askResignAnswer({ side: "red", level: "gammon", points: 4 }),
  gameOver: () => dialogs.showGameOver({ winner: "white", points: 2, kind: "gammon", score: { white: 3, red: 1 } }),
  matchOver: () => dialogs.showMatchOver({ winner: "red", score: { white: 3, red: 5 } }),
  forfeit: () => dialogs.confirmForfeit(),
  newMatch: () => dialogs.askNewMatch(NEW_MATCH),
};
for (const [name, open] of Object.entries(DIALOGS)) {
  const b = document.createElement("button");
  b.textContent = name;
  b.dataset.dialog = name;
  b.addEventListener("click", () => open().then((answer) => log("dialog", answer)));
  bar.append(b);
}
const demoButton = document.createElement("button");
demoButton.textContent = "timer demo";
demoButton.addEventListener("click", timerDemo);
bar.append(demoButton);

window.dev = { load, board, options, timer, dialogs: DIALOGS, SCENARIOS };
load(params.get("scenario") || "opening");
