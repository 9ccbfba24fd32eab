//! Queries for moving one checker: the steps that take it from one point to another
//! (a drop), or the typed reason it cannot go there; and the farthest point it can
//! reach (a click). Queries never change the match: they work on copies of the turn.

use std::fmt;

use serde::Serialize;

use super::backgammon_match::Match;
use super::phase::Phase;
use super::view::{board_point, step_view, StepView, TargetView};
use crate::rules::{Side, Step, StepError, TurnError, TurnSteps, BAR, OFF};

/// Why a checker cannot be moved from one point to another. Points are in the mover's
/// numbering inside the engine and White's across the JavaScript boundary (see
/// `MoveRefusal::in_board`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum MoveRefusal {
    /// No side is moving checkers now.
    NotMoving,
    /// The other side is moving.
    NotYourTurn,
    /// Every die of the turn has been played.
    TurnComplete,
    /// A number that is not a point of the board (1–24, 25 the bar, 0 off).
    NotAPoint { point: u8 },
    /// No checker of the mover is on `point`.
    NoChecker { point: u8 },
    /// A checker on the bar must enter before any other moves.
    EnterFirst,
    /// Checkers move only towards their home board.
    Backwards,
    /// No die left, and no sum of the dice left, is the `distance`.
    NoDiceFit { distance: u8 },
    /// The checker would land on `point` (the end or a stop on the way), which the
    /// opponent holds with two or more checkers.
    Blocked { point: u8 },
    /// Bearing off needs every checker in the home board.
    NotAllHome,
    /// A die larger than the distance bears off only from the highest occupied point.
    HigherCheckerFirst,
    /// Only one die can be played, and it must be `die` (the larger when either fits).
    MustPlayDie { die: u8 },
    /// The move would leave a die unplayed though another play uses them all.
    MustUseMoreDice,
    /// Another play wastes fewer pips bearing off ("minimise wasted pips").
    WastesPips,
}

impl fmt::Display for MoveRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveRefusal::NotMoving => f.write_str("no checker may move now"),
            MoveRefusal::NotYourTurn => f.write_str("it is the other side's turn to move"),
            MoveRefusal::TurnComplete => f.write_str("every die has been played"),
            MoveRefusal::NotAPoint { point } => write!(f, "{point} is not a point"),
            MoveRefusal::NoChecker { point } => write!(f, "no checker of yours on point {point}"),
            MoveRefusal::EnterFirst => f.write_str("checkers on the bar must enter first"),
            MoveRefusal::Backwards => f.write_str("checkers move only towards home"),
            MoveRefusal::NoDiceFit { distance } => {
                write!(f, "no die or sum of dice left is {distance}")
            }
            MoveRefusal::Blocked { point } => write!(f, "point {point} is blocked"),
            MoveRefusal::NotAllHome => {
                f.write_str("bearing off needs every checker in the home board")
            }
            MoveRefusal::HigherCheckerFirst => {
                f.write_str("a larger die bears off only from the highest point")
            }
            MoveRefusal::MustPlayDie { die } => {
                write!(f, "only one die can be played, and it must be the {die}")
            }
            MoveRefusal::MustUseMoreDice => {
                f.write_str("that move would leave a die unplayed; play all the dice you can")
            }
            MoveRefusal::WastesPips => {
                f.write_str("another play wastes fewer pips bearing off; play that one")
            }
        }
    }
}

impl std::error::Error for MoveRefusal {}

impl MoveRefusal {
    /// The same reason with its point switched between `side`'s numbering and White's.
    #[must_use]
    pub fn in_board(self, side: Side) -> MoveRefusal {
        match self {
            MoveRefusal::NoChecker { point } => MoveRefusal::NoChecker {
                point: board_point(side, point),
            },
            MoveRefusal::Blocked { point } => MoveRefusal::Blocked {
                point: board_point(side, point),
            },
            other => other,
        }
    }

