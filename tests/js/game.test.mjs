// The pure parts of www/game/: what the page does by itself (automation.js), what it
// announces (announce.js) and the match clock (clock.js). Views come from the engine.

import { test } from "node:test";
import assert from "node:assert/strict";
import { matchAfter, openedBy, whiteRolled } from "./fixtures.mjs";
import { automaticAction } from "../../www/game/automation.js";
import { announcements } from "../../www/game/announce.js";
import { createMatchClock } from "../../www/game/clock.js";

const OFF = { endTurnByDice: true, autoRoll: false, autoForced: false, autoBearOff: false };

test("a finished turn ends by itself unless the dice end it", () => {
  const m = openedBy("White", [3, 1]);
  m.act("White", { kind: "MoveTo", from: 8, to: 5 }, 0);
  m.act("White", { kind: "MoveTo", from: 6, to: 5 }, 0);
  assert.equal(automaticAction(m.view(0), OFF, null, false), null);
  assert.deepEqual(automaticAction(m.view(0), { ...OFF, endTurnByDice: false }, null, false), { side: "White", action: { kind: "EndTurn" } });
  assert.equal(automaticAction(m.view(0), { ...OFF, endTurnByDice: false }, "White", false), null, "not for the computer");
  m.act("White", { kind: "EndTurn" }, 0);
  assert.deepEqual(automaticAction(m.view(0), { ...OFF, autoRoll: true }, null, false), { side: "Red", action: { kind: "Roll" } });
});

test("a turn that bears off the last checker ends by itself, whatever the option", () => {
  // White's last checker on its 1-point, Red's fifteen at home.
  const m = whiteRolled("+L4PAAABAAAAAA", [6, 5]);
  m.act("White", { kind: "MoveTo", from: 1, to: 0 }, 0);
  assert.equal(m.view(0).phase.kind, "TurnComplete");
  assert.deepEqual(automaticAction(m.view(0), OFF, null, false), { side: "White", action: { kind: "EndTurn" } });
});

test("a forced play is made once, from the view's forced steps", () => {
  const m = whiteRolled("4HnwACnQOXhAaA", [6, 3]);
  const auto = automaticAction(m.view(0), { ...OFF, autoForced: true }, null, false);
  assert.deepEqual(auto.steps.map((s) => [s.from, s.to]), [[25, 22]]);
  assert.equal(automaticAction(m.view(0), { ...OFF, autoForced: true }, null, true), null, "not again once undone");
  assert.equal(automaticAction(m.view(0), OFF, null, false), null, "not with the option off");
});

test("an automatic bear-off uses the view's bear-off steps, though the play is not forced", () => {
  const m = whiteRolled("/YaYBQDv9gEAAA", [5, 2]);
  const v = m.view(0);
  assert.equal(v.forced_steps, null);
  const auto = automaticAction(v, { ...OFF, autoBearOff: true }, null, false);
  assert.deepEqual(auto.steps.map((s) => s.to), [0, 0]);
});

test("announcements say the opening roll, the plays and the rolls", () => {
  const t = (key, params) => (params ? `${key} ${JSON.stringify(params)}` : key);
  const m = openedBy("White", [3, 1]);
  const before = m.view(0);
  m.act("White", { kind: "MoveTo", from: 8, to: 5 }, 0);
  m.act("White", { kind: "MoveTo", from: 6, to: 5 }, 0);
  m.act("White", { kind: "EndTurn" }, 0);
  const ended = m.view(0);
  assert.deepEqual(announcements(before, ended, t).map((a) => a.text), ['say.play {"play":"8/5 6/5","side":"side.white"}']);
  m.act("Red", { kind: "Roll" }, 0);
  const [roll] = announcements(ended, m.view(0), t);
  assert.match(roll.text, /^say\.(roll|pass) /);
  assert.equal(announcements(null, ended, t).length, 0);
});

test("an opening roll tied again with the same dice is announced as a new roll", () => {
  const t = (key, params) => (params ? `${key} ${JSON.stringify(params)}` : key);
  // Seed 165 ties at 6-6 twice, then decides who starts.
  const m = matchAfter([], { seed: 165 });
  const views = [m.view(0)];
  for (let i = 0; i < 3; i++) {
    m.act("White", { kind: "OpeningRoll" }, 0);
    views.push(m.view(0));
  }
  const said = views.slice(1).map((v, i) => announcements(views[i], v, t));
  assert.deepEqual(said[0], [{ text: 'say.openingTie {"n":6}', notice: true }]);
  assert.deepEqual(said[1], [{ text: 'say.openingTieAgain {"n":6}', notice: true }]);
  assert.equal(views[3].opening.ties, 2);
  assert.match(said[2][0].text, /^say\.opening/);
  assert.ok(views[3].opening.starter, "the third roll decides who starts");
});

