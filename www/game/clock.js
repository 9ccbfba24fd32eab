/**
 * The match's own clock for the page: milliseconds since the match started, read from a
 * monotonic source (never going back), stopped while a replay is shown. The clocks of
 * the sides themselves live in the engine; this only says what time it is.
 */

/**
 * @param {{rate?:number, source?:() => number}} [o]  `rate`: the clock runs this many
 *   times faster (tests); `source`: a monotonic time in ms (performance.now)
 */
export function createMatchClock({ rate = 1, source = () => performance.now() } = {}) {
  let base = source();
  let offset = 0;
  let last = 0;
  /** The reading while stopped, else null. */
  let stoppedAt = null;

  const read = () => {
    if (stoppedAt !== null) return stoppedAt;
    last = Math.max(last, offset + Math.floor((source() - base) * rate));
    return last;
  };

  return {
    /** The time now on the match's clock, in ms. */
    read,
    /** The last reading, without reading again. */
    last: () => last,
    /** Starts (again) at `ms` from now on. */
    start(ms) {
      base = source();
      offset = ms;
      last = ms;
      stoppedAt = null;
    },
    /** Stops the clock where it is (a replay is shown). */
    stop() {
      if (stoppedAt === null) stoppedAt = read();
    },
    /** Goes on from where it stopped. */
    resume() {
      if (stoppedAt === null) return;
      const at = stoppedAt;
      this.start(at);
    },
    stopped: () => stoppedAt !== null,
  };
}

/**
 * Runs `frame` on every animation frame while it returns true; `schedule` starts it
 * when it is not running, `stop` ends it.
 * @param {() => boolean} frame
 */
export function createFrameLoop(frame) {
  let id = 0;
  const step = () => {
    id = 0;
    if (frame()) id = requestAnimationFrame(step);
  };
  return {
    schedule() {
      if (!id) id = requestAnimationFrame(step);
    },
    stop() {
      cancelAnimationFrame(id);
      id = 0;
    },
  };
}
