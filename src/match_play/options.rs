//! The options a match is played with, and the two presets named after their sources.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::clock::TimeControl;
use crate::rules::RuleSet;

/// The longest match offered, in points.
pub const MAX_MATCH_POINTS: u32 = 25;

/// How long a match is. Serialised as a tagged union: `{"kind":"Points","points":5}`,
/// `{"kind":"Unlimited"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", content = "points")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum MatchLength {
    /// The first to this many points (1–25) wins.
    Points(u32),
    /// A money session: games are scored, no one reaches a target.
    Unlimited,
}

/// How a player gives up a game (GAME.md §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum ResignationStyle {
    /// Seed 000: offer a single game, gammon or backgammon; the opponent accepts or
    /// declines; only higher offers after a decline in the same turn.
    Offered,
    /// Seed 001: resigning ends the game at once, as a gammon if the resigner has
    /// borne off nothing, else as a single game.
    Direct,
}

/// Every rule option of a match, each settable on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct MatchOptions {
    /// Points to win, or an unlimited money session.
    pub length: MatchLength,
    /// Whether the doubling cube is used at all.
    pub cube: bool,
    /// Whether backgammons count triple (else as gammons).
    pub backgammons: bool,
    /// Whether plays must waste the fewest pips bearing off.
    pub minimise_wasted_pips: bool,
    /// How a side gives up a game: offered at a level, or at once.
    pub resignation: ResignationStyle,
    /// The clock: none, a time bank or a reserve.
    pub time_control: TimeControl,
}

/// Why options cannot start a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionsError {
    /// A match length outside 1–25 points.
    BadLength(u32),
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionsError::BadLength(n) => {
                write!(f, "a match is 1 to {MAX_MATCH_POINTS} points long, not {n}")
            }
        }
    }
}

impl std::error::Error for OptionsError {}

impl MatchOptions {
    /// The seed-000 preset: backgammons count, offered resignations with levels, time
    /// bank clock whose time-out loses the match.
    #[must_use]
    pub fn seed_000(length: MatchLength) -> MatchOptions {
        MatchOptions {
            length,
            cube: true,
            backgammons: true,
            minimise_wasted_pips: false,
            resignation: ResignationStyle::Offered,
            time_control: TimeControl::TimeBank,
        }
    }

    /// The seed-001 preset: no backgammons, direct resignation, reserve clock whose
    /// time-out the opponent can claim as a gammon, "minimise wasted pips".
    #[must_use]
    pub fn seed_001(length: MatchLength) -> MatchOptions {
        MatchOptions {
            length,
            cube: true,
            backgammons: false,
            minimise_wasted_pips: true,
            resignation: ResignationStyle::Direct,
            time_control: TimeControl::Reserve,
        }
    }

    /// The rules of checker play and game scoring these options select.
    #[must_use]
    pub fn rules(&self) -> RuleSet {
        RuleSet {
            backgammons: self.backgammons,
            minimise_wasted_pips: self.minimise_wasted_pips,
        }
    }

    /// The target in points, `None` for a money session.
    #[must_use]
    pub fn target(&self) -> Option<u32> {
        match self.length {
            MatchLength::Points(n) => Some(n),
            MatchLength::Unlimited => None,
        }
    }

    /// Checks the options.
    ///
    /// # Errors
    /// [`OptionsError::BadLength`] for a match length outside 1–25.
    pub fn validate(&self) -> Result<(), OptionsError> {
        match self.length {
            MatchLength::Points(n) if !(1..=MAX_MATCH_POINTS).contains(&n) => {
                Err(OptionsError::BadLength(n))
            }
            _ => Ok(()),
        }
    }
}
