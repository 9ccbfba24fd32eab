//! Checker play at the match score: the computer plays for match winning chances.

use gamao::ai::{CubeSituation, Evaluator, Score, Searcher};
use gamao::match_play::CrawfordState;
use gamao::rules::{Dice, MoveGen, RuleSet};
use gamao::sample::random_game_positions;

fn shipped() -> Evaluator {
    Evaluator::shipped().expect("the shipped weights load")
}

fn at(on_roll_away: u32, opponent_away: u32, crawford: CrawfordState) -> CubeSituation {
    let score = Score::Match {
        on_roll_away,
        opponent_away,
        crawford,
    };
    CubeSituation::centred(score, false)
}

#[test]
fn at_double_match_point_the_play_wins_most_often_whatever_the_gammons() {
    // Given one point away each, post-Crawford: only winning the game counts.
    let evaluator = shipped();
    let rules = RuleSet::STANDARD;
    let mut movegen = MoveGen::new();
    let mut searcher =
        Searcher::new(&evaluator, 0).at_stakes(at(1, 1, CrawfordState::PostCrawford));
    let mut differs_from_money = 0;
    for position in random_game_positions(5, 200) {
        let plays = movegen
            .generate(&position, Dice::new(6, 4).unwrap(), rules)
            .to_vec();
        // When it ranks at 0-ply, then its choice is the play with the best winning chance.
        let chosen = searcher.rank_to(&plays, rules, 0)[0].index;
        let win = |i: usize| 1.0 - evaluator.evaluate(&plays[i].position.flipped(), rules).win;
        let best_win = (0..plays.len()).map(win).fold(f32::MIN, f32::max);
        assert!(win(chosen) >= best_win - 1e-6, "{position:?}");
        let money = Searcher::new(&evaluator, 0).rank_to(&plays, rules, 0)[0].index;
        differs_from_money += usize::from(money != chosen);
    }
    // And the score changes some choices.
    assert!(differs_from_money > 0);
}

#[test]
fn equities_at_double_match_point_are_winning_chances_normalised() {
    let evaluator = shipped();
    let rules = RuleSet::STANDARD;
    let position = random_game_positions(9, 1)[0];
    let plays = MoveGen::new()
        .generate(&position, Dice::new(3, 1).unwrap(), rules)
        .to_vec();
    let mut searcher = Searcher::new(&evaluator, 0);
    searcher.set_stakes(Some(at(1, 1, CrawfordState::PostCrawford)));
    for ranked in searcher.rank_to(&plays, rules, 0) {
        // A won game maps to +1 and a lost one to −1: the equity is 2·win − 1.
        let win = 1.0
            - evaluator
                .evaluate(&plays[ranked.index].position.flipped(), rules)
                .win;
        assert!(
            (ranked.equity - (2.0 * win - 1.0)).abs() < 1e-5,
            "{ranked:?} win {win}"
        );
    }
}
