// The board on the development page: rendering, every input path, layouts.

import { openDev, nextFrame, spot, events, eventCount, canvasPixels, difference, assert } from "./helpers.mjs";

export async function board_renders_a_non_blank_canvas({ page, baseUrl }) {
  await openDev(page, baseUrl, "opening");
  const colours = await page.evaluate(() => {
    const c = document.querySelector(".gb-canvas");
    const data = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    const seen = new Set();
    for (let i = 0; i < data.length; i += 4 * 97) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    return seen.size;
  });
  assert.ok(colours > 50, `only ${colours} colours drawn`);
}

export async function dragging_a_checker_highlights_its_destinations_and_drops_a_move({ page, baseUrl }) {
  await openDev(page, baseUrl, "playing");
  const from = await spot(page, "13");
  const to = await spot(page, "9");
  const target = { x: to.box.x, y: to.box.y + to.box.height - to.box.width, width: to.box.width, height: to.box.width };
  const before = await canvasPixels(page, target);
  const start = await eventCount(page);

  await page.mouse.move(from.x, from.box.y + 20);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.box.y + 120, { steps: 4 });
  await page.mouse.move(to.x, to.box.y + to.box.height - 40, { steps: 6 });
  await nextFrame(page);
  const during = await canvasPixels(page, target);
  assert.ok(difference(before, during) > 200, "destination 9 is not highlighted while dragging");
  for (const other of ["10", "11"]) {
    const o = await spot(page, other);
    const box = { x: o.box.x, y: o.box.y + o.box.height - o.box.width, width: o.box.width, height: o.box.width };
    assert.ok(difference(await canvasPixels(page, box), before) < difference(during, before), `point ${other} looks highlighted`);
  }
  await page.mouse.up();

  const log = await events(page, start);
  assert.deepEqual(log.find((e) => e.name === "select").payload, { from: 13 });
  assert.deepEqual(log.filter((e) => e.name === "move").map((e) => e.payload), [{ from: 13, to: 9 }]);
}

export async function an_illegal_drop_emits_a_move_and_snaps_back_with_an_explanation({ page, baseUrl }) {
  await openDev(page, baseUrl, "playing");
  const from = await spot(page, "6");
  const to = await spot(page, "4");
  const start = await eventCount(page);
  await page.mouse.move(from.x, from.box.y + from.box.height - 20);
  await page.mouse.down();
  await page.mouse.move(to.x, to.box.y + to.box.height - 30, { steps: 8 });
  await page.mouse.up();
  const log = await events(page, start);
  assert.deepEqual(log.filter((e) => e.name === "move").map((e) => e.payload), [{ from: 6, to: 4 }]);
  await page.waitForSelector(".gb-toast.gb-toast-on");
  assert.equal(await page.textContent(".gb-toast"), "That move is not legal");
  const state = await page.evaluate(() => window.dev.board.state().checkers.points);
  assert.equal(state[6], 4, "the board changed by itself");
}

export async function a_click_without_drag_emits_checker_click({ page, baseUrl }) {
  await openDev(page, baseUrl, "playing");
  const from = await spot(page, "8");
  const start = await eventCount(page);
  await page.mouse.click(from.x, from.box.y + from.box.height - 20);
  const log = await events(page, start);
  assert.deepEqual(log.filter((e) => e.name === "checkerClick").map((e) => e.payload), [{ from: 8 }]);
  assert.equal(log.filter((e) => e.name === "move").length, 0);
}

export async function right_click_on_a_point_emits_point_context({ page, baseUrl }) {
  await openDev(page, baseUrl, "playing");
  const p = await spot(page, "4");
  const start = await eventCount(page);
  await page.mouse.click(p.x, p.y, { button: "right" });
  const log = await events(page, start);
  assert.deepEqual(log.filter((e) => e.name === "pointContext").map((e) => e.payload), [{ point: 4 }]);
}

export async function a_long_press_on_a_touch_screen_emits_point_context({ page, baseUrl }) {
  await openDev(page, baseUrl, "playing");
  const p = await spot(page, "3");
  const start = await eventCount(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: p.x, y: p.y }] });
  await page.waitForTimeout(650);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  const log = await events(page, start);
  assert.deepEqual(log.filter((e) => e.name === "pointContext").map((e) => e.payload), [{ point: 3 }]);
}

