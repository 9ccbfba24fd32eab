//! Where a match stands: what can happen next, and who must act.

use serde::{Deserialize, Serialize};

use super::result::{GameResult, MatchResult};
use crate::rules::{Side, WinKind};

/// The phase of a match, as a caller reads it. Serialised as a tagged union:
/// `{"kind":"Moving","side":"Red"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum Phase {
    /// A game is about to start: each side rolls one die.
    OpeningRoll,
    /// `side` is on roll and may double (when allowed), offer to resign, or roll.
    Deciding { side: Side },
    /// `doubler` offered the cube; the other side takes or drops.
    CubeOffered { doubler: Side },
    /// `by` offered to resign at `level`; the other side accepts or declines.
    ResignationOffered { by: Side, level: WinKind },
    /// `side` is moving its checkers one step at a time.
    Moving { side: Side },
    /// `side` has played all it can; the turn ends when it confirms.
    TurnComplete { side: Side },
    /// The game is over; the next action is the next game's opening roll.
    GameOver { result: GameResult },
    /// The match is over.
    MatchOver { result: MatchResult },
}

impl std::fmt::Display for Phase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Phase::OpeningRoll => f.write_str("waiting for the opening roll"),
            Phase::Deciding { side } => write!(f, "{side} to roll or double"),
            Phase::CubeOffered { doubler } => write!(f, "{} to take or drop", doubler.other()),
            Phase::ResignationOffered { by, .. } => {
                write!(f, "{} to answer a resignation", by.other())
            }
            Phase::Moving { side } => write!(f, "{side} moving"),
            Phase::TurnComplete { side } => write!(f, "{side} to end the turn"),
            Phase::GameOver { .. } => f.write_str("the game is over"),
            Phase::MatchOver { .. } => f.write_str("the match is over"),
        }
    }
}

impl Phase {
    /// The side that must act now, if any.
    #[must_use]
    pub fn acting_side(self) -> Option<Side> {
        match self {
            Phase::Deciding { side } | Phase::Moving { side } | Phase::TurnComplete { side } => {
                Some(side)
            }
            Phase::CubeOffered { doubler } => Some(doubler.other()),
            Phase::ResignationOffered { by, .. } => Some(by.other()),
            Phase::OpeningRoll | Phase::GameOver { .. } | Phase::MatchOver { .. } => None,
        }
    }

    /// Whether a game is being played (not before, between or after games).
    #[must_use]
    pub fn is_in_game(self) -> bool {
        self.acting_side().is_some()
    }
}
