// The generated ES module works without a bundler: loaded in Node with initSync.
// Prints "N passed, N failed" like the other suites; exits non-zero on a failure.
import { readFileSync } from "node:fs";
import { initSync, legalPlays, presetOptions, Match } from "../../pkg/gamao.js";

initSync({ module: readFileSync(new URL("../../pkg/gamao_bg.wasm", import.meta.url)) });

let passed = 0;
let failed = 0;
function check(name, fn) {
  try {
    fn();
    passed++;
  } catch (e) {
    failed++;
    console.log(`FAILED: ${name}: ${e.message}`);
  }
}
function assert(cond, message) {
  if (!cond) throw new Error(message);
}

check("the opening 3-1 has 16 plays, with notation and the ID after", () => {
  const plays = legalPlays("4HPwATDgc/ABMA", "31");
  assert(plays.length === 16, `got ${plays.length}`);
  const point = plays.find((p) => p.play === "8/5 6/5");
  assert(point && point.positionIdAfter === "sGfwATDgc/ABMA", JSON.stringify(point));
  assert(point.steps.length === 2 && point.steps.every((s) => s.hit === false), "steps");
});

check("a malformed Position ID throws an Error naming the problem", () => {
  let thrown = null;
  try {
    legalPlays("not an id", "31");
  } catch (e) {
    thrown = e;
  }
  assert(thrown instanceof Error, "expected an Error");
  assert(/Position ID/.test(thrown.message), thrown.message);
});

check("bad dice and unknown rules throw", () => {
  for (const args of [["4HPwATDgc/ABMA", "70"], ["4HPwATDgc/ABMA", "31", "chess"]]) {
    let thrown = false;
    try {
      legalPlays(...args);
    } catch (e) {
      thrown = e instanceof Error;
    }
    assert(thrown, `no Error for ${args}`);
  }
});

check("the reserve preset's rules minimise wasted pips", () => {
  assert(legalPlays("MAAACAEAAAAAAA", "64").length === 2, "time bank");
  assert(legalPlays("MAAACAEAAAAAAA", "64", "reserve").length === 1, "reserve");
});

/** The field names an interface of the declarations lists. */
function declaredFields(name) {
  const dts = readFileSync(new URL("../../pkg/gamao.d.ts", import.meta.url), "utf8");
  const body = dts
    .split(new RegExp(`export interface ${name}(<[^>]*>)? \\{`))[2]
    .split("\n}")[0]
    .replace(/\/\*[\s\S]*?\*\//g, "");
  return [...body.matchAll(/^\s*(\w+)\??:/gm)].map((m) => m[1]).sort();
}

check("a match view has exactly the fields its TypeScript interface declares", () => {
  const match = new Match(presetOptions("time-bank", 5), 1);
  match.act("White", { kind: "OpeningRoll" }, 0);
  const view = match.view(1000);
  const actual = Object.keys(view).sort();
  const declared = declaredFields("MatchView");
  assert(JSON.stringify(actual) === JSON.stringify(declared), `${actual} vs ${declared}`);
  for (const [name, value] of [["ClockReading", view.clocks.white], ["CubeView", view.cube], ["SideChoices", view.choices.white]]) {
    const keys = JSON.stringify(Object.keys(value).sort());
    assert(keys === JSON.stringify(declaredFields(name)), `${name}: ${keys}`);
  }
  match.free();
});

check("a refused action throws an Error and the match is unchanged", () => {
  const match = new Match(presetOptions("reserve", 3), 2);
  const before = JSON.stringify(match.view(0));
  let message = "";
  try {
    match.act("Red", { kind: "Double" }, 0);
  } catch (e) {
    message = e.message;
  }
  assert(message.length > 0, "no error");
  assert(JSON.stringify(match.view(0)) === before, "changed");
  match.free();
});

check("a refused move carries the engine's reason as data, on White's points", () => {
  const match = new Match({ ...presetOptions("time-bank", 5), time_control: "None" }, 9);
  match.act("White", { kind: "OpeningRoll" }, 0);
  const view = match.view(0);
  const side = view.acting;
  let detail = null;
  try {
    match.act(side, { kind: "MoveTo", from: side === "White" ? 23 : 2, to: 20 }, 10);
  } catch (e) {
    detail = e.detail;
  }
  const expected = { kind: "IllegalMove", reason: { kind: "NoChecker", point: side === "White" ? 23 : 2 } };
  assert(JSON.stringify(detail) === JSON.stringify(expected), JSON.stringify(detail));
  let wrongSide = null;
  try {
    match.act(side === "White" ? "Red" : "White", { kind: "UndoStep" }, 10);
  } catch (e) {
    wrongSide = e.detail;
  }
  assert(wrongSide && wrongSide.kind === "WrongSide", JSON.stringify(wrongSide));
  match.free();
});

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
