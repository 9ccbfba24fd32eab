//! The view a page draws from: plain data in White's coordinates, whoever is on roll.

mod common;

use common::{act, ScriptedDice};
use gamao::clock::TimeControl;
use gamao::match_play::{board_point, Action, Match, MatchLength, MatchOptions, Phase};
use gamao::rules::{BySide, Side};

fn red_to_move_with_5_2() -> Match {
    let mut options = MatchOptions::seed_000(MatchLength::Points(5));
    options.time_control = TimeControl::None;
    let mut m = Match::new(options).unwrap();
    act(
        &mut m,
        Side::White,
        Action::OpeningRoll,
        0,
        &mut ScriptedDice::new(&[[2, 5]]),
    );
    m
}

#[test]
fn the_board_is_in_whites_numbering_whoever_is_on_roll() {
    // Given Red has won the opening roll
    let m = red_to_move_with_5_2();
    let view = m.view(0);
    assert_eq!(view.phase, Phase::Moving { side: Side::Red });
    // Then White's 24-point holds two White checkers and White's 1-point two Red ones
    assert_eq!((view.points[23], view.points[0]), (2, -2));
    assert_eq!((view.points[5], view.points[18]), (5, -5));
    assert_eq!(
        view.pips,
        BySide {
            white: 167,
            red: 167
        }
    );
    assert_eq!(view.dice, Some([5, 2]));
    assert_eq!(view.dice_left, vec![5, 2]);
    assert_eq!(
        (view.cube.value, view.cube.shown, view.cube.owner),
        (1, 64, None)
    );
}

#[test]
fn red_moves_carry_its_own_numbers_and_the_board_points() {
    let m = red_to_move_with_5_2();
    let view = m.view(0);
    // Red's 13-point is White's 12-point
    let from_13: Vec<_> = view.legal_steps.iter().filter(|s| s.from == 13).collect();
    assert!(!from_13.is_empty());
    assert!(from_13
        .iter()
        .all(|s| s.board_from == 12 && s.board_to == 25 - s.to));
    // Destinations include the point reached with both dice (13 - 7 = 6, White's 19)
    let targets = &view
        .destinations
        .iter()
        .find(|d| d.from == 13)
        .unwrap()
        .targets;
    let both = targets.iter().find(|t| t.to == 6).unwrap();
    assert_eq!((both.board_to, both.steps.len()), (19, 2));
    assert_eq!(board_point(Side::Red, 25), 25);
    assert_eq!(board_point(Side::White, 7), 7);
}

#[test]
fn steps_made_appear_in_the_view_and_on_the_board() {
    let mut m = red_to_move_with_5_2();
    act(
        &mut m,
        Side::Red,
        Action::Step { from: 13, die: 5 },
        0,
        &mut ScriptedDice::new(&[]),
    );
    let view = m.view(0);
    assert_eq!(view.steps_made.len(), 1);
    assert_eq!(view.dice_left, vec![2]);
    // Red's 8-point is White's 17: now four Red checkers there
    assert_eq!(view.points[16], -4);
}

#[test]
fn the_view_serialises_to_json() {
    let m = red_to_move_with_5_2();
    let json = serde_json::to_value(m.view(0)).unwrap();
    assert_eq!(json["turn"], "Red");
    assert_eq!(json["match_length"], 5);
    assert_eq!(json["position_id"].as_str().map(str::len), Some(14));
    assert_eq!(json["match_id"].as_str().map(str::len), Some(12));
}

#[test]
fn the_view_gives_the_timer_bar_lengths_of_each_clock() {
    for (preset, control, limits) in [
        (
            MatchOptions::seed_000 as fn(MatchLength) -> MatchOptions,
            TimeControl::TimeBank,
            (15_000, 20_000, 120_000),
        ),
        (
            MatchOptions::seed_001,
            TimeControl::Reserve,
            (11_000, 90_000, 90_000),
        ),
        (MatchOptions::seed_000, TimeControl::None, (0, 0, 0)),
    ] {
        let mut options = preset(MatchLength::Points(5));
        options.time_control = control;
        let view = Match::new(options).unwrap().view(0);
        let l = view.clock_limits;
        assert_eq!(
            (l.move_ms, l.bank_start_ms, l.bank_max_ms),
            limits,
            "{control:?}"
        );
    }
}

#[test]
fn the_view_gives_what_each_resignation_would_score() {
    // Given Red to move at the start of a game, cube centred, nothing borne off
    let m = red_to_move_with_5_2();
    let points = m.view(0).resignation_points;
    // Then single 1, gammon 2, backgammon 3; resigning directly now gives a gammon
    assert_eq!((points.single, points.gammon, points.backgammon), (1, 2, 3));
    assert_eq!(points.direct, BySide { white: 2, red: 2 });
    // And without backgammons a backgammon offer scores as a gammon
    let mut options = MatchOptions::seed_001(MatchLength::Points(5));
    options.time_control = TimeControl::None;
    let mut plain = Match::new(options).unwrap();
    act(
        &mut plain,
        Side::White,
        Action::OpeningRoll,
        0,
        &mut ScriptedDice::new(&[[2, 5]]),
    );
    assert_eq!(plain.view(0).resignation_points.backgammon, 2);
}
