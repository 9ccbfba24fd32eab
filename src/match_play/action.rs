//! What a player (or the page on its behalf) can do, and the record of what was done.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::view::board_point;
use crate::rules::{Side, WinKind};

/// One action on a match. Which side acts is given with it.
///
/// Points are in the mover's own numbering inside the engine; across the JavaScript
/// boundary they are White's (see `Action::in_board`). Serialised as a tagged union:
/// `{"kind":"Step","from":13,"die":5}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum Action {
    /// Both sides roll one die to start a game (again after a tie).
    OpeningRoll,
    /// Roll the two dice for the turn.
    Roll,
    /// Offer the cube before rolling.
    Double,
    /// Accept the cube.
    Take,
    /// Refuse the cube and lose the game.
    Drop,
    /// Move one checker from `from` (the mover's own numbering; 25 is the bar) by `die`.
    Step { from: u8, die: u8 },
    /// Move one checker from `from` to `to` (0 = borne off) with as many dice as it
    /// takes, resolved by [`super::Match::move_steps`]; recorded as the steps it makes.
    MoveTo { from: u8, to: u8 },
    /// Take back the last step of this turn.
    UndoStep,
    /// Confirm the play: the turn passes.
    EndTurn,
    /// Offer to resign the game at this level (offered-resignation rules).
    OfferResignation { level: WinKind },
    /// Accept the opponent's resignation offer.
    AcceptResignation,
    /// Decline the opponent's resignation offer.
    DeclineResignation,
    /// Resign the game at once (direct-resignation rules).
    Resign,
    /// Give up the whole match.
    ForfeitMatch,
    /// Claim the game because the opponent's reserve is empty.
    ClaimWinOnTime,
    /// Switch the side's auto-roll option (a side with it on may not double).
    SetAutoRoll { on: bool },
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::OpeningRoll => f.write_str("opening roll"),
            Action::Roll => f.write_str("roll"),
            Action::Double => f.write_str("double"),
            Action::Take => f.write_str("take"),
            Action::Drop => f.write_str("drop"),
            Action::Step { from, die } => write!(f, "move from {from} by {die}"),
            Action::MoveTo { from, to } => write!(f, "move from {from} to {to}"),
            Action::UndoStep => f.write_str("undo"),
            Action::EndTurn => f.write_str("end turn"),
            Action::OfferResignation { level } => write!(f, "offer to resign a {level}"),
            Action::AcceptResignation => f.write_str("accept the resignation"),
            Action::DeclineResignation => f.write_str("decline the resignation"),
            Action::Resign => f.write_str("resign"),
            Action::ForfeitMatch => f.write_str("forfeit the match"),
            Action::ClaimWinOnTime => f.write_str("claim the win on time"),
            Action::SetAutoRoll { on } => {
                write!(f, "set auto roll {}", if *on { "on" } else { "off" })
            }
        }
    }
}

impl Action {
    /// The same action with its points switched between `side`'s numbering and White's
    /// (the switch is its own inverse; 0, the tray, and 25, the bar, stay).
    #[must_use]
    pub fn in_board(self, side: Side) -> Action {
        match self {
            Action::Step { from, die } => Action::Step {
                from: board_point(side, from),
                die,
            },
            Action::MoveTo { from, to } => Action::MoveTo {
                from: board_point(side, from),
                to: board_point(side, to),
            },
            other => other,
        }
    }
}

/// One entry of a match's history: enough to replay the match exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HistoryEntry {
    /// An action accepted from a side; rolls carry the dice they produced (for the
    /// opening roll: White's die, then Red's).
    Acted {
        at_ms: u64,
        side: Side,
        action: Action,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dice: Option<[u8; 2]>,
    },
    /// A side's time bank ran out (found by a clock tick).
    TimedOut { at_ms: u64, side: Side },
}
