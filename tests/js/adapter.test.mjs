// The adapter's pure mappings (www/engine.js): view → board, controls, timer and dialog
// state; refusal → message key. Views come from the real engine (fixtures.mjs).

import { test } from "node:test";
import assert from "node:assert/strict";
import { matchAfter, openedBy, options } from "./fixtures.mjs";
import {
  boardState, controlState, timerState, dialogFor, refusalMessage, resignOffer, resignAction, matchOptions,
  presetRules, flights, moverPoint, placeOf, pointOf, bannerState, openingNote, frameDice, isUnderWay, rolledBetween, Match,
} from "../../www/engine.js";

const ctx = { computerSide: null, showPips: true, endTurnByDice: false };

test("the board gets White's points, the mover's checkers and targets as board places", () => {
  const m = openedBy("Red", [6, 5]);
  const s = boardState(m.view(0), ctx);
  assert.equal(s.checkers.points.length, 25);
  assert.equal(s.checkers.points[1], -2, "Red's two back checkers on White's 1-point");
  assert.equal(s.turn, "red");
  assert.ok(s.interactive);
  assert.deepEqual(s.destinations["1"].slice(-1), [12], "Red's 24 reaches White's 12 with 6-5");
  assert.ok(s.movable.includes(1) && s.movable.includes(12));
  assert.deepEqual(s.dice.red, { values: [6, 5], used: [false, false], sides: ["red", "white"] }, "the opening dice: Red's 6, White's 5");
  assert.equal(boardState(m.view(0), { ...ctx, computerSide: "Red" }).interactive, false, "the computer's checkers do not move by hand");
});

test("the board turns to the side whose turn it is only when asked, between two people", () => {
  const m = openedBy("Red", [6, 5]);
  assert.equal(boardState(m.view(0), ctx).viewer, "white", "off by default: White's home at the bottom");
  assert.equal(boardState(m.view(0), { ...ctx, turnBoard: true }).viewer, "red", "Red to play sees its home at the bottom");
  assert.equal(boardState(m.view(0), { ...ctx, turnBoard: true, computerSide: "Red" }).viewer, "white", "never against the computer");
});

test("played dice are dimmed and the cube is hidden in the Crawford game", () => {
  const m = openedBy("White", [3, 1]);
  m.act("White", { kind: "MoveTo", from: 8, to: 5 }, 0);
  const s = boardState(m.view(0), ctx);
  assert.deepEqual(s.dice.white, { values: [3, 1], used: [true, false], sides: ["white", "red"] });
  assert.equal(s.cube.value, 1);
  const crawford = { ...m.view(0), cube: { ...m.view(0).cube, in_play: false } };
  assert.equal(boardState(crawford, ctx).cube, null);
});

test("who starts is noted in the empty dice area through the first turn only", () => {
  const m = openedBy("Red", [6, 5]);
  assert.deepEqual(openingNote(m.view(0)), { side: "white", opening: { dice: { white: 5, red: 6 }, starter: "Red", ties: 0 } });
  m.act("Red", { kind: "MoveTo", from: 1, to: 12 }, 0);
  m.act("Red", { kind: "EndTurn" }, 0);
  assert.equal(openingNote(m.view(0)), null);
  m.act("White", { kind: "Roll" }, 0);
  const dice = boardState(m.view(0), ctx).dice.white;
  assert.ok(dice.sides.every((side) => side === "white"), "a later roll is all the mover's");
});

test("a match is under way from its first roll until it is over", () => {
  const fresh = matchAfter([]);
  assert.equal(isUnderWay(fresh.view(0)), false, "nothing rolled yet");
  const m = openedBy("White", [3, 1]);
  assert.equal(isUnderWay(m.view(0)), true, "the opening roll made");
  m.act("Red", { kind: "ForfeitMatch" }, 0);
  assert.equal(isUnderWay(m.view(0)), false, "over");
});

test("the banner shows only once the match is over, with the winner, why and the score", () => {
  const m = openedBy("White", [3, 1]);
  assert.equal(bannerState(m.view(0)), null);
  m.act("Red", { kind: "ForfeitMatch" }, 0);
  assert.deepEqual(bannerState(m.view(0)), { winner: "white", session: false, why: { key: "why.Forfeit", winner: "white", loser: "red", level: null }, score: { white: 5, red: 0 } });
});

