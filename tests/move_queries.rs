//! The queries a page asks while a side moves (a drop, a click, covering a point) and
//! the one action for a drop, `MoveTo`: answers on positions that exercise each rule,
//! and proof that a query never changes the match.

mod common;

use common::{act, ScriptedDice};
use gamao::clock::TimeControl;
use gamao::match_play::{
    Action, ActionError, CoverRefusal, GameSetup, Match, MatchLength, MatchOptions, MoveRefusal,
    Phase,
};
use gamao::pos;
use gamao::rules::{Position, Side, Step};

fn options() -> MatchOptions {
    let mut options = MatchOptions::seed_000(MatchLength::Points(5));
    options.time_control = TimeControl::None;
    options
}

/// `side` on roll in `position` (its own numbering), having rolled `roll`.
fn moving(position: Position, side: Side, roll: [u8; 2]) -> Match {
    let mut m = Match::from_setup(options(), GameSetup::new(position, side)).unwrap();
    act(
        &mut m,
        side,
        Action::Roll,
        0,
        &mut ScriptedDice::new(&[roll]),
    );
    assert_eq!(m.phase(), Phase::Moving { side });
    m
}

/// The (from, to) of each step.
fn path(steps: &[Step]) -> Vec<(u8, u8)> {
    steps.iter().map(|s| (s.from, s.to)).collect()
}

#[test]
fn a_drop_over_a_blocked_stop_names_the_blocked_point() {
    // Given 1-1 to play and the opponent holding the 22-point
    let m = moving(pos!(x 24:2, 6:13; o 22:2, 12:13), Side::White, [1, 1]);
    // When a checker is dropped from 24 on 21 (three 1s: 24/23/22/21)
    // Then the refusal names 22, where the path is blocked, not the dice
    assert_eq!(
        m.move_steps(Side::White, 24, 21),
        Err(MoveRefusal::Blocked { point: 22 })
    );
    // And a drop one short of it is played with a single 1
    assert_eq!(
        path(&m.move_steps(Side::White, 24, 23).unwrap()),
        [(24, 23)]
    );
}

#[test]
fn the_blocked_point_is_given_on_whites_points_for_red() {
    // Given Red to play 1-1 with White holding Red's 22-point (White's 3)
    let m = moving(pos!(x 24:2, 6:13; o 22:2, 12:13), Side::Red, [1, 1]);
    let refusal = m.move_steps(Side::Red, 24, 21).unwrap_err();
    assert_eq!(
        refusal.in_board(Side::Red),
        MoveRefusal::Blocked { point: 3 }
    );
}

#[test]
fn a_distance_no_die_or_sum_makes_is_refused_as_such() {
    let m = moving(Position::start(), Side::White, [3, 1]);
    assert_eq!(
        m.move_steps(Side::White, 24, 18),
        Err(MoveRefusal::NoDiceFit { distance: 6 })
    );
    assert_eq!(
        m.move_steps(Side::White, 13, 15),
        Err(MoveRefusal::Backwards)
    );
    assert_eq!(
        m.move_steps(Side::White, 14, 11),
        Err(MoveRefusal::NoChecker { point: 14 })
    );
    assert_eq!(
        m.move_steps(Side::White, 30, 11),
        Err(MoveRefusal::NotAPoint { point: 30 })
    );
    // And a sum of both dice is found, through the open stop
    assert_eq!(
        path(&m.move_steps(Side::White, 13, 9).unwrap()),
        [(13, 10), (10, 9)]
    );
}

#[test]
fn a_checker_on_the_bar_must_enter_first_and_enters_on_an_open_point() {
    let m = moving(pos!(x 25:1, 6:14; o 22:2, 12:13), Side::White, [3, 4]);
    assert_eq!(
        m.move_steps(Side::White, 6, 3),
        Err(MoveRefusal::EnterFirst)
    );
    assert_eq!(
        m.move_steps(Side::White, 25, 22),
        Err(MoveRefusal::Blocked { point: 22 })
    );
    assert_eq!(
        path(&m.move_steps(Side::White, 25, 21).unwrap()),
        [(25, 21)]
    );
}

