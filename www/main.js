/**
 * The game page: a hot-seat match (two people on this device) on the engine, with the
 * board, the controls, the timer bar, the dialogs and the options around it.
 *
 * The board is drawn from White's side for the whole match (White's home board at the
 * bottom, right or left by the flip option): two people sharing one screen sit like at a
 * real board, so it never turns between turns and each play is seen where it was made.
 *
 * Test-only URL hooks, harmless for players: `?seed=N` seeds the dice, `?clockRate=K`
 * runs the match clock K times faster, `?position=ID&match=ID` starts from GNU
 * Backgammon IDs (the match ID is optional). A match in progress is saved in
 * localStorage and resumed on the next visit unless a hook starts a new one.
 */

import { loadEngine, createGame } from "./engine.js";
import { createBoard } from "./board/board.js";
import { t, setLanguage, onLanguageChange, languages } from "./i18n/i18n.js";
import { createControls } from "./ui/controls.js";
import { createTimerBar } from "./ui/timer_bar.js";
import { createDialogs } from "./ui/dialogs.js";
import { createOptions, createOptionsMenu, boardOptions } from "./ui/options.js";

const SAVED_MATCH = "gamao.match";
const NEW_MATCH = "gamao.newMatch";
const DEFAULT_SETTINGS = { opponent: "person", matchLength: 5, preset: "seed000", rules: null };

const params = new URLSearchParams(location.search);
const seed = /^\d+$/.test(params.get("seed") || "") ? Number(params.get("seed")) : null;
const clockRate = Number(params.get("clockRate")) > 0 ? Number(params.get("clockRate")) : 1;
const positionId = params.get("position");
const matchId = params.get("match");

const options = createOptions();
const board = createBoard(document.getElementById("board"), { ...boardOptions(options.get()), t });
const dialogs = createDialogs({ t });
const right = document.getElementById("controls-right");
const timerHost = document.createElement("div");
right.append(timerHost);
const timer = createTimerBar(timerHost, { t });
const controls = createControls(document.getElementById("controls-left"), right, { t, confirmForfeit: dialogs.confirmForfeit });
const menu = createOptionsMenu(options, { t, languages: languages() });

await loadEngine();
const game = createGame({
  board, controls, timer, dialogs, t, seed, clockRate,
  options: () => options.get(),
  onSave: (saved) => store(SAVED_MATCH, { saved, settings: game.settings() }),
});

function applyOptions(o) {
  board.set(boardOptions(o));
  document.body.classList.toggle("simple-graphics", o.simpleGraphics);
  timer.setSound(o.sound);
  setLanguage(o.language);
  game.optionsChanged();
}
onLanguageChange(() => {
  board.setTranslator(t);
  controls.relabel();
  timer.relabel();
  document.title = t("page.title");
});
options.on("change", applyOptions);
setLanguage(options.get().language);
document.title = t("page.title");

controls.on("options", () => menu.open());
controls.on("newMatch", async () => {
  const chosen = await dialogs.askNewMatch({ computerAvailable: false, defaults: lastSettings() });
  if (!chosen) return;
  store(NEW_MATCH, chosen);
  game.newMatch(chosen);
});

function lastSettings() {
  return read(NEW_MATCH) || DEFAULT_SETTINGS;
}

/** The match to open: from the URL's IDs, the saved match, or a new one. */
function start() {
  const settings = lastSettings();
  if (positionId) {
    try {
      game.fromIds(positionId, matchId, settings);
      return;
    } catch (error) {
      board.rejectMove(error.message);
    }
  }
  const saved = read(SAVED_MATCH);
  if (saved && seed === null && !positionId) {
    try {
      game.restore(saved.saved, saved.settings || settings);
      return;
    } catch {
      // an older or damaged save: start afresh
    }
  }
  game.newMatch(settings);
}

function read(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null");
  } catch {
    return null;
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or blocked: the page still works for this visit
  }
}

start();
applyOptions(options.get());

/** Read-only access for the end-to-end tests. */
Object.defineProperty(window, "gamao", { value: Object.freeze({ view: () => game.view() }) });
