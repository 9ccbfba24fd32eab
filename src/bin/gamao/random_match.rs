//! `gamao random-match`: a seeded match of random legal plays and random cube actions,
//! written as a `.mat` file.

use std::io::Write;

use gamao::clock::TimeControl;
use gamao::match_play::{play_randomly, Match, MatchLength, MatchOptions};
use gamao::notation::write_mat;

use crate::options::number;
use crate::output;

/// Runs `gamao random-match [--length N] [--seed S]` (5 points, seed 1 by default).
pub fn run(args: &[String]) -> Result<(), String> {
    let (mut length, mut seed) = (5, 1);
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let value = iter.next().map_or("", String::as_str);
        match arg.as_str() {
            "--length" => length = number("--length", value)?,
            "--seed" => seed = number("--seed", value)?,
            other => return Err(format!("random-match: unexpected {other}")),
        }
    }
    let mat = play(length, seed)?;
    output::write(|out| out.write_all(mat.as_bytes()));
    Ok(())
}

/// Plays a whole match to `length` points from `seed` and returns it as `.mat` text.
///
/// # Errors
/// A message when the length is not 1–25.
pub fn play(length: u32, seed: u64) -> Result<String, String> {
    let mut options = MatchOptions::seed_000(MatchLength::Points(length));
    options.time_control = TimeControl::None;
    let mut m = Match::new(options).map_err(|e| e.to_string())?;
    play_randomly(&mut m, seed, 0).map_err(|e| e.to_string())?;
    write_mat(&m).map_err(|e| e.to_string())
}
