//! Training targets from the project's own search: self-play games at 0-ply with the
//! intermediate level's noise, so that the positions vary, some of whose positions are
//! labelled with the chances the search finds looking `plies` deep, and with them, when
//! asked, the positions their roll's best few plays leave (the choices the network
//! makes in play, which self-play alone reaches only one at a time).
//!
//! Game `g` takes its dice, its noise and its choice of positions from the seed and `g`
//! alone, so a stopped run continues exactly where it left off.

use super::duel::{game_seed, opening_roll};
use super::evaluator::{decided, exact_race, Evaluator};
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
    /// chance 1 / `keep`, each followed by those its roll's best `alternatives` plays
    /// at 0-ply leave (seen by the opponent, to roll) that the network would evaluate.
    /// The game is played the same whatever `alternatives` is.
    pub fn game(&mut self, game: u64) -> Vec<Target> {
        let rules = RuleSet::STANDARD;
        let seed = self.settings.seed;
        let mut dice_rng = Rng::seeded(game_seed(seed, game));
        let mut sample_rng = Rng::seeded(game_seed(seed ^ SAMPLE_STREAM, game));
        let mut searcher = Searcher::new(self.evaluator, game_seed(seed ^ NOISE_STREAM, game));
        let keep = u64::from(self.settings.keep.max(1));
        let plies = self.settings.plies;
        let mut targets = Vec::new();
        let mut label = |searcher: &mut Searcher, position: Position| {
            if decided(&position, rules).is_none() && exact_race(&position).is_none() {
                targets.push(Target {
                    game,
                    position,
                    chances: searcher.chances_at(&position, rules, plies).to_array(),
                });
            }
        };
        let mut position = Position::start();
        let mut dice = opening_roll(&mut dice_rng);
        loop {
            let wanted = sample_rng.below(keep) == 0;
            let plays = self.movegen.generate(&position, dice, rules);
            if wanted {
                label(&mut searcher, position);
                let alternatives = usize::from(self.settings.alternatives);
                if alternatives > 0 {
                    for ranked in searcher.rank_to(plays, rules, 0).iter().take(alternatives) {
                        label(&mut searcher, plays[ranked.index].position.flipped());
                    }
                }
            }
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
    use crate::rules::Dice;

    fn settings(plies: u8, keep: u32) -> TargetSettings {
        TargetSettings {
            seed: 5,
            plies,
            keep,
            alternatives: 0,
            weights: 0,
            rollouts: None,
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
            assert!(exact_race(&target.position).is_none());
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

    #[test]
    fn alternatives_add_the_best_plays_positions_to_the_same_game() {
        let evaluator = Evaluator::new(Weights::builtin().unwrap());
        let plain = Labeller::new(&evaluator, settings(0, 3)).game(2);
        let wider = TargetSettings {
            alternatives: 3,
            ..settings(0, 3)
        };
        let with_alternatives = Labeller::new(&evaluator, wider).game(2);
        assert!(with_alternatives.len() > 2 * plain.len());
        let mut rest = with_alternatives.iter();
        for target in &plain {
            assert!(
                rest.any(|t| t == target),
                "the game's own positions come in order"
            );
        }
        let mut movegen = MoveGen::new();
        let mut searcher = Searcher::new(&evaluator, 0);
        let rules = RuleSet::STANDARD;
        for target in &with_alternatives {
            assert_eq!(target.game, 2);
            assert_eq!(
                target.chances,
                searcher.chances_at(&target.position, rules, 0).to_array()
            );
            let follows_one = plain.iter().any(|own| {
                Dice::ALL.iter().any(|&dice| {
                    let plays = movegen.generate(&own.position, dice, rules);
                    plays
                        .iter()
                        .any(|p| p.position.flipped() == target.position)
                })
            });
            assert!(plain.contains(target) || follows_one, "{target}");
        }
    }
}