test("a forfeited money session is over with its score as it stands, and names no match winner", () => {
  const m = new Match(options("time-bank", null), 1);
  m.act("White", { kind: "OpeningRoll" }, 0);
  m.act(m.view(0).turn, { kind: "ForfeitMatch" }, 0);
  const banner = bannerState(m.view(0));
  assert.equal(banner.session, true);
  assert.equal(banner.why.key, "why.Forfeit.session");
  assert.deepEqual(banner.score, { white: 0, red: 0 });
  assert.equal(dialogFor(m.view(0), null).params.session, true);
});

test("a replayed play's dice are drawn on its player's side", () => {
  assert.deepEqual(frameDice({ kind: "Play", side: "Red", dice: [3, 1], play: "8/5 6/5" }), { white: null, red: { values: [3, 1] }, prompt: null });
  assert.deepEqual(frameDice({ kind: "Start" }), { white: null, red: null, prompt: null });
});

test("the last play is drawn from the view while the other side is on turn", () => {
  const m = openedBy("White", [3, 1]);
  m.act("White", { kind: "MoveTo", from: 8, to: 5 }, 0);
  m.act("White", { kind: "MoveTo", from: 6, to: 5 }, 0);
  m.act("White", { kind: "EndTurn" }, 0);
  assert.deepEqual(boardState(m.view(0), ctx).lastMove, [{ from: 8, to: 5 }, { from: 6, to: 5 }]);
});

test("the controls show what the side to act may do, from the view's choices", () => {
  const m = openedBy("White", [3, 1]);
  m.act("White", { kind: "MoveTo", from: 8, to: 5 }, 0);
  m.act("White", { kind: "MoveTo", from: 6, to: 5 }, 0);
  let c = controlState(m.view(0), null);
  assert.deepEqual([c.canRoll, c.canDouble, c.canUndo, c.canResign, c.canHint], [false, false, true, false, true]);
  m.act("White", { kind: "EndTurn" }, 0);
  c = controlState(m.view(0), null);
  assert.deepEqual([c.canRoll, c.canDouble, c.canUndo, c.canResign], [true, true, false, true], "Red decides");
  c = controlState(m.view(0), "Red");
  assert.deepEqual([c.canRoll, c.thinking, c.canForfeit], [false, true, true], "against the computer, the person's controls");
});

test("the timer bar's full lengths are the match's clock limits", () => {
  const m = matchAfter([["White", { kind: "OpeningRoll" }]], { clock: true, seed: 3 });
  const v = m.view(4000);
  const s = timerState(v, v.clocks, null);
  assert.equal(s.kind, "bank");
  assert.equal(s.moveTotalMs, 15000);
  assert.equal(s.bankTotalMs, 120000);
  assert.equal(s.moveMs, 11000, "four seconds of the move timer gone");
  assert.equal(timerState(matchAfter([]).view(0), matchAfter([]).view(0).clocks, null).kind, "none");
});

test("a refusal is translated by its kind, with the player's own point numbers", () => {
  assert.deepEqual(refusalMessage({ kind: "Blocked", point: 3 }, "Red"), ["explain.blocked", { n: 22 }]);
  assert.deepEqual(refusalMessage({ kind: "Blocked", point: 19 }, "White"), ["explain.blocked", { n: 19 }]);
  assert.deepEqual(refusalMessage({ kind: "IllegalMove", reason: { kind: "NoDiceFit", distance: 6 } }, "White"), ["explain.noDice", { n: 6 }]);
  assert.deepEqual(refusalMessage({ kind: "CannotMove", reason: { kind: "NotYourTurn" } }, "White"), ["explain.notNow", {}]);
  assert.deepEqual(refusalMessage({ kind: "OutOfReach", point: 10 }, "White"), ["explain.cannotCover", { n: 10 }]);
  assert.equal(refusalMessage({ kind: "TimeWentBackwards" }, "White"), null, "no words: the engine's message is shown");
  assert.equal(refusalMessage(undefined, "White"), null);
});

