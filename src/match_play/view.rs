//! The match as plain data for a page, in absolute coordinates: White's points 1–24,
//! 25 for the bar and 0 for the tray of the side concerned. The mover's own numbering
//! appears only inside notation strings.
//!
//! Besides the board, the view carries every fact a page would otherwise work out:
//! who must act and what each side may do now, the dice with their used flags, whether
//! the cube is in play, the last play, whether the rest of the turn is forced, and how
//! the game ended.

use serde::Serialize;

use super::action::Action;
use super::backgammon_match::Match;
use super::crawford::CrawfordState;
use super::game::{Game, GameEvent};
use super::options::{MatchOptions, ResignationStyle};
use super::phase::Phase;
use super::result::GameResult;
use crate::clock::ClockReading;
use crate::notation::{PlayString, PositionId};
use crate::rules::{BySide, Dice, Play, Side, Step, TurnSteps, WinKind, BAR, OFF};

/// One checker step on White's points (25 the mover's bar, 0 its tray).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct StepView {
    /// The point the checker leaves (25: the mover's bar).
    pub from: u8,
    /// The point it reaches (0: borne off).
    pub to: u8,
    /// The die it uses.
    pub die: u8,
    /// Whether it hits a lone opposing checker, sending it to the bar.
    pub hit: bool,
}

/// A point a checker can reach this turn and the steps that take it there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct TargetView {
    /// The point reached (0: borne off).
    pub to: u8,
    /// The steps that take the checker there, in order.
    pub steps: Vec<StepView>,
}

/// Every point the checkers on one point (or the bar) can reach this turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct CheckerTargets {
    /// The point the checker starts from (25: the mover's bar).
    pub from: u8,
    /// Each point it can reach, with the steps that take it there.
    pub targets: Vec<TargetView>,
}

/// The cube as shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct CubeView {
    /// The stake: what the game's points are multiplied by (1 until the first double).
    pub value: u32,
    /// The face up: 64 while centred.
    pub face: u32,
    /// The side that owns it (only it may double), `null` while centred.
    pub owner: Option<Side>,
    /// Whether the cube is in play in this game (used at all, and not the Crawford
    /// game): a page hides it otherwise.
    pub in_play: bool,
}

/// One die of the turn and whether it has been played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct DieView {
    /// The number rolled, 1–6.
    pub value: u8,
    /// Whether a step has played it.
    pub used: bool,
    /// The side that rolled it: the mover, except in the game's first turn, when the
    /// starter plays its own opening die and its opponent's.
    pub side: Side,
}

/// The opening roll, from the moment it is rolled until the starter's first turn is
/// over: what a page shows to say who starts and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct OpeningView {
    /// Each side's die.
    pub dice: BySide<u8>,
    /// The side with the higher die, which plays both; `None` after a tie (rolled again).
    pub starter: Option<Side>,
    /// How many of the game's opening rolls have tied, this one included: a tie rolled
    /// again with the same dice is a new roll.
    pub ties: u32,
}

/// The lengths a timer bar is drawn against, in ms (all 0 without a clock).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
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
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct ResignationPoints {
    /// Points for an offered resignation of a single game.
    pub single: u32,
    /// Points for an offered resignation of a gammon.
    pub gammon: u32,
    /// Points for an offered resignation of a backgammon.
    pub backgammon: u32,
    /// A direct resignation by each side.
    pub direct: BySide<u32>,
}

/// A way a side may give up the game now and the points it would cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct ResignChoice {
    /// What the opponent would win: a single game, a gammon or a backgammon.
    pub level: WinKind,
    /// The points the opponent would score.
    pub points: u32,
}

/// What one side may do now; each flag is true exactly when the engine would accept
/// the action at this moment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct SideChoices {
    /// Roll: the opening roll, or the turn's dice.
    pub roll: bool,
    /// Offer a double.
    pub double: bool,
    /// Answer a double: take or drop.
    pub take: bool,
    /// Answer a resignation offer: accept or decline.
    pub answer_resignation: bool,
    /// Each level the side may resign at now (offered or direct), lowest first.
    pub resign: Vec<ResignChoice>,
    /// Move checkers (steps and moves).
    pub move_checkers: bool,
    /// Take back the last step of this turn.
    pub undo: bool,
    /// End the turn: every die that can be played has been.
    pub end_turn: bool,
    /// Claim the game because the opponent's reserve is empty.
    pub claim_win: bool,
    /// Give up the whole match.
    pub forfeit: bool,
    /// Ask for advice: the side must act, before or while moving, or on a double.
    pub hint: bool,
}

