/**
 * The computer's turns and the hints, asked of the Web Worker (ai/worker.js through
 * ai/client.js): whenever the computer's side must act, its actions are fetched and
 * performed through the same paths as the person's, one animated step at a time, at a
 * pace a person can follow (its dice shown before its checkers move, a pause between
 * steps), scaled by the animation speed and instant with animations off; a hint
 * is fetched for the person and the play chosen in its dialog is played. An answer is
 * used only if the match has not changed meanwhile. The page's main thread never
 * searches.
 */

import { createComputerClient } from "../ai/client.js";

/** The shortest pause before the computer's decision is shown, at normal animation speed. */
const THINK_MS = 450;
/** How long its rolled dice are shown before its first checker moves, at normal speed. */
const DICE_MS = 1000;
/** How long the opening roll it won is shown (who starts and why) before it moves. */
const OPENING_MS = 2000;
/** The pause after each of its checkers lands, at normal speed. */
const STEP_GAP_MS = 240;
/** Milliseconds of a checker's flight at normal speed (ui/options.js ANIMATION_MS.normal). */
const NORMAL_FLIGHT_MS = 260;

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * @typedef {object} GameHandle  what the controller lends the computer
 * @property {() => import("../pkg/gamao.js").MatchView} view
 * @property {() => string} save           the match's save() JSON
 * @property {() => number} revision       counts the changes of the match
 * @property {() => boolean} paused        a replay is shown
 * @property {(side:string, action:object) => boolean} perform
 * @property {(side:string, steps:object[], fly:boolean) => boolean} playSteps
 * @property {(side:string) => boolean} undoTurn   takes back the steps made this turn
 * @property {() => number} flightMs       a checker's flight now (0: animations off)
 * @property {(text:string) => void} notice
 * @property {(o:object) => Promise<number|null>} showHint  the hint dialog
 */

/**
 * @param {GameHandle} game
 * @param {{side:() => ("White"|"Red"|null), level:() => string, seed:() => number}} who
 */
export function createComputer(game, who) {
  const client = createComputerClient();
  /** The revision the computer is thinking about (its request in flight), or null. */
  let thinkingAt = null;
  let acting = false;

  /** Asks the worker for the computer's actions when it must act (or claims on time). */
  function think() {
    const side = who.side();
    if (!side || acting || game.paused()) return;
    const v = game.view();
    if (v.choices[side.toLowerCase()].claim_win) {
      game.perform(side, { kind: "ClaimWinOnTime" });
      return;
    }
    if (v.acting !== side || thinkingAt === game.revision()) return;
    const asked = thinkingAt = game.revision();
    const started = performance.now();
    client.actions(game.save(), side, who.level(), who.seed() + asked).then(async ({ result }) => {
      await wait(pauseBefore(v, result) - (performance.now() - started));
      if (thinkingAt !== asked) return;
      thinkingAt = null;
      if (game.revision() === asked && !game.paused()) await perform(side, result);
      think();
    }, (error) => {
      if (thinkingAt === asked) thinkingAt = null;
      game.notice(error.message);
    });
  }

  /** The animation speed's factor: 1 at normal speed, 0 with animations off. */
  const pace = () => game.flightMs() / NORMAL_FLIGHT_MS;

  /**
   * How long to wait, from the moment of view `v`, before `actions` are shown: the
   * dice of a turn (the opening roll's longer) stay alone on the board before its first
   * checker moves.
   */
  function pauseBefore(v, actions) {
    const firstStep = actions.length > 0 && actions[0].kind === "Step" && v.steps_made.length === 0;
    return (firstStep ? (v.opening ? OPENING_MS : DICE_MS) : THINK_MS) * pace();
  }

  /** Performs the actions in order, each step on its own with the normal flight and a pause. */
  async function perform(side, actions) {
    acting = true;
    try {
      for (const action of actions) {
        const before = game.revision();
        const step = action.kind === "Step";
        const done = step ? game.playSteps(side, [action], true) : game.perform(side, action);
        if (!done) return;
        if (step) await wait(game.flightMs() + STEP_GAP_MS * pace());
        if (game.revision() !== before + 1 || game.paused()) return;
      }
    } finally {
      acting = false;
    }
  }

  /** The worker's advice for the person to act; a play chosen is played from the turn's start. */
  async function hint(side) {
    const asked = game.revision();
    let answer;
    try {
      answer = (await client.hint(game.save())).result;
    } catch (error) {
      game.notice(error.message);
      return;
    }
    if (game.revision() !== asked || game.paused()) return;
    const v = game.view();
    const choice = await game.showHint({ side: side.toLowerCase(), plays: answer.plays, cube: answer.cube, match: (v.match_length ?? 0) > 0, stepsMade: v.steps_made.length });
    if (choice === null || game.revision() !== asked || game.paused()) return;
    game.undoTurn(side);
    game.playSteps(side, answer.plays[choice].actions.filter((a) => a.kind === "Step"), true);
  }

  return {
    think,
    hint,
    /** A new match: forget what was being thought about. */
    reset() {
      thinkingAt = null;
    },
    /** How many requests went to the worker (for the tests and the curious). */
    stats: () => client.stats(),
  };
}
