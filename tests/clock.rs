//! Clock timelines: scripted times, and the exact bank, reserve and low-time state
//! after each action, for both time controls.

mod common;

use common::{act, move_any, ScriptedDice};
use gamao::clock::{Clock, ClockReading, TimeControl, BANK_CAP_MS};
use gamao::match_play::{
    Action, ActionError, GameSetup, Match, MatchEnd, MatchLength, MatchOptions, Phase,
};
use gamao::rules::{BySide, Side, WinKind};

fn reading(
    running: bool,
    move_ms: u64,
    bank_ms: u64,
    low_time: bool,
    exhausted: bool,
) -> ClockReading {
    ClockReading {
        running,
        move_ms,
        bank_ms,
        low_time,
        exhausted,
    }
}

fn clocks(m: &Match, now_ms: u64) -> (ClockReading, ClockReading) {
    (
        m.clock().reading(Side::White, now_ms),
        m.clock().reading(Side::Red, now_ms),
    )
}

#[test]
fn time_bank_timeline() {
    // Given a seed-000 match: White wins the opening roll 5-3 at 0 ms
    let mut m = Match::new(MatchOptions::seed_000(MatchLength::Points(5))).unwrap();
    let mut none = ScriptedDice::new(&[]);
    act(
        &mut m,
        Side::White,
        Action::OpeningRoll,
        0,
        &mut ScriptedDice::new(&[[5, 3]]),
    );
    assert_eq!(
        clocks(&m, 0),
        (
            reading(true, 15_000, 20_000, false, false),
            reading(false, 15_000, 20_000, false, false)
        )
    );
    // Steps do not stop the clock; 3 s in, White's move timer shows 12 s
    move_any(&mut m, Side::White, 3_000);
    assert_eq!(
        m.clock().reading(Side::White, 3_000),
        reading(true, 12_000, 20_000, false, false)
    );
    // White ends its turn after 6 s: 9 of 15 s unused earn 5 s × 9/15 = 3 s
    act(&mut m, Side::White, Action::EndTurn, 6_000, &mut none);
    assert_eq!(
        clocks(&m, 6_000),
        (
            reading(false, 15_000, 23_000, false, false),
            reading(true, 15_000, 20_000, false, false)
        )
    );
    // Red takes 20 s to roll: the last 5 s come out of its bank
    act(
        &mut m,
        Side::Red,
        Action::Roll,
        26_000,
        &mut ScriptedDice::new(&[[4, 2]]),
    );
    assert_eq!(
        m.clock().reading(Side::Red, 26_000),
        reading(true, 15_000, 15_000, false, false)
    );
    // Red's move: after 15 s the bank runs; at 10 s left in all the bar is low
    assert_eq!(
        m.clock().reading(Side::Red, 45_999),
        reading(true, 0, 10_001, false, false)
    );
    assert_eq!(
        m.clock().reading(Side::Red, 46_000),
        reading(true, 0, 10_000, true, false)
    );
    move_any(&mut m, Side::Red, 46_000);
    act(&mut m, Side::Red, Action::EndTurn, 46_000, &mut none);
    assert_eq!(
        clocks(&m, 46_000),
        (
            reading(true, 15_000, 23_000, false, false),
            reading(false, 15_000, 10_000, false, false)
        )
    );
    // White doubles in no time: the full 5 s bonus; Red answers after 1.5 s
    act(&mut m, Side::White, Action::Double, 46_000, &mut none);
    act(&mut m, Side::Red, Action::Take, 47_500, &mut none);
    assert_eq!(
        clocks(&m, 47_500),
        (
            reading(true, 15_000, 28_000, false, false),
            reading(false, 15_000, 14_500, false, false)
        )
    );
    // White then thinks until its bank is empty: an action at that moment is refused
    let out_at = 47_500 + 15_000 + 28_000;
    assert_eq!(
        m.clock().reading(Side::White, out_at - 1),
        reading(true, 0, 1, true, false)
    );
    let before = m.clone();
    assert_eq!(
        m.act(
            Side::White,
            Action::Roll,
            out_at,
            &mut ScriptedDice::new(&[[6, 6]])
        ),
        Err(ActionError::OutOfTime { side: Side::White })
    );
    assert_eq!(m, before);
    // and the tick ends the match: Red wins on time
    assert_eq!(m.tick(out_at - 1), Ok(None));
    assert_eq!(m.tick(out_at), Ok(Some(Side::White)));
    let Phase::MatchOver { result } = m.phase() else {
        panic!("match over")
    };
    assert_eq!((result.winner, result.end), (Side::Red, MatchEnd::TimeOut));
    assert_eq!(
        m.clock().reading(Side::White, out_at),
        reading(false, 15_000, 0, false, true)
    );
}

