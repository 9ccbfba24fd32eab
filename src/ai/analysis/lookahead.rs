//! The chances a play leaves, looked at 0 or 1 ply ahead, as the analysis needs them:
//! whole outcome probabilities, so that they can be valued at the match score.

use super::super::evaluator::{Evaluator, Probabilities};
use crate::rules::{Dice, MoveGen, Position, RuleSet};

/// How far ahead the analysis looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Depth {
    /// The network's judgement of each position.
    ZeroPly,
    /// Averaged over the opponent's 21 rolls, each answered by its best 0-ply reply.
    OnePly,
}

/// Looks ahead from positions with one evaluator, keeping the move generator's buffers.
#[derive(Debug)]
pub(super) struct Lookahead<'a> {
    pub evaluator: &'a Evaluator,
    movegen: MoveGen,
    rules: RuleSet,
}

impl<'a> Lookahead<'a> {
    pub fn new(evaluator: &'a Evaluator, rules: RuleSet) -> Lookahead<'a> {
        Lookahead {
            evaluator,
            movegen: MoveGen::new(),
            rules,
        }
    }

    /// The rules the positions are played by.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The chances of the side that left `after` (seen by that side, the opponent to
    /// roll), at `depth`.
    pub fn after_play(&mut self, after: &Position, depth: Depth) -> Probabilities {
        let opponent = after.flipped();
        let at_zero = || self.evaluator.evaluate(&opponent, self.rules).inverted();
        if depth == Depth::ZeroPly || after.mover_win(self.rules).is_some() {
            return at_zero();
        }
        let mut total = [0.0f32; 5];
        for dice in Dice::ALL {
            let replies = self.movegen.generate(&opponent, dice, self.rules);
            // The reply leaving us the least equity; our chances with us on roll.
            let mut worst: Option<(f32, Probabilities)> = None;
            for reply in replies {
                let ours = self
                    .evaluator
                    .evaluate(&reply.position.flipped(), self.rules);
                let equity = ours.equity();
                if worst.is_none_or(|(e, _)| equity < e) {
                    worst = Some((equity, ours));
                }
            }
            let chances = worst.map_or_else(Probabilities::default, |(_, p)| p);
            for (sum, p) in total.iter_mut().zip(chances.to_array()) {
                *sum += f32::from(dice.weight()) * p;
            }
        }
        Probabilities::from_outputs(total.map(|sum| sum / 36.0))
    }

    /// The chances of the side on roll in `position`, before it rolls, at `depth`
    /// (1-ply: over its 21 rolls, each played as best at 0-ply).
    pub fn before_roll(&mut self, position: &Position, depth: Depth) -> Probabilities {
        if depth == Depth::ZeroPly {
            return self.evaluator.evaluate(position, self.rules);
        }
        let mut total = [0.0f32; 5];
        for dice in Dice::ALL {
            let plays = self.movegen.generate(position, dice, self.rules);
            let best = self.evaluator.best_play(plays, self.rules).unwrap_or(0);
            let chances = plays.get(best).map_or_else(Probabilities::default, |play| {
                self.evaluator
                    .evaluate(&play.position.flipped(), self.rules)
                    .inverted()
            });
            for (sum, p) in total.iter_mut().zip(chances.to_array()) {
                *sum += f32::from(dice.weight()) * p;
            }
        }
        Probabilities::from_outputs(total.map(|sum| sum / 36.0))
    }
}
