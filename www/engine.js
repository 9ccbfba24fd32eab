/**
 * The adapter: the only module that imports the engine (pkg/) and the only one that
 * knows both the match and the board. It owns the `Match`, the time base and the dice
 * seed; it turns each `MatchView` into board state, control and timer state and the
 * dialog to show, and turns the board's and the controls' events into engine actions.
 * It decides no rule: legality, destinations, pips, scores and clocks all come from the
 * engine, and every refusal comes back as the engine's Error, shown to the player.
 *
 * Against the computer, Red is the computer: whenever Red must act, the adapter asks the
 * Web Worker (ai/worker.js, through ai/client.js) what it does and performs those
 * actions through the same paths as the player's, one animated step at a time. The
 * page's main thread never searches.
 *
 * Coordinates: the view is in White's numbering (index 0 = White's 1-point), like the
 * board's absolute coordinates; a view step's `board_from/board_to` use 25 for the
 * mover's bar and 0 for its tray, its `from/to` the mover's own numbering (what
 * `{Step:{from, die}}` takes).
 */

import init, { Match, presetOptions, legalPlays } from "./pkg/gamao.js";
import { createComputerClient } from "./ai/client.js";

/** Loads the wasm engine; call once before `createGame`. */
export const loadEngine = () => init();

/**
 * Reads a `.mat` file into replay frames (the match view after each half-move). The
 * worker build of the engine, which alone has `replayMat`, is imported here on first use
 * only, so the page's first load does not pay for it. It runs on the page, not in a Web
 * Worker: a whole match replays in milliseconds, and the frames are used right here.
 * @param {string} text
 * @returns {Promise<import("./pkg-worker/gamao_worker.js").ReplayFrame[]>} throws the
 *   engine's Error (naming the line) for a broken or illegal file
 */
export async function readMat(text) {
  const worker = await import("./pkg-worker/gamao_worker.js");
  await worker.default();
  return worker.replayMat(text);
}

/** The computer opponent's thinking, in a Web Worker started on its first request. */
const computer = createComputerClient();

/** How many requests went to the computer's worker (for the tests and the curious). */
export const computerStats = () => computer.stats();

/** The side the computer plays against a person (who plays White, at the bottom). */
const COMPUTER_SIDE = "Red";
/** The shortest pause before the computer's decision is shown, at normal animation speed. */
const THINK_MS = 450;
/** Milliseconds of a checker's flight at normal speed (ui/options.js ANIMATION_MS.normal). */
const NORMAL_FLIGHT_MS = 260;

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

const boardSide = (side) => side.toLowerCase();
const other = (side) => (side === "White" ? "Red" : "White");

/** The variant name of an externally tagged enum value ("OpeningRoll", {Moving:…} → "Moving"). */
const tag = (value) => (typeof value === "string" ? value : Object.keys(value)[0]);
/** The fields of an externally tagged enum value. */
const fields = (value) => (typeof value === "string" ? {} : Object.values(value)[0]);

/** A view place number (25 = bar, 0 = tray) as a board place. */
const placeOf = (n) => (n === 25 ? "bar" : n === 0 ? "off" : n);

/** The side that must act in a phase, or null. */
function actingSide(phase) {
  const f = fields(phase);
  switch (tag(phase)) {
    case "Deciding": case "Moving": case "TurnComplete": return f.side;
    case "CubeOffered": return other(f.doubler);
    case "ResignationOffered": return other(f.by);
    default: return null;
  }
}

/**
 * The engine's options for the new-match dialog's settings.
 * @param {import("./ui/dialogs.js").NewMatchSettings} s
 */
export function matchOptions(s) {
  const length = s.matchLength > 0 ? s.matchLength : null;
  if (s.preset === "seed000") return presetOptions("seed-000", length);
  if (s.preset === "seed001") return presetOptions("seed-001", length);
  const r = s.rules;
  return {
    length: length ? { Points: length } : "Unlimited",
    cube: r.cube,
    backgammons: r.backgammons,
    minimise_wasted_pips: r.minimiseWastedPips,
    resignation: r.resignation === "direct" ? "Direct" : "Offered",
    time_control: { none: "None", bank: "TimeBank", reserve: "Reserve" }[r.clock] || "None",
  };
}

