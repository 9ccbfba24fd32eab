/**
 * The only code that draws. `render(ctx, state, layout, view)` paints one frame on a
 * Canvas 2D context already scaled to CSS pixels. The static parts (frame, felt, points,
 * numbers) are painted once per layout and look into an offscreen canvas; checkers are
 * stamped from cached sprites, so a frame is a few dozen drawImage calls.
 */

import { checkerSpot } from "./geometry.js";
import { pointOccupant, placeKey } from "./state.js";
import { drawBestMove } from "./arrows.js";
import { diePose } from "./dice-roll.js";

/**
 * Transient view data the board passes besides its state.
 * @typedef {object} View
 * @property {number} dpr
 * @property {(key:string, params?:object)=>string} t
 * @property {string|null} showFrom   the source whose destinations are shown
 * @property {{side:string, x:number, y:number}|null} held   a dragged checker
 * @property {{side:string, x:number, y:number}[]} flights  checkers in animation
 * @property {Object<string,number>} hidden  checkers not drawn at a place ("13", "bar:white", "off:red")
 * @property {string|null} dropTarget  the place under a dragged checker ("13", "off")
 * @property {import("./dice-roll.js").Throw|null} [thrown]  the dice shown are being thrown
 */

const LOOKS = {
  normal: {
    frameDark: "#3b2314", frameLight: "#6e4428", frameEdge: "#a77b4f",
    felt: "#23543f", feltLight: "#2f6a51", recess: "#2a180d", barWood: "#553219",
    pointA: "#ecdcb6", pointB: "#7c3523", pointEdge: null,
    label: "#e7cf9b", text: "#f3e6c6", textDim: "#c8b48a", fieldText: "#f3e6c6",
    white: { body: "#f7f1e3", shade: "#d8ccb2", rim: "#b9aa8b", ink: "#3a2a1a" },
    red: { body: "#c8323a", shade: "#8f1820", rim: "#6a0f16", ink: "#fff3e0" },
    dest: "rgba(255, 214, 92, 0.5)", destRing: "#ffd65c", selected: "#ffd65c",
    last: "rgba(140, 205, 255, 0.85)", cube: "#f7f1e3", cubeInk: "#3a2314",
    shadow: true,
  },
  simple: {
    frameDark: "#000000", frameLight: "#000000", frameEdge: "#000000",
    felt: "#ffffff", feltLight: "#ffffff", recess: "#3a3a3a", barWood: "#000000",
    pointA: "#ffffff", pointB: "#9a9a9a", pointEdge: "#000000",
    label: "#ffffff", text: "#ffffff", textDim: "#ffffff", fieldText: "#000000",
    white: { body: "#ffffff", shade: "#ffffff", rim: "#000000", ink: "#000000" },
    red: { body: "#d00000", shade: "#d00000", rim: "#000000", ink: "#ffffff" },
    dest: "rgba(0, 102, 255, 0.35)", destRing: "#0050ff", selected: "#0050ff",
    last: "#ff8a00", cube: "#ffffff", cubeInk: "#000000",
    shadow: false,
  },
};

/** @param {boolean} simple */
export function lookOf(simple) {
  return simple ? LOOKS.simple : LOOKS.normal;
}

const spriteCache = new Map();
let background = { key: "", canvas: null };

/**
 * Paints one frame.
 * @param {CanvasRenderingContext2D} ctx
 * @param {import("./state.js").BoardState} state
 * @param {import("./geometry.js").Layout} layout
 * @param {View} view
 */
