//! Duels: two players, many games of money play on paired dice, cubeless or with the
//! doubling cube.
//!
//! Games come in pairs that share one dice sequence, each player moving first once, so
//! that luck largely cancels. The spread is measured over pairs. Given an evaluator, a
//! duel also measures each roll's luck ([`CubelessLuck`], at the cube's stakes) and
//! gives the result with it taken out, as GNU Backgammon's luck-adjusted result: the
//! same mean whatever the evaluator, a narrower interval.

use super::cube::{CubeAction, CubeHolder, CubeSituation, Score};
use super::cubeless_luck::{CubelessLuck, RollsPossible};
use super::evaluator::Evaluator;
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

/// How one game ended, from the first player's side.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GameResult {
    /// The points the first player won (negative when it lost).
    pub points: i32,
    /// The first player's luck over the game's rolls, in points (0 unmeasured).
    pub luck: f64,
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
    /// The first player's luck over every game, in points (0 unmeasured).
    pub luck: f64,
    /// Sum over pairs of the squared net points of the pair.
    pair_squares: f64,
    /// The same with each game's luck taken out.
    adjusted_pair_squares: f64,
}

impl DuelScore {
    /// The first player's mean points per game.
    #[must_use]
    pub fn points_per_game(&self) -> f64 {
        per_game(self.points as f64, self.games)
    }

    /// Half the width of the 95% confidence interval of [`Self::points_per_game`].
    #[must_use]
    pub fn confidence_95(&self) -> f64 {
        pair_interval(self.points as f64, self.pair_squares, self.games)
    }

    /// The first player's mean points per game with the luck taken out.
    #[must_use]
    pub fn luck_adjusted_points_per_game(&self) -> f64 {
        per_game(self.points as f64 - self.luck, self.games)
    }

    /// Half the width of the 95% interval of [`Self::luck_adjusted_points_per_game`].
    #[must_use]
    pub fn luck_adjusted_confidence_95(&self) -> f64 {
        pair_interval(
            self.points as f64 - self.luck,
            self.adjusted_pair_squares,
            self.games,
        )
    }

    /// Counts a pair of games on the same dice.
    fn add_pair(&mut self, pair: [GameResult; 2]) {
        for game in pair {
            self.games += 1;
            self.points += i64::from(game.points);
            self.wins += u64::from(game.points > 0);
            self.luck += game.luck;
        }
        let [a, b] = pair;
        self.pair_squares += f64::from(a.points + b.points).powi(2);
        let adjusted = f64::from(a.points) - a.luck + f64::from(b.points) - b.luck;
        self.adjusted_pair_squares += adjusted.powi(2);
    }
}

/// Half the 95% interval of the mean per game of `total` points over `games` games in
/// pairs, whose squared sums add up to `pair_squares`.
fn pair_interval(total: f64, pair_squares: f64, games: u64) -> f64 {
    let pairs = (games / 2) as f64;
    if pairs < 2.0 {
        return f64::INFINITY;
    }
    let mean_pair = total / pairs;
    let variance = (pair_squares / pairs - mean_pair * mean_pair) * pairs / (pairs - 1.0);
    1.96 * variance.max(0.0).sqrt() / pairs.sqrt() / 2.0
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
    luck: f64,
    /// Sum over runs of (games × the run's 95% half-width)².
    weighted_squares: f64,
    /// The same for the luck-adjusted half-widths.
    adjusted_weighted_squares: f64,
}

impl CombinedRuns {
    /// Adds one run.
    pub fn add(&mut self, run: &DuelScore) {
        self.runs += 1;
        self.games += run.games;
        self.wins += run.wins;
        self.points += run.points;
        self.luck += run.luck;
        self.weighted_squares += (run.games as f64 * run.confidence_95()).powi(2);
        self.adjusted_weighted_squares +=
            (run.games as f64 * run.luck_adjusted_confidence_95()).powi(2);
    }

    /// The first player's mean points per game over every run.
    #[must_use]
    pub fn points_per_game(&self) -> f64 {
        per_game(self.points as f64, self.games)
    }

    /// Half the width of the 95% interval of [`Self::points_per_game`], combining the
    /// runs' own intervals (each weighed by its games): for runs of equal length, the
    /// root of the sum of their squares over the number of runs.
    #[must_use]
    pub fn confidence_95(&self) -> f64 {
        combined_interval(self.weighted_squares, self.games)
    }

    /// The first player's mean points per game with the luck taken out.
    #[must_use]
    pub fn luck_adjusted_points_per_game(&self) -> f64 {
        per_game(self.points as f64 - self.luck, self.games)
    }

    /// Half the width of the 95% interval of [`Self::luck_adjusted_points_per_game`],
    /// combined as [`Self::confidence_95`].
    #[must_use]
    pub fn luck_adjusted_confidence_95(&self) -> f64 {
        combined_interval(self.adjusted_weighted_squares, self.games)
    }
}

/// Half the 95% interval of runs combined, from the sum of their squared intervals
/// each weighed by its games.
fn combined_interval(weighted_squares: f64, games: u64) -> f64 {
    if games == 0 {
        return f64::INFINITY;
    }
    weighted_squares.sqrt() / games as f64
}

/// `points` over `games` games, per game (0 before any).
fn per_game(points: f64, games: u64) -> f64 {
    if games == 0 {
        return 0.0;
    }
    points / games as f64
}

