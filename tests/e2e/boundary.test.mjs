// The engine's exports in headless Chromium: random values of every type at every
// export make no trap (the same fuzz as tests/js/boundary.test.mjs in Node).

import { assert } from "./helpers.mjs";
import { fuzzBoundary } from "../js/boundary_fuzz.mjs";

export async function random_values_at_every_export_make_no_trap_in_chromium({ page, baseUrl }) {
  await page.goto(`${baseUrl}/example/`);
  const result = await page.evaluate(async (source) => {
    const engine = await import("/pkg/gamao.js");
    await engine.default();
    const worker = await import("/pkg-worker/gamao_worker.js");
    await worker.default();
    const fuzz = new Function(`return (${source})`)();
    return fuzz(engine, worker, { rounds: 3000, seed: 77 });
  }, fuzzBoundary.toString());
  assert.deepEqual(result.traps, []);
  assert.ok(result.refused > 1000, `only ${result.refused} refusals`);
  assert.ok(result.answered > 100, `only ${result.answered} answers`);
}