export async function clicking_the_dice_area_emits_dice_click({ page, baseUrl }) {
  await openDev(page, baseUrl, "cube");
  const dice = await spot(page, "dice");
  const start = await eventCount(page);
  await page.mouse.click(dice.x, dice.y);
  const log = await events(page, start);
  assert.deepEqual(log.filter((e) => e.name === "diceClick").map((e) => e.payload), [{ side: "white" }]);
  const state = await page.evaluate(() => window.dev.board.state().dice);
  assert.deepEqual(state.white.values, [3, 1], "the dev adapter did not roll");
}

export async function keyboard_selects_a_source_then_a_target_and_emits_a_move({ page, baseUrl }) {
  await openDev(page, baseUrl, "playing");
  const start = await eventCount(page);
  await page.focus('.gb-spot[data-point="13"]');
  assert.match(await page.getAttribute('.gb-spot[data-point="13"]', "aria-label"), /^Point 13, 4 white checkers$/);
  await page.keyboard.press("Enter");
  assert.match(await page.getAttribute('.gb-spot[data-point="9"]', "aria-label"), /legal target/);
  await page.keyboard.press("ArrowDown");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.point), "12");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.point), "9");
  await page.keyboard.press(" ");
  const log = await events(page, start);
  assert.deepEqual(log.find((e) => e.name === "select").payload, { from: 13 });
  assert.deepEqual(log.filter((e) => e.name === "move").map((e) => e.payload), [{ from: 13, to: 9 }]);
}

export async function escape_cancels_a_keyboard_selection({ page, baseUrl }) {
  await openDev(page, baseUrl, "playing");
  const start = await eventCount(page);
  await page.focus('.gb-spot[data-point="6"]');
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  const log = await events(page, start);
  assert.deepEqual(log.filter((e) => e.name === "select").map((e) => e.payload), [{ from: 6 }, { from: null }]);
  assert.equal(await page.evaluate(() => window.dev.board.state().selected), null);
}

export async function the_bar_and_bearing_off_are_sources_and_targets({ page, baseUrl }) {
  await openDev(page, baseUrl, "bar");
  let start = await eventCount(page);
  const bar = await spot(page, "bar");
  const to = await spot(page, "22");
  await page.mouse.move(bar.x, bar.box.y + bar.box.height * 0.4);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await page.mouse.up();
  assert.deepEqual((await events(page, start)).filter((e) => e.name === "move").map((e) => e.payload), [{ from: "bar", to: 22 }]);

  await page.evaluate(() => window.dev.load("bearoff"));
  start = await eventCount(page);
  const five = await spot(page, "5");
  const off = await spot(page, "off");
  await page.mouse.move(five.x, five.box.y + five.box.height - 20);
  await page.mouse.down();
  await page.mouse.move(off.x, off.y, { steps: 6 });
  await page.mouse.up();
  assert.deepEqual((await events(page, start)).filter((e) => e.name === "move").map((e) => e.payload), [{ from: 5, to: "off" }]);
}

export async function red_viewer_numbers_points_from_reds_side({ page, baseUrl }) {
  await openDev(page, baseUrl, "red");
  assert.equal(await page.getAttribute('.gb-spot[data-point="1"]', "data-abs"), "24");
  assert.match(await page.getAttribute('.gb-spot[data-point="24"]', "aria-label"), /^Point 24, 2 red checkers$/);
  const one = await spot(page, "1");
  const canvas = await page.locator(".gb-canvas").boundingBox();
  assert.ok(one.x > canvas.x + canvas.width / 2 && one.y > canvas.y + canvas.height / 2, "red's 1-point is not bottom right");
}

export async function the_flip_option_mirrors_the_layout({ page, baseUrl, artifacts }) {
  await openDev(page, baseUrl, "playing");
  const canvas = await page.locator(".gb-canvas").boundingBox();
  const centre = canvas.x + canvas.width / 2;
  const before = await spot(page, "1");
  await page.evaluate(() => window.dev.options.set({ flip: true }));
  await nextFrame(page);
  const after = await spot(page, "1");
  assert.equal(await page.evaluate(() => window.dev.board.state().homeSide), "left");
  assert.ok(before.x > centre && after.x < centre, "the home board did not move to the left");
  assert.ok(Math.abs((before.x - centre) + (after.x - centre)) < 2, "not a mirror image");
  assert.equal(Math.round(before.y), Math.round(after.y));
  await page.screenshot({ path: `${artifacts}/flipped-1280x800.png` });
}

export async function wide_screenshot_landscape({ page, baseUrl, artifacts }) {
  await openDev(page, baseUrl, "playing");
  assert.equal(await page.getAttribute(".gb-board", "data-orientation"), "landscape");
  await page.screenshot({ path: `${artifacts}/wide-1280x800.png` });
}