/// The last play made in this game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct LastPlay {
    /// The side that played it.
    pub side: Side,
    /// The roll it played.
    pub dice: [u8; 2],
    /// In standard notation, the mover's numbering ("8/5 6/5"); empty for a pass.
    pub notation: String,
    /// Its steps on White's points, in the order made.
    pub steps: Vec<StepView>,
}

/// Everything a page needs to draw the match and offer the legal actions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct MatchView {
    /// The rules the match is played by.
    pub options: MatchOptions,
    /// Where the match stands: whose turn and what is awaited.
    pub phase: Phase,
    /// The side that must act now (none before a game, between games or after the match).
    pub acting: Option<Side>,
    /// What each side may do now.
    pub choices: BySide<SideChoices>,
    /// The game being played (or last played), from 1.
    pub game_number: u32,
    /// Checkers on White's points 1–24: positive White, negative Red.
    pub points: [i8; 24],
    /// Checkers on the bar, by side.
    pub bar: BySide<u8>,
    /// Checkers borne off, by side.
    pub off: BySide<u8>,
    /// Pip counts: what each side must still move to bear every checker off.
    pub pips: BySide<u32>,
    /// Whether the sides' checkers can no longer meet (a pure race).
    pub race: bool,
    /// The side on roll (or last on roll).
    pub turn: Side,
    /// The roll being played, as shown.
    pub dice: Option<[u8; 2]>,
    /// The dice of the turn (four for a double), larger first, each marked once played.
    pub turn_dice: Vec<DieView>,
    /// The last opening roll: White's die, Red's die.
    pub opening_roll: Option<[u8; 2]>,
    /// The opening roll while it decides who starts and through the starter's first turn.
    pub opening: Option<OpeningView>,
    /// How many times the dice have been rolled in this game, its opening rolls
    /// included: it changes with every roll, even one of the same dice as before.
    pub dice_rolls: u32,
    /// The doubling cube.
    pub cube: CubeView,
    /// Points won so far in the match, by side.
    pub score: BySide<u32>,
    /// The target, `None` for a money session.
    pub match_length: Option<u32>,
    /// Where the match stands with the Crawford rule.
    pub crawford: CrawfordState,
    /// Each side's clock at the time asked for.
    pub clocks: BySide<ClockReading>,
    /// The lengths the clocks' bars are drawn against.
    pub clock_limits: ClockLimits,
    /// The level of a resignation declined this turn: only a higher one may be offered.
    pub declined_resignation: Option<WinKind>,
    /// What each way of giving up the game would score now.
    pub resignation_points: ResignationPoints,
    /// The side whose last turn passed for want of a legal move.
    pub passed: Option<Side>,
    /// Whether each side rolls at once when its turn comes (it may not double then).
    pub auto_roll: BySide<bool>,
    /// The steps made so far this turn.
    pub steps_made: Vec<StepView>,
    /// Every step that can be made next.
    pub legal_steps: Vec<StepView>,
    /// Every point a checker can move from now, with where it can go.
    pub destinations: Vec<CheckerTargets>,
    /// The only way to finish the turn from here, when there is just one.
    pub forced_steps: Option<Vec<StepView>>,
    /// A way to finish the turn bearing a checker off with every die left, when there
    /// is one (for an automatic bear-off).
    pub bear_off_steps: Option<Vec<StepView>>,
    /// The last play of this game (the opponent's, while a side moves).
    pub last_play: Option<LastPlay>,
    /// How the game ended, once it has (also once the match is over).
    pub game_result: Option<GameResult>,
    /// Whether a game of the match has a play or a cube action: what an exported `.mat`
    /// file, a replay or an analysis of the match would hold.
    pub recorded: bool,
    /// The board as a GNU Backgammon Position ID, seen by the side on roll.
    pub position_id: String,
    /// The match's state as a GNU Backgammon Match ID.
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