/**
 * Wires a match to the page's pieces.
 * @param {object} deps
 * @param {ReturnType<import("./board/board.js").createBoard>} deps.board
 * @param {ReturnType<import("./ui/controls.js").createControls>} deps.controls
 * @param {ReturnType<import("./ui/timer_bar.js").createTimerBar>} deps.timer
 * @param {ReturnType<import("./ui/dialogs.js").createDialogs>} deps.dialogs
 * @param {ReturnType<import("./ui/ids_panel.js").createIdsPanel>} deps.ids  shows the GNU Backgammon IDs
 * @param {(key:string, params?:object) => string} deps.t
 * @param {() => import("./ui/options.js").Options} deps.options  the player's options now
 * @param {number|null} [deps.seed]     seeded dice for every match (tests); null: the browser's random source
 * @param {number} [deps.clockRate]     the match clock runs this many times faster (tests)
 * @param {(saved:string, clockMs:number) => void} [deps.onSave]  called with `match.save()`
 *   and the match clock after every change
 * @param {(finished:{score:{white:number, red:number}, matchLength:number, winner:string, mat:string}) => void} [deps.onFinished]
 *   called once when a match ends, with its result and `.mat` text
 */
export function createGame({ board, controls, timer, dialogs, ids, t, options, seed = null, clockRate = 1, onSave = () => {}, onFinished = () => {} }) {
  /** @type {Match|null} */
  let match = null;
  /** @type {import("./pkg/gamao.js").MatchView|null} */
  let view = null;
  let matchCount = 0;

  // The match's own clock: ms since the match started, from a monotonic source.
  let base = performance.now();
  let offset = 0;
  let lastNow = 0;
  /** The match clock while a replay is shown (the match waits, its clock stopped), else null. */
  let pausedAt = null;
  const now = () => {
    if (pausedAt !== null) return pausedAt;
    lastNow = Math.max(lastNow, offset + Math.floor((performance.now() - base) * clockRate));
    return lastNow;
  };
  /** Starts the match clock at `startMs` from now on. */
  function resumeClock(startMs) {
    base = performance.now();
    offset = startMs;
    lastNow = startMs;
  }

  /** Where the side on roll started its turn: for the play's notation and auto-play. */
  let turnStart = null;
  /** The last completed play, shown on the board while the other side is on turn. */
  let lastMove = [];
  /** Largest clock readings seen, the bar's full lengths (the view gives no totals). */
  let totals = { move: 1, bank: 1 };
  let dialogKey = null;
  let timerFrame = 0;
  let automating = false;
  /** The new-match settings of the match in play. */
  let settings = null;
  /** Whether the end of the match in play has been reported to `onFinished`. */
  let finishReported = false;
  /** Counts the changes of the match: a computer decision is used only if none came after. */
  let revision = 0;
  /** The revision the computer is thinking about (its request in flight), or null. */
  let thinkingAt = null;
  /** Whether the computer's actions are being performed now. */
  let computerActing = false;
  /** A base for the seeds of the weaker levels' noise (reproducible with `?seed=`). */
  let computerSeed = 0;

  const rulesName = () => (view.options.minimise_wasted_pips ? "seed-001" : "standard");
  const sideName = (side) => t(`side.${boardSide(side)}`);

  function begin(newMatch, startMs = 0) {
    if (match) match.free();
    match = newMatch;
    matchCount++;
    pausedAt = null;
    resumeClock(startMs);
    turnStart = null;
    lastMove = [];
    totals = { move: 1, bank: 1 };
    dialogKey = null;
    dialogs.close();
    finishReported = tag(match.view(startMs).phase) === "MatchOver";
    revision++;
    thinkingAt = null;
    computerSeed = seed !== null ? seed * 1000 + matchCount : Math.floor(Math.random() * 2 ** 31);
    syncAutoRoll();
    refresh();
  }

  /** Runs one engine action; returns the Error on a refusal (the match is then unchanged). */
  function act(side, action) {
    try {
      match.act(side, action, now());
      revision++;
      return null;
    } catch (error) {
      return error;
    }
  }

  /**
   * A player's action: done, described and shown; a refusal shows the engine's reason.
   * @param {{animate?:object[]}} [show]
   */
  function perform(side, action, show = {}) {
    const before = view;
    const error = act(side, action);
    if (error) {
      board.rejectMove(explain(error.message));
      return false;
    }
    refresh(show.animate || [], before, action);
    return true;
  }

  /** Reads the match and shows it everywhere; then runs what the page does by itself. */
  function refresh(animate = [], before = null, action = null) {
    view = match.view(now());
    if (before && action) describe(before, view, action);
    if (tag(view.phase) === "Moving" && view.steps_made.length === 0 && !(turnStart && turnStart.id === view.position_id)) {
      turnStart = { id: view.position_id, dice: view.dice, side: view.turn, autoTried: false };
    }
    board.set(boardState(view), { animate });
    controls.set(controlState(view));
    showTimer(view);
    scheduleTimer();
    syncDialog(view);
    ids.set({ positionId: view.position_id, matchId: view.match_id });
    reportFinish(view);
    onSave(match.save(), lastNow);
    if (!automating) {
      automate();
      askComputer();
    }
  }

  /** Hands a match that has just ended to `onFinished`, once. */
  function reportFinish(v) {
    if (finishReported || tag(v.phase) !== "MatchOver") return;
    finishReported = true;
    onFinished({ score: { ...v.score }, matchLength: v.match_length ?? 0, winner: boardSide(fields(v.phase).result.winner), mat: matText() });
  }

  /** The match as a Jellyfish .mat text, or null for a match set up from a position
   * (the format always starts from the opening position). */
  function matText() {
    try {
      return match.mat();
    } catch {
      return null;
    }
  }

  // ——— replay: frames of a .mat file shown on the board, the match waiting ———

  /** Shows a replay frame's view on the board, nothing playable. */
  function showFrame(v) {
    const state = boardState(v);
    board.set({ ...state, dice: { ...state.dice, prompt: null }, movable: [], destinations: {}, interactive: false, lastMove: [] });
    controls.set({ canRoll: false, canDouble: false, canResign: false, canUndo: false, canForfeit: false, canHint: false, thinking: false });
    timer.set({ kind: "none", moveMs: 0, moveTotalMs: 1, bankMs: 0, bankTotalMs: 1, lowTime: false, running: false });
    ids.set({ positionId: v.position_id, matchId: v.match_id });
  }

  // ——— view → board, controls, timer ———

  function boardState(v) {
    const phase = tag(v.phase);
    const points = [0, ...v.points];
    const moving = phase === "Moving" && !isComputer(v.turn);
    const destinations = {};
    const movable = [];
    if (moving) {
      for (const d of v.destinations) {
        const from = placeOf(d.board_from);
        movable.push(from);
        destinations[String(from)] = d.targets.map((target) => placeOf(target.board_to));
      }
    }
    return {
      checkers: { points, bar: { ...v.bar }, off: { ...v.off } },
      viewer: "white",
      turn: boardSide(v.turn),
      dice: diceState(v, phase),
      cube: !v.options.cube || v.crawford === "CrawfordGame" ? null : {
        value: v.cube.value,
        owner: v.cube.owner ? boardSide(v.cube.owner) : null,
        offeredBy: phase === "CubeOffered" ? boardSide(fields(v.phase).doubler) : null,
      },
      pips: { ...v.pips },
      showPips: options().showPips,
      score: { white: v.score.white, red: v.score.red, matchLength: v.match_length ?? 0, crawford: v.crawford === "CrawfordGame" },
      movable,
      destinations,
      selected: null,
      lastMove: phase === "Moving" || phase === "Deciding" || phase === "TurnComplete" ? lastMove : [],
      interactive: moving,
    };
  }

  function diceState(v, phase) {
    const none = { white: null, red: null, prompt: null };
    if (phase === "OpeningRoll") {
      const o = v.opening_roll;
      return {
        white: o ? { values: [o[0]] } : null,
        red: o ? { values: [o[1]] } : null,
        prompt: { side: "white", kind: "roll" },
      };
    }
    if (phase === "Deciding") return { ...none, prompt: isComputer(v.turn) ? null : { side: boardSide(v.turn), kind: "roll" } };
    if ((phase === "Moving" || phase === "TurnComplete") && v.dice) {
      const [a, b] = v.dice;
      const values = a === b ? [a, a, a, a] : [a, b];
      const left = [...v.dice_left];
      const used = values.map((d) => {
        const i = left.indexOf(d);
        if (i < 0) return true;
        left.splice(i, 1);
        return false;
      });
      const endTurn = phase === "TurnComplete" && options().endTurnByDice && !isComputer(v.turn);
      return { ...none, [boardSide(v.turn)]: { values, used }, prompt: endTurn ? { side: boardSide(v.turn), kind: "endTurn" } : null };
    }
    return none;
  }

  function controlState(v) {
    const phase = tag(v.phase);
    const direct = v.options.resignation === "Direct";
    const person = !isComputer(actingSide(v.phase) || v.turn);
    return {
      canRoll: phase === "OpeningRoll" || (phase === "Deciding" && person),
      canDouble: phase === "Deciding" && v.may_double && person,
      canResign: person && (direct ? ["Deciding", "Moving", "TurnComplete"].includes(phase) : phase === "Deciding"),
      canUndo: v.steps_made.length > 0 && person,
      canForfeit: phase !== "MatchOver",
      canHint: person && ["Deciding", "Moving", "TurnComplete"].includes(phase),
      thinking: !person && actingSide(v.phase) !== null,
    };
  }

  /** The clock of the side that must act (or the side on turn) on the timer bar. */
  function showTimer(v) {
    const kind = { TimeBank: "bank", Reserve: "reserve" }[v.options.time_control] || "none";
    if (kind === "none") {
      timer.set({ kind, moveMs: 0, moveTotalMs: 1, bankMs: 0, bankTotalMs: 1, lowTime: false, running: false });
      return;
    }
    const side = actingSide(v.phase) || v.turn;
    const reading = v.clocks[boardSide(side)];
    totals.move = Math.max(totals.move, v.clocks.white.move_ms, v.clocks.red.move_ms);
    totals.bank = Math.max(totals.bank, v.clocks.white.bank_ms, v.clocks.red.bank_ms);
    timer.set({
      kind,
      moveMs: reading.move_ms,
      moveTotalMs: totals.move,
      bankMs: reading.bank_ms,
      bankTotalMs: totals.bank,
      lowTime: reading.low_time,
      running: reading.running,
      claimable: v.claimable_by !== null && !isComputer(v.claimable_by),
    });
  }

  const clockRunning = (v) => v.options.time_control !== "None" && (v.clocks.white.running || v.clocks.red.running);

  function scheduleTimer() {
    if (!timerFrame && view && clockRunning(view)) timerFrame = requestAnimationFrame(timerStep);
  }

  /** One frame of a running clock: the engine's reading, a time-out, a new claim. */
  function timerStep() {
    timerFrame = 0;
    const at = now();
    const claimableBefore = view.claimable_by;
    if (match.tick(at) !== null) {
      revision++;
      refresh();
      return;
    }
    const v = match.view(at);
    if (v.claimable_by !== claimableBefore) {
      refresh();
      return;
    }
    showTimer(v);
    scheduleTimer();
  }

  // ——— dialogs the match asks for ———

  function syncDialog(v) {
    const want = dialogFor(v);
    if (!want) {
      if (dialogKey) {
        dialogKey = null;
        dialogs.close();
      }
      return;
    }
    if (want.key === dialogKey) return;
    dialogKey = want.key;
    want.open().then((answer) => {
      if (dialogKey !== want.key) return;
      dialogKey = null;
      want.answer(answer);
    });
  }

  function dialogFor(v) {
    const f = fields(v.phase);
    const game = `${matchCount}:${v.game_number}`;
    switch (tag(v.phase)) {
      case "CubeOffered": {
        const taker = other(f.doubler);
        if (isComputer(taker)) return null;
        return {
          key: `cube:${game}:${v.cube.value}`,
          open: () => dialogs.askTakeDrop({ side: boardSide(f.doubler), value: v.cube.value * 2, current: v.cube.value }),
          answer: (a) => perform(taker, a === "take" ? "Take" : "Drop"),
        };
      }
      case "ResignationOffered": {
        const answerer = other(f.by);
        if (isComputer(answerer)) return null;
        return {
          key: `resign:${game}:${f.level}`,
          open: () => dialogs.askResignAnswer({ side: boardSide(f.by), level: f.level.toLowerCase(), points: pointsIf(answerer, "AcceptResignation") }),
          answer: (a) => perform(answerer, a === "accept" ? "AcceptResignation" : "DeclineResignation"),
        };
      }
      case "GameOver": {
        const r = f.result;
        return {
          key: `over:${game}`,
          open: () => dialogs.showGameOver({ winner: boardSide(r.winner), points: r.points, kind: endKind(r.end), score: { ...v.score } }),
          answer: () => perform("White", "OpeningRoll"),
        };
      }
      case "MatchOver": {
        const r = f.result;
        return {
          key: `match:${matchCount}`,
          open: () => dialogs.showMatchOver({ winner: boardSide(r.winner), score: { ...v.score } }),
          answer: (a) => { if (a === "rematch") rematch(); },
        };
      }
      default:
        return null;
    }
  }

  const endKind = (end) => {
    switch (tag(end)) {
      case "BoreOff": return fields(end).toLowerCase();
      case "Dropped": return "drop";
      case "ResignationAccepted": case "Resigned": return "resign";
      case "Forfeit": return "forfeit";
      default: return "time";
    }
  };

  /**
   * The points a game-ending action would score, asked of a scratch copy of the match
   * (the view does not carry the value of a resignation).
   */
  function pointsIf(side, action) {
    const scratch = Match.load(match.save(), 0);
    try {
      scratch.act(side, action, lastNow);
      const phase = scratch.view(lastNow).phase;
      const result = tag(phase) === "GameOver" ? fields(phase).result : null;
      return result ? result.points : view.cube.value;
    } catch {
      return view.cube.value;
    } finally {
      scratch.free();
    }
  }

  // ——— what the page does by itself ———

  /** Auto end of turn, auto roll, forced plays and auto bear-off, chained, per the options. */
  function automate() {
    automating = true;
    try {
      for (let i = 0; i < 8 && automaticAction(); i++);
    } finally {
      automating = false;
    }
  }

  /** Does the one thing the page does by itself now, if any; true when it did. */
  function automaticAction() {
    const o = options();
    const phase = tag(view.phase);
    if (isComputer(view.turn)) return false;
    if (phase === "TurnComplete" && !o.endTurnByDice) return perform(view.turn, "EndTurn");
    if (phase === "Deciding" && o.autoRoll) return perform(view.turn, "Roll");
    if (phase === "Moving" && turnStart && !turnStart.autoTried && (o.autoForced || o.autoBearOff)) {
      turnStart.autoTried = true;
      const plays = legalPlays(view.position_id, `${view.dice[0]}${view.dice[1]}`, rulesName());
      const bearOff = o.autoBearOff && plays.find((p) => p.steps.every((s) => s.to === 0));
      const play = bearOff || (o.autoForced && plays.length === 1 ? plays[0] : null);
      if (play) return playSteps(view.turn, play.steps.map((s) => ({ from: s.from, die: s.die })), true);
    }
    return false;
  }

  function syncAutoRoll() {
    if (!match || tag(match.view(lastNow).phase) === "MatchOver") return;
    const current = match.view(lastNow).auto_roll;
    for (const side of ["White", "Red"]) {
      const on = options().autoRoll && !isComputer(side);
      if (current[boardSide(side)] !== on) act(side, { SetAutoRoll: { on } });
    }
  }

  // ——— the computer opponent ———

  /** The side the computer plays in this match, or null (two people). */
  const computerSide = () => (settings && settings.opponent === "computer" ? COMPUTER_SIDE : null);
  const isComputer = (side) => side !== null && side === computerSide();
  /** The computer's level in this match. */
  const computerLevel = () => (settings && settings.level) || "intermediate";
  /** Milliseconds of a checker's flight now (0 with animations off). */
  const flightMs = () => board.state().animationMs;

  /**
   * When the computer must act and is not already thinking about this very moment of
   * the match, asks the worker what it does (and it claims the win at once when the
   * person's reserve runs out, which the worker does not decide); the answer is used only if the match has
   * not changed meanwhile (a new match, a forfeit, a replay shown, a time-out).
   */
  function askComputer() {
    const side = computerSide();
    if (!side || computerActing || pausedAt !== null) return;
    if (view.claimable_by === side) {
      perform(side, "ClaimWinOnTime");
      return;
    }
    if (actingSide(view.phase) !== side) return;
    if (thinkingAt === revision) return;
    const asked = thinkingAt = revision;
    const started = performance.now();
    const pause = THINK_MS * (flightMs() / NORMAL_FLIGHT_MS);
    computer.actions(match.save(), side, computerLevel(), computerSeed + revision).then(async ({ result }) => {
      await wait(pause - (performance.now() - started));
      if (thinkingAt !== asked) return;
      thinkingAt = null;
      if (revision !== asked || pausedAt !== null) {
        askComputer();
        return;
      }
      await performComputer(side, result);
      askComputer();
    }, (error) => {
      if (thinkingAt === asked) thinkingAt = null;
      board.rejectMove(error.message);
    });
  }

  /**
   * Performs the computer's actions in order, each checker step on its own with the
   * normal flight; stops if anything else changes the match meanwhile.
   */
  async function performComputer(side, actions) {
    computerActing = true;
    try {
      for (const action of actions) {
        const before = revision;
        const done = tag(action) === "Step" ? playSteps(side, [fields(action)], true) : perform(side, action);
        if (!done) return;
        if (tag(action) === "Step") await wait(flightMs() + 60);
        if (revision !== before + 1 || pausedAt !== null) return;
      }
    } finally {
      computerActing = false;
    }
  }

  // ——— hints ———

  /**
   * The worker's advice for the person to act: the best plays while moving, the cube
   * before rolling. A play chosen in the dialog is played (from the start of the turn).
   */
  async function showHint() {
    const side = actingSide(view.phase);
    if (!side || isComputer(side)) return;
    const asked = revision;
    let hint;
    try {
      hint = (await computer.hint(match.save())).result;
    } catch (error) {
      board.rejectMove(error.message);
      return;
    }
    if (revision !== asked || pausedAt !== null) return;
    const choice = await dialogs.showHint({ side: boardSide(side), plays: hint.plays, cube: hint.cube, match: (view.match_length ?? 0) > 0 });
    if (choice === null || revision !== asked || pausedAt !== null) return;
    const steps = hint.plays[choice].actions.filter((a) => tag(a) === "Step").map(fields);
    for (let n = view.steps_made.length; n > 0; n--) act(side, "UndoStep");
    if (view.steps_made.length) refresh();
    playSteps(side, steps, true);
  }

  // ——— moves ———

  /**
   * Plays steps one by one; on a refusal undoes those already made (never half-applied).
   * @returns {Error|null}
   */
  function applySteps(side, steps) {
    let made = 0;
    for (const s of steps) {
      const error = act(side, { Step: { from: s.from, die: s.die } });
      if (error) {
        for (; made > 0; made--) act(side, "UndoStep");
        return error;
      }
      made++;
    }
    return null;
  }

  /** Plays steps and shows them; `fly` animates every checker, else only the hits. */
  function playSteps(side, steps, fly) {
    const before = view;
    const error = applySteps(side, steps);
    if (error) {
      board.rejectMove(explain(error.message));
      return false;
    }
    const after = match.view(now());
    const made = after.steps_made.slice(before.steps_made.length);
    refresh(flights(side, made, fly), before, { Step: null });
    return true;
  }

  /** Board animations of view steps: the checker (if `fly`) and any checker it hits. */
  function flights(side, steps, fly) {
    const list = [];
    for (const s of steps) {
      if (fly) list.push({ side: boardSide(side), from: placeOf(s.board_from), to: placeOf(s.board_to) });
      if (s.hit) list.push({ side: boardSide(other(side)), from: s.board_to, to: "bar" });
    }
    return list;
  }

  const sourceOf = (v, from) => v.destinations.find((d) => String(placeOf(d.board_from)) === String(from));

  /** A drop or a keyboard move: the steps of that destination, or the engine's reason why not. */
  function onMove({ from, to }) {
    if (tag(view.phase) !== "Moving" || isComputer(view.turn)) return board.rejectMove("");
    const source = sourceOf(view, from);
    const target = source && source.targets.find((x) => String(placeOf(x.board_to)) === String(to));
    if (!target) return board.rejectMove(whyNot(view, from, to));
    playSteps(view.turn, target.steps, false);
  }

  /** A click on a checker: its largest legal jump (the farthest target). */
  function onCheckerClick({ from }) {
    if (tag(view.phase) !== "Moving" || isComputer(view.turn)) return;
    const source = sourceOf(view, from);
    if (!source || !source.targets.length) return;
    const jump = (x) => source.from - x.to;
    const best = source.targets.reduce((a, b) => (jump(b) > jump(a) || (jump(b) === jump(a) && b.steps.length < a.steps.length) ? b : a));
    playSteps(view.turn, best.steps, true);
  }

  /**
   * Right-click or long press on a point: cover it with two checkers. Searches the
   * engine's legal step sequences (tried and undone on the match) for the ones that end
   * with two of the mover's checkers there; prefers the fewest blots, then fewest steps.
   */
  function onPointContext({ point }) {
    if (tag(view.phase) !== "Moving" || isComputer(view.turn)) return;
    const side = view.turn;
    const sign = side === "White" ? 1 : -1;
    const own = (v) => v.points[point - 1] * sign;
    const moverPoint = side === "White" ? point : 25 - point;
    if (own(view) >= 2) return board.rejectMove(t("explain.alreadyMade", { n: moverPoint }));
    if (own(view) <= -2) return board.rejectMove(t("explain.blocked", { n: moverPoint }));
    const best = searchCover(side, own, sign);
    if (!best) return board.rejectMove(t("explain.cannotCover", { n: moverPoint }));
    playSteps(side, best.steps, true);
  }

  function searchCover(side, own, sign) {
    const at = now();
    const seen = new Set();
    let best = null;
    const path = [];
    const blots = (v) => v.points.filter((n) => n * sign === 1).length;
    const visit = () => {
      const v = match.view(at);
      if (own(v) >= 2) {
        const found = { steps: [...path], blots: blots(v) };
        if (!best || found.blots < best.blots || (found.blots === best.blots && found.steps.length < best.steps.length)) best = found;
        return;
      }
      for (const s of v.legal_steps) {
        match.act(side, { Step: { from: s.from, die: s.die } }, at);
        path.push({ from: s.from, die: s.die });
        const key = `${match.positionId()}:${path.length}`;
        if (!seen.has(key)) {
          seen.add(key);
          visit();
        }
        path.pop();
        match.act(side, "UndoStep", at);
      }
    };
    visit();
    return best;
  }

  /**
   * Why a drop is not legal, in the engine's words: the move is tried die by die on the
   * match (and undone), and the first refusal is the explanation.
   */
  function whyNot(v, from, to) {
    const side = v.turn;
    const mover = (p) => (p === "bar" ? 25 : p === "off" ? 0 : side === "White" ? p : 25 - p);
    const distance = mover(from) - mover(to);
    const dice = [...new Set(v.dice_left)];
    const orders = [];
    if (to === "off") dice.forEach((d) => orders.push([d]));
    else if (dice.includes(distance)) orders.push([distance]);
    else for (const a of dice) {
      for (const b of dice) if (a + b === distance && (a !== b || v.dice_left.length >= 2)) orders.push([a, b]);
    }
    for (const order of orders) {
      let at = mover(from);
      const steps = order.map((die) => { const s = { from: at, die }; at = Math.max(0, at - die); return s; });
      const error = applySteps(side, steps);
      if (error) return explain(error.message);
      for (let i = 0; i < steps.length; i++) act(side, "UndoStep");
    }
    if (distance <= 0 && to !== "off") return t("explain.backwards");
    return t("explain.noDice", { n: distance });
  }

  /** An engine refusal as a short sentence in the page's language. */
  function explain(message) {
    const reason = message.replace(/^.*?refused: /, "").replace(/^illegal move: /, "");
    const known = [
      [/^no die (\d) is left to play/, "explain.noDie"],
      [/^no checker of yours on point (\d+)/, "explain.noChecker"],
      [/^checkers on the bar must enter first/, "explain.enterFirst"],
      [/^point (\d+) is blocked/, "explain.blocked"],
      [/^bearing off needs every checker/, "explain.notAllHome"],
      [/^a larger die bears off only from the highest point/, "explain.higherFirst"],
      [/^that move would leave a die unplayed/, "explain.useMoreDice"],
      [/^only one die can be played, and it must be the (\d)/, "explain.mustPlayDie"],
      [/^another play wastes fewer pips/, "explain.wastesPips"],
      [/^every die has been played/, "explain.turnComplete"],
    ];
    for (const [pattern, key] of known) {
      const m = reason.match(pattern);
      if (m) return t(key, { n: m[1] });
    }
    return reason.charAt(0).toUpperCase() + reason.slice(1);
  }

  // ——— announcements ———

  /** Speaks what an action did: rolls, plays, forced passes and results. */
  function describe(before, after, action) {
    const name = tag(action);
    const say = (text) => board.announce(text);
    if (name === "OpeningRoll") turnStart = null;
    if (name === "OpeningRoll" && after.opening_roll) {
      const [w, r] = after.opening_roll;
      if (tag(after.phase) === "OpeningRoll") say(t("say.openingTie", { n: w }));
      else say(t("say.opening", { white: w, red: r, side: sideName(after.turn) }));
    } else if (name === "Roll") {
      turnStart = null;
      const side = before.turn;
      const dice = after.dice ? after.dice.join("-") : "";
      if (after.passed === side) board.rejectMove(t("say.pass", { side: sideName(side), dice }));
      else say(t("say.roll", { side: sideName(side), dice }));
    } else if (name === "EndTurn" && turnStart) {
      say(t("say.play", { side: sideName(turnStart.side), play: notation(before, after) }));
      lastMove = before.steps_made.map((s) => ({ from: placeOf(s.board_from), to: placeOf(s.board_to) }));
      turnStart = null;
    }
    if (name === "OpeningRoll") lastMove = [];
    const phase = tag(after.phase);
    if ((phase === "GameOver" || phase === "MatchOver") && tag(before.phase) !== phase) {
      const r = fields(after.phase).result;
      say(t(phase === "GameOver" ? "say.gameOver" : "say.matchOver", { side: sideName(r.winner), points: r.points ?? "", white: after.score.white, red: after.score.red }));
    }
  }

  /** The play just ended in standard notation, from the engine's list of legal plays. */
  function notation(before, after) {
    try {
      const dice = `${turnStart.dice[0]}${turnStart.dice[1]}`;
      const play = legalPlays(turnStart.id, dice, rulesName()).find((p) => p.positionIdAfter === after.position_id);
      if (play) return play.play;
    } catch {
      // the game ended: the position after is not a legal-play answer; use the steps
    }
    return before.steps_made.map((s) => `${s.from === 25 ? "bar" : s.from}/${s.to === 0 ? "off" : s.to}${s.hit ? "*" : ""}`).join(" ");
  }

  // ——— controls ———

  function roll() {
    const phase = tag(view.phase);
    if (phase === "Deciding" && isComputer(view.turn)) return;
    if (phase === "OpeningRoll") perform("White", "OpeningRoll");
    else if (phase === "Deciding") perform(view.turn, "Roll");
  }

  function onDiceClick() {
    const phase = tag(view.phase);
    if (phase !== "TurnComplete" || !options().endTurnByDice) roll();
    else if (!isComputer(view.turn)) perform(view.turn, "EndTurn");
  }

  function undo() {
    const made = view.steps_made;
    if (!made.length || isComputer(view.turn)) return;
    const last = made[made.length - 1];
    const side = view.turn;
    const back = [{ side: boardSide(side), from: placeOf(last.board_to), to: placeOf(last.board_from) }];
    if (last.hit) back.push({ side: boardSide(other(side)), from: "bar", to: last.board_to });
    perform(side, "UndoStep", { animate: back });
  }

  async function resign() {
    const side = actingSide(view.phase);
    if (!side || isComputer(side)) return;
    if (view.options.resignation === "Direct") {
      const answer = await dialogs.askResign({ style: "direct", directPoints: pointsIf(side, "Resign") });
      if (answer === "direct") perform(side, "Resign");
      return;
    }
    const levels = ["Single", "Gammon", "Backgammon"];
    const declined = view.declined_resignation;
    const minLevel = declined ? levels[Math.min(2, levels.indexOf(declined) + 1)] : "Single";
    const answer = await dialogs.askResign({ style: "offered", minLevel: minLevel.toLowerCase() });
    if (answer) perform(side, { OfferResignation: { level: answer.charAt(0).toUpperCase() + answer.slice(1) } });
  }

  function forfeit() {
    const side = computerSide() ? other(computerSide()) : actingSide(view.phase) || view.turn;
    perform(side, "ForfeitMatch");
  }

  function claimWin() {
    if (view.claimable_by && !isComputer(view.claimable_by)) perform(view.claimable_by, "ClaimWinOnTime");
  }

  function rematch() {
    begin(new Match(view.options, seed));
  }

  /** An input handler that does nothing while a replay is shown. */
  const live = (fn) => (event) => {
    if (pausedAt === null) fn(event);
  };

  const unbind = [
    board.on("move", live(onMove)),
    board.on("checkerClick", live(onCheckerClick)),
    board.on("pointContext", live(onPointContext)),
    board.on("diceClick", live(onDiceClick)),
    controls.on("roll", live(roll)),
    controls.on("double", live(() => { if (!isComputer(view.turn)) perform(view.turn, "Double"); })),
    controls.on("hint", live(showHint)),
    controls.on("resign", live(resign)),
    controls.on("undo", live(undo)),
    controls.on("forfeit", live(forfeit)),
    timer.on("claimWin", live(claimWin)),
  ];

  return {
    /** Starts a match with the new-match dialog's settings. */
    newMatch(s) {
      settings = s;
      begin(new Match(matchOptions(s), seed));
    },
    /**
     * Starts from GNU Backgammon IDs (a pasted position); throws the engine's Error when
     * an ID is not valid.
     */
    fromIds(positionId, matchId, s) {
      const fresh = Match.fromIds(positionId, matchId || null, matchOptions(s), seed);
      settings = s;
      begin(fresh);
    },
    /**
     * Resumes a match saved by `onSave`; throws the engine's Error when the text is not
     * a saved match (nothing is then changed). The clock resumes where it stood when the
     * save was written (`clockMs`), never before the match's last event.
     */
    restore(saved, s, clockMs = 0) {
      const restored = Match.load(saved, seed);
      settings = s;
      const last = restored.lastMs();
      begin(restored, Number.isFinite(clockMs) && clockMs > last ? Math.floor(clockMs) : last);
    },
    /** Hands the match to `onSave` now, with the clock's current reading (page closing). */
    saveNow() {
      if (match) onSave(match.save(), now());
    },
    /** @returns {string|null} the match so far as a Jellyfish .mat text; null when it
     * started from a set-up position */
    mat: () => matText(),
    /** Stops the match (clock included) and shows a replay frame's view on the board. */
    showReplayFrame(frameView) {
      if (pausedAt === null) {
        pausedAt = now();
        cancelAnimationFrame(timerFrame);
        timerFrame = 0;
        dialogKey = null;
        dialogs.close();
      }
      showFrame(frameView);
    },
    /** Back from a replay: the match as it was, its clock going on from where it stopped. */
    leaveReplay() {
      if (pausedAt === null) return;
      const at = pausedAt;
      pausedAt = null;
      resumeClock(at);
      syncAutoRoll();
      refresh();
    },
    /** Re-applies the options (called when they change). */
    optionsChanged() {
      if (!match || pausedAt !== null) return;
      syncAutoRoll();
      refresh();
    },
    /** @returns {import("./pkg/gamao.js").MatchView|null} a copy of the current view */
    view: () => (match ? match.view(now()) : null),
    /** The settings of the match in play (for a new match's defaults). */
    settings: () => settings,
    destroy() {
      cancelAnimationFrame(timerFrame);
      unbind.forEach((fn) => fn());
      if (match) match.free();
      match = null;
    },
  };
}
