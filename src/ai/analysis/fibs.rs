//! FIBS ratings estimated from a match, as GNU Backgammon estimates them: the rating
//! difference the luck-adjusted result stands for, and an absolute rating from the
//! error rates (Kees van den Doel's fit, published in GNU Backgammon's manual).

use serde::Serialize;

/// The absolute rating of a player who makes no error (GNU Backgammon's default
/// offset).
pub const FLAWLESS_RATING: f64 = 2050.0;

/// The lowest rating difference given (GNU Backgammon's floor).
const LOWEST_DIFFERENCE: f64 = -2100.0;

/// An absolute FIBS rating estimated from a player's error rates in a match.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(all(target_arch = "wasm32", feature = "worker"), derive(tsify::Tsify))]
pub struct FibsRating {
    /// 2050, a flawless player's rating, less the two losses below.
    pub rating: f64,
    /// Rating points the checker plays' errors cost.
    pub checker_loss: f64,
    /// Rating points the cube decisions' errors cost.
    pub cube_loss: f64,
}

impl FibsRating {
    /// The rating of a player who lost `checker_rate` and `cube_rate` (normalised
    /// equity per decision, not thousandths) in a match to `length` points: the loss
    /// is `(8798 + 25526 / N) × checker_rate + (863 − 519 / N) × cube_rate`.
    #[must_use]
    pub fn of_error_rates(checker_rate: f64, cube_rate: f64, length: u32) -> FibsRating {
        let n = f64::from(length.max(1));
        let checker_loss = checker_rate * (8798.0 + 25526.0 / n);
        let cube_loss = cube_rate * (863.0 - 519.0 / n);
        FibsRating {
            rating: FLAWLESS_RATING - checker_loss - cube_loss,
            checker_loss,
            cube_loss,
        }
    }
}

/// The FIBS rating difference by which a player wins a match to `length` points with
/// probability `chance` (FIBS's formula solved for the difference:
/// `−2000 / √N × log10(1 / chance − 1)`), or `None` when `chance` is not strictly
/// between 0 and 1; never below −2100.
#[must_use]
pub fn rating_difference(chance: f64, length: u32) -> Option<f64> {
    if !(chance > 0.0 && chance < 1.0) || length == 0 {
        return None;
    }
    let difference = -2000.0 / f64::from(length).sqrt() * (1.0 / chance - 1.0).log10();
    Some(difference.max(LOWEST_DIFFERENCE))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_chance_is_no_difference_and_the_difference_is_antisymmetric() {
        assert_eq!(rating_difference(0.5, 7), Some(0.0));
        let ahead = rating_difference(0.6, 7).unwrap();
        let behind = rating_difference(0.4, 7).unwrap();
        assert!(ahead > 0.0);
        assert!((ahead + behind).abs() < 1e-9);
        // FIBS: a 1-point match between players 100 apart goes 53.2% to the better one
        let chance = 1.0 / (1.0 + 10f64.powf(-100.0 / 2000.0));
        assert!((rating_difference(chance, 1).unwrap() - 100.0).abs() < 1e-9);
    }

    #[test]
    fn a_certain_result_has_no_difference_and_a_hopeless_one_is_floored() {
        assert_eq!(rating_difference(1.0, 5), None);
        assert_eq!(rating_difference(0.0, 5), None);
        assert_eq!(rating_difference(0.5, 0), None);
        assert_eq!(rating_difference(1e-12, 1), Some(LOWEST_DIFFERENCE));
    }

    #[test]
    fn errors_cost_rating_points_by_the_match_length() {
        let flawless = FibsRating::of_error_rates(0.0, 0.0, 7);
        assert_eq!(flawless.rating, FLAWLESS_RATING);
        // 10 mEMG a checker play in a 1-point match: (8798 + 25526) × 0.01
        let one = FibsRating::of_error_rates(0.010, 0.0, 1);
        assert!((one.checker_loss - 343.24).abs() < 1e-9);
        // longer matches cost less per error; cube errors cost less than checker errors
        let long = FibsRating::of_error_rates(0.010, 0.010, 11);
        assert!(long.checker_loss < one.checker_loss);
        assert!(long.cube_loss < long.checker_loss);
        assert!(
            (long.rating - (FLAWLESS_RATING - long.checker_loss - long.cube_loss)).abs() < 1e-9
        );
    }
}
