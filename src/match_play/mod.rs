//! Games and matches: turn flow, the doubling cube, resignations, forfeits, the
//! Crawford rule, clocks, scoring and saved games. Built on [`crate::rules`], which
//! knows nothing of any of this.
//!
//! A [`Match`] is driven by [`Action`]s, each given with the acting [`Side`] and the
//! time in milliseconds; dice come from a [`crate::rules::DiceGen`].
//!
//! ```
//! use gamao::match_play::{Action, Match, MatchLength, MatchOptions, Phase};
//! use gamao::rules::{SeededDice, Side};
//!
//! let mut game = Match::new(MatchOptions::seed_000(MatchLength::Points(5))).unwrap();
//! let mut dice = SeededDice::new(7);
//! game.act(Side::White, Action::OpeningRoll, 0, &mut dice).unwrap();
//! assert!(matches!(game.phase(), Phase::Moving { .. } | Phase::OpeningRoll));
//! ```
//!
//! [`Side`]: crate::rules::Side

mod action;
mod backgammon_match;
mod cover;
mod crawford;
mod cube;
mod error;
mod game;
mod move_to;
mod options;
mod phase;
mod preset;
mod random_play;
mod replay;
mod result;
mod saved;
mod setup;
mod view;

pub use action::{Action, HistoryEntry};
pub use backgammon_match::Match;
pub use cover::{CoverPlan, CoverRefusal};
pub use crawford::CrawfordState;
pub use cube::{Cube, DoubleRefusal, MAX_CUBE};
pub use error::ActionError;
pub use game::{Game, GameEvent};
pub use move_to::{MovePlan, MoveRefusal};
pub use options::{MatchLength, MatchOptions, OptionsError, ResignationStyle, MAX_MATCH_POINTS};
pub use phase::Phase;
pub use preset::{Preset, UnknownPreset};
pub use random_play::play_randomly;
pub use replay::{replay_frames, FrameEvent, ReplayFrame};
pub use result::{GameEnd, GameResult, MatchEnd, MatchResult};
pub use saved::{
    upgrade_save, LoadError, SavedMatch, SavedSetup, SavedSummary, SummaryField, SAVE_FORMAT,
    SAVE_FORMAT_VERSION,
};
pub use setup::{GameSetup, SetupError, SetupTurn};
pub use view::{
    board_point, step_view, CheckerTargets, ClockLimits, CubeView, DieView, LastPlay, MatchView,
    OpeningView, ResignChoice, ResignationPoints, SideChoices, StepView, TargetView,
};
