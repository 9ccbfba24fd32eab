//! The chances a play leaves, looked at 0 to 3 plies ahead, as the analysis needs
//! them: whole outcome probabilities, so that they can be valued at the match score.
//! The looking ahead is the computer's own ([`Searcher`]), and so are the cube
//! decisions' cubeful equities.

use super::super::cube::CubeSituation;
use super::super::cubeful::CubeLook;
use super::super::evaluator::{Evaluator, Probabilities};
use super::super::search::{Level, Searcher};
use super::super::two_ply_look::TwoPlyLook;
use crate::rules::{Position, RuleSet};

/// How far ahead the analysis looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Depth {
    /// The network's judgement of each position.
    ZeroPly,
    /// Averaged over the opponent's 21 rolls, each answered by its best 0-ply reply.
    OnePly,
    /// Each of those replies looked at 1-ply again from the other side: GNU
    /// Backgammon's 2-ply.
    TwoPly,
    /// A thorough analysis: 2-ply, then the played and the best play of each checker
    /// decision that 2-ply finds an error looked at 3-ply (each reply looked at 2-ply,
    /// its last ply over a third of the rolls: [`Searcher::chances_after`]), where the
    /// network's noise would otherwise inflate the loss; cube decisions as the expert
    /// makes them, 3-ply where they are close.
    ThreePly,
}

impl Depth {
    /// The depth of `plies` (0 to 3), if it is one.
    #[must_use]
    pub fn from_plies(plies: u8) -> Option<Depth> {
        match plies {
            0 => Some(Depth::ZeroPly),
            1 => Some(Depth::OnePly),
            2 => Some(Depth::TwoPly),
            3 => Some(Depth::ThreePly),
            _ => None,
        }
    }

    /// How many plies ahead it looks.
    #[must_use]
    pub fn plies(self) -> u8 {
        match self {
            Depth::ZeroPly => 0,
            Depth::OnePly => 1,
            Depth::TwoPly => 2,
            Depth::ThreePly => 3,
        }
    }
}

/// How many plays' 2-ply looks are kept: a checker decision looks at no more than its
/// best two and the played one at 2-ply before it looks at two of them 3-ply deep.
const KEPT_LOOKS: usize = 4;

/// Looks ahead from positions with one evaluator, keeping the search's buffers and the
/// last plays' 2-ply looks, which a 3-ply look at the same play goes on from.
#[derive(Debug)]
pub(super) struct Lookahead<'a> {
    pub evaluator: &'a Evaluator,
    searcher: Searcher<'a>,
    rules: RuleSet,
    /// The last [`KEPT_LOOKS`] plays' 2-ply looks, the latest last.
    kept: Vec<TwoPlyLook>,
}

impl<'a> Lookahead<'a> {
    pub fn new(evaluator: &'a Evaluator, rules: RuleSet) -> Lookahead<'a> {
        Lookahead {
            evaluator,
            searcher: Searcher::new(evaluator, 0),
            rules,
            kept: Vec::with_capacity(KEPT_LOOKS),
        }
    }

    /// The rules the positions are played by.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The chances of the side that left `after` (seen by that side, the opponent to
    /// roll), at `depth`.
    pub fn after_play(&mut self, after: &Position, depth: Depth) -> Probabilities {
        match depth {
            Depth::ZeroPly | Depth::OnePly => {
                self.searcher
                    .chances_after(after, self.rules, depth.plies())
            }
            Depth::TwoPly => {
                let look = self.searcher.two_ply_look(after, self.rules);
                let chances = look.chances();
                if self.kept.len() == KEPT_LOOKS {
                    self.kept.remove(0);
                }
                self.kept.push(look);
                chances
            }
            Depth::ThreePly => match self.kept.iter().position(|look| look.after() == after) {
                Some(at) => {
                    let look = self.kept.remove(at);
                    self.searcher.three_ply_from(&look, self.rules)
                }
                None => self
                    .searcher
                    .chances_after(after, self.rules, depth.plies()),
            },
        }
    }

    /// The cube decision of the side on roll in `position` in `situation`, its cubeful
    /// equities and its chances looked at `depth`.
    pub fn cube_advice(
        &mut self,
        position: &Position,
        situation: &CubeSituation,
        depth: Depth,
    ) -> CubeLook {
        self.searcher
            .cube_advice_at(position, self.rules, situation, depth.plies())
    }

    /// The expert's own cube decision of the side on roll in `position` in `situation`
    /// (2-ply, 3-ply where it is close: [`Searcher::level_cube_advice`]), with the
    /// chances it saw.
    pub fn expert_cube_advice(
        &mut self,
        position: &Position,
        situation: &CubeSituation,
    ) -> CubeLook {
        self.searcher
            .level_cube_advice(position, self.rules, situation, Level::Expert)
    }
}
