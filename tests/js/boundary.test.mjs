// Every export refuses values of the wrong type with a clear Error, in Node: the same
// fuzz runs in headless Chromium (tests/e2e/boundary.test.mjs).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as engine from "../../pkg/gamao.js";
import * as worker from "../../pkg-worker/gamao_worker.js";
import { fuzzBoundary } from "./boundary_fuzz.mjs";

engine.initSync({ module: readFileSync(new URL("../../pkg/gamao_bg.wasm", import.meta.url)) });
worker.initSync({ module: readFileSync(new URL("../../pkg-worker/gamao_worker_bg.wasm", import.meta.url)) });

/** The Error a call throws (fails when it returns). */
function thrown(fn) {
  try {
    fn();
  } catch (e) {
    return e;
  }
  assert.fail("no Error thrown");
}

test("a parameter of the wrong type is refused naming the parameter and the type", () => {
  assert.match(thrown(() => engine.legalPlays(12345, "31")).message, /positionId must be a string, not number/);
  assert.match(thrown(() => engine.legalPlays({}, "31")).message, /positionId must be a string, not object/);
  const match = new engine.Match(engine.presetOptions("time-bank", 5), 1);
  assert.match(thrown(() => match.act(1, { kind: "Drop" }, 20)).message, /side must be a string, not number/);
  assert.match(thrown(() => match.act("White", "Drop", 20)).message, /action must be an Action/);
  assert.match(
    thrown(() => match.act("White", { kind: "Step", from: 13, die: "5" }, 20)).message,
    /action\.die must be a whole number 0–255, not string/,
  );
  assert.match(thrown(() => match.view("now")).message, /nowMs must be a number, not string/);
  assert.match(thrown(() => match.planMove("White", "24", 21)).message, /from must be a number/);
  assert.match(thrown(() => engine.presetOptions("seed-001", 5)).message, /unknown rules "seed-001"/);
  assert.match(thrown(() => worker.replayMat(null)).message, /text must be a string, not null/);
  match.free();
});

test("random values of every type at every export make no trap (3,000 calls)", () => {
  const result = fuzzBoundary(engine, worker, { rounds: 3000, seed: 20261130 });
  assert.deepEqual(result.traps, []);
  assert.ok(result.refused > 1000, `only ${result.refused} refusals`);
  assert.ok(result.answered > 100, `only ${result.answered} answers`);
});
