//! Scripted matches, Given/When/Then, for every way a game or a match is scored.

mod common;

use common::{act, move_any, roll_and_move, ScriptedDice};
use gamao::clock::TimeControl;
use gamao::match_play::{
    Action, ActionError, CrawfordState, Cube, DoubleRefusal, GameEnd, GameEvent, GameResult,
    GameSetup, Match, MatchEnd, MatchLength, MatchOptions, Phase,
};
use gamao::pos;
use gamao::rules::{BySide, Position, Side, WinKind};

fn money(options: fn(MatchLength) -> MatchOptions) -> MatchOptions {
    let mut o = options(MatchLength::Unlimited);
    o.time_control = TimeControl::None;
    o
}

/// White (on roll) has one checker left on its 1-point; Red has borne off none and
/// keeps every checker outside White's home board.
fn white_about_to_gammon() -> Position {
    pos!(x 1:1; o 13:15)
}

/// As [`white_about_to_gammon`], with one Red checker still in White's home board.
fn white_about_to_backgammon() -> Position {
    pos!(x 1:1; o 3:1, 13:14)
}

/// As [`white_about_to_gammon`], but Red has borne off one checker.
fn white_about_to_win_single() -> Position {
    pos!(x 1:1; o 13:14)
}

fn white_on_roll(options: MatchOptions, position: Position, cube: Cube) -> Match {
    let mut setup = GameSetup::new(position, Side::White);
    setup.cube = cube;
    Match::from_setup(options, setup).expect("a valid setup")
}

fn cube(value: u32, owner: Side) -> Cube {
    Cube::from_parts(value.trailing_zeros(), Some(owner)).expect("a cube value")
}

/// White rolls 2-1 and bears off its last checker.
fn white_bears_off(m: &mut Match) -> GameResult {
    roll_and_move(m, Side::White, [2, 1], 0);
    act(
        m,
        Side::White,
        Action::EndTurn,
        0,
        &mut ScriptedDice::new(&[]),
    );
    match m.game().result() {
        Some(result) => result,
        None => panic!("expected the game to be over, got {:?}", m.phase()),
    }
}

#[test]
fn single_game_scores_the_cube_value() {
    for (value, points) in [(1, 1), (2, 2), (4, 4)] {
        // Given Red has borne off a checker, and the cube at `value`
        let c = if value == 1 {
            Cube::CENTRED
        } else {
            cube(value, Side::White)
        };
        let mut m = white_on_roll(
            money(MatchOptions::seed_000),
            white_about_to_win_single(),
            c,
        );
        // When White bears off its last checker
        let result = white_bears_off(&mut m);
        // Then White wins a single game times the cube
        assert_eq!(result.end, GameEnd::BoreOff(WinKind::Single));
        assert_eq!((result.winner, result.points), (Side::White, points));
        assert_eq!(
            m.score(),
            BySide {
                white: points,
                red: 0
            }
        );
    }
}

#[test]
fn gammon_scores_twice_the_cube_at_1_2_and_4() {
    for (value, points) in [(1, 2), (2, 4), (4, 8)] {
        let c = if value == 1 {
            Cube::CENTRED
        } else {
            cube(value, Side::Red)
        };
        let mut m = white_on_roll(money(MatchOptions::seed_000), white_about_to_gammon(), c);
        let result = white_bears_off(&mut m);
        assert_eq!(result.end, GameEnd::BoreOff(WinKind::Gammon));
        assert_eq!(result.points, points, "cube {value}");
    }
}

#[test]
fn backgammon_scores_three_times_the_cube_at_1_2_and_4() {
    for (value, points) in [(1, 3), (2, 6), (4, 12)] {
        let c = if value == 1 {
            Cube::CENTRED
        } else {
            cube(value, Side::White)
        };
        let mut m = white_on_roll(
            money(MatchOptions::seed_000),
            white_about_to_backgammon(),
            c,
        );
        let result = white_bears_off(&mut m);
        assert_eq!(result.end, GameEnd::BoreOff(WinKind::Backgammon));
        assert_eq!(result.points, points, "cube {value}");
    }
}

