//! The strength benchmark's reference data: decisions from GNU Backgammon's self-play,
//! each legal play (or cube action) with GNU Backgammon's equity, and how much a choice
//! gives away against its best. Made by `tests/gnubg/strength_reference.py`; read by
//! `gamao bench strength`.

use std::fmt;

use super::cube::{CubeAction, CubeAdvice};
use crate::notation::PositionId;
use crate::rules::{Dice, LegalPlay, Position};

/// A play worse than the best by more than this is a blunder.
pub const BLUNDER: f32 = 0.08;

/// A line of a reference file that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseReferenceError {
    /// The line number, from 1.
    pub line: usize,
    pub problem: String,
}

impl fmt::Display for ParseReferenceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.problem)
    }
}

impl std::error::Error for ParseReferenceError {}

/// A checker-play decision and the judge's equity of every legal play.
#[derive(Clone, Debug, PartialEq)]
pub struct JudgedPlay {
    /// The position before the play, its mover on roll.
    pub position: Position,
    pub dice: Dice,
    /// Each play's position after it (its opponent on roll) and the mover's equity
    /// after it at the judge's 0-, 1- and 2-ply.
    pub plays: Vec<(Position, [f32; 3])>,
}

impl JudgedPlay {
    /// The judge's equity at `plies` (0, 1 or 2) of the play leaving `after` (seen by
    /// the side that made it, as [`LegalPlay::position`] is), if the judge has it.
    #[must_use]
    pub fn equity(&self, after: &LegalPlay, plies: usize) -> Option<f32> {
        let seen_by_opponent = after.position.flipped();
        self.plays
            .iter()
            .find(|(p, _)| *p == seen_by_opponent)
            .and_then(|(_, e)| e.get(plies).copied())
    }

    /// The best equity at `plies`.
    #[must_use]
    pub fn best(&self, plies: usize) -> f32 {
        self.plays
            .iter()
            .map(|(_, e)| e[plies.min(2)])
            .fold(f32::NEG_INFINITY, f32::max)
    }

    /// The judge's choice at `plies`: the equity at 2-ply of the play best at `plies`.
    #[must_use]
    pub fn judge_choice(&self, plies: usize) -> f32 {
        self.judged_best(plies)
            .map_or(f32::NEG_INFINITY, |(_, e)| e[2])
    }

    /// The position after the judge's choice at `plies` (its opponent on roll).
    #[must_use]
    pub fn judge_choice_after(&self, plies: usize) -> Position {
        self.judged_best(plies)
            .map_or(self.position, |(after, _)| *after)
    }

    /// The play best at `plies` and its equities.
    fn judged_best(&self, plies: usize) -> Option<&(Position, [f32; 3])> {
        self.plays
            .iter()
            .max_by(|a, b| a.1[plies.min(2)].total_cmp(&b.1[plies.min(2)]))
    }
}

/// A money cube decision (cube centred) and the judge's cubeful equities for the side
/// on roll.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct JudgedCube {
    /// The position before the roll, its side on roll to decide.
    pub position: Position,
    pub no_double: f32,
    pub double_take: f32,
    pub double_pass: f32,
}

impl JudgedCube {
    /// What the doubler gives away by the action `advice` recommends, and what the
    /// taker gives away by its answer, in the judge's equities.
    #[must_use]
    pub fn errors(&self, advice: &CubeAdvice) -> (f32, f32) {
        let doubled = self.double_take.min(self.double_pass);
        let best = self.no_double.max(doubled);
        let doubles = matches!(
            advice.action,
            CubeAction::DoubleTake | CubeAction::DoublePass
        );
        let double_error = best - if doubles { doubled } else { self.no_double };
        // The taker's equity is minus the doubler's: taking is right when it leaves the
        // doubler no more than a pass would.
        let should_take = self.double_take <= self.double_pass;
        let take_error = if advice.take == should_take {
            0.0
        } else {
            (self.double_take - self.double_pass).abs()
        };
        (double_error, take_error)
    }
}

fn position(id: &str, line: usize) -> Result<Position, ParseReferenceError> {
    id.parse::<PositionId>()
        .map(|p| p.0)
        .map_err(|e| ParseReferenceError {
            line,
            problem: format!("bad Position ID {id:?}: {e}"),
        })
}

fn number(text: &str, line: usize) -> Result<f32, ParseReferenceError> {
    text.parse::<f32>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| ParseReferenceError {
            line,
            problem: format!("bad equity {text:?}"),
        })
}

/// The lines that carry data, numbered from 1: not empty, not `#` comments.
fn data_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
}

/// Reads a checker-play reference file (`POSITION_ID DICE AFTER_ID:E0:E1:E2 …`).
///
/// # Errors
/// The first line that is not in that form.
pub fn parse_judged_plays(text: &str) -> Result<Vec<JudgedPlay>, ParseReferenceError> {
    data_lines(text)
        .map(|(n, l)| {
            let mut words = l.split_whitespace();
            let (Some(id), Some(dice)) = (words.next(), words.next()) else {
                return Err(ParseReferenceError {
                    line: n,
                    problem: "expected POSITION_ID DICE and plays".into(),
                });
            };
            let dice = dice.parse::<Dice>().map_err(|e| ParseReferenceError {
                line: n,
                problem: format!("bad dice {dice:?}: {e}"),
            })?;
            let plays = words
                .map(|word| {
                    let fields: Vec<&str> = word.split(':').collect();
                    let [after, e0, e1, e2] = fields.as_slice() else {
                        return Err(ParseReferenceError {
                            line: n,
                            problem: format!("expected AFTER_ID:E0:E1:E2, got {word:?}"),
                        });
                    };
                    Ok((
                        position(after, n)?,
                        [number(e0, n)?, number(e1, n)?, number(e2, n)?],
                    ))
                })
                .collect::<Result<Vec<_>, _>>()?;
            if plays.is_empty() {
                return Err(ParseReferenceError {
                    line: n,
                    problem: "no plays".into(),
                });
            }
            Ok(JudgedPlay {
                position: position(id, n)?,
                dice,
                plays,
            })
        })
        .collect()
}

/// Reads a cube reference file (`POSITION_ID ND DT DP`).
///
/// # Errors
/// The first line that is not in that form.
pub fn parse_judged_cubes(text: &str) -> Result<Vec<JudgedCube>, ParseReferenceError> {
    data_lines(text)
        .map(|(n, l)| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let [id, nd, dt, dp] = words.as_slice() else {
                return Err(ParseReferenceError {
                    line: n,
                    problem: "expected POSITION_ID ND DT DP".into(),
                });
            };
            Ok(JudgedCube {
                position: position(id, n)?,
                no_double: number(nd, n)?,
                double_take: number(dt, n)?,
                double_pass: number(dp, n)?,
            })
        })
        .collect()
}
