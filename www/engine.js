/**
 * The adapter: the only module that imports the engine (pkg/) and the only one that
 * knows both the engine's `MatchView` and the board. Its functions are pure mappings —
 * view → board state, controls, timer, the dialog the match asks for; an engine refusal
 * → a message key — so a unit test calls them without a browser. It decides no rule:
 * who acts, what each side may do, the dice used, the cube shown, the last play and the
 * clock limits are all facts of the view.
 *
 * Coordinates: the view, the actions and the queries use White's points (1–24, 25 the
 * bar, 0 the tray), which are the board's absolute points; the player's own numbering
 * is used only in the words shown (`moverPoint`).
 *
 * The control flow lives in www/game/ (controller, computer, automation, announce, clock).
 */

import init, { Match, presets, presetOptions } from "./pkg/gamao.js";

export { Match };

/** Loads the wasm engine; call once before creating a match. */
export const loadEngine = (module) => init(module && { module_or_path: module });

/**
 * Reads a `.mat` file into replay frames (the match view after each half-move).
 * @param {string} text
 * @returns {Promise<import("./pkg-worker/gamao_worker.js").ReplayFrame[]>} throws the
 *   engine's Error (naming the line) for a broken or illegal file
 */
export async function readMat(text) {
  return (await workerEngine()).replayMat(text);
}

/**
 * Replays a match saved with `save()` from where it started, a match set up from IDs
 * too (which no `.mat` file holds): the same frames as `readMat`.
 * @param {string} saved
 * @returns {Promise<import("./pkg-worker/gamao_worker.js").ReplayFrame[]>} throws the
 *   engine's Error for a save that cannot be loaded
 */
export async function readSaved(saved) {
  return (await workerEngine()).replaySaved(saved);
}

/** The worker build of the engine, which alone replays matches, loaded on first use. */
async function workerEngine() {
  const worker = await import("./pkg-worker/gamao_worker.js");
  await worker.default();
  return worker;
}

/** "White" → "white": the board's name of a side. */
export const boardSide = (side) => side.toLowerCase();
export const other = (side) => (side === "White" ? "Red" : "White");

/** A view place number (25 = bar, 0 = tray) as a board place, and back. */
export const placeOf = (n) => (n === 25 ? "bar" : n === 0 ? "off" : n);
export const pointOf = (place) => (place === "bar" ? 25 : place === "off" ? 0 : Number(place));

/** A point of White's numbering in `side`'s own numbering (for the words shown). */
export const moverPoint = (side, point) => (side === "Red" && point >= 1 && point <= 24 ? 25 - point : point);

/**
 * The side whose controls the page shows: the person against the computer, else the
 * side that must act (or the side on roll).
 * @param {import("./pkg/gamao.js").MatchView} v
 * @param {"White"|"Red"|null} computerSide
 */
export const controlSide = (v, computerSide) => (computerSide ? other(computerSide) : v.acting ?? v.turn);

/**
 * The board's state for a view.
 * @param {import("./pkg/gamao.js").MatchView} v
 * @param {{computerSide:"White"|"Red"|null, showPips:boolean, endTurnByDice:boolean, turnBoard?:boolean}} ctx
 *   `turnBoard`: two people share the screen and the board turns to the side whose turn it is
 */
export function boardState(v, ctx) {
  const person = v.turn !== ctx.computerSide;
  const moving = v.phase.kind === "Moving" && person && v.choices[boardSide(v.turn)].move_checkers;
  const destinations = {};
  const movable = [];
  if (moving) {
    for (const d of v.destinations) {
      movable.push(placeOf(d.from));
      destinations[String(placeOf(d.from))] = d.targets.map((target) => placeOf(target.to));
    }
  }
  const showLast = ["Deciding", "Moving", "TurnComplete"].includes(v.phase.kind) && v.last_play;
  return {
    checkers: { points: [0, ...v.points], bar: { ...v.bar }, off: { ...v.off } },
    viewer: ctx.turnBoard && ctx.computerSide === null && v.turn ? boardSide(v.turn) : "white",
    turn: boardSide(v.turn),
    dice: diceState(v, ctx),
    cube: v.cube.in_play ? {
      value: v.cube.value,
      owner: v.cube.owner ? boardSide(v.cube.owner) : null,
      offeredBy: v.phase.kind === "CubeOffered" ? boardSide(v.phase.doubler) : null,
    } : null,
    pips: { ...v.pips },
    showPips: ctx.showPips,
    score: { white: v.score.white, red: v.score.red, matchLength: v.match_length ?? 0, crawford: v.crawford === "CrawfordGame" },
    movable,
    destinations,
    selected: null,
    lastMove: showLast ? v.last_play.steps.map((s) => ({ from: placeOf(s.from), to: placeOf(s.to) })) : [],
    interactive: moving,
  };
}

