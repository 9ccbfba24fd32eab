// A static server for the Firefox tests: Python's http.server on a free localhost port.

import { spawn } from "node:child_process";
import { freePort, sleep } from "./webdriver.mjs";

/** Serves `dir` and resolves, once it answers, to `{ url, stop }` (`stop` resolves when it has exited). */
export async function serve(dir) {
  const port = await freePort();
  const server = spawn("python3", ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", dir], { stdio: "ignore" });
  const exited = new Promise((resolve) => server.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/index.html`)).ok) break;
    } catch {
      if (i === 100) throw new Error(`the server at ${url} did not start`);
    }
    await sleep(100);
  }
  return { url, stop: () => { server.kill(); return exited; } };
}
