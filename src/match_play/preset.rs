//! The two rule presets, named for what they are to a player: their clock and their
//! way of resigning. One name each, used by the command line, the JavaScript API and
//! the page.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::options::{MatchLength, MatchOptions};
use crate::rules::RuleSet;

/// A rule preset. Its name (`Display`, `FromStr`, serde) is `"time-bank"` or `"reserve"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum Preset {
    /// A time bank (an empty bank loses the match), resignations offered at a level and
    /// answered, backgammons count.
    TimeBank,
    /// A reserve clock (an empty reserve can be claimed), direct resignation, no
    /// backgammons, fewest wasted pips bearing off.
    Reserve,
}

/// A name that is not a preset's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPreset(pub String);

impl fmt::Display for UnknownPreset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown rules \"{}\": use \"time-bank\" or \"reserve\"",
            self.0
        )
    }
}

impl std::error::Error for UnknownPreset {}

impl Preset {
    /// Both presets, the default first.
    pub const ALL: [Preset; 2] = [Preset::TimeBank, Preset::Reserve];

    /// The preset's name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Preset::TimeBank => "time-bank",
            Preset::Reserve => "reserve",
        }
    }

    /// Every option of a match to `length` with this preset.
    #[must_use]
    pub fn options(self, length: MatchLength) -> MatchOptions {
        match self {
            Preset::TimeBank => MatchOptions::seed_000(length),
            Preset::Reserve => MatchOptions::seed_001(length),
        }
    }

    /// The rules of checker play and scoring of this preset.
    #[must_use]
    pub fn rules(self) -> RuleSet {
        self.options(MatchLength::Unlimited).rules()
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = UnknownPreset;

    fn from_str(name: &str) -> Result<Preset, UnknownPreset> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name() == name)
            .ok_or_else(|| UnknownPreset(name.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for preset in Preset::ALL {
            assert_eq!(preset.to_string().parse(), Ok(preset));
        }
        assert!("seed-001".parse::<Preset>().is_err());
    }

    #[test]
    fn the_reserve_preset_resigns_directly_and_minimises_wasted_pips() {
        let options = Preset::Reserve.options(MatchLength::Points(5));
        assert_eq!(options.resignation, super::super::ResignationStyle::Direct);
        assert_eq!(Preset::Reserve.rules(), RuleSet::SEED_001);
        assert_eq!(Preset::TimeBank.rules(), RuleSet::STANDARD);
    }
}
