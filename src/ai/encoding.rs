//! The network's view of a position: a Tesauro-style encoding plus a few hand features.
//!
//! Two blocks of [`SIDE_INPUTS`] numbers, the side on roll first, each side from its own
//! view: per point four units (a checker, a second, a third, and (n − 3) / 2 for the
//! rest), its bar (n / 2) and its checkers borne off (n / 15); then hand features: its
//! pip count (÷ 167), whether it may bear off, the share of the 36 rolls that would let
//! it hit a blot, and its longest prime in front of the other side's rearmost checker
//! (÷ 6). Flipping a position swaps the two blocks exactly, so the network sees both
//! players alike.

use crate::rules::{Dice, Position, CHECKERS};

/// Numbers per side.
pub const SIDE_INPUTS: usize = 24 * 4 + 2 + 4;
/// How many numbers the encoding has.
pub const INPUTS: usize = 2 * SIDE_INPUTS;
/// Pip counts are divided by this (the start position's count).
const PIP_SCALE: f32 = 167.0;

/// The encoded inputs of one position.
pub type Inputs = [f32; INPUTS];

/// One side's board from its own view: `own[p]` its checkers on point p (1–24, 25 the
/// bar), `other[p]` the other side's checkers on that point (0 the other's bar).
struct SideView {
    own: [u8; 26],
    other: [u8; 26],
}

/// Encodes `position` (the side on roll first) into `inputs`, overwriting them all.
#[inline]
pub fn encode(position: &Position, inputs: &mut Inputs) {
    let board = position.signed_counts();
    let mut views = [
        SideView {
            own: [0; 26],
            other: [0; 26],
        },
        SideView {
            own: [0; 26],
            other: [0; 26],
        },
    ];
    for (i, &n) in board.iter().enumerate() {
        if n > 0 {
            views[0].own[i] = n as u8;
            views[1].other[25 - i] = n as u8;
        } else if n < 0 {
            views[0].other[i] = n.unsigned_abs();
            views[1].own[25 - i] = n.unsigned_abs();
        }
    }
    let (mine, theirs) = inputs.split_at_mut(SIDE_INPUTS);
    encode_side(&views[0], mine);
    encode_side(&views[1], theirs);
}