#[test]
fn time_bank_is_capped_at_two_minutes() {
    let mut clock = Clock::new(TimeControl::TimeBank);
    for i in 0..30 {
        clock.start(Side::White, i * 1_000);
        clock.settle(i * 1_000);
    }
    assert_eq!(clock.banks().white, BANK_CAP_MS);
    // A partial bonus is rounded down to the millisecond: 1 ms used of 15 s.
    let mut clock = Clock::new(TimeControl::TimeBank);
    clock.start(Side::Red, 0);
    clock.settle(1);
    assert_eq!(clock.banks().red, 20_000 + 4_999);
}

#[test]
fn reserve_timeline() {
    // Given a seed-001 match: White wins the opening roll 6-1 at 0 ms
    let mut m = Match::new(MatchOptions::seed_001(MatchLength::Points(5))).unwrap();
    let mut none = ScriptedDice::new(&[]);
    act(
        &mut m,
        Side::White,
        Action::OpeningRoll,
        0,
        &mut ScriptedDice::new(&[[6, 1]]),
    );
    assert_eq!(
        m.clock().reading(Side::White, 0),
        reading(true, 11_000, 90_000, false, false)
    );
    // White takes 20 s: 9 s beyond the 11 s come out of the reserve, no bonus
    move_any(&mut m, Side::White, 20_000);
    act(&mut m, Side::White, Action::EndTurn, 20_000, &mut none);
    assert_eq!(
        clocks(&m, 20_000),
        (
            reading(false, 11_000, 81_000, false, false),
            reading(true, 11_000, 90_000, false, false)
        )
    );
    // Red rolls after 5 s: the turn's 11 s keep running while it moves
    act(
        &mut m,
        Side::Red,
        Action::Roll,
        25_000,
        &mut ScriptedDice::new(&[[5, 4]]),
    );
    assert_eq!(
        m.clock().reading(Side::Red, 25_000),
        reading(true, 6_000, 90_000, false, false)
    );
    // Red ends its turn 14 s after it began: 3 s come out of its reserve
    move_any(&mut m, Side::Red, 34_000);
    act(&mut m, Side::Red, Action::EndTurn, 34_000, &mut none);
    assert_eq!(
        clocks(&m, 34_000),
        (
            reading(true, 11_000, 81_000, false, false),
            reading(false, 11_000, 87_000, false, false)
        )
    );
    // White rolls at once, then thinks: 10 s of reserve left is low time; at 0 Red may claim
    act(
        &mut m,
        Side::White,
        Action::Roll,
        34_000,
        &mut ScriptedDice::new(&[[5, 4]]),
    );
    assert_eq!(
        m.clock().reading(Side::White, 116_000),
        reading(true, 0, 10_000, true, false)
    );
    assert_eq!(m.claimable_by(125_999), None);
    assert_eq!(
        m.clock().reading(Side::White, 126_000),
        reading(true, 0, 0, true, true)
    );
    assert_eq!(m.claimable_by(126_000), Some(Side::Red));
    // Play goes on until claimed: White finishes its move
    move_any(&mut m, Side::White, 130_000);
    act(&mut m, Side::White, Action::EndTurn, 130_000, &mut none);
    assert_eq!(
        clocks(&m, 130_000),
        (
            reading(false, 11_000, 0, false, true),
            reading(true, 11_000, 87_000, false, false)
        )
    );
    assert_eq!(m.claimable_by(130_000), Some(Side::Red));
    // When Red claims, it wins a gammon (cube 1)
    act(
        &mut m,
        Side::Red,
        Action::ClaimWinOnTime,
        131_000,
        &mut none,
    );
    let Phase::GameOver { result } = m.phase() else {
        panic!("game over")
    };
    assert_eq!((result.winner, result.points), (Side::Red, 2));
    // The clocks stop between games
    assert!(!m.clock().reading(Side::White, 200_000).running);
    // The next game starts with both reserves full: nothing to claim
    act(
        &mut m,
        Side::White,
        Action::OpeningRoll,
        200_000,
        &mut ScriptedDice::new(&[[3, 1]]),
    );
    assert_eq!(
        clocks(&m, 200_000),
        (
            reading(true, 11_000, 90_000, false, false),
            reading(false, 11_000, 90_000, false, false)
        )
    );
    assert_eq!(m.claimable_by(200_000), None);
}

