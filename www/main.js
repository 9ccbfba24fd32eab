/**
 * The game page: a match on the engine between two people on this device (hot seat) or
 * against the computer (White the person, Red the computer, thinking in a Web Worker), with the
 * board, the controls, the timer bar, the dialogs and the options around it.
 *
 * The board is the `<gamao-board>` element that other sites embed (element/), its
 * board component handed to the page's controller, which owns the match. It is drawn
 * from White's side (White's home board at the bottom, right or left by the flip
 * option): two people sharing one screen sit like at a real board, and each
 * play is seen where it was made. An option turns it to the side to play instead.
 *
 * Test-only URL hooks, harmless for players: `?seed=N` seeds the dice, `?clockRate=K`
 * runs the match clock K times faster, `?position=ID&match=ID` starts from GNU
 * Backgammon IDs (the match ID is optional); the same path sets up pasted IDs.
 *
 * Nothing is lost: the match in progress is saved after every action (and its clock when
 * the page goes away) and resumed on the next visit unless a hook starts a new one; a
 * save the engine refuses is explained, kept aside, and a new match starts. Finished
 * matches go to a short history. After the first visit a service worker serves the
 * whole page offline (sw.js).
 */

import { loadEngine, readMat, readSaved, presetRules, isUnderWay, isMoneySession } from "./engine.js";
import { createGame } from "./game/controller.js";
import "./element/gamao-board.js";
import { t, setLanguage, onLanguageChange, languages, currentLanguage } from "./i18n/i18n.js";
import { createControls } from "./ui/controls.js";
import { createTimerBar } from "./ui/timer_bar.js";
import { createSound } from "./ui/sound.js";
import { keepTallest } from "./ui/steady_height.js";
import { createDialogs } from "./ui/dialogs.js";
import { createBanner } from "./ui/banner.js";
import { createOptions, createOptionsMenu, boardOptions } from "./ui/options.js";
import { createIdsPanel, askIds } from "./ui/ids_panel.js";
import { openMatchesMenu } from "./ui/matches_menu.js";
import { createReplay } from "./ui/replay.js";
import { downloadText, pickTextFile, matFileName } from "./ui/mat_files.js";
import { readSavedMatch, writeSavedMatch, setAside, readLastSettings, writeLastSettings, onSavedElsewhere } from "./storage/saves.js";
import { listFinished, addFinished, keepAnalysis } from "./storage/history.js";
import { createAnalysisView } from "./ui/analysis.js";
import { createAnalysisFlow, playedAndBest } from "./game/analysis.js";
import { createTutor } from "./game/tutor.js";
import { createStorageWarning } from "./ui/storage_warning.js";
import { registerServiceWorker } from "./offline.js";

const DEFAULT_SETTINGS = { opponent: "person", level: "intermediate", matchLength: 5, preset: "time-bank", rules: null };

const params = new URLSearchParams(location.search);
const seed = /^\d+$/.test(params.get("seed") || "") ? Number(params.get("seed")) : null;
const clockRate = Number(params.get("clockRate")) > 0 ? Number(params.get("clockRate")) : 1;
const positionId = params.get("position");
const matchId = params.get("match");

registerServiceWorker();

const options = createOptions();
// The board is the embeddable <gamao-board>, driven by the page's controller.
const boardElement = document.createElement("gamao-board");
document.getElementById("board").append(boardElement);
const board = boardElement.drive({ ...boardOptions(options.get()), t });
// The dialogs and the banner call the sides as the match in play does ("You" against the computer).
const nameOf = (side) => game.nameOf(side);
const dialogs = createDialogs({ t, nameOf });
const right = document.getElementById("controls-right");
const timerHost = document.createElement("div");
timerHost.className = "gm-timer-host";
right.append(timerHost);
const sound = createSound();
const timer = createTimerBar(timerHost, { t, sound });
keepTallest(document.querySelector(".gm-top"), `[data-control="double"], [data-control="endTurn"]`);
const controls = createControls(document.getElementById("controls-left"), right, { t, confirmForfeit: () => dialogs.confirmForfeit(game.forfeiter(), isMoneySession(game.view())), bottom: document.getElementById("bottom"), board: document.getElementById("board") });
const menu = createOptionsMenu(options, { t, languages: languages() });
const banner = createBanner(document.getElementById("board"), { t, nameOf });
const ids = createIdsPanel(document.getElementById("ids"), { t, dialogs });
const storageWarning = createStorageWarning(document.getElementById("bottom"), { t });

