//! `gamao random-match`: a seeded match of random legal plays and random cube actions,
//! written as a `.mat` file.

use gamao::clock::TimeControl;
use gamao::match_play::{play_randomly, Match, MatchLength, MatchOptions};
use gamao::notation::write_mat;

/// Plays a whole match to `length` points from `seed` and returns it as `.mat` text.
///
/// # Errors
/// A message when the length is not 1–25.
pub fn play(length: u32, seed: u64) -> Result<String, String> {
    let mut options = MatchOptions::seed_000(MatchLength::Points(length));
    options.time_control = TimeControl::None;
    let mut m = Match::new(options).map_err(|e| e.to_string())?;
    play_randomly(&mut m, seed, 0).map_err(|e| e.to_string())?;
    Ok(write_mat(&m))
}
