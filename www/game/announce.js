/**
 * What the page says after a change of the match (for screen readers and the notice
 * line): rolls, plays, forced passes and results with why they came, read from two views — before and
 * after — and worded with the page's translation function.
 */

import { endReason, isMoneySession, moverPoint, rolledBetween } from "../engine.js";
import { colourOf, reason, scoreText, seatedText } from "../ui/dialogs.js";

/**
 * Who starts and why, in words: "Red rolls 6, White 2: Red starts", and against the
 * computer "You roll 6, the computer 2: you start" (short enough for a phone's half board).
 * @param {import("../pkg/gamao.js").OpeningView} opening  with its starter
 * @param {(key:string, params?:object) => string} t
 * @param {import("../ui/dialogs.js").NameOf} [nameOf]  how a side is called and who sits there
 */
export function openingText(opening, t, nameOf = colourOf(t)) {
  const first = opening.starter.toLowerCase();
  const second = first === "white" ? "red" : "white";
  return seatedText(t, "say.opening", nameOf(first), { high: opening.dice[first], other: nameOf(second).name, low: opening.dice[second] });
}

/**
 * The announcements for the change from `before` to `after`, in order.
 * @param {import("../pkg/gamao.js").MatchView|null} before
 * @param {import("../pkg/gamao.js").MatchView} after
 * @param {(key:string, params?:object) => string} t
 * @param {import("../ui/dialogs.js").NameOf} [nameOf]  how a side is called and who sits
 *   there ("You", "Computer (expert)" against the computer); its colour by default
 * @returns {{text:string, notice:boolean}[]}  `notice`: shown as a notice, not only spoken
 */
export function announcements(before, after, t, nameOf = colourOf(t)) {
  if (!before) return [];
  const said = [];
  const say = (key, params, notice = false) => said.push({ text: t(key, params), notice });
  /** A sentence about `side` ("White" or "Red"), worded for who sits there. */
  const sayAbout = (key, side, params = {}, notice = false) => said.push({ text: seatedText(t, key, nameOf(side.toLowerCase()), params), notice });
  const name = (side) => nameOf(side.toLowerCase()).name;
  const other = (side) => (side === "White" ? "Red" : "White");
  // An answer to an offer is shown on screen: a take, a drop, a resignation accepted or declined.
  const ended = ["GameOver", "MatchOver"].includes(after.phase.kind);
  if (before.phase.kind === "CubeOffered" && after.phase.kind !== "CubeOffered") {
    const taker = other(before.phase.doubler);
    if (ended) say("say.dropped", { side: name(taker) }, true);
    else say("say.took", { side: name(taker), value: after.cube.value }, true);
  }
  if (before.phase.kind === "ResignationOffered" && after.phase.kind !== "ResignationOffered") {
    const answerer = other(before.phase.by);
    say(ended ? "say.resignationAccepted" : "say.resignationDeclined", { side: name(answerer) }, true);
  }
  if (ended && after.game_result && after.game_result.end.kind === "ClaimedOnTime" && before.game_number === after.game_number) {
    say("say.claimed", { side: name(after.game_result.winner) }, true);
  }
  const opening = after.opening;
  // A tie rolled again with the same dice is a new roll: the engine's count of rolls tells it.
  const newOpening = opening && rolledBetween(before, after);
  if (newOpening && (before.phase.kind === "OpeningRoll" || before.phase.kind === "GameOver")) {
    if (!opening.starter) say(opening.ties > 1 ? "say.openingTieAgain" : "say.openingTie", { n: opening.dice.white }, true);
    else said.push({ text: openingText(opening, t, nameOf), notice: false });
  } else if (before.phase.kind === "Deciding" && after.dice && after.phase.kind !== "CubeOffered") {
    const side = before.turn;
    const dice = after.dice.join("-");
    if (after.passed === side) sayAbout("say.pass", side, { dice }, true);
    else sayAbout("say.roll", side, { dice });
  }
  for (const step of stepsChanged(before, after)) {
    if (step.undone) say("say.stepUndone");
    else say(step.hit ? "say.stepHit" : "say.step", { from: place(after.turn, step.from, t), to: place(after.turn, step.to, t) });
  }
  const play = after.last_play;
  if (play && play.notation && JSON.stringify(play) !== JSON.stringify(before.last_play) && before.game_number === after.game_number) {
    sayAbout("say.play", play.side, { play: play.notation });
  }
  const over = after.phase.kind;
  if ((over === "GameOver" || over === "MatchOver") && before.phase.kind !== over) {
    const winner = over === "GameOver" ? after.game_result.winner : after.phase.result.winner;
    const points = over === "GameOver" ? after.game_result.points : "";
    const session = isMoneySession(after);
    const key = over === "GameOver" ? "say.gameOver" : session ? "say.sessionOver" : "say.matchOver";
    sayAbout(key, winner, { points, score: scoreText(t, after.score, nameOf) });
    if (after.game_result) said.push({ text: reason(endReason(after.game_result, session), t, nameOf), notice: false });
  }
  return said;
}

/**
 * The steps made, or one step taken back, within one turn, so that each checker moved is
 * confirmed as it lands (a screen reader hears the whole play only when the turn ends).
 * @returns {({from:number, to:number, hit:boolean, undone?:false}|{undone:true})[]}
 */
export function stepsChanged(before, after) {
  const turning = (v) => ["Moving", "TurnComplete"].includes(v.phase.kind);
  if (!turning(before) || !turning(after) || before.turn !== after.turn || before.game_number !== after.game_number) return [];
  const made = before.steps_made.length;
  if (after.steps_made.length < made) return [{ undone: true }];
  return after.steps_made.slice(made);
}

/** A point of White's board in `side`'s own numbering, the bar (25) or off (0), in words. */
function place(side, point, t) {
  if (point === 25) return t("say.bar");
  if (point === 0) return t("say.off");
  return String(moverPoint(side, point));
}