export function render(ctx, state, layout, view) {
  const look = lookOf(state.simpleGraphics);
  ctx.clearRect(0, 0, layout.width, layout.height);
  ctx.drawImage(backgroundFor(layout, state, look, view.dpr), 0, 0, layout.width, layout.height);
  drawLastMove(ctx, state, layout, look);
  drawBestMove(ctx, state, layout, {
    spot: (where, side, arrived) => markSpot(layout, state, where, side, arrived),
    arrow: (a, b) => arrow(ctx, a, b, layout.checker * 0.5, layout.unit),
  });
  drawDestinations(ctx, state, layout, look, view);
  drawPointCheckers(ctx, state, layout, look, view);
  drawBar(ctx, state, layout, look, view);
  drawTrays(ctx, state, layout, look, view);
  drawDice(ctx, state, layout, look, view);
  drawCube(ctx, state, layout, look);
  drawScore(ctx, state, layout, look, view);
  drawPips(ctx, state, layout, look, view);
  for (const f of view.flights) stamp(ctx, look, f.side, layout.checker, f.x, f.y, view.dpr);
  if (view.held) stamp(ctx, look, view.held.side, layout.checker * 1.08, view.held.x, view.held.y, view.dpr, true);
}

// ——— background ———

function backgroundFor(layout, state, look, dpr) {
  const key = [layout.width, layout.height, layout.orientation, dpr, state.viewer, state.homeSide, state.simpleGraphics].join("|");
  if (background.key === key) return background.canvas;
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(layout.width * dpr));
  canvas.height = Math.max(1, Math.round(layout.height * dpr));
  const ctx = canvas.getContext("2d");
  ctx.scale(dpr, dpr);
  paintBackground(ctx, layout, look);
  background = { key, canvas };
  return canvas;
}

