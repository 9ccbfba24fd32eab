//! The view a page draws from: plain data in White's coordinates, whoever is on roll.

mod common;

use common::{act, move_any, ScriptedDice};
use gamao::clock::TimeControl;
use gamao::match_play::{
    board_point, Action, CrawfordState, GameEnd, GameSetup, Match, MatchLength, MatchOptions, Phase,
};
use gamao::pos;
use gamao::rules::{BySide, Position, Side, WinKind};

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
    let dice: Vec<(u8, bool)> = view.turn_dice.iter().map(|d| (d.value, d.used)).collect();
    assert_eq!(dice, vec![(5, false), (2, false)]);
    assert_eq!(
        (view.cube.value, view.cube.face, view.cube.owner),
        (1, 64, None)
    );
}

#[test]
fn the_opening_roll_says_who_starts_and_each_die_keeps_its_roller_until_the_first_turn_ends() {
    // Given the opening roll ties at 4-4
    let mut options = MatchOptions::seed_000(MatchLength::Points(5));
    options.time_control = TimeControl::None;
    let mut m = Match::new(options).unwrap();
    let mut dice = ScriptedDice::new(&[[4, 4], [4, 4], [2, 5], [6, 1]]);
    act(&mut m, Side::White, Action::OpeningRoll, 0, &mut dice);
    // Then the view shows both dice and nobody starts yet
    let tie = m.view(0).opening.unwrap();
    assert_eq!((tie.dice, tie.starter), (BySide { white: 4, red: 4 }, None));
    assert_eq!(tie.ties, 1);
    // When it ties again at 4-4, the view tells the new roll from the last
    act(&mut m, Side::White, Action::OpeningRoll, 0, &mut dice);
    let again = m.view(0).opening.unwrap();
    assert_eq!((again.dice, again.starter, again.ties), (tie.dice, None, 2));
    // When it is rolled again: White 2, Red 5
    act(&mut m, Side::White, Action::OpeningRoll, 0, &mut dice);
    let view = m.view(0);
    // Then Red starts, playing its own 5 and White's 2, each die marked with its roller
    let opening = view.opening.unwrap();
    assert_eq!(opening.dice, BySide { white: 2, red: 5 });
    assert_eq!(opening.starter, Some(Side::Red));
    assert_eq!(opening.ties, 2);
    let rolled: Vec<(u8, Side)> = view.turn_dice.iter().map(|d| (d.value, d.side)).collect();
    assert_eq!(rolled, vec![(5, Side::Red), (2, Side::White)]);
    // And so it stays through the whole first turn, until it is confirmed
    move_any(&mut m, Side::Red, 0);
    assert_eq!(m.view(0).opening, Some(opening));
    act(&mut m, Side::Red, Action::EndTurn, 0, &mut dice);
    let next = m.view(0);
    assert_eq!(next.opening, None);
    // And White's own roll afterwards is all White's
    act(&mut m, Side::White, Action::Roll, 0, &mut dice);
    let view = m.view(0);
    assert_eq!(view.opening, None);
    assert!(view.turn_dice.iter().all(|d| d.side == Side::White));
}

#[test]
fn every_roll_of_the_dice_is_counted_even_one_of_the_same_dice() {
    // Given a new match: nothing rolled yet
    let mut options = MatchOptions::seed_000(MatchLength::Points(5));
    options.time_control = TimeControl::None;
    let mut m = Match::new(options).unwrap();
    let mut dice = ScriptedDice::new(&[[4, 4], [4, 4], [2, 5], [6, 1], [6, 1]]);
    assert_eq!(m.view(0).dice_rolls, 0);
    // When the opening roll ties twice at 4-4, then decides: each roll counts
    for expected in 1..=3 {
        act(&mut m, Side::White, Action::OpeningRoll, 0, &mut dice);
        assert_eq!(m.view(0).dice_rolls, expected);
    }
    // And a roll out of turn is refused and counts nothing
    assert!(m.act(Side::White, Action::Roll, 0, &mut dice).is_err());
    assert_eq!(m.view(0).dice_rolls, 3);
    // And the starter's play counts no roll
    move_any(&mut m, Side::Red, 0);
    act(&mut m, Side::Red, Action::EndTurn, 0, &mut dice);
    assert_eq!(m.view(0).dice_rolls, 3);
    // When White rolls 6-1, then Red 6-1 after it: the same dice are a new roll
    act(&mut m, Side::White, Action::Roll, 0, &mut dice);
    assert_eq!(m.view(0).dice_rolls, 4);
    move_any(&mut m, Side::White, 0);
    act(&mut m, Side::White, Action::EndTurn, 0, &mut dice);
    act(&mut m, Side::Red, Action::Roll, 0, &mut dice);
    let view = m.view(0);
    assert_eq!((view.dice, view.dice_rolls), (Some([6, 1]), 5));
    // And a match saved and loaded again counts the same
    let loaded = Match::from_json(&m.to_json()).unwrap();
    assert_eq!(loaded.view(0).dice_rolls, 5);
}

