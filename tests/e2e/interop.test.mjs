// Open to other tools: GNU Backgammon Position and Match IDs copied and pasted, .mat
// files exported, imported and replayed move by move, and read by GNU Backgammon itself.

import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { openGame, view, phaseOf, andWait, answer, playTurn, matchesMenu, nextFrame, assert } from "./helpers.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const GNUBG = "/usr/games/gnubg";

/**
 * What GNU Backgammon reads in a `.mat` file (tests/gnubg/import_mat.py's lines), run in
 * a home of its own with no user settings (see tests/common/gnubg.rs for why).
 */
async function gnubgImport(file) {
  const home = await mkdtemp(path.join(tmpdir(), "gamao-gnubg-"));
  const args = ["-t", "-q", "-r", "-s", path.join(home, ".gnubg"), "-p", path.join(root, "tests/gnubg/import_mat.py")];
  const env = { ...process.env, HOME: home, LANG: "C.UTF-8", LC_ALL: "C.UTF-8", GAMAO_MAT: file };
  try {
    return await new Promise((resolve, reject) => {
      execFile(GNUBG, args, { env, cwd: home, timeout: 60000 }, (error, stdout, stderr) =>
        (error || stderr.includes("Traceback") ? reject(new Error(`GNU Backgammon failed: ${error ? error.message : ""}\n${stderr}`)) : resolve(stdout)));
    });
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

/** Clicks an ID's copy button and returns what reached the clipboard. */
async function copied(page, which) {
  await page.click(`[data-copy="${which}"]`);
  await page.waitForSelector(`[data-copy="${which}"].copied`);
  return page.evaluate(() => navigator.clipboard.readText());
}

/**
 * Opens the set-up form, fills it and submits it; over a match under way, first agrees
 * to leave it (`underWay`).
 */
async function setUp(page, positionId, matchId = "", { underWay = false } = {}) {
  await page.click('[data-control="setUpIds"]');
  if (underWay) await answer(page, "replaceMatch", "replace");
  await page.fill('[data-dialog="setUpIds"] [data-field="positionId"]', positionId);
  await page.fill('[data-dialog="setUpIds"] [data-field="matchId"]', matchId);
  await page.click('[data-dialog="setUpIds"] [data-action="setUp"]');
}

export async function position_and_match_ids_copied_then_pasted_give_the_same_match_state({ page, context, baseUrl }) {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
  await openGame(page, baseUrl, { position: "4HPwATDgc/ABMA", match: "sIGyAEAAAAAE" });
  await playTurn(page);
  const played = await view(page);
  const positionId = await copied(page, "positionId");
  const matchId = await copied(page, "matchId");
  assert.equal(positionId, played.position_id);
  assert.equal(matchId, played.match_id);

  await page.click('[data-control="newMatch"]');
  await answer(page, "replaceMatch", "replace");
  await answer(page, "newMatch", "start");
  await andWait(page, () => setUp(page, positionId, matchId));
  const pasted = await view(page);
  assert.equal(pasted.position_id, played.position_id);
  assert.equal(pasted.match_id, played.match_id);
  assert.deepEqual([pasted.points, pasted.score, pasted.cube, pasted.crawford, pasted.turn], [played.points, played.score, played.cube, played.crawford, played.turn]);
  assert.equal(await page.textContent('[data-copy="positionId"]'), positionId);
}

export async function an_invalid_id_is_refused_with_the_reason_and_nothing_changes({ page, baseUrl }) {
  await openGame(page, baseUrl, { seed: 2 });
  await playTurn(page);
  const before = await view(page);
  for (const [position, match, reason] of [["not-an-id", "", /Position ID/], ["4HPwATDgc/ABMA", "zzzz", /Match ID/], ["", "", /Position ID/]]) {
    await setUp(page, position, match, { underWay: true });
    const error = page.locator('[data-dialog="setUpIds"] [data-error]');
    await error.waitFor();
    const text = await error.textContent();
    assert.match(text, reason);
    assert.match(text, /Nothing was changed/);
    assert.equal(await page.inputValue('[data-dialog="setUpIds"] [data-field="positionId"]'), position, "what was typed is kept");
    await page.click('[data-dialog="setUpIds"] [data-action=""]');
    await page.locator('[data-dialog="setUpIds"]').waitFor({ state: "detached" });
    const after = await view(page);
    assert.deepEqual([after.position_id, after.match_id, after.phase, after.score], [before.position_id, before.match_id, before.phase, before.score]);
  }
}

/** Plays `turns` turns and returns the (Position ID, Match ID) after each. */
async function playRecorded(page, turns) {
  const seen = [];
  for (let i = 0; i < turns; i++) {
    const v = await playTurn(page);
    seen.push(`${v.position_id} ${v.match_id}`);
  }
  return seen;
}

/** Exports the match from the menu; returns the downloaded file's path and text. */
async function exportMat(page, artifacts, name) {
  const [download] = await Promise.all([page.waitForEvent("download"), matchesMenu(page, "export")]);
  assert.match(download.suggestedFilename(), /^gamao-\d{4}-\d\d-\d\d-\d{4}\.mat$/);
  const file = path.join(artifacts, name);
  await download.saveAs(file);
  const { readFile } = await import("node:fs/promises");
  return { file, text: await readFile(file, "utf8") };
}

export async function an_exported_match_imported_again_replays_move_by_move_through_the_played_positions({ page, baseUrl, artifacts }) {
  await openGame(page, baseUrl, { seed: 7 });
  const played = await playRecorded(page, 6);
  const inPlay = await view(page);
  const { file, text } = await exportMat(page, artifacts, "exported.mat");
  assert.match(text, /^ 5 point match/);

  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), matchesMenu(page, "import")]);
  await chooser.setFiles(file);
  const where = page.locator('[data-replay="where"]');
  await where.waitFor();
  assert.match(await where.textContent(), /exported\.mat · game 1 · 1\/7 · start$/);
  const options = await page.locator('[data-replay="jump"] option').allTextContents();
  assert.equal(options[0], "1. Game 1: start", "the list names the first frame once");
  assert.match(options[1], /^2\. Game 1: (White|Red) \d-\d: \S/, "each play with its dice");
  assert.equal(await page.isVisible('[data-control="roll"]'), false, "the match's controls are put away");

  const shown = async () => `${await page.textContent('[data-copy="positionId"]')} ${await page.textContent('[data-copy="matchId"]')}`;
  const replayed = [];
  for (let i = 0; i < played.length; i++) {
    await page.click('[data-replay="forward"]');
    replayed.push(await shown());
  }
  assert.deepEqual(replayed, played, "each frame is the position played");
  assert.equal(await page.isDisabled('[data-replay="forward"]'), true, "the last frame");
  await page.click('[data-replay="back"]');
  assert.equal(await shown(), played[played.length - 2]);
  await page.selectOption('[data-replay="jump"]', "2");
  assert.equal(await shown(), played[1], "jumped to the third frame");
  assert.match(await where.textContent(), /3\/7 · (White|Red) \d-\d: /);
  await page.focus('[data-replay="forward"]');
  await page.keyboard.press("ArrowRight");
  assert.equal(await shown(), played[2], "the right arrow steps forward");
  await page.keyboard.press("ArrowLeft");
  assert.equal(await shown(), played[1], "the left arrow steps back");
  await page.screenshot({ path: path.join(artifacts, "replay-wide.png") });
  await page.setViewportSize({ width: 414, height: 860 });
  await nextFrame(page);
  await page.screenshot({ path: path.join(artifacts, "replay-narrow.png") });

  await page.click('[data-replay="leave"]');
  await nextFrame(page);
  const back = await view(page);
  assert.deepEqual([back.position_id, back.match_id, back.phase, back.dice], [inPlay.position_id, inPlay.match_id, inPlay.phase, inPlay.dice], "the match in play is untouched");
  assert.equal(await page.isEnabled('[data-control="roll"]'), true);
  assert.equal(await page.textContent('[data-copy="positionId"]'), inPlay.position_id);
}