#[test]
fn reserve_turn_that_cannot_move_is_charged_for_its_roll() {
    // Given Red on the bar against a closed board, on roll under the reserve clock
    let closed = gamao::pos!(x bar:1, 6:14; o 19:2, 20:2, 21:2, 22:2, 23:2, 24:2, 1:3);
    let setup = GameSetup::new(closed, Side::Red);
    let mut m = Match::from_setup(MatchOptions::seed_001(MatchLength::Points(5)), setup).unwrap();
    // When it takes 15 s to roll a dance
    act(
        &mut m,
        Side::Red,
        Action::Roll,
        15_000,
        &mut ScriptedDice::new(&[[6, 6]]),
    );
    // Then 4 s beyond the turn's 11 s come out of its reserve, and White is on roll
    assert_eq!(m.phase(), Phase::Deciding { side: Side::White });
    assert_eq!(m.clock().banks().red, 86_000);
}

#[test]
fn time_bank_runs_on_over_the_whole_match() {
    // Given a seed-000 match where White's bank has grown to 25 s in game 1
    let mut m = Match::new(MatchOptions::seed_000(MatchLength::Points(5))).unwrap();
    let mut none = ScriptedDice::new(&[]);
    act(
        &mut m,
        Side::White,
        Action::OpeningRoll,
        0,
        &mut ScriptedDice::new(&[[6, 1]]),
    );
    move_any(&mut m, Side::White, 0);
    act(&mut m, Side::White, Action::EndTurn, 0, &mut none);
    // and Red has spent 18 s of its 20 s before giving up the game
    act(
        &mut m,
        Side::Red,
        Action::OfferResignation {
            level: WinKind::Backgammon,
        },
        33_000,
        &mut none,
    );
    assert_eq!(
        m.clock().banks(),
        BySide {
            white: 25_000,
            red: 2_000
        }
    );
    // When game 2 starts, both banks are as game 1 left them
    act(
        &mut m,
        Side::Red,
        Action::OpeningRoll,
        40_000,
        &mut ScriptedDice::new(&[[1, 4]]),
    );
    assert_eq!(
        m.clock().banks(),
        BySide {
            white: 25_000,
            red: 2_000
        }
    );
}

#[test]
fn no_clock_shows_nothing_and_never_runs_out() {
    let mut options = MatchOptions::seed_000(MatchLength::Points(5));
    options.time_control = TimeControl::None;
    let mut m = Match::new(options).unwrap();
    act(
        &mut m,
        Side::White,
        Action::OpeningRoll,
        0,
        &mut ScriptedDice::new(&[[6, 1]]),
    );
    assert_eq!(m.tick(10_000_000), Ok(None));
    assert_eq!(
        m.clock().reading(Side::White, 10_000_000),
        reading(false, 0, 0, false, false)
    );
}

#[test]
fn a_finished_match_is_final_whatever_the_time() {
    // Given a match White has forfeited at 5 s
    let mut m = Match::new(MatchOptions::seed_000(MatchLength::Points(5))).unwrap();
    act(
        &mut m,
        Side::White,
        Action::OpeningRoll,
        0,
        &mut ScriptedDice::new(&[[6, 1]]),
    );
    act(
        &mut m,
        Side::White,
        Action::ForfeitMatch,
        5_000,
        &mut ScriptedDice::new(&[]),
    );
    let finished = m.to_saved();
    // When the page's clock goes on ticking
    assert_eq!(m.tick(9_000), Ok(None));
    // Then the match, its last time and its save are as they ended
    assert_eq!(m.last_ms(), 5_000);
    assert_eq!(m.to_saved(), finished);
    // and a time before its end is still refused
    assert!(matches!(
        m.tick(1_000),
        Err(ActionError::TimeWentBackwards { .. })
    ));
}
