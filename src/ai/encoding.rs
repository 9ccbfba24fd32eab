//! The network's view of a position: a Tesauro-style encoding plus hand features.
//!
//! Two blocks of [`SIDE_INPUTS`] numbers, the side on roll first, each side from its own
//! view: per point four units (a checker, a second, a third, and (n − 3) / 2 for the
//! rest), its bar (n / 2) and its checkers borne off (n / 15); then hand features: its
//! pip count (÷ 167), whether it may bear off, the share of the 36 rolls that would let
//! it hit a blot, and its longest prime in front of the other side's rearmost checker
//! (÷ 6). After both blocks come [`EXTRAS`] features of contact play per side, the side
//! on roll's first (the rearmost checker's escapes and containment, dancing, double
//! shots, breaking contact, free pips, anchors, timing: see `features.rs`):
//!
//! ```text
//! [side on roll 102][other side 102][side on roll's extras 9][other side's extras 9]
//! ```
//!
//! Flipping a position swaps the two blocks and the two regions of extras exactly, so
//! the network sees both players alike. The extras come last so that weights made for
//! the first 204 inputs (`weights.rs` reads them) work unchanged with zero rows for them.
//!
//! At most [`MAX_NON_ZERO`] (60) of the [`INPUTS`] (222) numbers are non-zero, so the
//! evaluator takes them as a sparse list ([`SparseInputs`]); the hand features are worked
//! out on bit masks of points.

pub use super::features::EXTRAS;
use super::features::{extras, Tally};
use crate::rules::{Position, CHECKERS};

/// Numbers per side in the two blocks (the extras not counted).
pub const SIDE_INPUTS: usize = 24 * 4 + 2 + HAND_FEATURES;
/// Where the extras start: after both blocks.
const EXTRAS_START: usize = 2 * SIDE_INPUTS;
/// How many numbers the encoding has.
pub const INPUTS: usize = 2 * SIDE_INPUTS + 2 * EXTRAS;
/// Hand features in each block.
const HAND_FEATURES: usize = 4;
/// The block's numbers that cost next to nothing after the points: bar, borne off, pip
/// count, whether the side may bear off.
const CHEAP_FEATURES: usize = 4;
/// The first numbers of each block, the ones a screening network sees
/// ([`encode_screening`]): the 96 point units and the cheap features.
pub(super) const SCREENED_PER_SIDE: usize = 24 * 4 + CHEAP_FEATURES;
/// Pip counts are divided by this (the start position's count).
pub(super) const PIP_SCALE: f32 = 167.0;
/// The most non-zero inputs of one side: its units take one per checker at most (a
/// point's four units stand for at least four checkers), then its bar and borne-off
/// counts, its hand features and its extras.
const MAX_SIDE_NON_ZERO: usize = CHECKERS as usize + 2 + HAND_FEATURES + EXTRAS;
/// The most non-zero inputs other than 1: per side the fourth unit of at most three
/// points (four checkers each), bar, borne off, hand features and extras.
const MAX_WEIGHTED: usize = 2 * (3 + 2 + HAND_FEATURES + EXTRAS);

/// The most non-zero inputs a position can have.
pub const MAX_NON_ZERO: usize = 2 * MAX_SIDE_NON_ZERO;

/// The encoded inputs of one position.
pub type Inputs = [f32; INPUTS];

/// The non-zero inputs of one position: those equal to 1, which the network's first
/// layer adds without multiplying, and the others with their values (most inputs are
/// zero and are left out).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SparseInputs {
    ones_len: usize,
    /// Two spare slots: a point writes three units and keeps as many as it has.
    ones: [u16; MAX_NON_ZERO + 2],
    weighted_len: usize,
    /// One spare slot, written by an input that turns out to be zero.
    weighted: [(u16, f32); MAX_WEIGHTED + 1],
}

impl Default for SparseInputs {
    fn default() -> SparseInputs {
        SparseInputs {
            ones_len: 0,
            ones: [0; MAX_NON_ZERO + 2],
            weighted_len: 0,
            weighted: [(0, 0.0); MAX_WEIGHTED + 1],
        }
    }
}