export async function phone_viewport_uses_the_portrait_layout_with_the_bar_at_the_bottom({ page, baseUrl, artifacts }) {
  await page.setViewportSize({ width: 390, height: 844 });
  await openDev(page, baseUrl, "bar");
  assert.equal(await page.getAttribute(".gb-board", "data-orientation"), "portrait");
  const bar = await spot(page, "bar");
  const one = await spot(page, "1");
  const twelve = await spot(page, "12");
  const thirteen = await spot(page, "13");
  assert.ok(bar.box.y >= one.box.y + one.box.height - 1, "the bar is not below the points");
  assert.ok(bar.box.width > bar.box.height * 4, "the bar does not run along the bottom");
  assert.ok(one.x > twelve.x && thirteen.y < twelve.y, "points are not arranged home-bottom-right");
  assert.ok(one.box.width >= 26, `points are ${one.box.width}px wide: too narrow for a finger`);
  await page.screenshot({ path: `${artifacts}/narrow-390x844.png` });
}

export async function simple_graphics_screenshot({ page, baseUrl, artifacts }) {
  await openDev(page, baseUrl, "bearoff");
  await page.evaluate(() => window.dev.options.set({ simpleGraphics: true }));
  await nextFrame(page);
  assert.ok(await page.evaluate(() => document.body.classList.contains("simple-graphics")));
  await page.screenshot({ path: `${artifacts}/simple-graphics-1280x800.png` });
}

export async function a_set_with_animate_flies_the_checker({ page, baseUrl }) {
  await openDev(page, baseUrl, "playing");
  const flying = await page.evaluate(async () => {
    const b = window.dev.board;
    const s = b.state();
    const c = structuredClone(s.checkers);
    c.points[13] -= 1;
    c.points[9] += 1;
    b.set({ checkers: c, animationMs: 400 }, { animate: [{ side: "white", from: 13, to: 9 }] });
    await new Promise((r) => setTimeout(r, 120));
    return b.state().checkers.points[9];
  });
  assert.equal(flying, 1);
}

export async function dice_rolled_are_thrown_and_come_to_rest_on_their_faces({ page, baseUrl, artifacts }) {
  await openDev(page, baseUrl, "playing");
  const seen = await page.evaluate(async () => {
    const b = window.dev.board;
    const canvas = document.querySelector(".gb-canvas");
    const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const pixels = () => canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    const differ = (a, b) => a.some((v, i) => Math.abs(v - b[i]) > 8);
    await frames();
    const rest = pixels();
    b.set({ animationMs: 400 }, { rolled: true });
    await new Promise((r) => setTimeout(r, 80));
    const thrown = differ(pixels(), rest);
    await b.settled();
    await frames();
    const settled = !differ(pixels(), rest);
    b.set({ animationMs: 0 }, { rolled: true });
    await frames();
    const instant = !differ(pixels(), rest);
    return { thrown, settled, instant };
  });
  assert.deepEqual(seen, { thrown: true, settled: true, instant: true }, "thrown, then at rest on the same faces; no throw with animations off");
  await page.evaluate(() => window.dev.board.set({ animationMs: 2000 }, { rolled: true }));
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${artifacts}/dice-thrown-1280x800.png` });
}

export async function with_reduced_motion_the_dice_are_not_thrown({ page, baseUrl }) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openDev(page, baseUrl, "playing");
  const still = await page.evaluate(async () => {
    const b = window.dev.board;
    const canvas = document.querySelector(".gb-canvas");
    const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const pixels = () => Array.from(canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data);
    await frames();
    const rest = pixels();
    b.set({ animationMs: 400 }, { rolled: true });
    await frames();
    return pixels().every((v, i) => Math.abs(v - rest[i]) <= 8);
  });
  assert.ok(still, "the dice stay still when the system asks for reduced motion");
}

export async function hovering_a_movable_checker_emits_hover_and_leaving_clears_it({ page, baseUrl }) {
  await openDev(page, baseUrl, "playing");
  const p = await spot(page, "13");
  const empty = await spot(page, "15");
  const start = await eventCount(page);
  await page.mouse.move(p.x, p.box.y + 30);
  await page.mouse.move(empty.x, empty.box.y + 30);
  const log = await events(page, start);
  assert.deepEqual(log.filter((e) => e.name === "hover").map((e) => e.payload), [{ from: 13 }, { from: null }]);
}
