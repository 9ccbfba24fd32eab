/**
 * Keyboard and screen-reader layer: one focusable button over every point, the bar, the
 * viewer's tray and the dice, positioned over the canvas (pointer events pass through to
 * the canvas). `data-point` numbers points FROM THE VIEWER'S SIDE (1–24), then "bar",
 * "off", "dice"; `data-abs` keeps the absolute place the events carry.
 *
 * Keys: arrows move focus to the nearest place in that direction (Tab walks them in
 * order); Enter/Space picks a source, then a target (the same events as the pointer);
 * Escape cancels. An ARIA live region speaks announcements.
 */

import { placeRect } from "./geometry.js";
import { pointOccupant, viewerPoint, placeKey } from "./state.js";

/**
 * @param {HTMLElement} host   the board's wrapper element
 * @param {import("./input/pointer.js").InputController & {selected:() => any, keyMove:(from:any, to:any) => void, state:() => any}} board
 * @param {(key:string, params?:object) => string} t
 */
export function createA11y(host, board, t) {
  const layer = document.createElement("div");
  layer.className = "gb-a11y";
  const live = document.createElement("div");
  live.className = "gb-live";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  host.append(layer, live);

  /** @type {Map<string, HTMLButtonElement>} by viewer-side data-point */
  const spots = new Map();
  const names = [...Array.from({ length: 24 }, (_, i) => String(i + 1)), "bar", "off", "dice"];
  for (const name of names) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "gb-spot";
    b.dataset.point = name;
    layer.append(b);
    spots.set(name, b);
  }

  const absOf = (button) => {
    const abs = button.dataset.abs;
    return abs === "bar" || abs === "off" || abs === "dice" ? abs : Number(abs);
  };

  const onKey = (e) => {
    const button = e.target.closest(".gb-spot");
    if (!button) return;
    if (e.key === "Escape") {
      board.cancel();
      e.preventDefault();
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      activate(absOf(button));
    } else if (e.key.startsWith("Arrow")) {
      e.preventDefault();
      const next = nearestInDirection(button, [...spots.values()], e.key);
      if (next) next.focus();
    }
  };

  const activate = (where) => {
    const state = board.state();
    if (where === "dice") {
      board.diceClick(diceSide(state));
      return;
    }
    const selected = board.selected();
    if (selected === null || selected === undefined) {
      const source = where === "off" ? null : board.sourceAt(where === "bar" ? { kind: "bar" } : { kind: "point", point: where });
      if (source === null) {
        announce(t("board.a11y.notMovable"));
        // and why, when the mover's checkers there are stuck (as a click asks)
        if (where !== "off") board.pointClick(where);
        return;
      }
      board.pick(source);
      announce(t("board.a11y.picked", { place: spokenPlace(source, state, t) }));
    } else if (String(selected) === String(where)) {
      board.cancel();
      announce(t("board.a11y.cancelled"));
    } else if (where !== "bar") {
      board.keyMove(selected, where);
    }
  };

  layer.addEventListener("keydown", onKey);

  let liveTimer = 0;
  /** What is still to be said: sentences coming together are said together, none lost. */
  let waiting = [];
  function announce(text) {
    clearTimeout(liveTimer);
    waiting.push(text);
    live.textContent = "";
    liveTimer = setTimeout(() => {
      live.textContent = waiting.join(". ");
      waiting = [];
    }, 30);
  }

  return {
    /** Re-positions and re-labels the elements (call after a layout or state change). */
    update(state, layout) {
      const showFrom = state.selected === null || state.selected === undefined ? null : placeKey(state.selected);
      const targets = new Set((showFrom !== null && state.destinations[showFrom]) || []);
      for (const [name, button] of spots) {
        const abs = /^\d+$/.test(name) ? viewerPoint(Number(name), state.viewer) : name;
        button.dataset.abs = String(abs);
        const r = abs === "dice" ? layout.dice[diceSide(state)] : placeRect(layout, abs, state.viewer);
        Object.assign(button.style, { left: `${r.x}px`, top: `${r.y}px`, width: `${r.w}px`, height: `${r.h}px` });
        let label = spotLabel(name, abs, state, t);
        if (targets.has(abs)) label += `, ${t("board.a11y.legalTarget")}`;
        button.setAttribute("aria-label", label);
        button.setAttribute("aria-pressed", String(showFrom !== null && showFrom === String(abs)));
      }
    },
    announce,
    destroy() {
      clearTimeout(liveTimer);
      layer.removeEventListener("keydown", onKey);
      layer.remove();
      live.remove();
    },
  };
}

function checkersText(count, side, t) {
  return t(`board.a11y.${count === 1 ? "checker" : "checkers"}.${side}`, { n: count });
}

function spokenPlace(where, state, t) {
  if (where === "bar") return t("board.a11y.bar");
  return t("board.a11y.point", { n: viewerPoint(where, state.viewer) });
}

/** The side whose dice the "dice" element stands for: the one invited, else the one on turn. */
function diceSide(state) {
  return (state.dice.prompt && state.dice.prompt.side) || state.turn || state.viewer;
}

function spotLabel(name, abs, state, t) {
  const c = state.checkers;
  if (name === "bar") {
    const parts = ["white", "red"].filter((s) => c.bar[s] > 0).map((s) => checkersText(c.bar[s], s, t));
    return `${t("board.a11y.bar")}, ${parts.length ? parts.join(", ") : t("board.a11y.empty")}`;
  }
  if (name === "off") {
    return t("board.a11y.off", { white: c.off.white, red: c.off.red });
  }
  if (name === "dice") {
    const prompt = state.dice.prompt;
    if (prompt && prompt.kind === "roll") return t("board.a11y.diceRoll");
    const d = state.dice[diceSide(state)];
    if (!d || !d.values.length) return t("board.a11y.noDice");
    const open = d.values.filter((_, i) => !(d.used && d.used[i]));
    const text = t("board.a11y.dice", { values: open.join(", ") || "—" });
    return prompt && prompt.kind === "endTurn" ? `${text}, ${t("board.a11y.diceEndTurn")}` : text;
  }
  const { side, count } = pointOccupant(c, abs);
  const base = t("board.a11y.point", { n: name });
  return count ? `${base}, ${checkersText(count, side, t)}` : `${base}, ${t("board.a11y.empty")}`;
}

/** The focusable element nearest to `from` in an arrow's direction (screen space). */
function nearestInDirection(from, all, key) {
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  };
  const a = centre(from);
  const dir = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
  if (!dir) return null;
  let best = null;
  let bestScore = Infinity;
  for (const el of all) {
    if (el === from) continue;
    const b = centre(el);
    const dx = b.x - a.x, dy = b.y - a.y;
    const along = dx * dir[0] + dy * dir[1];
    if (along <= 1) continue;
    const across = Math.abs(dx * dir[1]) + Math.abs(dy * dir[0]);
    const score = along + across * 3;
    if (score < bestScore) { bestScore = score; best = el; }
  }
  return best;
}
