//! The cover query: the play that makes a point (two checkers on it) moving only the
//! checkers that land there, or why that cannot be done. It never changes the match.

use std::fmt;

use serde::Serialize;

use super::backgammon_match::Match;
use super::move_to::MoveRefusal;
use super::view::{board_point, step_view, StepView};
use crate::rules::{Side, Step, TurnSteps, BAR};

/// Why a point cannot be covered now. Points as in `MoveRefusal`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum CoverRefusal {
    /// No checker of this side may move now (why is in `reason`).
    CannotMove { reason: MoveRefusal },
    /// A number that is not a point of the board (1–24).
    NotAPoint { point: u8 },
    /// The side already holds `point` with two or more checkers.
    AlreadyMade { point: u8 },
    /// The opponent holds `point` with two or more checkers.
    Blocked { point: u8 },
    /// No checkers of the side can reach `point` with the dice left.
    OutOfReach { point: u8 },
}

impl fmt::Display for CoverRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoverRefusal::CannotMove { reason } => reason.fmt(f),
            CoverRefusal::NotAPoint { point } => write!(f, "{point} is not a point"),
            CoverRefusal::AlreadyMade { point } => write!(f, "point {point} is already made"),
            CoverRefusal::Blocked { point } => write!(f, "point {point} is blocked"),
            CoverRefusal::OutOfReach { point } => {
                write!(f, "no two checkers can cover point {point} with this roll")
            }
        }
    }
}

impl std::error::Error for CoverRefusal {}

impl CoverRefusal {
    /// The same reason with its point switched between `side`'s numbering and White's.
    #[must_use]
    pub fn in_board(self, side: Side) -> CoverRefusal {
        let flip = |point| board_point(side, point);
        match self {
            CoverRefusal::CannotMove { reason } => CoverRefusal::CannotMove {
                reason: reason.in_board(side),
            },
            CoverRefusal::NotAPoint { point } => CoverRefusal::NotAPoint { point },
            CoverRefusal::AlreadyMade { point } => CoverRefusal::AlreadyMade { point: flip(point) },
            CoverRefusal::Blocked { point } => CoverRefusal::Blocked { point: flip(point) },
            CoverRefusal::OutOfReach { point } => CoverRefusal::OutOfReach { point: flip(point) },
        }
    }
}

/// The answer to "cover this point", on White's points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum CoverPlan {
    /// The steps that cover it.
    Legal { steps: Vec<StepView> },
    /// Why it cannot be covered.
    Refused { reason: CoverRefusal },
}

/// A way to cover the point, for comparing candidates.
struct Cover {
    steps: Vec<Step>,
    blots: usize,
}

impl Match {
    /// [`Match::cover_steps`] on White's points, for a page.
    #[must_use]
    pub fn plan_cover(&self, side: Side, point: u8) -> CoverPlan {
        match self.cover_steps(side, board_point(side, point)) {
            Ok(steps) => CoverPlan::Legal {
                steps: steps.iter().map(|&s| step_view(side, s)).collect(),
            },
            Err(reason) => CoverPlan::Refused {
                reason: reason.in_board(side),
            },
        }
    }

    /// The steps that bring `side`'s checkers onto `point` (its own numbering) until it
    /// holds two, moving only checkers that end there: of all such plays, the one that
    /// leaves the fewest of its blots, then the one with the fewest steps.
    ///
    /// # Errors
    /// A [`CoverRefusal`] saying why the point cannot be covered now.
    pub fn cover_steps(&self, side: Side, point: u8) -> Result<Vec<Step>, CoverRefusal> {
        let turn = self
            .moving_turn(side)
            .map_err(|reason| CoverRefusal::CannotMove { reason })?;
        if !(1..=24).contains(&point) {
            return Err(CoverRefusal::NotAPoint { point });
        }
        let board = turn.current();
        if board.mover_at(point) >= 2 {
            return Err(CoverRefusal::AlreadyMade { point });
        }
        if board.opponent_at(point) >= 2 {
            return Err(CoverRefusal::Blocked { point });
        }
        let needed = 2 - board.mover_at(point);
        let mut best: Option<Cover> = None;
        search(turn, point, needed, &mut Vec::new(), &mut best);
        best.map(|c| c.steps)
            .ok_or(CoverRefusal::OutOfReach { point })
    }
}

/// Tries every checker that can reach `point` next, `needed` more times, keeping the
/// best complete cover in `best`.
fn search(
    turn: &TurnSteps,
    point: u8,
    needed: u8,
    steps: &mut Vec<Step>,
    best: &mut Option<Cover>,
) {
    if needed == 0 {
        let board = turn.current();
        let blots = (1..=24).filter(|&p| board.mover_at(p) == 1).count();
        let better = best
            .as_ref()
            .is_none_or(|b| (blots, steps.len()) < (b.blots, b.steps.len()));
        if better {
            *best = Some(Cover {
                steps: steps.clone(),
                blots,
            });
        }
        return;
    }
    for from in (point + 1..=BAR).filter(|&p| turn.current().mover_at(p) > 0) {
        let Some(way) = turn.destinations(from).into_iter().find(|d| d.to == point) else {
            continue;
        };
        let mut next = turn.clone();
        if way
            .steps
            .iter()
            .any(|s| next.make_step(s.from, s.die).is_err())
        {
            continue;
        }
        let made = steps.len();
        steps.extend_from_slice(&way.steps);
        search(&next, point, needed - 1, steps, best);
        steps.truncate(made);
    }
}
