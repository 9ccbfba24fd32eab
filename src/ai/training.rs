//! Self-play training by temporal differences.
//!
//! The network plays both sides at 0-ply, greedily (the dice explore enough). After
//! each move, the prediction for the position before the roll is pulled towards the
//! evaluation of the position the chosen play leaves, seen from the same side — or
//! towards the exact result when the play ends the game. This is TD(λ) with λ = 0:
//! each position learns from its successor only (no eligibility traces).
//!
//! Game `g` of a run takes its dice from the run's seed and `g` alone, so a run resumed
//! from a checkpoint continues exactly as if it had never stopped.

use super::duel::{game_seed, opening_roll};
use super::encoding::{encode, Inputs, INPUTS};
use super::evaluator::{Evaluator, Probabilities};
use super::network::{Network, MAX_HIDDEN, OUTPUTS};
use super::weights::Weights;
use crate::rng::Rng;
use crate::rules::{MoveGen, Position, RuleSet};
use crate::sample::random_dice;

/// What a training run is made of; all of it is kept in its checkpoints.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainingSettings {
    /// Seeds the initial weights and every game's dice.
    pub seed: u64,
    /// The learning rate.
    pub alpha: f32,
}

/// A training run in progress: the weights and how many games they have learnt from.
#[derive(Debug)]
pub struct Trainer {
    settings: TrainingSettings,
    games: u64,
    evaluator: Evaluator,
    movegen: MoveGen,
}

impl Trainer {
    /// A new run from random networks of `hidden` units drawn from the seed.
    #[must_use]
    pub fn new(settings: TrainingSettings, hidden: usize) -> Trainer {
        let mut rng = Rng::seeded(settings.seed);
        let contact = Network::random(hidden, &mut rng);
        let race = Network::random(hidden, &mut rng);
        Trainer::resume(settings, 0, Weights { contact, race })
    }

    /// A run continuing after `games` games with `weights`.
    #[must_use]
    pub fn resume(settings: TrainingSettings, games: u64, weights: Weights) -> Trainer {
        Trainer {
            settings,
            games,
            evaluator: Evaluator::new(weights),
            movegen: MoveGen::new(),
        }
    }

    /// The run's settings.
    #[must_use]
    pub fn settings(&self) -> TrainingSettings {
        self.settings
    }

    /// Changes the learning rate from the next game on.
    pub fn set_alpha(&mut self, alpha: f32) {
        self.settings.alpha = alpha;
    }

    /// Games trained so far.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The evaluator as trained so far.
    #[must_use]
    pub fn evaluator(&self) -> &Evaluator {
        &self.evaluator
    }

    /// Plays one self-play game and learns from each of its moves; returns the number
    /// of moves played.
    pub fn train_game(&mut self) -> u32 {
        let rules = RuleSet::STANDARD;
        let alpha = self.settings.alpha;
        let mut rng = Rng::seeded(game_seed(self.settings.seed, self.games));
        let mut position = Position::start();
        let mut dice = opening_roll(&mut rng);
        let mut inputs = [0.0f32; INPUTS];
        let mut hidden = [0.0f32; MAX_HIDDEN];
        let mut moves = 0;
        loop {
            moves += 1;
            let race = position.is_race();
            let plays = self.movegen.generate(&position, dice, rules);
            let mut best = plays[0].position;
            let mut target = Probabilities::default();
            let mut best_equity = f32::NEG_INFINITY;
            for legal in plays {
                let mine = self
                    .evaluator
                    .evaluate(&legal.position.flipped(), rules)
                    .inverted();
                let equity = mine.equity();
                if equity > best_equity {
                    best_equity = equity;
                    best = legal.position;
                    target = mine;
                }
            }
            encode(&position, &mut inputs);
            let net = self.evaluator.network_mut(race);
            let units = net.hidden_units();
            let outputs = net.forward_keeping_hidden(&inputs, &mut hidden[..units]);
            learn(
                net,
                &inputs,
                &hidden[..units],
                outputs,
                target.to_array(),
                alpha,
            );
            if best.mover_win(rules).is_some() {
                break;
            }
            position = best.flipped();
            dice = random_dice(&mut rng);
        }
        self.games += 1;
        moves
    }
}

/// One gradient step moving `net`'s `outputs` for `inputs` towards `targets`.
/// `hidden` holds the hidden activations of that same forward pass.
fn learn(
    net: &mut Network,
    inputs: &Inputs,
    hidden: &[f32],
    outputs: [f32; OUTPUTS],
    targets: [f32; OUTPUTS],
    alpha: f32,
) {
    let n = net.hidden;
    let mut output_delta = [0.0f32; OUTPUTS];
    for ((delta, &y), &target) in output_delta.iter_mut().zip(&outputs).zip(&targets) {
        *delta = (target - y) * y * (1.0 - y);
    }
    let mut hidden_delta = [0.0f32; MAX_HIDDEN];
    for (j, delta) in hidden_delta[..n].iter_mut().enumerate() {
        let back: f32 = (0..OUTPUTS)
            .map(|k| output_delta[k] * net.output_weights[k * n + j])
            .sum();
        *delta = alpha * back * hidden[j] * (1.0 - hidden[j]);
    }
    for (k, &delta) in output_delta.iter().enumerate() {
        let step = alpha * delta;
        for (w, &h) in net.output_weights[k * n..(k + 1) * n]
            .iter_mut()
            .zip(hidden)
        {
            *w += step * h;
        }
        net.output_bias[k] += step;
    }
    let hidden_delta = &hidden_delta[..n];
    for (b, &d) in net.hidden_bias.iter_mut().zip(hidden_delta) {
        *b += d;
    }
    for (i, &x) in inputs.iter().enumerate() {
        if x == 0.0 {
            continue;
        }
        for (w, &d) in net.hidden_weights[i * n..(i + 1) * n]
            .iter_mut()
            .zip(hidden_delta)
        {
            *w += d * x;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn training_is_reproducible_and_resumable() {
        let settings = TrainingSettings {
            seed: 9,
            alpha: 0.1,
        };
        let mut straight = Trainer::new(settings, 16);
        for _ in 0..4 {
            straight.train_game();
        }
        let mut halves = Trainer::new(settings, 16);
        halves.train_game();
        halves.train_game();
        let mut resumed = Trainer::resume(
            settings,
            halves.games(),
            halves.evaluator().weights().clone(),
        );
        resumed.train_game();
        resumed.train_game();
        assert_eq!(resumed.games(), 4);
        assert_eq!(
            resumed.evaluator().weights(),
            straight.evaluator().weights()
        );
    }

    #[test]
    fn learning_moves_outputs_towards_targets() {
        let mut net = Network::random(8, &mut Rng::seeded(2));
        let mut inputs = [0.0; INPUTS];
        encode(&Position::start(), &mut inputs);
        let targets = [1.0, 0.0, 0.0, 0.0, 0.0];
        let before = net.forward(&inputs);
        for _ in 0..50 {
            let mut hidden = [0.0; 8];
            let outputs = net.forward_keeping_hidden(&inputs, &mut hidden);
            learn(&mut net, &inputs, &hidden, outputs, targets, 0.5);
        }
        let after = net.forward(&inputs);
        assert!(after[0] > before[0]);
        assert!(after[1] < before[1]);
    }
}
