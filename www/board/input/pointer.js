/**
 * Pointer Events input: mouse, pen and touch behave alike. One press path serves click
 * and drag; the difference is a small movement threshold.
 *
 *   press on a movable checker ─┬─ moved past the threshold → drag → release: drop
 *                               └─ released in place        → click
 *   right button / long press on a point (no movement)      → context
 *   press and release on a dice area                         → dice click
 *   press and release on a point or the bar with no movable checker → point click
 *   mouse moving with no button over a movable checker       → hover
 */

const DRAG_THRESHOLD = { mouse: 4, pen: 6, touch: 9 };
const LONG_PRESS_MS = 500;

/**
 * What the pointer layer asks of the board (board.js implements it).
 * @typedef {object} InputController
 * @property {(x:number, y:number) => ReturnType<import("../geometry.js").hitTest>} hitTest
 * @property {(hit:object|null) => (number|"bar"|null)} sourceAt   a movable source under a hit
 * @property {(hit:object|null) => (number|"off"|null)} targetAt   a drop target under a hit
 * @property {(source:number|"bar"|null) => void} hover
 * @property {(source:number|"bar") => void} pick
 * @property {(source:number|"bar", x:number, y:number, target:number|"off"|null) => void} drag
 * @property {(source:number|"bar", target:number|"off"|null, x:number, y:number) => void} drop
 * @property {(source:number|"bar") => void} click
 * @property {(point:number) => void} context
 * @property {(side:string) => void} diceClick
 * @property {(where:number|"bar") => void} pointClick
 * @property {() => void} cancel
 */

/**
 * @param {HTMLElement} surface  the element receiving pointer events (the canvas)
 * @param {InputController} board
 * @returns {() => void} unbind
 */
export function bindPointer(surface, board) {
  /** @type {null | {id:number, type:string, x0:number, y0:number, hit:any, source:any, dragging:boolean, done:boolean, timer:any}} */
  let press = null;

  const local = (e) => {
    const r = surface.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  const endPress = () => {
    if (!press) return;
    clearTimeout(press.timer);
    if (surface.hasPointerCapture(press.id)) surface.releasePointerCapture(press.id);
    press = null;
  };

  const onDown = (e) => {
    if (press) return;
    const { x, y } = local(e);
    const hit = board.hitTest(x, y);
    if (e.button === 2) {
      if (hit && hit.kind === "point") board.context(hit.point);
      e.preventDefault();
      return;
    }
    if (e.button !== 0) return;
    e.preventDefault();
    const source = board.sourceAt(hit);
    press = { id: e.pointerId, type: e.pointerType, x0: x, y0: y, hit, source, dragging: false, done: false, timer: 0 };
    surface.setPointerCapture(e.pointerId);
    if (source !== null) board.pick(source);
    if (hit && hit.kind === "point" && e.pointerType !== "mouse") {
      const current = press;
      current.timer = setTimeout(() => {
        if (press !== current || current.dragging) return;
        current.done = true;
        board.cancel();
        board.context(hit.point);
      }, LONG_PRESS_MS);
    }
  };

  const onMove = (e) => {
    const { x, y } = local(e);
    if (!press) {
      if (e.pointerType === "mouse") {
        const source = board.sourceAt(board.hitTest(x, y));
        surface.style.cursor = source !== null ? "grab" : "default";
        board.hover(source);
      }
      return;
    }
    if (e.pointerId !== press.id || press.done) return;
    const moved = Math.hypot(x - press.x0, y - press.y0) > (DRAG_THRESHOLD[press.type] || 6);
    if (moved) clearTimeout(press.timer);
    if (moved && !press.dragging && press.source !== null) {
      press.dragging = true;
      surface.style.cursor = "grabbing";
    }
    if (press.dragging) board.drag(press.source, x, y, board.targetAt(board.hitTest(x, y)));
  };

  const onUp = (e) => {
    if (!press || e.pointerId !== press.id) return;
    const current = press;
    endPress();
    if (current.done) return;
    const { x, y } = local(e);
    const hit = board.hitTest(x, y);
    if (current.dragging) {
      surface.style.cursor = "grab";
      board.drop(current.source, board.targetAt(hit), x, y);
    } else if (current.source !== null) {
      board.click(current.source);
    } else if (current.hit && current.hit.kind === "dice" && hit && hit.kind === "dice") {
      board.diceClick(current.hit.side);
    } else {
      board.cancel();
      const where = placeOfHit(current.hit);
      if (where !== null && where === placeOfHit(hit)) board.pointClick(where);
    }
  };

  const onCancel = (e) => {
    if (!press || e.pointerId !== press.id) return;
    const current = press;
    endPress();
    if (current.dragging) board.drop(current.source, null, current.x0, current.y0);
    else board.cancel();
  };

  const onLeave = (e) => {
    if (!press && e.pointerType === "mouse") board.hover(null);
  };

  const onContextMenu = (e) => e.preventDefault();

  const listeners = [
    ["pointerdown", onDown],
    ["pointermove", onMove],
    ["pointerup", onUp],
    ["pointercancel", onCancel],
    ["pointerleave", onLeave],
    ["contextmenu", onContextMenu],
  ];
  for (const [name, fn] of listeners) surface.addEventListener(name, fn);
  return () => {
    endPress();
    for (const [name, fn] of listeners) surface.removeEventListener(name, fn);
  };
}

/** The point or the bar a hit is on, else null. */
function placeOfHit(hit) {
  if (hit && hit.kind === "point") return hit.point;
  if (hit && hit.kind === "bar") return "bar";
  return null;
}