/** The dice drawn on the board: the opening roll, the turn's dice with their used flags, or a prompt. */
export function diceState(v, ctx) {
  const none = { white: null, red: null, prompt: null };
  const person = v.turn !== ctx.computerSide;
  switch (v.phase.kind) {
    case "OpeningRoll": {
      const o = v.opening_roll;
      return { white: o ? { values: [o[0]] } : null, red: o ? { values: [o[1]] } : null, prompt: { side: "white", kind: "roll" } };
    }
    case "Deciding":
      return { ...none, prompt: person ? { side: boardSide(v.turn), kind: "roll" } : null };
    case "Moving":
    case "TurnComplete": {
      const endTurn = v.phase.kind === "TurnComplete" && ctx.endTurnByDice && person;
      // Each die in its roller's colour: in the opening turn one die is the opponent's.
      const dice = { values: v.turn_dice.map((d) => d.value), used: v.turn_dice.map((d) => d.used), sides: v.turn_dice.map((d) => boardSide(d.side)) };
      return { ...none, [boardSide(v.turn)]: dice, prompt: endTurn ? { side: boardSide(v.turn), kind: "endTurn" } : null };
    }
    default:
      return none;
  }
}

/**
 * The dice of a replay frame: the roll of the play that led to it, on its player's side
 * (none for a frame that is not a play).
 * @param {import("./pkg-worker/gamao_worker.js").FrameEvent} event
 */
export function frameDice(event) {
  const none = { white: null, red: null, prompt: null };
  return event.kind === "Play" ? { ...none, [boardSide(event.side)]: { values: [...event.dice] } } : none;
}

/**
 * What the banner over the board says (ui/banner.js): once the match is over, its
 * winner, why its last game ended and the final score; else nothing.
 * @param {import("./pkg/gamao.js").MatchView} v
 * @returns {import("./ui/banner.js").BannerState}
 */
export function bannerState(v) {
  if (v.phase.kind !== "MatchOver") return null;
  const session = isMoneySession(v);
  return { winner: boardSide(v.phase.result.winner), session, why: v.game_result ? endReason(v.game_result, session) : null, score: { white: v.score.white, red: v.score.red } };
}

/**
 * Whether the match is a money session (no length): it ends only by a forfeit or a
 * time-out, with its score as it stands and no winner to name.
 * @param {import("./pkg/gamao.js").MatchView} v
 */
export const isMoneySession = (v) => v.match_length === null;

/**
 * Whether a match is under way, so that replacing it would lose something: begun (a
 * roll made, or set up past the first opening roll) and not over.
 * @param {import("./pkg/gamao.js").MatchView} v
 */
export function isUnderWay(v) {
  const untouched = v.game_number === 1 && v.phase.kind === "OpeningRoll" && !v.opening_roll;
  return !untouched && v.phase.kind !== "MatchOver";
}

/**
 * Who starts and why, during the starter's first turn: to be worded by the page and
 * drawn in the dice area the opening dice leave empty (the starter's opponent's).
 * @param {import("./pkg/gamao.js").MatchView} v
 * @returns {{side:"white"|"red", opening:import("./pkg/gamao.js").OpeningView}|null}
 */
export function openingNote(v) {
  const o = v.opening;
  if (!o || !o.starter || !["Moving", "TurnComplete"].includes(v.phase.kind)) return null;
  return { side: boardSide(other(o.starter)), opening: o };
}

/**
 * The controls' state: what the side shown may do now, from the view's choices.
 * @param {import("./pkg/gamao.js").MatchView} v
 * @param {"White"|"Red"|null} computerSide
 */
export function controlState(v, computerSide) {
  const c = v.choices[boardSide(controlSide(v, computerSide))];
  return {
    canRoll: c.roll,
    canEndTurn: c.end_turn,
    canDouble: c.double,
    canResign: c.resign.length > 0,
    canUndo: c.undo,
    canForfeit: c.forfeit,
    canHint: c.hint,
    thinking: computerSide !== null && v.acting === computerSide,
  };
}

/** The controls of a replay frame: nothing can be done. */
export const idleControls = () => ({ canRoll: false, canEndTurn: false, canDouble: false, canResign: false, canUndo: false, canForfeit: false, canHint: false, thinking: false });

/**
 * The timer bar's state: the clock of the side that must act, drawn against the
 * match's clock limits.
 * @param {import("./pkg/gamao.js").MatchView} v
 * @param {{white:import("./pkg/gamao.js").ClockReading, red:import("./pkg/gamao.js").ClockReading}} clocks
 * @param {"White"|"Red"|null} computerSide
 */
