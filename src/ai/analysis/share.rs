//! A share of a match's decisions: judged on whichever thread or Web Worker is free (a
//! match is cut into a few shares per thread, taken from a queue), then put back
//! together with the other shares into the very analysis one analyser gives.
//!
//! The decisions of a match are independent of one another (each carries its board,
//! roll and stakes), so any analyser may judge any of them. A share takes every
//! `count`-th turn, a turn being a play with the cube decision before it (or a double
//! with its answer), each round of turns starting one share further on: interleaved so,
//! the shares cost about the same, where contiguous halves would not (contact positions
//! cost more than races), nor would every other decision (one share would get the plays,
//! the other the cheaper cube decisions), nor every other turn (one share would get one
//! side's turns: measured, up to twice the other's cost).
//!
//! ```
//! use gamao::ai::analysis::{analyse_match, Analyser, Depth, Share};
//! use gamao::ai::Evaluator;
//! use gamao::notation::read_mat;
//!
//! let evaluator = Evaluator::shipped()?;
//! let mat = " 1 point match\n\n Game 1\n White : 0     Red : 0\n  1) 31: 8/5 6/5     52: 13/8 13/11\n";
//! let m = read_mat(mat)?.replayed;
//! let shares = [Share::new(0, 2)?, Share::new(1, 2)?]
//!     .map(|share| Analyser::of_share(&evaluator, &m, Depth::ZeroPly, share).finish_share());
//! let whole = Analyser::new(&evaluator, &m, Depth::ZeroPly);
//! assert_eq!(whole.assemble(&shares)?, analyse_match(&evaluator, &m, Depth::ZeroPly));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};

use super::decision::{AnalysedDecision, DecisionKind};
use super::lookahead::Depth;
use super::walk::{Pending, PendingKind};

/// Which of a match's decisions an analyser judges: those of every `count`-th turn
/// ([`Share::includes`]). Valid: `index < count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Share {
    index: usize,
    count: usize,
}

impl Share {
    /// Every decision.
    pub const WHOLE: Share = Share { index: 0, count: 1 };

    /// Share `index` of `count`.
    ///
    /// # Errors
    /// [`ShareError::BadShare`] unless `index < count`.
    pub fn new(index: usize, count: usize) -> Result<Share, ShareError> {
        if index < count {
            Ok(Share { index, count })
        } else {
            Err(ShareError::BadShare { index, count })
        }
    }

    /// Which share it is, from 0.
    #[must_use]
    pub fn index(self) -> usize {
        self.index
    }

    /// How many shares the match is cut into.
    #[must_use]
    pub fn count(self) -> usize {
        self.count
    }

    /// Whether the decisions of the match's `turn`-th turn are in this share: turns go
    /// round the shares, starting one share further on each round, so that with an even
    /// count a share does not get one side's turns only.
    #[must_use]
    pub fn includes(self, turn: usize) -> bool {
        (turn + turn / self.count) % self.count == self.index
    }
}

/// One of a match's decisions judged: where it is in the match's list of decisions
/// to judge, and what it gave (none for a turn with no cube to turn, two for a double
/// and its answer).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(all(target_arch = "wasm32", feature = "worker"), derive(tsify::Tsify))]
pub struct Judged {
    /// Its place among the match's decisions to judge.
    pub at: usize,
    /// What it gave: none, one, or a double and its answer.
    pub decisions: Vec<AnalysedDecision>,
}

/// A share's decisions as judged, to carry to whoever puts the shares together: plain
/// data (from another thread, or from JavaScript, `Analysis.judgedShare()`), checked
/// when assembled (`Analyser::assemble`, `Analysis.assemble`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(all(target_arch = "wasm32", feature = "worker"), derive(tsify::Tsify))]
pub struct AnalysisShare {
    /// The match, its decisions and the depth they were judged at, summed up
    /// (`fingerprint`).
    pub fingerprint: String,
    /// Which share, from 0: it holds every `count`-th turn of the match (a play with
    /// the cube decision before it), from about the `index`-th.
    pub index: usize,
    /// How many shares the match is cut into.
    pub count: usize,
    /// Each decision judged, in the order judged.
    pub judged: Vec<Judged>,
}

