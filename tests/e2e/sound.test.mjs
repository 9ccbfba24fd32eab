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

/**
 * Each sound of the page rendered by Web Audio itself, offline (an OfflineAudioContext
 * stands in for the page's AudioContext): its peak, loudness and length, and the sound
 * left at its end, per 10 ms of the rendered second.
 */
async function rendered(page, baseUrl) {
  await page.goto(`${baseUrl}/dev/board.html`);
  await page.mouse.click(5, 5); // browsers keep audio closed until the person has acted
  return page.evaluate(async () => {
    const { createSound } = await import("/ui/sound.js");
    const RATE = 48000;
    const render = async (play) => {
      let offline = null;
      window.AudioContext = class extends OfflineAudioContext {
        constructor() {
          super(1, RATE, RATE);
          offline = this;
        }
      };
      play(createSound());
      const samples = (await offline.startRendering()).getChannelData(0);
      const rms = [];
      for (let i = 0; i < samples.length; i += RATE / 100) {
        const slice = samples.subarray(i, i + RATE / 100);
        rms.push(Math.sqrt(slice.reduce((sum, x) => sum + x * x, 0) / slice.length));
      }
      const heard = rms.map((r, i) => [r, i]).filter(([r]) => r > 0.003).map(([, i]) => i);
      return { peak: samples.reduce((m, x) => Math.max(m, Math.abs(x)), 0), loudest: Math.max(...rms), lastHeardMs: (heard.at(-1) + 1) * 10, firstHeardMs: heard[0] * 10 };
    };
    return {
      dice: await render((s) => s.dice()),
      checker: await render((s) => s.checker(false)),
      hit: await render((s) => s.checker(true)),
      beep: await render((s) => s.beep()),
    };
  });
}

export async function each_sound_is_heard_without_clipping_and_ends_in_silence({ page, baseUrl }) {
  const sounds = await rendered(page, baseUrl);
  const dB = (x) => (20 * Math.log10(x)).toFixed(1);
  console.log(`    ${Object.entries(sounds).map(([name, s]) => `${name}: peak ${dB(s.peak)} dBFS, ${s.firstHeardMs}–${s.lastHeardMs} ms`).join("; ")}`);
  for (const [name, s] of Object.entries(sounds)) {
    assert.ok(s.peak < 0.9, `${name} does not clip (peak ${s.peak.toFixed(3)})`);
    assert.ok(s.loudest > 0.02, `${name} is heard (loudest 10 ms at ${s.loudest.toFixed(3)} rms)`);
    assert.equal(s.firstHeardMs, 0, `${name} starts at once`);
  }
  // The dice rattle over about a third of a second; a checker and the beep are short.
  assert.ok(sounds.dice.lastHeardMs >= 250 && sounds.dice.lastHeardMs <= 450, `the rattle's length: ${sounds.dice.lastHeardMs} ms`);
  for (const name of ["checker", "hit", "beep"]) assert.ok(sounds[name].lastHeardMs <= 200, `${name} is short: ${sounds[name].lastHeardMs} ms`);
  // The beep, once a second at low time, is over well before the next.
  assert.ok(sounds.beep.lastHeardMs < 500);
}