function paintBackground(ctx, layout, look) {
  const f = layout.frame;
  const u = layout.unit;
  if (look.shadow) {
    const wood = ctx.createLinearGradient(f.x, f.y, f.x + f.w, f.y + f.h);
    wood.addColorStop(0, look.frameLight);
    wood.addColorStop(0.5, look.frameDark);
    wood.addColorStop(1, look.frameLight);
    ctx.fillStyle = wood;
  } else {
    ctx.fillStyle = look.frameDark;
  }
  roundRect(ctx, f.x, f.y, f.w, f.h, u * 0.25);
  ctx.fill();
  if (look.shadow) woodGrain(ctx, f, u);

  for (const r of layout.recesses) {
    ctx.fillStyle = look.recess;
    roundRect(ctx, r.x, r.y, r.w, r.h, u * 0.12);
    ctx.fill();
    if (look.shadow) insetShadow(ctx, r, u);
  }
  for (const s of layout.surfaces) {
    if (look.shadow) {
      const felt = ctx.createRadialGradient(s.x + s.w / 2, s.y + s.h / 2, u, s.x + s.w / 2, s.y + s.h / 2, Math.max(s.w, s.h) * 0.75);
      felt.addColorStop(0, look.feltLight);
      felt.addColorStop(1, look.felt);
      ctx.fillStyle = felt;
    } else {
      ctx.fillStyle = look.felt;
    }
    ctx.fillRect(s.x, s.y, s.w, s.h);
    if (look.shadow) insetShadow(ctx, s, u);
    else { ctx.strokeStyle = "#000"; ctx.lineWidth = 2; ctx.strokeRect(s.x, s.y, s.w, s.h); }
  }
  const b = layout.bar;
  ctx.fillStyle = look.barWood;
  ctx.fillRect(b.x, b.y, b.w, b.h);
  if (look.shadow) {
    const sheen = b.w < b.h ? ctx.createLinearGradient(b.x, 0, b.x + b.w, 0) : ctx.createLinearGradient(0, b.y, 0, b.y + b.h);
    sheen.addColorStop(0, "rgba(0,0,0,0.35)");
    sheen.addColorStop(0.5, "rgba(255,255,255,0.06)");
    sheen.addColorStop(1, "rgba(0,0,0,0.35)");
    ctx.fillStyle = sheen;
    ctx.fillRect(b.x, b.y, b.w, b.h);
  }

  for (let p = 1; p <= 24; p++) paintPoint(ctx, layout.points[p], look, u);

  ctx.strokeStyle = look.shadow ? "rgba(231, 207, 155, 0.45)" : "#000";
  ctx.lineWidth = look.shadow ? 1 : 2;
  for (const d of layout.dividers) {
    ctx.beginPath(); ctx.moveTo(d.x1, d.y1); ctx.lineTo(d.x2, d.y2); ctx.stroke();
  }

  ctx.fillStyle = look.label;
  ctx.font = `600 ${Math.max(8, u * 0.22)}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (const l of layout.labels) ctx.fillText(l.text, l.x, l.y);
}

function paintPoint(ctx, p, look, u) {
  const inset = p.w * 0.06;
  const tipY = p.fromTop ? p.y + p.h * 0.9 : p.y + p.h * 0.1;
  const baseY = p.fromTop ? p.y : p.y + p.h;
  ctx.beginPath();
  ctx.moveTo(p.x + inset, baseY);
  ctx.lineTo(p.x + p.w - inset, baseY);
  ctx.lineTo(p.x + p.w / 2, tipY);
  ctx.closePath();
  const colour = p.column % 2 === 0 ? look.pointA : look.pointB;
  if (look.shadow) {
    const g = ctx.createLinearGradient(0, baseY, 0, tipY);
    g.addColorStop(0, colour);
    g.addColorStop(1, shadeHex(colour, -0.12));
    ctx.fillStyle = g;
  } else {
    ctx.fillStyle = colour;
  }
  ctx.fill();
  if (look.pointEdge) {
    ctx.strokeStyle = look.pointEdge;
    ctx.lineWidth = 1.5;
    ctx.stroke();
  } else {
    ctx.strokeStyle = "rgba(0,0,0,0.25)";
    ctx.lineWidth = Math.max(1, u * 0.015);
    ctx.stroke();
  }
}

function woodGrain(ctx, f, u) {
  ctx.save();
  ctx.globalAlpha = 0.07;
  ctx.strokeStyle = "#000";
  for (let i = 0; i < 60; i++) {
    const y = f.y + (f.h * ((i * 37) % 60)) / 60;
    ctx.lineWidth = (i % 3) + 0.5;
    ctx.beginPath();
    ctx.moveTo(f.x, y);
    ctx.bezierCurveTo(f.x + f.w * 0.3, y + u * 0.15 * Math.sin(i), f.x + f.w * 0.7, y - u * 0.15 * Math.cos(i), f.x + f.w, y);
    ctx.stroke();
  }
  ctx.restore();
}

function insetShadow(ctx, r, u) {
  ctx.save();
  ctx.beginPath();
  ctx.rect(r.x, r.y, r.w, r.h);
  ctx.clip();
  ctx.shadowColor = "rgba(0,0,0,0.55)";
  ctx.shadowBlur = u * 0.3;
  ctx.lineWidth = u * 0.2;
  ctx.strokeStyle = "rgba(0,0,0,0.6)";
  ctx.strokeRect(r.x - u * 0.1, r.y - u * 0.1, r.w + u * 0.2, r.h + u * 0.2);
  ctx.restore();
}

// ——— checkers ———

/** Draws a checker sprite centred at (x, y). */
function stamp(ctx, look, side, diameter, x, y, dpr, lifted = false) {
  const sprite = checkerSprite(look, side, diameter, dpr, lifted);
  const size = sprite.width / dpr;
  ctx.drawImage(sprite, x - size / 2, y - size / 2, size, size);
}

function checkerSprite(look, side, diameter, dpr, lifted) {
  const key = `${look === LOOKS.simple}|${side}|${diameter.toFixed(2)}|${dpr}|${lifted}`;
  let sprite = spriteCache.get(key);
  if (sprite) return sprite;
  if (spriteCache.size > 64) spriteCache.clear();
  const pad = diameter * 0.25;
  const size = diameter + pad * 2;
  sprite = document.createElement("canvas");
  sprite.width = sprite.height = Math.ceil(size * dpr);
  const ctx = sprite.getContext("2d");
  ctx.scale(dpr, dpr);
  const c = look[side];
  const r = diameter / 2;
  const cx = size / 2;
  const cy = size / 2;
  if (look.shadow) {
    ctx.save();
    ctx.shadowColor = "rgba(0,0,0,0.5)";
    ctx.shadowBlur = lifted ? r * 0.6 : r * 0.25;
    ctx.shadowOffsetY = lifted ? r * 0.3 : r * 0.1;
    ctx.beginPath(); ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.fillStyle = c.rim; ctx.fill();
    ctx.restore();
    const body = ctx.createRadialGradient(cx - r * 0.35, cy - r * 0.4, r * 0.1, cx, cy, r);
    body.addColorStop(0, shadeHex(c.body, 0.15));
    body.addColorStop(0.65, c.body);
    body.addColorStop(1, c.shade);
    ctx.beginPath(); ctx.arc(cx, cy, r * 0.93, 0, Math.PI * 2);
    ctx.fillStyle = body; ctx.fill();
    ctx.lineWidth = r * 0.07;
    ctx.strokeStyle = "rgba(0,0,0,0.18)";
    ctx.beginPath(); ctx.arc(cx, cy, r * 0.62, 0, Math.PI * 2); ctx.stroke();
    ctx.strokeStyle = "rgba(255,255,255,0.25)";
    ctx.lineWidth = r * 0.04;
    ctx.beginPath(); ctx.arc(cx, cy + r * 0.04, r * 0.62, 0, Math.PI * 2); ctx.stroke();
  } else {
    ctx.beginPath(); ctx.arc(cx, cy, r * 0.94, 0, Math.PI * 2);
    ctx.fillStyle = c.body; ctx.fill();
    ctx.lineWidth = Math.max(2, r * 0.12);
    ctx.strokeStyle = c.rim; ctx.stroke();
  }
  spriteCache.set(key, sprite);
  return sprite;
}

function countLabel(ctx, look, side, n, x, y, diameter) {
  ctx.fillStyle = look[side].ink;
  ctx.font = `700 ${diameter * 0.46}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(String(n), x, y + diameter * 0.02);
}

