// <gamao-board> (www/element/), in pages that load nothing but the element's module and
// the tag: the board drawn for a given Position ID, a drag making a play (the event
// carries the engine's notation and the IDs after it), an illegal drop refused with the
// engine's reason, the methods, and the embedding example page.

import { assert, drag, nextFrame, openGame, andWait, view, phaseOf, spot } from "./helpers.mjs";

const OPENING = "4HPwATDgc/ABMA";

/**
 * Opens a page of the test server that holds only `body` and the element's module: it
 * knows nothing else of Gamão (no stylesheet, no other script). Events of the element
 * are recorded in `window.events`.
 */
async function openEmbed(page, baseUrl, body) {
  const url = `${baseUrl}/embed-${Math.random().toString(36).slice(2)}.html`;
  await page.route(url, (route) => route.fulfill({
    contentType: "text/html",
    body: `<!doctype html><meta charset="utf-8"><title>a site</title><link rel="icon" href="data:,">
      <script type="module" src="/element/gamao-board.js"></script>
      <script>
        window.events = [];
        for (const name of ["gamao-play", "gamao-refused"]) {
          document.addEventListener(name, (e) => window.events.push({ name, ...e.detail }));
        }
      </script>
      <body style="margin:0">${body}</body>`,
  }));
  await page.goto(url);
  await page.waitForFunction(() => customElements.get("gamao-board"));
  await page.evaluate(() => Promise.all([...document.querySelectorAll("gamao-board")].map((b) => b.ready)));
  await nextFrame(page);
}

/** The board's spoken label of a point (its keyboard element inside the shadow root). */
const label = (page, point) => page.locator(`gamao-board .gb-spot[data-point="${point}"]`).getAttribute("aria-label");

export async function the_element_draws_the_position_of_a_position_id_from_the_side_asked({ page, baseUrl }) {
  await openEmbed(page, baseUrl, `<gamao-board position-id="${OPENING}" style="width:900px"></gamao-board>`);
  for (const [point, text] of [[6, "5 white"], [8, "3 white"], [13, "5 white"], [24, "2 white"], [19, "5 red"], [17, "3 red"], [12, "5 red"], [1, "2 red"], [5, "empty"]]) {
    assert.match(await label(page, point), new RegExp(`^Point ${point}, ${text}`), `point ${point}`);
  }
  // From Red's side the points are numbered Red's way: its 6-point holds its five.
  await page.evaluate(() => document.querySelector("gamao-board").setAttribute("viewer", "red"));
  await nextFrame(page);
  assert.match(await label(page, 6), /^Point 6, 5 red/);
  assert.match(await label(page, 19), /^Point 19, 5 white/);
  assert.equal(await page.evaluate(() => document.querySelector("gamao-board").positionId), OPENING);
}

export async function a_drag_makes_a_play_and_the_event_gives_its_notation_and_the_new_ids({ page, baseUrl }) {
  await openEmbed(page, baseUrl, `<gamao-board position-id="${OPENING}" dice="31" interactive style="width:900px"></gamao-board>`);
  await drag(page, 8, 5);
  await nextFrame(page);
  assert.deepEqual(await page.evaluate(() => window.events), [], "no event in the middle of a play");
  await drag(page, 6, 5);
  await page.waitForFunction(() => window.events.length > 0);
  const [event] = await page.evaluate(() => window.events);
  assert.equal(event.name, "gamao-play");
  assert.equal(event.side, "White");
  assert.equal(event.play, "8/5 6/5");
  const element = await page.evaluate(() => {
    const b = document.querySelector("gamao-board");
    return { positionId: b.positionId, matchId: b.matchId, attribute: b.getAttribute("position-id") };
  });
  assert.equal(event.positionId, element.positionId);
  assert.equal(event.matchId, element.matchId);
  assert.equal(element.attribute, element.positionId, "the attribute follows the play");
  assert.notEqual(event.positionId, OPENING);
  assert.match(await label(page, 5), /^Point 5, 2 white/);
}

export async function an_illegal_drop_is_refused_with_the_engines_reason_and_nothing_moves({ page, baseUrl }) {
  await openEmbed(page, baseUrl, `<gamao-board position-id="${OPENING}" dice="65" interactive style="width:900px"></gamao-board>`);
  // 24 to 19 uses the 5, but Red holds White's 19-point (Red's 6-point).
  await drag(page, 24, 19);
  await page.waitForFunction(() => window.events.length > 0);
  const [event] = await page.evaluate(() => window.events);
  assert.equal(event.name, "gamao-refused");
  assert.equal(event.from, 24);
  assert.equal(event.to, 19);
  assert.match(event.reason, /19 is blocked/);
  assert.ok(event.detail, "the engine's typed reason comes with it");
  assert.match(JSON.stringify(event.detail), /Blocked/);
  assert.match(await page.locator("gamao-board .gb-toast").textContent(), /19 is blocked/);
  assert.equal(await page.evaluate(() => document.querySelector("gamao-board").positionId), OPENING);
  assert.match(await label(page, 24), /^Point 24, 2 white/);
}