#[test]
fn bearing_off_with_a_larger_die_only_from_the_highest_point() {
    // Given checkers on the 5- and 2-points and 6-1 to play
    let m = moving(pos!(x 5:1, 2:1; o 24:2), Side::White, [6, 1]);
    // Then the 2 bears off with the 6 only once the 5 has gone
    assert_eq!(
        m.move_steps(Side::White, 2, 0),
        Err(MoveRefusal::HigherCheckerFirst)
    );
    assert_eq!(path(&m.move_steps(Side::White, 5, 0).unwrap()), [(5, 0)]);
    // And with a checker outside, nothing bears off
    let outside = moving(pos!(x 7:1, 2:1; o 24:2), Side::White, [6, 5]);
    assert_eq!(
        outside.move_steps(Side::White, 2, 0),
        Err(MoveRefusal::NotAllHome)
    );
}

#[test]
fn the_larger_die_must_be_played_when_only_one_fits() {
    // Given 6-5, one free checker on 24 and the 13-point blocked: either die alone,
    // never both
    let m = moving(pos!(x 24:1, 1:14; o 13:2), Side::White, [6, 5]);
    assert_eq!(
        m.move_steps(Side::White, 24, 19),
        Err(MoveRefusal::MustPlayDie { die: 6 })
    );
    assert_eq!(
        m.move_steps(Side::White, 24, 13),
        Err(MoveRefusal::Blocked { point: 13 })
    );
    assert_eq!(
        path(&m.move_steps(Side::White, 24, 18).unwrap()),
        [(24, 18)]
    );
}

#[test]
fn only_the_side_moving_may_move() {
    let m = moving(Position::start(), Side::White, [3, 1]);
    assert_eq!(
        m.move_steps(Side::Red, 24, 21),
        Err(MoveRefusal::NotYourTurn)
    );
    let deciding =
        Match::from_setup(options(), GameSetup::new(Position::start(), Side::White)).unwrap();
    assert_eq!(
        deciding.move_steps(Side::White, 24, 21),
        Err(MoveRefusal::NotMoving)
    );
}

#[test]
fn a_click_goes_to_the_farthest_point_the_checker_can_reach() {
    let m = moving(Position::start(), Side::White, [6, 5]);
    let (to, steps) = m.farthest_target(Side::White, 24).unwrap();
    assert_eq!((to, steps.len()), (13, 2));
    // A checker that bears off goes off
    let home = moving(pos!(x 5:1, 2:1; o 24:2), Side::White, [6, 1]);
    assert_eq!(home.farthest_target(Side::White, 5).map(|t| t.0), Some(0));
    // A checker that cannot move has no target
    let stuck = moving(pos!(x 24:1, 1:14; o 13:2), Side::White, [6, 5]);
    assert_eq!(stuck.farthest_target(Side::White, 1), None);
}

#[test]
fn a_checker_that_cannot_move_says_why() {
    // Given the opening 6-5 with the 6 played 8/2: the 6-point's checkers would land on
    // Red's anchor on the 1-point with the 5
    let mut m = moving(Position::start(), Side::White, [6, 5]);
    let mut none = ScriptedDice::new(&[]);
    act(
        &mut m,
        Side::White,
        Action::Step { from: 8, die: 6 },
        0,
        &mut none,
    );
    assert_eq!(
        m.why_cannot_move(Side::White, 6),
        Some(MoveRefusal::Blocked { point: 1 })
    );
    // and on White's board, for a page
    assert_eq!(
        m.why_cannot_move_on_board(Side::White, 6),
        Some(MoveRefusal::Blocked { point: 1 })
    );
    // A checker that can move has nothing to explain
    assert_eq!(m.why_cannot_move(Side::White, 13), None);
    // An empty point, the other side's checker, or the wrong turn
    assert_eq!(
        m.why_cannot_move(Side::White, 20),
        Some(MoveRefusal::NoChecker { point: 20 })
    );
    assert_eq!(
        m.why_cannot_move(Side::Red, 24),
        Some(MoveRefusal::NotYourTurn)
    );
    // With a checker on the bar, every other checker waits for it
    let entering = moving(pos!(x 25:1, 6:5, 8:3; o 19:2), Side::White, [6, 5]);
    assert_eq!(
        entering.why_cannot_move(Side::White, 8),
        Some(MoveRefusal::EnterFirst)
    );
    // Bearing off from outside home: the smallest die's move is explained
    let stuck = moving(pos!(x 24:1, 1:14; o 13:2), Side::White, [6, 5]);
    assert_eq!(
        stuck.why_cannot_move(Side::White, 1),
        Some(MoveRefusal::NotAllHome)
    );
}