export function timerState(v, clocks, computerSide) {
  const kind = { TimeBank: "bank", Reserve: "reserve" }[v.options.time_control] || "none";
  if (kind === "none" || v.phase.kind === "MatchOver") return idleTimer();
  const side = boardSide(v.acting ?? v.turn);
  const reading = clocks[side];
  const claiming = claimant(v, computerSide);
  return {
    kind,
    side,
    moveMs: reading.move_ms,
    moveTotalMs: v.clock_limits.move_ms,
    bankMs: reading.bank_ms,
    bankTotalMs: v.clock_limits.bank_max_ms,
    lowTime: reading.low_time,
    running: reading.running,
    claimable: claiming !== null,
    claimant: claiming && boardSide(claiming),
  };
}

/** The person who may claim the game on time now (the other's reserve is empty), or null. */
export const claimant = (v, computerSide) =>
  ["White", "Red"].find((side) => side !== computerSide && v.choices[boardSide(side)].claim_win) ?? null;

export const idleTimer = () => ({ kind: "none", moveMs: 0, moveTotalMs: 1, bankMs: 0, bankTotalMs: 1, lowTime: false, running: false });

/** Whether a clock is running (the timer loop then runs). */
export const clockRunning = (clocks) => clocks.white.running || clocks.red.running;

/**
 * The dialog the match asks the person for now, as data: its kind, a key that changes
 * when a new dialog is due, its parameters and the actions its answers make.
 * @param {import("./pkg/gamao.js").MatchView} v
 * @param {"White"|"Red"|null} computerSide
 * @returns {{key:string, kind:string, params:object, actions?:Record<string, {side:string, action:object}>}|null}
 */
export function dialogFor(v, computerSide) {
  const game = `${v.game_number}`;
  const p = v.phase;
  switch (p.kind) {
    case "CubeOffered": {
      const taker = other(p.doubler);
      if (taker === computerSide) return null;
      return {
        key: `cube:${game}:${v.cube.value}`, kind: "takeDrop",
        params: { side: boardSide(p.doubler), value: v.cube.value * 2, current: v.cube.value },
        actions: { take: { side: taker, action: { kind: "Take" } }, drop: { side: taker, action: { kind: "Drop" } } },
      };
    }
    case "ResignationOffered": {
      const answerer = other(p.by);
      if (answerer === computerSide) return null;
      return {
        key: `resign:${game}:${p.level}`, kind: "resignAnswer",
        params: { side: boardSide(p.by), level: p.level.toLowerCase(), points: resignationPoints(v, p.level) },
        actions: { accept: { side: answerer, action: { kind: "AcceptResignation" } }, decline: { side: answerer, action: { kind: "DeclineResignation" } } },
      };
    }
    case "GameOver": {
      const r = v.game_result;
      return {
        key: `over:${game}`, kind: "gameOver",
        params: { winner: boardSide(r.winner), points: r.points, kind: endKind(r.end), why: endReason(r), score: { ...v.score } },
        actions: { next: { side: "White", action: { kind: "OpeningRoll" } } },
      };
    }
    case "MatchOver":
      // The match-over dialog says what the banner over the board says afterwards.
      return { key: "match", kind: "matchOver", params: bannerState(v) };
    default:
      return null;
  }
}

/** What an offered resignation at `level` scores, from the view. */
const resignationPoints = (v, level) => v.resignation_points[level.toLowerCase()];

/**
 * Why a game ended, to be worded by the page: an i18n key (`why.Dropped`,
 * `why.BoreOff.gammon` …) with the winner, the loser and the level (lower case). In a
 * money session a forfeit or a time-out ends the session, not a match (`session`).
 * @param {import("./pkg/gamao.js").GameResult} r
 * @param {boolean} [session]
 */
export function endReason(r, session = false) {
  const winner = boardSide(r.winner);
  const level = "win" in r.end ? r.end.win.toLowerCase() : null;
  const endsSession = session && (r.end.kind === "Forfeit" || r.end.kind === "TimeOut");
  const key = r.end.kind === "BoreOff" ? `why.BoreOff.${level}` : `why.${r.end.kind}${endsSession ? ".session" : ""}`;
  return { key, winner, loser: winner === "white" ? "red" : "white", level };
}

/** The word for how a game ended (the game-over dialog's `kind`). */
export function endKind(end) {
  switch (end.kind) {
    case "BoreOff": return end.win.toLowerCase();
    case "Dropped": return "drop";
    case "ResignationAccepted": case "Resigned": return "resign";
    case "Forfeit": return "forfeit";
    default: return "time";
  }
}

/**
 * The resign dialog's parameters for `side`: its style and each level it may resign
 * at now with the points it would cost.
 */
export function resignOffer(v, side) {
  return {
    style: v.options.resignation === "Direct" ? "direct" : "offered",
    levels: v.choices[boardSide(side)].resign.map((r) => ({ level: r.level.toLowerCase(), points: r.points })),
  };
}

