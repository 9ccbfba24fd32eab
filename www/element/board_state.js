/**
 * The board state `<gamao-board>` shows for a match view: the view's data as the board
 * component's state (see ../board/state.js), with the element's display options. Pure
 * functions, no rule: what may move and where comes from the view.
 */

/** The variant name of an engine enum value ("Moving", "OpeningRoll" …). */
export const tag = (value) => (typeof value === "string" ? value : Object.keys(value)[0]);
const fields = (value) => (typeof value === "string" ? {} : Object.values(value)[0]);

/** A view place number (25 = bar, 0 = tray) as a board place. */
const place = (n) => (n === 25 ? "bar" : n === 0 ? "off" : n);

/** The side that must act now ("White"/"Red"), or the side on turn. */
export function sideActing(view) {
  const f = fields(view.phase);
  return f.side || view.turn;
}

/**
 * @param {import("../pkg/gamao.js").MatchView} view
 * @param {{interactive:boolean, viewer:"white"|"red", homeSide:"right"|"left", simpleGraphics:boolean}} display
 * @returns {Partial<import("../board/state.js").BoardState>}
 */
export function boardStateOf(view, display) {
  const phase = tag(view.phase);
  const moving = display.interactive && phase === "Moving";
  const movable = [];
  const destinations = {};
  if (moving) {
    for (const d of view.destinations) {
      movable.push(place(d.board_from));
      destinations[String(place(d.board_from))] = d.targets.map((x) => place(x.board_to));
    }
  }
  const turn = view.turn.toLowerCase();
  return {
    checkers: { points: [0, ...view.points], bar: { ...view.bar }, off: { ...view.off } },
    viewer: display.viewer,
    homeSide: display.homeSide,
    simpleGraphics: display.simpleGraphics,
    turn,
    dice: diceOf(view, phase, display.interactive),
    cube: !view.options.cube || view.crawford === "CrawfordGame" ? null : {
      value: view.cube.value,
      owner: view.cube.owner ? view.cube.owner.toLowerCase() : null,
      offeredBy: null,
    },
    pips: { ...view.pips },
    score: { white: view.score.white, red: view.score.red, matchLength: view.match_length ?? 0, crawford: view.crawford === "CrawfordGame" },
    movable,
    destinations,
    selected: null,
    lastMove: [],
    interactive: moving,
  };
}

function diceOf(view, phase, interactive) {
  const none = { white: null, red: null, prompt: null };
  const side = view.turn.toLowerCase();
  if (phase === "Deciding") return { ...none, prompt: interactive ? { side, kind: "roll" } : null };
  if ((phase === "Moving" || phase === "TurnComplete") && view.dice) {
    const [a, b] = view.dice;
    const values = a === b ? [a, a, a, a] : [a, b];
    const left = [...view.dice_left];
    const used = values.map((d) => {
      const i = left.indexOf(d);
      if (i < 0) return true;
      left.splice(i, 1);
      return false;
    });
    return { ...none, [side]: { values, used } };
  }
  return none;
}
