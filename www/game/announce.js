/**
 * What the page says after a change of the match (for screen readers and the notice
 * line): rolls, plays, forced passes and results, read from two views — before and
 * after — and worded with the page's translation function.
 */

const sideKey = (side) => `side.${side.toLowerCase()}`;

/**
 * The announcements for the change from `before` to `after`, in order.
 * @param {import("../pkg/gamao.js").MatchView|null} before
 * @param {import("../pkg/gamao.js").MatchView} after
 * @param {(key:string, params?:object) => string} t
 * @returns {{text:string, notice:boolean}[]}  `notice`: shown as a notice, not only spoken
 */
export function announcements(before, after, t) {
  if (!before) return [];
  const said = [];
  const say = (key, params, notice = false) => said.push({ text: t(key, params), notice });
  const sideName = (side) => t(sideKey(side));
  const opening = after.opening_roll;
  const newOpening = opening && (String(opening) !== String(before.opening_roll) || before.phase.kind !== "OpeningRoll");
  if (newOpening && (before.phase.kind === "OpeningRoll" || before.phase.kind === "GameOver")) {
    if (after.phase.kind === "OpeningRoll") say("say.openingTie", { n: opening[0] });
    else say("say.opening", { white: opening[0], red: opening[1], side: sideName(after.turn) });
  } else if (before.phase.kind === "Deciding" && after.dice && after.phase.kind !== "CubeOffered") {
    const side = before.turn;
    const dice = after.dice.join("-");
    if (after.passed === side) say("say.pass", { side: sideName(side), dice }, true);
    else say("say.roll", { side: sideName(side), dice });
  }
  const play = after.last_play;
  if (play && play.notation && JSON.stringify(play) !== JSON.stringify(before.last_play) && before.game_number === after.game_number) {
    say("say.play", { side: sideName(play.side), play: play.notation });
  }
  const over = after.phase.kind;
  if ((over === "GameOver" || over === "MatchOver") && before.phase.kind !== over) {
    const winner = over === "GameOver" ? after.game_result.winner : after.phase.result.winner;
    const points = over === "GameOver" ? after.game_result.points : "";
    say(over === "GameOver" ? "say.gameOver" : "say.matchOver", { side: sideName(winner), points, white: after.score.white, red: after.score.red });
  }
  return said;
}
