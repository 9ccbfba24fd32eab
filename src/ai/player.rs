//! Players that pick a play: the network at 0-ply, pubeval, and a random mover.

use super::evaluator::Evaluator;
use super::pubeval::pubeval;
use super::search::{Level, Searcher};
use crate::rng::Rng;
use crate::rules::{Dice, LegalPlay, Position, RuleSet};

/// Something that chooses one of the legal plays of a roll.
pub trait Player {
    /// The index in `plays` (never empty, as from [`crate::rules::MoveGen`]) of the
    /// chosen play; `before` is the position before the roll, `dice` the roll.
    fn choose(
        &mut self,
        before: &Position,
        dice: Dice,
        plays: &[LegalPlay],
        rules: RuleSet,
    ) -> usize;
}

impl Player for Evaluator {
    fn choose(&mut self, _: &Position, _: Dice, plays: &[LegalPlay], rules: RuleSet) -> usize {
        self.best_play(plays, rules).unwrap_or(0)
    }
}

/// The computer at one of its strength levels (1-ply for the expert, noisy 0-ply below).
#[derive(Clone, Debug)]
pub struct LevelPlayer {
    evaluator: Evaluator,
    level: Level,
    seed: u64,
    moves: u64,
}

impl LevelPlayer {
    /// A player of `level` using `evaluator`; `seed` drives the weaker levels' noise.
    #[must_use]
    pub fn new(evaluator: Evaluator, level: Level, seed: u64) -> LevelPlayer {
        LevelPlayer {
            evaluator,
            level,
            seed,
            moves: 0,
        }
    }
}

impl Player for LevelPlayer {
    fn choose(&mut self, _: &Position, _: Dice, plays: &[LegalPlay], rules: RuleSet) -> usize {
        self.moves += 1;
        let mut searcher = Searcher::new(&self.evaluator, self.seed ^ self.moves);
        searcher.choose(plays, rules, self.level)
    }
}

/// Tesauro's pubeval: the play with the highest linear score.
#[derive(Clone, Copy, Debug, Default)]
pub struct PubEval;

impl Player for PubEval {
    fn choose(&mut self, before: &Position, _: Dice, plays: &[LegalPlay], _: RuleSet) -> usize {
        let race = before.is_race();
        let mut best = 0;
        let mut best_score = f32::NEG_INFINITY;
        for (i, legal) in plays.iter().enumerate() {
            let score = pubeval(race, &legal.position);
            if score > best_score {
                best = i;
                best_score = score;
            }
        }
        best
    }
}

/// A player choosing uniformly among the legal plays.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: Rng,
}

impl RandomPlayer {
    /// A random player whose choices are determined by `seed`.
    #[must_use]
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: Rng::seeded(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn choose(&mut self, _: &Position, _: Dice, plays: &[LegalPlay], _: RuleSet) -> usize {
        self.rng.below(plays.len().max(1) as u64) as usize
    }
}
