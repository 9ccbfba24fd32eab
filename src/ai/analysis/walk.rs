//! The decisions of a match, found by walking each game's move log: every play with
//! its roll, every chance to double, every double and its answer.

use super::super::cube::CubeSituation;
use super::stakes::Stakes;
use crate::match_play::{CrawfordState, Cube, Game, GameEvent, Match};
use crate::rules::{Dice, Play, Position, Side};

/// A decision waiting to be judged, with the board seen by the side deciding.
#[derive(Clone, Debug)]
pub(super) struct Pending {
    /// The game's number in the match, from 1.
    pub game: u32,
    /// The index in the game's move log of the event the decision belongs to (the play
    /// a roll was made with; the double).
    pub event: usize,
    pub side: Side,
    pub position: Position,
    pub stakes: Stakes,
    pub what: PendingKind,
}

#[derive(Clone, Debug)]
pub(super) enum PendingKind {
    /// A play made with a roll.
    Checker { dice: Dice, played: Play },
    /// A turn that could start with a double: whether it did, and then whether the
    /// opponent took (`None` while the answer is awaited).
    Cube { doubled: bool, taken: Option<bool> },
}

/// Every decision of `m` so far, in the order made.
pub(super) fn pending_decisions(m: &Match) -> Vec<Pending> {
    let mut found = Vec::new();
    for game in m.games() {
        walk_game(m, game, &mut found);
    }
    found
}

/// The state of a game as its log is read.
struct Reading {
    board: Position,
    /// The side `board` is seen by.
    turn: Side,
    cube: Cube,
    crawford: CrawfordState,
    /// No cube decision before the first play (the opening roll).
    opening: bool,
}

fn walk_game(m: &Match, game: &Game, found: &mut Vec<Pending>) {
    let from_setup = m.setup().filter(|_| game.number() == 1);
    let mut reading = match from_setup {
        Some(setup) => Reading {
            board: setup.position,
            turn: setup.on_roll,
            cube: setup.cube,
            crawford: setup.crawford,
            opening: false,
        },
        None => Reading {
            board: Position::start(),
            turn: Side::White,
            cube: Cube::CENTRED,
            crawford: crawford_of(m, game),
            opening: true,
        },
    };
    let log = game.log();
    for (i, event) in log.iter().enumerate() {
        match event {
            GameEvent::Played { side, dice, steps } => {
                reading.see_from(*side);
                let doubled_now = i > 0 && matches!(log[i - 1], GameEvent::Took { .. });
                if !reading.opening && !doubled_now && may_double(m, &reading, *side) {
                    found.push(reading.pending(
                        m,
                        (game, i),
                        *side,
                        PendingKind::Cube {
                            doubled: false,
                            taken: None,
                        },
                    ));
                }
                reading.opening = false;
                let (Ok(dice), Some(played)) =
                    (Dice::new(dice[0], dice[1]), Play::from_steps(steps))
                else {
                    return;
                };
                found.push(reading.pending(
                    m,
                    (game, i),
                    *side,
                    PendingKind::Checker { dice, played },
                ));
                if reading.board.apply_play(&played).is_err() {
                    return;
                }
            }
            GameEvent::Doubled { side, .. } => {
                reading.see_from(*side);
                let taken = log.get(i + 1).and_then(|next| match next {
                    GameEvent::Took { .. } => Some(true),
                    GameEvent::Dropped { .. } => Some(false),
                    _ => None,
                });
                found.push(reading.pending(
                    m,
                    (game, i),
                    *side,
                    PendingKind::Cube {
                        doubled: true,
                        taken,
                    },
                ));
            }
            GameEvent::Took { side } => reading.cube = reading.cube.taken_by(*side),
            GameEvent::Dropped { .. } => {}
        }
    }
}

impl Reading {
    /// Turns the board to be seen by `side`.
    fn see_from(&mut self, side: Side) {
        if side != self.turn {
            self.board = self.board.flipped();
            self.turn = side;
        }
    }

    /// The decision of `side` at event `event` of `game`.
    fn pending(
        &self,
        m: &Match,
        (game, event): (&Game, usize),
        side: Side,
        what: PendingKind,
    ) -> Pending {
        let score = match m.setup() {
            Some(setup) if game.number() == 1 => setup.score,
            _ => game.score_before(),
        };
        Pending {
            game: game.number(),
            event,
            side,
            position: self.board,
            stakes: Stakes {
                situation: CubeSituation::in_game(
                    side,
                    &self.board,
                    self.cube,
                    m.options().target(),
                    score,
                    self.crawford,
                ),
            },
            what,
        }
    }
}

/// Whether `side` may turn the cube before rolling (a dead cube is found later).
fn may_double(m: &Match, reading: &Reading, side: Side) -> bool {
    m.options().cube
        && reading.crawford != CrawfordState::CrawfordGame
        && reading.cube.check_double(side).is_ok()
}

/// The Crawford state of a game that started with an opening roll.
pub(super) fn crawford_of(m: &Match, game: &Game) -> CrawfordState {
    let Some(target) = m.options().target() else {
        return CrawfordState::Pending;
    };
    let score = game.score_before();
    let one_away = score.white + 1 >= target || score.red + 1 >= target;
    match (game.is_crawford(), one_away) {
        (true, _) => CrawfordState::CrawfordGame,
        (false, true) => CrawfordState::PostCrawford,
        (false, false) => CrawfordState::Pending,
    }
}