#[test]
fn backgammon_counts_as_gammon_without_the_backgammon_rule() {
    // Given the seed-001 rules (no backgammons) and a Red checker in White's home
    let mut m = white_on_roll(
        money(MatchOptions::seed_001),
        white_about_to_backgammon(),
        cube(2, Side::White),
    );
    // When White bears off
    let result = white_bears_off(&mut m);
    // Then it is a gammon: 2 × 2
    assert_eq!(result.end, GameEnd::BoreOff(WinKind::Gammon));
    assert_eq!(result.points, 4);
}

#[test]
fn doubling_then_winning_scores_the_doubled_cube_and_the_taker_owns_it() {
    // Given White on roll with a centred cube
    let mut m = white_on_roll(
        money(MatchOptions::seed_000),
        white_about_to_gammon(),
        Cube::CENTRED,
    );
    let mut none = ScriptedDice::new(&[]);
    // When White doubles and Red takes
    act(&mut m, Side::White, Action::Double, 0, &mut none);
    assert_eq!(
        m.phase(),
        Phase::CubeOffered {
            doubler: Side::White
        }
    );
    act(&mut m, Side::Red, Action::Take, 0, &mut none);
    // Then the cube is 2 on Red's side, White rolls, and its gammon is worth 4
    assert_eq!(m.game().cube(), cube(2, Side::Red));
    assert_eq!(m.game().cube().shown(), 2);
    assert_eq!(m.phase(), Phase::Deciding { side: Side::White });
    assert_eq!(
        m.act(Side::White, Action::Double, 0, &mut none),
        Err(ActionError::CannotDouble {
            reason: DoubleRefusal::NotOwner
        })
    );
    assert_eq!(white_bears_off(&mut m).points, 4);
    let log = m.game().log();
    assert_eq!(
        log[0],
        GameEvent::Doubled {
            side: Side::White,
            value: 2
        }
    );
    assert_eq!(log[1], GameEvent::Took { side: Side::Red });
}

#[test]
fn a_drop_loses_the_value_before_the_double() {
    for (value, points) in [(1, 1), (2, 2), (4, 4)] {
        // Given the cube at `value`, White's to double
        let c = if value == 1 {
            Cube::CENTRED
        } else {
            cube(value, Side::White)
        };
        let mut m = white_on_roll(money(MatchOptions::seed_000), white_about_to_gammon(), c);
        let mut none = ScriptedDice::new(&[]);
        // When White doubles and Red drops
        act(&mut m, Side::White, Action::Double, 0, &mut none);
        act(&mut m, Side::Red, Action::Drop, 0, &mut none);
        // Then White wins the value before the double
        let Phase::GameOver { result } = m.phase() else {
            panic!("game should be over");
        };
        assert_eq!(
            (result.winner, result.end, result.points),
            (Side::White, GameEnd::Dropped, points)
        );
    }
}

#[test]
fn the_cube_is_shown_as_64_while_centred_and_stops_at_64() {
    let centred = Cube::CENTRED;
    assert_eq!(
        (centred.value(), centred.shown(), centred.owner()),
        (1, 64, None)
    );
    let m = white_on_roll(
        money(MatchOptions::seed_000),
        white_about_to_gammon(),
        cube(64, Side::White),
    );
    assert_eq!(m.check_double(Side::White), Err(DoubleRefusal::AtMaximum));
}

#[test]
fn no_doubling_without_the_cube_in_one_point_matches_or_with_auto_roll() {
    let mut options = money(MatchOptions::seed_000);
    options.cube = false;
    let m = white_on_roll(options, white_about_to_gammon(), Cube::CENTRED);
    assert_eq!(
        m.check_double(Side::White),
        Err(DoubleRefusal::CubeDisabled)
    );

    let mut options = MatchOptions::seed_000(MatchLength::Points(1));
    options.time_control = TimeControl::None;
    let m = white_on_roll(options, white_about_to_gammon(), Cube::CENTRED);
    assert_eq!(
        m.check_double(Side::White),
        Err(DoubleRefusal::OnePointMatch)
    );

    let mut m = white_on_roll(
        money(MatchOptions::seed_000),
        white_about_to_gammon(),
        Cube::CENTRED,
    );
    let mut none = ScriptedDice::new(&[]);
    act(
        &mut m,
        Side::White,
        Action::SetAutoRoll { on: true },
        0,
        &mut none,
    );
    assert_eq!(
        m.act(Side::White, Action::Double, 0, &mut none),
        Err(ActionError::CannotDouble {
            reason: DoubleRefusal::AutoRoll
        })
    );
    act(
        &mut m,
        Side::White,
        Action::SetAutoRoll { on: false },
        0,
        &mut none,
    );
    act(&mut m, Side::White, Action::Double, 0, &mut none);
}

