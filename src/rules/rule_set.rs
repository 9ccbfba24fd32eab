//! The rule options that change how checkers are played and games are scored.

/// Options of the rules that the two source rule sets disagree on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RuleSet {
    /// A win counts triple when the loser has borne off nothing and still has a checker
    /// on the bar or in the winner's home board. Off: it counts as a gammon.
    pub backgammons: bool,
    /// Among the plays that use the most dice, only those wasting the fewest pips
    /// bearing off are legal (seed 001).
    pub minimise_wasted_pips: bool,
}

impl RuleSet {
    /// The standard rules, as GNU Backgammon plays them (the seed-000 rules too).
    pub const STANDARD: RuleSet = RuleSet {
        backgammons: true,
        minimise_wasted_pips: false,
    };
    /// The seed-001 rules: no backgammons, minimise wasted pips.
    pub const SEED_001: RuleSet = RuleSet {
        backgammons: false,
        minimise_wasted_pips: true,
    };
}

impl Default for RuleSet {
    fn default() -> RuleSet {
        RuleSet::STANDARD
    }
}
