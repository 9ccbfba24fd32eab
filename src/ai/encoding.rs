//! The network's view of a position: a Tesauro-style encoding plus a few hand features.
//!
//! Each side is encoded from its own view, the mover first: per point four units (a
//! checker, a second, a third, and (n − 3) / 2 for the rest), then its bar (n / 2) and
//! its checkers borne off (n / 15). Flipping a position swaps the two halves exactly,
//! so the network sees both players alike. The hand features follow: both pip counts
//! scaled, and whether each side may bear off.

use crate::rules::{Position, CHECKERS};

/// Units per side: four per point, the bar and the checkers borne off.
const SIDE_UNITS: usize = 24 * 4 + 2;
/// Where the hand features start.
const FEATURES: usize = 2 * SIDE_UNITS;
/// How many numbers the encoding has.
pub const INPUTS: usize = FEATURES + 4;
/// Pip counts are divided by this (the start position's count).
const PIP_SCALE: f32 = 167.0;

/// The encoded inputs of one position.
pub type Inputs = [f32; INPUTS];

/// Encodes `position` (the side on roll first) into `inputs`, overwriting them all.
#[inline]
pub fn encode(position: &Position, inputs: &mut Inputs) {
    inputs.fill(0.0);
    let board = position.signed_counts();
    let mut on_board = [0u32; 2];
    let mut pips = [0u32; 2];
    let mut outside_home = [false; 2];
    for (point, &n) in board.iter().enumerate().take(25).skip(1) {
        if n == 0 {
            continue;
        }
        // The point from its owner's view.
        let (side, own_point) = if n > 0 { (0, point) } else { (1, 25 - point) };
        let count = u32::from(n.unsigned_abs());
        on_board[side] += count;
        pips[side] += count * own_point as u32;
        outside_home[side] |= own_point > 6;
        encode_point(
            &mut inputs[side * SIDE_UNITS + (own_point - 1) * 4..][..4],
            count,
        );
    }
    let bars = [position.mover_bar(), position.opponent_bar()];
    for side in 0..2 {
        let bar = u32::from(bars[side]);
        let base = side * SIDE_UNITS;
        inputs[base + 96] = bar as f32 / 2.0;
        inputs[base + 97] = (u32::from(CHECKERS) - on_board[side] - bar) as f32 / 15.0;
        pips[side] += 25 * bar;
        inputs[FEATURES + side] = pips[side] as f32 / PIP_SCALE;
        inputs[FEATURES + 2 + side] = if outside_home[side] || bar > 0 {
            0.0
        } else {
            1.0
        };
    }
}

/// The four units of a point holding `count` (> 0) checkers of one side.
#[inline]
fn encode_point(units: &mut [f32], count: u32) {
    units[0] = 1.0;
    if count >= 2 {
        units[1] = 1.0;
    }
    if count >= 3 {
        units[2] = 1.0;
    }
    if count > 3 {
        units[3] = (count - 3) as f32 / 2.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pos;

    #[test]
    fn flipping_swaps_the_two_halves() {
        let position = pos!(x 24:1, 13:4, 6:3, bar:2; o 20:3, 2:2, 1:5, bar:1);
        let mut a = [0.0; INPUTS];
        let mut b = [0.0; INPUTS];
        encode(&position, &mut a);
        encode(&position.flipped(), &mut b);
        assert_eq!(a[..SIDE_UNITS], b[SIDE_UNITS..FEATURES]);
        assert_eq!(a[SIDE_UNITS..FEATURES], b[..SIDE_UNITS]);
        assert_eq!(a[FEATURES], b[FEATURES + 1]);
        assert_eq!(a[FEATURES + 2], b[FEATURES + 3]);
    }

    #[test]
    fn start_position_encodes_pips_and_stacks() {
        let mut inputs = [0.0; INPUTS];
        encode(&Position::start(), &mut inputs);
        assert_eq!(inputs[FEATURES], 1.0);
        // Five on the 6-point: three units and (5 − 3) / 2.
        assert_eq!(inputs[5 * 4..6 * 4], [1.0, 1.0, 1.0, 1.0]);
        assert_eq!(inputs[97], 0.0);
    }
}
