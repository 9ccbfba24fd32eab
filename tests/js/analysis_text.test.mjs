// The analysis panel's words for one decision (www/ui/analysis.js), in both languages.

import test from "node:test";
import assert from "node:assert/strict";
import { candidateRows, describe, ratingRows, resultText } from "../../www/ui/analysis.js";
import { setLanguage, t } from "../../www/i18n/i18n.js";

const cubeDecision = { side: "White", kind: "Cube", played: "no double", best: "double", mark: "", played_equity: 0.156, best_equity: 0.201, loss: 0.045 };
const play = { side: "Red", kind: "Checker", dice: [3, 1], played: "13/10 6/5", best: "8/5 6/5", mark: "doubtful", played_equity: -0.052, best_equity: 0.163, loss: 0.215 };

test("a cube decision is told in the page's language, a play as written", () => {
  setLanguage("en");
  assert.equal(describe(cubeDecision, 2, t), "Game 2 · White no double (+0.156) · best double (+0.201) · −0.045");
  assert.equal(describe(play, 1, t), "Game 1 · Red 31: 13/10 6/5 ?! (−0.052) · best 8/5 6/5 (+0.163) · −0.215");
  setLanguage("pt");
  assert.equal(describe(cubeDecision, 2, t), "Ronda 2 · Brancas não dobrar (+0.156) · melhor dobrar (+0.201) · −0.045");
  assert.equal(describe({ ...cubeDecision, played: "pass", best: "take" }, 3, t), "Ronda 3 · Brancas recusar (+0.156) · melhor aceitar (+0.201) · −0.045");
  setLanguage("en");
});

test("a figure that rounds to zero is never written with a minus sign", () => {
  setLanguage("en");
  const lucky = { ...play, luck: -0.0004, loss: 0.00004, played_equity: -0.0001 };
  assert.equal(describe(lucky, 1, t), "Game 1 · Red 31: 13/10 6/5 ?! (+0.000) · best 8/5 6/5 (+0.163) · +0.000 · luck of the roll +0.000");
});

test("a result is a percentage of match winning chances in a match, points in money", () => {
  assert.equal(resultText({ length: 7 }, 0.5), "+50.0%");
  assert.equal(resultText({ length: 7 }, -0.065697), "−6.6%");
  assert.equal(resultText({ length: 0 }, -5), "−5.00");
  assert.equal(resultText({ length: 0 }, 2.0597), "+2.06");
  // An analysis kept before results were counted has none to show.
  assert.equal(resultText({ length: 7 }, undefined), "–");
});

test("in a match a loss is told in match winning chances too, in money not", () => {
  setLanguage("en");
  const worth = { ...play, point_worth: 0.1 };
  assert.equal(describe(worth, 1, t, true),
    "Game 1 · Red 31: 13/10 6/5 ?! (−0.052) · best 8/5 6/5 (+0.163) · −0.215 · −2.15% in match winning chances");
  assert.equal(describe(worth, 1, t, false), "Game 1 · Red 31: 13/10 6/5 ?! (−0.052) · best 8/5 6/5 (+0.163) · −0.215");
  // Nothing lost, or an analysis kept before the worth of a point was recorded: nothing added.
  assert.ok(!describe({ ...worth, loss: 0 }, 1, t, true).includes("match winning chances"));
  assert.ok(!describe(play, 1, t, true).includes("match winning chances"));
  setLanguage("pt");
  assert.ok(describe(worth, 1, t, true).endsWith("· −2.15% nas hipóteses de ganhar o jogo"));
  setLanguage("en");
});

test("the ratings table gives FIBS ratings in a match and points per game in money", () => {
  setLanguage("en");
  const figures = (analysis, player) => ratingRows(analysis, t).map(([label, f]) => [label, f(player)]);
  const inMatch = { snowie_error_rate: 6.14, fibs_rating: { rating: 1889.6, checker_loss: 159.5, cube_loss: 0.9 },
    result: { actual: 0.5, luck_adjusted: -0.089, rating_difference: -118.1, per_game: null } };
  assert.deepEqual(figures({ length: 7 }, inMatch), [
    ["Snowie error rate", "6.1"], ["FIBS rating (from errors)", "1890"], ["Rating difference (luck-adjusted)", "−118"]]);
  const inMoney = { snowie_error_rate: 21.6, fibs_rating: null, result: { actual: -5, luck_adjusted: -1.27, rating_difference: null,
    per_game: { games: 3, actual: -1.6667, actual_interval: 2.8478, luck_adjusted: -0.4234, luck_adjusted_interval: 0.7461 } } };
  assert.deepEqual(figures({ length: 0 }, inMoney), [
    ["Snowie error rate", "21.6"], ["Points per game", "−1.67 ± 2.85"], ["Per game, luck-adjusted", "−0.42 ± 0.75"]]);
  // A single game gives no figures per game; a difference that cannot be given is a dash
  const oneGame = { ...inMoney, result: { ...inMoney.result, per_game: null } };
  assert.equal(figures({ length: 0 }, oneGame)[1][1], "–");
  assert.equal(figures({ length: 7 }, { ...inMatch, result: { ...inMatch.result, rating_difference: null } })[2][1], "–");
  // An analysis kept by an earlier version has none of them
  const kept = { result: { actual: 0.5, luck_adjusted: 0.1 } };
  assert.deepEqual(figures({ length: 7 }, kept).map(([, figure]) => figure), ["–", "–", "–"]);
  assert.deepEqual(figures({ length: 0 }, {}).map(([, figure]) => figure), ["–", "–", "–"]);
  setLanguage("pt");
  assert.equal(figures({ length: 0 }, inMoney)[1][0], "Pontos por ronda");
  setLanguage("en");
});

test("a checker decision's plays are listed with their equities, the played one said", () => {
  setLanguage("en");
  const candidates = [
    { play: "24/18 13/10", equity: 0.0224, plies: 3 },
    { play: "24/21 13/7", equity: -0.0484, plies: 3 },
    { play: "13/4", equity: -0.0441, plies: 1 },
  ];
  const rows = candidateRows({ ...play, played: "24/21 13/7", candidates }, t);
  assert.deepEqual(rows, [
    { play: "24/18 13/10", equity: "+0.022", plies: "3-ply", played: false },
    { play: "24/21 13/7 (played)", equity: "−0.048 (−0.071)", plies: "3-ply", played: true },
    { play: "13/4", equity: "−0.044 (−0.067)", plies: "1-ply", played: false },
  ]);
  // Nothing to list for a cube decision, a single play judged, or an analysis kept before
  assert.deepEqual(candidateRows(cubeDecision, t), []);
  assert.deepEqual(candidateRows({ ...play, candidates: candidates.slice(0, 1) }, t), []);
  assert.deepEqual(candidateRows(play, t), []);
  setLanguage("pt");
  assert.equal(candidateRows({ ...play, played: "13/4", candidates }, t)[2].play, "13/4 (jogada)");
  setLanguage("en");
});
