// The embedding example (www/example/), built on the engine's public package alone.

import { assert } from "./helpers.mjs";

export async function the_embedding_example_lists_legal_plays_and_plays_a_match_through_the_api({ page, baseUrl }) {
  // The engine arrives late, as on a busy machine: a click before it is ready must wait
  // (the buttons are disabled until then), not be lost to a reload of the form.
  await page.route("**/pkg/gamao_bg.wasm", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(`${baseUrl}/example/`);
  assert.ok(await page.isDisabled("#query button"), "no query before the engine is ready");
  await page.click("#query button");
  await page.waitForFunction(() => document.getElementById("result").textContent.includes("8/5 6/5"));
  assert.equal((await page.textContent("#result")).split("\n").length, 16, "16 plays for 31 at the start");
  await page.fill("#position", "nonsense");
  await page.click("#query button");
  await page.waitForSelector("#result.error");

  for (let i = 0; i < 12; i++) await page.click("#turn");
  const text = await page.textContent("#match");
  assert.match(text, /^(Deciding|GameOver|MatchOver) · White \d+ – Red \d+ · [A-Za-z0-9+/]{14}:[A-Za-z0-9+/]{12}/);
  assert.match(text, / 7 point match/);
  assert.match(text, /  1\) /, "the .mat text has the first move");
}
