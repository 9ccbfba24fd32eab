// The generated TypeScript declarations document every field an embedder reads: each
// member of each exported interface of both modules has a doc comment right above it
// (from the `///` on the Rust field, or the hand-written types in src/wasm.rs), and no
// comment holds a rustdoc link (`[`Side`]`), which means nothing to a TypeScript reader.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

/** `Interface.field` for every member of an exported interface in `dts` with no doc comment. */
function undocumentedFields(dts) {
  const lines = dts.split("\n");
  const missing = [];
  let inside = null;
  lines.forEach((line, i) => {
    const opened = line.match(/^export interface (\w+)/);
    if (opened) {
      // wasm-bindgen's interface of the raw exports is not the API.
      inside = opened[1] === "InitOutput" ? null : opened[1];
    } else if (line.startsWith("}")) {
      inside = null;
    } else {
      const member = line.match(/^\s+(\w+)\??:/);
      if (inside && member && !lines[i - 1].trim().endsWith("*/")) missing.push(`${inside}.${member[1]}`);
    }
  });
  return missing;
}

const declarations = (path) => readFileSync(new URL(path, import.meta.url), "utf8");
const page = declarations("../../pkg/gamao.d.ts");

test("every field of the page module's interfaces has a doc comment", () => {
  assert.deepEqual(undocumentedFields(page), []);
});

test("every field of the worker module's interfaces has a doc comment", () => {
  assert.deepEqual(undocumentedFields(declarations("../../pkg-worker/gamao_worker.d.ts")), []);
});

test("a field without a doc comment is named", () => {
  const cut = page.replace(/\/\*\*[^/]*\*\/\n(\s+bar: )/, "$1");
  assert.notEqual(cut, page, "MatchView.bar has a comment to cut");
  assert.deepEqual(undocumentedFields(cut), ["MatchView.bar"]);
});

/** Each line of `dts` that holds a rustdoc link: `[` then a backtick. */
function rustdocLinks(dts) {
  return dts.split("\n").filter((line) => line.includes("[`"));
}

test("no comment in either module's declarations holds a rustdoc link", () => {
  assert.deepEqual(rustdocLinks(page), []);
  assert.deepEqual(rustdocLinks(declarations("../../pkg-worker/gamao_worker.d.ts")), []);
  assert.deepEqual(rustdocLinks(" * indexed by [`Side`]."), [" * indexed by [`Side`]."]);
});
