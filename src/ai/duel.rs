//! Duels: two players, many games of money play on paired dice, cubeless or with the
//! doubling cube.
//!
//! Games come in pairs that share one dice sequence, each player moving first once, so
//! that luck largely cancels. The spread is measured over pairs.

use super::cube::{CubeAction, CubeHolder, CubeSituation, Score};
use super::player::Player;
use crate::rng::Rng;
use crate::rules::{Dice, MoveGen, Position, RuleSet, Side};
use crate::sample::random_dice;

/// The highest the cube goes in a duel, as in GNU Backgammon: no double beyond it.
const MAX_CUBE: u32 = 4096;

/// Whether a duel's games are played with the doubling cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CubeUse {
    /// Every game is worth its single, gammon or backgammon.
    Cubeless,
    /// Money play with the cube (no Jacoby rule, no beavers): a side may double before
    /// any roll but the opening one, and each player plays at the cube's stakes.
    Cubeful,
}

/// The running score of a duel, from the first player's side.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DuelScore {
    /// Games played (twice the pairs).
    pub games: u64,
    /// Points won by the first player minus points won by the second.
    pub points: i64,
    /// Games won by the first player.
    pub wins: u64,
    /// Sum over pairs of the squared net points of the pair.
    pair_squares: f64,
}

impl DuelScore {
    /// The first player's mean points per game.
    #[must_use]
    pub fn points_per_game(&self) -> f64 {
        per_game(self.points, self.games)
    }

    /// Half the width of the 95% confidence interval of [`Self::points_per_game`].
    #[must_use]
    pub fn confidence_95(&self) -> f64 {
        let pairs = (self.games / 2) as f64;
        if pairs < 2.0 {
            return f64::INFINITY;
        }
        let mean_pair = self.points as f64 / pairs;
        let variance = (self.pair_squares / pairs - mean_pair * mean_pair) * pairs / (pairs - 1.0);
        1.96 * variance.max(0.0).sqrt() / pairs.sqrt() / 2.0
    }
}

/// Duels of equal length on different seeds, taken together: the README's duels are
/// runs of 50 games, one seed each, so that a range of seeds can be played on several
/// cores and extended later.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CombinedRuns {
    /// How many runs.
    pub runs: u64,
    /// Games in all.
    pub games: u64,
    /// Games won by the first player.
    pub wins: u64,
    points: i64,
    /// Sum over runs of (games × the run's 95% half-width)².
    weighted_squares: f64,
}

impl CombinedRuns {
    /// Adds one run.
    pub fn add(&mut self, run: &DuelScore) {
        self.runs += 1;
        self.games += run.games;
        self.wins += run.wins;
        self.points += run.points;
        self.weighted_squares += (run.games as f64 * run.confidence_95()).powi(2);
    }

    /// The first player's mean points per game over every run.
    #[must_use]
    pub fn points_per_game(&self) -> f64 {
        per_game(self.points, self.games)
    }

    /// Half the width of the 95% interval of [`Self::points_per_game`], combining the
    /// runs' own intervals (each weighed by its games): for runs of equal length, the
    /// root of the sum of their squares over the number of runs.
    #[must_use]
    pub fn confidence_95(&self) -> f64 {
        if self.games == 0 {
            return f64::INFINITY;
        }
        self.weighted_squares.sqrt() / self.games as f64
    }
}

/// `points` over `games` games, per game (0 before any).
fn per_game(points: i64, games: u64) -> f64 {
    if games == 0 {
        return 0.0;
    }
    points as f64 / games as f64
}

/// Plays `pairs` pairs of games between `first` and `second`; pair `i`'s dice come from
/// `seed` and `i` alone.
pub fn duel(
    first: &mut dyn Player,
    second: &mut dyn Player,
    pairs: u64,
    seed: u64,
    rules: RuleSet,
    cube: CubeUse,
) -> DuelScore {
    let mut score = DuelScore::default();
    let mut movegen = MoveGen::new();
    for pair in 0..pairs {
        let dice_seed = game_seed(seed, pair);
        let a = play_game(first, second, dice_seed, rules, cube, &mut movegen);
        let b = -play_game(second, first, dice_seed, rules, cube, &mut movegen);
        for points in [a, b] {
            score.games += 1;
            score.points += i64::from(points);
            score.wins += u64::from(points > 0);
        }
        score.pair_squares += f64::from(a + b).powi(2);
    }
    score
}

