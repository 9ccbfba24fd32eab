// Helpers shared by the e2e tests of the development page (www/dev/board.html).

import assert from "node:assert/strict";

/** Opens the dev page on a scenario and waits for the board's first frame. */
export async function openDev(page, baseUrl, scenario = "opening", lang = "en") {
  await page.goto(`${baseUrl}/dev/board.html?scenario=${scenario}&lang=${lang}`);
  await page.waitForFunction(() => window.dev && document.querySelector(".gb-canvas").width > 1);
  await nextFrame(page);
}

/** Waits until two animation frames have been painted. */
export async function nextFrame(page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** The centre (page pixels) of a keyboard element: data-point 1–24 (viewer's view), bar, off, dice. */
export async function spot(page, dataPoint) {
  const box = await page.locator(`.gb-spot[data-point="${dataPoint}"]`).boundingBox();
  assert.ok(box, `no element for data-point ${dataPoint}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, box };
}

/** Board events recorded by the dev page since `from`. */
export async function events(page, from = 0) {
  return (await page.evaluate(() => window.devEvents)).slice(from);
}

export async function eventCount(page) {
  return page.evaluate(() => window.devEvents.length);
}

/** Pixels (RGBA bytes) of a page-pixel rectangle of the board canvas (in <gamao-board> on the game page). */
export async function canvasPixels(page, box) {
  return page.evaluate(({ x, y, width, height }) => {
    const canvas = (document.querySelector("gamao-board")?.shadowRoot ?? document).querySelector(".gb-canvas");
    const r = canvas.getBoundingClientRect();
    const k = canvas.width / r.width;
    const ctx = canvas.getContext("2d");
    const data = ctx.getImageData(Math.round((x - r.left) * k), Math.round((y - r.top) * k), Math.max(1, Math.round(width * k)), Math.max(1, Math.round(height * k))).data;
    return Array.from(data);
  }, box);
}

/** How many bytes differ between two pixel arrays. */
export function difference(a, b) {
  let n = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (Math.abs(a[i] - b[i]) > 8) n++;
  return n;
}

export { assert };

// ——— the game page (www/index.html) ———

/**
 * Opens the game page with test-only URL hooks ({seed, clockRate, position, match}) and
 * waits for the engine's first view and the board's first frame.
 */
export async function openGame(page, baseUrl, hooks = {}) {
  const query = new URLSearchParams(Object.entries(hooks).map(([k, v]) => [k, String(v)])).toString();
  await page.goto(`${baseUrl}/${query ? `?${query}` : ""}`);
  await page.waitForFunction(() => window.gamao && window.gamao.view() && document.querySelector("gamao-board").shadowRoot.querySelector(".gb-canvas").width > 1);
  await nextFrame(page);
}

/** The engine's view of the match (read-only, through window.gamao). */
export function view(page) {
  return page.evaluate(() => window.gamao.view());
}

/** The kind of a phase: "OpeningRoll", "Moving", "GameOver" … */
export function phaseOf(v) {
  return v.phase.kind;
}

/** A short fingerprint of the match, to wait for the next change (a function run in the page). */
export const fingerprint = () => {
  const v = window.gamao.view();
  // The actions recorded: an opening roll tied again with the same dice changes nothing else.
  const actions = JSON.parse(window.gamao.save()).history.length;
  return JSON.stringify([actions, v.phase, v.position_id, v.steps_made.length, v.dice, v.opening_roll, v.cube, v.game_number, v.score, v.declined_resignation]);
};

/** The text of the board's live region (a function run in the page). */
const liveText = () => document.querySelector("gamao-board").shadowRoot.querySelector(".gb-live").textContent;

/**
 * Starts keeping everything the board's live region says, in order (`window.liveSaid`),
 * so that a failed {@link liveSays} can tell what was said instead.
 */
export async function recordLive(page) {
  await page.evaluate(() => {
    const live = document.querySelector("gamao-board").shadowRoot.querySelector(".gb-live");
    window.liveSaid = [];
    new MutationObserver(() => window.liveSaid.push(`${Math.round(performance.now())} ms: ${live.textContent}`))
      .observe(live, { childList: true, characterData: true, subtree: true });
  });
}

/**
 * Waits until the board's live region says `text` as its last sentence: alone, or after
 * sentences announced just before it, which the board says together ("Point 13 picked
 * up; choose where to move it. 13 to 8" when the move comes before the pick's 30 ms
 * announcement delay has run out, as when the page's timers run late on a busy
 * machine); failing, tells what it says and (after {@link recordLive}) everything it
 * said, with when.
 */
export async function liveSays(page, text, timeout = 3000) {
  try {
    await page.waitForFunction(({ code, text }) => {
      const said = new Function(`return (${code})()`)();
      return said === text || said.endsWith(`. ${text}`);
    }, { code: liveText.toString(), text }, { timeout });
  } catch (error) {
    const { now, said, at } = await page.evaluate((code) => ({
      now: new Function(`return (${code})()`)(), said: window.liveSaid || null, at: Math.round(performance.now()),
    }), liveText.toString());
    throw new Error(`the live region never said ${JSON.stringify(text)} in ${timeout} ms: at ${at} ms it says ` +
      `${JSON.stringify(now)}; it said ${JSON.stringify(said)} (${error.message.split("\n")[0]})`);
  }
}

/** Runs `doIt` and waits until the match has changed because of it. */
export async function andWait(page, doIt) {
  const before = await page.evaluate(fingerprint);
  await doIt();
  await page.waitForFunction(({ before, code }) => new Function(`return (${code})()`)() !== before, { before, code: fingerprint.toString() });
  await nextFrame(page);
}

/**
 * Where a checker on an absolute point (25: the bar) can be grabbed, in viewport pixels:
 * 20 pixels in from the end of the point its checkers stack from (a function run in the
 * page, by Playwright here and by WebDriver in the Firefox suite).
 */
export const grabPoint = (point) => {
  const host = document.querySelector("gamao-board");
  const root = host && host.shadowRoot ? host.shadowRoot : document;
  const spot = root.querySelector(`.gb-spot[data-abs="${point === 25 ? "bar" : point}"]`);
  if (!spot) throw new Error(`no spot for point ${point}`);
  const canvas = root.querySelector(".gb-canvas").getBoundingClientRect();
  const r = spot.getBoundingClientRect();
  const x = r.left + r.width / 2;
  if (point === 25) return { x, y: r.top + r.height / 2 };
  return { x, y: r.top + r.height / 2 > canvas.top + canvas.height / 2 ? r.bottom - 20 : r.top + 20 };
};

/** Viewport pixel where a checker on an absolute point (25: the bar) can be grabbed. */
export function checkerAt(page, point) {
  return page.evaluate(grabPoint, point);
}

/** Drags the top checker of `from` to `to` (absolute points; "off" allowed) with the mouse. */
export async function drag(page, from, to, { hold } = {}) {
  const a = await checkerAt(page, from);
  const b = to === "off" ? await spot(page, "off") : await checkerAt(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + 10, a.y + 10, { steps: 3 });
  await page.mouse.move(b.x, b.y, { steps: 8 });
  if (hold) await hold();
  await page.mouse.up();
}

/** Presses Tab until the focused element (inside a shadow root too) matches `selector`. */
export async function tabTo(page, selector, limit = 80) {
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate((s) => {
      let focused = document.activeElement;
      while (focused && focused.shadowRoot && focused.shadowRoot.activeElement) focused = focused.shadowRoot.activeElement;
      return focused && focused.matches(s);
    }, selector)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Clicks a dialog's button once the dialog is open. */
export async function answer(page, dialog, action) {
  const button = page.locator(`[data-dialog="${dialog}"] [data-action="${action}"]`);
  await button.waitFor();
  await button.click();
}

/**
 * What a person clicks to move the match on in `v`, for both browsers' suites:
 * `{selector}` (Roll, End turn, or Accept for an offer to resign) or `{checker}` (the
 * absolute point of the first checker that can move); fails on any other phase.
 */
export function nextClick(v) {
  const phase = phaseOf(v);
  if (phase === "OpeningRoll" || phase === "Deciding") return { selector: '[data-control="roll"]' };
  if (phase === "TurnComplete") return { selector: '[data-control="endTurn"]' };
  if (phase === "Moving") return { checker: v.destinations[0].from };
  if (phase === "ResignationOffered") return { selector: 'dialog[data-dialog="resignAnswer"] [data-action="accept"]' };
  return assert.fail(`no click moves the match on in ${phase}`);
}

/** Clicks what moves the match on in `v` (`nextClick`) and waits until it has. */
export async function stepTheMatch(page, v) {
  const click = nextClick(v);
  if (click.selector) return andWait(page, () => page.click(click.selector));
  const at = await checkerAt(page, click.checker);
  await andWait(page, () => page.mouse.click(at.x, at.y));
}

/**
 * Plays one whole turn of whoever is to roll (the opening roll included) with the Roll
 * button and checker clicks, until the other side is to roll or double.
 */
export async function playTurn(page) {
  let rolled = false;
  for (let i = 0; i < 40; i++) {
    const v = await view(page);
    const phase = phaseOf(v);
    if (rolled && phase === "Deciding") return v;
    if (!["OpeningRoll", "Deciding", "Moving", "TurnComplete"].includes(phase)) throw new Error(`playTurn: unexpected phase ${phase}`);
    if (phase !== "Moving") rolled = true;
    await stepTheMatch(page, v);
  }
  throw new Error("playTurn: the turn did not end");
}

/** Opens the matches menu and clicks one of its actions ("export", "import", "replay:0" …). */
export async function matchesMenu(page, action) {
  await page.click('[data-control="matches"]');
  await answer(page, "matches", action);
}

/**
 * The port a server `child`, started on port 0, reports it is listening on in its output
 * (`pattern`'s first group). A port chosen before the server binds it could be taken in
 * between by another suite on the same machine; one the server chose cannot.
 */
export function reportedPort(child, pattern, what, ms = 10000) {
  const streams = [child.stdout, child.stderr].filter(Boolean);
  return new Promise((resolve, reject) => {
    let output = "";
    const done = (error, port) => {
      clearTimeout(timer);
      child.off("exit", exited);
      for (const stream of streams) stream.off("data", read).resume();
      if (error) reject(error);
      else resolve(port);
    };
    const read = (chunk) => {
      output += chunk;
      const found = output.match(pattern);
      if (found) done(null, Number(found[1]));
    };
    const exited = (code) => done(new Error(`${what} exited (${code}) before it listened: ${output}`));
    const timer = setTimeout(() => done(new Error(`timed out: ${what} named no port: ${output}`)), ms);
    for (const stream of streams) stream.on("data", read);
    child.on("exit", exited);
  });
}

/**
 * Serves the folder `root` on its own free port (a server a test may stop); resolves,
 * once it answers, to {url, stop}, `stop` resolving when the server has exited.
 */
export async function startServer(root) {
  const { spawn } = await import("node:child_process");
  // Unbuffered (-u), so that the line naming the port it chose arrives at once.
  const server = spawn("python3", ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", root], { stdio: ["ignore", "pipe", "pipe"] });
  const stopped = new Promise((resolve) => server.on("exit", resolve));
  const port = await reportedPort(server, /Serving HTTP on 127\.0\.0\.1 port (\d+)/, "the page's server");
  const url = `http://127.0.0.1:${port}`;
  await until(async () => {
    try {
      return (await fetch(`${url}/index.html`)).ok;
    } catch {
      return false; // not listening yet
    }
  }, `the server at ${url}`, 10000);
  return { url, stop: () => { server.kill(); return stopped; } };
}

/** Polls `check` (async) every 100 ms until it is true; fails with `what` (or what it returns) after `ms`. */
export async function until(check, what, ms = 20000) {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    if (await check()) return;
  }
  throw new Error(`timed out: ${typeof what === "function" ? what() : what}`);
}

/** Saves a screenshot of the page in the suite's output (test-results/NAME.png). */
export async function screenshot(page, artifacts, name) {
  const { join } = await import("node:path");
  await nextFrame(page);
  await page.screenshot({ path: join(artifacts, `${name}.png`) });
}

/** New-match settings with the time bank (5 points, two people). */
export const TIME_BANK = { opponent: "person", level: "intermediate", matchLength: 5, preset: "time-bank", rules: null };

/** Makes the game page start its matches with `settings`, as a returning player's last choice. */
export async function startWith(context, settings) {
  await context.addInitScript((s) => localStorage.setItem("gamao.newMatch", s), JSON.stringify(settings));
}

/** Fills the page's storage to the last character with another page's keys ("other:N"). */
export const fillStorage = (page) => page.evaluate(() => {
  let n = 0;
  for (let size = 1 << 20; size >= 1; size >>= 1) {
    const chunk = "x".repeat(size);
    for (;;) {
      try {
        localStorage.setItem(`other:${n}`, chunk);
        n++;
      } catch {
        break;
      }
    }
  }
});
