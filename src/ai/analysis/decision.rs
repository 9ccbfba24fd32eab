//! One judged decision: what was done, what was best, and what it cost.

use serde::{Deserialize, Serialize};

use super::skill::Mark;
use crate::rules::Side;

/// What kind of decision it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(all(target_arch = "wasm32", feature = "worker"), derive(tsify::Tsify))]
#[serde(rename_all = "lowercase")]
pub enum DecisionKind {
    /// Which play to make with a roll.
    Checker,
    /// Whether to double, or whether to take a double.
    Cube,
}

/// A checker move drawn on the board: from and to in White's numbering (1–24, 0 for
/// off, 25 for the bar).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(all(target_arch = "wasm32", feature = "worker"), derive(tsify::Tsify))]
pub struct BoardMove {
    /// The point the checker leaves (25 for the bar).
    pub from: u8,
    /// The point it reaches (0 when borne off).
    pub to: u8,
}

/// A play the analysis judged for a checker decision, with its equity at the deepest it
/// was looked at.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(all(target_arch = "wasm32", feature = "worker"), derive(tsify::Tsify))]
pub struct Candidate {
    /// The play, written as `played` is (`8/5 6/5`).
    pub play: String,
    /// Its normalised equity.
    pub equity: f64,
    /// How far ahead that equity looked: 0 to 3 plies.
    #[cfg_attr(
        all(target_arch = "wasm32", feature = "worker"),
        tsify(type = "0 | 1 | 2 | 3")
    )]
    pub plies: u8,
}

/// One decision of a match, judged.
///
/// Equities are normalised (money per point of the cube, or match winning chances
/// mapped as GNU Backgammon does) and belong to the side deciding.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(all(target_arch = "wasm32", feature = "worker"), derive(tsify::Tsify))]
pub struct AnalysedDecision {
    /// Where it was made: the index of its event in the game's move log (the play, the
    /// double, the take or pass), so that a replay can show it. A turn's chance to
    /// double belongs to the play that followed.
    pub event: usize,
    /// The side deciding.
    pub side: Side,
    /// A play with a roll, or doubling / taking.
    pub kind: DecisionKind,
    /// The roll of a checker decision.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(all(target_arch = "wasm32", feature = "worker"), tsify(optional))]
    pub dice: Option<[u8; 2]>,
    /// What was done: a play (`8/5 6/5`, empty for no legal move), `double`, `no double`,
    /// `take` or `pass`.
    pub played: String,
    /// The best decision found, written the same way (`too good` for a position too good
    /// to double).
    pub best: String,
    /// The equity of what was done.
    pub played_equity: f64,
    /// The equity of the best decision.
    pub best_equity: f64,
    /// `best_equity - played_equity`, never below 0.
    pub loss: f64,
    /// The loss's mark: doubtful from 0.04, bad from 0.08, very bad from 0.16.
    pub mark: Mark,
    /// Only one play was legal: listed, never marked nor counted.
    pub forced: bool,
    /// Counted in the statistics: an unforced play, or a cube decision that was an
    /// actual double or take, or close to one.
    pub counted: bool,
    /// The cube value when the decision was made.
    pub cube: u32,
    /// What one point of normalised equity was worth here: match winning chances at
    /// the score and cube (half the difference between winning and losing a game), or
    /// the cube's value in money points; `loss` and `luck` times this are their cost.
    pub point_worth: f64,
    /// The deciding side's chance of winning the game after the decision as made.
    pub win_chance: f64,
    /// White's match winning chance (money: White's equity) after the decision as made.
    pub white_chance: f64,
    /// The luck of the roll of a checker decision (normalised equity): after the best
    /// play of the roll rolled, less the mean over the 36 rolls.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(all(target_arch = "wasm32", feature = "worker"), tsify(optional))]
    pub luck: Option<f64>,
    /// The board before the decision, as a GNU Backgammon Position ID seen by the side.
    pub position_id: String,
    /// The play made, as moves on White's points (checker decisions).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(all(target_arch = "wasm32", feature = "worker"), tsify(optional))]
    pub played_moves: Vec<BoardMove>,
    /// The best play, as moves on White's points (checker decisions).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(all(target_arch = "wasm32", feature = "worker"), tsify(optional))]
    pub best_moves: Vec<BoardMove>,
    /// The plays judged (an unforced checker decision): the best few at 0-ply and the
    /// played one, those looked at deeper first, each depth best first; the first is
    /// `best`, and `played` is among them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(all(target_arch = "wasm32", feature = "worker"), tsify(optional))]
    pub candidates: Vec<Candidate>,
}

#[cfg(test)]
impl AnalysedDecision {
    /// A decision of `side` for unit tests: nothing lost, nothing rolled, on a cube of 1
    /// worth 0.1 a point; tests change what they look at.
    pub(super) fn sample(side: Side, kind: DecisionKind) -> AnalysedDecision {
        AnalysedDecision {
            event: 0,
            side,
            kind,
            dice: None,
            played: String::new(),
            best: String::new(),
            played_equity: 0.0,
            best_equity: 0.0,
            loss: 0.0,
            mark: super::skill::Mark::None,
            forced: false,
            counted: true,
            cube: 1,
            point_worth: 0.1,
            win_chance: 0.5,
            white_chance: 0.5,
            luck: None,
            position_id: String::new(),
            played_moves: Vec::new(),
            best_moves: Vec::new(),
            candidates: Vec::new(),
        }
    }
}
