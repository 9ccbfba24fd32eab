//! How a game is won: single, gammon or backgammon.

use serde::{Deserialize, Serialize};

use super::position::{Position, CHECKERS};
use super::rule_set::RuleSet;
use super::step::BAR;

/// The kind of a win, which multiplies the cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum WinKind {
    Single = 1,
    Gammon = 2,
    Backgammon = 3,
}

impl std::fmt::Display for WinKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            WinKind::Single => "single game",
            WinKind::Gammon => "gammon",
            WinKind::Backgammon => "backgammon",
        })
    }
}

impl WinKind {
    /// Points this kind of win is worth with the cube at 1.
    #[must_use]
    pub fn points(self) -> u32 {
        self as u32
    }
}

impl Position {
    /// When the mover has borne off all 15 checkers: the kind of its win.
    #[must_use]
    pub fn mover_win(&self, rules: RuleSet) -> Option<WinKind> {
        (self.mover_off() == CHECKERS).then(|| self.win_kind_for_mover(rules))
    }

    /// The kind of win the mover would have if it bore off its last checker now: it
    /// depends only on where the opponent's checkers are.
    #[must_use]
    pub fn win_kind_for_mover(&self, rules: RuleSet) -> WinKind {
        if self.opponent_off() > 0 {
            return WinKind::Single;
        }
        let trapped = self.opponent_at(BAR) > 0 || (1..=6).any(|p| self.opponent_at(p) > 0);
        if rules.backgammons && trapped {
            WinKind::Backgammon
        } else {
            WinKind::Gammon
        }
    }
}