impl SparseInputs {
    /// The indices of the inputs equal to 1, increasing.
    #[must_use]
    pub fn ones(&self) -> &[u16] {
        &self.ones[..self.ones_len]
    }

    /// The other non-zero inputs, (index, value) by increasing index.
    #[must_use]
    pub fn weighted(&self) -> &[(u16, f32)] {
        &self.weighted[..self.weighted_len]
    }

    /// Every non-zero input as (index, value): the ones, then the weighted.
    pub fn iter(&self) -> impl Iterator<Item = (u16, f32)> + '_ {
        self.ones()
            .iter()
            .map(|&i| (i, 1.0))
            .chain(self.weighted().iter().copied())
    }

    /// The same inputs written out in full.
    pub fn to_dense(&self, inputs: &mut Inputs) {
        inputs.fill(0.0);
        for (i, x) in self.iter() {
            inputs[usize::from(i)] = x;
        }
    }

    /// Adds the units of a point holding `count` (1–15) checkers, whose first unit is
    /// `unit`: three ones are written and min(count, 3) kept, then the fourth unit.
    #[inline]
    fn push_point(&mut self, unit: usize, count: u8) {
        let at = self.ones_len;
        for k in 0..3 {
            self.ones[at + k] = (unit + k) as u16;
        }
        self.ones_len += usize::from(count.min(3));
        if count > 3 {
            self.push(unit + 3, f32::from(count - 3) / 2.0);
        }
    }

    /// Adds an input if it is not zero, without branching (extras are zero or not at
    /// random): both lists are written, and the one it belongs to grows.
    #[inline(always)]
    fn push_if_non_zero(&mut self, index: usize, value: f32) {
        let one = value == 1.0;
        let other = value != 0.0 && !one;
        self.ones[self.ones_len] = index as u16;
        self.ones_len += usize::from(one);
        self.weighted[self.weighted_len] = (index as u16, value);
        self.weighted_len += usize::from(other);
    }

    /// Adds a non-zero input.
    #[inline]
    fn push(&mut self, index: usize, value: f32) {
        if value == 1.0 {
            self.ones[self.ones_len] = index as u16;
            self.ones_len += 1;
        } else {
            self.weighted[self.weighted_len] = (index as u16, value);
            self.weighted_len += 1;
        }
    }
}

/// Encodes `position` (the side on roll first) into `inputs`, overwriting them all.
#[inline]
pub fn encode(position: &Position, inputs: &mut Inputs) {
    let mut sparse = SparseInputs::default();
    encode_sparse(position, &mut sparse);
    sparse.to_dense(inputs);
}

/// One side's points as bit masks (bit p for point p, 25 its bar, 0 the other's bar
/// when in the other side's numbering).
pub(super) struct Side {
    /// Points 1–24 and the bar with a checker.
    pub(super) held: u32,
    /// Points 1–24 with two or more.
    pub(super) made: u32,
    /// Points 1–24 with exactly one.
    pub(super) blots: u32,
}

/// Points 1–24 as a mask.
pub(super) const POINTS: u32 = 0x01ff_fffe;

impl Side {
    /// The same points in the other side's numbering: point p becomes point 25 − p.
    #[inline]
    fn mirrored(&self) -> Side {
        let mirror = |mask: u32| mask.reverse_bits() >> 6;
        Side {
            held: mirror(self.held),
            made: mirror(self.made),
            blots: mirror(self.blots),
        }
    }
}

/// Encodes `position` as its non-zero inputs, overwriting `inputs`: the same numbers as
/// [`encode`] without the zeros. Not inlined: each copy would add some 10 kB to the
/// worker's module, and the call costs nothing beside the work.
#[inline(never)]
pub fn encode_sparse(position: &Position, inputs: &mut SparseInputs) {
    encode_sparse_as::<true>(position, inputs);
}

/// The inputs a screening network sees ([`crate::ai::Evaluator::best_reply`]): those of
/// [`encode_sparse`] that cost next to nothing to work out — each side's points, bar,
/// checkers borne off, pip count and whether it may bear off — the others left zero.
#[inline(never)]
pub fn encode_screening(position: &Position, inputs: &mut SparseInputs) {
    encode_sparse_as::<false>(position, inputs);
}