/// A position where both sides still have a long way to go.
fn middle_game() -> Position {
    Position::start()
}

#[test]
fn each_offered_resignation_level_accepted_scores_level_times_cube() {
    for (level, points) in [
        (WinKind::Single, 2),
        (WinKind::Gammon, 4),
        (WinKind::Backgammon, 6),
    ] {
        // Given White on roll with the cube at 2
        let mut m = white_on_roll(
            money(MatchOptions::seed_000),
            middle_game(),
            cube(2, Side::White),
        );
        let mut none = ScriptedDice::new(&[]);
        // When White offers to resign at `level` and (unless automatic) Red accepts
        act(
            &mut m,
            Side::White,
            Action::OfferResignation { level },
            0,
            &mut none,
        );
        if level != WinKind::Backgammon {
            assert_eq!(
                m.phase(),
                Phase::ResignationOffered {
                    by: Side::White,
                    level
                }
            );
            act(&mut m, Side::Red, Action::AcceptResignation, 0, &mut none);
        }
        // Then Red wins level × cube
        let Phase::GameOver { result } = m.phase() else {
            panic!("game should be over");
        };
        assert_eq!(result.winner, Side::Red);
        assert_eq!(result.end, GameEnd::ResignationAccepted(level));
        assert_eq!(result.points, points);
    }
}

#[test]
fn a_backgammon_offer_is_accepted_automatically() {
    let mut m = white_on_roll(money(MatchOptions::seed_000), middle_game(), Cube::CENTRED);
    let mut none = ScriptedDice::new(&[]);
    act(
        &mut m,
        Side::White,
        Action::OfferResignation {
            level: WinKind::Backgammon,
        },
        0,
        &mut none,
    );
    assert!(matches!(m.phase(), Phase::GameOver { result } if result.points == 3));
}

#[test]
fn declined_resignation_allows_only_higher_offers_in_the_same_turn() {
    // Given White offered a single game and Red declined
    let mut m = white_on_roll(money(MatchOptions::seed_000), middle_game(), Cube::CENTRED);
    let mut none = ScriptedDice::new(&[]);
    act(
        &mut m,
        Side::White,
        Action::OfferResignation {
            level: WinKind::Single,
        },
        0,
        &mut none,
    );
    act(&mut m, Side::Red, Action::DeclineResignation, 0, &mut none);
    // Then play goes on: White is deciding again, and may not offer a single again
    assert_eq!(m.phase(), Phase::Deciding { side: Side::White });
    assert_eq!(m.game().declined_resignation(), Some(WinKind::Single));
    let before = m.clone();
    assert_eq!(
        m.act(
            Side::White,
            Action::OfferResignation {
                level: WinKind::Single
            },
            0,
            &mut none
        ),
        Err(ActionError::ResignationTooLow {
            declined: WinKind::Single
        })
    );
    assert_eq!(m, before);
    // When White escalates to a gammon, declined again
    act(
        &mut m,
        Side::White,
        Action::OfferResignation {
            level: WinKind::Gammon,
        },
        0,
        &mut none,
    );
    act(&mut m, Side::Red, Action::DeclineResignation, 0, &mut none);
    assert_eq!(
        m.act(
            Side::White,
            Action::OfferResignation {
                level: WinKind::Gammon
            },
            0,
            &mut none
        ),
        Err(ActionError::ResignationTooLow {
            declined: WinKind::Gammon
        })
    );
    // Then White plays on; after Red's turn the levels are reset for White
    roll_and_move(&mut m, Side::White, [3, 1], 0);
    act(&mut m, Side::White, Action::EndTurn, 0, &mut none);
    roll_and_move(&mut m, Side::Red, [4, 2], 0);
    act(&mut m, Side::Red, Action::EndTurn, 0, &mut none);
    assert_eq!(m.game().declined_resignation(), None);
    act(
        &mut m,
        Side::White,
        Action::OfferResignation {
            level: WinKind::Single,
        },
        0,
        &mut none,
    );
    act(&mut m, Side::Red, Action::AcceptResignation, 0, &mut none);
    assert!(matches!(m.phase(), Phase::GameOver { result } if result.points == 1));
}

