// Views for the unit tests of the page's pure JavaScript, made by the real engine (the
// built www/pkg/), so that no fixture is a hand-written guess of the view's shape.

import { readFileSync } from "node:fs";
import { loadEngine, Match } from "../../www/engine.js";
import * as engine from "../../www/pkg/gamao.js";

await loadEngine(readFileSync(new URL("../../www/pkg/gamao_bg.wasm", import.meta.url)));

/** Options of a preset without a clock (or with it: `clock`). */
export function options(preset = "time-bank", length = 5, clock = false) {
  const o = engine.presetOptions(preset, length);
  return clock ? o : { ...o, time_control: "None" };
}

/** A match after `actions` ([side, action] pairs), all at time 0, with `seed` dice. */
export function matchAfter(actions, { seed = 1, preset = "time-bank", clock = false } = {}) {
  const m = new Match(options(preset, 5, clock), seed);
  for (const [side, action] of actions) m.act(side, action, 0);
  return m;
}

/** A match where the opening roll is won by `side` with `dice` (a seed is searched for). */
export function openedBy(side, dice, o = {}) {
  for (let seed = 0; seed < 2000; seed++) {
    const m = matchAfter([["White", { kind: "OpeningRoll" }]], { ...o, seed });
    const v = m.view(0);
    if (v.acting === side && String(v.dice) === String(dice)) return m;
    m.free();
  }
  throw new Error(`no seed opens ${dice} for ${side}`);
}

/** The view of a position (Position ID, White on roll) after White rolls `dice`. */
export function whiteRolled(positionId, dice) {
  for (let seed = 0; seed < 2000; seed++) {
    const m = Match.fromIds(positionId, null, options(), seed);
    m.act("White", { kind: "Roll" }, 0);
    if (String(m.view(0).dice) === String(dice)) return m;
    m.free();
  }
  throw new Error(`no seed rolls ${dice}`);
}
