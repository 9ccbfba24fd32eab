// The engine's speed in the browser (issue 12): dev/bench.html runs the worker module's
// benchmark(), the same seeded measures as `gamao bench eval` natively, in a Web Worker.
// The figures are printed for the README; the test checks the page ran the whole set.

import { assert, screenshot } from "./helpers.mjs";

export async function the_worker_module_times_the_evaluator_and_the_decisions({ page, baseUrl, artifacts }) {
  await page.goto(`${baseUrl}/dev/bench.html`);
  const speed = await page.evaluate(() => window.benchmark);
  console.log(`    in Chromium: ${(speed.evaluations_per_second / 1e6).toFixed(2)} M evaluations/s one at a time; ` +
    `contact ${(speed.contact_per_second / 1e6).toFixed(2)} M/s, plain ${(speed.plain_contact_per_second / 1e6).toFixed(2)} M/s; ` +
    `roll batch ${(speed.batch_per_second / 1e6).toFixed(2)} M/s; 0-ply decision ${speed.zero_ply_decision_us.toFixed(1)} µs; ` +
    `expert decision ${speed.expert_decision_ms.toFixed(1)} ms (checksum ${speed.checksum.toFixed(1)})`);
  assert.equal(speed.positions, 10000);
  assert.equal(speed.runs, 7);
  assert.equal(speed.expert_decisions, 200);
  assert.ok(speed.contact_positions > 5000 && speed.contact_positions < speed.positions, "contact positions are most of a random game's");
  assert.ok(speed.batch_plays > speed.positions, "a roll has several plays on average");
  for (const key of ["evaluations_per_second", "contact_per_second", "plain_contact_per_second", "batch_per_second", "zero_ply_decision_us", "expert_decision_ms"]) {
    assert.ok(Number.isFinite(speed[key]) && speed[key] > 0, `${key} is measured`);
  }
  await page.locator("#figures").waitFor();
  assert.equal(await page.locator("#figures tr").count(), 6);
  await screenshot(page, artifacts, "bench");
}
