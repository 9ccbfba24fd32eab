// The page's UI around the board on the development page: options, controls, timer bar,
// dialogs, languages.

import { openDev, openGame, nextFrame, events, eventCount, screenshot, assert } from "./helpers.mjs";

export async function options_chosen_in_the_menu_survive_a_reload({ page, baseUrl }) {
  await openDev(page, baseUrl, "playing");
  await page.click('[data-control="options"]');
  await page.check('[data-option="simpleGraphics"]');
  await page.check('[data-option="flip"]');
  await page.uncheck('[data-option="showPips"]');
  await page.selectOption('[data-option="animation"]', "slow");
  assert.equal(await page.evaluate(() => window.dev.board.state().homeSide), "left", "flip was not applied at once");
  await page.click('[data-dialog="options"] [data-action="close"]');

  await page.reload();
  await page.waitForFunction(() => window.dev);
  await nextFrame(page);
  const s = await page.evaluate(() => window.dev.board.state());
  assert.equal(s.simpleGraphics, true);
  assert.equal(s.homeSide, "left");
  assert.equal(s.showPips, false);
  assert.equal(s.animationMs, 450);
  assert.ok(await page.evaluate(() => document.body.classList.contains("simple-graphics")));
  await page.click('[data-control="options"]');
  assert.equal(await page.isChecked('[data-option="flip"]'), true);
  assert.equal(await page.isChecked('[data-option="autoBearOff"]'), false, "auto bear-off must be off by default");
}

export async function switching_the_language_relabels_controls_and_board({ page, baseUrl }) {
  await openDev(page, baseUrl, "playing", "en");
  assert.equal(await page.textContent('[data-control="roll"]'), "Roll dice");
  await page.evaluate(() => window.dev.options.set({ language: "pt" }));
  assert.equal(await page.textContent('[data-control="roll"]'), "Rolar Dados");
  assert.equal(await page.textContent('[data-control="forfeit"]'), "Abandonar");
  assert.match(await page.getAttribute('.gb-spot[data-point="13"]', "aria-label"), /^Casa 13, 4 peças brancas$/);
  assert.equal(await page.evaluate(() => document.documentElement.lang), "pt-PT");
}

export async function portuguese_and_english_tables_have_the_same_keys({ page, baseUrl }) {
  await page.goto(`${baseUrl}/dev/board.html`);
  const diff = await page.evaluate(async () => {
    const pt = (await import("/i18n/pt.js")).default;
    const en = (await import("/i18n/en.js")).default;
    // A sentence worded apart for the computer's seat where only Portuguese needs it
    // (its verb is singular, a colour's plural) is a form of a key both tables have.
    const computerForm = (k) => k.endsWith(".computer") && k.replace(/\.computer$/, "") in en;
    const a = Object.keys(pt).filter((k) => !computerForm(k)), b = Object.keys(en);
    return [...a.filter((k) => !(k in en)), ...b.filter((k) => !(k in pt))];
  });
  assert.deepEqual(diff, []);
}

export async function the_cube_button_is_hidden_when_doubling_is_not_allowed({ page, baseUrl }) {
  await openDev(page, baseUrl, "cube");
  assert.equal(await page.isVisible('[data-control="double"]'), true);
  await page.evaluate(() => window.dev.load("bearoff"));
  assert.equal(await page.isVisible('[data-control="double"]'), false);
}

export async function forfeit_asks_for_a_confirmation_first({ page, baseUrl }) {
  await openDev(page, baseUrl, "playing");
  let start = await eventCount(page);
  await page.click('[data-control="forfeit"]');
  await page.click('[data-dialog="forfeit"] [data-action=""]');
  assert.equal((await events(page, start)).filter((e) => e.payload === "forfeit").length, 0, "forfeit emitted without confirmation");
  start = await eventCount(page);
  await page.click('[data-control="forfeit"]');
  await page.click('[data-dialog="forfeit"] [data-action="forfeit"]');
  await page.waitForFunction((n) => window.devEvents.length > n, start);
  assert.deepEqual((await events(page, start)).map((e) => e.payload), ["forfeit"]);
}

export async function the_roll_button_rolls({ page, baseUrl }) {
  await openDev(page, baseUrl, "cube");
  await page.click('[data-control="roll"]');
  assert.deepEqual(await page.evaluate(() => window.dev.board.state().dice.white.values), [3, 1]);
  assert.equal(await page.isDisabled('[data-control="roll"]'), true);
}

export async function take_drop_dialog_answers({ page, baseUrl }) {
  await openDev(page, baseUrl, "offer");
  const start = await eventCount(page);
  await page.click('[data-dialog="takeDrop"]');
  assert.match(await page.textContent('dialog[data-dialog="takeDrop"] h2'), /Red doubles to 4/);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.action), "take", "the keyboard starts on Take, not on Drop");
  await page.keyboard.press("Enter");
  await page.waitForFunction((n) => window.devEvents.length > n, start);
  assert.deepEqual((await events(page, start)).map((e) => e.payload), ["take"]);
}