/// [`encode_sparse`] when `FULL`, else [`encode_screening`].
#[inline(always)]
fn encode_sparse_as<const FULL: bool>(position: &Position, inputs: &mut SparseInputs) {
    let board = position.signed_counts();
    let counts = SignMasks::of(board);
    // Both sides' points in the mover's numbering.
    let mine = Side {
        held: counts.positive,
        made: counts.two_or_more & POINTS,
        blots: counts.positive & !counts.two_or_more & POINTS,
    };
    let theirs = Side {
        held: counts.negative,
        made: counts.minus_two_or_less & POINTS,
        blots: counts.negative & !counts.minus_two_or_less & POINTS,
    };
    inputs.ones_len = 0;
    inputs.weighted_len = 0;
    let my_extras = encode_side::<FULL>(|p| board[p] as u8, &mine, &theirs, 0, inputs);
    let (mine, theirs) = (mine.mirrored(), theirs.mirrored());
    let their_extras = encode_side::<FULL>(
        |p| board[25 - p].unsigned_abs(),
        &theirs,
        &mine,
        SIDE_INPUTS,
        inputs,
    );
    if !FULL {
        return;
    }
    // After both blocks, so that the indices keep increasing.
    for (start, features) in [
        (EXTRAS_START, my_extras),
        (EXTRAS_START + EXTRAS, their_extras),
    ] {
        for (k, &x) in features.iter().enumerate() {
            inputs.push_if_non_zero(start + k, x);
        }
    }
}

/// Which of the 26 signed counts of a board are positive, at least 2, negative, at
/// most −2 (bit i for index i), found eight counts at a time in the bytes of a word.
struct SignMasks {
    positive: u32,
    two_or_more: u32,
    negative: u32,
    minus_two_or_less: u32,
}

