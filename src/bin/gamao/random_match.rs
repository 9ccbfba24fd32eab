//! `gamao random-match`: a seeded match written as a `.mat` file, of random legal plays
//! and random cube actions, or played by the computer at one level on both sides.

use std::io::Write;

use gamao::ai::{play_out, Computer, Level};
use gamao::clock::TimeControl;
use gamao::match_play::{play_randomly, Match, MatchLength, MatchOptions};
use gamao::notation::write_mat;
use gamao::rules::SeededDice;

use crate::options::{load_evaluator, number};
use crate::output;

/// Runs `gamao random-match [--length N] [--seed S] [--level LEVEL]` (5 points, seed 1,
/// random play by default).
pub fn run(args: &[String]) -> Result<(), String> {
    let (mut length, mut seed, mut level) = (5, 1, None);
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let value = iter.next().map_or("", String::as_str);
        match arg.as_str() {
            "--length" => length = number("--length", value)?,
            "--seed" => seed = number("--seed", value)?,
            "--level" => {
                level = Some(Level::from_name(value).ok_or_else(|| {
                    format!(
                        "random-match: unknown level {value:?} (beginner, intermediate, expert)"
                    )
                })?);
            }
            other => return Err(format!("random-match: unexpected {other}")),
        }
    }
    let mat = play(length, seed, level)?;
    output::write(|out| out.write_all(mat.as_bytes()));
    Ok(())
}

/// Plays a whole match to `length` points from `seed` and returns it as `.mat` text:
/// random play, or `level` on both sides (White's choices seeded by 2 × `seed`, Red's
/// by 2 × `seed` + 1, the dice by `seed`).
///
/// # Errors
/// A message when the length is not 1–25, or the shipped weights do not load.
fn play(length: u32, seed: u64, level: Option<Level>) -> Result<String, String> {
    let mut options = MatchOptions::seed_000(MatchLength::Points(length));
    options.time_control = TimeControl::None;
    let mut m = Match::new(options).map_err(|e| e.to_string())?;
    match level {
        None => play_randomly(&mut m, seed, 0),
        Some(level) => {
            let evaluator = load_evaluator(None)?;
            let computers = [2 * seed, 2 * seed + 1].map(|s| Computer::new(&evaluator, level, s));
            play_out(&mut m, &computers, &mut SeededDice::new(seed))
        }
    }
    .map_err(|e| e.to_string())?;
    write_mat(&m).map_err(|e| e.to_string())
}
