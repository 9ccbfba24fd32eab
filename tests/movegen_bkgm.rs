//! The generator's plays against the `bkgm` crate's (a fast generator derived from
//! wildbg's): the same set of resulting positions for every roll of seeded positions
//! from random games. `bkgm` may list a position twice, so sets are compared.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;

use bkgm::State;
use gamao::rules::{Dice, MoveGen, RuleSet};
use gamao::sample::random_game_positions;

#[test]
fn every_roll_gives_the_same_positions_as_bkgm() {
    let mut movegen = MoveGen::new();
    let mut compared = 0;
    for position in random_game_positions(1212, 4_000) {
        let theirs = bkgm::Position::<15>::try_from(*position.signed_counts())
            .expect("a legal position converts");
        for dice in Dice::ALL {
            let (a, b) = dice.values();
            let reference: BTreeSet<[i8; 26]> =
                bkgm::legal_positions_with::<bkgm::ClassicRules, 15>(
                    theirs,
                    &bkgm::Dice::new(a.into(), b.into()),
                )
                .into_iter()
                // bkgm answers from the opponent's side; turned back to the mover's.
                .map(|after| <[i8; 26]>::from(after.flip()))
                .collect();
            let plays = movegen.generate(&position, dice, RuleSet::STANDARD);
            let ours: BTreeSet<[i8; 26]> = plays
                .iter()
                .map(|legal| *legal.position.signed_counts())
                .collect();
            assert_eq!(
                ours.len(),
                plays.len(),
                "a repeated play for {dice} in {position:?}"
            );
            assert_eq!(ours, reference, "{dice} in {position:?}");
            compared += 1;
        }
    }
    assert_eq!(compared, 4_000 * 21);
}