/** The engine's action for a level chosen in the resign dialog. */
export const resignAction = (style, level) =>
  style === "direct" ? { kind: "Resign" } : { kind: "OfferResignation", level: level.charAt(0).toUpperCase() + level.slice(1) };

/** The message key for a refusal's reason (`MoveRefusal` / `CoverRefusal` or an `ActionError`), by kind. */
const REASONS = {
  NoDiceFit: (r) => ["explain.noDice", { n: r.distance }],
  Blocked: (r, side) => ["explain.blocked", { n: moverPoint(side, r.point) }],
  NoChecker: (r, side) => ["explain.noChecker", { n: moverPoint(side, r.point) }],
  NotAPoint: (r) => ["explain.noChecker", { n: r.point }],
  EnterFirst: () => ["explain.enterFirst", {}],
  Backwards: () => ["explain.backwards", {}],
  NotAllHome: () => ["explain.notAllHome", {}],
  HigherCheckerFirst: () => ["explain.higherFirst", {}],
  MustPlayDie: (r) => ["explain.mustPlayDie", { n: r.die }],
  MustUseMoreDice: () => ["explain.useMoreDice", {}],
  WastesPips: () => ["explain.wastesPips", {}],
  TurnComplete: () => ["explain.turnComplete", {}],
  NotMoving: () => ["explain.notNow", {}],
  NotYourTurn: () => ["explain.notNow", {}],
  AlreadyMade: (r, side) => ["explain.alreadyMade", { n: moverPoint(side, r.point) }],
  OutOfReach: (r, side) => ["explain.cannotCover", { n: moverPoint(side, r.point) }],
  CannotMove: (r, side) => refusalMessage(r.reason, side),
  IllegalMove: (r, side) => refusalMessage(r.reason, side),
  WrongSide: () => ["explain.notNow", {}],
  WrongPhase: () => ["explain.notNow", {}],
};

/**
 * The message for an engine refusal: `[key, params]`, or null when the page has no
 * words for it (the engine's English message is shown then).
 * @param {{kind:string}|undefined} reason  a plan's `reason` or a thrown Error's `detail`
 * @param {"White"|"Red"} side  the side refused (its own point numbers are shown)
 */
export function refusalMessage(reason, side) {
  const explain = reason && REASONS[reason.kind];
  return explain ? explain(reason, side) : null;
}

/**
 * The engine's options for the new-match dialog's settings.
 * @param {import("./ui/dialogs.js").NewMatchSettings} s
 */
export function matchOptions(s) {
  const length = s.matchLength > 0 ? s.matchLength : null;
  if (s.preset !== "custom") return presetOptions(presets().includes(s.preset) ? s.preset : presets()[0], length);
  const r = s.rules;
  return {
    length: length ? { kind: "Points", points: length } : { kind: "Unlimited" },
    cube: r.cube,
    backgammons: r.backgammons,
    minimise_wasted_pips: r.minimiseWastedPips,
    resignation: r.resignation === "direct" ? "Direct" : "Offered",
    time_control: { none: "None", bank: "TimeBank", reserve: "Reserve" }[r.clock] || "None",
  };
}

/** The new-match dialog's rule fields for match options. */
export const dialogRules = (o) => ({
  backgammons: o.backgammons,
  minimiseWastedPips: o.minimise_wasted_pips,
  resignation: o.resignation === "Direct" ? "direct" : "offered",
  cube: o.cube,
  clock: { None: "none", TimeBank: "bank", Reserve: "reserve" }[o.time_control],
});

/** The engine's presets as the new-match dialog shows them: name → rule fields. */
export const presetRules = () => Object.fromEntries(presets().map((name) => [name, dialogRules(presetOptions(name, null))]));

/**
 * Whether the dice were rolled between view `before` (null: nothing shown yet) and view
 * `after`: the engine counts each game's rolls, a roll of the same dice too.
 */
export function rolledBetween(before, after) {
  if (!before || after.dice_rolls === 0) return false;
  return after.game_number !== before.game_number || after.dice_rolls !== before.dice_rolls;
}

/**
 * Board animations of view steps made by `side`: the checker (if `fly`) and any checker
 * it hits. Undone steps fly backwards.
 */
export function flights(side, steps, { fly = true, undo = false } = {}) {
  const list = [];
  for (const s of steps) {
    const [from, to] = undo ? [s.to, s.from] : [s.from, s.to];
    if (fly) list.push({ side: boardSide(side), from: placeOf(from), to: placeOf(to) });
    if (s.hit) list.push(undo
      ? { side: boardSide(other(side)), from: "bar", to: s.to }
      : { side: boardSide(other(side)), from: s.to, to: "bar" });
  }
  return list;
}
