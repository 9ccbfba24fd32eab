// The page's sounds (www/ui/sound.js), heard through a stand-in for Web Audio that writes
// down every sound started: the dice rattle at a roll, a knock when a checker is put
// down, silence with the sound option off. Seed 45: White opens with 3-1.

import { openGame, andWait, checkerAt, assert } from "./helpers.mjs";

/** Replaces Web Audio, before any script runs, by one that records what starts. */
async function recordSounds(context) {
  await context.addInitScript(() => {
    window.soundsStarted = [];
    const param = () => ({ value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} });
    const node = (kind) => ({
      frequency: param(), Q: param(), gain: param(), type: "", buffer: null,
      connect: (next) => next,
      start: (at) => window.soundsStarted.push({ kind, at }),
      stop() {},
    });
    window.AudioContext = class {
      currentTime = 0;
      sampleRate = 48000;
      state = "running";
      destination = {};
      createBuffer(channels, length) { return { getChannelData: () => new Float32Array(length) }; }
      createBufferSource() { return node("knock"); }
      createBiquadFilter() { return node("filter"); }
      createGain() { return node("gain"); }
      createOscillator() { return node("tone"); }
      resume() { return Promise.resolve(); }
    };
  });
}

const heard = (page) => page.evaluate(() => window.soundsStarted.map((s) => s.kind));

export async function a_roll_rattles_and_a_checker_put_down_knocks({ page, context, baseUrl }) {
  await recordSounds(context);
  await openGame(page, baseUrl, { seed: 45 });
  assert.deepEqual(await heard(page), [], "nothing plays before the person does anything");
  await andWait(page, () => page.click('[data-control="roll"]'));
  const rattle = await heard(page);
  assert.ok(rattle.length >= 5 && rattle.every((kind) => kind === "knock"), `the dice rattle: ${rattle}`);
  const at = await checkerAt(page, 8);
  await andWait(page, () => page.mouse.click(at.x, at.y));
  await page.waitForFunction((n) => window.soundsStarted.length > n, rattle.length);
  const put = (await heard(page)).slice(rattle.length);
  assert.deepEqual([...new Set(put)].sort(), ["knock", "tone"], `a checker put down knocks: ${put}`);
}

export async function with_the_sound_option_off_nothing_plays({ page, context, baseUrl }) {
  await recordSounds(context);
  await context.addInitScript(() => localStorage.setItem("gamao.options", JSON.stringify({ sound: false })));
  await openGame(page, baseUrl, { seed: 45 });
  await andWait(page, () => page.click('[data-control="roll"]'));
  const at = await checkerAt(page, 8);
  await andWait(page, () => page.mouse.click(at.x, at.y));
  await page.waitForTimeout(600);
  assert.deepEqual(await heard(page), [], "silent");
}