    fn from_turn_error(error: TurnError, distance: u8) -> MoveRefusal {
        match error {
            TurnError::Step(step) => match step {
                StepError::NoChecker { from } => MoveRefusal::NoChecker { point: from },
                StepError::MustEnterFirst => MoveRefusal::EnterFirst,
                StepError::Blocked { to } => MoveRefusal::Blocked { point: to },
                StepError::NotAllHome => MoveRefusal::NotAllHome,
                StepError::HigherCheckerFirst => MoveRefusal::HigherCheckerFirst,
                StepError::NoSuchDie { .. } | StepError::Mismatch => {
                    MoveRefusal::NoDiceFit { distance }
                }
            },
            TurnError::TurnComplete => MoveRefusal::TurnComplete,
            TurnError::MustUseMoreDice => MoveRefusal::MustUseMoreDice,
            TurnError::MustPlayDie { die } => MoveRefusal::MustPlayDie { die },
            TurnError::WastesPips => MoveRefusal::WastesPips,
        }
    }
}

/// The answer to "may this checker go there?", on White's points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum MovePlan {
    /// The steps that make the move.
    Legal { steps: Vec<StepView> },
    /// Why it cannot be made.
    Refused { reason: MoveRefusal },
}

impl Match {
    /// [`Match::move_steps`] on White's points, for a page.
    #[must_use]
    pub fn plan_move(&self, side: Side, from: u8, to: u8) -> MovePlan {
        let flip = |point| board_point(side, point);
        match self.move_steps(side, flip(from), flip(to)) {
            Ok(steps) => MovePlan::Legal {
                steps: steps.iter().map(|&s| step_view(side, s)).collect(),
            },
            Err(reason) => MovePlan::Refused {
                reason: reason.in_board(side),
            },
        }
    }

    /// [`Match::farthest_target`] on White's points, for a page.
    #[must_use]
    pub fn farthest_target_on_board(&self, side: Side, from: u8) -> Option<TargetView> {
        let (to, steps) = self.farthest_target(side, board_point(side, from))?;
        Some(TargetView {
            to: board_point(side, to),
            steps: steps.iter().map(|&s| step_view(side, s)).collect(),
        })
    }

    /// [`Match::why_cannot_move`] on White's points, for a page.
    #[must_use]
    pub fn why_cannot_move_on_board(&self, side: Side, from: u8) -> Option<MoveRefusal> {
        self.why_cannot_move(side, board_point(side, from))
            .map(|reason| reason.in_board(side))
    }

    /// The turn `side` is moving in now.
    ///
    /// # Errors
    /// [`MoveRefusal::NotMoving`], [`MoveRefusal::NotYourTurn`] or
    /// [`MoveRefusal::TurnComplete`] when `side` may not move a checker now.
    pub fn moving_turn(&self, side: Side) -> Result<&TurnSteps, MoveRefusal> {
        match self.phase() {
            Phase::Moving { side: s } if s == side => {
                self.game().turn_steps().ok_or(MoveRefusal::NotMoving)
            }
            Phase::TurnComplete { side: s } if s == side => Err(MoveRefusal::TurnComplete),
            Phase::Moving { .. } | Phase::TurnComplete { .. } => Err(MoveRefusal::NotYourTurn),
            _ => Err(MoveRefusal::NotMoving),
        }
    }

    /// The steps that move one checker of `side` from `from` to `to` (its own
    /// numbering: 25 the bar, 0 borne off), the fewest when there are several ways.
    ///
    /// # Errors
    /// The [`MoveRefusal`] that says why not: for a move the dice could make, the
    /// first rule its path breaks (a blocked stop is named).
    pub fn move_steps(&self, side: Side, from: u8, to: u8) -> Result<Vec<Step>, MoveRefusal> {
        let turn = self.moving_turn(side)?;
        for point in [from, to] {
            if point > BAR {
                return Err(MoveRefusal::NotAPoint { point });
            }
        }
        let board = turn.current();
        if from == OFF || board.mover_at(from) == 0 {
            return Err(MoveRefusal::NoChecker { point: from });
        }
        if from != BAR && board.mover_bar() > 0 {
            return Err(MoveRefusal::EnterFirst);
        }
        if to != OFF && to >= from {
            return Err(MoveRefusal::Backwards);
        }
        if let Some(found) = turn.destinations(from).into_iter().find(|d| d.to == to) {
            return Ok(found.steps);
        }
        let distance = from - to;
        let first_failure = die_orders(&turn.dice_left(), from, to)
            .into_iter()
            .find_map(|dice| first_refusal(turn, from, &dice, distance));
        Err(first_failure.unwrap_or(MoveRefusal::NoDiceFit { distance }))
    }

