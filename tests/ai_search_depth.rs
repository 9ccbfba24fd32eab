//! The search's stages: ranking 3 plies deep goes on from the 2-ply ranking.

use gamao::ai::{Evaluator, RankedPlay, Searcher};
use gamao::rules::{Dice, LegalPlay, MoveGen, RuleSet};
use gamao::sample::random_game_positions;

fn shipped() -> Evaluator {
    Evaluator::shipped().expect("the shipped weights load")
}

/// The equity `ranked` gives the play of index `index`.
fn equity_of(ranked: &[RankedPlay], index: usize) -> f32 {
    ranked.iter().find(|r| r.index == index).unwrap().equity
}

#[test]
fn three_plies_look_again_at_the_best_two_ply_plays_only() {
    let evaluator = shipped();
    let rules = RuleSet::STANDARD;
    let mut movegen = MoveGen::new();
    let mut looked_again = 0;
    for (i, position) in random_game_positions(13, 12).into_iter().enumerate() {
        let dice = Dice::ALL[i % Dice::ALL.len()];
        let plays: Vec<LegalPlay> = movegen.generate(&position, dice, rules).to_vec();
        let two = Searcher::new(&evaluator, 0).rank_to(&plays, rules, 2);
        let three = Searcher::new(&evaluator, 0).rank_three_plies(&plays, rules);
        assert_eq!(two.len(), three.len());
        // rank_to itself stops at 2 plies.
        let capped = Searcher::new(&evaluator, 0).rank_to(&plays, rules, 3);
        assert_eq!(capped, two, "{position:?}");
        let deepest: Vec<&RankedPlay> = three.iter().filter(|r| r.plies == 3).collect();
        assert!(deepest.len() <= 3, "{position:?}");
        for r in &three {
            if r.plies == 3 {
                // Each play looked at again was among the best three of the 2-ply
                // ranking, within 0.10 of its best, and has its own 3-ply equity.
                let rank = two.iter().position(|t| t.index == r.index).unwrap();
                assert!(rank < 3 && two[rank].plies == 2, "{position:?}");
                assert!(two[rank].equity >= two[0].equity - 0.10, "{position:?}");
                let after = &plays[r.index].position;
                let alone = Searcher::new(&evaluator, 0).chances_after(after, rules, 3);
                assert_eq!(r.equity, alone.equity(), "{position:?}");
            } else {
                // The others keep their 2-ply ranking's equities.
                assert_eq!(r.equity, equity_of(&two, r.index), "{position:?}");
            }
        }
        // The deepest rank first, best first.
        assert!(three
            .windows(2)
            .all(|w| (w[0].plies, w[0].equity) >= (w[1].plies, w[1].equity)));
        looked_again += usize::from(deepest.len() > 1);
    }
    assert!(looked_again > 0, "no position had two plays close enough");
}
