//! A player's cube errors sorted as GNU Backgammon sorts them: doubles missed below or
//! above the cash point, doubles given below the doubling point or when too good, wrong
//! takes and wrong passes.

use serde::Serialize;

use super::decision::{AnalysedDecision, DecisionKind};

/// At and above this no-double equity (normalised), a double missed is one above the
/// cash point and a double given is one given when too good, as GNU Backgammon draws
/// the line.
const NEAR_CASH: f64 = 0.95;

/// Errors of one kind: how many, and what they gave away.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(all(target_arch = "wasm32", feature = "worker"), derive(tsify::Tsify))]
pub struct CubeErrorTally {
    /// How many decisions gave something away.
    pub count: u32,
    /// What they gave away in EMG.
    pub total_loss: f64,
    /// The same at the score: match winning chances, or money points.
    pub cost: f64,
}

impl CubeErrorTally {
    fn add(&mut self, decision: &AnalysedDecision) {
        self.count += 1;
        self.total_loss += decision.loss;
        self.cost += decision.loss * decision.point_worth;
    }
}

/// A player's cube errors by kind (GNU Backgammon's "Missed doubles below CP" and the
/// rest); every cube decision that gave something away is in exactly one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(all(target_arch = "wasm32", feature = "worker"), derive(tsify::Tsify))]
pub struct AnalysedCubeErrors {
    /// Not doubling where doubling was right, the no-double equity below 0.95.
    pub missed_doubles_below_cash: CubeErrorTally,
    /// Not doubling where doubling was right, at or past the cash point (0.95 and up).
    pub missed_doubles_above_cash: CubeErrorTally,
    /// Doubling too early: not doubling was right, its equity below 0.95.
    pub wrong_doubles_below_double_point: CubeErrorTally,
    /// Doubling when too good to: playing on for the gammon was right (0.95 and up).
    pub wrong_doubles_above_too_good: CubeErrorTally,
    /// Taking a double that should have been passed.
    pub wrong_takes: CubeErrorTally,
    /// Passing a double that should have been taken.
    pub wrong_passes: CubeErrorTally,
}

impl AnalysedCubeErrors {
    /// Counts `decision` in its kind if it is a cube decision that gave something away.
    pub(super) fn add(&mut self, decision: &AnalysedDecision) {
        if decision.kind != DecisionKind::Cube || decision.loss <= 0.0 {
            return;
        }
        let tally = match decision.played.as_str() {
            "no double" if decision.played_equity >= NEAR_CASH => {
                &mut self.missed_doubles_above_cash
            }
            "no double" => &mut self.missed_doubles_below_cash,
            "double" if decision.best_equity >= NEAR_CASH => &mut self.wrong_doubles_above_too_good,
            "double" => &mut self.wrong_doubles_below_double_point,
            "take" => &mut self.wrong_takes,
            "pass" => &mut self.wrong_passes,
            _ => return,
        };
        tally.add(decision);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Side;

    /// A cube decision of White's: `played` for `best`, with these equities.
    fn cube(played: &str, best: &str, played_equity: f64, best_equity: f64) -> AnalysedDecision {
        AnalysedDecision {
            played: played.to_string(),
            best: best.to_string(),
            played_equity,
            best_equity,
            loss: (best_equity - played_equity).max(0.0),
            cube: 2,
            win_chance: 0.7,
            white_chance: 0.6,
            ..AnalysedDecision::sample(Side::White, DecisionKind::Cube)
        }
    }

    #[test]
    fn each_cube_error_falls_in_its_kind_and_right_answers_in_none() {
        let mut errors = AnalysedCubeErrors::default();
        // A double missed with no double worth 0.6, and one worth 0.97 (a cash missed)
        errors.add(&cube("no double", "double", 0.6, 0.8));
        errors.add(&cube("no double", "double", 0.97, 1.0));
        // Doubling too early, and doubling a position too good to double
        errors.add(&cube("double", "no double", 0.3, 0.4));
        errors.add(&cube("double", "too good", 1.0, 1.3));
        // A wrong take and a wrong pass
        errors.add(&cube("take", "pass", -1.2, -1.0));
        errors.add(&cube("pass", "take", -1.0, -0.7));
        // Right answers give nothing away and are in no kind
        errors.add(&cube("double", "double", 0.9, 0.9));
        errors.add(&cube("take", "take", -0.6, -0.6));
        let tallies = [
            errors.missed_doubles_below_cash,
            errors.missed_doubles_above_cash,
            errors.wrong_doubles_below_double_point,
            errors.wrong_doubles_above_too_good,
            errors.wrong_takes,
            errors.wrong_passes,
        ];
        assert!(tallies.iter().all(|t| t.count == 1));
        let losses = tallies.map(|t| t.total_loss);
        for (loss, expected) in losses.iter().zip([0.2, 0.03, 0.1, 0.3, 0.2, 0.3]) {
            assert!((loss - expected).abs() < 1e-9, "{losses:?}");
        }
        assert!((errors.wrong_passes.cost - 0.03).abs() < 1e-9);
    }
}
