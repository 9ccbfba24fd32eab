/**
 * What the page does by itself for a person, per the options: end the turn (always once
 * its last checker is off), roll, play a forced move, bear off. Driven only by the view's
 * facts (`choices`, `pips`, `forced_steps`, `bear_off_steps`); no rule is worked out here.
 */

const lower = (side) => side.toLowerCase();

/**
 * The one automatic thing to do now, or null: `{side, action}` for an action, or
 * `{side, steps}` for steps to play (White's points).
 * @param {import("../pkg/gamao.js").MatchView} v
 * @param {{endTurnByDice:boolean, autoRoll:boolean, autoForced:boolean, autoBearOff:boolean}} o
 * @param {"White"|"Red"|null} computerSide
 * @param {boolean} playTried  the moves of this turn were already offered once (the
 *   person undid them: do not play them again)
 */
export function automaticAction(v, o, computerSide, playTried) {
  const side = v.acting;
  if (side === null || side === computerSide) return null;
  const may = v.choices[lower(side)];
  switch (v.phase.kind) {
    case "TurnComplete": {
      // A turn that has borne off the last checker has won: nothing to confirm or undo.
      const won = v.pips[lower(side)] === 0;
      return (won || !o.endTurnByDice) && may.end_turn ? { side, action: { kind: "EndTurn" } } : null;
    }
    case "Deciding":
      return o.autoRoll && may.roll ? { side, action: { kind: "Roll" } } : null;
    case "Moving": {
      if (playTried || v.steps_made.length > 0) return null;
      // Auto bear-off only once no contact is left (a pure race), as GNU Backgammon does.
      const steps = (o.autoBearOff && v.race && v.bear_off_steps) || (o.autoForced && v.forced_steps);
      return steps ? { side, steps } : null;
    }
    default:
      return null;
  }
}
