/**
 * The page's buttons: roll, offer cube, resign, undo and hint at the top left; options, new
 * match and forfeit at the top right; the matches menu (files, history) under the board,
 * when the page gives a place for it; a "thinking" note over the board while the
 * computer decides. Buttons that
 * are not allowed now are hidden (the cube) or disabled (the rest); what is allowed
 * comes from the adapter. Forfeit asks for a confirmation first and only then emits
 * "forfeit".
 *
 * Events: "roll", "endTurn", "double", "resign", "undo", "hint", "options", "matches",
 * "newMatch", "forfeit". "End turn" is shown only while a turn waits to be confirmed.
 */

const LEFT = ["roll", "endTurn", "double", "resign", "undo", "hint"];
const RIGHT = ["options", "newMatch", "forfeit"];
const BOTTOM = ["matches"];

/**
 * @typedef {object} ControlsState
 * @property {boolean} [canRoll]
 * @property {boolean} [canEndTurn] a person's turn is played and waits for its confirmation
 * @property {boolean} [canDouble]  false hides the cube button (Crawford, auto roll …)
 * @property {boolean} [canResign]
 * @property {boolean} [canUndo]
 * @property {boolean} [canForfeit]
 * @property {boolean} [canHint]   a person must act: the hint button is enabled
 * @property {boolean} [thinking]  the computer is deciding: its note is shown
 * @property {boolean} [noted]     the board writes a note in its middle (who starts): the
 *   thinking note keeps clear of it
 */

/**
 * @param {HTMLElement} left   the top-left container
 * @param {HTMLElement} right  the top-right container
 * @param {{t:(key:string)=>string, confirmForfeit:() => Promise<boolean>, bottom?:HTMLElement, board?:HTMLElement}} deps
 *   `bottom`: the container under the board for the matches menu's button (none: no button);
 *   `board`: the board's container, where the thinking note floats (none: after the left buttons)
 */
export function createControls(left, right, { t, confirmForfeit, bottom = null, board = null }) {
  const handlers = new Map();
  const emit = (name) => (handlers.get(name) || new Set()).forEach((fn) => fn());
  /** @type {Object<string, HTMLButtonElement>} */
  const buttons = {};

  const make = (name, host) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "gm-button";
    b.dataset.control = name;
    if (name === "roll" || name === "endTurn") b.classList.add("primary");
    if (name === "forfeit") b.classList.add("danger");
    b.hidden = name === "endTurn" || name === "double"; // shown only when allowed
    b.addEventListener("click", async () => {
      if (name === "forfeit" && !(await confirmForfeit())) return;
      emit(name);
    });
    host.append(b);
    buttons[name] = b;
  };
  LEFT.forEach((name) => make(name, left));
  RIGHT.forEach((name) => make(name, right));
  if (bottom) BOTTOM.forEach((name) => make(name, bottom));
  const thinking = document.createElement("span");
  thinking.className = "gm-thinking";
  thinking.setAttribute("role", "status");
  thinking.hidden = true;
  (board || left).append(thinking);

  const relabel = () => {
    for (const [name, b] of Object.entries(buttons)) b.textContent = t(`controls.${name}`);
    thinking.textContent = t("controls.thinking");
  };
  relabel();

  return {
    /** @param {ControlsState} s */
    set(s) {
      buttons.roll.disabled = !s.canRoll;
      buttons.endTurn.hidden = !s.canEndTurn;
      buttons.double.hidden = !s.canDouble;
      buttons.resign.disabled = !s.canResign;
      buttons.undo.disabled = !s.canUndo;
      buttons.forfeit.disabled = s.canForfeit === false;
      buttons.hint.disabled = !s.canHint;
      thinking.hidden = !s.thinking;
      thinking.classList.toggle("gm-thinking-below", Boolean(s.noted));
    },
    /**
     * @param {"roll"|"endTurn"|"double"|"resign"|"undo"|"hint"|"options"|"matches"|"newMatch"|"forfeit"} name
     * @param {() => void} fn
     * @returns {() => void} unbind
     */
    on(name, fn) {
      if (!handlers.has(name)) handlers.set(name, new Set());
      handlers.get(name).add(fn);
      return () => handlers.get(name).delete(fn);
    },
    relabel,
    destroy() {
      Object.values(buttons).forEach((b) => b.remove());
      thinking.remove();
      handlers.clear();
    },
  };
}
