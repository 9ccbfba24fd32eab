//! The computer as a player of a match: what it does when it is its turn to act.

use super::cube::{accept_resignation, resignation_to_offer};
use super::cube::{CubeAction, CubeSituation};
use super::cubeful::CubeLook;
use super::evaluator::{Evaluator, Probabilities};
use super::search::{Level, Searcher};
use crate::match_play::{Action, ActionError, Match, Phase, ResignationStyle};
use crate::rules::{DiceGen, MoveGen, Side};

/// A computer player of one strength.
#[derive(Debug)]
pub struct Computer<'a> {
    evaluator: &'a Evaluator,
    level: Level,
    seed: u64,
}

impl<'a> Computer<'a> {
    /// A player of `level`; `seed` makes the weaker levels' choices reproducible.
    #[must_use]
    pub fn new(evaluator: &'a Evaluator, level: Level, seed: u64) -> Computer<'a> {
        Computer {
            evaluator,
            level,
            seed,
        }
    }

    /// What `side` does now in `m`, in order (all the steps of a play, then the end of
    /// the turn); empty when it is not `side`'s turn to act.
    #[must_use]
    pub fn actions(&self, m: &Match, side: Side) -> Vec<Action> {
        match m.phase() {
            Phase::Deciding { side: s } if s == side => vec![self.before_rolling(m, side)],
            Phase::CubeOffered { doubler } if doubler.other() == side => {
                vec![if self.cube_look(m, doubler).advice.take {
                    Action::Take
                } else {
                    Action::Drop
                }]
            }
            Phase::ResignationOffered { by, level } if by.other() == side => {
                let resigner = self.chances(m);
                let accept = accept_resignation(&resigner, &Self::situation_of(m, by), level);
                vec![if accept {
                    Action::AcceptResignation
                } else {
                    Action::DeclineResignation
                }]
            }
            Phase::Moving { side: s } if s == side => self.play(m),
            Phase::TurnComplete { side: s } if s == side => vec![Action::EndTurn],
            _ => Vec::new(),
        }
    }

    /// Double, resign, or roll: a resignation on the chances the cube decision's look
    /// saw, so that one look ahead answers both.
    fn before_rolling(&self, m: &Match, side: Side) -> Action {
        let chances = if m.check_double(side).is_ok() {
            let look = self.cube_look(m, side);
            if matches!(
                look.advice.action,
                CubeAction::DoubleTake | CubeAction::DoublePass
            ) {
                return Action::Double;
            }
            look.chances
        } else {
            self.chances(m)
        };
        let situation = Self::situation_of(m, side);
        match (
            resignation_to_offer(&chances, &situation),
            m.options().resignation,
        ) {
            (Some(level), ResignationStyle::Offered)
                if m.game().declined_resignation() < Some(level) =>
            {
                Action::OfferResignation { level }
            }
            (Some(_), ResignationStyle::Direct) => Action::Resign,
            _ => Action::Roll,
        }
    }

    /// The steps of the chosen play from the start of the turn, then the end of turn.
    fn play(&self, m: &Match) -> Vec<Action> {
        let Some(turn) = m.game().turn_steps() else {
            return Vec::new();
        };
        let rules = m.options().rules();
        let mut movegen = MoveGen::new();
        let plays = movegen.generate(turn.start(), turn.dice(), rules);
        let seed = self.seed ^ u64::from(m.game().number()) << 32 ^ m.history().len() as u64;
        let side = m.game().turn();
        let chosen = Searcher::new(self.evaluator, seed)
            .at_stakes(Self::situation_of(m, side))
            .choose(plays, rules, self.level);
        let mut actions: Vec<Action> = (0..turn.play().len()).map(|_| Action::UndoStep).collect();
        actions.extend(plays[chosen].play.steps().iter().map(|s| Action::Step {
            from: s.from,
            die: s.die,
        }));
        actions.push(Action::EndTurn);
        actions
    }

    /// The cube advice this player goes by for `side`, on roll in `m` (before it rolls,
    /// or having doubled), with the chances it saw: its level's
    /// ([`Searcher::level_cube_advice`]), so a hint from the expert is what the expert
    /// does.
    #[must_use]
    pub fn cube_look(&self, m: &Match, side: Side) -> CubeLook {
        Searcher::new(self.evaluator, self.seed).level_cube_advice(
            &m.game().position(),
            m.options().rules(),
            &Self::situation_of(m, side),
            self.level,
        )
    }

    /// The chances of the side on roll, before it rolls, as deep as the level looks.
    fn chances(&self, m: &Match) -> Probabilities {
        Searcher::new(self.evaluator, self.seed).chances_at(
            &m.game().position(),
            m.options().rules(),
            self.level.cube_plies(),
        )
    }

    /// The cube situation of the match for `side`, the side on roll.
    #[must_use]
    pub fn situation_of(m: &Match, side: Side) -> CubeSituation {
        CubeSituation::in_game(
            side,
            &m.game().position(),
            m.game().cube(),
            m.options().target(),
            m.score(),
            m.crawford(),
        )
    }
}

/// Plays `m` to its end, each side's actions chosen by its computer (White's by
/// `computers[0]`), the dice from `dice`.
///
/// # Errors
/// Only if the match refuses an action a computer chose, which would be a bug.
pub fn play_out(
    m: &mut Match,
    computers: &[Computer; 2],
    dice: &mut impl DiceGen,
) -> Result<(), ActionError> {
    loop {
        let phase = m.phase();
        let (side, actions) = match (phase, phase.acting_side()) {
            (Phase::MatchOver { .. }, _) => return Ok(()),
            (_, Some(side)) => (side, computers[side.index()].actions(m, side)),
            (_, None) => (Side::White, vec![Action::OpeningRoll]),
        };
        for action in actions {
            m.act(side, action, 0, dice)?;
        }
    }
}
