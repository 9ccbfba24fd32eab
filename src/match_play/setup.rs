//! Starting a match from a given position instead of the opening roll (a position
//! pasted from another program, a test fixture, a lesson).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::crawford::CrawfordState;
use super::cube::Cube;
use super::error::ActionError;
use super::options::{MatchLength, OptionsError};
use crate::notation::MatchId;
use crate::rules::{BySide, Position, Side, WinKind, CHECKERS};

/// Where the first game starts: the board, who is on roll, how far into its turn, the
/// cube, the score and the Crawford state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSetup {
    /// The board seen by the side on roll.
    pub position: Position,
    pub on_roll: Side,
    pub turn: SetupTurn,
    pub cube: Cube,
    pub score: BySide<u32>,
    pub crawford: CrawfordState,
}

/// How far the side on roll has got in its turn when the game is set up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SetupTurn {
    /// It has not rolled (it may double first).
    #[default]
    BeforeRoll,
    /// It rolled these dice, in this order, and moves.
    Rolled([u8; 2]),
    /// It doubled; its opponent takes or drops.
    Doubled,
    /// It offered to resign at this level; its opponent accepts or declines.
    OfferedResignation(WinKind),
}

impl SetupTurn {
    /// Whether the side on roll has done nothing yet.
    #[must_use]
    pub fn is_before_roll(&self) -> bool {
        *self == SetupTurn::BeforeRoll
    }
}

impl GameSetup {
    /// The starting position, `on_roll` to roll, cube centred, score 0–0.
    #[must_use]
    pub fn new(position: Position, on_roll: Side) -> GameSetup {
        GameSetup {
            position,
            on_roll,
            turn: SetupTurn::BeforeRoll,
            cube: Cube::CENTRED,
            score: BySide::both(0),
            crawford: CrawfordState::Pending,
        }
    }
}

/// Why a setup cannot start a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The options are impossible.
    Options(OptionsError),
    /// A side already has the target score.
    ScoreReached,
    /// The Crawford state does not fit the score or the cube (a Crawford game needs a
    /// side at one point short of the target and a centred cube).
    CrawfordMismatch,
    /// A side has already borne off every checker.
    GameAlreadyOver,
    /// A Match ID's cube is not one of 1, 2, 4 … 64.
    BadCube,
    /// The dice, double or resignation of the setup's turn cannot happen here (a double
    /// in the Crawford game, a resignation offered under direct resignation…).
    TurnRefused(ActionError),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Options(e) => e.fmt(f),
            SetupError::ScoreReached => f.write_str("a side already has the match target"),
            SetupError::CrawfordMismatch => {
                f.write_str("the Crawford state does not fit the score and cube")
            }
            SetupError::GameAlreadyOver => f.write_str("a side has borne off every checker"),
            SetupError::BadCube => f.write_str("the cube must be 1, 2, 4, 8, 16, 32 or 64"),
            SetupError::TurnRefused(e) => {
                write!(
                    f,
                    "the dice, double or resignation given cannot happen here: {e}"
                )
            }
        }
    }
}

impl std::error::Error for SetupError {}

impl GameSetup {
    /// The setup a GNU Backgammon Position ID and Match ID describe: the board (seen
    /// by the player on roll), who is on roll and how far into its turn (dice rolled, a
    /// double or a resignation offered), the cube, the score and the Crawford state,
    /// with the match length.
    ///
    /// # Errors
    /// [`SetupError::BadCube`] for a cube above 64; the rest is checked by
    /// [`GameSetup::validate`] when the match starts.
    pub fn from_ids(
        position: Position,
        id: &MatchId,
    ) -> Result<(GameSetup, MatchLength), SetupError> {
        let cube =
            Cube::from_parts(u32::from(id.cube_log2), id.cube_owner).ok_or(SetupError::BadCube)?;
        let length = if id.length == 0 {
            MatchLength::Unlimited
        } else {
            MatchLength::Points(id.length)
        };
        let one_short =
            id.length > 1 && (id.score.white + 1 == id.length || id.score.red + 1 == id.length);
        let crawford = match (id.crawford, one_short) {
            (true, _) => CrawfordState::CrawfordGame,
            (false, true) => CrawfordState::PostCrawford,
            (false, false) => CrawfordState::Pending,
        };
        let turn = if id.double_offered {
            SetupTurn::Doubled
        } else if let Some(level) = id.resignation {
            SetupTurn::OfferedResignation(level)
        } else if id.dice != [0, 0] {
            SetupTurn::Rolled(id.dice)
        } else {
            SetupTurn::BeforeRoll
        };
        let setup = GameSetup {
            position,
            on_roll: id.on_roll,
            turn,
            cube,
            score: id.score,
            crawford,
        };
        Ok((setup, length))
    }

    /// Checks the setup against a match to `target` points (`None`: money session).
    ///
    /// # Errors
    /// The first [`SetupError`] found.
    pub fn validate(&self, target: Option<u32>) -> Result<(), SetupError> {
        if let Some(n) = target {
            if self.score.white >= n || self.score.red >= n {
                return Err(SetupError::ScoreReached);
            }
            let short = self.score.white + 1 == n || self.score.red + 1 == n;
            let fits = match self.crawford {
                CrawfordState::Pending => !short || n == 1,
                CrawfordState::CrawfordGame => short && n > 1 && self.cube == Cube::CENTRED,
                CrawfordState::PostCrawford => short && n > 1,
            };
            if !fits {
                return Err(SetupError::CrawfordMismatch);
            }
        } else if self.crawford != CrawfordState::Pending {
            return Err(SetupError::CrawfordMismatch);
        }
        if self.position.mover_off() == CHECKERS || self.position.opponent_off() == CHECKERS {
            return Err(SetupError::GameAlreadyOver);
        }
        Ok(())
    }
}