export async function resignation_dialogs_offer_levels_and_answers({ page, baseUrl }) {
  await openDev(page, baseUrl, "playing");
  let start = await eventCount(page);
  await page.click('[data-dialog="resignOffered"]');
  assert.equal(await page.locator('dialog[data-dialog="resign"] input[value="single"]').count(), 0, "only the levels the engine allows are offered");
  assert.match(await page.textContent('dialog[data-dialog="resign"] [data-level="gammon"]'), /Gammon — 4 points/);
  await page.check('dialog[data-dialog="resign"] input[value="backgammon"]');
  await page.click('dialog[data-dialog="resign"] [data-action="offer"]');
  await page.waitForFunction((n) => window.devEvents.length > n, start);
  assert.deepEqual((await events(page, start)).map((e) => e.payload), ["backgammon"]);

  start = await eventCount(page);
  await page.click('[data-dialog="resignAnswer"]');
  await page.click('dialog[data-dialog="resignAnswer"] [data-action="decline"]');
  await page.waitForFunction((n) => window.devEvents.length > n, start);
  assert.deepEqual((await events(page, start)).map((e) => e.payload), ["decline"]);
}

export async function game_over_and_match_over_dialogs({ page, baseUrl }) {
  await openDev(page, baseUrl, "playing");
  let start = await eventCount(page);
  await page.click('[data-dialog="gameOver"]');
  assert.match(await page.textContent('dialog[data-dialog="gameOver"]'), /White wins the game.*2 points \(gammon\)/s);
  await page.click('dialog[data-dialog="gameOver"] [data-action="next"]');
  await page.waitForFunction((n) => window.devEvents.length > n, start);
  assert.deepEqual((await events(page, start)).map((e) => e.payload), ["next"]);
  start = await eventCount(page);
  await page.click('[data-dialog="matchOver"]');
  await page.click('dialog[data-dialog="matchOver"] [data-action="rematch"]');
  await page.waitForFunction((n) => window.devEvents.length > n, start);
  assert.deepEqual((await events(page, start)).map((e) => e.payload), ["rematch"]);
}

export async function new_match_dialog_offers_lengths_presets_and_a_greyed_computer({ page, baseUrl }) {
  await openDev(page, baseUrl, "opening");
  const start = await eventCount(page);
  await page.click('[data-control="newMatch"]');
  const dialog = 'dialog[data-dialog="newMatch"]';
  assert.equal(await page.isDisabled(`${dialog} input[value="computer"]`), true);
  const lengths = await page.$$eval(`${dialog} select[name="matchLength"] option`, (os) => os.map((o) => o.value));
  assert.deepEqual(lengths, ["1", "3", "5", "7", "9", "11", "13", "15", "17", "21", "25", "0"]);
  await page.check(`${dialog} input[value="reserve"]`);
  assert.match(await page.textContent(dialog), /Reserve clock — direct resignation/);
  assert.equal(await page.inputValue(`${dialog} select[name="clock"]`), "reserve");
  await page.check(`${dialog} input[value="custom"]`);
  await page.selectOption(`${dialog} select[name="clock"]`, "none");
  await page.selectOption(`${dialog} select[name="matchLength"]`, "7");
  await page.click(`${dialog} [data-action="start"]`);
  await page.waitForFunction((n) => window.devEvents.length > n + 1, start);
  const answer = (await events(page, start)).find((e) => e.name === "dialog").payload;
  assert.deepEqual(answer, {
    opponent: "person", level: "intermediate", matchLength: 7, preset: "custom",
    rules: { backgammons: false, minimiseWastedPips: true, resignation: "direct", cube: true, clock: "none" },
  });
}

export async function timer_bar_runs_green_then_orange_and_flashes_at_low_time({ page, baseUrl, artifacts }) {
  await openDev(page, baseUrl, "playing");
  const widths = () => page.evaluate(() => ({
    move: parseFloat(document.querySelector(".gm-timer-move").style.width),
    bank: parseFloat(document.querySelector(".gm-timer-bank").style.width),
    low: document.querySelector(".gm-timer").classList.contains("low"),
  }));
  await page.evaluate(() => window.dev.timer.set({ kind: "bank", moveMs: 15000, moveTotalMs: 15000, bankMs: 20000, bankTotalMs: 120000, lowTime: false, running: true }));
  let w = await widths();
  assert.ok(w.move > 39 && w.bank > 9 && !w.low);
  await page.evaluate(() => window.dev.timer.set({ kind: "bank", moveMs: 0, moveTotalMs: 15000, bankMs: 8000, bankTotalMs: 120000, lowTime: true, running: true }));
  w = await widths();
  assert.ok(w.move === 0 && w.bank > 0 && w.low);
  assert.equal(await page.textContent(".gm-timer-text"), "0:00 + 0:08");
  await page.screenshot({ path: `${artifacts}/timer-low.png`, clip: { x: 560, y: 0, width: 720, height: 60 } });
}

