//! `gamao moves`: every distinct legal play of a roll, with the Position ID after it.

use gamao::notation::{PlayString, PositionId};
use gamao::rules::{Dice, MoveGen, RuleSet};

/// The answer lines for one Position ID and roll: `play<TAB>position ID after it`, the
/// ID as GNU Backgammon shows it then (the opponent on roll). No move gives `no move`.
///
/// # Errors
/// A message naming what is wrong with the ID or the dice.
pub fn answer(id: &str, dice: &str, rules: RuleSet) -> Result<Vec<String>, String> {
    let position = id
        .parse::<PositionId>()
        .map_err(|e| format!("bad Position ID {id:?}: {e}"))?
        .0;
    let dice: Dice = dice
        .parse()
        .map_err(|e| format!("bad dice {dice:?}: {e}"))?;
    let mut movegen = MoveGen::new();
    let lines = movegen
        .generate(&position, dice, rules)
        .iter()
        .map(|legal| {
            let after = PositionId(legal.position.flipped());
            if legal.play.is_empty() {
                format!("no move\t{after}")
            } else {
                format!("{}\t{after}", PlayString::from_play(&legal.play))
            }
        })
        .collect();
    Ok(lines)
}
