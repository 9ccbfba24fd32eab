//! Why an action was refused. A refused action never changes the match.

use std::fmt;

use serde::Serialize;

use super::action::Action;
use super::cube::DoubleRefusal;
use super::move_to::MoveRefusal;
use super::phase::Phase;
use super::view::board_point;
use crate::rules::{DiceGenError, Side, StepError, TurnError, WinKind};

/// Why `Match::act` (`Match.act` in JavaScript) refused an action. Serialised as a
/// tagged union (like `{"kind":"IllegalMove","reason":{"kind":"Blocked","point":19}}`)
/// for interfaces that explain it in their own language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum ActionError {
    /// The action is not possible in this phase.
    WrongPhase { action: Action, phase: Phase },
    /// The move cannot be made: why, with points in the mover's numbering.
    IllegalMove { reason: MoveRefusal },
    /// It is not this side's turn to act.
    WrongSide { side: Side },
    /// The side may not double now.
    CannotDouble { reason: DoubleRefusal },
    /// The step breaks the rules of the turn.
    IllegalStep { reason: TurnError },
    /// No step was made this turn.
    NothingToUndo,
    /// Dice are still to be played.
    TurnNotComplete,
    /// After a declined offer only a higher level may be offered this turn.
    ResignationTooLow { declined: WinKind },
    /// The match uses the other resignation style (offered vs direct).
    WrongResignationStyle,
    /// No win can be claimed: no reserve clock, or the opponent's reserve is not empty.
    NothingToClaim,
    /// The acting side's time bank is empty; a clock tick will end the match.
    OutOfTime { side: Side },
    /// `now_ms` is earlier than a time already seen.
    TimeWentBackwards { last_ms: u64, now_ms: u64 },
    /// A recorded roll is not a possible roll (only when replaying).
    BadRecordedDice { dice: [u8; 2] },
    /// The dice generator failed.
    Dice { error: DiceGenError },
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::WrongPhase { action, phase } => {
                write!(f, "cannot {action} now ({phase})")
            }
            ActionError::WrongSide { side } => write!(f, "it is not {side}'s turn to act"),
            ActionError::IllegalMove { reason } => write!(f, "illegal move: {reason}"),
            ActionError::CannotDouble { reason } => write!(f, "cannot double: {reason}"),
            ActionError::IllegalStep { reason } => write!(f, "illegal move: {reason}"),
            ActionError::NothingToUndo => f.write_str("no move to undo this turn"),
            ActionError::TurnNotComplete => f.write_str("there are still dice to play"),
            ActionError::ResignationTooLow { declined } => {
                write!(
                    f,
                    "a {declined} was declined this turn; offer a higher level"
                )
            }
            ActionError::WrongResignationStyle => {
                f.write_str("this match does not use that way of resigning")
            }
            ActionError::NothingToClaim => {
                f.write_str("the opponent's reserve is not exhausted; nothing to claim")
            }
            ActionError::OutOfTime { side } => write!(f, "{side}'s time bank is empty"),
            ActionError::TimeWentBackwards { last_ms, now_ms } => {
                write!(f, "time went backwards: {now_ms} ms after {last_ms} ms")
            }
            ActionError::BadRecordedDice { dice } => {
                write!(f, "the recorded roll {}-{} is impossible", dice[0], dice[1])
            }
            ActionError::Dice { error } => error.fmt(f),
        }
    }
}

impl std::error::Error for ActionError {}

impl ActionError {
    /// The same error with its points switched between `side`'s numbering and White's.
    #[must_use]
    pub fn in_board(self, side: Side) -> ActionError {
        match self {
            ActionError::WrongPhase { action, phase } => ActionError::WrongPhase {
                action: action.in_board(side),
                phase,
            },
            ActionError::IllegalMove { reason } => ActionError::IllegalMove {
                reason: reason.in_board(side),
            },
            ActionError::IllegalStep {
                reason: TurnError::Step(step),
            } => ActionError::IllegalStep {
                reason: TurnError::Step(match step {
                    StepError::NoChecker { from } => StepError::NoChecker {
                        from: board_point(side, from),
                    },
                    StepError::Blocked { to } => StepError::Blocked {
                        to: board_point(side, to),
                    },
                    other => other,
                }),
            },
            other => other,
        }
    }
}
