// A static file server on a free localhost port, for tests that load a directory in a
// browser (ES modules and .wasm need http:, not file:).

import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import path from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".css": "text/css",
  ".wasm": "application/wasm",
};

/**
 * Serves `dir` at http://127.0.0.1:PORT/ until `close()`.
 * @returns {Promise<{url: string, close: () => Promise<void>}>}
 */
export async function serveDirectory(dir) {
  const root = path.resolve(dir);
  const server = createServer(async (request, response) => {
    const name = decodeURIComponent(new URL(request.url, "http://x").pathname);
    let file = path.join(root, name.endsWith("/") ? `${name}index.html` : name);
    if (!file.startsWith(root)) file = root; // outside the directory: answered 404 below
    try {
      const body = await readFile(file);
      response.writeHead(200, { "content-type": TYPES[path.extname(file)] || "application/octet-stream" });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
