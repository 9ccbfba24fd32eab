/**
 * Layout math: where every part of the board sits, in CSS pixels, and the reverse
 * (hit-testing a pixel). Pure functions of the container size and three state fields
 * (viewer, homeSide, and nothing else), so a layout is computed once per resize/flip.
 *
 * Everything is first placed in "units" (1 unit = the width of a point) for the viewer
 * whose home board is at the bottom right, then mirrored for homeSide "left" and scaled.
 *
 * Landscape (17 × 12.3 units): side panel (cube, score) | outer quadrant | bar |
 * home quadrant | trays (borne-off checkers, pip counts).
 * Portrait (12.6 × 18 units, up to 22 on a tall screen, the points longer), for phones:
 * the two quadrants side by side with no bar between them (12 columns of full width), the
 * bar as a strip along the bottom, and a strip above and below the board for each side's
 * tray, score, pips and owned cube.
 */

import { otherSide, viewerPoint } from "./state.js";

/** @typedef {{x:number, y:number, w:number, h:number}} Rect */
/** @typedef {{x:number, y:number}} Spot */

const LANDSCAPE = { width: 17, height: 12.3 };
const PORTRAIT = { width: 12.6, height: 18.0 };
/** How much taller than PORTRAIT a tall screen may make the board, in units (the points
 * take it), so that an upright phone is not left with empty bands above and below. */
const PORTRAIT_STRETCH = 4;
/** Checker diameter and stacking step, in units. */
const CHECKER = 0.94;
/** Thickness of one borne-off checker seen edge-on in a tray, in units. */
const SLAB = 0.31;

/**
 * @typedef {object} PointBox
 * @property {number} x @property {number} y @property {number} w @property {number} h
 * @property {boolean} fromTop  the point's base is at the top edge (checkers stack down)
 * @property {number} column    0–23 in drawing order, for alternating colours
 * @property {number} label     the point's number from the viewer's side
 *
 * @typedef {object} Layout
 * @property {"landscape"|"portrait"} orientation
 * @property {number} unit        CSS px per unit
 * @property {number} width       canvas CSS width
 * @property {number} height      canvas CSS height
 * @property {Rect} frame         the whole board
 * @property {Rect[]} surfaces    the playing fields (felt) inside the frame
 * @property {Rect[]} recesses    panel, trays, bar strip: darker wells
 * @property {PointBox[]} points  index = absolute point 1–24 (0 unused)
 * @property {Rect} bar
 * @property {Object<string,{start:Spot, step:Spot}>} barStacks  per side
 * @property {Object<string,{rect:Rect, start:Spot, step:Spot, vertical:boolean}>} trays
 * @property {Object<string,Rect>} dice     per side: the area where that side's dice are
 * @property {{centre:Spot, white:Spot, red:Spot, size:number}} cube
 * @property {Object<string,Spot>} score    per side
 * @property {Object<string,Spot>} pips     per side
 * @property {Spot} caption       match length and Crawford notice
 * @property {{x:number,y:number,text:string}[]} labels  point numbers in the frame
 * @property {{x1:number,y1:number,x2:number,y2:number}[]} dividers
 * @property {number} checker     checker diameter, px
 * @property {number} maxStack    checkers drawn on a point before the stack shows a count
 */

/**
 * @param {number} width  container CSS width
 * @param {number} height container CSS height
 * @param {{viewer:"white"|"red", homeSide:"right"|"left"}} view
 * @returns {Layout}
 */
