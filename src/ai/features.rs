//! Hand features of contact play, each from one side's view, appended to the encoding
//! after the two per-side blocks (see `encoding.rs`).
//!
//! A side moves from its point 24 down to its point 1; its bar is point 25, and the
//! other side's bar is point 0 in its numbering, so the other side's rearmost checker is
//! the lowest point it holds. The side is *in contact* while one of its checkers is
//! above that point; without contact every feature is 0 (a race has none of them).
//!
//! | feature | what it measures | scale |
//! |---|---|---|
//! | trapped | rolls with which the side's rearmost checker cannot get past the other's points in the 12 in front of it | ÷ 36 |
//! | containment | the most such rolls from the rearmost checker's point or any point it may stop on in the 6 in front | ÷ 36 |
//! | dancing | with checkers on the bar, rolls that leave one there | ÷ 36 |
//! | double shots | rolls that hit two of the other's blots | ÷ 36 |
//! | break contact | pips to bring every checker in contact past the other's rearmost | ÷ 167 |
//! | free pips | pips of the checkers already past it | ÷ 167 |
//! | forward anchor | how deep in the other's home board the side's most advanced point there is: its 6-point 1, its ace point 1/6 | ÷ 6 |
//! | rear anchor | the same for its rearmost point there | ÷ 6 |
//! | timing | pips the side can play without breaking a point in front of the other's rearmost checker | ÷ 167 |
//!
//! Counts of checkers or made points (checkers back, home points) are left out: each is
//! a sum of the units the encoding already has, which the network adds by itself.

use super::encoding::Side;

/// Hand features per side.
pub const EXTRAS: usize = 9;

/// Pips are divided by this (the start position's count).
const PIP_SCALE: f32 = 167.0;

/// The other side's points 1–6 (its home board) in the side's numbering: 19–24.
const THEIR_HOME: u32 = 0x3f << 19;

/// Sums over a side's checkers that need the other side's rearmost checker, kept while
/// the encoding walks the side's points.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tally {
    /// The other side's rearmost checker (0 its bar; 32 when it has none left).
    their_rearmost: u32,
    /// Pips of the side's checkers above it, the bar included.
    behind_pips: u32,
    /// How many checkers those are.
    behind: u32,
    /// Pips the side's made points above it would lose if their two checkers moved to
    /// point 1: 2 × (p − 1) each.
    held_pips: u32,
}

impl Tally {
    /// An empty tally against `other`'s checkers (in the side's numbering).
    #[inline(always)]
    pub(super) fn against(other: &Side) -> Tally {
        Tally {
            their_rearmost: other.held.trailing_zeros(),
            behind_pips: 0,
            behind: 0,
            held_pips: 0,
        }
    }

    /// Counts `n` (1–15) of the side's checkers on its point `point` (1–24).
    #[inline(always)]
    pub(super) fn add_point(&mut self, point: u32, n: u32) {
        let behind = u32::from(point > self.their_rearmost);
        self.behind_pips += behind * n * point;
        self.behind += behind * n;
        self.held_pips += behind * u32::from(n >= 2) * 2 * (point - 1);
    }

    /// Counts the side's `n` checkers on the bar, behind everything.
    #[inline(always)]
    pub(super) fn add_bar(&mut self, n: u32) {
        self.behind_pips += 25 * n;
        self.behind += n;
    }
}

