//! Move-count suite: the number of distinct legal plays, reasoned by hand in the data file.

use gamao::notation::PositionId;
use gamao::rules::{Dice, RuleSet};

#[test]
fn hand_reasoned_counts_of_distinct_legal_plays() {
    let mut checked = 0;
    for line in include_str!("data/move_counts.txt").lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let position = fields[0]
            .parse::<PositionId>()
            .expect("valid ID in data file")
            .0;
        let dice: Dice = fields[1].parse().expect("valid dice in data file");
        let expected: usize = fields[2].parse().expect("a count");
        let rules = match fields.get(3) {
            Some(&"seed-001") => RuleSet::SEED_001,
            _ => RuleSet::STANDARD,
        };
        let plays = position.legal_plays(dice, rules);
        assert_eq!(plays.len(), expected, "{line}");
        checked += 1;
    }
    assert_eq!(checked, 14);
}
