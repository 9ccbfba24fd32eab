//! The match as plain data for a page, in absolute coordinates.
//!
//! Points are White's: index 0 of [`MatchView::points`] is White's 1-point (Red's
//! 24-point). Checker moves of the side on roll keep its own numbering in `from`/`to`
//! (as [`super::Action::Step`] takes them) and give the absolute point in
//! `board_from`/`board_to`, where 25 stands for the mover's bar and 0 for its tray.

use serde::Serialize;

use super::backgammon_match::Match;
use super::crawford::CrawfordState;
use super::options::MatchOptions;
use super::phase::Phase;
use crate::clock::ClockReading;
use crate::notation::PositionId;
use crate::rules::{BySide, Side, Step, WinKind, BAR, OFF};

/// One checker step, in the mover's numbering and on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct StepView {
    pub from: u8,
    pub to: u8,
    pub die: u8,
    pub hit: bool,
    pub board_from: u8,
    pub board_to: u8,
}

/// A point a checker can reach this turn and the steps that take it there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TargetView {
    pub to: u8,
    pub board_to: u8,
    pub steps: Vec<StepView>,
}

/// Every point the checkers on one point (or the bar) can reach this turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckerTargets {
    pub from: u8,
    pub board_from: u8,
    pub targets: Vec<TargetView>,
}

/// The cube as shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CubeView {
    pub value: u32,
    /// The face up: 64 while centred.
    pub shown: u32,
    pub owner: Option<Side>,
}

/// The lengths a timer bar is drawn against, in ms (all 0 without a clock).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ClockLimits {
    /// The move timer (green) of every action.
    pub move_ms: u64,
    /// The bank or reserve at the start of the match.
    pub bank_start_ms: u64,
    /// The most the bank or reserve can hold.
    pub bank_max_ms: u64,
}

/// What each way of giving up the game would score for the opponent now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ResignationPoints {
    /// Offered resignations (seed 000), by level.
    pub single: u32,
    pub gammon: u32,
    pub backgammon: u32,
    /// A direct resignation (seed 001) by each side.
    pub direct: BySide<u32>,
}

/// Everything a page needs to draw the match and offer the legal actions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchView {
    pub options: MatchOptions,
    pub phase: Phase,
    pub game_number: u32,
    /// Checkers on White's points 1–24: positive White, negative Red.
    pub points: [i8; 24],
    pub bar: BySide<u8>,
    pub off: BySide<u8>,
    pub pips: BySide<u32>,
    /// The side on roll (or last on roll).
    pub turn: Side,
    pub dice: Option<[u8; 2]>,
    pub dice_left: Vec<u8>,
    /// The last opening roll: White's die, Red's die.
    pub opening_roll: Option<[u8; 2]>,
    pub cube: CubeView,
    /// Whether the side on roll may double now.
    pub may_double: bool,
    pub score: BySide<u32>,
    /// The target, `None` for a money session.
    pub match_length: Option<u32>,
    pub crawford: CrawfordState,
    pub clocks: BySide<ClockReading>,
    pub clock_limits: ClockLimits,
    /// The side that may claim the game on time now.
    pub claimable_by: Option<Side>,
    pub declined_resignation: Option<WinKind>,
    pub resignation_points: ResignationPoints,
    /// The side whose last turn passed for want of a legal move.
    pub passed: Option<Side>,
    pub auto_roll: BySide<bool>,
    pub steps_made: Vec<StepView>,
    pub legal_steps: Vec<StepView>,
    pub destinations: Vec<CheckerTargets>,
    pub position_id: String,
    pub match_id: String,
}

/// A point of `side`'s numbering on White's board; 0 (tray) and 25 (bar) stay.
#[must_use]
pub fn board_point(side: Side, point: u8) -> u8 {
    match (side, point) {
        (Side::Red, 1..=24) => 25 - point,
        _ => point,
    }
}

fn step_view(side: Side, step: Step) -> StepView {
    StepView {
        from: step.from,
        to: step.to,
        die: step.die,
        hit: step.hit,
        board_from: board_point(side, step.from),
        board_to: board_point(side, step.to),
    }
}

impl Match {
    /// The match as plain data at `now_ms` (clocks are read at that time).
    #[must_use]
    pub fn view(&self, now_ms: u64) -> MatchView {
        let game = self.game();
        let mover = game.turn();
        let white = game.position_for(Side::White);
        let mut points = [0i8; 24];
        for (i, slot) in points.iter_mut().enumerate() {
            let p = i as u8 + 1;
            *slot = white.mover_at(p) as i8 - white.opponent_at(p) as i8;
        }
        let (white_pips, red_pips) = white.pip_counts();
        let turn = game.turn_steps();
        let views = |steps: &[Step]| steps.iter().map(|&s| step_view(mover, s)).collect();
        let destinations = turn.map_or_else(Vec::new, |t| {
            (OFF + 1..=BAR)
                .filter(|&from| t.current().mover_at(from) > 0)
                .filter_map(|from| {
                    let targets: Vec<TargetView> = t
                        .destinations(from)
                        .into_iter()
                        .map(|d| TargetView {
                            to: d.to,
                            board_to: board_point(mover, d.to),
                            steps: views(&d.steps),
                        })
                        .collect();
                    (!targets.is_empty()).then(|| CheckerTargets {
                        from,
                        board_from: board_point(mover, from),
                        targets,
                    })
                })
                .collect()
        });
        let cube = game.cube();
        MatchView {
            options: *self.options(),
            phase: self.phase(),
            game_number: game.number(),
            points,
            bar: BySide {
                white: white.mover_bar(),
                red: white.opponent_bar(),
            },
            off: BySide {
                white: white.mover_off(),
                red: white.opponent_off(),
            },
            pips: BySide {
                white: white_pips,
                red: red_pips,
            },
            turn: mover,
            dice: game.dice(),
            dice_left: turn.map_or_else(Vec::new, |t| t.dice_left()),
            opening_roll: game.opening_roll(),
            cube: CubeView {
                value: cube.value(),
                shown: cube.shown(),
                owner: cube.owner(),
            },
            may_double: matches!(self.phase(), Phase::Deciding { side } if self.check_double(side).is_ok()),
            score: self.score(),
            match_length: self.options().target(),
            crawford: self.crawford(),
            clocks: BySide {
                white: self.clock().reading(Side::White, now_ms),
                red: self.clock().reading(Side::Red, now_ms),
            },
            clock_limits: ClockLimits {
                move_ms: self.options().time_control.move_ms(),
                bank_start_ms: self.options().time_control.start_ms(),
                bank_max_ms: self.options().time_control.bank_max_ms(),
            },
            claimable_by: self.claimable_by(now_ms),
            declined_resignation: game.declined_resignation(),
            resignation_points: ResignationPoints {
                single: self.points_for(WinKind::Single),
                gammon: self.points_for(WinKind::Gammon),
                backgammon: self.points_for(WinKind::Backgammon),
                direct: BySide {
                    white: self.direct_resignation_points(Side::White),
                    red: self.direct_resignation_points(Side::Red),
                },
            },
            passed: game.passed(),
            auto_roll: BySide {
                white: self.auto_roll(Side::White),
                red: self.auto_roll(Side::Red),
            },
            steps_made: turn.map_or_else(Vec::new, |t| views(t.play().steps())),
            legal_steps: turn.map_or_else(Vec::new, |t| views(&t.legal_next_steps())),
            destinations,
            position_id: PositionId(game.position()).to_string(),
            match_id: self.match_id().to_string(),
        }
    }
}