#[test]
fn direct_resignation_is_a_gammon_without_checkers_off_else_single() {
    // Given the seed-001 rules and White with nothing borne off, cube 2
    let mut m = white_on_roll(
        money(MatchOptions::seed_001),
        middle_game(),
        cube(2, Side::Red),
    );
    let mut none = ScriptedDice::new(&[]);
    // Then offering a resignation is not how this match resigns
    assert_eq!(
        m.act(
            Side::White,
            Action::OfferResignation {
                level: WinKind::Single
            },
            0,
            &mut none
        ),
        Err(ActionError::WrongResignationStyle)
    );
    // When White resigns
    act(&mut m, Side::White, Action::Resign, 0, &mut none);
    // Then Red wins a gammon: 2 × 2
    let Phase::GameOver { result } = m.phase() else {
        panic!("over")
    };
    assert_eq!(
        (result.winner, result.end, result.points),
        (Side::Red, GameEnd::Resigned(WinKind::Gammon), 4)
    );

    // Given Red (not on roll) has borne off a checker
    let mut m = white_on_roll(
        money(MatchOptions::seed_001),
        white_about_to_win_single(),
        Cube::CENTRED,
    );
    // When Red resigns while White is to play
    act(&mut m, Side::Red, Action::Resign, 0, &mut none);
    // Then White wins a single game
    let Phase::GameOver { result } = m.phase() else {
        panic!("over")
    };
    assert_eq!(
        (result.winner, result.end, result.points),
        (Side::White, GameEnd::Resigned(WinKind::Single), 1)
    );

    // And under the seed-000 rules direct resignation is refused
    let mut m = white_on_roll(money(MatchOptions::seed_000), middle_game(), Cube::CENTRED);
    assert_eq!(
        m.act(Side::White, Action::Resign, 0, &mut none),
        Err(ActionError::WrongResignationStyle)
    );
}

fn five_point(options: fn(MatchLength) -> MatchOptions) -> MatchOptions {
    let mut o = options(MatchLength::Points(5));
    o.time_control = TimeControl::None;
    o
}

#[test]
fn forfeit_loses_the_whole_match() {
    // Given a 5-point match at 0-0
    let mut m = Match::new(five_point(MatchOptions::seed_000)).unwrap();
    let mut dice = ScriptedDice::new(&[[3, 1]]);
    act(&mut m, Side::White, Action::OpeningRoll, 0, &mut dice);
    // When Red forfeits while White moves
    act(&mut m, Side::Red, Action::ForfeitMatch, 0, &mut dice);
    // Then White wins the match and reaches the target
    let Phase::MatchOver { result } = m.phase() else {
        panic!("match over")
    };
    assert_eq!(
        (result.winner, result.end),
        (Side::White, MatchEnd::Forfeit)
    );
    assert_eq!(m.score(), BySide { white: 5, red: 0 });
    assert_eq!(m.game().result().map(|r| r.end), Some(GameEnd::Forfeit));
}

#[test]
fn time_bank_time_out_loses_the_match() {
    // Given a seed-000 match with the time bank, White to move since 0 ms
    let mut m = Match::new(MatchOptions::seed_000(MatchLength::Points(7))).unwrap();
    act(
        &mut m,
        Side::White,
        Action::OpeningRoll,
        0,
        &mut ScriptedDice::new(&[[6, 2]]),
    );
    // When the 15 s move timer and the 20 s bank have run out
    assert_eq!(m.tick(34_999), Ok(None));
    assert_eq!(m.tick(35_000), Ok(Some(Side::White)));
    // Then Red wins the match on time
    let Phase::MatchOver { result } = m.phase() else {
        panic!("match over")
    };
    assert_eq!((result.winner, result.end), (Side::Red, MatchEnd::TimeOut));
    assert_eq!(m.score(), BySide { white: 0, red: 7 });
}

