//! Legal plays agree with GNU Backgammon, position by position.
//!
//! `tests/data/gnubg_moves.txt` holds GNU Backgammon's own list of legal plays for
//! positions met in random games (made by `tests/gnubg/reference_moves.py`).

use std::collections::BTreeSet;

use gamao::notation::{PlayString, PositionId};
use gamao::rules::{Dice, Position, RuleSet};

struct Reference {
    position: Position,
    dice: Dice,
    plays: Vec<String>,
}

fn references() -> Vec<Reference> {
    include_str!("data/gnubg_moves.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let position = fields[0]
                .parse::<PositionId>()
                .expect("gnubg's ID parses")
                .0;
            let dice = fields[1].parse().expect("gnubg's dice parse");
            let plays = fields[2]
                .split('|')
                .filter(|p| !p.is_empty())
                .map(String::from)
                .collect();
            Reference {
                position,
                dice,
                plays,
            }
        })
        .collect()
}

fn after(position: &Position, play: &gamao::rules::Play) -> u128 {
    let mut after = *position;
    after.apply_play(play).expect("legal plays apply");
    after.key()
}

/// Moves of a written play in a fixed order, so orderings of the same moves compare equal.
fn normalised(text: &str) -> Vec<String> {
    let mut moves: Vec<String> = text.split_whitespace().map(String::from).collect();
    moves.sort();
    moves
}

#[test]
fn the_same_distinct_plays_as_gnubg_in_thousands_of_positions() {
    let references = references();
    assert!(references.len() >= 3000);
    for r in &references {
        let ours = r.position.legal_plays(r.dice, RuleSet::STANDARD);
        let expected_count = r.plays.len().max(1);
        let id = PositionId(r.position);
        assert_eq!(ours.len(), expected_count, "{id} {}: {:?}", r.dice, r.plays);
        let our_results: BTreeSet<u128> = ours.iter().map(|p| after(&r.position, p)).collect();
        let their_results: BTreeSet<u128> = if r.plays.is_empty() {
            BTreeSet::from([r.position.key()])
        } else {
            r.plays
                .iter()
                .map(|text| {
                    let written: PlayString = text.parse().expect("gnubg's play parses");
                    let play = written
                        .to_play(&r.position, r.dice, RuleSet::STANDARD)
                        .unwrap_or_else(|e| panic!("{id} {}: {text}: {e}", r.dice));
                    after(&r.position, &play)
                })
                .collect()
        };
        assert_eq!(our_results, their_results, "{id} {}", r.dice);
    }
}

#[test]
fn plays_are_written_as_gnubg_writes_them() {
    for r in references() {
        let ours: BTreeSet<Vec<String>> = r
            .position
            .legal_plays(r.dice, RuleSet::STANDARD)
            .iter()
            .filter(|p| !p.is_empty())
            .map(|p| normalised(&PlayString::from_play(p).to_string()))
            .collect();
        let theirs: BTreeSet<Vec<String>> = r.plays.iter().map(|p| normalised(p)).collect();
        assert_eq!(ours, theirs, "{} {}", PositionId(r.position), r.dice);
    }
}

#[test]
fn the_position_id_after_a_play_is_the_one_gnubg_shows_next() {
    // The reference games play on: each record's next one is GNU Backgammon's board
    // after one of the listed plays (unless a new game began).
    let references = references();
    let mut followed = 0;
    for pair in references.windows(2) {
        let (before, next) = (&pair[0], &pair[1]);
        if before.plays.is_empty() || next.position == Position::start() {
            continue;
        }
        let afters: Vec<Position> = before
            .position
            .legal_plays(before.dice, RuleSet::STANDARD)
            .iter()
            .map(|p| {
                let mut after = before.position;
                after.apply_play(p).unwrap();
                after.flipped()
            })
            .collect();
        assert!(
            afters.contains(&next.position),
            "{} {}",
            PositionId(before.position),
            before.dice
        );
        followed += 1;
    }
    assert!(followed > 2500, "{followed}");
}