/// One game, `first` moving first; the points `first` won (negative when it lost).
/// The dice do not depend on the cube: a pair's two games roll alike however it turns.
pub fn play_game(
    first: &mut dyn Player,
    second: &mut dyn Player,
    dice_seed: u64,
    rules: RuleSet,
    cube: CubeUse,
    movegen: &mut MoveGen,
) -> i32 {
    let mut rng = Rng::seeded(dice_seed);
    let mut position = Position::start();
    let mut dice = opening_roll(&mut rng);
    let mut first_to_move = true;
    // The cube's value and its owner (the first player as White, the second as Red;
    // `None` in the middle).
    let (mut value, mut owner) = (1u32, None::<Side>);
    let mut opening = true;
    loop {
        let (mover, other): (&mut dyn Player, &mut dyn Player) = if first_to_move {
            (&mut *first, &mut *second)
        } else {
            (&mut *second, &mut *first)
        };
        let sign = if first_to_move { 1 } else { -1 };
        let on_roll = if first_to_move {
            Side::White
        } else {
            Side::Red
        };
        if cube == CubeUse::Cubeful {
            let situation = CubeSituation {
                value,
                holder: CubeHolder::seen_by(on_roll, owner),
                score: Score::Money,
                race: position.is_race(),
            };
            if !opening && situation.holder != CubeHolder::Opponent && value < MAX_CUBE {
                let doubles =
                    mover
                        .cube_advice(&position, &situation, rules)
                        .is_some_and(|advice| {
                            matches!(
                                advice.action,
                                CubeAction::DoubleTake | CubeAction::DoublePass
                            )
                        });
                if doubles {
                    let takes = other
                        .cube_advice(&position, &situation, rules)
                        .is_none_or(|advice| advice.take);
                    if !takes {
                        return sign * value as i32;
                    }
                    value *= 2;
                    owner = Some(on_roll.other());
                }
            }
            mover.set_stakes(Some(CubeSituation {
                value,
                holder: CubeHolder::seen_by(on_roll, owner),
                ..situation
            }));
        }
        opening = false;
        let plays = movegen.generate(&position, dice, rules);
        let index = mover
            .choose(&position, dice, plays, rules)
            .min(plays.len() - 1);
        let after = plays[index].position;
        if let Some(kind) = after.mover_win(rules) {
            return sign * (kind.points() * value) as i32;
        }
        position = after.flipped();
        first_to_move = !first_to_move;
        dice = random_dice(&mut rng);
    }
}

/// The first roll of a game: never a double, as when each player throws one die.
pub fn opening_roll(rng: &mut Rng) -> Dice {
    loop {
        let dice = random_dice(rng);
        if !dice.is_double() {
            return dice;
        }
    }
}

