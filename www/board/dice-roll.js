/**
 * Dice thrown: for a moment after a roll the dice shown are drawn tumbling in from the
 * board's middle, turning and showing passing faces, and settle on the faces rolled. The
 * board steps the throw from its requestAnimationFrame callback; nothing here schedules
 * frames itself.
 */

import { prefersReducedMotion } from "./anim.js";

/** How long a throw lasts against a checker's flight. */
export const THROW_PER_FLIGHT = 1.6;
/** The share of the throw after which the rolled faces show. */
const SETTLED_FACES = 0.7;
/** How long each passing face shows, in ms. */
const FACE_MS = 70;

/**
 * A moment of a throw.
 * @typedef {object} Throw
 * @property {number} progress  0 at the throw, 1 at rest
 * @property {number} elapsed   ms since the throw
 */

/**
 * How a die is drawn at one moment of its throw, against where it rests.
 * @typedef {object} DiePose
 * @property {number} dx     across the board, in die sizes, from its rest towards the middle
 * @property {number} dy     up, in die sizes (a bounce)
 * @property {number} turn   rotation in radians
 * @property {number|null} face  a passing face, or null once the rolled face shows
 */

export function createThrows() {
  /** @type {{start:number, ms:number}|null} */
  let throwing = null;
  return {
    /**
     * Throws the dice shown now.
     * @param {number} ms  the throw's length (0: none)
     * @param {number} now
     * @returns {boolean} whether the dice will tumble
     */
    launch(ms, now) {
      if (ms <= 0 || prefersReducedMotion()) return false;
      throwing = { start: now, ms };
      return true;
    },
    /**
     * The throw at time `now`, or null when none is under way (one over is dropped).
     * @param {number} now @returns {Throw|null}
     */
    step(now) {
      if (throwing && now - throwing.start >= throwing.ms) throwing = null;
      if (!throwing) return null;
      const elapsed = Math.max(0, now - throwing.start);
      return { progress: elapsed / throwing.ms, elapsed };
    },
    clear() {
      throwing = null;
    },
  };
}

/**
 * Die `index`'s pose at moment `t` of its throw: it comes in from the middle turning and
 * bouncing less and less, and shows a new face every few frames until near the end.
 * @param {Throw} t @param {number} index @returns {DiePose}
 */
export function diePose(t, index) {
  const left = 1 - t.progress;
  const spin = index % 2 === 0 ? 1 : -1;
  const tick = Math.floor(t.elapsed / FACE_MS);
  return {
    dx: 2.2 * left * left,
    dy: Math.abs(Math.sin(t.progress * Math.PI * 2.5)) * 0.35 * left,
    turn: spin * 5 * left * left,
    face: t.progress < SETTLED_FACES ? passingFace(tick, index) : null,
  };
}

/** The faces a tumbling die shows in turn, each unlike the one before. */
const PASSING_FACES = [3, 6, 2, 5, 1, 4];

/** The face shown at `tick`: a new one every tick, each die at its own place in turn. */
function passingFace(tick, index) {
  return PASSING_FACES[(tick + index * 2) % PASSING_FACES.length];
}