export function computeLayout(width, height, view) {
  const landscapeUnit = Math.min(width / LANDSCAPE.width, height / LANDSCAPE.height);
  const stretch = Math.min(PORTRAIT_STRETCH, Math.max(0, (height * PORTRAIT.width) / width - PORTRAIT.height));
  const tall = { width: PORTRAIT.width, height: PORTRAIT.height + stretch };
  const portraitUnit = Math.min(width / tall.width, height / tall.height);
  const portrait = portraitUnit > landscapeUnit * 1.05;
  const size = portrait ? tall : LANDSCAPE;
  const unit = Math.max(1, portrait ? portraitUnit : landscapeUnit);
  const ox = (width - size.width * unit) / 2;
  const oy = (height - size.height * unit) / 2;
  const mirror = view.homeSide === "left";
  const place = {
    x: (x, w = 0) => ox + (mirror ? size.width - x - w : x) * unit,
    y: (y) => oy + y * unit,
    rect: (x, y, w, h) => ({ x: place.x(x, w), y: place.y(y), w: w * unit, h: h * unit }),
    spot: (x, y) => ({ x: place.x(x), y: place.y(y) }),
    step: (dx, dy) => ({ x: (mirror ? -dx : dx) * unit, y: dy * unit }),
  };
  const plan = portrait ? portraitPlan(stretch) : landscapePlan();
  const me = view.viewer;
  const them = otherSide(me);

  const points = [null];
  for (let point = 1; point <= 24; point++) {
    const label = viewerPoint(point, me);
    const column = label <= 12 ? label - 1 : 24 - label;
    const fromTop = label > 12;
    const x = plan.columnX(column);
    const y = fromTop ? plan.topRow[0] : plan.bottomRow[0];
    const h = plan.topRow[1];
    points.push({ ...place.rect(x, y, 1, h), fromTop, column: fromTop ? 23 - column : column, label });
  }

  const labels = points.slice(1).map((p) => ({
    x: p.x + p.w / 2,
    y: p.fromTop ? place.y(plan.labelY[0]) : place.y(plan.labelY[1]),
    text: String(p.label),
  }));

  const traySpec = (which) => {
    const t = plan.trays[which];
    return {
      rect: place.rect(...t.rect),
      start: place.spot(...t.start),
      step: place.step(...t.step),
      vertical: t.vertical,
    };
  };
  const stackSpec = (which) => ({ start: place.spot(...plan.barStacks[which].start), step: place.step(...plan.barStacks[which].step) });

  return {
    orientation: portrait ? "portrait" : "landscape",
    unit,
    width,
    height,
    frame: place.rect(0, 0, size.width, size.height),
    surfaces: plan.surfaces.map((r) => place.rect(...r)),
    recesses: plan.recesses.map((r) => place.rect(...r)),
    points,
    bar: place.rect(...plan.bar),
    barStacks: { [me]: stackSpec("viewer"), [them]: stackSpec("opponent") },
    trays: { [me]: traySpec("viewer"), [them]: traySpec("opponent") },
    dice: { [me]: place.rect(...plan.dice.viewer), [them]: place.rect(...plan.dice.opponent) },
    cube: {
      centre: place.spot(...plan.cube.centre),
      [me]: place.spot(...plan.cube.viewer),
      [them]: place.spot(...plan.cube.opponent),
      size: plan.cube.size * unit,
    },
    score: { [me]: place.spot(...plan.score.viewer), [them]: place.spot(...plan.score.opponent) },
    pips: { [me]: place.spot(...plan.pips.viewer), [them]: place.spot(...plan.pips.opponent) },
    caption: place.spot(...plan.caption),
    labels,
    dividers: plan.dividers.map(([x1, y1, x2, y2]) => ({ x1: place.x(x1), y1: place.y(y1), x2: place.x(x2), y2: place.y(y2) })),
    checker: CHECKER * unit,
    maxStack: plan.maxStack,
  };
}

/** Landscape, in units, viewer's home at the bottom right. */
function landscapePlan() {
  const frame = 0.35;
  const outerX = 1.85;          // outer quadrant's left edge
  const barX = outerX + 6;      // 7.85
  const homeX = barX + 1.3;     // 9.15
  const trayX = homeX + 6 + 0.3; // 15.45
  const top = [frame, 5];
  const bottom = [frame + 5 + 1.6, 5];
  const middleY = frame + 5 + 0.8; // 6.15
  const bottomEdge = bottom[0] + 5; // 11.95
  const trayW = 1.2;
  const slabStart = (fromTop) => [trayX + trayW / 2, fromTop ? frame + 0.1 + SLAB / 2 : bottomEdge - 0.1 - SLAB / 2];
  return {
    columnX: (c) => (c < 6 ? homeX + 6 - (c + 1) : barX - (c - 6 + 1)),
    topRow: top,
    bottomRow: bottom,
    labelY: [frame / 2, bottomEdge + frame / 2],
    surfaces: [[outerX, frame, 6, 11.6], [homeX, frame, 6, 11.6]],
    recesses: [[frame, frame, 1.2, 11.6], [trayX, frame, trayW, 5], [trayX, bottom[0], trayW, 5]],
    bar: [barX, frame, 1.3, 11.6],
    barStacks: {
      viewer: { start: [barX + 0.65, middleY - 0.95], step: [0, -CHECKER] },
      opponent: { start: [barX + 0.65, middleY + 0.95], step: [0, CHECKER] },
    },
    trays: {
      viewer: { rect: [trayX, bottom[0], trayW, 5], start: slabStart(false), step: [0, -SLAB], vertical: false },
      opponent: { rect: [trayX, frame, trayW, 5], start: slabStart(true), step: [0, SLAB], vertical: false },
    },
    dice: { viewer: [homeX, top[0] + 5, 6, 1.6], opponent: [outerX, top[0] + 5, 6, 1.6] },
    cube: { centre: [0.95, middleY], viewer: [0.95, bottomEdge - 0.7], opponent: [0.95, frame + 0.7], size: 0.9 },
    score: { viewer: [0.95, 9.0], opponent: [0.95, 3.3] },
    pips: { viewer: [trayX + trayW / 2, middleY + 0.42], opponent: [trayX + trayW / 2, middleY - 0.42] },
    caption: [0.95, middleY + 1.0],
    dividers: [],
    maxStack: 5,
  };
}

/**
 * Portrait, in units, viewer's home at the bottom right; the bar is a bottom strip.
 * `stretch` units more height go to the points, half to each row.
 */
