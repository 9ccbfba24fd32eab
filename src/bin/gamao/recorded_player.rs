//! A duel player that notes the decisions it is asked for, to judge them afterwards.

use gamao::ai::{CubeAdvice, CubeSituation, Player};
use gamao::notation::PositionId;
use gamao::rules::{Dice, LegalPlay, Position, RuleSet};

/// Passes every decision (cube decisions too) on to `player` and, when recording, keeps
/// each checker play that has more than one legal play as a `POSITION_ID DICE` line (the
/// mover on roll), the input of `gamao moves` and of the strength benchmark's reference
/// script.
pub struct RecordedPlayer {
    player: Box<dyn Player>,
    recording: bool,
    lines: Vec<String>,
}

impl RecordedPlayer {
    pub fn new(player: Box<dyn Player>, recording: bool) -> RecordedPlayer {
        RecordedPlayer {
            player,
            recording,
            lines: Vec::new(),
        }
    }

    /// The decisions noted so far, one line each.
    pub fn into_lines(self) -> Vec<String> {
        self.lines
    }
}

impl Player for RecordedPlayer {
    fn choose(
        &mut self,
        before: &Position,
        dice: Dice,
        plays: &[LegalPlay],
        rules: RuleSet,
    ) -> usize {
        if self.recording && plays.len() > 1 {
            self.lines.push(format!("{} {dice}", PositionId(*before)));
        }
        self.player.choose(before, dice, plays, rules)
    }

    fn cube_advice(
        &mut self,
        position: &Position,
        situation: &CubeSituation,
        rules: RuleSet,
    ) -> Option<CubeAdvice> {
        self.player.cube_advice(position, situation, rules)
    }

    fn set_stakes(&mut self, situation: Option<CubeSituation>) {
        self.player.set_stakes(situation);
    }
}
