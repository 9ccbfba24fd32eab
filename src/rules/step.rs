//! A single checker step: one checker moved by one die.

use serde::{Deserialize, Serialize};

/// The mover's bar, as a point number: checkers there re-enter on point `25 - die`.
pub const BAR: u8 = 25;
/// Off the board, as a point number: where borne-off checkers go.
pub const OFF: u8 = 0;

/// One checker moved by one die, in the mover's coordinates.
///
/// `from` is 1–24 or [`BAR`]; `to` is 1–24 or [`OFF`]. `die` is the die used, which
/// is larger than `from - to` only when bearing off from below the die's point.
/// `hit` says an opposing blot on `to` was sent to the bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Step {
    pub from: u8,
    pub to: u8,
    pub die: u8,
    pub hit: bool,
}

impl Step {
    /// Pips wasted by this step: what the die gives beyond the distance to the tray.
    #[must_use]
    pub fn wasted_pips(self) -> u8 {
        if self.to == OFF {
            self.die - self.from
        } else {
            0
        }
    }
}

/// Why a single checker step is not possible. Serialised with its variant in `step`
/// (inside `TurnError`'s `kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum StepError {
    /// The die is not 1–6 or not among the dice left this turn.
    NoSuchDie { die: u8 },
    /// There is no checker of the mover on that point.
    NoChecker { from: u8 },
    /// A checker is on the bar and must enter before any other moves.
    MustEnterFirst,
    /// The landing point holds two or more opposing checkers.
    Blocked { to: u8 },
    /// Bearing off needs every checker in the home board.
    NotAllHome,
    /// A die larger than the point bears off only from the highest occupied point.
    HigherCheckerFirst,
    /// The step given differs from the one the rules make (wrong `to` or `hit`).
    Mismatch,
}

impl std::fmt::Display for StepError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StepError::NoSuchDie { die } => write!(f, "no die {die} is left to play"),
            StepError::NoChecker { from } => write!(f, "no checker of yours on point {from}"),
            StepError::MustEnterFirst => f.write_str("checkers on the bar must enter first"),
            StepError::Blocked { to } => write!(f, "point {to} is blocked"),
            StepError::NotAllHome => {
                f.write_str("bearing off needs every checker in the home board")
            }
            StepError::HigherCheckerFirst => {
                f.write_str("a larger die bears off only from the highest point")
            }
            StepError::Mismatch => f.write_str("that step does not match the board"),
        }
    }
}

impl std::error::Error for StepError {}
