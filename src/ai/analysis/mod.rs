//! Match analysis: every checker play and cube decision of a match judged against the
//! best found, with GNU Backgammon's marks, error rates and rating words.
//!
//! Equities are cubeful: money points in a money session, match winning chances at
//! the score in a match (from the Kazaross-XG2 table), both reported normalised to one
//! point at the cube as GNU Backgammon reports them. Checker plays are ranked at 0-ply
//! and the best few judged again at the chosen [`Depth`]; cube decisions use the
//! chances before the roll at that depth. Every roll's luck is measured at 0-ply, as
//! GNU Backgammon measures it.
//!
//! ```
//! use gamao::ai::analysis::{analyse_match, Depth};
//! use gamao::ai::Evaluator;
//! use gamao::notation::read_mat;
//!
//! let evaluator = Evaluator::shipped()?;
//! let mat = " 1 point match\n\n Game 1\n White : 0     Red : 0\n  1) 31: 8/5 6/5     52: 13/8 13/11\n";
//! let replay = read_mat(mat)?;
//! let analysis = analyse_match(&evaluator, &replay.replayed, Depth::ZeroPly);
//! let first = &analysis.games[0].decisions[0];
//! assert_eq!(first.played, "8/5 6/5");
//! assert_eq!(first.best, "8/5 6/5");
//! assert_eq!(analysis.players[0].checker.decisions, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod analyser;
mod cube_errors;
mod decision;
mod fibs;
mod lookahead;
mod luck;
mod result;
mod share;
mod skill;
mod stakes;
mod stats;
mod text;
mod tutor;
mod walk;

pub use analyser::{
    analyse_match, analyse_match_on, AnalysedGame, Analyser, MatchAnalysis, SHARES_PER_THREAD,
};
pub use cube_errors::{AnalysedCubeErrors, CubeErrorTally};
pub use decision::{AnalysedDecision, BoardMove, Candidate, DecisionKind};
pub use fibs::{rating_difference, FibsRating, FLAWLESS_RATING};
pub use lookahead::Depth;
pub use luck::{LuckRating, RollLuck};
pub use result::{AnalysedResult, PerGame};
pub use share::{AnalysisShare, Judged, Share, ShareError};
pub use skill::{Mark, Rating};
pub(crate) use stakes::Stakes;
pub use stats::{AnalysedLuck, AnalysedPlayer, AnalysisFigures};
pub use tutor::judge_action;