export async function claim_win_button_appears_when_told({ page, baseUrl }) {
  await openDev(page, baseUrl, "tall");
  const start = await eventCount(page);
  await page.click('[data-control="claimWin"]');
  assert.deepEqual((await events(page, start)).map((e) => e.payload), ["claimWin"]);
  await page.evaluate(() => window.dev.load("playing"));
  assert.equal(await page.isVisible('[data-control="claimWin"]'), false);
}

export async function the_new_match_dialog_fits_a_laptop_and_a_phone({ page, baseUrl, artifacts }) {
  const screens = [[1280, 720, "laptop"], [1366, 768, "laptop-1366x768"], [390, 700, "phone"], [740, 360, "landscape-phone-740x360"], [844, 390, "landscape-phone-844x390"]];
  for (const [width, height, name] of screens) {
    await page.setViewportSize({ width, height });
    await openGame(page, baseUrl, { seed: 2 });
    if (!(await page.isVisible('[data-dialog="newMatch"]'))) await page.click('[data-control="newMatch"]');
    await page.check('[data-dialog="newMatch"] input[value="custom"]');
    const layout = await page.evaluate(() => {
      const dialog = document.querySelector('[data-dialog="newMatch"]');
      const box = dialog.getBoundingClientRect();
      const outside = [...dialog.querySelectorAll("select, input, button")]
        .filter((e) => { const r = e.getBoundingClientRect(); return r.left < box.left - 0.5 || r.right > box.right + 0.5; })
        .map((e) => e.name || e.value);
      const onScreen = box.left >= 0 && box.top >= 0 && box.right <= innerWidth && box.bottom <= innerHeight;
      // A select whose longest choice is wider than its box shows it cut
      const measure = document.createElement("canvas").getContext("2d");
      const cut = [...dialog.querySelectorAll("select")].filter((select) => {
        const style = getComputedStyle(select);
        measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        return [...select.options].some((o) => measure.measureText(o.text).width > room);
      }).map((select) => select.name);
      return { outside, onScreen, cut, scrolls: dialog.scrollHeight > dialog.clientHeight + 1 };
    });
    assert.deepEqual(layout.outside, [], `${name}: every control within the dialog`);
    assert.deepEqual(layout.cut, [], `${name}: every choice of every select shown whole (cut: ${layout.cut})`);
    assert.ok(layout.onScreen, `${name}: the dialog on the screen`);
    assert.equal(layout.scrolls, false, `${name}: the whole dialog visible without scrolling`);
    await screenshot(page, artifacts, `new-match-${name}`);
  }
}

export async function disabled_buttons_look_disabled_in_simple_graphics({ page, baseUrl, artifacts }) {
  await openGame(page, baseUrl, { seed: 2 });
  await page.evaluate(() => window.gamao && document.body.classList.add("simple-graphics"));
  const looks = await page.evaluate(() => [...document.querySelectorAll(".gm-top .gm-button:not([hidden])")].map((b) => {
    const s = getComputedStyle(b);
    return { disabled: b.disabled, border: s.borderTopStyle, color: s.color, background: s.backgroundColor, opacity: s.opacity };
  }));
  const disabled = looks.filter((l) => l.disabled);
  const enabled = looks.filter((l) => !l.disabled && l.background === "rgb(255, 255, 255)");
  assert.ok(disabled.length && enabled.length, JSON.stringify(looks));
  for (const d of disabled) {
    assert.equal(d.border, "dashed", "a disabled button's border is dashed");
    assert.notEqual(d.background, enabled[0].background, "and it is filled grey");
    assert.notEqual(d.color, enabled[0].color, "with grey text");
  }
  await screenshot(page, artifacts, "simple-graphics-disabled-buttons");
}

export async function the_options_dialog_switches_language_at_once({ page, baseUrl, artifacts }) {
  await openGame(page, baseUrl, { seed: 2 });
  await page.click('[data-control="options"]');
  const dialog = page.locator('[data-dialog="options"]');
  assert.equal(await dialog.locator("h2").textContent(), "Options");
  await page.selectOption('[data-option="language"]', "pt");
  assert.equal(await dialog.locator("h2").textContent(), "Menu Opções", "the open dialog speaks Portuguese at once");
  assert.match(await dialog.textContent(), /Velocidade da animação/);
  assert.equal(await page.inputValue('[data-option="language"]'), "pt");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.option), "language", "focus stays on the language");
  await screenshot(page, artifacts, "options-language-switched");
  await page.click('[data-dialog="options"] [data-action="close"]');
  assert.equal(await page.textContent('[data-control="roll"]'), "Rolar Dados");
}
