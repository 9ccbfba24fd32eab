//! The plays of a double: checkers on the bar enter first, then up to four steps, each
//! from a point no higher than the one before. Two different sets of starting points
//! cannot leave the same board, so every position is reached once.

use super::board::{from_highest, Board};
use super::MoveGen;
use crate::rules::play::Play;
use crate::rules::step::BAR;

/// Every point a checker may leave once the bar is empty.
const ANY_POINT: u32 = (1 << BAR) - 1;

impl MoveGen {
    /// Every play of four `die`s from `start`, recorded in `found`.
    pub(super) fn doubles(&mut self, start: &Board, die: u8, open: u32) {
        let mut board = *start;
        let mut play = Play::NONE;
        while board.bar() > 0 && play.len() < 4 {
            if board.sources(die, open) == 0 {
                break;
            }
            let step = board.step(BAR, die);
            board.make(step);
            play.push(step);
        }
        match (board.bar(), play.len()) {
            (1.., _) | (_, 4) => self.push(play, &board),
            (_, 3) => self.walk::<1>(&board, die, open, ANY_POINT, play),
            (_, 2) => self.walk::<2>(&board, die, open, ANY_POINT, play),
            (_, 1) => self.walk::<3>(&board, die, open, ANY_POINT, play),
            _ => self.walk::<4>(&board, die, open, ANY_POINT, play),
        }
    }

    /// The last `LEFT` steps from the points in `allowed`, recording each play that
    /// cannot go on. One function per depth, so that the compiler unrolls the walk.
    #[inline]
    fn walk<const LEFT: usize>(
        &mut self,
        board: &Board,
        die: u8,
        open: u32,
        allowed: u32,
        play: Play,
    ) {
        let sources = board.sources(die, open) & allowed;
        if sources == 0 {
            self.record(play, board);
            return;
        }
        if LEFT == 1 {
            if self.most_dice < 4 {
                self.found.clear();
                self.most_dice = 4;
            }
            for from in from_highest(sources) {
                self.push_step(play, board, board.step(from, die));
            }
            return;
        }
        for from in from_highest(sources) {
            let step = board.step(from, die);
            let mut after = *board;
            after.make(step);
            let mut longer = play;
            longer.push(step);
            let below = (2 << from) - 1;
            match LEFT {
                4 => self.walk::<3>(&after, die, open, below, longer),
                3 => self.walk::<2>(&after, die, open, below, longer),
                _ => self.walk::<1>(&after, die, open, below, longer),
            }
        }
    }
}
