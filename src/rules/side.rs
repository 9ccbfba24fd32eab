//! The two sides of the board.

use std::fmt;

use serde::{Deserialize, Serialize};

/// One of the two players. White's points are the absolute coordinates the page uses.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum Side {
    White,
    Red,
}

impl Side {
    /// Both sides, White first.
    pub const BOTH: [Side; 2] = [Side::White, Side::Red];

    /// The opponent of this side.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::White => Side::Red,
            Side::Red => Side::White,
        }
    }

    /// 0 for White, 1 for Red: the index used by [`BySide`].
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::White => "White",
            Side::Red => "Red",
        })
    }
}

/// A value for each side, indexed by `Side`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct BySide<T> {
    /// White's value.
    pub white: T,
    /// Red's value.
    pub red: T,
}

impl<T> BySide<T> {
    /// The same value for both sides.
    pub fn both(value: T) -> Self
    where
        T: Clone,
    {
        BySide {
            white: value.clone(),
            red: value,
        }
    }

    /// The value of one side.
    pub fn get(&self, side: Side) -> &T {
        match side {
            Side::White => &self.white,
            Side::Red => &self.red,
        }
    }

    /// The value of one side, mutably.
    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::White => &mut self.white,
            Side::Red => &mut self.red,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_side_is_an_involution() {
        for side in Side::BOTH {
            assert_ne!(side.other(), side);
            assert_eq!(side.other().other(), side);
        }
    }

    #[test]
    fn by_side_reads_and_writes_each_side() {
        let mut pips = BySide::both(167);
        *pips.get_mut(Side::Red) -= 4;
        assert_eq!((*pips.get(Side::White), *pips.get(Side::Red)), (167, 163));
    }
}