function portraitPlan(stretch) {
  const frame = 0.3;
  const strip = 1.1;
  const row = 6.2 + stretch / 2;
  const top = [strip + frame, row];            // 1.4
  const middle = top[0] + row;                 // 7.6 unstretched
  const bottom = [middle + 1.6, row];          // 9.2
  const boardBottom = bottom[0] + row;         // 15.4
  const barY = boardBottom + frame;            // 15.7
  const lowStrip = barY + 1.2;                 // 16.9
  const right = 12.6 - frame;                  // 12.3
  const trayW = 15 * SLAB + 0.2;
  const trayX = right - trayW;
  const slabY = 0.15;
  return {
    columnX: (c) => right - (c + 1),
    topRow: top,
    bottomRow: bottom,
    labelY: [strip + frame / 2, boardBottom + frame / 2],
    surfaces: [[frame, top[0], 12, 2 * row + 1.6]],
    recesses: [[trayX, slabY, trayW, strip - 2 * slabY], [trayX, lowStrip + slabY, trayW, strip - 2 * slabY]],
    bar: [frame, barY + 0.05, 12, 1.1],
    barStacks: {
      viewer: { start: [6.3 + 0.6, barY + 0.6], step: [CHECKER, 0] },
      opponent: { start: [6.3 - 0.6, barY + 0.6], step: [-CHECKER, 0] },
    },
    trays: {
      viewer: { rect: [trayX, lowStrip + slabY, trayW, strip - 2 * slabY], start: [right - 0.1 - SLAB / 2, lowStrip + strip / 2], step: [-SLAB, 0], vertical: true },
      opponent: { rect: [trayX, slabY, trayW, strip - 2 * slabY], start: [right - 0.1 - SLAB / 2, strip / 2], step: [-SLAB, 0], vertical: true },
    },
    dice: { viewer: [6.3, middle, 6, 1.6], opponent: [1.8, middle, 4.5, 1.6] },
    cube: { centre: [1.0, middle + 0.8], viewer: [6.55, lowStrip + strip / 2], opponent: [6.55, strip / 2], size: 0.85 },
    score: { viewer: [1.0, lowStrip + strip / 2], opponent: [1.0, strip / 2] },
    pips: { viewer: [2.85, lowStrip + strip / 2], opponent: [2.85, strip / 2] },
    caption: [5.0, strip / 2],
    dividers: [[6.3, top[0], 6.3, boardBottom]],
    maxStack: Math.floor(row / CHECKER),
  };
}

/** @param {Rect} r @param {number} x @param {number} y @param {number} [slack] */
function inside(r, x, y, slack = 0) {
  return x >= r.x - slack && x < r.x + r.w + slack && y >= r.y - slack && y < r.y + r.h + slack;
}

/**
 * What is under a pixel.
 * @param {Layout} layout @param {number} x @param {number} y (CSS px, canvas-relative)
 * @returns {{kind:"point", point:number}|{kind:"bar"}|{kind:"off", side:string}|{kind:"dice", side:string}|null}
 */
export function hitTest(layout, x, y) {
  for (let point = 1; point <= 24; point++) {
    if (inside(layout.points[point], x, y)) return { kind: "point", point };
  }
  if (inside(layout.bar, x, y)) return { kind: "bar" };
  const slack = layout.unit * 0.15;
  for (const side of ["white", "red"]) {
    if (inside(layout.trays[side].rect, x, y, slack)) return { kind: "off", side };
  }
  for (const side of ["white", "red"]) {
    if (inside(layout.dice[side], x, y)) return { kind: "dice", side };
  }
  return null;
}

/**
 * The centre of the `index`-th checker (0 = nearest the edge / the bar's middle) at a
 * place. Indexes past the visible stack land on the last visible slot.
 * @param {Layout} layout
 * @param {number|"bar"|"off"} where
 * @param {"white"|"red"} side   whose checker (selects the bar half and the tray)
 * @param {number} index
 * @returns {Spot}
 */
export function checkerSpot(layout, where, side, index) {
  if (where === "bar") {
    const s = layout.barStacks[side];
    const i = Math.min(index, 3);
    return { x: s.start.x + s.step.x * i, y: s.start.y + s.step.y * i };
  }
  if (where === "off") {
    const t = layout.trays[side];
    const i = Math.min(index, 14);
    return { x: t.start.x + t.step.x * i, y: t.start.y + t.step.y * i };
  }
  const p = layout.points[where];
  const i = Math.min(index, layout.maxStack - 1);
  const r = layout.checker / 2;
  const offset = r + i * layout.checker + layout.unit * 0.03;
  return { x: p.x + p.w / 2, y: p.fromTop ? p.y + offset : p.y + p.h - offset };
}

/**
 * The rectangle a keyboard/screen-reader element covers for a place.
 * @param {Layout} layout @param {number|"bar"|"off"|"dice"} where @param {"white"|"red"} viewer
 */
export function placeRect(layout, where, viewer) {
  if (where === "bar") return layout.bar;
  if (where === "off") return layout.trays[viewer].rect;
  if (where === "dice") return layout.dice[viewer];
  return layout.points[where];
}