#[test]
fn red_moves_are_given_on_whites_points() {
    let m = red_to_move_with_5_2();
    let view = m.view(0);
    // Red's 13-point is White's 12-point: its steps go up White's numbers
    let from_12: Vec<_> = view.legal_steps.iter().filter(|s| s.from == 12).collect();
    assert!(!from_12.is_empty());
    assert!(from_12.iter().all(|s| s.to == 12 + s.die));
    // Destinations include the point reached with both dice (Red's 6, White's 19)
    let targets = &view
        .destinations
        .iter()
        .find(|d| d.from == 12)
        .unwrap()
        .targets;
    let both = targets.iter().find(|t| t.to == 19).unwrap();
    assert_eq!(both.steps.len(), 2);
    assert_eq!((both.steps[0].from, both.steps[1].to), (12, 19));
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
    let used: Vec<bool> = view.turn_dice.iter().map(|d| d.used).collect();
    assert_eq!(used, vec![true, false]);
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

fn white_to_play(position: gamao::rules::Position, roll: [u8; 2]) -> Match {
    let mut options = MatchOptions::seed_000(MatchLength::Points(5));
    options.time_control = TimeControl::None;
    let setup = GameSetup::new(position, Side::White);
    let mut m = Match::from_setup(options, setup).unwrap();
    act(
        &mut m,
        Side::White,
        Action::Roll,
        0,
        &mut ScriptedDice::new(&[roll]),
    );
    m
}

#[test]
fn the_view_says_when_the_rest_of_the_turn_is_forced() {
    // Given one checker free to move and 6-5: 24/18/13 is the only play
    let forced = white_to_play(pos!(x 24:1, 1:14; o 12:2), [6, 5]);
    let steps = forced.view(0).forced_steps.expect("a forced play");
    let path: Vec<(u8, u8)> = steps.iter().map(|s| (s.from, s.to)).collect();
    assert!(
        path == [(24, 18), (18, 13)] || path == [(24, 19), (19, 13)],
        "{path:?}"
    );
    // And the opening 3-1 leaves a choice
    assert_eq!(
        white_to_play(Position::start(), [3, 1])
            .view(0)
            .forced_steps,
        None
    );
}

#[test]
fn the_view_gives_the_last_play_in_notation_and_on_whites_points() {
    // Given Red has played 13/8 13/11 with its opening 5-2
    let mut m = red_to_move_with_5_2();
    let mut none = ScriptedDice::new(&[]);
    act(
        &mut m,
        Side::Red,
        Action::Step { from: 13, die: 5 },
        0,
        &mut none,
    );
    act(
        &mut m,
        Side::Red,
        Action::Step { from: 13, die: 2 },
        0,
        &mut none,
    );
    assert_eq!(m.view(0).last_play, None, "the play shows once confirmed");
    act(&mut m, Side::Red, Action::EndTurn, 0, &mut none);
    let last = m.view(0).last_play.expect("a last play");
    assert_eq!((last.side, last.dice), (Side::Red, [5, 2]));
    assert_eq!(last.notation, "13/11 13/8");
    assert_eq!((last.steps[0].from, last.steps[0].to), (12, 17));
    // And White is the side to act, rolling or doubling
    let view = m.view(0);
    assert_eq!(view.acting, Some(Side::White));
    assert!(view.choices.white.roll && view.choices.white.double);
    assert!(!view.choices.red.roll && !view.choices.red.double);
}

#[test]
fn the_view_says_whether_the_match_has_anything_to_export_replay_or_analyse() {
    // Given a new match: nothing recorded, nor after the opening roll and a step
    let mut options = MatchOptions::seed_000(MatchLength::Points(5));
    options.time_control = TimeControl::None;
    assert!(!Match::new(options).unwrap().view(0).recorded);
    let mut m = red_to_move_with_5_2();
    assert!(!m.view(0).recorded, "a roll alone is no play");
    let mut none = ScriptedDice::new(&[]);
    act(
        &mut m,
        Side::Red,
        Action::Step { from: 13, die: 5 },
        0,
        &mut none,
    );
    assert!(
        !m.view(0).recorded,
        "a step not yet confirmed may be undone"
    );
    // When the play is confirmed, then the match has a record
    act(
        &mut m,
        Side::Red,
        Action::Step { from: 13, die: 2 },
        0,
        &mut none,
    );
    act(&mut m, Side::Red, Action::EndTurn, 0, &mut none);
    assert!(m.view(0).recorded);
}

#[test]
fn the_view_gives_resignation_levels_with_their_points_at_the_cube() {
    // Given White owns a 2-cube and is on roll
    let mut m = red_to_move_with_5_2();
    let mut none = ScriptedDice::new(&[]);
    for _ in 0..2 {
        let step = m.view(0).legal_steps[0];
        let from = board_point(Side::Red, step.from);
        act(
            &mut m,
            Side::Red,
            Action::Step {
                from,
                die: step.die,
            },
            0,
            &mut none,
        );
    }
    act(&mut m, Side::Red, Action::EndTurn, 0, &mut none);
    act(&mut m, Side::White, Action::Double, 0, &mut none);
    act(&mut m, Side::Red, Action::Take, 0, &mut none);
    act(
        &mut m,
        Side::White,
        Action::Roll,
        0,
        &mut ScriptedDice::new(&[[4, 2]]),
    );
    act(
        &mut m,
        Side::White,
        Action::MoveTo { from: 8, to: 4 },
        0,
        &mut none,
    );
    act(
        &mut m,
        Side::White,
        Action::MoveTo { from: 6, to: 4 },
        0,
        &mut none,
    );
    act(&mut m, Side::White, Action::EndTurn, 0, &mut none);
    // Then Red, deciding, may offer each level for 2, 4 and 6 points
    let resign: Vec<(WinKind, u32)> = m
        .view(0)
        .choices
        .red
        .resign
        .iter()
        .map(|r| (r.level, r.points))
        .collect();
    assert_eq!(
        resign,
        [
            (WinKind::Single, 2),
            (WinKind::Gammon, 4),
            (WinKind::Backgammon, 6)
        ]
    );
}

#[test]
fn the_view_hides_the_cube_in_the_crawford_game_and_tells_how_a_game_ended() {
    let mut options = MatchOptions::seed_000(MatchLength::Points(3));
    options.time_control = TimeControl::None;
    let mut setup = GameSetup::new(Position::start(), Side::Red);
    setup.score = BySide { white: 2, red: 0 };
    setup.crawford = CrawfordState::CrawfordGame;
    let mut m = Match::from_setup(options, setup).unwrap();
    let view = m.view(0);
    assert!(!view.cube.in_play);
    assert!(!view.choices.red.double);
    assert!(!view.race && view.game_result.is_none());
    // When Red resigns a gammon and White accepts
    let mut none = ScriptedDice::new(&[]);
    let offer = Action::OfferResignation {
        level: WinKind::Gammon,
    };
    act(&mut m, Side::Red, offer, 0, &mut none);
    act(&mut m, Side::White, Action::AcceptResignation, 0, &mut none);
    // Then the view says so, also once the match is over
    let view = m.view(0);
    assert!(matches!(view.phase, Phase::MatchOver { .. }));
    let result = view.game_result.expect("the game's result");
    assert_eq!(result.end, GameEnd::ResignationAccepted(WinKind::Gammon));
    assert_eq!((result.winner, result.points), (Side::White, 2));
}

#[test]
fn the_view_says_when_the_game_is_a_pure_race() {
    let race = white_to_play(pos!(x 6:2, 12:1; o 13:1, 20:2), [3, 1]);
    assert!(race.view(0).race);
    assert!(!white_to_play(Position::start(), [3, 1]).view(0).race);
}

#[test]
fn tagged_unions_serialise_with_a_kind() {
    let m = red_to_move_with_5_2();
    let json = serde_json::to_value(m.view(0)).unwrap();
    assert_eq!(
        json["phase"],
        serde_json::json!({"kind": "Moving", "side": "Red"})
    );
    assert_eq!(
        json["options"]["length"],
        serde_json::json!({"kind": "Points", "points": 5})
    );
    let step = serde_json::to_value(Action::Step { from: 13, die: 5 }).unwrap();
    assert_eq!(
        step,
        serde_json::json!({"kind": "Step", "from": 13, "die": 5})
    );
}

#[test]
fn the_view_offers_a_play_that_bears_a_checker_off_with_each_die() {
    let home = white_to_play(pos!(x 5:2, 3:1; o 24:2), [5, 3]);
    let steps = home.view(0).bear_off_steps.expect("both dice bear off");
    assert!(steps.iter().all(|s| s.to == 0) && steps.len() == 2);
    // Not while a checker is outside
    let outside = white_to_play(pos!(x 9:1, 5:2; o 24:2), [5, 3]);
    assert_eq!(outside.view(0).bear_off_steps, None);
}