function drawPointCheckers(ctx, state, layout, look, view) {
  for (let p = 1; p <= 24; p++) {
    const { side, count } = pointOccupant(state.checkers, p);
    const shown = count - (view.hidden[placeKey(p)] || 0);
    if (!side || shown <= 0) continue;
    drawStack(ctx, layout, look, view, p, side, shown, layout.maxStack);
    if (sameSource(state.selected, p) || view.showFrom === placeKey(p)) {
      const top = checkerSpot(layout, p, side, Math.min(shown, layout.maxStack) - 1);
      ring(ctx, top.x, top.y, layout.checker * 0.5, look.selected, layout.unit * 0.07);
    }
  }
}

function drawStack(ctx, layout, look, view, where, side, n, max) {
  const visible = Math.min(n, max);
  for (let i = 0; i < visible; i++) {
    const s = checkerSpot(layout, where, side, i);
    stamp(ctx, look, side, layout.checker, s.x, s.y, view.dpr);
  }
  if (n > max) {
    const s = checkerSpot(layout, where, side, visible - 1);
    countLabel(ctx, look, side, n, s.x, s.y, layout.checker);
  }
}

function drawBar(ctx, state, layout, look, view) {
  for (const side of ["white", "red"]) {
    const n = state.checkers.bar[side] - (view.hidden[`bar:${side}`] || 0);
    if (n <= 0) continue;
    drawStack(ctx, layout, look, view, "bar", side, n, 4);
    if (state.selected === "bar" || view.showFrom === "bar") {
      if (side !== moverSide(state, "bar")) continue;
      const s = checkerSpot(layout, "bar", side, Math.min(n, 4) - 1);
      ring(ctx, s.x, s.y, layout.checker * 0.5, look.selected, layout.unit * 0.07);
    }
  }
}

