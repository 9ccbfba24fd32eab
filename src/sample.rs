//! Positions from random games, for tests, benchmarks and training starts.

use crate::rng::Rng;
use crate::rules::{Dice, MoveGen, Position, RuleSet};

/// Plays seeded games of uniformly random legal plays and collects every position met
/// (each seen by the side on roll, before its roll), until `count` are gathered.
///
/// Random games wander through every kind of position: contact, hits and the bar,
/// primes, races and bear-offs.
#[must_use]
pub fn random_game_positions(seed: u64, count: usize) -> Vec<Position> {
    let mut rng = Rng::seeded(seed);
    let mut movegen = MoveGen::new();
    let mut positions = Vec::with_capacity(count);
    let mut position = Position::start();
    while positions.len() < count {
        positions.push(position);
        let dice = random_dice(&mut rng);
        let plays = movegen.generate(&position, dice, RuleSet::STANDARD);
        let chosen = plays[rng.below(plays.len() as u64) as usize];
        position = if chosen.position.mover_win(RuleSet::STANDARD).is_some() {
            Position::start()
        } else {
            chosen.position.flipped()
        };
    }
    positions
}

/// A uniformly random roll of two dice.
pub fn random_dice(rng: &mut Rng) -> Dice {
    let a = rng.below(6) as u8 + 1;
    let b = rng.below(6) as u8 + 1;
    if a == b {
        Dice::Double(a)
    } else {
        Dice::Mixed(a.max(b), a.min(b))
    }
}
