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

/** Pixels (RGBA bytes) of a page-pixel rectangle of the board canvas. */
export async function canvasPixels(page, box) {
  return page.evaluate(({ x, y, width, height }) => {
    const canvas = document.querySelector(".gb-canvas");
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
