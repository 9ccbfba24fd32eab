//! GNU Backgammon's judgement words: the mark of one decision by its normalised loss,
//! and the rating of a player by its error rate.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The mark of a decision, by its normalised equity loss (GNU Backgammon's defaults).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[cfg_attr(all(target_arch = "wasm32", feature = "worker"), derive(tsify::Tsify))]
pub enum Mark {
    /// Lost less than 0.04.
    #[default]
    #[serde(rename = "")]
    None,
    /// `?!`: lost 0.04 or more.
    #[serde(rename = "doubtful")]
    Doubtful,
    /// `?`: lost 0.08 or more.
    #[serde(rename = "bad")]
    Bad,
    /// `??`: lost 0.16 or more.
    #[serde(rename = "very bad")]
    VeryBad,
}

impl Mark {
    /// Normalised losses from which a decision is doubtful, bad and very bad.
    pub const THRESHOLDS: [f64; 3] = [0.04, 0.08, 0.16];

    /// The mark of a decision that lost `loss` (normalised equity).
    #[must_use]
    pub fn of_loss(loss: f64) -> Mark {
        let [doubtful, bad, very_bad] = Mark::THRESHOLDS;
        if loss >= very_bad {
            Mark::VeryBad
        } else if loss >= bad {
            Mark::Bad
        } else if loss >= doubtful {
            Mark::Doubtful
        } else {
            Mark::None
        }
    }

    /// The annotation symbol: `?!`, `?`, `??`, or nothing.
    #[must_use]
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::None => "",
            Mark::Doubtful => "?!",
            Mark::Bad => "?",
            Mark::VeryBad => "??",
        }
    }
}

/// A player's rating on GNU Backgammon's scale, from the error rate per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[cfg_attr(all(target_arch = "wasm32", feature = "worker"), derive(tsify::Tsify))]
pub enum Rating {
    Supernatural,
    #[serde(rename = "World class")]
    WorldClass,
    Expert,
    Advanced,
    Intermediate,
    #[serde(rename = "Casual player")]
    Casual,
    Beginner,
    #[serde(rename = "Awful!")]
    Awful,
}

impl Rating {
    /// Each rating with the error rate (mEMG per decision) it stays below, best first.
    const SCALE: [(Rating, f64); 7] = [
        (Rating::Supernatural, 2.0),
        (Rating::WorldClass, 5.0),
        (Rating::Expert, 8.0),
        (Rating::Advanced, 12.0),
        (Rating::Intermediate, 18.0),
        (Rating::Casual, 26.0),
        (Rating::Beginner, 35.0),
    ];

    /// The rating of an error rate in mEMG per decision.
    #[must_use]
    pub fn of_error_rate(milli: f64) -> Rating {
        Rating::SCALE
            .iter()
            .find(|(_, below)| milli < *below)
            .map_or(Rating::Awful, |(rating, _)| *rating)
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rating::Supernatural => "Supernatural",
            Rating::WorldClass => "World class",
            Rating::Expert => "Expert",
            Rating::Advanced => "Advanced",
            Rating::Intermediate => "Intermediate",
            Rating::Casual => "Casual player",
            Rating::Beginner => "Beginner",
            Rating::Awful => "Awful!",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_start_at_gnu_backgammons_default_thresholds() {
        assert_eq!(Mark::of_loss(0.0), Mark::None);
        assert_eq!(Mark::of_loss(0.039), Mark::None);
        assert_eq!(Mark::of_loss(0.04), Mark::Doubtful);
        assert_eq!(Mark::of_loss(0.079), Mark::Doubtful);
        assert_eq!(Mark::of_loss(0.08), Mark::Bad);
        assert_eq!(Mark::of_loss(0.159), Mark::Bad);
        assert_eq!(Mark::of_loss(0.16), Mark::VeryBad);
        assert_eq!(Mark::VeryBad.symbol(), "??");
    }

    #[test]
    fn ratings_follow_the_error_rate_scale() {
        assert_eq!(Rating::of_error_rate(1.0), Rating::Supernatural);
        assert_eq!(Rating::of_error_rate(4.9), Rating::WorldClass);
        assert_eq!(Rating::of_error_rate(5.0), Rating::Expert);
        assert_eq!(Rating::of_error_rate(10.0), Rating::Advanced);
        assert_eq!(Rating::of_error_rate(15.0), Rating::Intermediate);
        assert_eq!(Rating::of_error_rate(20.0), Rating::Casual);
        assert_eq!(Rating::of_error_rate(30.0), Rating::Beginner);
        assert_eq!(Rating::of_error_rate(40.0), Rating::Awful);
        assert_eq!(Rating::WorldClass.to_string(), "World class");
    }
}
