// How many workers the page's analysis uses (www/ai/analysis-pool.js): one per core the
// browser reports, two when it does not say, at most four, at least one.

import { test } from "node:test";
import assert from "node:assert/strict";
import { analysisWorkers } from "../../www/ai/analysis-pool.js";

test("the analysis runs on a worker per core, two when unknown, one to four", () => {
  assert.equal(analysisWorkers(1), 1);
  assert.equal(analysisWorkers(2), 2);
  assert.equal(analysisWorkers(3), 3);
  assert.equal(analysisWorkers(8), 4);
  assert.equal(analysisWorkers(undefined), 2);
  assert.equal(analysisWorkers(0), 2);
  assert.equal(analysisWorkers(NaN), 2);
  assert.equal(analysisWorkers(-3), 1);
});