/// Why shares cannot be put together into a match's analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShareError {
    /// A share's index is not below its count.
    BadShare { index: usize, count: usize },
    /// A share of another match, or judged at another depth.
    WrongMatch,
    /// A decision the match does not have.
    OutOfRange { at: usize, total: usize },
    /// A decision outside the share that carries it.
    NotInShare {
        at: usize,
        index: usize,
        count: usize,
    },
    /// A decision judged twice.
    JudgedTwice { at: usize },
    /// A decision no share judged.
    Missing { at: usize },
    /// Judged decisions that cannot be the match's decision `at` (another side, event
    /// or kind).
    Mismatched { at: usize },
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShareError::BadShare { index, count } => {
                write!(
                    f,
                    "share {index} of {count} does not exist: the index must be below the count"
                )
            }
            ShareError::WrongMatch => {
                f.write_str("a share of another match, or judged at another depth")
            }
            ShareError::OutOfRange { at, total } => {
                write!(f, "decision {at} is not in the match, which has {total}")
            }
            ShareError::NotInShare { at, index, count } => {
                write!(f, "decision {at} is not in share {index} of {count}")
            }
            ShareError::JudgedTwice { at } => write!(f, "decision {at} is judged twice"),
            ShareError::Missing { at } => write!(f, "decision {at} is judged by no share"),
            ShareError::Mismatched { at } => {
                write!(
                    f,
                    "the judgement given for decision {at} is not of that decision"
                )
            }
        }
    }
}

impl std::error::Error for ShareError {}

/// The turn of each of a match's decisions, counting from 0: decisions of the same game
/// and event (a play and the cube decision before it, or a double and its answer) are
/// one turn.
pub(super) fn turns(pending: &[Pending]) -> Vec<usize> {
    let mut turn = 0;
    pending
        .iter()
        .enumerate()
        .map(|(i, p)| {
            if i > 0 && (pending[i - 1].game, pending[i - 1].event) != (p.game, p.event) {
                turn += 1;
            }
            turn
        })
        .collect()
}

/// The fingerprint of a match's decisions to judge at `depth` (FNV-1a over their
/// description, in hexadecimal): shares with the same one belong together.
pub(super) fn fingerprint(pending: &[Pending], depth: Depth, length: u32) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for &byte in bytes {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    };
    feed(&[depth.plies()]);
    feed(&length.to_le_bytes());
    feed(&(pending.len() as u64).to_le_bytes());
    for p in pending {
        // The derived description: the game, event, side, board, stakes and decision.
        feed(format!("{p:?}").as_bytes());
    }
    format!("{hash:016x}")
}

/// Whether `decisions` can be what judging `pending` gave: its side and event, one
/// checker decision for a play, at most a double and its answer for a cube turn.
pub(super) fn fits(pending: &Pending, decisions: &[AnalysedDecision]) -> bool {
    match pending.what {
        PendingKind::Checker { .. } => {
            matches!(decisions, [d] if d.kind == DecisionKind::Checker
                && d.side == pending.side && d.event == pending.event)
        }
        PendingKind::Cube { doubled, taken } => {
            let doubler = |d: &AnalysedDecision| d.side == pending.side && d.event == pending.event;
            let taker = |d: &AnalysedDecision| {
                d.side == pending.side.other() && d.event == pending.event + 1
            };
            let cube = decisions.iter().all(|d| d.kind == DecisionKind::Cube);
            cube && match decisions {
                [] => !doubled,
                [double] => doubler(double) && taken.is_none(),
                [double, answer] => doubler(double) && taker(answer) && taken.is_some(),
                _ => false,
            }
        }
    }
}