test("the dialogs the match asks for come with their answers as engine actions", () => {
  const m = openedBy("White", [3, 1]);
  m.act("White", { kind: "MoveTo", from: 8, to: 5 }, 0);
  m.act("White", { kind: "MoveTo", from: 6, to: 5 }, 0);
  m.act("White", { kind: "EndTurn" }, 0);
  assert.equal(dialogFor(m.view(0), null), null);
  m.act("Red", { kind: "Double" }, 0);
  const cube = dialogFor(m.view(0), null);
  assert.equal(cube.kind, "takeDrop");
  assert.deepEqual(cube.params, { side: "red", value: 2, current: 1 });
  assert.deepEqual(cube.actions.take, { side: "White", action: { kind: "Take" } });
  assert.equal(dialogFor(m.view(0), "White"), null, "the computer answers its own doubles");
  m.act("White", { kind: "Drop" }, 0);
  const over = dialogFor(m.view(0), null);
  assert.deepEqual([over.kind, over.params.kind, over.params.points], ["gameOver", "drop", 1]);
});

test("the resign dialog gets each level the engine allows with its points", () => {
  const m = openedBy("White", [3, 1]);
  m.act("White", { kind: "MoveTo", from: 8, to: 5 }, 0);
  m.act("White", { kind: "MoveTo", from: 6, to: 5 }, 0);
  m.act("White", { kind: "EndTurn" }, 0);
  assert.deepEqual(resignOffer(m.view(0), "Red"), {
    style: "offered",
    levels: [{ level: "single", points: 1 }, { level: "gammon", points: 2 }, { level: "backgammon", points: 3 }],
  });
  assert.deepEqual(resignOffer(m.view(0), "White").levels, [], "White is not on roll");
  assert.deepEqual(resignAction("offered", "gammon"), { kind: "OfferResignation", level: "Gammon" });
  assert.deepEqual(resignAction("direct", "gammon"), { kind: "Resign" });
});

test("new-match settings become engine options; presets fill the dialog from the engine", () => {
  const rules = presetRules();
  assert.deepEqual(Object.keys(rules), ["time-bank", "reserve"]);
  assert.equal(rules.reserve.resignation, "direct");
  assert.equal(rules["time-bank"].clock, "bank");
  const custom = matchOptions({ preset: "custom", matchLength: 0, rules: { ...rules.reserve, clock: "none" } });
  assert.deepEqual(custom.length, { kind: "Unlimited" });
  assert.equal(custom.time_control, "None");
  assert.deepEqual(matchOptions({ preset: "reserve", matchLength: 7 }).length, { kind: "Points", points: 7 });
  assert.equal(matchOptions({ preset: "seed001", matchLength: 7 }).time_control, "TimeBank", "an old name falls back to the default");
});

test("flights animate the checker moved and the one it hit, forwards or undone", () => {
  const hit = { from: 8, to: 5, die: 3, hit: true };
  assert.deepEqual(flights("White", [hit]), [{ side: "white", from: 8, to: 5 }, { side: "red", from: 5, to: "bar" }]);
  assert.deepEqual(flights("White", [hit], { fly: false }), [{ side: "red", from: 5, to: "bar" }]);
  assert.deepEqual(flights("Red", [{ from: 25, to: 0, die: 1, hit: false }], { undo: true }), [{ side: "red", from: "off", to: "bar" }]);
});

test("places and points convert both ways; Red's own numbers are shown to Red", () => {
  for (const n of [0, 1, 13, 24, 25]) assert.equal(pointOf(placeOf(n)), n);
  assert.equal(moverPoint("Red", 1), 24);
  assert.equal(moverPoint("Red", 25), 25);
  assert.equal(moverPoint("White", 7), 7);
});

test("the dice are thrown after every roll, a tie rolled again with the same dice too, and after nothing else", () => {
  // Seed 165 ties at 6-6 twice, then decides who starts.
  const m = matchAfter([], { seed: 165 });
  let before = m.view(0);
  assert.equal(rolledBetween(null, before), false, "a match just shown was not rolled");
  for (let i = 0; i < 3; i++) {
    m.act("White", { kind: "OpeningRoll" }, 0);
    const after = m.view(0);
    assert.equal(rolledBetween(before, after), true, `opening roll ${i + 1}: ${after.opening_roll}`);
    before = after;
  }
  assert.equal(String(m.view(0).dice_rolls), "3");
  const side = before.acting;
  const step = before.legal_steps[0];
  m.act(side, { kind: "Step", from: step.from, die: step.die }, 0);
  assert.equal(rolledBetween(before, m.view(0)), false, "a checker moved is no roll");
  assert.equal(rolledBetween(m.view(0), m.view(0)), false, "nothing changed");
  assert.equal(rolledBetween(null, m.view(0)), false, "a match loaded shows its dice at rest");
});
