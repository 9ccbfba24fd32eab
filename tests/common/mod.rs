//! Helpers shared by the match-play integration tests.
#![allow(dead_code)]

pub mod conversation;
pub mod gnubg;

use gamao::match_play::{Action, HistoryEntry, Match, Phase};
pub use gamao::rules::ScriptedDice;
use gamao::rules::{Side, WinKind};

/// Does an action that the test expects to be legal.
pub fn act(m: &mut Match, side: Side, action: Action, now_ms: u64, dice: &mut ScriptedDice) {
    if let Err(e) = m.act(side, action, now_ms, dice) {
        panic!(
            "{side} {action} at {now_ms} ms refused: {e} (phase {:?})",
            m.phase()
        );
    }
}

/// Rolls `roll` for `side` and plays the first legal step until the turn is complete,
/// all at `now_ms`, without ending the turn.
pub fn roll_and_move(m: &mut Match, side: Side, roll: [u8; 2], now_ms: u64) {
    let mut dice = ScriptedDice::new(&[roll]);
    act(m, side, Action::Roll, now_ms, &mut dice);
    move_any(m, side, now_ms);
}

/// Rolls the opening roll `roll` (White's die, then Red's) and plays the starter's turn
/// with the first legal steps, ending it; returns the starter.
pub fn play_opening_turn(m: &mut Match, roll: [u8; 2]) -> Side {
    let mut dice = ScriptedDice::new(&[roll]);
    act(m, Side::White, Action::OpeningRoll, 0, &mut dice);
    let starter = m.phase().acting_side().expect("a side is on roll");
    move_any(m, starter, 0);
    act(m, starter, Action::EndTurn, 0, &mut dice);
    starter
}

/// Plays the first legal step until the turn is complete.
pub fn move_any(m: &mut Match, side: Side, now_ms: u64) {
    let mut none = ScriptedDice::new(&[]);
    while let Phase::Moving { .. } = m.phase() {
        let step = m
            .game()
            .turn_steps()
            .expect("a turn in progress")
            .legal_next_steps()[0];
        let action = Action::Step {
            from: step.from,
            die: step.die,
        };
        act(m, side, action, now_ms, &mut none);
    }
}

/// Rebuilds a match from the first `count` entries of another's history, through the
/// public actions only.
pub fn replay_prefix(original: &Match, fresh: Match, count: usize) -> Match {
    let mut m = fresh;
    for entry in &original.history()[..count] {
        match *entry {
            HistoryEntry::Acted {
                at_ms,
                side,
                action,
                dice,
            } => {
                let mut scripted = ScriptedDice::new(&dice.map(|d| vec![d]).unwrap_or_default());
                act(&mut m, side, action, at_ms, &mut scripted);
            }
            HistoryEntry::TimedOut { at_ms, side } => {
                assert_eq!(m.tick(at_ms), Ok(Some(side)));
            }
        }
    }
    m
}

/// A legal step after White rolls 3-1 in the starting position.
pub const PROBE_STEP: Action = Action::Step { from: 8, die: 3 };

/// Every kind of action, each variant with a few values.
pub fn every_action() -> Vec<Action> {
    vec![
        Action::OpeningRoll,
        Action::Roll,
        Action::Double,
        Action::Take,
        Action::Drop,
        PROBE_STEP,
        Action::Step { from: 24, die: 6 },
        Action::UndoStep,
        Action::EndTurn,
        Action::OfferResignation {
            level: WinKind::Single,
        },
        Action::OfferResignation {
            level: WinKind::Gammon,
        },
        Action::OfferResignation {
            level: WinKind::Backgammon,
        },
        Action::AcceptResignation,
        Action::DeclineResignation,
        Action::Resign,
        Action::ForfeitMatch,
        Action::ClaimWinOnTime,
        Action::SetAutoRoll { on: true },
        Action::MoveTo { from: 24, to: 18 },
    ]
}
