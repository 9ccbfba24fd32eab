/**
 * The board component: `createBoard(element, config) → api`.
 *
 * The board shows the state it is given and reports what the player does; it never
 * applies a move nor decides one is legal. Events (all places in ABSOLUTE coordinates,
 * see state.js):
 *
 *   "hover"        {from: Source|null}   mouse over a movable checker (null: left it)
 *   "select"       {from: Source|null}   a checker picked up (press, or keyboard); null: dropped/cancelled
 *   "move"         {from: Source, to: Target}   a drop or keyboard target, legal or not
 *   "checkerClick" {from: Source}        a click without drag on a movable checker
 *   "pointClick"   {point: Source}       a click on a point or the bar with no movable checker
 *   "pointContext" {point: number}       right-click or long press on a point
 *   "diceClick"    {side: Side}          a click on that side's dice area
 *
 * After a "move" that the engine refuses, call `api.rejectMove(message)`: the checker
 * flies back from where it was dropped and the message shows briefly.
 */

import { emptyState, mergeState, placeKey, pointOccupant } from "./state.js";
import { computeLayout, hitTest, checkerSpot } from "./geometry.js";
import { render } from "./render.js";
import { createFlights } from "./anim.js";
import { createThrows, THROW_PER_FLIGHT } from "./dice-roll.js";
import { bindPointer } from "./input/pointer.js";
import { createA11y } from "./a11y.js";

const MESSAGE_MS = 2600;
/** The narrowest a message is put beside the dice (CSS pixels); narrower, above them. */
const MESSAGE_MIN_WIDTH = 220;

/**
 * @param {HTMLElement} element  an empty container; the board fills it
 * @param {Partial<import("./state.js").BoardState> & {t?: (key:string, params?:object) => string}} [config]
 */