/// A well-mixed seed for game `index` of a series seeded by `seed`.
#[must_use]
pub fn game_seed(seed: u64, index: u64) -> u64 {
    let mut z = (seed ^ 0xD1B5_4A32_D192_ED03).wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    z ^= index.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    z ^= z >> 33;
    z.wrapping_mul(0xFF51_AFD7_ED55_8CCD) ^ (z >> 29)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::cube::CubeAdvice;
    use crate::ai::player::{PubEval, RandomPlayer};
    use crate::rules::LegalPlay;

    #[test]
    fn runs_combine_their_points_and_their_intervals() {
        let run = |seed| {
            duel(
                &mut PubEval,
                &mut RandomPlayer::new(seed),
                10,
                seed,
                RuleSet::STANDARD,
                CubeUse::Cubeless,
            )
        };
        let runs = [run(1), run(2), run(3), run(4)];
        let mut combined = CombinedRuns::default();
        for r in &runs {
            combined.add(r);
        }
        assert_eq!((combined.runs, combined.games), (4, 80));
        assert_eq!(combined.wins, runs.iter().map(|r| r.wins).sum::<u64>());
        let mean = runs.iter().map(DuelScore::points_per_game).sum::<f64>() / 4.0;
        assert!((combined.points_per_game() - mean).abs() < 1e-12);
        // Runs of equal length: √(Σ half-width²) / 4.
        let root = runs
            .iter()
            .map(|r| r.confidence_95().powi(2))
            .sum::<f64>()
            .sqrt();
        assert!((combined.confidence_95() - root / 4.0).abs() < 1e-12);
        assert!(combined.confidence_95() < runs[0].confidence_95());
    }

    #[test]
    fn pubeval_beats_a_random_player() {
        let score = duel(
            &mut PubEval,
            &mut RandomPlayer::new(3),
            100,
            7,
            RuleSet::STANDARD,
            CubeUse::Cubeless,
        );
        assert_eq!(score.games, 200);
        assert!(score.points_per_game() > 0.5, "{score:?}");
        assert!(score.points_per_game() - score.confidence_95() > 0.0);
    }

    /// Plays as pubeval and answers every cube decision one way.
    struct CubePolicy {
        doubles: bool,
        takes: bool,
        stakes: Vec<CubeSituation>,
    }

    impl CubePolicy {
        fn new(doubles: bool, takes: bool) -> CubePolicy {
            CubePolicy {
                doubles,
                takes,
                stakes: Vec::new(),
            }
        }
    }

    impl Player for CubePolicy {
        fn choose(
            &mut self,
            before: &Position,
            dice: Dice,
            plays: &[LegalPlay],
            rules: RuleSet,
        ) -> usize {
            PubEval.choose(before, dice, plays, rules)
        }

        fn cube_advice(
            &mut self,
            _: &Position,
            _: &CubeSituation,
            _: RuleSet,
        ) -> Option<CubeAdvice> {
            let action = if self.doubles {
                CubeAction::DoubleTake
            } else {
                CubeAction::NoDouble
            };
            Some(CubeAdvice {
                no_double: 0.0,
                double_take: 0.0,
                double_pass: 1.0,
                action,
                take: self.takes,
            })
        }

        fn set_stakes(&mut self, situation: Option<CubeSituation>) {
            self.stakes.extend(situation);
        }
    }

    #[test]
    fn a_double_passed_ends_the_game_at_the_cube_s_value() {
        // The doubler's first chance is its own second turn, or the turn after the
        // opening when it moves second: the other side never doubles and never takes.
        let score = duel(
            &mut CubePolicy::new(true, true),
            &mut CubePolicy::new(false, false),
            20,
            5,
            RuleSet::STANDARD,
            CubeUse::Cubeful,
        );
        assert_eq!((score.games, score.points, score.wins), (40, 40, 40));
    }

    #[test]
    fn a_double_taken_doubles_the_stakes_and_passes_the_cube() {
        let mut movegen = MoveGen::new();
        for seed in 0..20 {
            let mut first = CubePolicy::new(true, true);
            let mut second = CubePolicy::new(true, true);
            let points = play_game(
                &mut first,
                &mut second,
                seed,
                RuleSet::STANDARD,
                CubeUse::Cubeful,
                &mut movegen,
            );
            // Each side doubles at each of its turns after the opening, and the other
            // takes: the cube is at 2 ^ (turns - 1) when the game ends, up to its highest.
            let turns = first.stakes.len() + second.stakes.len();
            let value = 1i32 << (turns - 1).min(12);
            assert_eq!(points.abs() % value, 0, "{seed}: {points} at {value}");
            assert!(
                (1..=3).contains(&(points.abs() / value)),
                "{seed}: {points}"
            );
            // Each plays having just doubled and been taken: the opponent holds the cube
            // (once at its highest, the side that took it last).
            let doubled = |s: &CubeSituation| s.holder == CubeHolder::Opponent || s.value == 4096;
            assert!(first.stakes.iter().skip(1).all(doubled), "{seed}");
            assert!(second.stakes.iter().all(doubled), "{seed}");
            assert_eq!(
                first.stakes[0].value, 1,
                "no double before the opening roll"
            );
        }
    }

    #[test]
    fn a_cubeless_duel_leaves_the_stakes_alone() {
        let mut first = CubePolicy::new(true, false);
        let mut second = CubePolicy::new(true, false);
        let mut movegen = MoveGen::new();
        let points = play_game(
            &mut first,
            &mut second,
            3,
            RuleSet::STANDARD,
            CubeUse::Cubeless,
            &mut movegen,
        );
        assert!((1..=3).contains(&points.abs()));
        assert!(first.stakes.is_empty() && second.stakes.is_empty());
    }
}
