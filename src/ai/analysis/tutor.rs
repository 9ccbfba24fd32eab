//! The tutor: what a player is about to do, judged before it is committed, so that a
//! costly play or cube action can be pointed out and taken back.

use super::super::evaluator::Evaluator;
use super::analyser::Analyser;
use super::decision::{AnalysedDecision, DecisionKind};
use super::lookahead::Depth;
use crate::match_play::{Action, Match, Phase};
use crate::rules::{MoveGen, ScriptedDice, Side};

/// `action` of `side` judged as the analysis would judge it: ending the turn with the
/// play made so far, doubling, rolling without doubling, taking or passing. `m` is not
/// changed; `None` when the action is not legal now or is no decision.
#[must_use]
pub fn judge_action(
    evaluator: &Evaluator,
    m: &Match,
    side: Side,
    action: Action,
    depth: Depth,
) -> Option<AnalysedDecision> {
    let mut after = m.clone();
    let mut no_dice = ScriptedDice::default();
    match (m.phase(), action) {
        (Phase::Deciding { .. }, Action::Roll) => {
            // The chance to double is recorded with the play that follows: any roll and
            // any play will do.
            after
                .act(side, action, m.last_ms(), &mut ScriptedDice::new(&[[2, 1]]))
                .ok()?;
            if let Some(turn) = after.game().turn_steps() {
                let (start, dice) = (*turn.start(), turn.dice());
                let plays = MoveGen::new()
                    .generate(&start, dice, m.options().rules())
                    .to_vec();
                for step in plays.first()?.play.steps() {
                    let step = Action::Step {
                        from: step.from,
                        die: step.die,
                    };
                    after.act(side, step, m.last_ms(), &mut no_dice).ok()?;
                }
            }
            if matches!(after.phase(), Phase::TurnComplete { .. }) {
                after
                    .act(side, Action::EndTurn, m.last_ms(), &mut no_dice)
                    .ok()?;
            }
        }
        (_, Action::EndTurn | Action::Double | Action::Take | Action::Drop) => {
            after.act(side, action, m.last_ms(), &mut no_dice).ok()?;
        }
        _ => return None,
    }
    let mut analyser = Analyser::new(evaluator, &after, depth);
    let wanted = match action {
        Action::EndTurn => DecisionKind::Checker,
        _ => DecisionKind::Cube,
    };
    // Rolling: the chance to double comes before the play made to record it.
    let count = if action == Action::Roll { 2 } else { 1 };
    analyser
        .judge_last(count)
        .into_iter()
        .rev()
        .find(|d| d.side == side && d.kind == wanted)
}
