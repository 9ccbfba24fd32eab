//! Rollouts: the chances of a position measured by playing it out many times at 0-ply,
//! each game until it is decided or contact is broken (then the evaluator's race
//! network, or the bear-off database, finishes it). Where the network misjudges a
//! position but plays its moves well enough, the dice tell what it cannot.
//!
//! Trial `t` starts with the `t mod 36`-th of the 36 ordered first rolls, so that every
//! first roll starts the same share of the trials; the rolls after it come from the
//! seed and `t` alone.

use super::duel::game_seed;
use super::evaluator::{Evaluator, Probabilities};
use super::network::OUTPUTS;
use crate::rng::Rng;
use crate::rules::{Dice, MoveGen, Position, RuleSet};
use crate::sample::random_dice;

/// A trial still in contact after this many plays is ended by the evaluator (no game
/// of backgammon comes near it; the bound only makes the loop's end plain).
const MAX_PLAYS: u32 = 1_000;

/// Plays positions out. Holds the move generator.
#[derive(Debug)]
pub struct Rollout<'a> {
    evaluator: &'a Evaluator,
    movegen: MoveGen,
}

impl<'a> Rollout<'a> {
    /// A rollout that plays and finishes its games with `evaluator`.
    #[must_use]
    pub fn new(evaluator: &'a Evaluator) -> Rollout<'a> {
        Rollout {
            evaluator,
            movegen: MoveGen::new(),
        }
    }

    /// The chances of the side on roll in `position`, before its roll, averaged over
    /// `trials` games played out from it (at least one).
    pub fn chances(
        &mut self,
        position: &Position,
        rules: RuleSet,
        trials: u32,
        seed: u64,
    ) -> Probabilities {
        let trials = trials.max(1);
        let mut total = [0.0f64; OUTPUTS];
        for trial in 0..trials {
            let chances = self.trial(position, rules, trial, seed);
            for (sum, p) in total.iter_mut().zip(chances.to_array()) {
                *sum += f64::from(p);
            }
        }
        Probabilities::from_outputs(total.map(|sum| (sum / f64::from(trials)) as f32))
    }

    /// One game from `position`, as chances for its side on roll: exact when the game
    /// ends, the evaluator's when contact is broken.
    fn trial(&mut self, start: &Position, rules: RuleSet, trial: u32, seed: u64) -> Probabilities {
        let mut rng = Rng::seeded(game_seed(seed, u64::from(trial)));
        let mut position = *start;
        let mut starter_on_roll = true;
        let mut dice = first_roll(trial);
        for _ in 0..MAX_PLAYS {
            if position.is_race() || super::evaluator::decided(&position, rules).is_some() {
                break;
            }
            let plays = self.movegen.generate(&position, dice, rules);
            let best = self.evaluator.best_play(plays, rules).unwrap_or(0);
            position = plays[best].position.flipped();
            starter_on_roll = !starter_on_roll;
            dice = random_dice(&mut rng);
        }
        let chances = self.evaluator.evaluate(&position, rules);
        if starter_on_roll {
            chances
        } else {
            chances.inverted()
        }
    }
}

/// The `trial mod 36`-th of the 36 ordered rolls.
fn first_roll(trial: u32) -> Dice {
    let k = (trial % 36) as u8;
    let (a, b) = (k / 6 + 1, k % 6 + 1);
    if a == b {
        Dice::Double(a)
    } else {
        Dice::Mixed(a.max(b), a.min(b))
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
    fn the_first_rolls_of_36_trials_are_the_36_ordered_rolls() {
        let mut weights = [0u8; 21];
        for trial in 0..36 {
            let dice = first_roll(trial);
            let i = Dice::ALL.iter().position(|d| *d == dice).expect("a roll");
            weights[i] += 1;
        }
        for (dice, weight) in Dice::ALL.iter().zip(weights) {
            assert_eq!(weight, dice.weight(), "{dice:?}");
        }
    }

    #[test]
    fn a_race_is_the_evaluators_and_a_rollout_repeats_with_its_seed() {
        let evaluator = evaluator();
        let mut rollout = Rollout::new(&evaluator);
        let race = pos!(x 1:3, 2:3, 3:3; o 24:3, 23:3, 22:4);
        assert_eq!(
            rollout.chances(&race, RuleSet::STANDARD, 10, 1),
            evaluator.evaluate(&race, RuleSet::STANDARD)
        );
        let start = Position::start();
        let once = rollout.chances(&start, RuleSet::STANDARD, 36, 7);
        assert_eq!(once, rollout.chances(&start, RuleSet::STANDARD, 36, 7));
        assert_ne!(once, rollout.chances(&start, RuleSet::STANDARD, 36, 8));
    }

    #[test]
    fn a_closed_out_pair_on_the_bar_wins_about_as_often_as_gnu_backgammon_says() {
        // u9uGAAAAAAADAA: the side on roll has two checkers on the bar and 13 off
        // against a closed board with one checker still to come home. GNU Backgammon
        // 1.07 gives it 0.356 (0-ply) to 0.359 (2-ply); K1's network said 0.71.
        let evaluator = evaluator();
        let position = "u9uGAAAAAAADAA"
            .parse::<crate::notation::PositionId>()
            .expect("a valid Position ID")
            .0;
        let win = Rollout::new(&evaluator)
            .chances(&position, RuleSet::STANDARD, 720, 1)
            .win;
        assert!((win - 0.357).abs() < 0.06, "{win}");
    }
}
