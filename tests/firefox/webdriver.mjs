// A small W3C WebDriver client for geckodriver: headless Firefox driven with real pointer
// input, enough for the page tests beside it (no npm package: geckodriver speaks plain
// HTTP and JSON, and WebDriver BiDi over a WebSocket for a phone-sized viewport).

import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { reportedPort } from "../e2e/helpers.mjs";

/**
 * Starts geckodriver and one headless Firefox session of `width` × `height` (Firefox's
 * window; it keeps at least 500 pixels of width, and `viewport()` sets a smaller one).
 * Firefox's own output is kept: the uncaught script errors it reports ("JavaScript
 * error: …") are read back by `scriptErrors(origin)`.
 */
export async function startFirefox({ width = 1280, height = 800 } = {}) {
  // Firefox writes its profile under HOME: a fresh one per run.
  const home = await mkdtemp(path.join(tmpdir(), "gamao-firefox-"));
  // Port 0: geckodriver binds a free port itself and names it.
  const driver = spawn("geckodriver", ["--port", "0", "--websocket-port", "0"], { env: { ...process.env, HOME: home }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  for (const stream of [driver.stdout, driver.stderr]) stream.on("data", (chunk) => (output += chunk));
  driver.on("error", (e) => (output += `\ngeckodriver: ${e.message}`));
  let base = "";

  /** One WebDriver command; a WebDriver error is thrown with its message. */
  async function command(method, route, body) {
    const response = await fetch(`${base}${route}`, { method, headers: { "content-type": "application/json" }, body: body && JSON.stringify(body) });
    const { value } = await response.json();
    if (value && value.error) throw new Error(`WebDriver ${route}: ${value.error}: ${value.message}`);
    return value;
  }

  /** Stops geckodriver (and its Firefox) and removes the HOME it was given. */
  async function stop() {
    const running = driver.exitCode === null && driver.signalCode === null;
    const exited = running ? new Promise((resolve) => driver.once("exit", resolve)) : null;
    driver.kill();
    await exited;
    await rm(home, { recursive: true, force: true });
  }

  /** Real pointer input of `kind` ("mouse" or "touch"): `steps` are its WebDriver actions. */
  const pointer = (kind, steps) => command("POST", `${session}/actions`, {
    actions: [{ type: "pointer", id: kind, parameters: { pointerType: kind }, actions: steps }],
  });
  const mouse = (steps) => pointer("mouse", steps);
  const touch = (steps) => pointer("touch", steps);
  const press = { type: "pointerDown", button: 0 };
  const release = { type: "pointerUp", button: 0 };
  /** A pointer move to a point of the viewport, in `ms`. */
  const moveTo = ({ x, y }, ms = 0) => ({ type: "pointerMove", duration: ms, x: Math.round(x), y: Math.round(y) });

  let session;
  let bidiUrl;
  try {
    base = `http://127.0.0.1:${await reportedPort(driver, /Listening on 127\.0\.0\.1:(\d+)/, "geckodriver")}`;
    for (let i = 0; ; i++) {
      try {
        await fetch(`${base}/status`);
        break;
      } catch (e) {
        if (i === 100) throw new Error(`geckodriver did not start: ${e}${output}`);
        await sleep(100);
      }
    }
    const { sessionId, capabilities } = await command("POST", "/session", {
      capabilities: { alwaysMatch: { browserName: "firefox", webSocketUrl: true, "moz:firefoxOptions": { args: ["-headless"] } } },
    });
    session = `/session/${sessionId}`;
    bidiUrl = capabilities.webSocketUrl;
    await command("POST", `${session}/window/rect`, { width, height });
  } catch (e) {
    await stop();
    throw e;
  }

  return {
    /** Opens `url` and waits for its load event. */
    goto: (url) => command("POST", `${session}/url`, { url }),
    /** Runs `body` (a function body; `arguments` are `args`) in the page and returns its result. */
    run: (body, ...args) => command("POST", `${session}/execute/sync`, { script: body, args }),
    /** A real mouse click at a point of the viewport (CSS pixels). */
    click: (x, y) => mouse([moveTo({ x, y }), press, release]),
    /** A real mouse drag from one point of the viewport to another, in small moves. */
    drag: (from, to) => mouse([moveTo(from), press, moveTo({ x: from.x + 10, y: from.y + 10 }, 50), moveTo(to, 200), release]),
    /** A finger's tap at a point of the viewport (touch and pointer events, as on a phone). */
    tap: (x, y) => touch([moveTo({ x, y }), press, release]),
    /** A finger held `ms` milliseconds on a point of the viewport. */
    longPress: (x, y, ms) => touch([moveTo({ x, y }), press, { type: "pause", duration: ms }, release]),
    /** A finger sliding from one point of the viewport to another. */
    swipe: (from, to) => touch([moveTo(from), press, moveTo({ x: from.x + 12, y: from.y + 12 }, 50), moveTo(to, 200), release]),
    /**
     * Gives the page a viewport of `width` × `height` CSS pixels at `pixelRatio` device
     * pixels each, as a phone's screen (WebDriver BiDi's `browsingContext.setViewport`,
     * which is not held to the window's 500 pixels).
     */
    async viewport(width, height, pixelRatio) {
      const socket = new WebSocket(bidiUrl);
      await new Promise((resolve, reject) => {
        socket.addEventListener("open", resolve);
        socket.addEventListener("error", () => reject(new Error(`WebDriver BiDi: no connection to ${bidiUrl}`)));
      });
      let id = 0;
      const bidi = (method, params) => new Promise((resolve, reject) => {
        const asked = ++id;
        const listener = (event) => {
          const message = JSON.parse(event.data);
          if (message.id !== asked) return;
          socket.removeEventListener("message", listener);
          if (message.type === "error") reject(new Error(`WebDriver BiDi ${method}: ${message.error}: ${message.message}`));
          else resolve(message.result);
        };
        socket.addEventListener("message", listener);
        socket.send(JSON.stringify({ id: asked, method, params }));
      });
      try {
        const { contexts: [{ context }] } = await bidi("browsingContext.getTree", {});
        await bidi("browsingContext.setViewport", { context, viewport: { width, height }, devicePixelRatio: pixelRatio });
      } finally {
        socket.close();
      }
    },
    /** Uncaught script errors (and rejections) Firefox has reported so far from pages of `origin`. */
    scriptErrors: (origin) => output.split("\n").filter((line) => line.includes("JavaScript error:") && line.includes(origin)),
    /** Ends the session and geckodriver, and removes the HOME it was given. */
    async quit() {
      await command("DELETE", session).catch(() => {});
      await stop();
    },
  };
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