test("announcements confirm each checker moved and each move taken back", () => {
  const t = (key, params) => (params ? `${key} ${JSON.stringify(params)}` : key);
  const m = openedBy("White", [3, 1]);
  const start = m.view(0);
  m.act("White", { kind: "MoveTo", from: 8, to: 5 }, 0);
  const one = m.view(0);
  assert.deepEqual(announcements(start, one, t).map((a) => a.text), ['say.step {"from":"8","to":"5"}']);
  m.act("White", { kind: "UndoStep" }, 0);
  assert.deepEqual(announcements(one, m.view(0), t).map((a) => a.text), ["say.stepUndone"]);
  // White's 24/18 hits Red's blot on White's 18-point.
  const hit = whiteRolled("4HXwATDgc/ABMA", [6, 5]);
  const before = hit.view(0);
  hit.act("White", { kind: "MoveTo", from: 24, to: 18 }, 0);
  assert.deepEqual(announcements(before, hit.view(0), t).map((a) => a.text), ['say.stepHit {"from":"24","to":"18"}']);
  // Red's steps are said in Red's own numbering, as its play is written.
  const red = openedBy("Red", [3, 1]);
  const redBefore = red.view(0);
  red.act("Red", { kind: "MoveTo", from: 17, to: 20 }, 0);
  assert.deepEqual(announcements(redBefore, red.view(0), t).map((a) => a.text), ['say.step {"from":"8","to":"5"}']);
});

test("the match clock runs at its rate, never goes back and stops for a replay", () => {
  let now = 1000;
  const clock = createMatchClock({ rate: 2, source: () => now });
  clock.start(500);
  now += 100;
  assert.equal(clock.read(), 700);
  clock.stop();
  now += 1000;
  assert.equal(clock.read(), 700, "stopped");
  clock.resume();
  now += 10;
  assert.equal(clock.read(), 720);
  now -= 50;
  assert.equal(clock.read(), 720, "a source going back does not take the clock back");
});

test("against the computer the announcements and why a game ended say you, not a colour", async () => {
  const { setLanguage, t } = await import("../../www/i18n/i18n.js");
  const { reason } = await import("../../www/ui/dialogs.js");
  const { endReason } = await import("../../www/engine.js");
  const names = { white: { name: "You", seat: "you" }, red: { name: "Computer (Expert)", seat: "computer" } };
  const nameOf = (side) => names[side];
  setLanguage("en");
  const m = openedBy("White", [3, 1]);
  const before = m.view(0);
  m.act("White", { kind: "MoveTo", from: 8, to: 5 }, 0);
  m.act("White", { kind: "MoveTo", from: 6, to: 5 }, 0);
  m.act("White", { kind: "EndTurn" }, 0);
  assert.deepEqual(announcements(before, m.view(0), t, nameOf).map((a) => a.text), ["You play 8/5 6/5"]);
  const ended = m.view(0);
  m.act("Red", { kind: "Roll" }, 0);
  assert.match(announcements(ended, m.view(0), t, nameOf)[0].text, /^Computer \(Expert\) (rolls|rolled) \d-\d/);
  // The computer doubles and you drop: the game's end is yours, the double the computer's.
  const dropped = endReason({ winner: "Red", points: 1, end: { kind: "Dropped" } });
  assert.equal(reason(dropped, t, nameOf), "You dropped the double.");
  assert.equal(reason({ ...dropped, winner: "white", loser: "red" }, t, nameOf), "Computer (Expert) dropped your double.");
  const gammon = endReason({ winner: "White", points: 2, end: { kind: "BoreOff", win: "Gammon" } });
  assert.equal(reason(gammon, t, nameOf), "You bore off every checker before Computer (Expert) bore off any: a gammon.");
  assert.equal(reason(gammon, t), "White bore off every checker before Red bore off any: a gammon.", "between two people, the colours");
  const timeOut = endReason({ winner: "White", points: 1, end: { kind: "TimeOut" } });
  assert.equal(reason({ ...timeOut, winner: "red", loser: "white" }, t, nameOf), "Your time bank ran out: you lost the match on time.");
  setLanguage("pt");
  assert.equal(reason(dropped, t, nameOf), "Recusou o cubo.");
  assert.equal(reason(gammon, t, (side) => ({ ...names[side], name: side === "red" ? "Computador (Perito)" : "Você" })),
    "Retirou todas as peças antes de o Computador (Perito) retirar alguma: gamão.");
  setLanguage("en");
});

test("every end of a game is worded for you and for the computer, in both languages", async () => {
  const en = (await import("../../www/i18n/en.js")).default;
  const pt = (await import("../../www/i18n/pt.js")).default;
  const ends = Object.keys(en).filter((k) => /^why\.[A-Za-z.]+$/.test(k) && !/\.(you|computer)$/.test(k));
  assert.ok(ends.length >= 11);
  for (const table of [en, pt]) {
    for (const key of ends) for (const seat of ["you", "computer"]) assert.ok(`${key}.${seat}` in table, `${key}.${seat}`);
  }
});