export function createBoard(element, config = {}) {
  const { t: translate, ...initial } = config;
  let t = translate || ((key) => key);
  let state = mergeState(emptyState(), initial);

  const wrap = document.createElement("div");
  wrap.className = "gb-board";
  const canvas = document.createElement("canvas");
  canvas.className = "gb-canvas";
  canvas.setAttribute("aria-hidden", "true");
  const toast = document.createElement("div");
  toast.className = "gb-toast";
  toast.setAttribute("aria-hidden", "true");
  wrap.append(canvas, toast);
  element.append(wrap);
  const ctx = canvas.getContext("2d");

  /** @type {Map<string, Set<Function>>} */
  const handlers = new Map();
  const emit = (name, payload) => {
    for (const fn of handlers.get(name) || []) fn(payload);
  };

  let layout = computeLayout(1, 1, state);
  let dpr = 1;
  let frame = 0;
  let hover = null;
  /** @type {{source:any, side:string, x:number, y:number, target:any}|null} */
  let held = null;
  /** @type {{source:any, side:string, x:number, y:number}|null} the last drop, for rejectMove */
  let lastDrop = null;
  let toastTimer = 0;
  const flights = createFlights();
  const throws = createThrows();
  /** When the last checker launched lands and the last dice thrown lie still (performance.now() time). */
  let landing = 0;

  const redraw = () => {
    if (!frame) frame = requestAnimationFrame(draw);
  };

  function draw(now) {
    frame = 0;
    const flying = flights.step(now);
    const thrown = throws.step(now);
    const hidden = { ...flying.hidden };
    if (held) hidden[hideKey(held.source, held.side)] = (hidden[hideKey(held.source, held.side)] || 0) + 1;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    render(ctx, state, layout, {
      dpr,
      t,
      showFrom: showFrom(),
      held: held && { side: held.side, x: held.x, y: held.y },
      flights: flying.flights,
      hidden,
      dropTarget: held && held.target !== null ? placeKey(held.target) : null,
      thrown,
    });
    if (flying.running || thrown) redraw();
  }

  function showFrom() {
    if (held) return placeKey(held.source);
    if (state.selected !== null && state.selected !== undefined) return placeKey(state.selected);
    return hover === null ? null : placeKey(hover);
  }

  function sideOf(source) {
    if (source === "bar") return state.turn || state.viewer;
    return pointOccupant(state.checkers, source).side || state.turn || state.viewer;
  }

  /** The key of a place in `View.hidden`: "13", "bar:white", "off:red". */
  function hideKey(where, side) {
    return where === "bar" || where === "off" ? `${where}:${side}` : placeKey(where);
  }

  /** Pixel of the top checker at a place (the one that would be picked up). */
  function topSpot(st, where, side) {
    if (where === "bar") return checkerSpot(layout, "bar", side, Math.max(0, st.checkers.bar[side] - 1));
    if (where === "off") return checkerSpot(layout, "off", side, Math.max(0, st.checkers.off[side] - 1));
    const n = pointOccupant(st.checkers, where).count;
    return checkerSpot(layout, where, side, Math.max(0, Math.min(n, layout.maxStack) - 1));
  }

  function resize() {
    const rect = wrap.getBoundingClientRect();
    dpr = window.devicePixelRatio || 1;
    canvas.width = Math.max(1, Math.round(rect.width * dpr));
    canvas.height = Math.max(1, Math.round(rect.height * dpr));
    canvas.style.width = `${rect.width}px`;
    canvas.style.height = `${rect.height}px`;
    relayout(rect.width, rect.height);
  }

  function relayout(width = layout.width, height = layout.height) {
    layout = computeLayout(width, height, state);
    wrap.dataset.orientation = layout.orientation;
    a11y.update(state, layout);
    redraw();
  }

  function setSelected(source) {
    state = mergeState(state, { selected: source });
    a11y.update(state, layout);
    redraw();
  }

  const isMovable = (source) => state.interactive && state.movable.some((m) => String(m) === String(source));

  /** @type {import("./input/pointer.js").InputController} */
  const controller = {
    hitTest: (x, y) => hitTest(layout, x, y),
    sourceAt(hit) {
      if (!hit) return null;
      if (hit.kind === "point" && isMovable(hit.point)) return hit.point;
      if (hit.kind === "bar" && isMovable("bar")) return "bar";
      return null;
    },
    targetAt(hit) {
      if (!hit) return null;
      if (hit.kind === "point") return hit.point;
      if (hit.kind === "off") return "off";
      return null;
    },
    hover(source) {
      if (String(source) === String(hover)) return;
      hover = source;
      emit("hover", { from: source });
      redraw();
    },
    pick(source) {
      lastDrop = null;
      setSelected(source);
      emit("select", { from: source });
    },
    drag(source, x, y, target) {
      held = { source, side: sideOf(source), x, y, target };
      redraw();
    },
    drop(source, target, x, y) {
      const side = held ? held.side : sideOf(source);
      held = null;
      setSelected(null);
      if (target === null || String(target) === String(source)) {
        emit("select", { from: null });
        return;
      }
      lastDrop = { source, side, x, y };
      emit("move", { from: source, to: target });
    },
    click(source) {
      setSelected(null);
      emit("checkerClick", { from: source });
    },
    context(point) {
      if (!state.interactive) return;
      emit("pointContext", { point });
    },
    diceClick(side) {
      emit("diceClick", { side });
    },
    pointClick(where) {
      if (!state.interactive) return;
      emit("pointClick", { point: where });
    },
    cancel() {
      const had = state.selected !== null || held !== null;
      held = null;
      if (had) {
        setSelected(null);
        emit("select", { from: null });
      }
    },
  };

  const a11y = createA11y(wrap, {
    ...controller,
    selected: () => state.selected,
    state: () => state,
    keyMove(from, to) {
      setSelected(null);
      const side = sideOf(from);
      const spot = topSpot(state, from, side);
      lastDrop = { source: from, side, x: spot.x, y: spot.y };
      emit("move", { from, to });
    },
  }, (key, params) => t(key, params));

  const unbindPointer = bindPointer(canvas, controller);
  const resizeObserver = new ResizeObserver(resize);
  resizeObserver.observe(wrap);
  resize();

  return {
    /**
     * Shows a new state. `options.animate` lists checkers to fly, e.g. the steps of a
     * play and the checkers it hit: [{side, from, to}] with from/to a point, "bar" or "off".
     * `options.rolled`: the dice shown were just rolled, and are thrown onto the board.
     * @param {Partial<import("./state.js").BoardState>} partial
     * @param {{animate?: {side:"white"|"red", from:any, to:any}[], rolled?: boolean}} [options]
     */
    set(partial, options = {}) {
      const before = state;
      state = mergeState(state, partial);
      if (partial.checkers) lastDrop = null;
      const viewChanged = partial.viewer !== undefined && partial.viewer !== before.viewer
        || partial.homeSide !== undefined && partial.homeSide !== before.homeSide;
      if (viewChanged) {
        flights.clear();
        throws.clear();
        relayout();
      } else {
        a11y.update(state, layout);
      }
      if (options.animate && options.animate.length) {
        launch(before, options.animate);
      }
      if (options.rolled) throwDice();
      redraw();
    },
    /** @returns {import("./state.js").BoardState} a copy of the current state */
    state: () => structuredClone(state),
    /**
     * @param {"hover"|"select"|"move"|"checkerClick"|"pointContext"|"diceClick"} name
     * @param {(payload:any) => void} handler
     * @returns {() => void} unbind
     */
    on(name, handler) {
      if (!handlers.has(name)) handlers.set(name, new Set());
      handlers.get(name).add(handler);
      return () => handlers.get(name).delete(handler);
    },
    /** Snaps the last dropped checker back and shows why, briefly. */
    rejectMove(message) {
      if (lastDrop) {
        const { source, side, x, y } = lastDrop;
        const home = topSpot(state, source, side);
        fly([{ side, from: { x, y }, to: home, hideKey: hideKey(source, side) }], 180);
        lastDrop = null;
      }
      if (message) showMessage(message);
      redraw();
    },
    /** Resolves once every checker in flight has landed and thrown dice lie still (at once when nothing moves). */
    settled() {
      return new Promise((resolve) => setTimeout(resolve, Math.max(0, landing - performance.now())));
    },
    /** Speaks a sentence through the board's ARIA live region. */
    announce: (text) => a11y.announce(text),
    /** Changes the translation function (labels drawn on the board and spoken). */
    setTranslator(fn) {
      t = fn;
      a11y.update(state, layout);
      redraw();
    },
    destroy() {
      cancelAnimationFrame(frame);
      clearTimeout(toastTimer);
      resizeObserver.disconnect();
      unbindPointer();
      a11y.destroy();
      wrap.remove();
      handlers.clear();
    },
  };

  function launch(before, moves) {
    const ms = state.animationMs;
    const list = [];
    const taken = {};
    const landed = {};
    for (const m of moves) {
      const fromKey = `${m.from}:${m.side}`;
      const toKey = `${m.to}:${m.side}`;
      const from = spotAfterTaking(before, m.from, m.side, taken[fromKey] || 0);
      taken[fromKey] = (taken[fromKey] || 0) + 1;
      const to = spotArriving(m.to, m.side, landed[toKey] || 0);
      landed[toKey] = (landed[toKey] || 0) + 1;
      list.push({ side: m.side, from, to, hideKey: hideKey(m.to, m.side) });
    }
    fly(list, ms);
  }

  function throwDice() {
    const now = performance.now();
    const ms = state.animationMs * THROW_PER_FLIGHT;
    if (throws.launch(ms, now)) landing = Math.max(landing, now + ms);
  }

  function fly(list, ms) {
    const now = performance.now();
    if (flights.launch(list, ms, now)) landing = Math.max(landing, now + ms);
  }

  /** The pixel of the k-th checker (from the top) leaving a place in the old state. */
  function spotAfterTaking(st, where, side, k) {
    const count = where === "bar" ? st.checkers.bar[side]
      : where === "off" ? st.checkers.off[side]
      : pointOccupant(st.checkers, where).count;
    const index = Math.max(0, Math.min(count - 1 - k, where === "bar" ? 3 : layout.maxStack - 1));
    return checkerSpot(layout, where, side, index);
  }

  /** The pixel where the k-th arrival (from the top) lands in the new state. */
  function spotArriving(where, side, k) {
    const count = where === "bar" ? state.checkers.bar[side]
      : where === "off" ? state.checkers.off[side]
      : pointOccupant(state.checkers, where).count;
    return checkerSpot(layout, where, side, Math.max(0, count - 1 - k));
  }

  function showMessage(message) {
    placeMessage();
    toast.textContent = message;
    toast.classList.add("gb-toast-on");
    a11y.announce(message);
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => toast.classList.remove("gb-toast-on"), MESSAGE_MS);
  }

  /**
   * Puts the message over the dice area left free, so that it never hides the dice or the
   * Roll button it may be telling the player to press; over the board's upper points when
   * that area is too narrow for it (a phone) or both hold dice (a tied opening roll), and
   * over the middle when both are free.
   */
  function placeMessage() {
    const sides = ["white", "red"];
    const invited = state.dice.prompt ? state.dice.prompt.side : null;
    const inUse = (side) => side === invited || (state.dice[side] && state.dice[side].values.length > 0)
      || (state.dice.note && state.dice.note.side === side);
    const free = sides.filter((side) => !inUse(side));
    const area = free.length === 1 ? layout.dice[free[0]] : null;
    // As wide as fits on that side of the board's middle, where the other area is.
    const x = area ? area.x + area.w / 2 : 0;
    const room = area ? Math.max(area.w, 2 * Math.min(Math.abs(x - layout.width / 2), layout.width - x) - 12) : 0;
    if (area && room >= MESSAGE_MIN_WIDTH) {
      toast.style.left = `${x}px`;
      toast.style.top = `${area.y + area.h / 2}px`;
      toast.style.maxWidth = `${room}px`;
    } else {
      // Too narrow there (a phone), or no area free: over the upper points, or the middle.
      toast.style.left = toast.style.maxWidth = "";
      toast.style.top = area || free.length === 0 ? "28%" : "";
    }
  }
}