function drawTrays(ctx, state, layout, look, view) {
  const u = layout.unit;
  for (const side of ["white", "red"]) {
    const n = state.checkers.off[side] - (view.hidden[`off:${side}`] || 0);
    const t = layout.trays[side];
    const c = look[side];
    const long = t.vertical ? t.rect.h * 0.8 : t.rect.w * 0.8;
    const thick = Math.abs(t.step.x || t.step.y) * 0.86;
    for (let i = 0; i < n; i++) {
      const s = checkerSpot(layout, "off", side, i);
      const w = t.vertical ? thick : long;
      const h = t.vertical ? long : thick;
      roundRect(ctx, s.x - w / 2, s.y - h / 2, w, h, thick * 0.35);
      ctx.fillStyle = c.body; ctx.fill();
      ctx.lineWidth = look.shadow ? Math.max(1, u * 0.02) : 1.5;
      ctx.strokeStyle = c.rim; ctx.stroke();
    }
  }
}

// ——— highlights ———

function moverSide(state, from) {
  if (from === "bar") return state.turn || state.viewer;
  return pointOccupant(state.checkers, Number(from)).side || state.turn || state.viewer;
}

function sameSource(a, b) {
  return a !== null && a !== undefined && String(a) === String(b);
}

function drawDestinations(ctx, state, layout, look, view) {
  if (!state.highlightLegal || view.showFrom === null) return;
  const targets = state.destinations[view.showFrom] || [];
  const side = moverSide(state, view.showFrom);
  const u = layout.unit;
  for (const to of targets) {
    const over = view.dropTarget === placeKey(to);
    if (to === "off") {
      const r = layout.trays[side].rect;
      ctx.fillStyle = look.dest;
      roundRect(ctx, r.x, r.y, r.w, r.h, u * 0.12); ctx.fill();
      ctx.lineWidth = u * (over ? 0.1 : 0.06); ctx.strokeStyle = look.destRing; ctx.stroke();
      continue;
    }
    const p = layout.points[to];
    if (!p) continue;
    const glow = ctx.createLinearGradient(0, p.fromTop ? p.y : p.y + p.h, 0, p.fromTop ? p.y + p.h : p.y);
    glow.addColorStop(0, look.dest);
    glow.addColorStop(1, "rgba(0,0,0,0)");
    ctx.fillStyle = glow;
    ctx.fillRect(p.x + 1, p.y, p.w - 2, p.h);
    const occupant = pointOccupant(state.checkers, to);
    const index = occupant.side === side ? occupant.count : 0;
    const s = checkerSpot(layout, to, side, index);
    ctx.beginPath(); ctx.arc(s.x, s.y, layout.checker * (over ? 0.48 : 0.3), 0, Math.PI * 2);
    ctx.fillStyle = look.dest; ctx.fill();
    ctx.lineWidth = u * 0.06; ctx.strokeStyle = look.destRing; ctx.stroke();
  }
}

function drawLastMove(ctx, state, layout, look) {
  if (!state.lastMove || state.lastMove.length === 0) return;
  const u = layout.unit;
  ctx.save();
  ctx.strokeStyle = look.last;
  ctx.fillStyle = look.last;
  ctx.lineWidth = u * 0.06;
  for (const { from, to } of state.lastMove) {
    const side = lastMoveSide(state, to);
    const a = markSpot(layout, state, from, side, false);
    const b = markSpot(layout, state, to, side, true);
    if (!a || !b) continue;
    ctx.setLineDash([u * 0.15, u * 0.12]);
    ctx.beginPath(); ctx.arc(a.x, a.y, layout.checker * 0.42, 0, Math.PI * 2); ctx.stroke();
    ctx.setLineDash([]);
    arrow(ctx, a, b, layout.checker * 0.5, u);
  }
  ctx.restore();
}

/** Who made the last move: whoever now sits where it landed, else the side not on turn. */
function lastMoveSide(state, to) {
  const landed = typeof to === "number" ? pointOccupant(state.checkers, to).side : null;
  if (landed) return landed;
  if (state.turn) return state.turn === "white" ? "red" : "white";
  return state.viewer === "white" ? "red" : "white";
}