    /// Why the checker of `side` on `from` (its own numbering) cannot move now, or `None`
    /// when it can: the turn's reason, or the reason its shortest move by a die left is
    /// refused, as a drop there would be told.
    #[must_use]
    pub fn why_cannot_move(&self, side: Side, from: u8) -> Option<MoveRefusal> {
        let turn = match self.moving_turn(side) {
            Ok(turn) => turn,
            Err(reason) => return Some(reason),
        };
        if (1..=BAR).contains(&from) && !turn.destinations(from).is_empty() {
            return None;
        }
        let dice = turn.dice_left();
        (1..=6)
            .filter(|die| dice.contains(die))
            .find_map(|die| self.move_steps(side, from, from.saturating_sub(die)).err())
    }

    /// The farthest point the checker of `side` on `from` can reach this turn (borne
    /// off counts as farthest), with the steps that take it there; `None` when it
    /// cannot move.
    #[must_use]
    pub fn farthest_target(&self, side: Side, from: u8) -> Option<(u8, Vec<Step>)> {
        let turn = self.moving_turn(side).ok()?;
        if !(1..=BAR).contains(&from) {
            return None;
        }
        turn.destinations(from)
            .into_iter()
            .min_by_key(|d| (d.to, d.steps.len()))
            .map(|d| (d.to, d.steps))
    }
}

/// Plays `dice` in order with one checker from `from` on a copy of the turn; the
/// reason of the first step refused, or `None` when every step is accepted. A step the
/// board itself forbids (a blocked point) is named before the rules of the whole turn.
fn first_refusal(turn: &TurnSteps, from: u8, dice: &[u8], distance: u8) -> Option<MoveRefusal> {
    let mut trial = turn.clone();
    let mut at = from;
    for &die in dice {
        match trial.make_step(at, die) {
            Ok(step) => at = step.to,
            Err(e) => {
                let cause = match trial.current().check_step(at, die) {
                    Err(step) => TurnError::Step(step),
                    Ok(_) => e,
                };
                return Some(MoveRefusal::from_turn_error(cause, distance));
            }
        }
    }
    None
}

/// Every order of the dice left (each die used at most once) that takes a checker
/// from `from` exactly to `to`, or past the tray when `to` is [`OFF`] (stopping on
/// no point below 1 before the last die). Single dice first, larger first.
fn die_orders(left: &[u8], from: u8, to: u8) -> Vec<Vec<u8>> {
    let mut found: Vec<Vec<u8>> = Vec::new();
    let mut used = vec![false; left.len()];
    let mut order = Vec::new();
    extend_orders(left, &mut used, &mut order, from, to, &mut found);
    found.sort_by_key(|o| (o.len(), std::cmp::Reverse(o.first().copied())));
    found
}

fn extend_orders(
    left: &[u8],
    used: &mut [bool],
    order: &mut Vec<u8>,
    at: u8,
    to: u8,
    found: &mut Vec<Vec<u8>>,
) {
    for i in 0..left.len() {
        let die = left[i];
        let repeat = left[..i]
            .iter()
            .zip(used.iter())
            .any(|(&d, &u)| d == die && !u);
        if used[i] || repeat {
            continue;
        }
        order.push(die);
        let arrives = if to == OFF { at <= die } else { at == to + die };
        if arrives {
            if !found.contains(order) {
                found.push(order.clone());
            }
        } else if at > die && (to == OFF || at - die > to) {
            used[i] = true;
            extend_orders(left, used, order, at - die, to, found);
            used[i] = false;
        }
        order.pop();
    }
}
