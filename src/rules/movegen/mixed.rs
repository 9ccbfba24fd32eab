//! The plays of a mixed roll, each distinct position reached once without any check
//! for repeats.
//!
//! Two checkers moved one die each are always legal when the higher one moves first,
//! so only that order is generated: the high die first, then the low die from a point no
//! higher; then the low die first, then the high die from a strictly lower point. That
//! reaches every play once, except in two cases where the low-die-first walk would
//! repeat a position the high-die-first walk already found, and skips:
//! - one checker moving with both dice, when the other order passes no blot and was
//!   legal too (it was then found first);
//! - two checkers both borne off, when the first is the highest checker (either die
//!   bears it off, so the high-die-first walk found both).

use super::board::{from_highest, highest, Board};
use super::MoveGen;
use crate::rules::play::Play;

impl MoveGen {
    /// Every play of `high` and `low` (`high > low`) from `start`, recorded in `found`.
    pub(super) fn mixed(&mut self, start: &Board, high: u8, low: u8, open: u32) {
        if start.bar() >= 2 {
            self.enter_two(start, high, low, open);
            return;
        }
        self.two_steps(start, high, low, open, true);
        self.two_steps(start, low, high, open, false);
        if self.found.is_empty() {
            // Only one die can be played: the high one if it can.
            if !self.one_step(start, high, open) {
                self.one_step(start, low, open);
            }
        }
    }

    /// Two or more checkers on the bar: enter what can enter, nothing else can move.
    fn enter_two(&mut self, start: &Board, high: u8, low: u8, open: u32) {
        let mut board = *start;
        let mut play = Play::NONE;
        for die in [high, low] {
            if board.sources(die, open) != 0 {
                let step = board.step(crate::rules::step::BAR, die);
                board.make(step);
                play.push(step);
            }
        }
        self.push(play, &board);
    }

    /// The plays of `first` then `second`: the second step from a point no higher than
    /// the first (`high_first`), or strictly lower, less the repeats the module explains.
    fn two_steps(&mut self, start: &Board, first: u8, second: u8, open: u32, high_first: bool) {
        let mut firsts = start.sources(first, open);
        if !high_first && start.mover() != 0 {
            let top = highest(start.mover());
            if top <= first {
                firsts &= !(1 << top);
            }
        }
        for from in from_highest(firsts) {
            let step = start.step(from, first);
            let mut board = *start;
            board.make(step);
            let mut seconds = board.sources(second, open);
            if high_first {
                seconds &= (2 << from) - 1;
            } else {
                seconds &= (1 << from) - 1;
                if from > first && same_checker_repeats(start, from, second, first, open) {
                    seconds &= !(1 << (from - first));
                }
            }
            let mut play = Play::NONE;
            play.push(step);
            for from2 in from_highest(seconds) {
                self.push_step(play, &board, board.step(from2, second));
            }
        }
    }

    /// Records every single step of `die` as a play; whether there was one.
    fn one_step(&mut self, start: &Board, die: u8, open: u32) -> bool {
        let sources = start.sources(die, open);
        for from in from_highest(sources) {
            self.push_step(Play::NONE, start, start.step(from, die));
        }
        sources != 0
    }
}

/// Whether moving the checker on `from` by `low` then `high` repeats the position of
/// `high` then `low`: that order was legal (its first landing open, its second step
/// allowed) and neither way passes a blot.
fn same_checker_repeats(start: &Board, from: u8, high: u8, low: u8, open: u32) -> bool {
    if from <= high {
        return false;
    }
    let counts = start.position.signed_counts();
    if counts[usize::from(from - high)] < 0 || counts[usize::from(from - low)] < 0 {
        return false;
    }
    let mut board = *start;
    board.make(board.step(from, high));
    board.sources(low, open) & (1 << (from - high)) != 0
}

#[cfg(test)]
mod tests {
    use crate::rules::{Dice, MoveGen, RuleSet};

    fn count(position: crate::rules::Position, high: u8, low: u8) -> usize {
        let dice = Dice::new(high, low).expect("dice");
        MoveGen::new()
            .generate(&position, dice, RuleSet::STANDARD)
            .len()
    }

    #[test]
    fn two_checkers_borne_off_by_either_die_are_one_play() {
        assert_eq!(count(crate::pos!(x 2:1, 1:1; o 20:2), 6, 5), 1);
    }

    #[test]
    fn one_checker_passing_a_blot_one_way_gives_two_plays() {
        assert_eq!(count(crate::pos!(x 13:1; o 9:1, 20:2), 4, 3), 2);
        assert_eq!(count(crate::pos!(x 13:1; o 20:2), 4, 3), 1);
    }

    #[test]
    fn one_checker_blocked_one_way_is_played_the_other() {
        assert_eq!(count(crate::pos!(x 13:1; o 9:2), 4, 3), 1);
    }
}
