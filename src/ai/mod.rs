//! The computer opponent: a neural evaluator trained by self-play, and the baseline
//! players it is measured against.
//!
//! ```
//! use gamao::ai::{Evaluator, Weights};
//! use gamao::rng::Rng;
//! use gamao::rules::{Dice, MoveGen, Position, RuleSet};
//!
//! # let weights = gamao::ai::Trainer::new(
//! #     gamao::ai::TrainingSettings { seed: 1, alpha: 0.1, decay_games: 0, lambda: 0.0 }, 8).evaluator().weights().clone();
//! let evaluator = Evaluator::new(Weights::from_bytes(&weights.to_bytes()).unwrap());
//! let plays = MoveGen::new()
//!     .generate(&Position::start(), Dice::new(3, 1).unwrap(), RuleSet::STANDARD)
//!     .to_vec();
//! let best = evaluator.best_play(&plays, RuleSet::STANDARD).unwrap();
//! assert!(best < plays.len());
//! ```

mod checkpoint;
mod duel;
mod encoding;
mod evaluator;
mod network;
mod player;
mod pubeval;
mod traces;
mod training;
mod weights;

pub use checkpoint::CheckpointError;
pub use duel::{duel, play_game, DuelScore};
pub use encoding::{encode, Inputs, INPUTS, SIDE_INPUTS};
pub use evaluator::{Evaluator, Probabilities};
pub use network::{Network, MAX_HIDDEN, OUTPUTS};
pub use player::{Player, PubEval, RandomPlayer};
pub use pubeval::pubeval;
pub use training::{Trainer, TrainingSettings};
pub use weights::{Weights, WeightsError};