/// Writes one side's block.
#[inline]
fn encode_side(view: &SideView, out: &mut [f32]) {
    out.fill(0.0);
    let mut on_board = 0u32;
    let mut pips = 0u32;
    let mut outside_home = false;
    for point in 1..=25usize {
        let count = u32::from(view.own[point]);
        if count == 0 {
            continue;
        }
        on_board += count;
        pips += count * point as u32;
        outside_home |= point > 6;
        if point <= 24 {
            encode_point(&mut out[(point - 1) * 4..point * 4], count);
        }
    }
    let bar = f32::from(view.own[25]);
    out[96] = bar / 2.0;
    out[97] = (u32::from(CHECKERS) - on_board) as f32 / 15.0;
    out[98] = pips as f32 / PIP_SCALE;
    out[99] = if outside_home { 0.0 } else { 1.0 };
    out[100] = f32::from(hitting_rolls(view)) / 36.0;
    out[101] = f32::from(prime(view)) / 6.0;
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

/// How many of the 36 rolls would let this side hit a blot of the other, were it on
/// roll: directly, or with a combination of dice whose landing points are open. With
/// checkers on the bar only hits by an entering checker count.
fn hitting_rolls(view: &SideView) -> u8 {
    let mut blots = [0usize; 15];
    let mut blot_count = 0;
    for point in 1..=24 {
        if view.other[point] == 1 {
            blots[blot_count] = point;
            blot_count += 1;
        }
    }
    if blot_count == 0 {
        return 0;
    }
    let sources = if view.own[25] > 0 { 25..=25 } else { 1..=25 };
    // Bit i stands for `Dice::ALL[i]`: 15 mixed rolls (high 2–6, then low), 6 doubles.
    let mut hits = 0u32;
    for from in sources {
        if view.own[from] == 0 {
            continue;
        }
        for &to in blots[..blot_count].iter().filter(|&&to| to < from) {
            hits |= rolls_reaching(view, from, from - to);
        }
    }
    let mut rolls = 0;
    for (i, dice) in Dice::ALL.iter().enumerate() {
        if hits & (1 << i) != 0 {
            rolls += dice.weight();
        }
    }
    rolls
}

/// The rolls (as bits of `Dice::ALL`) that carry a checker from `from` exactly
/// `distance` points, every landing point before the last open.
#[inline]
fn rolls_reaching(view: &SideView, from: usize, distance: usize) -> u32 {
    let open = |point: usize| view.other[point] < 2;
    let ways = &WAYS[distance];
    let mut bits = ways.direct;
    for &(high, low) in &ways.mixed[..usize::from(ways.mixed_count)] {
        let (high, low) = (usize::from(high), usize::from(low));
        if open(from - high) || open(from - low) {
            bits |= 1 << mixed_index(high, low);
        }
    }
    for &(die, steps) in &ways.doubles[..usize::from(ways.double_count)] {
        let (die, steps) = (usize::from(die), usize::from(steps));
        if (1..steps).all(|k| open(from - k * die)) {
            bits |= 1 << (14 + die);
        }
    }
    bits
}

/// The ways the dice can cover one distance, worked out once.
#[derive(Clone, Copy)]
struct Ways {
    /// Rolls with a die of exactly that distance (as bits of `Dice::ALL`).
    direct: u32,
    /// Mixed rolls (high, low) whose sum is the distance.
    mixed: [(u8, u8); 3],
    mixed_count: u8,
    /// Doubles (die, steps) covering the distance in two to four steps.
    doubles: [(u8, u8); 3],
    double_count: u8,
}

/// [`Ways`] for every distance 0–24.
const WAYS: [Ways; 25] = {
    let mut table = [Ways {
        direct: 0,
        mixed: [(0, 0); 3],
        mixed_count: 0,
        doubles: [(0, 0); 3],
        double_count: 0,
    }; 25];
    let mut distance = 1;
    while distance <= 24 {
        let ways = &mut table[distance];
        if distance <= 6 {
            ways.direct = with_die(distance);
        }
        let mut low = 1;
        while low <= 5 {
            let high = distance as isize - low as isize;
            if high > low as isize && high <= 6 {
                ways.mixed[ways.mixed_count as usize] = (high as u8, low as u8);
                ways.mixed_count += 1;
            }
            low += 1;
        }
        let mut die = 1;
        while die <= 6 {
            let steps = distance / die;
            if distance % die == 0 && steps >= 2 && steps <= 4 {
                ways.doubles[ways.double_count as usize] = (die as u8, steps as u8);
                ways.double_count += 1;
            }
            die += 1;
        }
        distance += 1;
    }
    table
};

/// The rolls (as bits of `Dice::ALL`) showing `die` on at least one die.
const fn with_die(die: usize) -> u32 {
    let mut bits = 1 << (14 + die);
    let mut other = 1;
    while other <= 6 {
        if other != die {
            let (high, low) = if die > other {
                (die, other)
            } else {
                (other, die)
            };
            bits |= 1 << mixed_index(high, low);
        }
        other += 1;
    }
    bits
}

/// Where `Dice::Mixed(high, low)` sits in `Dice::ALL`.
const fn mixed_index(high: usize, low: usize) -> usize {
    (high - 1) * (high - 2) / 2 + low - 1
}

/// The longest run of points this side holds (two or more checkers) in front of the
/// other side's rearmost checker.
fn prime(view: &SideView) -> u8 {
    let Some(rearmost) = (0..=24).find(|&p| view.other[p] > 0) else {
        return 0;
    };
    let mut longest = 0;
    let mut run = 0;
    for point in rearmost + 1..=24 {
        if view.own[point] >= 2 {
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    longest
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pos;

    fn encoded(position: &Position) -> Inputs {
        let mut inputs = [0.0; INPUTS];
        encode(position, &mut inputs);
        inputs
    }

    #[test]
    fn roll_bits_follow_the_order_of_all_rolls() {
        for (i, dice) in Dice::ALL.iter().enumerate() {
            match *dice {
                Dice::Mixed(high, low) => {
                    assert_eq!(mixed_index(usize::from(high), usize::from(low)), i);
                }
                Dice::Double(die) => assert_eq!(14 + usize::from(die), i),
            }
        }
        assert_eq!(with_die(6).count_ones(), 6);
    }

    #[test]
    fn flipping_swaps_the_two_halves() {
        let position = pos!(x 24:1, 13:4, 6:3, bar:2; o 20:3, 2:2, 1:5, bar:1);
        let a = encoded(&position);
        let b = encoded(&position.flipped());
        assert_eq!(a[..SIDE_INPUTS], b[SIDE_INPUTS..]);
        assert_eq!(a[SIDE_INPUTS..], b[..SIDE_INPUTS]);
    }

    #[test]
    fn start_position_encodes_pips_and_stacks() {
        let inputs = encoded(&Position::start());
        assert_eq!(inputs[98], 1.0);
        // Five on the 6-point: three units and (5 − 3) / 2.
        assert_eq!(inputs[5 * 4..6 * 4], [1.0, 1.0, 1.0, 1.0]);
        assert_eq!(inputs[97], 0.0);
        assert_eq!(inputs[100], 0.0);
    }

    #[test]
    fn a_blot_six_away_is_hit_by_seventeen_rolls() {
        // Direct sixes (11), 5-1, 4-2 (4), 3-3 and 2-2: 17 rolls.
        let position = pos!(x 13:2; o 7:1, 20:2);
        assert_eq!(encoded(&position)[100], 17.0 / 36.0);
    }

    #[test]
    fn a_blocked_combination_does_not_hit() {
        // The opponent's points on 10–13 block 5-3, 4-4 and 2-2 from the 15 to the 7.
        let open = pos!(x 15:2; o 7:1, 20:2);
        let blocked = pos!(x 15:2; o 7:1, 10:2, 11:2, 12:2, 13:2);
        assert!(encoded(&blocked)[100] < encoded(&open)[100]);
    }

    #[test]
    fn a_prime_in_front_of_a_back_checker_is_measured() {
        let position = pos!(x 8:2, 7:2, 6:2, 5:2, 4:2, 2:5; o 1:1, 20:14);
        assert_eq!(encoded(&position)[101], 5.0 / 6.0);
        let escaped = pos!(x 8:2, 7:2, 6:2, 5:2, 4:2, 2:5; o 9:1, 20:14);
        assert_eq!(encoded(&escaped)[101], 0.0);
    }
}