/// The features of `side` (both sides' masks in its numbering), given its `tally`, its
/// checkers on the bar, its pip count and its checkers not borne off.
#[inline(always)]
pub(super) fn extras(
    side: &Side,
    other: &Side,
    tally: &Tally,
    bar: u32,
    pips: u32,
    not_off: u32,
) -> [f32; EXTRAS] {
    let theirs = tally.their_rearmost;
    if side.held == 0 || theirs >= 31 - side.held.leading_zeros() {
        return [0.0; EXTRAS];
    }
    let rearmost = 31 - side.held.leading_zeros();
    let trapped = BLOCKED[window(other.made, rearmost)];
    let mut contained = trapped;
    for ahead in 1..=6 {
        let Some(point) = rearmost.checked_sub(ahead).filter(|&p| p >= 1) else {
            break;
        };
        if other.made & (1 << point) == 0 {
            contained = contained.max(BLOCKED[window(other.made, point)]);
        }
    }
    let anchors = side.made & THEIR_HOME;
    let (forward, rear) = if anchors == 0 {
        (0.0, 0.0)
    } else {
        let depth = |point: u32| (25 - point) as f32 / 6.0;
        (
            depth(anchors.trailing_zeros()),
            depth(31 - anchors.leading_zeros()),
        )
    };
    let break_pips = tally.behind_pips + tally.behind - theirs * tally.behind;
    let timing = pips - not_off - tally.held_pips;
    [
        f32::from(trapped) / 36.0,
        f32::from(contained) / 36.0,
        f32::from(dancing_rolls(bar, other.made)) / 36.0,
        f32::from(double_shots(side, other, bar)) / 36.0,
        break_pips as f32 / PIP_SCALE,
        (pips - tally.behind_pips) as f32 / PIP_SCALE,
        forward,
        rear,
        timing as f32 / PIP_SCALE,
    ]
}

/// The other side's made points in the 12 in front of a checker on `point`, as an index
/// of [`BLOCKED`]: bit 12 − d for the point d pips ahead.
#[inline(always)]
fn window(made: u32, point: u32) -> usize {
    (((u64::from(made) << 12) >> point) & 0xfff) as usize
}

/// For each [`window`] of blocks, how many of the 36 rolls leave a lone checker unable to
/// get past the furthest of them.
static BLOCKED: [u8; 4096] = blocked_table();

const fn blocked_table() -> [u8; 4096] {
    let mut table = [0u8; 4096];
    let mut window = 0;
    while window < 4096 {
        table[window] = blocked_rolls(window);
        window += 1;
    }
    table
}

/// Whether the point `distance` pips ahead is blocked in `window`; beyond 12 pips no
/// point is.
const fn is_blocked(window: usize, distance: usize) -> bool {
    distance <= 12 && (window >> (12 - distance)) & 1 == 1
}

/// How many of the 36 rolls fail to carry a lone checker past the furthest block of
/// `window` (0 when nothing blocks): a die it plays must land on an open point, a
/// mixed roll's dice in either order, a double's up to four times.
const fn blocked_rolls(window: usize) -> u8 {
    if window == 0 {
        return 0;
    }
    // The lowest bit set is the furthest block.
    let furthest = 12 - window.trailing_zeros() as usize;
    let mut escapes = 0;
    let mut a = 1;
    while a <= 6 {
        let mut b = 1;
        while b <= 6 {
            let escaped = if a == b {
                let mut steps = 1;
                let mut free = false;
                while steps <= 4 && !is_blocked(window, steps * a) {
                    if steps * a > furthest {
                        free = true;
                        break;
                    }
                    steps += 1;
                }
                free
            } else {
                a > furthest
                    || b > furthest
                    || (a + b > furthest && !(is_blocked(window, a) && is_blocked(window, b)))
            };
            escapes += escaped as u8;
            b += 1;
        }
        a += 1;
    }
    36 - escapes
}

/// How many of the 36 rolls leave one of a side's `bar` checkers on the bar, the other
/// side holding `their_made` (the side's numbering) in its home board.
#[inline(always)]
fn dancing_rolls(bar: u32, their_made: u32) -> u8 {
    let closed = (their_made & THEIR_HOME).count_ones() as u8;
    let open = 6 - closed;
    match bar {
        0 => 0,
        // Both dice blocked.
        1 => closed * closed,
        // Either die blocked.
        2 => 36 - open * open,
        // Only a double of an open point enters three or four.
        3 | 4 => 36 - open,
        _ => 36,
    }
}