/** Whether another tab has taken the match over (below): this one then keeps nothing. */
let steppedAside = false;
await loadEngine();
const game = createGame({
  board, controls, timer, sound, dialogs, banner, ids, t, seed, clockRate,
  options: () => options.get(),
  tutor: createTutor({ dialogs, t, enabled: () => options.get().tutor }),
  onSave: (saved, clockMs) => {
    if (!steppedAside) storageWarning.set(writeSavedMatch({ saved, settings: game.settings(), clockMs }));
  },
  // A match set up from a position has no .mat form: it is kept as its save.
  onFinished: ({ score, matchLength, winner, mat, saved }) => steppedAside || addFinished({
    date: new Date().toISOString(),
    players: { white: "person", red: (game.settings() || DEFAULT_SETTINGS).opponent },
    score, matchLength, winner, ...(mat !== null ? { mat } : { saved }),
  }),
  onAnalyse: () => analyseMatchInPlay(),
});
const replay = createReplay(document.getElementById("replay"), {
  t,
  show: (frame) => {
    game.showReplayFrame(frame);
    board.set({ bestMove: null });
  },
  onLeave: () => {
    board.set({ bestMove: null });
    replayed = null;
    analysisFlow.cancel();
    analysisView.clear();
    game.leaveReplay();
  },
});

const analysisHost = document.createElement("section");
analysisHost.id = "analysis";
document.getElementById("replay").after(analysisHost);
/**
 * What is replayed: the match (`{mat}`: a .mat text; `{saved}`: a save, for a match set
 * up from IDs, which no .mat holds), and the history entry's date when it is one.
 */
let replayed = null;
const analysisView = createAnalysisView(analysisHost, {
  t,
  onStart: (plies) => analyseReplayed(plies),
  onCancel: () => {
    analysisFlow.cancel();
    analysisView.offer();
  },
  onPick: ({ game: number, decision }) => {
    if (!replay.isOpen()) return;
    replay.goToEvent(number, decision.event);
    board.set(playedAndBest(decision));
  },
});
const analysisFlow = createAnalysisFlow({ view: analysisView });

/**
 * Analyses the replayed match at `plies`, keeps the analysis with its history entry (or
 * says it could not) and marks the list.
 */
async function analyseReplayed(plies) {
  const analysed = replayed;
  const result = await runAnalysis(analysed.source, plies);
  if (!result || replayed !== analysed) return;
  replay.setMarks(analysisView.marks());
  if (analysed.date && !keepAnalysis(analysed.date, result)) {
    await dialogs.notice({ name: "analysisNotKept", title: t("analysis.notKeptTitle"), body: t("analysis.notKeptBody") });
  }
}

/**
 * Analyses the match in play thoroughly on its replay, so that a decision picked in the
 * analysis is shown on the board (leaving the replay returns to the match); a match set
 * up from IDs is replayed from its save. A finished match is its history entry, which
 * keeps the analysis (and shows one already made instead).
 */
async function analyseMatchInPlay() {
  const text = game.mat();
  const source = text === null ? { saved: game.save() } : { mat: text };
  const entry = listFinished().find((m) => (text === null ? m.saved === source.saved : m.mat === text)) || null;
  await startReplay(source, matFileName(entry ? new Date(entry.date) : new Date()), entry);
  if (replay.isOpen() && !(entry && entry.analysis)) await analyseReplayed(3);
}

/** Runs an analysis at `plies`; an unreadable match is explained. */
async function runAnalysis(source, plies) {
  try {
    return await analysisFlow.run(source, plies);
  } catch (error) {
    analysisView.clear();
    await dialogs.notice({ name: "analysisRefused", title: t("analysis.refusedTitle"), body: error.message });
    return null;
  }
}

function applyOptions(o) {
  board.set(boardOptions(o));
  document.body.classList.toggle("simple-graphics", o.simpleGraphics);
  sound.setOn(o.sound);
  setLanguage(o.language);
  game.optionsChanged();
}
onLanguageChange(() => {
  board.setTranslator(t);
  controls.relabel();
  timer.relabel();
  ids.relabel();
  banner.relabel();
  replay.relabel();
  analysisView.relabel();
  storageWarning.relabel();
  document.title = t("page.title");
});
options.on("change", applyOptions);
setLanguage(options.get().language);
document.title = t("page.title");

controls.on("options", () => menu.open());
/**
 * Whether the match on the board may be replaced: at once when it is not under way,
 * else when the player agrees to lose it.
 * @returns {Promise<boolean>}
 */
async function mayReplaceMatch() {
  const v = game.view();
  return !v || !isUnderWay(v) || dialogs.confirmReplaceMatch();
}

/** Asks for a new match's settings and starts it. */
async function askNewMatch() {
  if (!(await mayReplaceMatch())) return;
  const chosen = await dialogs.askNewMatch({ computerAvailable: true, presets: presetRules(), defaults: lastSettings() });
  if (!chosen) return;
  writeLastSettings(chosen);
  game.newMatch(chosen);
}
controls.on("newMatch", askNewMatch);
banner.on("newMatch", askNewMatch);
banner.on("analyse", analyseMatchInPlay);
controls.on("matches", openMatches);
ids.on("setUp", setUpFromPastedIds);

/**
 * The new-match settings last chosen; on a first visit the first preset's rules without
 * a clock, so that nothing is timed until clocks are chosen in the new-match dialog.
 */
