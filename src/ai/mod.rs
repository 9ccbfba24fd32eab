//! The computer opponent: a neural evaluator trained by self-play, and the baseline
//! players it is measured against.
//!
//! ```
//! use gamao::ai::Evaluator;
//! use gamao::rules::{Dice, MoveGen, Position, RuleSet};
//!
//! let evaluator = Evaluator::shipped()?;
//! let start = Position::start();
//! let chances = evaluator.evaluate(&start, RuleSet::STANDARD);
//! assert!(chances.win > 0.5);
//!
//! let mut movegen = MoveGen::new();
//! let plays = movegen.generate(&start, Dice::new(3, 1)?, RuleSet::STANDARD);
//! let best = &plays[evaluator.best_play(plays, RuleSet::STANDARD).unwrap_or(0)];
//! assert_eq!(best.position.mover_at(5), 2); // 8/5 6/5 makes the five-point
//! let next_turn = best.position.flipped(); // seen by the opponent, to roll
//! # let _ = next_turn;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod analysis;
mod bearoff;
mod benchmark;
mod byte_reader;
mod checkpoint;
mod computer;
mod crashed;
mod cube;
mod cubeful;
mod cubeless_luck;
mod duel;
mod encoding;
mod evaluator;
mod features;
mod fit_checkpoint;
mod fitting;
mod half;
mod home_plays;
mod labelling;
mod last_checkers;
mod met;
mod network;
mod player;
mod pubeval;
mod rollout;
mod screening;
mod search;
mod strength;
mod targets;
mod traces;
mod training;
mod two_ply_look;
mod weights;

pub use bearoff::{
    bearoff_bytes, bearoff_chances, home_of, load_bearoff, prepare_bearoff, BearoffBytesError,
    BearoffDb, HomeBoard, MAX_ROLLS,
};
pub use benchmark::{
    evaluator_speed, self_play_choices, BenchSettings, EvaluatorSpeed, ScreeningEffect, BENCH_SEED,
};
pub use checkpoint::CheckpointError;
pub use computer::{play_out, Computer};
pub use crashed::is_crashed;
pub use cube::{
    accept_resignation, cube_advice, resignation_to_offer, CubeAction, CubeAdvice, CubeHolder,
    CubeSituation, Score,
};
pub use cubeful::CubeLook;
pub use cubeless_luck::{CubelessLuck, RollsPossible};
pub use duel::{duel, play_game, CombinedRuns, CubeUse, DuelScore, GameResult};
pub use encoding::{
    encode, encode_screening, encode_sparse, Inputs, SparseInputs, EXTRAS, INPUTS, MAX_NON_ZERO,
    SIDE_INPUTS,
};
pub use evaluator::{Evaluator, Probabilities};
pub use fit_checkpoint::FitCheckpointError;
pub use fitting::{loss, Examples, FitData, FitSettings, Fitter, Loss, VALIDATION_EVERY};
pub use labelling::Labeller;
pub use last_checkers::{last_checkers_chances, LastCheckersDb, LAST_CHECKERS};
pub use met::{MatchEquityTable, MetError, MET_LENGTH};
pub use network::{Network, WidenError, MAX_HIDDEN, OUTPUTS};
pub use player::{LevelPlayer, Player, PubEval, RandomPlayer, SearchPlayer};
pub use pubeval::pubeval;
pub use rollout::Rollout;
pub use screening::{
    builtin_screening, is_screened_input, is_screening, random_screening, SCREENED_KEEP,
};
pub use search::{Level, RankedPlay, Searcher};
pub use strength::{
    parse_judged_cubes, parse_judged_plays, JudgedCube, JudgedPlay, ParseReferenceError, BLUNDER,
};
pub use targets::{
    parse_targets, resume_point, ResumePoint, RolledOut, Rollouts, Target, TargetLineError,
    TargetSettings, TargetsError,
};
pub use training::{Trainer, TrainingSettings};
pub use two_ply_look::TwoPlyLook;
pub use weights::{Weights, WeightsError};
