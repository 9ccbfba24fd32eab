/**
 * The controller: owns the match (the engine's long-lived `Match`), turns the board's
 * and the controls' events into engine actions and queries, and after every change
 * refreshes the board, the controls, the timer, the dialogs and the IDs from one new
 * view (through the adapter's pure mappings, ../engine.js). Then it lets the page act
 * by itself (automation.js) and the computer play (computer.js).
 *
 * It decides no rule: a drop is one `MoveTo` action, a click asks the engine for the
 * checker's farthest target, a right-click for the play that covers the point; every
 * refusal is the engine's reason, translated by its kind.
 */

import {
  Match, boardState, controlState, controlSide, timerState, idleControls, idleTimer, clockRunning, dialogFor,
  refusalMessage, resignOffer, resignAction, matchOptions, flights, pointOf, boardSide, claimant, bannerState, frameDice, openingNote, rolledBetween,
} from "../engine.js";
import { createMatchClock, createFrameLoop } from "./clock.js";
import { automaticAction } from "./automation.js";
import { announcements, openingText, stepsChanged } from "./announce.js";
import { createComputer } from "./computer.js";

/** The side the computer plays against a person (who plays White, at the bottom). */
const COMPUTER_SIDE = "Red";

const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Wires a match to the page's pieces.
 * @param {object} deps
 * @param {ReturnType<import("../board/board.js").createBoard>} deps.board
 * @param {ReturnType<import("../ui/controls.js").createControls>} deps.controls
 * @param {ReturnType<import("../ui/timer_bar.js").createTimerBar>} deps.timer
 * @param {ReturnType<import("../ui/sound.js").createSound>} deps.sound  the dice thrown, a checker put down
 * @param {ReturnType<import("../ui/dialogs.js").createDialogs>} deps.dialogs
 * @param {ReturnType<import("../ui/banner.js").createBanner>} deps.banner  over the board once the match is over
 * @param {ReturnType<import("../ui/ids_panel.js").createIdsPanel>} deps.ids  shows the GNU Backgammon IDs
 * @param {(key:string, params?:object) => string} deps.t
 * @param {() => import("../ui/options.js").Options} deps.options  the player's options now
 * @param {number|null} [deps.seed]     seeded dice for every match (tests); null: the browser's random source
 * @param {number} [deps.clockRate]     the match clock runs this many times faster (tests)
 * @param {ReturnType<import("./tutor.js").createTutor>|null} [deps.tutor]  asked before a
 *   person's play or cube action is committed
 * @param {(saved:string, clockMs:number) => void} [deps.onSave]  called with `match.save()`
 *   and the match clock after every change
 * @param {(finished:{score:{white:number, red:number}, matchLength:number, winner:string, mat:string|null, saved:string}) => void} [deps.onFinished]
 *   called once when a match ends, with its result, its `.mat` text (null for a match set
 *   up from a position) and its save
 * @param {() => void} [deps.onAnalyse]  called when the match-over dialog is answered
 *   with Analyse (the banner's own Analyse, like its New match, is wired by the page)
 */
export function createGame({ board, controls, timer, sound, dialogs, banner, ids, t, options, tutor = null, seed = null, clockRate = 1, onSave = () => {}, onFinished = () => {}, onAnalyse = () => {} }) {
  /** @type {Match|null} */
  let match = null;
  /** @type {import("../pkg/gamao.js").MatchView|null} */
  let view = null;
  let matchCount = 0;
  /** Counts the banner's changes asked for: one shown after a flight only if none came since. */
  let bannerAsked = 0;
  /** The new-match settings of the match in play. */
  let settings = null;
  /** Counts the changes of the match: an answer of the computer is used only if none came after. */
  let revision = 0;
  let dialogKey = null;
  /**
   * The match-over dialog of this match: "unasked"; "up" (or about to be), the result on
   * the board waiting under it; or "closed", not asked again (the result stays).
   */
  let matchOverDialog = "unasked";
  let finishReported = false;
  let automating = false;
  /** This turn's automatic play was offered once already (the person may have undone it). */
  let autoTried = false;
  /** The revision the tutor is being asked about, while its question is pending. */
  let tutorAskingAt = null;
  /** A base for the seeds of the weaker levels' noise (reproducible with `?seed=`). */
  let computerSeed = 0;

  const clock = createMatchClock({ rate: clockRate });
  const timerLoop = createFrameLoop(timerFrame);
  const computerSide = () => (settings && settings.opponent === "computer" ? COMPUTER_SIDE : null);
  const mySide = () => controlSide(view, computerSide());
  const may = (side) => view.choices[boardSide(side)];
  /** A side as the page calls it: "You" and "Computer (level)" against the computer, else its colour. */
  const sideName = (side) => {
    if (!computerSide()) return t(`side.${boardSide(side)}`);
    return side === computerSide() ? t("name.computer", { level: t(`newMatch.level.${(settings && settings.level) || "intermediate"}`) }) : t("name.you");
  };
  /**
   * How a side ("white" or "red") is called and who sits there: "You" and "Computer
   * (level)" against the computer, else its colour.
   * @type {import("../ui/dialogs.js").NameOf}
   */
  const nameOf = (side) => {
    const named = side === "white" ? "White" : "Red";
    const seat = !computerSide() ? null : named === computerSide() ? "computer" : "you";
    return { name: sideName(named), seat };
  };
  const ctx = () => ({ computerSide: computerSide(), showPips: options().showPips, endTurnByDice: options().endTurnByDice, turnBoard: options().turnBoard });

  const computer = createComputer({
    view: () => view,
    save: () => match.save(),
    revision: () => revision,
    paused: () => clock.stopped(),
    perform,
    playSteps,
    undoTurn,
    flightMs: () => board.state().animationMs,
    notice: (text) => board.rejectMove(text),
    showHint: (o) => dialogs.showHint(o),
  }, { side: computerSide, level: () => (settings && settings.level) || "intermediate", seed: () => computerSeed });

  function begin(newMatch, startMs = 0) {
    if (match) match.free();
    match = newMatch;
    matchCount++;
    view = null;
    clock.start(startMs);
    closeDialog();
    // A match that comes back finished (a reload) shows its result on the board, not the dialog again.
    finishReported = match.view(startMs).phase.kind === "MatchOver";
    matchOverDialog = finishReported ? "closed" : "unasked";
    revision++;
    autoTried = false;
    computer.reset();
    computerSeed = seed !== null ? seed * 1000 + matchCount : Math.floor(Math.random() * 2 ** 31);
    syncAutoRoll();
    refresh();
  }

  /** Runs one engine action; returns the Error on a refusal (the match is then unchanged). */
  function act(side, action) {
    try {
      match.act(side, action, clock.read());
      revision++;
      return null;
    } catch (error) {
      return error;
    }
  }

  /** Shows why the engine refused, in the page's words when it has them. */
  function refuse(reason, side, english = "") {
    const message = refusalMessage(reason, side);
    board.rejectMove(message ? t(message[0], message[1]) : capitalised(english.replace(/^.*? refused: /, "")));
  }

  /**
   * Does an action and shows it; a refusal shows the engine's reason.
   * @param {{fly?:boolean, animate?:object[]}} [show]  `fly`: animate the checkers the
   *   action moved (else only the ones it hit); `animate`: these flights instead
   */
  function perform(side, action, show = {}) {
    const before = view;
    const error = act(side, action);
    if (error) {
      refuse(error.detail, side, error.message);
      return false;
    }
    const after = match.view(clock.read());
    const made = after.steps_made.slice(before ? before.steps_made.length : 0);
    refresh(show.animate || flights(side, made, { fly: Boolean(show.fly) }));
    return true;
  }

  /** Whether the tutor is to judge `side`'s action first: a person's, the tutor on. */
  const tutored = (side, action) => Boolean(tutor && tutor.enabled()) && side !== computerSide()
    && ["EndTurn", "Double", "Roll", "Take", "Drop"].includes(action.kind)
    && (action.kind !== "Roll" || may(side).double);

  /**
   * A person's play or cube action, shown to the tutor first when it is on: taken back
   * (the turn's steps undone, a double's answer asked again) when the person chooses so,
   * dropped when the match changed meanwhile. A question closed by the page rather than
   * answered takes nothing back (a double's answer is asked again), and while the tutor
   * is asking about this moment of the match it is not asked again.
   */
  async function commit(side, action) {
    if (!tutored(side, action)) return perform(side, action);
    if (tutorAskingAt === revision) return false;
    const at = revision;
    tutorAskingAt = at;
    const go = await tutor.confirm(match.save(), side, action.kind);
    if (tutorAskingAt === at) tutorAskingAt = null;
    if (at !== revision || clock.stopped()) return false;
    if (go) return perform(side, action);
    if (action.kind === "EndTurn" && go === false) undoTurn(side);
    if (["Take", "Drop"].includes(action.kind)) {
      dialogKey = null;
      syncDialog();
    }
    return false;
  }

  /** Plays steps the engine gave (White's points) one by one, animated; never half applied. */
  function playSteps(side, steps, fly) {
    let made = 0;
    for (const s of steps) {
      const error = act(side, { kind: "Step", from: s.from, die: s.die });
      if (error) {
        for (; made > 0; made--) act(side, { kind: "UndoStep" });
        refuse(error.detail, side, error.message);
        return false;
      }
      made++;
    }
    const before = view;
    const after = match.view(clock.read());
    refresh(flights(side, after.steps_made.slice(before.steps_made.length), { fly }));
    return true;
  }

  /** Takes back every step made this turn (before a hinted play). */
  function undoTurn(side) {
    const steps = view.steps_made.length;
    for (let n = 0; n < steps; n++) act(side, { kind: "UndoStep" });
    if (steps) refresh();
  }

  /** The timer bar's state, the sides named as the page calls them. */
  function timerFor(clocks) {
    const s = timerState(view, clocks, computerSide());
    const named = (side) => side && sideName(side === "white" ? "White" : "Red");
    return { ...s, name: named(s.side), claimantName: named(s.claimant) };
  }

  /** Reads the match and shows it everywhere; then runs what the page does by itself. */
  function refresh(animate = []) {
    const before = view;
    view = match.view(clock.read());
    if (!["Moving", "TurnComplete"].includes(view.phase.kind)) autoTried = false;
    const state = boardState(view, ctx());
    const opening = openingNote(view);
    state.dice.note = opening && { side: opening.side, text: openingText(opening.opening, t, nameOf) };
    const rolled = rolledBetween(before, view);
    board.set(state, { animate, rolled });
    sounds(before, rolled);
    // After the board shows the new state, so that a notice is placed clear of its dice.
    for (const said of announcements(before, view, t, nameOf)) {
      if (said.notice) board.rejectMove(said.text);
      else board.announce(said.text);
    }
    controls.set({ ...controlState(view, computerSide()), noted: Boolean(state.dice.note) });
    timer.set(timerFor(view.clocks));
    if (clockRunning(view.clocks)) timerLoop.schedule();
    syncDialog();
    showBanner();
    ids.set({ positionId: view.position_id, matchId: view.match_id });
    reportFinish();
    onSave(match.save(), clock.last());
    if (!automating) {
      automate();
      computer.think();
    }
  }

  /** The sounds of a change: the dice thrown; a checker put down once it has landed. */
  function sounds(before, rolled) {
    if (rolled) sound.dice();
    const changed = before ? stepsChanged(before, view) : [];
    if (changed.length) board.settled().then(() => sound.checker(changed.some((step) => step.hit)));
  }

  /** One frame of a running clock: the engine's cheap clock reading, a time-out, a claim. */
  function timerFrame() {
    if (!match || clock.stopped()) return false;
    const at = clock.read();
    if (match.tick(at) !== null) {
      revision++;
      refresh();
      return false;
    }
    const clocks = match.clocks(at);
    const exhausted = (c) => `${c.white.exhausted}${c.red.exhausted}`;
    if (exhausted(clocks) !== exhausted(view.clocks)) {
      refresh();
      return false;
    }
    timer.set(timerFor(clocks));
    return clockRunning(clocks);
  }

  /** Hands a match that has just ended to `onFinished`, once. */
  function reportFinish() {
    if (finishReported || view.phase.kind !== "MatchOver") return;
    finishReported = true;
    onFinished({ score: { ...view.score }, matchLength: view.match_length ?? 0, winner: boardSide(view.phase.result.winner), mat: matText(), saved: match.save() });
  }

  /** The match as a Jellyfish .mat text, or null for a match set up from a position. */
  function matText() {
    try {
      return match.mat();
    } catch {
      return null;
    }
  }

  // ——— dialogs the match asks for ———

  const openers = {
    takeDrop: (p) => dialogs.askTakeDrop(p),
    resignAnswer: (p) => dialogs.askResignAnswer(p),
    gameOver: (p) => dialogs.showGameOver(p),
    matchOver: (p) => dialogs.showMatchOver(p),
  };

  function syncDialog() {
    const want = dialogFor(view, computerSide());
    if (!want) {
      if (dialogKey) closeDialog();
      return;
    }
    const key = `${matchCount}:${want.key}`;
    if (key === dialogKey || (want.kind === "matchOver" && matchOverDialog === "closed")) return;
    dialogKey = key;
    if (want.kind === "matchOver") matchOverDialog = "up";
    if (want.kind !== "gameOver" && want.kind !== "matchOver") return ask(want, key);
    // The end of a game is told once its last checkers have landed.
    board.settled().then(() => {
      if (dialogKey === key) ask(want, key);
    });
  }

  /** Closes the dialog that is up, if any, leaving its question unanswered (to be asked again). */
  function closeDialog() {
    dialogKey = null;
    if (matchOverDialog === "up") matchOverDialog = "unasked";
    dialogs.close();
  }

  /**
   * The result over the board once the match is over and its dialog closed, shown when
   * its last checker has landed; `focus` puts the keyboard on its Rematch.
   */
  function showBanner(focus = false) {
    const wanted = matchOverDialog === "up" ? null : bannerState(view);
    const asked = ++bannerAsked;
    if (!wanted) return banner.set(null);
    board.settled().then(() => {
      if (asked !== bannerAsked) return;
      banner.set(wanted);
      if (focus) banner.focus();
    });
  }

  /** Takes the result off the board (a replay shows its own positions). */
  function hideBanner() {
    bannerAsked++;
    banner.set(null);
  }

  /** Opens the dialog `want` names and acts on its answer, unless the match moved on. */
  function ask(want, key) {
    openers[want.kind](want.params).then((answer) => {
      if (dialogKey !== key) return;
      dialogKey = null;
      if (want.kind === "matchOver") {
        matchOverDialog = "closed";
        if (answer === "rematch") return rematch();
        showBanner(answer === "close");
        if (answer === "analyse") onAnalyse();
        return;
      }
      const chosen = want.actions[answer] || want.actions.next;
      if (chosen) commit(chosen.side, chosen.action);
    });
  }

  /** A new match with the same options, once the match is over. */
  function rematch() {
    if (view.phase.kind === "MatchOver") begin(new Match(view.options, seed));
  }

  // ——— what the page does by itself ———

  /** Auto end of turn, auto roll, forced plays and auto bear-off, chained, per the options. */
  function automate() {
    automating = true;
    try {
      for (let i = 0; i < 8; i++) {
        const next = automaticAction(view, options(), computerSide(), autoTried);
        if (!next) break;
        if (next.steps) autoTried = true;
        if (next.action && tutored(next.side, next.action)) {
          commit(next.side, next.action);
          break;
        }
        const done = next.steps ? playSteps(next.side, next.steps, true) : perform(next.side, next.action);
        if (!done) break;
      }
    } finally {
      automating = false;
    }
  }

  /** Each person's auto-roll option, told to the engine (a side with it on may not double). */
  function syncAutoRoll() {
    const v = match.view(clock.last());
    if (v.phase.kind === "MatchOver") return;
    for (const side of ["White", "Red"]) {
      const on = options().autoRoll && side !== computerSide();
      if (v.auto_roll[boardSide(side)] !== on) act(side, { kind: "SetAutoRoll", on });
    }
  }

  // ——— the board's and the controls' events ———

  /** A drop or a keyboard move: one MoveTo, or the engine's reason why not. */
  function onMove({ from, to }) {
    if (view.phase.kind !== "Moving" || view.turn === computerSide()) return board.rejectMove("");
    perform(view.turn, { kind: "MoveTo", from: pointOf(from), to: pointOf(to) });
  }

  /** A click on a checker: its farthest legal target. */
  function onCheckerClick({ from }) {
    if (view.phase.kind !== "Moving" || view.turn === computerSide()) return;
    const target = match.farthestTarget(view.turn, pointOf(from));
    if (target) perform(view.turn, { kind: "MoveTo", from: pointOf(from), to: target.to }, { fly: true });
  }

  /**
   * A click on a point or the bar with no movable checker: the engine's reason when the
   * mover's checkers there cannot move (an empty point or the other side's is no question).
   */
  function onPointClick({ point }) {
    if (view.phase.kind !== "Moving" || view.turn === computerSide()) return;
    const reason = match.whyCannotMove(view.turn, pointOf(point));
    if (reason && reason.kind !== "NoChecker") refuse(reason, view.turn);
  }

  /** Right-click or long press on a point: cover it with two checkers. */
  function onPointContext({ point }) {
    if (view.phase.kind !== "Moving" || view.turn === computerSide()) return;
    const plan = match.planCover(view.turn, point);
    if (plan.kind === "Refused") return refuse(plan.reason, view.turn);
    playSteps(view.turn, plan.steps, true);
  }

  function roll() {
    const side = mySide();
    if (!may(side).roll) return;
    commit(side, { kind: view.phase.kind === "OpeningRoll" ? "OpeningRoll" : "Roll" });
  }

  function onDiceClick() {
    const side = mySide();
    if (view.phase.kind === "TurnComplete" && options().endTurnByDice && may(side).end_turn) commit(side, { kind: "EndTurn" });
    else roll();
  }

  function endTurn() {
    const side = mySide();
    if (may(side).end_turn) commit(side, { kind: "EndTurn" });
  }

  function undo() {
    const side = mySide();
    const made = view.steps_made;
    if (!may(side).undo || !made.length) return;
    perform(side, { kind: "UndoStep" }, { animate: flights(side, made.slice(-1), { undo: true }) });
  }

  async function resign() {
    const side = mySide();
    const offer = resignOffer(view, side);
    if (!offer.levels.length) return;
    const answer = await dialogs.askResign(offer);
    if (answer) perform(side, resignAction(offer.style, answer));
  }

  function double() {
    const side = mySide();
    if (may(side).double) commit(side, { kind: "Double" });
  }

  function hint() {
    const side = mySide();
    if (may(side).hint) computer.hint(side);
  }

  function forfeit() {
    perform(mySide(), { kind: "ForfeitMatch" });
  }

  function claimWin() {
    const side = claimant(view, computerSide());
    if (side) perform(side, { kind: "ClaimWinOnTime" });
  }

  /** An input handler that does nothing while a replay is shown. */
  const live = (fn) => (event) => {
    if (match && !clock.stopped()) fn(event);
  };

  const unbind = [
    board.on("move", live(onMove)),
    board.on("checkerClick", live(onCheckerClick)),
    board.on("pointClick", live(onPointClick)),
    board.on("pointContext", live(onPointContext)),
    board.on("diceClick", live(onDiceClick)),
    controls.on("roll", live(roll)),
    controls.on("double", live(double)),
    controls.on("hint", live(hint)),
    controls.on("resign", live(resign)),
    controls.on("undo", live(undo)),
    controls.on("endTurn", live(endTurn)),
    controls.on("forfeit", live(forfeit)),
    timer.on("claimWin", live(claimWin)),
    banner.on("rematch", live(rematch)),
  ];

  return {
    nameOf,
    /** The side Forfeit would make lose the match: the person's, or the side in control. */
    forfeiter: () => boardSide(mySide()),
    /** Starts a match with the new-match dialog's settings. */
    newMatch(s) {
      settings = s;
      begin(new Match(matchOptions(s), seed));
    },
    /** Starts from GNU Backgammon IDs; throws the engine's Error when an ID is not valid. */
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
      if (match) onSave(match.save(), clock.read());
    },
    /** @returns {string|null} the match so far as a .mat text; null when set up from a position */
    mat: () => matText(),
    /** Stops the match (clock included) and shows a replay frame on the board, with its play's dice. */
    showReplayFrame({ view: frameView, event }) {
      if (!clock.stopped()) {
        clock.stop();
        timerLoop.stop();
        closeDialog();
      }
      const state = boardState(frameView, { ...ctx(), computerSide: null });
      board.set({ ...state, dice: frameDice(event), movable: [], destinations: {}, interactive: false, lastMove: [] });
      controls.set(idleControls());
      timer.set(idleTimer());
      hideBanner();
      ids.set({ positionId: frameView.position_id, matchId: frameView.match_id });
    },
    /**
     * Stops the match here for good, its clock and the computer with it, and withdraws
     * any question asked: another tab plays it on.
     */
    stepAside() {
      clock.stop();
      timerLoop.stop();
      closeDialog();
      controls.set(idleControls());
    },
    /** Back from a replay: the match as it was, its clock going on from where it stopped. */
    leaveReplay() {
      if (!clock.stopped()) return;
      clock.resume();
      syncAutoRoll();
      refresh();
    },
    /** Re-applies the options (called when they change). */
    optionsChanged() {
      if (!match || clock.stopped()) return;
      syncAutoRoll();
      refresh();
    },
    /** @returns {import("../pkg/gamao.js").MatchView|null} a fresh view of the match */
    view: () => (match ? match.view(clock.read()) : null),
    /** The match's save() JSON now (for the tests). */
    save: () => (match ? match.save() : null),
    /** The settings of the match in play (for a new match's defaults). */
    settings: () => settings,
    /** How many requests went to the computer's worker. */
    computerStats: () => computer.stats(),
    destroy() {
      timerLoop.stop();
      unbind.forEach((fn) => fn());
      if (match) match.free();
      match = null;
    },
  };
}
