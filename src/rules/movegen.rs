//! Legal play generation: every distinct play the must-play rules allow for a roll.
//!
//! The board carries bit masks of the mover's points and of the open points, so the
//! checkers that can move with a die are found with a few shifts. Plays are walked in an
//! order that reaches each resulting position once (the modules `doubles` and `mixed`
//! say how), so no play is hashed or compared with the others, and the buffer of plays
//! is reused: generation allocates nothing once warm.

mod board;
mod doubles;
mod mixed;

use self::board::{open_points, Board};
use super::dice::Dice;
use super::play::Play;
use super::position::Position;
use super::rule_set::RuleSet;
use super::step::Step;

/// A legal play and the position it leaves (still seen by the player who made it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LegalPlay {
    pub play: Play,
    pub position: Position,
}

/// A reusable legal-play generator. Keep one around in hot loops.
#[derive(Debug, Default)]
pub struct MoveGen {
    found: Vec<LegalPlay>,
    most_dice: usize,
}

impl MoveGen {
    /// A generator with empty buffers.
    #[must_use]
    pub fn new() -> MoveGen {
        MoveGen::default()
    }

    /// Every distinct legal play of `dice` in `position`, in the order found. When no
    /// checker can move, the one legal play is the empty play.
    pub fn generate(&mut self, position: &Position, dice: Dice, rules: RuleSet) -> &[LegalPlay] {
        self.found.clear();
        self.most_dice = 0;
        let board = Board::new(position);
        let open = open_points(position);
        match dice {
            Dice::Double(die) => self.doubles(&board, die, open),
            Dice::Mixed(high, low) => self.mixed(&board, high, low, open),
        }
        if self.found.is_empty() {
            self.push(Play::NONE, &board);
        }
        if rules.minimise_wasted_pips {
            self.keep_least_wasted_pips();
        }
        &self.found
    }

    /// The rule "fewest wasted pips": only the plays that waste the fewest pips bearing off.
    fn keep_least_wasted_pips(&mut self) {
        if let Some(least) = self.found.iter().map(|l| l.play.wasted_pips()).min() {
            self.found.retain(|legal| legal.play.wasted_pips() == least);
        }
    }

    /// Adds a play known to be distinct and to use the most dice.
    #[inline]
    fn push(&mut self, play: Play, board: &Board) {
        self.found.push(LegalPlay {
            play,
            position: board.position,
        });
    }

    /// Adds `play` followed by `step` from `board`, a play known to be distinct and to
    /// use the most dice.
    #[inline(always)]
    fn push_step(&mut self, play: Play, board: &Board, step: Step) {
        self.found.push(LegalPlay {
            play,
            position: board.position,
        });
        if let Some(last) = self.found.last_mut() {
            last.play.push(step);
            last.position.apply_step_unchecked(step);
        }
    }

    /// Adds a distinct play if it uses at least as many dice as any so far, dropping
    /// those that use fewer.
    #[inline]
    fn record(&mut self, play: Play, board: &Board) {
        let len = play.len();
        if len < self.most_dice {
            return;
        }
        if len > self.most_dice {
            self.found.clear();
            self.most_dice = len;
        }
        self.push(play, board);
    }
}