/** The free slot a checker left (source) or the checker that arrived (target). */
function markSpot(layout, state, where, side, arrived) {
  if (where === "bar") return checkerSpot(layout, "bar", side, 0);
  if (where === "off") {
    const r = layout.trays[side].rect;
    return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
  }
  if (!layout.points[where]) return null;
  const o = pointOccupant(state.checkers, where);
  const own = o.side === side ? o.count : 0;
  return checkerSpot(layout, where, side, arrived ? Math.max(0, own - 1) : own);
}

function arrow(ctx, a, b, gap, u) {
  const dx = b.x - a.x, dy = b.y - a.y;
  const len = Math.hypot(dx, dy);
  if (len < gap * 2) return;
  const ux = dx / len, uy = dy / len;
  const sx = a.x + ux * gap, sy = a.y + uy * gap;
  const ex = b.x - ux * gap, ey = b.y - uy * gap;
  ctx.globalAlpha = 0.75;
  ctx.beginPath(); ctx.moveTo(sx, sy); ctx.lineTo(ex, ey); ctx.stroke();
  const head = u * 0.25;
  ctx.beginPath();
  ctx.moveTo(ex, ey);
  ctx.lineTo(ex - ux * head - uy * head * 0.6, ey - uy * head + ux * head * 0.6);
  ctx.lineTo(ex - ux * head + uy * head * 0.6, ey - uy * head - ux * head * 0.6);
  ctx.closePath(); ctx.fill();
  ctx.globalAlpha = 1;
}

function ring(ctx, x, y, r, colour, width) {
  ctx.beginPath(); ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.lineWidth = width; ctx.strokeStyle = colour; ctx.stroke();
}

// ——— dice, cube, texts ———

