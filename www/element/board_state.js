/**
 * The board state `<gamao-board>` shows for a match view: the page adapter's mapping
 * (../engine.js) with the element's display options. Pure functions, no rule: what may
 * move and where comes from the view.
 */

import { boardState } from "../engine.js";

/** The side that must act now ("White"/"Red"), or the side on turn. */
export const sideActing = (view) => view.acting ?? view.turn;

/**
 * @param {import("../pkg/gamao.js").MatchView} view
 * @param {{interactive:boolean, viewer:"white"|"red", homeSide:"right"|"left", simpleGraphics:boolean}} display
 * @returns {Partial<import("../board/state.js").BoardState>}
 */
export function boardStateOf(view, display) {
  const { showPips, ...state } = boardState(view, { computerSide: null, showPips: true, endTurnByDice: false });
  const interactive = display.interactive && state.interactive;
  return {
    ...state,
    viewer: display.viewer,
    homeSide: display.homeSide,
    simpleGraphics: display.simpleGraphics,
    dice: display.interactive ? state.dice : { ...state.dice, prompt: null },
    cube: state.cube && { ...state.cube, offeredBy: null },
    movable: interactive ? state.movable : [],
    destinations: interactive ? state.destinations : {},
    lastMove: [],
    interactive,
  };
}
