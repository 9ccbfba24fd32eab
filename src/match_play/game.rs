//! One game of a match: the board, the turn, the cube and the game's move log.

use serde::{Deserialize, Serialize};

use super::cube::Cube;
use super::phase::Phase;
use super::result::GameResult;
use crate::rules::{BySide, Position, Side, Step, TurnSteps, WinKind};

/// One entry of a game's move log, in the order it happened (the `.mat` export reads it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameEvent {
    /// `side` rolled `dice` (as shown) and played `steps`, in its own numbering; no
    /// steps means the turn passed automatically for want of a legal move.
    Played {
        side: Side,
        dice: [u8; 2],
        steps: Vec<Step>,
    },
    /// `side` offered the cube at `value`.
    Doubled { side: Side, value: u32 },
    /// `side` took the cube.
    Took { side: Side },
    /// `side` dropped the cube.
    Dropped { side: Side },
}

/// One game: everything between an opening roll and the end of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub(super) number: u32,
    pub(super) score_before: BySide<u32>,
    pub(super) crawford: bool,
    pub(super) phase: Phase,
    /// The board seen by `turn`, as it was at the start of the turn.
    pub(super) board: Position,
    pub(super) turn: Side,
    pub(super) cube: Cube,
    pub(super) dice: Option<[u8; 2]>,
    pub(super) steps: Option<TurnSteps>,
    pub(super) declined: Option<WinKind>,
    pub(super) opening: Option<[u8; 2]>,
    /// How many of the game's opening rolls tied.
    pub(super) opening_ties: u32,
    /// How many times the game's dice have been rolled, its opening rolls included.
    pub(super) rolls: u32,
    pub(super) passed: Option<Side>,
    pub(super) log: Vec<GameEvent>,
    pub(super) result: Option<GameResult>,
}

impl Game {
    /// A game waiting for its opening roll.
    pub(super) fn new(number: u32, score_before: BySide<u32>, crawford: bool) -> Game {
        Game {
            number,
            score_before,
            crawford,
            phase: Phase::OpeningRoll,
            board: Position::start(),
            turn: Side::White,
            cube: Cube::CENTRED,
            dice: None,
            steps: None,
            declined: None,
            opening: None,
            opening_ties: 0,
            rolls: 0,
            passed: None,
            log: Vec::new(),
            result: None,
        }
    }

    /// The game's number in the match, from 1.
    #[must_use]
    pub fn number(&self) -> u32 {
        self.number
    }

    /// The match score when the game started.
    #[must_use]
    pub fn score_before(&self) -> BySide<u32> {
        self.score_before
    }

    /// Whether this is the Crawford game (no cube).
    #[must_use]
    pub fn is_crawford(&self) -> bool {
        self.crawford
    }

    /// The cube.
    #[must_use]
    pub fn cube(&self) -> Cube {
        self.cube
    }

    /// The move log so far.
    #[must_use]
    pub fn log(&self) -> &[GameEvent] {
        &self.log
    }

    /// How the game ended, once it has.
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// The side on roll (or last on roll); White before the opening roll.
    #[must_use]
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// The dice of the turn, as shown (the opening roll: the starter's die first).
    #[must_use]
    pub fn dice(&self) -> Option<[u8; 2]> {
        self.dice
    }

    /// The last opening roll (White's die, Red's die), shown while they tie.
    #[must_use]
    pub fn opening_roll(&self) -> Option<[u8; 2]> {
        self.opening
    }

    /// How many of the game's opening rolls tied, so that a tie rolled again with the
    /// same dice is told from the one before it.
    #[must_use]
    pub fn opening_ties(&self) -> u32 {
        self.opening_ties
    }

    /// How many times the game's dice have been rolled, its opening rolls included: it
    /// changes with every roll, even one of the same dice as the roll before.
    #[must_use]
    pub fn rolls(&self) -> u32 {
        self.rolls
    }

    /// The side whose last turn passed automatically (no legal move), for a notice.
    #[must_use]
    pub fn passed(&self) -> Option<Side> {
        self.passed
    }

    /// The resignation level declined this turn, if any.
    #[must_use]
    pub fn declined_resignation(&self) -> Option<WinKind> {
        self.declined
    }

    /// The turn in progress, while a side is moving.
    #[must_use]
    pub fn turn_steps(&self) -> Option<&TurnSteps> {
        self.steps.as_ref()
    }

    /// The board as it stands now, seen by the side on roll, with this turn's steps.
    #[must_use]
    pub fn position(&self) -> Position {
        self.steps.as_ref().map_or(self.board, |t| *t.current())
    }

    /// The board now, seen by `side`.
    #[must_use]
    pub fn position_for(&self, side: Side) -> Position {
        let now = self.position();
        if side == self.turn {
            now
        } else {
            now.flipped()
        }
    }

    /// How many checkers `side` has borne off at the start of the turn.
    #[must_use]
    pub fn borne_off(&self, side: Side) -> u8 {
        if side == self.turn {
            self.board.mover_off()
        } else {
            self.board.opponent_off()
        }
    }
}