const PIPS = {
  1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

/** A die lying still: where it rests, showing its rolled face. */
const AT_REST = { dx: 0, dy: 0, turn: 0, face: null };

function drawDice(ctx, state, layout, look, view) {
  const u = layout.unit;
  for (const side of ["white", "red"]) {
    const r = layout.dice[side];
    const dice = state.dice[side];
    const prompt = state.dice.prompt && state.dice.prompt.side === side ? state.dice.prompt.kind : null;
    const size = Math.min(r.h * 0.6, u * 0.86);
    const cy = r.y + r.h / 2;
    if (dice && dice.values.length) {
      const n = dice.values.length;
      const gap = size * 0.28;
      const total = n * size + (n - 1) * gap;
      let x = r.x + r.w / 2 - total / 2;
      // A throw comes in from the board's middle (the cube may lie at its edge).
      const towardMiddle = r.x + r.w / 2 < layout.width / 2 ? 1 : -1;
      for (let i = 0; i < n; i++) {
        const used = dice.used ? dice.used[i] : false;
        const pose = view.thrown ? diePose(view.thrown, i) : AT_REST;
        ctx.save();
        ctx.translate(x + size / 2 + towardMiddle * pose.dx * size, cy - pose.dy * size);
        ctx.rotate(pose.turn);
        die(ctx, look, dice.sides ? dice.sides[i] : side, pose.face ?? dice.values[i], -size / 2, -size / 2, size, used);
        ctx.restore();
        x += size + gap;
      }
      if (prompt === "endTurn") {
        ctx.setLineDash([u * 0.12, u * 0.08]);
        ctx.lineWidth = u * 0.05; ctx.strokeStyle = look.destRing;
        roundRect(ctx, r.x + r.w / 2 - total / 2 - gap, cy - size / 2 - gap, total + gap * 2, size + gap * 2, size * 0.25);
        ctx.stroke(); ctx.setLineDash([]);
        caption(ctx, look, view.t("board.clickToEndTurn"), r.x + r.w / 2, cy + size / 2 + gap * 1.6, u * 0.2, look.fieldText);
      }
    } else if (prompt === "roll") {
      const w = Math.min(r.w * 0.7, u * 3.2);
      const h = size;
      roundRect(ctx, r.x + r.w / 2 - w / 2, cy - h / 2, w, h, h * 0.3);
      ctx.fillStyle = look.shadow ? "rgba(255, 214, 92, 0.92)" : "#0050ff";
      ctx.fill();
      ctx.lineWidth = u * 0.04; ctx.strokeStyle = look.shadow ? "#7a5410" : "#000"; ctx.stroke();
      ctx.fillStyle = look.shadow ? "#3b2314" : "#fff";
      ctx.font = `700 ${h * 0.42}px system-ui, sans-serif`;
      ctx.textAlign = "center"; ctx.textBaseline = "middle";
      ctx.fillText(view.t("board.clickToRoll"), r.x + r.w / 2, cy + 1);
    } else if (state.dice.note && state.dice.note.side === side && !view.thrown) {
      // Who starts and why is written once the dice thrown lie still.
      note(ctx, look, state.dice.note.text, r, u);
    }
  }
}

/**
 * A short text in a dice area without dice: one line, or two when one is too wide
 * (broken after a colon, else at the space nearest the middle), shrunk to fit.
 */
function note(ctx, look, text, r, u) {
  const px = Math.min(u * 0.38, r.h * 0.34);
  ctx.font = `700 ${px}px system-ui, sans-serif`;
  let lines = [text];
  if (ctx.measureText(text).width > r.w * 0.96) {
    const middle = text.length / 2;
    const colon = text.indexOf(": ");
    const spaces = [...text.matchAll(/ /g)].map((m) => m.index);
    const at = colon > 0 ? colon + 1 : spaces.reduce((best, i) => (Math.abs(i - middle) < Math.abs(best - middle) ? i : best), spaces[0] ?? -1);
    if (at > 0) lines = [text.slice(0, at), text.slice(at + 1)];
  }
  const widest = Math.max(...lines.map((line) => ctx.measureText(line).width));
  const size = widest > r.w * 0.96 ? px * (r.w * 0.96) / widest : px;
  ctx.font = `700 ${size}px system-ui, sans-serif`;
  ctx.fillStyle = look.fieldText;
  ctx.textAlign = "center"; ctx.textBaseline = "middle";
  const cy = r.y + r.h / 2;
  lines.forEach((line, i) => ctx.fillText(line, r.x + r.w / 2, cy + (i - (lines.length - 1) / 2) * size * 1.25));
}

function die(ctx, look, side, value, x, y, size, used) {
  const c = look[side];
  ctx.save();
  ctx.globalAlpha = used ? 0.35 : 1;
  if (look.shadow) { ctx.shadowColor = "rgba(0,0,0,0.45)"; ctx.shadowBlur = size * 0.15; ctx.shadowOffsetY = size * 0.06; }
  roundRect(ctx, x, y, size, size, size * 0.18);
  ctx.fillStyle = c.body; ctx.fill();
  ctx.shadowColor = "transparent";
  ctx.lineWidth = look.shadow ? size * 0.03 : 2; ctx.strokeStyle = c.rim; ctx.stroke();
  ctx.fillStyle = c.ink;
  for (const [px, py] of PIPS[value] || []) {
    ctx.beginPath();
    ctx.arc(x + size / 2 + px * size * 0.26, y + size / 2 + py * size * 0.26, size * 0.085, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}

function drawCube(ctx, state, layout, look) {
  const cube = state.cube;
  if (!cube) return;
  const offered = cube.offeredBy || null;
  const spot = cube.owner && !offered ? layout.cube[cube.owner] : layout.cube.centre;
  const value = offered ? cube.value * 2 : cube.owner ? cube.value : cube.value === 1 ? 64 : cube.value;
  const s = layout.cube.size;
  ctx.save();
  if (look.shadow) { ctx.shadowColor = offered ? "rgba(255,214,92,0.9)" : "rgba(0,0,0,0.5)"; ctx.shadowBlur = s * (offered ? 0.5 : 0.2); }
  roundRect(ctx, spot.x - s / 2, spot.y - s / 2, s, s, s * 0.16);
  ctx.fillStyle = look.cube; ctx.fill();
  ctx.shadowColor = "transparent";
  ctx.lineWidth = offered ? layout.unit * 0.08 : look.shadow ? 1 : 2;
  ctx.strokeStyle = offered ? look.destRing : look.cubeInk; ctx.stroke();
  ctx.fillStyle = look.cubeInk;
  ctx.font = `800 ${s * (value >= 10 ? 0.46 : 0.56)}px system-ui, sans-serif`;
  ctx.textAlign = "center"; ctx.textBaseline = "middle";
  ctx.fillText(String(value), spot.x, spot.y + s * 0.03);
  ctx.restore();
}

function drawScore(ctx, state, layout, look, view) {
  const u = layout.unit;
  const score = state.score;
  if (score) {
    for (const side of ["white", "red"]) {
      const s = layout.score[side];
      const portrait = layout.orientation === "portrait";
      const chip = { x: portrait ? s.x - u * 0.45 : s.x, y: portrait ? s.y : s.y - u * 0.6 };
      stamp(ctx, look, side, u * 0.5, chip.x, chip.y, view.dpr);
      if (state.turn === side) ring(ctx, chip.x, chip.y, u * 0.33, look.destRing, u * 0.05);
      ctx.fillStyle = look.text;
      ctx.font = `800 ${u * 0.5}px system-ui, sans-serif`;
      ctx.textAlign = "center"; ctx.textBaseline = "middle";
      ctx.fillText(String(score[side]), portrait ? s.x + u * 0.25 : s.x, portrait ? s.y : s.y + u * 0.05);
    }
    const c = layout.caption;
    const lines = [score.matchLength > 0 ? view.t(score.matchLength === 1 ? "board.matchToOne" : "board.matchTo", { n: score.matchLength }) : view.t("board.money")];
    if (score.crawford) lines.push(view.t("board.crawford"));
    const portrait = layout.orientation === "portrait";
    const px = u * (portrait ? 0.27 : 0.21);
    const lineHeight = px * 1.3;
    const first = portrait ? c.y - ((lines.length - 1) * lineHeight) / 2 : c.y;
    lines.forEach((line, i) => caption(ctx, look, line, c.x, first + i * lineHeight, px));
  } else if (state.turn) {
    const s = layout.score[state.turn];
    ring(ctx, s.x, s.y, u * 0.3, look.destRing, u * 0.05);
  }
}

function drawPips(ctx, state, layout, look, view) {
  if (!state.showPips || !state.pips) return;
  const u = layout.unit;
  const portrait = layout.orientation === "portrait";
  for (const side of ["white", "red"]) {
    const s = layout.pips[side];
    const text = portrait ? view.t("board.pipsShort", { n: state.pips[side] }) : String(state.pips[side]);
    if (!portrait) stamp(ctx, look, side, u * 0.26, s.x - u * 0.42, s.y, view.dpr);
    ctx.fillStyle = look.text;
    ctx.font = `700 ${u * (portrait ? 0.3 : 0.32)}px system-ui, sans-serif`;
    ctx.textAlign = "center"; ctx.textBaseline = "middle";
    ctx.fillText(text, portrait ? s.x : s.x + u * 0.12, s.y);
  }
}

/** A caption: on the frame by default, or on the playing field in `colour`. */
function caption(ctx, look, text, x, y, px, colour = look.textDim) {
  ctx.fillStyle = colour;
  ctx.font = `600 ${px}px system-ui, sans-serif`;
  ctx.textAlign = "center"; ctx.textBaseline = "middle";
  ctx.fillText(text, x, y);
}

// ——— helpers ———

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, Math.min(r, w / 2, h / 2));
}

/** Lightens (amount > 0) or darkens a #rrggbb colour. */
function shadeHex(hex, amount) {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c) => Math.round(amount > 0 ? c + (255 - c) * amount : c * (1 + amount));
  const r = mix(n >> 16), g = mix((n >> 8) & 255), b = mix(n & 255);
  return `rgb(${r}, ${g}, ${b})`;
}