export async function a_broken_mat_file_is_refused_with_the_line_and_the_match_is_untouched({ page, baseUrl, artifacts }) {
  await openGame(page, baseUrl, { seed: 2 });
  await playTurn(page);
  const before = await view(page);
  const { writeFile } = await import("node:fs/promises");
  const file = path.join(artifacts, "broken.mat");
  await writeFile(file, " 5 point match\n\n Game 1\n White : 0                      Red : 0\n  1) 31: 24/1\n");
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), matchesMenu(page, "import")]);
  await chooser.setFiles(file);
  const notice = page.locator('[data-dialog="replayRefused"]');
  await notice.waitFor();
  assert.match(await notice.textContent(), /line 5/);
  await answer(page, "replayRefused", "ok");
  const after = await view(page);
  assert.deepEqual([after.position_id, after.phase], [before.position_id, before.phase]);
}

export async function gnu_backgammon_reads_a_mat_file_exported_by_the_page_with_the_same_score({ page, baseUrl, artifacts }) {
  if (!existsSync(GNUBG)) throw new Error(`${GNUBG} is missing: run scripts/setup.sh`);
  await openGame(page, baseUrl, { seed: 11 });
  // game 1: a double dropped; game 2: a double taken and a few turns
  await playTurn(page);
  await page.click('[data-control="double"]');
  await andWait(page, () => answer(page, "takeDrop", "drop"));
  await andWait(page, () => answer(page, "gameOver", "next"));
  await playRecorded(page, 3);
  await page.click('[data-control="double"]');
  await andWait(page, () => answer(page, "takeDrop", "take"));
  await playRecorded(page, 2);
  const v = await view(page);
  assert.equal(phaseOf(v), "Deciding");
  const { file } = await exportMat(page, artifacts, "for-gnubg.mat");
  const output = await gnubgImport(file);
  const games = output.match(/^games (\d+)$/m);
  const final = output.match(/^final (\d+) (\d+)$/m);
  assert.ok(games && final, `gnubg did not import the file: ${output}`);
  assert.equal(Number(games[1]), 2);
  assert.deepEqual({ white: Number(final[1]), red: Number(final[2]) }, v.score);
}