/// A step of `side` (its own numbering) on White's points.
#[must_use]
pub fn step_view(side: Side, step: Step) -> StepView {
    StepView {
        from: board_point(side, step.from),
        to: board_point(side, step.to),
        die: step.die,
        hit: step.hit,
    }
}

/// The dice of a turn with a used flag each: the roll's dice (four for a double),
/// larger first, the ones not in `left` used, each rolled by `mover`.
fn turn_dice(dice: Dice, left: &[u8], mover: Side) -> Vec<DieView> {
    let all: Vec<u8> = match dice {
        Dice::Mixed(a, b) => vec![a.max(b), a.min(b)],
        Dice::Double(d) => vec![d; 4],
    };
    let mut unused = left.to_vec();
    all.into_iter()
        .map(|value| {
            let position = unused.iter().position(|&d| d == value);
            if let Some(i) = position {
                unused.remove(i);
            }
            DieView {
                value,
                used: position.is_none(),
                side: mover,
            }
        })
        .collect()
}

/// The rest of the turn when only one position can be reached from here: the steps
/// of one way to it. `None` when there is a choice (or nothing left to play).
fn forced_rest(turn: &TurnSteps) -> Option<Vec<Step>> {
    if turn.is_complete() {
        return None;
    }
    let mut end = None;
    let mut path = Vec::new();
    let mut way = Vec::new();
    unique_end(turn, &mut path, &mut end, &mut way).then_some(way)
}

/// Walks every completion of `turn`; false as soon as two different end positions are
/// found. `end` keeps the first end reached and `way` the steps to it.
fn unique_end(
    turn: &TurnSteps,
    path: &mut Vec<Step>,
    end: &mut Option<crate::rules::Position>,
    way: &mut Vec<Step>,
) -> bool {
    if turn.is_complete() {
        return match end {
            Some(seen) => seen == turn.current(),
            None => {
                *end = Some(*turn.current());
                way.clone_from(path);
                true
            }
        };
    }
    for step in turn.legal_next_steps() {
        let mut next = turn.clone();
        if next.make_step(step.from, step.die).is_err() {
            continue;
        }
        path.push(step);
        let unique = unique_end(&next, path, end, way);
        path.pop();
        if !unique {
            return false;
        }
    }
    true
}

/// A way to finish the turn in which every step bears a checker off, if there is one.
fn bear_off_rest(turn: &TurnSteps) -> Option<Vec<Step>> {
    if turn.is_complete() || !turn.current().mover_can_bear_off() {
        return None;
    }
    let mut path = Vec::new();
    bear_off_from(turn, &mut path).then_some(path)
}

fn bear_off_from(turn: &TurnSteps, path: &mut Vec<Step>) -> bool {
    if turn.is_complete() {
        return true;
    }
    for step in turn.legal_next_steps().into_iter().filter(|s| s.to == OFF) {
        let mut next = turn.clone();
        if next.make_step(step.from, step.die).is_ok() {
            path.push(step);
            if bear_off_from(&next, path) {
                return true;
            }
            path.pop();
        }
    }
    false
}

/// The game's opening roll until the starter's first turn is logged (or the game ends).
fn opening(game: &Game) -> Option<OpeningView> {
    let [white, red] = game.opening_roll()?;
    let played = game
        .log()
        .iter()
        .any(|event| matches!(event, GameEvent::Played { .. }));
    (!played && game.result().is_none()).then(|| OpeningView {
        dice: BySide { white, red },
        starter: (white != red).then(|| game.turn()),
        ties: game.opening_ties(),
    })
}

/// The last play of the game's log, if any.
fn last_play(log: &[GameEvent]) -> Option<LastPlay> {
    log.iter().rev().find_map(|event| match event {
        GameEvent::Played { side, dice, steps } => Some(LastPlay {
            side: *side,
            dice: *dice,
            notation: notation(steps),
            steps: steps.iter().map(|&s| step_view(*side, s)).collect(),
        }),
        _ => None,
    })
}

