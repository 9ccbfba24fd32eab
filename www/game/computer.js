/**
 * The computer's turns and the hints, asked of the Web Worker (ai/worker.js through
 * ai/client.js): whenever the computer's side must act, its actions are fetched and
 * performed through the same paths as the person's, one animated step at a time; a hint
 * is fetched for the person and the play chosen in its dialog is played. An answer is
 * used only if the match has not changed meanwhile. The page's main thread never
 * searches.
 */

import { createComputerClient } from "../ai/client.js";

/** The shortest pause before the computer's decision is shown, at normal animation speed. */
const THINK_MS = 450;
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
    const pause = THINK_MS * (game.flightMs() / NORMAL_FLIGHT_MS);
    client.actions(game.save(), side, who.level(), who.seed() + asked).then(async ({ result }) => {
      await wait(pause - (performance.now() - started));
      if (thinkingAt !== asked) return;
      thinkingAt = null;
      if (game.revision() === asked && !game.paused()) await perform(side, result);
      think();
    }, (error) => {
      if (thinkingAt === asked) thinkingAt = null;
      game.notice(error.message);
    });
  }

  /** Performs the actions in order, each step on its own with the normal flight. */
  async function perform(side, actions) {
    acting = true;
    try {
      for (const action of actions) {
        const before = game.revision();
        const step = action.kind === "Step";
        const done = step ? game.playSteps(side, [action], true) : game.perform(side, action);
        if (!done) return;
        if (step) await wait(game.flightMs() + 60);
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
    const choice = await game.showHint({ side: side.toLowerCase(), plays: answer.plays, cube: answer.cube, match: (v.match_length ?? 0) > 0 });
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
