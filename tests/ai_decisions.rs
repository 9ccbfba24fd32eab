//! The computer's choices where the right play is not in doubt, and short duels.

use gamao::ai::{duel, CubeUse, Evaluator, PubEval, RandomPlayer};
use gamao::pos;
use gamao::rules::{Dice, MoveGen, Position, RuleSet};

fn shipped() -> Evaluator {
    Evaluator::shipped().expect("the shipped weights load")
}

fn chosen(position: &Position, dice: Dice) -> gamao::rules::LegalPlay {
    let plays = MoveGen::new()
        .generate(position, dice, RuleSet::STANDARD)
        .to_vec();
    let best = shipped().best_play(&plays, RuleSet::STANDARD).unwrap();
    plays[best]
}

#[test]
fn bears_off_the_last_two_checkers_when_it_can() {
    // Given 6-1 with checkers on the 6- and 1-points, 6/5/off would leave one behind.
    let position = pos!(x 6:1, 1:1; o 19:5, 20:5, 21:5);
    let play = chosen(&position, Dice::new(6, 1).unwrap());
    assert!(play.position.mover_win(RuleSet::STANDARD).is_some());
}

#[test]
fn hits_and_points_on_the_last_straggler() {
    // Given the opponent's last checker alone on our 3-point and 5-3 to play,
    // 8/3* 6/3* closes it in; any play that does not hit throws the game away.
    let position = pos!(x 8:2, 7:2, 6:3, 5:3, 4:3, 2:2; o 3:1, 20:5, 21:5, 22:4);
    let play = chosen(&position, Dice::new(5, 3).unwrap());
    assert!(play.play.steps().iter().any(|s| s.hit), "{:?}", play.play);
    assert_eq!(play.position.mover_at(3), 2, "{:?}", play.play);
}

#[test]
fn pubeval_beats_random() {
    let score = duel(
        &mut PubEval,
        &mut RandomPlayer::new(1),
        100,
        3,
        RuleSet::STANDARD,
        CubeUse::Cubeless,
        None,
    );
    assert!(
        score.points_per_game() - score.confidence_95() > 0.5,
        "{score:?}"
    );
}

#[test]
fn the_network_beats_pubeval() {
    let score = duel(
        &mut shipped(),
        &mut PubEval,
        300,
        5,
        RuleSet::STANDARD,
        CubeUse::Cubeless,
        None,
    );
    assert!(score.points_per_game() > 0.0, "{score:?}");
}

#[test]
fn the_expert_beats_pubeval_clearly() {
    let mut expert = gamao::ai::LevelPlayer::new(shipped(), gamao::ai::Level::Expert, 1);
    let score = duel(
        &mut expert,
        &mut PubEval,
        50,
        9,
        RuleSet::STANDARD,
        CubeUse::Cubeless,
        None,
    );
    // 100 paired games (the 2-ply expert thinks a while): the 95% interval is about
    // ±0.25 points a game.
    assert!(
        score.points_per_game() - score.confidence_95() > 0.1,
        "{score:?}"
    );
}

#[test]
fn the_levels_are_ordered_by_strength() {
    let mut expert = gamao::ai::LevelPlayer::new(shipped(), gamao::ai::Level::Expert, 2);
    let mut beginner = gamao::ai::LevelPlayer::new(shipped(), gamao::ai::Level::Beginner, 3);
    let score = duel(
        &mut expert,
        &mut beginner,
        30,
        11,
        RuleSet::STANDARD,
        CubeUse::Cubeless,
        None,
    );
    assert!(score.points_per_game() > 0.0, "{score:?}");
}