#[test]
fn reserve_time_out_is_claimable_as_a_gammon_and_play_goes_on_until_claimed() {
    // Given a seed-001 money session, cube 2, White on roll since 0 ms
    let options = MatchOptions::seed_001(MatchLength::Unlimited);
    let mut m = white_on_roll(options, middle_game(), cube(2, Side::White));
    let mut none = ScriptedDice::new(&[]);
    // When White's 11 s and 90 s reserve run out
    assert_eq!(m.claimable_by(100_999), None);
    assert_eq!(m.claimable_by(101_000), Some(Side::Red));
    // Then play goes on (White may still roll) until Red claims
    roll_and_move(&mut m, Side::White, [5, 2], 101_500);
    assert_eq!(
        m.act(Side::White, Action::ClaimWinOnTime, 101_500, &mut none),
        Err(ActionError::NothingToClaim)
    );
    act(
        &mut m,
        Side::Red,
        Action::ClaimWinOnTime,
        102_000,
        &mut none,
    );
    let Phase::GameOver { result } = m.phase() else {
        panic!("over")
    };
    assert_eq!(
        (result.winner, result.end, result.points),
        (Side::Red, GameEnd::ClaimedOnTime, 4)
    );
}

#[test]
fn crawford_game_has_no_cube_and_the_post_crawford_game_has_it_again() {
    // Given a 3-point match at 1-0 with the Crawford rule pending
    let mut setup = GameSetup::new(middle_game(), Side::Red);
    setup.score = BySide { white: 1, red: 0 };
    let mut m = Match::from_setup(five_point_len(3), setup).unwrap();
    assert_eq!(m.crawford(), CrawfordState::Pending);
    let mut none = ScriptedDice::new(&[]);
    // When Red resigns a single game: White reaches 2, one short of 3
    act(
        &mut m,
        Side::Red,
        Action::OfferResignation {
            level: WinKind::Single,
        },
        0,
        &mut none,
    );
    act(&mut m, Side::White, Action::AcceptResignation, 0, &mut none);
    // Then the next game is the Crawford game, played without the cube
    assert_eq!(m.crawford(), CrawfordState::CrawfordGame);
    let mut dice = ScriptedDice::new(&[[3, 1]]);
    act(&mut m, Side::White, Action::OpeningRoll, 0, &mut dice);
    assert!(m.game().is_crawford());
    move_any(&mut m, Side::White, 0);
    act(&mut m, Side::White, Action::EndTurn, 0, &mut dice);
    let before = m.clone();
    assert_eq!(
        m.act(Side::Red, Action::Double, 0, &mut dice),
        Err(ActionError::CannotDouble {
            reason: DoubleRefusal::CrawfordGame
        })
    );
    assert_eq!(m, before);
    // When Red wins the Crawford game (White resigns a single)
    roll_and_move(&mut m, Side::Red, [4, 2], 0);
    act(&mut m, Side::Red, Action::EndTurn, 0, &mut dice);
    act(
        &mut m,
        Side::White,
        Action::OfferResignation {
            level: WinKind::Single,
        },
        0,
        &mut dice,
    );
    act(&mut m, Side::Red, Action::AcceptResignation, 0, &mut dice);
    // Then it is 2-1, post-Crawford, and the cube is back
    assert_eq!(m.score(), BySide { white: 2, red: 1 });
    assert_eq!(m.crawford(), CrawfordState::PostCrawford);
    let mut dice = ScriptedDice::new(&[[3, 1]]);
    act(&mut m, Side::White, Action::OpeningRoll, 0, &mut dice);
    assert!(!m.game().is_crawford());
    move_any(&mut m, Side::White, 0);
    act(&mut m, Side::White, Action::EndTurn, 0, &mut dice);
    act(&mut m, Side::Red, Action::Double, 0, &mut dice);
    assert_eq!(m.phase(), Phase::CubeOffered { doubler: Side::Red });
}

fn five_point_len(points: u32) -> MatchOptions {
    let mut o = MatchOptions::seed_000(MatchLength::Points(points));
    o.time_control = TimeControl::None;
    o
}

