//! Cube decisions looked at plies deep, as GNU Backgammon makes them: each of the side
//! on roll's 21 rolls is played as best at 0-ply, and the opponent's cube decision after
//! it is looked at one ply less deep, down to Janowski's model at 0-ply
//! ([`cube_advice`]). Looking ahead this way sees what the model only averages: the
//! rolls after which the opponent must pass (market losers) and those after which it
//! would double us out.
//!
//! Doubling and playing on lead to the same positions with the cube at different
//! values and owners, so the look-ahead walks them once and values every cube
//! situation at each of them. Three plies deep, its last ply takes a third of the rolls
//! in turn, as a play's 3-ply look does (a third of the work).

use super::analysis::Stakes;
use super::cube::{advise, best_equity, cube_advice, CubeAction, CubeAdvice, CubeSituation};
use super::evaluator::{decided, Probabilities};
use super::search::{accumulate, average, Level, Rolls, Searcher};
use crate::rules::{Position, RuleSet};

/// A 2-ply decision where doubling is within this of not doubling, or taking within this
/// of passing (normalised equity: points per point at the cube), is looked at again at
/// 3-ply.
const CLOSE: f64 = 0.10;

/// A cube decision looked ahead, and the cubeless chances of the side on roll that the
/// same look saw (for a resignation, or to show), so that one walk answers both.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeLook {
    pub advice: CubeAdvice,
    pub chances: Probabilities,
    /// How many plies deep it looked (0: Janowski's model on the network's chances, or
    /// a game already decided).
    pub plies: u8,
}

/// What looking ahead from a position found: for each cube situation asked about, the
/// side on roll's equity, and its cubeless chances.
struct Looked {
    equities: Vec<f64>,
    chances: Probabilities,
}

