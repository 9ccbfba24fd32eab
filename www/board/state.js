/**
 * The board's state: plain data, in ABSOLUTE coordinates, that never touches the DOM.
 *
 * Coordinates: points are numbered 1–24 from White's side. White moves 24 → 1 and bears
 * off past 1; Red moves 1 → 24 and bears off past 24. Red's own point `p` is absolute
 * point `25 - p`. The bar is `"bar"`, the bear-off trays are `"off"`.
 *
 * The adapter (www/engine.js) owns every field below except `selected`, which the board
 * also sets itself when the player picks a checker. The board computes no rule: which
 * checkers may move and where to is given here as data.
 *
 * @typedef {"white"|"red"} Side
 * @typedef {number|"bar"} Source        an absolute point 1–24, or the bar
 * @typedef {number|"off"} Target        an absolute point 1–24, or bearing off
 *
 * @typedef {object} Checkers
 * @property {number[]} points  length 25, index 0 unused; points[p] > 0: that many White
 *                              checkers on p, < 0: that many Red checkers, 0: empty
 * @property {{white:number, red:number}} bar  checkers on the bar per side
 * @property {{white:number, red:number}} off  checkers borne off per side
 *
 * @typedef {object} SideDice
 * @property {number[]} values  the dice shown for that side: one value during the opening
 *                              roll, two normally, four for a double
 * @property {boolean[]} [used] same length as values; true dims a die already played
 * @property {Side[]} [sides]   same length as values: the colour of each die (in the
 *                              opening turn one of them is the opponent's); default the side's
 *
 * @typedef {object} Dice
 * @property {SideDice|null} white  White's dice, drawn in White's half of the board
 * @property {SideDice|null} red    Red's dice, drawn in Red's half
 * @property {{side:Side, kind:"roll"|"endTurn"}|null} prompt  an invitation drawn in that
 *   side's dice area: "roll" (click to roll) or "endTurn" (click the dice to end the turn)
 * @property {{side:Side, text:string}|null} [note]  a short text drawn in that side's dice
 *   area while it holds no dice (who starts, during the opening turn)
 *
 * @typedef {object} Cube
 * @property {number} value            1, 2, 4 … 64; a centred cube at 1 shows 64
 * @property {Side|null} owner         null: centred; else drawn on the owner's side
 * @property {Side|null} [offeredBy]   a pending double: drawn at value × 2, highlighted
 *
 * @typedef {object} Score
 * @property {number} white
 * @property {number} red
 * @property {number} matchLength      0 = money session (unlimited)
 * @property {boolean} [crawford]      this game is the Crawford game
 *
 * @typedef {object} BoardState
 * @property {Checkers} checkers
 * @property {Side} viewer             whose home board is drawn at the bottom
 * @property {"right"|"left"} homeSide the flip option: the viewer's home board side
 * @property {Side|null} turn          whose turn it is (a marker beside their score)
 * @property {Dice} dice
 * @property {Cube|null} cube          null: no cube in this game (hidden)
 * @property {{white:number, red:number}|null} pips  pip counts to display, as given
 * @property {boolean} showPips
 * @property {Score|null} score
 * @property {Source[]} movable        where the player may pick a checker up now
 * @property {Object<string, Target[]>} destinations  key: a Source as a string ("13",
 *   "bar"); value: every legal target of a checker from there, including targets that
 *   use both dice. The board highlights them; it never checks them.
 * @property {Source|null} selected    the picked-up checker (board or adapter may set it)
 * @property {{from:Source, to:Target|"bar"}[]} lastMove  the opponent's last play, shown
 * @property {{side:Side, moves:{from:Source, to:Target|"bar"}[]}|null} bestMove  a better
 *   play than `lastMove` (an analysed decision), shown beside it (arrows.js)
 * @property {boolean} simpleGraphics  the plain, high-contrast look
 * @property {boolean} highlightLegal  highlight destinations while hovering/dragging
 * @property {number} animationMs      checker animation length; 0 = none
 * @property {boolean} interactive     false: ignore the player's input (opponent's turn)
 */

/** @returns {BoardState} an empty board, viewed by White, home on the right. */
export function emptyState() {
  return {
    checkers: { points: new Array(25).fill(0), bar: { white: 0, red: 0 }, off: { white: 0, red: 0 } },
    viewer: "white",
    homeSide: "right",
    turn: null,
    dice: { white: null, red: null, prompt: null },
    cube: { value: 1, owner: null, offeredBy: null },
    pips: null,
    showPips: true,
    score: null,
    movable: [],
    destinations: {},
    selected: null,
    lastMove: [],
    bestMove: null,
    simpleGraphics: false,
    highlightLegal: true,
    animationMs: 250,
    interactive: true,
  };
}

/**
 * Applies a partial state: top-level fields are replaced as a whole (give a complete
 * `checkers`, `dice` … object when changing one).
 * @param {BoardState} state
 * @param {Partial<BoardState>} partial
 * @returns {BoardState} a new state
 */
export function mergeState(state, partial) {
  const next = { ...state };
  for (const [key, value] of Object.entries(partial)) {
    if (!(key in state)) throw new Error(`unknown board state field "${key}"`);
    next[key] = value;
  }
  return next;
}

/** @param {Side} side */
export function otherSide(side) {
  return side === "white" ? "red" : "white";
}

/**
 * A point's number as the viewer counts it (their home board is 1–6).
 * @param {number} point absolute point 1–24
 * @param {Side} viewer
 */
export function viewerPoint(point, viewer) {
  return viewer === "white" ? point : 25 - point;
}

/** The inverse of viewerPoint (the same mapping). */
export const absolutePoint = viewerPoint;

/** @param {Source|Target} where @returns {string} the key used in `destinations` */
export function placeKey(where) {
  return String(where);
}

/**
 * Who sits on a point and how many.
 * @param {Checkers} checkers @param {number} point
 * @returns {{side:Side|null, count:number}}
 */
export function pointOccupant(checkers, point) {
  const n = checkers.points[point] || 0;
  if (n > 0) return { side: "white", count: n };
  if (n < 0) return { side: "red", count: -n };
  return { side: null, count: 0 };
}