export async function a_click_moves_a_checker_as_far_as_it_can_go_and_a_stuck_one_says_why({ page, baseUrl }) {
  await openEmbed(page, baseUrl, `<gamao-board position-id="${OPENING}" dice="65" interactive style="width:900px"></gamao-board>`);
  const click = async (point) => {
    const { box } = await spot(page, String(point));
    const bottom = box.y + box.height / 2 > (await page.locator("gamao-board").boundingBox()).height / 2;
    await page.mouse.click(box.x + box.width / 2, bottom ? box.y + box.height - 20 : box.y + 20);
    await nextFrame(page);
  };
  // The 8-point's checker goes as far as a die takes it: 8/2 with the 6
  await click(8);
  assert.match(await label(page, 2), /^Point 2, 1 white/);
  // The 6-point's checkers are stuck: the 5 would land on Red's two on the 1-point
  await click(6);
  await page.locator("gamao-board .gb-toast.gb-toast-on").waitFor();
  assert.equal(await page.locator("gamao-board .gb-toast").textContent(), "Point 1 is blocked");
  // The 13-point's checker takes the 5 and ends the play
  await click(13);
  await page.waitForFunction(() => window.events.length > 0);
  const [event] = await page.evaluate(() => window.events);
  assert.equal(event.name, "gamao-play");
  assert.equal(event.play, "13/2", "one checker moved 13/8 and another 8/2: the same play as 13/2");
}

export async function the_methods_play_a_play_string_and_set_a_position_synchronously_or_throw_changing_nothing({ page, baseUrl }) {
  await openEmbed(page, baseUrl, `<gamao-board interactive style="width:900px"></gamao-board>`);
  const result = await page.evaluate((opening) => {
    const board = document.querySelector("gamao-board");
    const tries = {};
    for (const [name, call] of [
      ["bad id", () => board.setPosition("not an id")],
      ["bad dice", () => board.setPosition(opening, null, "77")],
      ["not legal", () => { board.setPosition(opening, null, "31"); return board.play("24/18"); }],
      ["not a play", () => board.play("hello")],
    ]) {
      const before = board.positionId;
      try {
        call();
        tries[name] = "accepted";
      } catch (e) {
        tries[name] = { message: e.message, error: e instanceof Error, unchanged: board.positionId === before };
      }
    }
    const before = board.positionId;
    // No await: the play is made, the event sent and the result returned in this call.
    const played = board.play("6/5 8/5");
    const after = { positionId: board.positionId, attribute: board.getAttribute("position-id"), events: window.events.map((e) => e.name) };
    if (after.positionId === before) throw new Error("the play changed nothing");
    // A second play needs a roll first: refused, nothing changes.
    let again = "accepted";
    try {
      board.play("8/5 6/5");
    } catch (e) {
      again = e.message;
    }
    return { tries, played, isPromise: played instanceof Promise, after, again, unchangedAfter: board.positionId === after.positionId };
  }, OPENING);
  for (const name of ["bad id", "bad dice", "not legal", "not a play"]) {
    assert.equal(result.tries[name].error, true, `${name}: an Error is thrown`);
    assert.equal(result.tries[name].unchanged, true, `${name}: nothing changed`);
  }
  assert.match(result.tries["bad id"].message, /Position ID/);
  assert.match(result.tries["bad dice"].message, /dice/);
  assert.match(result.tries["not legal"].message, /not a legal play/);
  assert.match(result.tries["not a play"].message, /bad play/);
  assert.equal(result.isPromise, false, "play() returns its result, not a promise");
  assert.equal(result.played.play, "8/5 6/5", "written as the engine writes it");
  assert.equal(result.played.side, "White");
  assert.equal(result.played.positionId, result.after.positionId);
  assert.equal(result.after.attribute, result.after.positionId, "the attribute follows the play");
  // setPosition throws to its caller; a refused play is also an event; the play's event came before play() returned.
  assert.deepEqual(result.after.events, ["gamao-refused", "gamao-refused", "gamao-play"]);
  assert.match(result.again, /cannot start a play now/);
  assert.equal(result.unchangedAfter, true);
}

export async function the_methods_throw_before_the_element_is_ready({ page, baseUrl }) {
  await openEmbed(page, baseUrl, "");
  const message = await page.evaluate(() => {
    const board = document.createElement("gamao-board");
    try {
      board.play("8/5 6/5");
      return "accepted";
    } catch (e) {
      return e.message;
    }
  });
  assert.match(message, /not ready/);
}

export async function the_embedding_example_page_shows_a_board_with_the_element({ page, baseUrl }) {
  await page.goto(`${baseUrl}/example/`);
  await page.waitForFunction(() => document.querySelector("gamao-board") && customElements.get("gamao-board"));
  await page.evaluate(() => document.querySelector("gamao-board").ready);
  await nextFrame(page);
  assert.match(await label(page, 13), /^Point 13, 5 white/);
}

export async function the_game_page_board_is_the_element_driven_by_the_page({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 3 });
  const found = await page.evaluate(() => {
    const element = document.querySelector("#board > gamao-board");
    return {
      element: Boolean(element),
      inShadow: Boolean(element && element.shadowRoot.querySelector(".gb-board canvas.gb-canvas")),
      inLightDom: document.querySelectorAll(".gb-board").length,
      boards: document.querySelectorAll("gamao-board").length,
      // The page owns the match: the element shows it but has none of its own.
      ownIds: element && [element.positionId, element.matchId],
    };
  });
  assert.deepEqual(found, { element: true, inShadow: true, inLightDom: 0, boards: 1, ownIds: [null, null] });
  // The element's methods refuse: the page's controller owns the match.
  assert.match(await page.evaluate(() => {
    try {
      document.querySelector("gamao-board").setPosition("4HPwATDgc/ABMA");
      return "accepted";
    } catch (error) {
      return error.message;
    }
  }), /driven by its page/);
  // The page's controller drives it: a roll on the page shows its dice on the board.
  await andWait(page, () => page.click('[data-control="roll"]'));
  const v = await view(page);
  assert.equal(phaseOf(v), "Moving");
  assert.match(await page.locator('gamao-board .gb-spot[data-point="dice"]').getAttribute("aria-label"), new RegExp(`${v.dice[0]}.*${v.dice[1]}`));
}
