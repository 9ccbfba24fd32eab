//! Gamão: a backgammon rules engine, match play and computer opponent.
//!
//! The crate is layered so that each part knows only the one below it:
//!
//! - [`rules`]: positions, dice, legal plays. Knows nothing of cube or match.
//! - [`match_play`]: games and matches (cube, resignations, Crawford, scoring, saves).
//! - [`clock`]: the two time controls, with the time passed in.
//! - [`notation`]: play strings (`24/18 13/11`), GNU Backgammon Position and Match IDs,
//!   and the `.mat` match file.
//! - [`ai`]: the computer opponent: a neural evaluator of positions, its self-play
//!   training, the pubeval baseline, a one-sided bear-off database and the match
//!   equity table.
//!
//! Positions are always seen from the side on roll (the *mover*): its points are
//! numbered 1–24 towards its home board, 25 is its bar and 0 is off. The game
//! layer maps them to absolute coordinates (White's points) for display.
//!
//! ```
//! use gamao::rules::{Dice, Position, RuleSet};
//!
//! let start = Position::start();
//! let plays = start.legal_plays(Dice::new(3, 1).unwrap(), RuleSet::STANDARD);
//! assert_eq!(plays.len(), 16);
//! ```

pub mod ai;
pub mod clock;
pub mod match_play;
/// Play strings, GNU Backgammon Position and Match IDs, `.mat` files.
pub mod notation;
pub mod rng;
pub mod rules;
pub mod sample;
#[cfg(target_arch = "wasm32")]
pub mod wasm;
