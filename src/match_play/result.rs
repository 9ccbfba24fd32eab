//! How a game or a match ended, and what it scored.

use serde::{Deserialize, Serialize};

use crate::rules::{Side, WinKind};

/// Why a game ended. Serialised as a tagged union, the kind of win in `win`:
/// `{"kind":"BoreOff","win":"Gammon"}`, `{"kind":"Dropped"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", content = "win")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum GameEnd {
    /// The winner bore off all its checkers.
    BoreOff(WinKind),
    /// The loser dropped a double.
    Dropped,
    /// The loser offered to resign at this level and the winner accepted.
    ResignationAccepted(WinKind),
    /// The loser resigned directly (scored as this kind).
    Resigned(WinKind),
    /// The loser's reserve ran out and the winner claimed the game (a gammon).
    ClaimedOnTime,
    /// The loser forfeited the match.
    Forfeit,
    /// The loser's time bank ran out: the match is lost.
    TimeOut,
}

/// The end of a game: who won, how, and the points scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct GameResult {
    /// The side that won the game.
    pub winner: Side,
    /// How the game ended.
    pub end: GameEnd,
    /// Points added to the winner's score.
    pub points: u32,
}

/// Why a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum MatchEnd {
    /// The winner reached the target score.
    ReachedTarget,
    /// The loser forfeited.
    Forfeit,
    /// The loser's time bank ran out.
    TimeOut,
}

/// The winner of a match and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct MatchResult {
    /// The side that won the match.
    pub winner: Side,
    /// Why the match ended.
    pub end: MatchEnd,
}
