//! Choosing a checker play: every play at 0-ply, then a 1-ply look-ahead over the
//! opponent's 21 rolls for the few best, and noise for the weaker levels.

use super::evaluator::{Evaluator, Probabilities};
use crate::rng::Rng;
use crate::rules::{Dice, LegalPlay, MoveGen, Position, RuleSet};

/// How many of the best 0-ply plays are looked at again at 1-ply.
const CANDIDATES: usize = 8;
/// Plays further than this below the best at 0-ply are not looked at again.
const CANDIDATE_MARGIN: f32 = 0.16;

/// How strongly the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// 0-ply with large noise: plays like a casual player.
    Beginner,
    /// 0-ply with small noise.
    Intermediate,
    /// 1-ply on the best candidates, no noise.
    Expert,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Beginner, Level::Intermediate, Level::Expert];

    /// The standard deviation of the noise added to each play's equity.
    fn noise(self) -> f32 {
        match self {
            Level::Beginner => 0.12,
            Level::Intermediate => 0.04,
            Level::Expert => 0.0,
        }
    }

    /// The level called `name` (`beginner`, `intermediate`, `expert`).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Level> {
        match name {
            "beginner" => Some(Level::Beginner),
            "intermediate" => Some(Level::Intermediate),
            "expert" => Some(Level::Expert),
            _ => None,
        }
    }
}

/// A play with its cubeless equity for the side making it, at the depth it was seen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RankedPlay {
    /// Its index among the legal plays given.
    pub index: usize,
    pub equity: f32,
    /// 0 or 1: how far ahead it was looked at.
    pub plies: u8,
}

/// Ranks and chooses plays. Holds the buffers of the look-ahead.
#[derive(Debug)]
pub struct Searcher<'a> {
    evaluator: &'a Evaluator,
    movegen: MoveGen,
    rng: Rng,
}

impl<'a> Searcher<'a> {
    /// A searcher using `evaluator`; `seed` drives the weaker levels' noise.
    #[must_use]
    pub fn new(evaluator: &'a Evaluator, seed: u64) -> Searcher<'a> {
        Searcher {
            evaluator,
            movegen: MoveGen::new(),
            rng: Rng::seeded(seed),
        }
    }

    /// Every play ranked best first: all at 0-ply, the best few again at 1-ply when
    /// `deep` (those rank above the rest).
    pub fn rank(&mut self, plays: &[LegalPlay], rules: RuleSet, deep: bool) -> Vec<RankedPlay> {
        let mut ranked: Vec<RankedPlay> = plays
            .iter()
            .enumerate()
            .map(|(index, legal)| RankedPlay {
                index,
                equity: self.evaluator.equity_after(&legal.position, rules),
                plies: 0,
            })
            .collect();
        ranked.sort_by(|a, b| b.equity.total_cmp(&a.equity));
        if deep && ranked.len() > 1 {
            let best = ranked[0].equity;
            for candidate in ranked.iter_mut().take(CANDIDATES) {
                if candidate.equity >= best - CANDIDATE_MARGIN {
                    candidate.equity = self.one_ply(&plays[candidate.index], rules);
                    candidate.plies = 1;
                }
            }
            ranked.sort_by(|a, b| b.plies.cmp(&a.plies).then(b.equity.total_cmp(&a.equity)));
        }
        ranked
    }

    /// The index of the play `level` chooses among `plays` (never empty).
    pub fn choose(&mut self, plays: &[LegalPlay], rules: RuleSet, level: Level) -> usize {
        let ranked = self.rank(plays, rules, level == Level::Expert);
        let sigma = level.noise();
        if sigma == 0.0 {
            return ranked[0].index;
        }
        ranked
            .iter()
            .map(|r| (r.index, r.equity + sigma * self.gaussian()))
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map_or(0, |(index, _)| index)
    }

    /// The chances of the side on roll in `position`, before it rolls: at 0-ply, or at
    /// 1-ply (averaged over its 21 rolls, each played as best at 0-ply) when `deep`.
    pub fn chances(&mut self, position: &Position, rules: RuleSet, deep: bool) -> Probabilities {
        if !deep {
            return self.evaluator.evaluate(position, rules);
        }
        let mut total = [0.0f32; 5];
        for dice in Dice::ALL {
            let plays = self.movegen.generate(position, dice, rules);
            let best = self.evaluator.best_play(plays, rules).unwrap_or(0);
            let after = self
                .evaluator
                .evaluate(&plays[best].position.flipped(), rules)
                .inverted();
            for (sum, p) in total.iter_mut().zip(after.to_array()) {
                *sum += f32::from(dice.weight()) * p;
            }
        }
        Probabilities::from_outputs(total.map(|sum| sum / 36.0))
    }

    /// The equity of a play for the side making it, averaged over the opponent's 21
    /// rolls, each answered by the opponent's best 0-ply play.
    pub fn one_ply(&mut self, play: &LegalPlay, rules: RuleSet) -> f32 {
        let opponent = play.position.flipped();
        if play.position.mover_win(rules).is_some() {
            return self.evaluator.equity_after(&play.position, rules);
        }
        let mut total = 0.0;
        for dice in Dice::ALL {
            let replies = self.movegen.generate(&opponent, dice, rules);
            let best_reply = replies
                .iter()
                .map(|reply| self.evaluator.equity_after(&reply.position, rules))
                .fold(f32::NEG_INFINITY, f32::max);
            total += f32::from(dice.weight()) * -best_reply;
        }
        total / 36.0
    }

    /// A standard normal sample (Box–Muller).
    fn gaussian(&mut self) -> f32 {
        let u = self.rng.unit_f64().max(f64::MIN_POSITIVE);
        let v = self.rng.unit_f64();
        ((-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()) as f32
    }
}
