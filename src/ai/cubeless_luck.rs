//! The luck of a roll in cubeless chances, measured at 0-ply: the chances after the
//! evaluator's best play of the roll rolled, less their mean over the rolls that could
//! have come. Its mean is zero whatever the evaluator's errors (the best play of each
//! roll is fixed before the dice fall), so taking it from a result keeps the result's
//! mean and only shrinks its spread, the better the evaluator the more: rollouts'
//! variance reduction ([`super::Rollout`]) and duels' luck-adjusted results
//! ([`super::duel`]), as GNU Backgammon does for both.

use super::evaluator::Evaluator;
use super::network::OUTPUTS;
use crate::rules::{Dice, MoveGen, Position, RuleSet};

/// The rolls a roll is compared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RollsPossible {
    /// Any of the 36.
    Any,
    /// The 30 mixed ones: a game's first roll, thrown one die each until they differ.
    Opening,
}

/// Measures rolls' luck with one evaluator, keeping a move generator.
#[derive(Debug)]
pub struct CubelessLuck<'a> {
    evaluator: &'a Evaluator,
    movegen: MoveGen,
}

impl<'a> CubelessLuck<'a> {
    /// Luck measured by `evaluator`'s best replies (screened, as the search answers).
    #[must_use]
    pub fn new(evaluator: &'a Evaluator) -> CubelessLuck<'a> {
        CubelessLuck {
            evaluator,
            movegen: MoveGen::new(),
        }
    }

    /// The luck of `dice` rolled in `position` as outputs of the chances of the side on
    /// roll (`for_side_on_roll`) or of its opponent.
    pub fn outputs(
        &mut self,
        position: &Position,
        rules: RuleSet,
        dice: Dice,
        possible: RollsPossible,
        for_side_on_roll: bool,
    ) -> [f64; OUTPUTS] {
        let total = match possible {
            RollsPossible::Any => 36.0,
            RollsPossible::Opening => 30.0,
        };
        let mut rolled = [0.0f64; OUTPUTS];
        let mut mean = [0.0f64; OUTPUTS];
        for roll in Dice::ALL {
            if possible == RollsPossible::Opening && roll.is_double() {
                continue;
            }
            let plays = self.movegen.generate(position, roll, rules);
            let Some((_, theirs)) = self.evaluator.best_reply(plays, rules) else {
                continue;
            };
            let seen = if for_side_on_roll {
                theirs.inverted()
            } else {
                theirs
            };
            let seen = seen.to_array().map(f64::from);
            if roll == dice {
                rolled = seen;
            }
            let weight = f64::from(roll.weight()) / total;
            for (m, p) in mean.iter_mut().zip(seen) {
                *m += weight * p;
            }
        }
        let mut luck = rolled;
        for (l, m) in luck.iter_mut().zip(mean) {
            *l -= m;
        }
        luck
    }

    /// The luck of `dice` rolled in `position` in the cubeless equity of the side on
    /// roll (points a game with the cube at 1).
    pub fn equity(
        &mut self,
        position: &Position,
        rules: RuleSet,
        dice: Dice,
        possible: RollsPossible,
    ) -> f64 {
        let [win, win_gammon, win_backgammon, lose_gammon, lose_backgammon] =
            self.outputs(position, rules, dice, possible, true);
        2.0 * win + win_gammon - lose_gammon + win_backgammon - lose_backgammon
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Weights;
    use crate::pos;

    fn evaluator() -> Evaluator {
        Evaluator::new(Weights::builtin().expect("shipped weights load"))
    }

    #[test]
    fn luck_averages_to_nothing_over_the_rolls_compared() {
        let evaluator = evaluator();
        let mut luck = CubelessLuck::new(&evaluator);
        let rules = RuleSet::STANDARD;
        let start = Position::start();
        let middle = pos!(x 24:2, 13:4, 8:3, 6:4, 5:2; o 1:2, 12:4, 17:3, 19:4, 20:2);
        for (position, possible) in [
            (start, RollsPossible::Opening),
            (middle, RollsPossible::Any),
            (middle, RollsPossible::Opening),
        ] {
            let mut mean = 0.0;
            let mut spread = 0.0f64;
            for dice in Dice::ALL {
                if possible == RollsPossible::Opening && dice.is_double() {
                    continue;
                }
                let weight = f64::from(dice.weight());
                let l = luck.equity(&position, rules, dice, possible);
                mean += weight * l;
                spread = spread.max(l.abs());
            }
            assert!(mean.abs() < 1e-9, "{possible:?}: {mean}");
            assert!(spread > 0.05, "{possible:?}: rolls differ: {spread}");
        }
    }

    #[test]
    fn the_opponents_luck_is_the_side_on_rolls_turned_over() {
        let evaluator = evaluator();
        let mut luck = CubelessLuck::new(&evaluator);
        let rules = RuleSet::STANDARD;
        let position = pos!(x 24:2, 13:4, 8:3, 6:4, 5:2; o 1:2, 12:4, 17:3, 19:4, 20:2);
        let dice = Dice::Mixed(6, 5);
        let mine = luck.outputs(&position, rules, dice, RollsPossible::Any, true);
        let theirs = luck.outputs(&position, rules, dice, RollsPossible::Any, false);
        let [w, wg, wb, lg, lb] = mine;
        let expected = [-w, lg, lb, wg, wb];
        for (t, e) in theirs.iter().zip(expected) {
            assert!((t - e).abs() < 1e-6, "{theirs:?} against {expected:?}");
        }
        let equity = luck.equity(&position, rules, dice, RollsPossible::Any);
        assert!((equity - (2.0 * w + wg - lg + wb - lb)).abs() < 1e-12);
    }
}