/// How many of the 36 rolls would let `side` hit two of `other`'s blots: a mixed roll
/// when each die hits a different blot (from any point the side holds) or one checker
/// hits with one die and again with the other; a double when two blots are within two
/// of its steps over open points. With checkers on the bar only the bar moves, as for
/// the single shots of the encoding.
#[inline(always)]
fn double_shots(side: &Side, other: &Side, bar: u32) -> u8 {
    let blots = other.blots;
    if blots.count_ones() < 2 {
        return 0;
    }
    let sources = if bar > 0 { 1 << 25 } else { side.held };
    let mut hits = [0u32; 7];
    for (die, hit) in hits.iter_mut().enumerate().skip(1) {
        *hit = (sources >> die) & blots;
    }
    let mut rolls = 0u8;
    for high in 2..=6 {
        for low in 1..high {
            let (h, l) = (hits[high], hits[low]);
            let apart = h != 0 && l != 0 && (h | l).count_ones() >= 2;
            let onward = ((h >> low) | (l >> high)) & blots != 0;
            rolls += 2 * u8::from(apart || onward);
        }
    }
    let open = !other.made;
    for (die, &first) in hits.iter().enumerate().skip(1) {
        let second = (((sources >> die) & open) >> die) & blots;
        rolls += u8::from((first | second).count_ones() >= 2);
    }
    rolls
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::encoding::{encode, Inputs, INPUTS, SIDE_INPUTS};
    use crate::pos;
    use crate::rules::Position;

    /// The mover's features.
    fn features(position: &Position) -> [f32; EXTRAS] {
        let mut inputs: Inputs = [0.0; INPUTS];
        encode(position, &mut inputs);
        let mut out = [0.0; EXTRAS];
        out.copy_from_slice(&inputs[2 * SIDE_INPUTS..][..EXTRAS]);
        out
    }

    const TRAPPED: usize = 0;
    const CONTAINED: usize = 1;
    const DANCING: usize = 2;
    const DOUBLE_SHOTS: usize = 3;
    const BREAK_CONTACT: usize = 4;
    const FREE_PIPS: usize = 5;
    const FORWARD_ANCHOR: usize = 6;
    const REAR_ANCHOR: usize = 7;
    const TIMING: usize = 8;

    #[test]
    fn a_race_has_no_features() {
        let race = pos!(x 6:5, 5:5, 4:5; o 7:5, 8:5, 9:5);
        assert_eq!(features(&race), [0.0; EXTRAS]);
        assert_eq!(features(&race.flipped()), [0.0; EXTRAS]);
    }

    #[test]
    fn a_full_prime_traps_the_checker_behind_it_on_every_roll() {
        // The other side's points 18–23 in front of the mover's checker on 24.
        let position = pos!(x 24:1, 6:14; o 23:2, 22:2, 21:2, 20:2, 19:2, 18:2, 1:3);
        assert_eq!(features(&position)[TRAPPED], 1.0);
        assert_eq!(features(&position)[CONTAINED], 1.0);
    }

    #[test]
    fn one_point_in_front_stops_only_the_rolls_that_need_it() {
        // A point 3 ahead of the checker on 24: it is past with any die above 3 (or a
        // sum above 3 through an open point); 1-1 is the only roll that stays short,
        // 3-3 is blocked, and 1-2, 2-1 stay short: 4 of 36.
        let position = pos!(x 24:1, 6:14; o 21:2, 1:13);
        assert_eq!(features(&position)[TRAPPED], 4.0 / 36.0);
    }

    #[test]
    fn containment_looks_at_the_points_ahead_of_the_rearmost_checker() {
        // Free where it stands (nothing within 12 pips of the 24), but from the 19, five
        // pips on, the blockade on 7–11 is 8–12 pips ahead and no roll gets past it.
        let position = pos!(x 24:1, 6:14; o 11:2, 10:2, 9:2, 8:2, 7:2, 1:5);
        let f = features(&position);
        assert_eq!(f[TRAPPED], 0.0);
        assert_eq!(f[CONTAINED], 1.0);
    }

    #[test]
    fn checkers_on_the_bar_dance_against_a_closed_board() {
        // One on the bar against three home points: 3 × 3 rolls fail; two on the bar
        // need both dice open: 36 − 3 × 3 fail.
        let one = pos!(x bar:1, 6:14; o 24:2, 23:2, 22:2, 1:9);
        assert_eq!(features(&one)[DANCING], 9.0 / 36.0);
        let two = pos!(x bar:2, 6:13; o 24:2, 23:2, 22:2, 1:9);
        assert_eq!(features(&two)[DANCING], 27.0 / 36.0);
        let none = pos!(x 13:1, 6:14; o 24:2, 23:2, 22:2, 1:9);
        assert_eq!(features(&none)[DANCING], 0.0);
    }

    #[test]
    fn double_shots_need_two_blots_within_reach() {
        // Blots 3 and 5 away from the checkers on 13: 5-3 hits both, one die each, and
        // 3-2 hits the 10 and carries on to the 8; no double reaches both within two
        // steps (3-3 goes 10 then 7, 5-5 8 then 3): 4 rolls.
        let position = pos!(x 13:3, 6:12; o 10:1, 8:1, 24:13);
        assert_eq!(features(&position)[DOUBLE_SHOTS], 4.0 / 36.0);
        let one_blot = pos!(x 13:3, 6:12; o 10:1, 24:14);
        assert_eq!(features(&one_blot)[DOUBLE_SHOTS], 0.0);
    }

    #[test]
    fn break_contact_and_free_pips_split_the_pip_count_at_the_other_rearmost_checker() {
        // The other's rearmost checker is on the mover's 10: the checkers on 13 need
        // 13 − 10 + 1 = 4 pips each to pass it; those on 6 are free (6 pips each).
        let position = pos!(x 13:2, 6:13; o 10:2, 20:13);
        let f = features(&position);
        assert_eq!(f[BREAK_CONTACT], 8.0 / 167.0);
        assert_eq!(f[FREE_PIPS], 78.0 / 167.0);
    }

    #[test]
    fn anchors_are_measured_by_their_depth_in_the_other_home_board() {
        // The other's 5-point (mover's 20) and ace point (mover's 24).
        let position = pos!(x 24:2, 20:2, 6:11; o 1:15);
        let f = features(&position);
        assert_eq!(f[FORWARD_ANCHOR], 5.0 / 6.0);
        assert_eq!(f[REAR_ANCHOR], 1.0 / 6.0);
        let no_anchor = pos!(x 24:1, 20:1, 6:13; o 1:15);
        assert_eq!(features(&no_anchor)[FORWARD_ANCHOR], 0.0);
    }

    #[test]
    fn timing_counts_the_pips_playable_without_breaking_a_point() {
        // Points on 20 and 6 in front of the other's checkers on 1: their two checkers
        // stay; the three spares on 6 have 5 pips each, the blot on 13 has 12.
        let position = pos!(x 20:2, 13:1, 6:5, 3:7; o 1:15);
        // On 3 the point is kept too: its five spares have 2 pips each.
        let expected = 3 * 5 + 12 + 5 * 2;
        assert_eq!(features(&position)[TIMING], expected as f32 / 167.0);
    }

    #[test]
    fn the_blocked_table_agrees_with_simple_cases() {
        assert_eq!(blocked_rolls(0), 0);
        // A six-prime starting 1 ahead: every roll is blocked.
        assert_eq!(blocked_rolls(0b1111_1100_0000), 36);
        // One block 1 ahead: only 1-1 stays behind it.
        assert_eq!(blocked_rolls(1 << 11), 1);
        // One block 12 ahead: only 5-5 gets past it (15); 3-3, 4-4 and 6-6 would stop
        // on it, and no mixed roll reaches it.
        assert_eq!(blocked_rolls(1), 35);
    }
}
