//! The luck of a roll, measured as GNU Backgammon measures it, and its words for a
//! roll and for a player's dice.
//!
//! A roll's luck is the equity after the best play of the roll rolled, less the
//! average over the 36 rolls of the equity after each one's best play: cubeful, at the
//! score, normalised, with every play judged at 0-ply (GNU Backgammon's default for
//! luck, whatever the depth of the analysis).

use serde::Serialize;

use super::super::evaluator::{Evaluator, Probabilities};
use super::stakes::Stakes;
use crate::rules::{Dice, MoveGen, Position, RuleSet};

/// How lucky one roll was (GNU Backgammon's default thresholds of normalised luck).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum RollLuck {
    /// Luck below −0.6.
    #[serde(rename = "very unlucky")]
    VeryUnlucky,
    /// Luck below −0.3.
    #[serde(rename = "unlucky")]
    Unlucky,
    #[default]
    #[serde(rename = "")]
    None,
    /// Luck above 0.3.
    #[serde(rename = "lucky")]
    Lucky,
    /// Luck above 0.6.
    #[serde(rename = "very lucky")]
    VeryLucky,
}

impl RollLuck {
    /// The normalised luck beyond which a roll is lucky (or unlucky), and very so.
    pub const THRESHOLDS: [f64; 2] = [0.3, 0.6];

    /// The word for a roll of luck `luck` (normalised equity).
    #[must_use]
    pub fn of_luck(luck: f64) -> RollLuck {
        let [lucky, very] = RollLuck::THRESHOLDS;
        if luck > very {
            RollLuck::VeryLucky
        } else if luck > lucky {
            RollLuck::Lucky
        } else if luck < -very {
            RollLuck::VeryUnlucky
        } else if luck < -lucky {
            RollLuck::Unlucky
        } else {
            RollLuck::None
        }
    }
}

/// A player's dice on GNU Backgammon's scale, from the luck per roll: its roll words
/// applied to ten times the rate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[cfg_attr(all(target_arch = "wasm32", feature = "worker"), derive(tsify::Tsify))]
pub enum LuckRating {
    #[serde(rename = "Go to bed")]
    GoToBed,
    #[serde(rename = "Bad dice, man!")]
    BadDice,
    None,
    #[serde(rename = "Good dice, man!")]
    GoodDice,
    #[serde(rename = "Go to Las Vegas")]
    GoToLasVegas,
}

impl LuckRating {
    /// The rating of a luck rate in mEMG per roll: beyond ±30 good (bad) dice,
    /// beyond ±60 Las Vegas (bed).
    #[must_use]
    pub fn of_rate(milli: f64) -> LuckRating {
        match RollLuck::of_luck(milli / 100.0) {
            RollLuck::VeryUnlucky => LuckRating::GoToBed,
            RollLuck::Unlucky => LuckRating::BadDice,
            RollLuck::None => LuckRating::None,
            RollLuck::Lucky => LuckRating::GoodDice,
            RollLuck::VeryLucky => LuckRating::GoToLasVegas,
        }
    }
}

impl std::fmt::Display for LuckRating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            LuckRating::GoToBed => "Go to bed",
            LuckRating::BadDice => "Bad dice, man!",
            LuckRating::None => "None",
            LuckRating::GoodDice => "Good dice, man!",
            LuckRating::GoToLasVegas => "Go to Las Vegas",
        })
    }
}

/// Measures the luck of rolls with one evaluator, keeping its buffers.
#[derive(Debug)]
pub(super) struct LuckMeter<'a> {
    evaluator: &'a Evaluator,
    rules: RuleSet,
    movegen: MoveGen,
    chances: Vec<Probabilities>,
}

impl<'a> LuckMeter<'a> {
    pub fn new(evaluator: &'a Evaluator, rules: RuleSet) -> LuckMeter<'a> {
        LuckMeter {
            evaluator,
            rules,
            movegen: MoveGen::new(),
            chances: Vec::new(),
        }
    }

    /// The luck of `dice` for the side on roll in `position` at `stakes` (normalised
    /// equity). On the starting board a mixed roll is an opening roll: it is compared
    /// with the 30 ways the opening roll falls, half of them giving the opponent the
    /// first play.
    pub fn luck(&mut self, position: &Position, stakes: &Stakes, dice: Dice) -> f64 {
        if *position == Position::start() && !dice.is_double() {
            return self.opening_luck(position, stakes, dice);
        }
        let mut rolled = 0.0;
        let mut total = 0.0;
        for roll in Dice::ALL {
            let equity = stakes.normalise(self.best_after(position, stakes, roll));
            if roll == dice {
                rolled = equity;
            }
            total += f64::from(roll.weight()) * equity;
        }
        rolled - total / 36.0
    }

    fn opening_luck(&mut self, position: &Position, stakes: &Stakes, dice: Dice) -> f64 {
        let theirs = stakes.for_opponent(&position.flipped());
        let mut rolled = 0.0;
        let mut total = 0.0;
        for roll in Dice::ALL.into_iter().filter(|d| !d.is_double()) {
            let mine = stakes.normalise(self.best_after(position, stakes, roll));
            if roll == dice {
                rolled = mine;
            }
            let their_best = self.best_after(&position.flipped(), &theirs, roll);
            total += mine + stakes.normalise(stakes.opposite(their_best));
        }
        rolled - total / 30.0
    }

    /// The cubeful equity (not normalised) of the side on roll in `position` after its
    /// best 0-ply play of `dice`, the opponent then on roll with its cube decision.
    fn best_after(&mut self, position: &Position, stakes: &Stakes, dice: Dice) -> f64 {
        let plays = self.movegen.generate(position, dice, self.rules);
        self.evaluator
            .chances_after(plays, self.rules, &mut self.chances);
        plays
            .iter()
            .zip(&self.chances)
            .map(|(play, chances)| stakes.after_play(chances, &play.position))
            .fold(f64::NEG_INFINITY, f64::max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rolls_are_lucky_beyond_gnu_backgammons_thresholds() {
        assert_eq!(RollLuck::of_luck(0.3), RollLuck::None);
        assert_eq!(RollLuck::of_luck(0.31), RollLuck::Lucky);
        assert_eq!(RollLuck::of_luck(0.61), RollLuck::VeryLucky);
        assert_eq!(RollLuck::of_luck(-0.3), RollLuck::None);
        assert_eq!(RollLuck::of_luck(-0.31), RollLuck::Unlucky);
        assert_eq!(RollLuck::of_luck(-0.61), RollLuck::VeryUnlucky);
    }

    #[test]
    fn dice_are_rated_by_the_luck_per_roll() {
        assert_eq!(LuckRating::of_rate(-61.0), LuckRating::GoToBed);
        assert_eq!(LuckRating::of_rate(-31.0), LuckRating::BadDice);
        assert_eq!(LuckRating::of_rate(29.0), LuckRating::None);
        assert_eq!(LuckRating::of_rate(31.0), LuckRating::GoodDice);
        assert_eq!(LuckRating::of_rate(61.0), LuckRating::GoToLasVegas);
        assert_eq!(LuckRating::GoodDice.to_string(), "Good dice, man!");
    }
}