/// A play's steps in standard notation, the mover's numbering ("8/5 6/5"); empty for a
/// pass.
pub(super) fn notation(steps: &[Step]) -> String {
    Play::from_steps(steps)
        .filter(|p| !p.is_empty())
        .map(|p| PlayString::from_play(&p).to_string())
        .unwrap_or_default()
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
                            to: board_point(mover, d.to),
                            steps: views(&d.steps),
                        })
                        .collect();
                    (!targets.is_empty()).then(|| CheckerTargets {
                        from: board_point(mover, from),
                        targets,
                    })
                })
                .collect()
        });
        let opening = opening(game);
        let mut dice = turn.map_or_else(Vec::new, |t| turn_dice(t.dice(), &t.dice_left(), mover));
        let starter = opening.and_then(|o| o.starter);
        if let (Some(starter), [_, theirs]) = (starter, dice.as_mut_slice()) {
            // The opening turn: the larger die is the starter's, the other its opponent's.
            theirs.side = starter.other();
        }
        let cube = game.cube();
        let phase = self.phase();
        let options = self.options();
        MatchView {
            options: *options,
            phase,
            acting: phase.acting_side(),
            choices: BySide {
                white: self.choices(Side::White, now_ms),
                red: self.choices(Side::Red, now_ms),
            },
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
            race: white.is_race(),
            turn: mover,
            dice: game.dice(),
            turn_dice: dice,
            opening_roll: game.opening_roll(),
            opening,
            dice_rolls: game.rolls(),
            cube: CubeView {
                value: cube.value(),
                face: cube.shown(),
                owner: cube.owner(),
                in_play: options.cube && !game.is_crawford(),
            },
            score: self.score(),
            match_length: options.target(),
            crawford: self.crawford(),
            clocks: BySide {
                white: self.clock().reading(Side::White, now_ms),
                red: self.clock().reading(Side::Red, now_ms),
            },
            clock_limits: ClockLimits {
                move_ms: options.time_control.move_ms(),
                bank_start_ms: options.time_control.start_ms(),
                bank_max_ms: options.time_control.bank_max_ms(),
            },
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
            forced_steps: turn.and_then(forced_rest).map(|steps| views(&steps)),
            bear_off_steps: turn.and_then(bear_off_rest).map(|steps| views(&steps)),
            last_play: last_play(game.log()),
            game_result: game.result(),
            recorded: self.games().iter().any(|g| !g.log().is_empty()),
            position_id: PositionId(game.position()).to_string(),
            match_id: self.match_id().to_string(),
        }
    }

    /// What `side` may do at `now_ms`: each action is tried on a copy of the match.
    #[must_use]
    pub fn choices(&self, side: Side, now_ms: u64) -> SideChoices {
        let now = now_ms.max(self.last_ms());
        let may = |action| self.accepts(side, action, now);
        let phase = self.phase();
        let resign = match self.options().resignation {
            ResignationStyle::Offered => [WinKind::Single, WinKind::Gammon, WinKind::Backgammon]
                .into_iter()
                .filter(|&level| may(Action::OfferResignation { level }))
                .map(|level| ResignChoice {
                    level,
                    points: self.points_for(level),
                })
                .collect(),
            ResignationStyle::Direct if may(Action::Resign) => vec![ResignChoice {
                level: self.direct_resignation_kind(side),
                points: self.direct_resignation_points(side),
            }],
            ResignationStyle::Direct => Vec::new(),
        };
        SideChoices {
            roll: may(Action::Roll) || (phase == Phase::OpeningRoll && may(Action::OpeningRoll)),
            double: may(Action::Double),
            take: may(Action::Take),
            answer_resignation: may(Action::AcceptResignation),
            resign,
            move_checkers: matches!(phase, Phase::Moving { side: s } if s == side),
            undo: may(Action::UndoStep),
            end_turn: may(Action::EndTurn),
            claim_win: may(Action::ClaimWinOnTime),
            forfeit: may(Action::ForfeitMatch),
            hint: phase.acting_side() == Some(side)
                && matches!(
                    phase,
                    Phase::Deciding { .. }
                        | Phase::CubeOffered { .. }
                        | Phase::Moving { .. }
                        | Phase::TurnComplete { .. }
                ),
        }
    }
}
