/**
 * Checker flights: a checker drawn between two pixels over time while the place it is
 * flying to draws one checker fewer. The board steps the flights from its
 * requestAnimationFrame callback; nothing here schedules frames itself.
 */

const reducedMotion = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;

/** True when the user asked the system for reduced motion (then nothing animates). */
export function prefersReducedMotion() {
  return Boolean(reducedMotion && reducedMotion.matches);
}

/**
 * @typedef {object} Flight
 * @property {"white"|"red"} side
 * @property {{x:number,y:number}} from
 * @property {{x:number,y:number}} to
 * @property {string} hideKey   the place drawn one checker short meanwhile ("13", "bar:red", "off:white")
 */

export function createFlights() {
  /** @type {(Flight & {start:number, ms:number})[]} */
  let flights = [];
  return {
    /**
     * @param {Flight[]} list @param {number} ms @param {number} now
     * @returns {boolean} whether anything will fly
     */
    launch(list, ms, now) {
      if (ms <= 0 || prefersReducedMotion()) return false;
      for (const f of list) flights.push({ ...f, start: now, ms });
      return list.length > 0;
    },
    /**
     * Positions at time `now`; finished flights are dropped.
     * @param {number} now
     * @returns {{flights:{side:string,x:number,y:number}[], hidden:Object<string,number>, running:boolean}}
     */
    step(now) {
      flights = flights.filter((f) => now - f.start < f.ms);
      const hidden = {};
      const positions = flights.map((f) => {
        const k = easeOutCubic(Math.max(0, (now - f.start) / f.ms));
        hidden[f.hideKey] = (hidden[f.hideKey] || 0) + 1;
        return { side: f.side, x: f.from.x + (f.to.x - f.from.x) * k, y: f.from.y + (f.to.y - f.from.y) * k };
      });
      return { flights: positions, hidden, running: flights.length > 0 };
    },
    clear() {
      flights = [];
    },
  };
}

function easeOutCubic(t) {
  return 1 - Math.pow(1 - Math.min(1, t), 3);
}
