//! `gamao moves`: every distinct legal play of a roll, with the Position ID after it.

use gamao::notation::{PlayString, PositionId};
use gamao::rules::{Dice, LegalPlay, MoveGen, Position, RuleSet};

/// The answer lines for one Position ID and roll: `play<TAB>position ID after it`, the
/// ID as GNU Backgammon shows it then (the opponent on roll). No move gives `no move`.
///
/// # Errors
/// A message naming what is wrong with the ID or the dice.
pub fn answer(id: &str, dice: &str, rules: RuleSet) -> Result<Vec<String>, String> {
    let (position, dice) = parse(id, dice)?;
    let mut movegen = MoveGen::new();
    let lines = movegen
        .generate(&position, dice, rules)
        .iter()
        .map(line)
        .collect();
    Ok(lines)
}

/// A Position ID and a roll, checked.
///
/// # Errors
/// A message naming what is wrong with the ID or the dice.
pub fn parse(id: &str, dice: &str) -> Result<(Position, Dice), String> {
    let position = id
        .parse::<PositionId>()
        .map_err(|e| format!("bad Position ID {id:?}: {e}"))?
        .0;
    let dice: Dice = dice
        .parse()
        .map_err(|e| format!("bad dice {dice:?}: {e}"))?;
    Ok((position, dice))
}

/// One answer line: the play string (or `no move`), a tab, the Position ID after it.
pub fn line(legal: &LegalPlay) -> String {
    let after = PositionId(legal.position.flipped());
    if legal.play.is_empty() {
        format!("no move\t{after}")
    } else {
        format!("{}\t{after}", PlayString::from_play(&legal.play))
    }
}