function lastSettings() {
  const [first] = Object.values(presetRules());
  return readLastSettings() || { ...DEFAULT_SETTINGS, preset: "custom", rules: { ...first, clock: "none" } };
}

/**
 * Starts from GNU Backgammon IDs (the URL's or pasted ones); returns the engine's
 * explanation when they are refused, and the match in play is then unchanged.
 * @returns {string|null}
 */
function setUpFromIds(position, match) {
  try {
    game.fromIds(position, match, lastSettings());
    return null;
  } catch (error) {
    return error.message;
  }
}

/** Asks for IDs until they are accepted or the player cancels; a refusal is explained. */
async function setUpFromPastedIds() {
  if (!(await mayReplaceMatch())) return;
  let entered = {};
  for (;;) {
    const answer = await askIds(dialogs, t, entered);
    if (!answer) return;
    const error = setUpFromIds(answer.positionId, answer.matchId);
    if (!error) return;
    entered = { ...answer, error: t("ids.refused", { reason: error }) };
  }
}

async function openMatches() {
  const finished = listFinished();
  const inPlay = game.view();
  const choice = await openMatchesMenu(dialogs, t, finished, currentLanguage(), Boolean(inPlay && inPlay.recorded));
  if (!choice) return;
  if (choice.action === "export") {
    const text = game.mat();
    if (text === null) await dialogs.notice({ name: "exportRefused", title: t("export.refusedTitle"), body: t("export.fromPosition") });
    else downloadText(matFileName(new Date()), text);
  } else if (choice.action === "download") downloadText(matFileName(new Date(finished[choice.index].date)), finished[choice.index].mat);
  else if (choice.action === "replay") startReplay(replayable(finished[choice.index]), matFileName(new Date(finished[choice.index].date)), finished[choice.index]);
  else if (choice.action === "analyse") analyseMatchInPlay();
  else if (choice.action === "import") {
    const file = await pickTextFile(".mat,.txt,text/plain");
    if (file) startReplay({ mat: file.text }, file.name);
  }
}

/** What replays a finished match: its .mat text, or the save of one set up from IDs. */
const replayable = (entry) => (entry.mat !== undefined ? { mat: entry.mat } : { saved: entry.saved });

/** Replays a match (`{mat}` or `{saved}`), or explains why it cannot be read (the match is untouched). */
async function startReplay(source, name, entry = null) {
  try {
    const frames = await (source.mat !== undefined ? readMat(source.mat) : readSaved(source.saved));
    if (!frames.length) throw new Error(t("replay.empty"));
    // A match set up from IDs has no .mat file to be named after.
    replay.open(frames, source.mat !== undefined ? name : name.replace(/\.mat$/, ""));
    replayed = { source, date: entry ? entry.date : null };
    if (entry && entry.analysis) {
      analysisView.show(entry.analysis.analysis, entry.analysis.text);
      replay.setMarks(analysisView.marks());
    } else {
      analysisView.offer();
    }
  } catch (error) {
    await dialogs.notice({ name: "replayRefused", title: t("replay.refusedTitle"), body: error.message });
  }
}

/** The match to open: from the URL's IDs, the saved match, or a new one. */
function start() {
  if (positionId) {
    const error = setUpFromIds(positionId, matchId);
    if (!error) return;
    board.rejectMove(error);
  }
  const saved = readSavedMatch();
  if (seed !== null || positionId || saved.kind === "none") {
    game.newMatch(lastSettings());
    return;
  }
  let refusal = null;
  if (saved.kind === "ok") {
    try {
      game.restore(saved.match.saved, saved.match.settings || lastSettings(), saved.match.clockMs);
      return;
    } catch (error) {
      refusal = error.message;
    }
  } else {
    refusal = t("save.unreadable");
  }
  setAside(saved.text);
  game.newMatch(lastSettings());
  const reason = refusal.charAt(0).toUpperCase() + refusal.slice(1);
  dialogs.notice({ name: "saveRefused", title: t("save.refusedTitle"), body: t("save.refusedBody", { reason }) });
}

start();
applyOptions(options.get());

/**
 * When another tab plays the match on, this one stops and keeps nothing more (its older
 * copy never overwrites the other's) until the player takes the match up here: the page
 * loaded again reads it as the other tab left it.
 */
onSavedElsewhere(() => {
  if (steppedAside) return;
  steppedAside = true;
  game.stepAside();
  // Without the address's test hooks (?seed, ?position), which would start a match anew.
  dialogs.otherTab().then(() => location.replace(location.pathname));
});

/** Keeps the clock's reading when the page goes away (closed, hidden, reloaded). */
addEventListener("pagehide", () => game.saveNow());
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") game.saveNow();
});

/** Read-only access for the end-to-end tests. */
Object.defineProperty(window, "gamao", { value: Object.freeze({ view: () => game.view(), save: () => game.save(), computer: () => game.computerStats(), board: () => board.state() }) });
