/**
 * The page's sounds, made by Web Audio (no sound file): the dice rattling when thrown, a
 * checker put down (a sharper knock when it hits), and the timer's beep at low time.
 * Silent with the sound option off, and until the person has clicked or pressed a key
 * on the page (browsers keep audio closed until then).
 */

/** The dice's knocks: when (s), how loud, how high (Hz). */
const RATTLE = [
  [0, 0.5, 3100], [0.045, 0.42, 2500], [0.1, 0.36, 3400],
  [0.165, 0.3, 2700], [0.24, 0.22, 3000], [0.31, 0.14, 2600],
];

export function createSound() {
  let on = true;
  /** @type {AudioContext|null} */
  let audio = null;
  /** @type {AudioBuffer|null} */
  let noise = null;

  /** The audio context, once sound may play; null while it may not. */
  function context() {
    if (!on || typeof AudioContext === "undefined") return null;
    const activation = navigator.userActivation;
    if (activation && !activation.hasBeenActive) return null;
    if (!audio) {
      audio = new AudioContext();
      noise = audio.createBuffer(1, Math.round(audio.sampleRate * 0.08), audio.sampleRate);
      const samples = noise.getChannelData(0);
      for (let i = 0; i < samples.length; i++) samples[i] = Math.random() * 2 - 1;
    }
    if (audio.state === "suspended") audio.resume().catch(() => {});
    return audio;
  }

  /** A short knock of noise at `at` (s), `gain` loud, centred on `hz`, `length` s long. */
  function knock(ctx, at, gain, hz, length) {
    const source = ctx.createBufferSource();
    source.buffer = noise;
    const filter = ctx.createBiquadFilter();
    filter.type = "bandpass";
    filter.frequency.value = hz;
    filter.Q.value = 1.2;
    const level = ctx.createGain();
    level.gain.setValueAtTime(gain, at);
    level.gain.exponentialRampToValueAtTime(0.0001, at + length);
    source.connect(filter).connect(level).connect(ctx.destination);
    source.start(at);
    source.stop(at + length + 0.01);
  }

  /** A tone of `hz` at `at` (s), `gain` loud, fading over `length` s. */
  function tone(ctx, at, gain, hz, length) {
    const osc = ctx.createOscillator();
    osc.type = "sine";
    osc.frequency.value = hz;
    const level = ctx.createGain();
    level.gain.setValueAtTime(0.0001, at);
    level.gain.exponentialRampToValueAtTime(gain, at + 0.005);
    level.gain.exponentialRampToValueAtTime(0.0001, at + length);
    osc.connect(level).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + length + 0.01);
  }

  return {
    /** @param {boolean} value  the sound option */
    setOn(value) {
      on = value;
    },
    /** The dice rattling as they are thrown. */
    dice() {
      const ctx = context();
      if (!ctx) return;
      for (const [when, gain, hz] of RATTLE) knock(ctx, ctx.currentTime + when, gain, hz, 0.035);
    },
    /** A checker put down on the board; `hit`: it hit a blot. */
    checker(hit = false) {
      const ctx = context();
      if (!ctx) return;
      const now = ctx.currentTime;
      knock(ctx, now, 0.6, hit ? 1800 : 900, 0.06);
      tone(ctx, now, 0.25, hit ? 320 : 190, 0.08);
      if (hit) knock(ctx, now + 0.05, 0.4, 1400, 0.05);
    },
    /** The timer's beep, once a second at low time. */
    beep() {
      const ctx = context();
      if (!ctx) return;
      tone(ctx, ctx.currentTime, 0.2, 880, 0.15);
    },
  };
}
