//! The board a turn is generated on: the position with bit masks of the mover's points
//! and of the points a checker may land on, so that the checkers able to move with a die
//! are found with a few shifts instead of a loop over the points.

use crate::rules::position::Position;
use crate::rules::step::{Step, BAR, OFF};

/// The bar's bit in a mask of points.
const BAR_BIT: u32 = 1 << BAR;

/// A position with the mask of the mover's points (bit p for point p, bit 25 the bar).
#[derive(Clone, Copy)]
pub(super) struct Board {
    pub(super) position: Position,
    mover: u32,
}

/// The points a checker may land on this turn: those the opponent does not hold with two
/// or more. Fixed for the whole turn: a hit blot becomes the mover's, still open.
pub(super) fn open_points(position: &Position) -> u32 {
    let mut open = 0;
    for (point, &count) in position.signed_counts().iter().enumerate() {
        open |= u32::from(count >= -1) << point;
    }
    open & POINTS
}

/// The mask of points 1–24.
const POINTS: u32 = ((1 << 25) - 1) & !1;

/// The highest point of a non-empty mask.
#[inline]
pub(super) fn highest(mask: u32) -> u8 {
    (31 - mask.leading_zeros()) as u8
}

/// The points of a mask, highest first.
#[inline]
pub(super) fn from_highest(mut mask: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let point = highest(mask);
            mask &= !(1 << point);
            point
        })
    })
}

impl Board {
    pub(super) fn new(position: &Position) -> Board {
        let mut mover = 0;
        for (point, &count) in position.signed_counts().iter().enumerate() {
            mover |= u32::from(count > 0) << point;
        }
        Board {
            position: *position,
            mover,
        }
    }

    /// The mover's checkers on the bar.
    #[inline]
    pub(super) fn bar(&self) -> u8 {
        self.position.mover_bar()
    }

    /// The mask of the mover's points (bit 25 the bar).
    #[inline]
    pub(super) fn mover(&self) -> u32 {
        self.mover
    }

    /// The points a checker can leave with `die` now, as a mask: the bar alone while a
    /// checker is on it; a point whose landing point is open; when every checker is home,
    /// the die's own point and, if it is higher than every checker, the highest point.
    #[inline]
    pub(super) fn sources(&self, die: u8, open: u32) -> u32 {
        let mover = self.mover;
        if mover & BAR_BIT != 0 {
            return BAR_BIT & (open << die);
        }
        let mut sources = mover & (open << die);
        if mover >> 7 == 0 && mover != 0 {
            sources |= mover & (1 << die);
            let top = highest(mover);
            if top < die {
                sources |= 1 << top;
            }
        }
        sources
    }

    /// The step from `from` with `die`, `from` being one of [`Board::sources`].
    #[inline]
    pub(super) fn step(&self, from: u8, die: u8) -> Step {
        if from > die {
            let to = from - die;
            Step {
                from,
                to,
                die,
                hit: self.position.signed_counts()[usize::from(to)] == -1,
            }
        } else {
            Step {
                from,
                to: OFF,
                die,
                hit: false,
            }
        }
    }

    /// Makes `step` (from [`Board::step`]), keeping the mask up to date.
    #[inline]
    pub(super) fn make(&mut self, step: Step) {
        if self.position.signed_counts()[usize::from(step.from)] == 1 {
            self.mover &= !(1 << step.from);
        }
        if step.to != OFF {
            self.mover |= 1 << step.to;
        }
        self.position.apply_step_unchecked(step);
    }
}