#[test]
fn match_ends_exactly_at_the_target() {
    // Given a 3-point match, post-Crawford at 2-2
    let mut setup = GameSetup::new(white_about_to_win_single(), Side::White);
    setup.score = BySide { white: 2, red: 2 };
    setup.crawford = CrawfordState::PostCrawford;
    let mut m = Match::from_setup(five_point_len(3), setup).unwrap();
    // When White wins a single game
    white_bears_off(&mut m);
    // Then White has 3 and the match is over
    assert_eq!(m.score(), BySide { white: 3, red: 2 });
    let Phase::MatchOver { result } = m.phase() else {
        panic!("match over")
    };
    assert_eq!(
        (result.winner, result.end),
        (Side::White, MatchEnd::ReachedTarget)
    );
    // And nothing more can happen
    let before = m.clone();
    let mut dice = ScriptedDice::new(&[[3, 1]]);
    assert!(m
        .act(Side::White, Action::OpeningRoll, 0, &mut dice)
        .is_err());
    assert!(m
        .act(Side::Red, Action::ForfeitMatch, 0, &mut dice)
        .is_err());
    assert_eq!(m, before);
}

#[test]
fn match_ends_beyond_the_target() {
    // Given a 3-point match at 1-2, post-Crawford, cube 2 owned by Red
    let mut setup = GameSetup::new(white_about_to_backgammon(), Side::White);
    setup.score = BySide { white: 1, red: 2 };
    setup.crawford = CrawfordState::PostCrawford;
    setup.cube = cube(2, Side::Red);
    let mut m = Match::from_setup(five_point_len(3), setup).unwrap();
    // When White wins a backgammon
    white_bears_off(&mut m);
    // Then White scores 6 and wins 7-2
    assert_eq!(m.score(), BySide { white: 7, red: 2 });
    assert_eq!(m.result().map(|r| r.winner), Some(Side::White));
}

#[test]
fn a_side_that_cannot_move_passes_automatically_and_it_is_recorded() {
    // Given Red on the bar against White's closed home board
    let closed = pos!(x bar:1, 6:14; o 19:2, 20:2, 21:2, 22:2, 23:2, 24:2, 13:3);
    let mut m = Match::from_setup(
        money(MatchOptions::seed_000),
        GameSetup::new(closed, Side::Red),
    )
    .unwrap();
    // When Red rolls
    let mut dice = ScriptedDice::new(&[[6, 5]]);
    act(&mut m, Side::Red, Action::Roll, 0, &mut dice);
    // Then the turn passes to White at once, with a notice and a log entry
    assert_eq!(m.phase(), Phase::Deciding { side: Side::White });
    assert_eq!(m.game().passed(), Some(Side::Red));
    assert_eq!(
        m.game().log(),
        [GameEvent::Played {
            side: Side::Red,
            dice: [6, 5],
            steps: vec![]
        }]
    );
}

#[test]
fn opening_roll_ties_are_rolled_again_and_the_higher_die_starts() {
    let mut m = Match::new(five_point(MatchOptions::seed_000)).unwrap();
    let mut dice = ScriptedDice::new(&[[4, 4], [2, 5]]);
    act(&mut m, Side::White, Action::OpeningRoll, 0, &mut dice);
    assert_eq!(m.phase(), Phase::OpeningRoll);
    assert_eq!(m.game().opening_roll(), Some([4, 4]));
    act(&mut m, Side::Red, Action::OpeningRoll, 0, &mut dice);
    assert_eq!(m.phase(), Phase::Moving { side: Side::Red });
    assert_eq!(m.game().dice(), Some([5, 2]));
}

#[test]
fn impossible_setups_are_refused() {
    use gamao::match_play::SetupError;
    let mut setup = GameSetup::new(middle_game(), Side::White);
    setup.score = BySide { white: 5, red: 0 };
    assert_eq!(
        Match::from_setup(five_point(MatchOptions::seed_000), setup),
        Err(SetupError::ScoreReached)
    );
    setup.score = BySide { white: 4, red: 0 };
    assert_eq!(
        Match::from_setup(five_point(MatchOptions::seed_000), setup),
        Err(SetupError::CrawfordMismatch)
    );
    let bad_length = MatchOptions::seed_000(MatchLength::Points(26));
    assert!(Match::new(bad_length).is_err());
    assert!(Match::new(MatchOptions::seed_000(MatchLength::Points(0))).is_err());
}