#[test]
fn covering_with_a_double_moves_only_the_two_checkers_that_land() {
    // Given the opening position and 1-1: cover the 7-point
    let m = moving(Position::start(), Side::White, [1, 1]);
    // Then two checkers come from the 8-point, and the other two 1s are left
    assert_eq!(
        path(&m.cover_steps(Side::White, 7).unwrap()),
        [(8, 7), (8, 7)]
    );
}

#[test]
fn covering_with_mixed_dice_prefers_the_fewest_blots() {
    // Given the opening 3-1: the 5-point is covered from the 8 and the 6
    let m = moving(Position::start(), Side::White, [3, 1]);
    let mut from: Vec<u8> = m
        .cover_steps(Side::White, 5)
        .unwrap()
        .iter()
        .map(|s| s.from)
        .collect();
    from.sort_unstable();
    assert_eq!(from, [6, 8]);
    // Given a blot on 4 and checkers on 8 and 6 that could both join it with 4-2, the
    // one that leaves no blot is chosen (the 6, keeping two on the 8)
    let blot = moving(pos!(x 8:2, 6:3, 4:1; o 24:2), Side::White, [4, 2]);
    assert_eq!(path(&blot.cover_steps(Side::White, 4).unwrap()), [(6, 4)]);
}

#[test]
fn a_point_that_cannot_be_covered_says_why() {
    let m = moving(Position::start(), Side::White, [3, 1]);
    assert_eq!(
        m.cover_steps(Side::White, 10),
        Err(CoverRefusal::OutOfReach { point: 10 })
    );
    assert_eq!(
        m.cover_steps(Side::White, 6),
        Err(CoverRefusal::AlreadyMade { point: 6 })
    );
    assert_eq!(
        m.cover_steps(Side::White, 12),
        Err(CoverRefusal::Blocked { point: 12 })
    );
    assert_eq!(
        m.cover_steps(Side::Red, 5),
        Err(CoverRefusal::CannotMove {
            reason: MoveRefusal::NotYourTurn
        })
    );
}

#[test]
fn no_query_changes_the_match() {
    let m = moving(pos!(x 24:2, 8:3, 6:10; o 22:2, 12:13), Side::White, [1, 1]);
    let saved = m.to_json();
    for from in 0..=26 {
        for to in 0..=26 {
            let _ = m.move_steps(Side::White, from, to);
            let _ = m.move_steps(Side::Red, from, to);
        }
        let _ = m.farthest_target(Side::White, from);
        let _ = m.why_cannot_move(Side::White, from);
        let _ = m.why_cannot_move_on_board(Side::Red, from);
        let _ = m.cover_steps(Side::White, from);
        let _ = m.accepts(Side::White, Action::MoveTo { from, to: 0 }, 0);
    }
    let _ = m.view(0);
    assert_eq!(m.to_json(), saved);
}

#[test]
fn move_to_plays_every_step_of_the_drop_and_records_each() {
    let mut m = moving(Position::start(), Side::White, [6, 5]);
    let before = m.history().len();
    act(
        &mut m,
        Side::White,
        Action::MoveTo { from: 24, to: 13 },
        0,
        &mut ScriptedDice::new(&[]),
    );
    assert_eq!(m.history().len(), before + 2);
    assert_eq!(m.phase(), Phase::TurnComplete { side: Side::White });
    // And it can be taken back step by step
    act(
        &mut m,
        Side::White,
        Action::UndoStep,
        0,
        &mut ScriptedDice::new(&[]),
    );
    assert_eq!(m.view(0).steps_made.len(), 1);
    // And the match saved with it loads back
    assert_eq!(Match::from_json(&m.to_json()).unwrap(), m);
}

#[test]
fn a_refused_move_to_leaves_the_match_unchanged() {
    let mut m = moving(pos!(x 24:2, 6:13; o 22:2, 12:13), Side::White, [1, 1]);
    let saved = m.to_json();
    let refused = m.act(
        Side::White,
        Action::MoveTo { from: 24, to: 21 },
        0,
        &mut ScriptedDice::new(&[]),
    );
    assert_eq!(
        refused,
        Err(ActionError::IllegalMove {
            reason: MoveRefusal::Blocked { point: 22 }
        })
    );
    assert_eq!(m.to_json(), saved);
    let wrong_side = m.act(
        Side::Red,
        Action::MoveTo { from: 1, to: 4 },
        0,
        &mut ScriptedDice::new(&[]),
    );
    assert_eq!(wrong_side, Err(ActionError::WrongSide { side: Side::Red }));
    assert_eq!(m.to_json(), saved);
}
