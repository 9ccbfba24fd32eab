//! Training targets from the project's own search: self-play games at 0-ply with the
//! intermediate level's noise, so that the positions vary, some of whose positions are
//! labelled with the chances the search finds looking `plies` deep.
//!
//! Game `g` takes its dice, its noise and its choice of positions from the seed and `g`
//! alone, so a stopped run continues exactly where it left off.

use super::bearoff::bearoff_chances;
use super::duel::{game_seed, opening_roll};
use super::evaluator::{decided, Evaluator};
use super::search::{Level, Searcher};
use super::targets::{Target, TargetSettings};
use crate::rng::Rng;
use crate::rules::{MoveGen, Position, RuleSet};
use crate::sample::random_dice;

/// Mixed into the seed for a game's noise, and for its choice of positions.
const NOISE_STREAM: u64 = 0x6E_6F69_7365;
const SAMPLE_STREAM: u64 = 0x7361_6D70_6C65;

/// Plays self-play games and labels their positions.
#[derive(Debug)]
pub struct Labeller<'a> {
    evaluator: &'a Evaluator,
    settings: TargetSettings,
    movegen: MoveGen,
}

impl<'a> Labeller<'a> {
    /// A labeller playing and searching with `evaluator`, as `settings` say (their
    /// `weights` checksum is the caller's to fill in).
    #[must_use]
    pub fn new(evaluator: &'a Evaluator, settings: TargetSettings) -> Labeller<'a> {
        Labeller {
            evaluator,
            settings,
            movegen: MoveGen::new(),
        }
    }

    /// Plays game `game` and returns its labelled positions, in the order met: those
    /// the network would evaluate (not decided, not an exact bear-off), each kept with
    /// chance 1 / `keep`.
    pub fn game(&mut self, game: u64) -> Vec<Target> {
        let rules = RuleSet::STANDARD;
        let seed = self.settings.seed;
        let mut dice_rng = Rng::seeded(game_seed(seed, game));
        let mut sample_rng = Rng::seeded(game_seed(seed ^ SAMPLE_STREAM, game));
        let mut searcher = Searcher::new(self.evaluator, game_seed(seed ^ NOISE_STREAM, game));
        let keep = u64::from(self.settings.keep.max(1));
        let mut targets = Vec::new();
        let mut position = Position::start();
        let mut dice = opening_roll(&mut dice_rng);
        loop {
            let wanted = sample_rng.below(keep) == 0;
            if wanted && decided(&position, rules).is_none() && bearoff_chances(&position).is_none()
            {
                let chances = searcher.chances_at(&position, rules, self.settings.plies);
                targets.push(Target {
                    game,
                    position,
                    chances: chances.to_array(),
                });
            }
            let plays = self.movegen.generate(&position, dice, rules);
            let chosen = plays[searcher.choose(plays, rules, Level::Intermediate)].position;
            if chosen.mover_win(rules).is_some() {
                return targets;
            }
            position = chosen.flipped();
            dice = random_dice(&mut dice_rng);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Weights;

    fn settings(plies: u8, keep: u32) -> TargetSettings {
        TargetSettings {
            seed: 5,
            plies,
            keep,
            weights: 0,
        }
    }

    #[test]
    fn games_are_reproducible_and_labels_are_the_searchs() {
        let evaluator = Evaluator::new(Weights::builtin().unwrap());
        let mut labeller = Labeller::new(&evaluator, settings(1, 1));
        let first = labeller.game(3);
        assert_eq!(labeller.game(3), first);
        assert_ne!(labeller.game(4), first);
        assert!(first.len() > 10, "{} positions", first.len());
        let mut searcher = Searcher::new(&evaluator, 0);
        for target in &first {
            assert_eq!(target.game, 3);
            let deep = searcher.chances_at(&target.position, RuleSet::STANDARD, 1);
            assert_eq!(target.chances, deep.to_array());
            assert!(bearoff_chances(&target.position).is_none());
        }
    }

    #[test]
    fn games_meet_contact_and_races_and_keep_a_share() {
        let evaluator = Evaluator::new(Weights::builtin().unwrap());
        let mut all = Labeller::new(&evaluator, settings(0, 1));
        let mut third = Labeller::new(&evaluator, settings(0, 3));
        let (mut every, mut kept, mut races) = (0, 0, 0);
        for game in 0..20 {
            let targets = all.game(game);
            every += targets.len();
            races += targets.iter().filter(|t| t.position.is_race()).count();
            kept += third.game(game).len();
        }
        assert!(races > 0 && races < every, "{races} races of {every}");
        assert!(kept * 4 > every && kept * 2 < every, "{kept} of {every}");
    }
}
