// The benchmark of dev/bench.html, off the page's main thread as the computer's
// thinking is: the bear-off database built first, so that it is not timed.

import init, { benchmark, prepare } from "../pkg-worker/gamao_worker.js";

try {
  await init();
  prepare();
  self.postMessage({ ok: true, speed: benchmark() });
} catch (error) {
  self.postMessage({ ok: false, error: String(error?.message ?? error) });
}
