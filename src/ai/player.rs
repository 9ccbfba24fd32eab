//! Players that pick a play: the network at 0-ply, the levels, the search at a fixed
//! depth, pubeval, and a random mover.

use super::cube::{CubeAdvice, CubeSituation};
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

    /// The cube decision of the side on roll in `position` (seen by it) in `situation`
    /// as this player sees it: as the side on roll it doubles when the advice does, as
    /// its opponent it takes when the advice says to. `None`, for players without a
    /// cube: never doubles, always takes.
    fn cube_advice(
        &mut self,
        _position: &Position,
        _situation: &CubeSituation,
        _rules: RuleSet,
    ) -> Option<CubeAdvice> {
        None
    }

    /// The cube and score this player's next plays are for; `None`, cubeless money
    /// play, until told otherwise. Players without a cube ignore it.
    fn set_stakes(&mut self, _situation: Option<CubeSituation>) {}
}

impl Player for Evaluator {
    fn choose(&mut self, _: &Position, _: Dice, plays: &[LegalPlay], rules: RuleSet) -> usize {
        self.best_play(plays, rules).unwrap_or(0)
    }
}

/// The computer at one of its strength levels (2-ply for the expert, noisy 0-ply below),
/// with the level's cube decisions.
#[derive(Clone, Debug)]
pub struct LevelPlayer {
    evaluator: Evaluator,
    level: Level,
    seed: u64,
    moves: u64,
    stakes: Option<CubeSituation>,
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
            stakes: None,
        }
    }
}

impl Player for LevelPlayer {
    fn choose(&mut self, _: &Position, _: Dice, plays: &[LegalPlay], rules: RuleSet) -> usize {
        self.moves += 1;
        let mut searcher = Searcher::new(&self.evaluator, self.seed ^ self.moves);
        searcher.set_stakes(self.stakes);
        searcher.choose(plays, rules, self.level)
    }

    fn cube_advice(
        &mut self,
        position: &Position,
        situation: &CubeSituation,
        rules: RuleSet,
    ) -> Option<CubeAdvice> {
        let mut searcher = Searcher::new(&self.evaluator, self.seed);
        let look = searcher.level_cube_advice(position, rules, situation, self.level);
        Some(look.advice)
    }

    fn set_stakes(&mut self, situation: Option<CubeSituation>) {
        self.stakes = situation;
    }
}

/// The search at a fixed depth without noise (0 to 3 plies: [`Searcher::rank_to`],
/// [`Searcher::rank_three_plies`]), with cube decisions looked at as deep
/// ([`Searcher::cube_advice_at`]): the steps between the levels, to measure what each
/// ply gains.
#[derive(Clone, Debug)]
pub struct SearchPlayer {
    evaluator: Evaluator,
    plies: u8,
    stakes: Option<CubeSituation>,
}

impl SearchPlayer {
    /// A player looking `plies` ahead (more than 3 is taken as 3) using `evaluator`.
    #[must_use]
    pub fn new(evaluator: Evaluator, plies: u8) -> SearchPlayer {
        SearchPlayer {
            evaluator,
            plies: plies.min(3),
            stakes: None,
        }
    }
}

impl Player for SearchPlayer {
    fn choose(&mut self, _: &Position, _: Dice, plays: &[LegalPlay], rules: RuleSet) -> usize {
        let mut searcher = Searcher::new(&self.evaluator, 0);
        searcher.set_stakes(self.stakes);
        let ranked = match self.plies {
            3 => searcher.rank_three_plies(plays, rules),
            plies => searcher.rank_to(plays, rules, plies),
        };
        ranked[0].index
    }

    fn cube_advice(
        &mut self,
        position: &Position,
        situation: &CubeSituation,
        rules: RuleSet,
    ) -> Option<CubeAdvice> {
        let mut searcher = Searcher::new(&self.evaluator, 0);
        let look = searcher.cube_advice_at(position, rules, situation, self.plies);
        Some(look.advice)
    }

    fn set_stakes(&mut self, situation: Option<CubeSituation>) {
        self.stakes = situation;
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