/// Plays `pairs` pairs of games between `first` and `second`; pair `i`'s dice come from
/// `seed` and `i` alone. With `luck_judge`, each roll's luck is measured by it.
pub fn duel(
    first: &mut dyn Player,
    second: &mut dyn Player,
    pairs: u64,
    seed: u64,
    rules: RuleSet,
    cube: CubeUse,
    luck_judge: Option<&Evaluator>,
) -> DuelScore {
    let mut score = DuelScore::default();
    let mut movegen = MoveGen::new();
    let mut luck = luck_judge.map(CubelessLuck::new);
    for pair in 0..pairs {
        let dice_seed = game_seed(seed, pair);
        let mut game = |first: &mut dyn Player, second: &mut dyn Player| {
            play_game(
                first,
                second,
                dice_seed,
                rules,
                cube,
                &mut movegen,
                luck.as_mut(),
            )
        };
        let a = game(first, second);
        let b = game(second, first);
        score.add_pair([
            a,
            GameResult {
                points: -b.points,
                luck: -b.luck,
            },
        ]);
    }
    score
}

/// One game, `first` moving first: how it ended for `first`. The dice do not depend on
/// the cube: a pair's two games roll alike however it turns. With `luck`, each roll's
/// luck for the side rolling is measured at the cube's value then, and summed for
/// `first`.
pub fn play_game(
    first: &mut dyn Player,
    second: &mut dyn Player,
    dice_seed: u64,
    rules: RuleSet,
    cube: CubeUse,
    movegen: &mut MoveGen,
    mut luck: Option<&mut CubelessLuck>,
) -> GameResult {
    let mut rng = Rng::seeded(dice_seed);
    let mut position = Position::start();
    let mut dice = opening_roll(&mut rng);
    let mut first_to_move = true;
    // The cube's value and its owner (the first player as White, the second as Red;
    // `None` in the middle).
    let (mut value, mut owner) = (1u32, None::<Side>);
    let mut opening = true;
    let mut first_luck = 0.0;
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
                        return GameResult {
                            points: sign * value as i32,
                            luck: first_luck,
                        };
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
        if let Some(luck) = luck.as_deref_mut() {
            let possible = if opening {
                RollsPossible::Opening
            } else {
                RollsPossible::Any
            };
            let mover_luck = luck.equity(&position, rules, dice, possible);
            first_luck += f64::from(sign) * f64::from(value) * mover_luck;
        }
        opening = false;
        let plays = movegen.generate(&position, dice, rules);
        let index = mover
            .choose(&position, dice, plays, rules)
            .min(plays.len() - 1);
        let after = plays[index].position;
        if let Some(kind) = after.mover_win(rules) {
            return GameResult {
                points: sign * (kind.points() * value) as i32,
                luck: first_luck,
            };
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
    use crate::ai::Weights;
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
                None,
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
            None,
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
            None,
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
                None,
            )
            .points;
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
            None,
        )
        .points;
        assert!((1..=3).contains(&points.abs()));
        assert!(first.stakes.is_empty() && second.stakes.is_empty());
    }

    #[test]
    fn the_luck_adjusted_result_keeps_its_mean_and_narrows_its_interval() {
        let judge = Evaluator::new(Weights::builtin().expect("shipped weights load"));
        let mut net = Evaluator::new(Weights::builtin().expect("shipped weights load"));
        for cube in [CubeUse::Cubeless, CubeUse::Cubeful] {
            let mut play = |luck_judge| {
                duel(
                    &mut net,
                    &mut PubEval,
                    100,
                    11,
                    RuleSet::STANDARD,
                    cube,
                    luck_judge,
                )
            };
            let (plain, judged) = (play(None), play(Some(&judge)));
            // The same games: measuring luck changes no play.
            assert_eq!(
                (plain.points, plain.wins, plain.luck),
                (judged.points, judged.wins, 0.0)
            );
            assert_ne!(judged.luck, 0.0);
            let (raw, adjusted) = (judged.confidence_95(), judged.luck_adjusted_confidence_95());
            assert!(adjusted < 0.6 * raw, "{cube:?}: ±{adjusted} against ±{raw}");
            let shift = judged.luck_adjusted_points_per_game() - judged.points_per_game();
            assert!(shift.abs() < raw, "{cube:?}: luck {shift} beyond ±{raw}");
        }
    }

    #[test]
    fn a_game_s_luck_is_the_sum_of_its_rolls_luck_at_the_cube_s_value() {
        let judge = Evaluator::new(Weights::builtin().expect("shipped weights load"));
        let mut luck = CubelessLuck::new(&judge);
        let mut movegen = MoveGen::new();
        let rules = RuleSet::STANDARD;
        let result = play_game(
            &mut PubEval,
            &mut PubEval,
            9,
            rules,
            CubeUse::Cubeless,
            &mut movegen,
            Some(&mut luck),
        );
        // The same game replayed by hand, as `play_game` rolls it.
        let mut rng = Rng::seeded(9);
        let mut dice = opening_roll(&mut rng);
        let mut position = Position::start();
        let (mut expected, mut sign, mut possible) = (0.0, 1.0, RollsPossible::Opening);
        loop {
            expected += sign * luck.equity(&position, rules, dice, possible);
            let plays = movegen.generate(&position, dice, rules);
            let after = plays[PubEval.choose(&position, dice, plays, rules)].position;
            if after.mover_win(rules).is_some() {
                break;
            }
            position = after.flipped();
            sign = -sign;
            possible = RollsPossible::Any;
            dice = random_dice(&mut rng);
        }
        assert!(
            (result.luck - expected).abs() < 1e-9,
            "{result:?} against {expected}"
        );
        assert!(result.luck != 0.0);
    }
}