impl Searcher<'_> {
    /// The cube decision of the side on roll in `position` in `situation` as `level`
    /// makes it: 0-ply below the expert; the expert at 2-ply, and at 3-ply (the last
    /// ply over a third of the rolls) where the double or the take is close.
    pub fn level_cube_advice(
        &mut self,
        position: &Position,
        rules: RuleSet,
        situation: &CubeSituation,
        level: Level,
    ) -> CubeLook {
        let look = self.cube_advice_at(position, rules, situation, level.cube_plies());
        let advice = look.advice;
        // Compared per point at the cube: a match's chances of winning it move by far
        // less than a point.
        let stakes = Stakes {
            situation: *situation,
        };
        let [no_double, double_take, double_pass] =
            [advice.no_double, advice.double_take, advice.double_pass]
                .map(|equity| stakes.normalise(equity));
        let close = advice.action != CubeAction::Unavailable
            && ((double_take.min(double_pass) - no_double).abs() < CLOSE
                || (double_take - double_pass).abs() < CLOSE);
        if level == Level::Expert && close {
            self.cube_advice_at(position, rules, situation, 3)
        } else {
            look
        }
    }

    /// The cube decision of the side on roll in `position` in `situation`, looked at
    /// `plies` deep (0: Janowski's model on the 0-ply chances; from 3, three plies, the
    /// last over a third of the rolls, as a play's 3-ply look), with its chances as deep.
    pub fn cube_advice_at(
        &mut self,
        position: &Position,
        rules: RuleSet,
        situation: &CubeSituation,
        plies: u8,
    ) -> CubeLook {
        if plies == 0 || decided(position, rules).is_some() {
            let chances = self.chances_at(position, rules, 0);
            return CubeLook {
                advice: cube_advice(&chances, situation),
                chances,
                plies: 0,
            };
        }
        let mut situations = vec![*situation];
        situations.extend(situation.after_take());
        let reduced = (plies >= 3).then_some(0);
        let Looked { equities, chances } =
            self.played_on(position, rules, &situations, plies, reduced);
        let no_double = equities[0];
        let double_take = equities.get(1).copied().unwrap_or(no_double);
        let double_pass = situation.cash();
        let advice = advise(
            no_double,
            double_take,
            double_pass,
            situations.len() > 1,
            double_take <= double_pass,
        );
        CubeLook {
            advice,
            chances,
            plies,
        }
    }

    /// For each of `situations`, the side on roll's equity when it rolls without
    /// turning the cube, and its cubeless chances, looked at `plies` (at least 1) deep;
    /// with `Some(before)`, the look's last ply takes a third of the rolls, turning with
    /// `before`, the indices of the rolls before it summed ([`Rolls::last_of_three`]).
    fn played_on(
        &mut self,
        position: &Position,
        rules: RuleSet,
        situations: &[CubeSituation],
        plies: u8,
        reduced: Option<usize>,
    ) -> Looked {
        let rolls = match reduced {
            Some(before) if plies == 1 => Rolls::last_of_three(before),
            _ => Rolls::All,
        };
        let reached = self.best_plays(position, rules, rolls);
        let mut totals = vec![0.0f64; situations.len()];
        let mut chances = [0.0f32; 5];
        for after in reached {
            let stakes: Vec<Stakes> = situations
                .iter()
                .map(|&situation| Stakes { situation }.for_opponent(&after.position))
                .collect();
            let opponent: Vec<CubeSituation> = stakes.iter().map(|s| s.situation).collect();
            let theirs = self.with_cube_action(
                &after.position,
                rules,
                &opponent,
                &after.chances,
                plies - 1,
                reduced.map(|before| before + after.roll),
            );
            for ((total, stakes), value) in totals.iter_mut().zip(&stakes).zip(theirs.equities) {
                *total += f64::from(after.weight) * stakes.opposite(value);
            }
            accumulate(&mut chances, after.weight, &theirs.chances.inverted());
        }
        Looked {
            equities: totals.iter().map(|total| total / 36.0).collect(),
            chances: average(&chances),
        }
    }

    /// For each of `situations`, the side on roll's equity when it acts on the cube as
    /// it advises, and its cubeless chances, `plies` deep (`reduced` as in
    /// [`Searcher::played_on`]); `chances` are its 0-ply chances in `position`.
    fn with_cube_action(
        &mut self,
        position: &Position,
        rules: RuleSet,
        situations: &[CubeSituation],
        chances: &Probabilities,
        plies: u8,
        reduced: Option<usize>,
    ) -> Looked {
        let exact = decided(position, rules);
        if plies == 0 || exact.is_some() {
            let chances = exact.unwrap_or(*chances);
            return Looked {
                equities: situations
                    .iter()
                    .map(|situation| best_equity(&cube_advice(&chances, situation)))
                    .collect(),
                chances,
            };
        }
        let mut needed = situations.to_vec();
        let taken: Vec<Option<usize>> = situations
            .iter()
            .map(|situation| {
                situation.after_take().map(|after| {
                    needed.iter().position(|s| *s == after).unwrap_or_else(|| {
                        needed.push(after);
                        needed.len() - 1
                    })
                })
            })
            .collect();
        let played_on = self.played_on(position, rules, &needed, plies, reduced);
        let no_double = &played_on.equities;
        let equities = situations
            .iter()
            .zip(taken)
            .enumerate()
            .map(|(i, (situation, taken))| match taken {
                Some(j) => {
                    let (take, pass) = (no_double[j], situation.cash());
                    best_equity(&CubeAdvice::from_equities(no_double[i], take, pass))
                }
                None => no_double[i],
            })
            .collect();
        Looked {
            equities,
            chances: played_on.chances,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::cube::{CubeAction, CubeHolder, Score};
    use crate::ai::{Evaluator, MatchEquityTable, Weights};
    use crate::match_play::CrawfordState;
    use crate::rules::{BoardSetup, Dice, MoveGen};

    fn evaluator() -> Evaluator {
        Evaluator::new(Weights::builtin().expect("the built-in weights load"))
    }

    /// The side on roll with two checkers left on `points`, the opponent with one on its
    /// 1-point: whoever bears off first wins a single game, and the opponent surely will
    /// on its next roll.
    fn last_roll(points: [u8; 2]) -> Position {
        let setup = BoardSetup::default()
            .with_mover(points[0], 1)
            .with_mover(points[1], 1)
            .with_opponent(24, 1);
        Position::from_setup(&setup).expect("a legal position")
    }

    /// The chance that the side on roll in `position` bears off all its checkers this
    /// roll, counted over the 36 rolls.
    fn bears_off_now(position: &Position) -> f64 {
        let mut movegen = MoveGen::new();
        let hits: u32 = Dice::ALL
            .into_iter()
            .filter(|&dice| {
                let plays = movegen.generate(position, dice, RuleSet::STANDARD);
                plays
                    .iter()
                    .any(|play| play.position.mover_win(RuleSet::STANDARD).is_some())
            })
            .map(|dice| u32::from(dice.weight()))
            .sum();
        f64::from(hits) / 36.0
    }

    fn money() -> CubeSituation {
        CubeSituation::centred(Score::Money, true)
    }

    #[test]
    fn a_last_roll_is_valued_exactly_at_every_depth_that_sees_it() {
        let evaluator = evaluator();
        // Bearing off now: 15, 10, 19, 29 and 25 rolls in 36 (no double, double and
        // take, double and pass).
        for points in [[6, 1], [5, 4], [5, 2], [4, 1], [3, 2]] {
            let position = last_roll(points);
            let p = bears_off_now(&position);
            for plies in 1..=3 {
                let advice = Searcher::new(&evaluator, 0)
                    .cube_advice_at(&position, RuleSet::STANDARD, &money(), plies)
                    .advice;
                assert!([15.0, 10.0, 19.0, 29.0, 25.0].contains(&(p * 36.0).round()));
                let game = 2.0 * p - 1.0;
                assert!((advice.no_double - game).abs() < 1e-6, "{points:?} {plies}");
                assert!((advice.double_take - 2.0 * game).abs() < 1e-6);
                assert!((advice.double_pass - 1.0).abs() < 1e-12);
                // Double from 50%, pass from 75%: nothing is left to play for after.
                let expected = match (p > 0.5, p > 0.75) {
                    (false, _) => CubeAction::NoDouble,
                    (true, false) => CubeAction::DoubleTake,
                    (true, true) => CubeAction::DoublePass,
                };
                assert_eq!(advice.action, expected, "{points:?} at {p} {plies}-ply");
                assert_eq!(advice.take, p <= 0.75);
            }
        }
    }

    #[test]
    fn a_last_roll_at_a_match_score_is_worth_its_match_winning_chances() {
        let evaluator = evaluator();
        let position = last_roll([6, 2]);
        let p = bears_off_now(&position);
        let situation = CubeSituation::centred(
            Score::Match {
                on_roll_away: 3,
                opponent_away: 2,
                crawford: CrawfordState::Pending,
            },
            true,
        );
        let met = MatchEquityTable::kazaross_xg2();
        let chance = |me, them| f64::from(met.win_chance(me, them, false).expect("in the table"));
        for plies in 1..=2 {
            let advice = Searcher::new(&evaluator, 0)
                .cube_advice_at(&position, RuleSet::STANDARD, &situation, plies)
                .advice;
            let no_double = p * chance(2, 2) + (1.0 - p) * chance(3, 1);
            // Doubled to 2, the opponent 2-away wins the match with its single game.
            let double_take = p * chance(1, 2) + (1.0 - p) * 0.0;
            assert!((advice.no_double - no_double).abs() < 1e-6, "{plies}");
            assert!((advice.double_take - double_take).abs() < 1e-6, "{plies}");
            assert!((advice.double_pass - chance(2, 2)).abs() < 1e-6);
        }
    }

    #[test]
    fn no_cube_action_where_the_side_on_roll_may_not_double() {
        let evaluator = evaluator();
        let position = last_roll([3, 2]);
        let held = CubeSituation {
            value: 2,
            holder: CubeHolder::Opponent,
            ..money()
        };
        let crawford = CubeSituation::centred(
            Score::Match {
                on_roll_away: 1,
                opponent_away: 4,
                crawford: CrawfordState::CrawfordGame,
            },
            true,
        );
        for situation in [held, crawford] {
            let advice = Searcher::new(&evaluator, 0)
                .cube_advice_at(&position, RuleSet::STANDARD, &situation, 2)
                .advice;
            assert_eq!(advice.action, CubeAction::Unavailable);
        }
    }

    #[test]
    fn the_expert_looks_deeper_only_at_a_close_call_at_money_or_a_match_score() {
        let evaluator = evaluator();
        let opening = Position::start();
        let seven_points = Score::Match {
            on_roll_away: 7,
            opponent_away: 7,
            crawford: CrawfordState::Pending,
        };
        for score in [Score::Money, seven_points] {
            let situation = CubeSituation::centred(score, false);
            let mut searcher = Searcher::new(&evaluator, 0);
            let expert =
                searcher.level_cube_advice(&opening, RuleSet::STANDARD, &situation, Level::Expert);
            // The opening is far from a double: 2-ply is the expert's last word.
            let two = searcher.cube_advice_at(&opening, RuleSet::STANDARD, &situation, 2);
            assert_eq!(expert, two, "{score:?}");
            assert_eq!(expert.plies, 2);
        }
        // Last rolls: bearing off 19 times in 36, doubling gains 0.056 (close); 25 times
        // in 36, the opponent's take is worth 0.22 more than its pass (not close).
        for (points, plies) in [([5, 2], 3), ([3, 2], 2)] {
            let position = last_roll(points);
            let mut searcher = Searcher::new(&evaluator, 0);
            let expert =
                searcher.level_cube_advice(&position, RuleSet::STANDARD, &money(), Level::Expert);
            let looked = searcher.cube_advice_at(&position, RuleSet::STANDARD, &money(), plies);
            assert_eq!(expert, looked, "{points:?}");
            assert_eq!(expert.plies, plies);
        }
    }

    #[test]
    fn at_no_depth_the_advice_is_the_model_s_on_the_network_s_chances() {
        let evaluator = evaluator();
        let position = Position::start();
        let situation = CubeSituation::centred(Score::Money, false);
        let mut searcher = Searcher::new(&evaluator, 0);
        let chances = searcher.chances_at(&position, RuleSet::STANDARD, 0);
        assert_eq!(
            searcher.cube_advice_at(&position, RuleSet::STANDARD, &situation, 0),
            CubeLook {
                advice: cube_advice(&chances, &situation),
                chances,
                plies: 0,
            }
        );
    }

    #[test]
    fn the_look_ahead_s_chances_are_the_search_s_at_the_same_depth() {
        let evaluator = evaluator();
        let contact = "jGfhQSCw58gBMA".parse::<crate::notation::PositionId>();
        let positions = [
            Position::start(),
            contact.expect("a valid Position ID").0,
            last_roll([5, 2]),
        ];
        for position in positions {
            for plies in 1..=3 {
                let mut searcher = Searcher::new(&evaluator, 0);
                let look = searcher.cube_advice_at(&position, RuleSet::STANDARD, &money(), plies);
                let searched = searcher.chances_at(&position, RuleSet::STANDARD, plies);
                // 3 plies deep the look's last ply takes a third of the rolls, the
                // search's all of them.
                let within = if plies == 3 { 0.005 } else { 1e-5 };
                for (looked, searched) in look.chances.to_array().iter().zip(searched.to_array()) {
                    assert!(
                        (looked - searched).abs() < within,
                        "{plies}: {look:?} {searched:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn looking_ahead_at_the_opening_position_no_one_doubles() {
        let evaluator = evaluator();
        for plies in 1..=2 {
            let advice = Searcher::new(&evaluator, 0)
                .cube_advice_at(
                    &Position::start(),
                    RuleSet::STANDARD,
                    &CubeSituation::centred(Score::Money, false),
                    plies,
                )
                .advice;
            assert_eq!(advice.action, CubeAction::NoDouble, "{plies}");
            assert!(advice.take);
            assert!(advice.no_double.abs() < 0.2, "{}", advice.no_double);
        }
    }
}
