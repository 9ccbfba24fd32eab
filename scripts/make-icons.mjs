// Draws the app icons' PNG sizes from www/icons/icon.svg with Debian's headless Chromium
// (playwright-core, as the end-to-end tests use it), then recompresses them losslessly with
// Debian's optipng (apt-get install optipng; about 8 KB less for the page to download). The
// PNGs are committed: run this only after changing the SVG.   node scripts/make-icons.mjs
import { spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { chromium } from "playwright-core";

const icons = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../www/icons");
const svg = await readFile(path.join(icons, "icon.svg"), "utf8");
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
    await page.screenshot({ path: path.join(icons, `icon-${size}.png`), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
const pngs = [192, 512].map((size) => path.join(icons, `icon-${size}.png`));
const optipng = spawnSync("optipng", ["-o7", "-strip", "all", "-quiet", ...pngs], { stdio: "inherit" });
if (optipng.error || optipng.status !== 0) {
  console.error("make-icons: optipng failed or is missing (apt-get install optipng): the PNGs are left as drawn");
  process.exit(1);
}
