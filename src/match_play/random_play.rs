//! Seeded matches of random legal actions, for tests, demos and `gamao random-match`.

use super::action::Action;
use super::backgammon_match::Match;
use super::error::ActionError;
use super::phase::Phase;
use crate::rng::Rng;
use crate::rules::{SeededDice, Side};

/// One double in this many turns where doubling is allowed.
const DOUBLE_ONE_IN: u64 = 20;
/// One drop in this many cube offers.
const DROP_ONE_IN: u64 = 4;

/// Plays `m` to its end with random legal steps and random cube actions (doubles,
/// takes, drops), everything determined by `seed`. Each action comes 0 to
/// `max_think_ms` after the previous one (the clock is ticked before each).
///
/// # Errors
/// Only if the match refuses an action it offered as legal, which would be a bug.
pub fn play_randomly(m: &mut Match, seed: u64, max_think_ms: u64) -> Result<(), ActionError> {
    let mut dice = SeededDice::new(seed);
    let mut choices = Rng::seeded(seed ^ 0x5EED_CAFE);
    let mut now_ms = m.last_ms();
    loop {
        now_ms += choices.below(max_think_ms + 1);
        m.tick(now_ms)?;
        let (side, action) = match m.phase() {
            Phase::MatchOver { .. } => return Ok(()),
            Phase::OpeningRoll | Phase::GameOver { .. } => (Side::White, Action::OpeningRoll),
            Phase::Deciding { side } => {
                let double = m.check_double(side).is_ok() && choices.below(DOUBLE_ONE_IN) == 0;
                (side, if double { Action::Double } else { Action::Roll })
            }
            Phase::CubeOffered { doubler } => {
                let drop = choices.below(DROP_ONE_IN) == 0;
                (
                    doubler.other(),
                    if drop { Action::Drop } else { Action::Take },
                )
            }
            Phase::Moving { side } => {
                let steps = m
                    .game()
                    .turn_steps()
                    .map(|t| t.legal_next_steps())
                    .unwrap_or_default();
                let pick = choices.below(steps.len().max(1) as u64) as usize;
                let step = steps.get(pick).copied().unwrap_or_default();
                (
                    side,
                    Action::Step {
                        from: step.from,
                        die: step.die,
                    },
                )
            }
            Phase::TurnComplete { side } => (side, Action::EndTurn),
            Phase::ResignationOffered { by, .. } => (by.other(), Action::DeclineResignation),
        };
        m.act(side, action, now_ms, &mut dice)?;
    }
}