export async function ids_with_dice_or_an_offer_set_up_the_same_moment({ page, baseUrl }) {
  // GNU Backgammon's IDs for the start position with 1-1 rolled, then a double offered
  // and a resignation offered during a real match (tests/data/gnubg_match_ids_in_play.txt)
  for (const [position, match, phase] of [
    ["4HPwATDgc/ABMA", "cImkAAAAAAAE", "Moving"],
    ["cJ/BASiM5+ABJA", "MBmgAAAAAAAE", "CubeOffered"],
    ["bM7gASRwn8EBKA", "USGgAAAAAAAE", "ResignationOffered"],
  ]) {
    await openGame(page, baseUrl, { position, match });
    const v = await view(page);
    assert.equal(phaseOf(v), phase, `${position} ${match}`);
    assert.deepEqual([v.position_id, v.match_id], [position, match]);
    assert.equal(await page.textContent('[data-copy="matchId"]'), match);
  }
}

export async function a_match_set_up_from_ids_is_not_exported_and_says_why({ page, baseUrl }) {
  await openGame(page, baseUrl, { position: "4HPwATDgc/ABMA", match: "sIGyAEAAAAAE" });
  await playTurn(page);
  await matchesMenu(page, "export");
  const notice = page.locator('[data-dialog="exportRefused"]');
  await notice.waitFor();
  assert.match(await notice.textContent(), /set-up position/);
  await answer(page, "exportRefused", "ok");
}