impl SignMasks {
    #[inline]
    fn of(board: &[i8; 26]) -> SignMasks {
        const HIGH: u64 = 0x8080_8080_8080_8080;
        const ONES: u64 = 0x0101_0101_0101_0101;
        // Each byte minus (or plus) `c`, without borrows or carries between bytes.
        let minus = |x: u64, c: u64| ((x | HIGH).wrapping_sub(c)) ^ (!x & HIGH);
        let plus = |x: u64, c: u64| ((x & !HIGH) + c) ^ (x & HIGH);
        // The sign bit of every byte, gathered into eight bits.
        let signs = |x: u64| (((x >> 7) & ONES).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32;
        let mut bytes = [0u8; 32];
        for (byte, &n) in bytes.iter_mut().zip(board) {
            *byte = n as u8;
        }
        let mut masks = SignMasks {
            positive: 0,
            two_or_more: 0,
            negative: 0,
            minus_two_or_less: 0,
        };
        for (k, word) in bytes.chunks_exact(8).enumerate() {
            let mut le = [0u8; 8];
            le.copy_from_slice(word);
            let x = u64::from_le_bytes(le);
            masks.positive |= signs(!minus(x, ONES)) << (8 * k);
            masks.two_or_more |= signs(!minus(x, 2 * ONES)) << (8 * k);
            masks.negative |= signs(x) << (8 * k);
            masks.minus_two_or_less |= signs(plus(x, ONES)) << (8 * k);
        }
        masks
    }
}

/// Appends the non-zero inputs of `side`'s block, which starts at `base`, and returns
/// its extras (unless `FULL`: then only the screening inputs, and no extras); `count(p)`
/// is the side's checkers on its point p (25 its bar); both sides' masks are in its
/// numbering.
#[inline(always)]
fn encode_side<const FULL: bool>(
    count: impl Fn(usize) -> u8,
    side: &Side,
    other: &Side,
    base: usize,
    out: &mut SparseInputs,
) -> [f32; EXTRAS] {
    let mut on_board = 0u32;
    let mut pips = 0u32;
    let mut tally = Tally::against(other);
    let mut points = side.held & POINTS;
    while points != 0 {
        let point = points.trailing_zeros() as usize;
        points &= points - 1;
        let n = count(point);
        on_board += u32::from(n);
        pips += u32::from(n) * point as u32;
        if FULL {
            tally.add_point(point as u32, u32::from(n));
        }
        out.push_point(base + (point - 1) * 4, n);
    }
    let bar = u32::from(count(25));
    on_board += bar;
    pips += 25 * bar;
    let cheap: [f32; CHEAP_FEATURES] = [
        bar as f32 / 2.0,
        (u32::from(CHECKERS) - on_board) as f32 / 15.0,
        pips as f32 / PIP_SCALE,
        if side.held >> 7 == 0 { 1.0 } else { 0.0 },
    ];
    for (k, &x) in cheap.iter().enumerate() {
        if x != 0.0 {
            out.push(base + 96 + k, x);
        }
    }
    if !FULL {
        return [0.0; EXTRAS];
    }
    tally.add_bar(bar);
    // With checkers on the bar only hits by an entering checker count.
    let sources = if bar > 0 { 1 << 25 } else { side.held };
    let hits = hitting_rolls(sources, other.blots, !other.made);
    let costly = [
        f32::from(hits) / 36.0,
        // The other side's rearmost checker: its bar is point 0 here.
        f32::from(prime(side.made, other.held)) / 6.0,
    ];
    for (k, &x) in costly.iter().enumerate() {
        if x != 0.0 {
            out.push(base + 96 + cheap.len() + k, x);
        }
    }
    extras(side, other, &tally, bar)
}

/// How many of the 36 rolls would let a side hit a blot of the other, were it on roll:
/// directly, or with a combination of dice whose landing points are open. Bit p of each
/// mask stands for point p: `sources` the points it may move from, `blots` the other
/// side's blots, `open` the points not held by the other side.
#[inline]
fn hitting_rolls(sources: u32, blots: u32, open: u32) -> u8 {
    if blots == 0 {
        return 0;
    }
    // Whether a single d hits, and where a d lands on a point it may stop on.
    let direct = |die: u32| (sources >> die) & blots != 0;
    let landed = |die: u32| (sources >> die) & open;
    let mut rolls = 0u32;
    for high in 2..=6u32 {
        for low in 1..high {
            let combined = ((landed(high) >> low) | (landed(low) >> high)) & blots != 0;
            // A mixed roll comes two ways in 36.
            rolls += 2 * u32::from(direct(high) | direct(low) | combined);
        }
    }
    for die in 1..=6u32 {
        let two = landed(die) >> die;
        let three = (two & open) >> die;
        let four = (three & open) >> die;
        rolls += u32::from(direct(die) | ((two | three | four) & blots != 0));
    }
    rolls as u8
}

/// The longest run of points a side holds (`made`, bit p for point p) in front of the
/// other side's rearmost checker (the lowest bit of `occupied`, 0 its bar).
fn prime(made: u32, occupied: u32) -> u8 {
    if occupied == 0 {
        return 0;
    }
    let rearmost = occupied.trailing_zeros();
    let mut run = made & !((2u32 << rearmost) - 1);
    let mut longest = 0;
    while run != 0 {
        run &= run << 1;
        longest += 1;
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
    fn flipping_swaps_the_two_blocks_and_the_two_regions_of_extras() {
        let position = pos!(x 24:1, 13:4, 6:3, bar:2; o 20:3, 2:2, 1:5, bar:1);
        let a = encoded(&position);
        let b = encoded(&position.flipped());
        assert_eq!(a[..SIDE_INPUTS], b[SIDE_INPUTS..EXTRAS_START]);
        assert_eq!(a[SIDE_INPUTS..EXTRAS_START], b[..SIDE_INPUTS]);
        let (mine, theirs) = (EXTRAS_START, EXTRAS_START + EXTRAS);
        assert_eq!(a[mine..theirs], b[theirs..]);
        assert_eq!(a[theirs..], b[mine..theirs]);
        // Both sides are in contact here: each has extras.
        assert!(a[mine..theirs].iter().any(|&x| x != 0.0));
        assert!(a[theirs..].iter().any(|&x| x != 0.0));
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
