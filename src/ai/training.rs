//! Self-play training by temporal differences.
//!
//! The network plays both sides at 0-ply, greedily (the dice explore enough). After
//! each move, the prediction for the position before the roll is pulled towards the
//! evaluation of the position the chosen play leaves, seen from the same side — or
//! towards the exact result when the play ends the game. With λ > 0 the error also
//! corrects the earlier positions of the game, through eligibility traces (TD(λ)).
//! The contact and race networks each keep their own traces.
//!
//! Game `g` of a run takes its dice from the run's seed and `g` alone, so a run resumed
//! from a checkpoint continues exactly as if it had never stopped.

use super::duel::{game_seed, opening_roll};
use super::encoding::{encode, INPUTS};
use super::evaluator::{Evaluator, Probabilities};
use super::network::{Network, MAX_HIDDEN};
use super::traces::Traces;
use super::weights::Weights;
use crate::rng::Rng;
use crate::rules::{MoveGen, Position, RuleSet};
use crate::sample::random_dice;

/// What a training run is made of; all of it is kept in its checkpoints.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainingSettings {
    /// Seeds the initial weights and every game's dice.
    pub seed: u64,
    /// The learning rate at the start; at game g it is
    /// `alpha / (1 + g / decay_games)`.
    pub alpha: f32,
    /// How many games it takes the learning rate to halve (0: it stays constant).
    pub decay_games: u64,
    /// How far back errors reach: 0 learns from the next position only.
    pub lambda: f32,
}

/// A training run in progress: the weights and how many games they have learnt from.
#[derive(Debug)]
pub struct Trainer {
    settings: TrainingSettings,
    games: u64,
    evaluator: Evaluator,
    movegen: MoveGen,
    /// Contact, race.
    traces: [Traces; 2],
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
        let traces = [
            Traces::new(weights.contact.hidden_units()),
            Traces::new(weights.race.hidden_units()),
        ];
        Trainer {
            settings,
            games,
            evaluator: Evaluator::new(weights),
            movegen: MoveGen::new(),
            traces,
        }
    }

    /// The run's settings.
    #[must_use]
    pub fn settings(&self) -> TrainingSettings {
        self.settings
    }

    /// The learning rate of the next game.
    #[must_use]
    pub fn alpha(&self) -> f32 {
        let decay = match self.settings.decay_games {
            0 => 1.0,
            n => 1.0 + self.games as f64 / n as f64,
        };
        (f64::from(self.settings.alpha) / decay) as f32
    }

    /// Changes the starting learning rate (see [`TrainingSettings::alpha`]).
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
        let alpha = self.alpha();
        let lambda = self.settings.lambda;
        for traces in &mut self.traces {
            traces.clear();
        }
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
            self.traces[usize::from(race)].step(
                net,
                &inputs,
                &hidden[..units],
                outputs,
                target.to_array(),
                alpha,
                lambda,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn training_is_reproducible_and_resumable() {
        let settings = TrainingSettings {
            seed: 9,
            alpha: 0.1,
            decay_games: 3,
            lambda: 0.7,
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
}
