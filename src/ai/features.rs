//! Hand features of contact play, each from one side's view, appended to the encoding
//! after the two per-side blocks (see `encoding.rs`).
//!
//! A side moves from its point 24 down to its point 1; its bar is point 25, and the
//! other side's bar is point 0 in its numbering, so the other side's rearmost checker is
//! the lowest point it holds (taken as point 1 when it is on the bar: it enters on the
//! side's points 1–6). The side is *in contact* while one of its checkers is above
//! that checker; without contact every feature is 0 (a race has none of them).
//!
//! | feature | what it measures | scale |
//! |---|---|---|
//! | trapped | rolls with which the side's rearmost checker cannot get past the other's points in the 12 pips in front of it | ÷ 36 |
//! | containment | how many more rolls fail from the worst of the points it may stop on in the 6 pips in front | ÷ 36 |
//! | dancing | with checkers on the bar, rolls that leave one there | ÷ 36 |
//! | double shots | rolls that hit two of the other's blots | ÷ 36 |
//! | contact pips | pip count − pips to break contact (bring every checker past the other's rearmost) | ÷ 167 |
//! | free pips | pips of the checkers already past the other's rearmost | ÷ 167 |
//! | forward anchor | how deep in the other's home board the side's most advanced point there is: its 6-point 1, its ace point 1/6 | ÷ 6 |
//! | anchor spread | how much deeper its rearmost point there is | ÷ 6 |
//! | idle points | pips of the points it holds past the other's rearmost checker, 2 × (p − 1) each | ÷ 167 |
//!
//! Each input the network sees costs it a row of weights to add, so a feature is given
//! in the form that is 0 where it adds nothing to the inputs already there, when a sum
//! of those inputs restores its plain form exactly: containment is trapped + the second
//! row; the rear anchor the forward anchor + the spread; breaking contact takes the pip
//! count − contact pips; and the timing, the pips the side can play without breaking a
//! point in front of the other's rearmost checker, is pips − checkers left − Σ over its
//! made points of 2 × (p − 1) + idle points. All three pip features are 0 while the
//! other's rearmost checker is on the side's ace point (or the bar).
//!
//! Counts of checkers or made points (checkers back, home points) are left out: each is
//! a sum of the units the encoding already has.

use super::encoding::{Side, PIP_SCALE, POINTS};

/// Hand features per side.
pub const EXTRAS: usize = 9;

/// The other side's points 1–6 (its home board) in the side's numbering: 19–24.
const THEIR_HOME: u32 = 0x3f << 19;

/// Sums over a side's checkers that need the other side's rearmost checker, kept while
/// the encoding walks the side's points.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tally {
    /// The other side's rearmost checker (0 its bar; 32 when it has none left).
    their_rearmost: u32,
    /// The same, the bar taken as point 1.
    contact_point: u32,
    /// How many of the side's checkers are behind it, the bar included.
    behind: u32,
    /// Pips of the side's checkers past it.
    free_pips: u32,
    /// 2 × (p − 1) for each point p the side holds past it.
    idle_pips: u32,
}

impl Tally {
    /// An empty tally against `other`'s checkers (in the side's numbering).
    #[inline(always)]
    pub(super) fn against(other: &Side) -> Tally {
        let their_rearmost = other.held.trailing_zeros();
        Tally {
            their_rearmost,
            contact_point: their_rearmost.max(1),
            behind: 0,
            free_pips: 0,
            idle_pips: 0,
        }
    }

    /// Counts `n` (1–15) of the side's checkers on its point `point` (1–24).
    #[inline(always)]
    pub(super) fn add_point(&mut self, point: u32, n: u32) {
        let past = u32::from(point < self.contact_point);
        self.behind += (1 - past) * n;
        self.free_pips += past * n * point;
        self.idle_pips += past * u32::from(n >= 2) * 2 * (point - 1);
    }

    /// Counts the side's `n` checkers on the bar, behind everything.
    #[inline(always)]
    pub(super) fn add_bar(&mut self, n: u32) {
        self.behind += n;
    }
}

/// n / 36 for n = 0–36.
static SHARES: [f32; 37] = shares();

const fn shares() -> [f32; 37] {
    let mut table = [0.0; 37];
    let mut n = 0;
    while n <= 36 {
        table[n] = n as f32 / 36.0;
        n += 1;
    }
    table
}

/// The features of `side` (both sides' masks in its numbering), given its `tally` and
/// its checkers on the bar.
#[inline(always)]
pub(super) fn extras(side: &Side, other: &Side, tally: &Tally, bar: u32) -> [f32; EXTRAS] {
    let rearmost = 31 - side.held.leading_zeros().min(31);
    if side.held == 0 || tally.their_rearmost >= rearmost {
        return [0.0; EXTRAS];
    }
    let trapped = BLOCKED[window(other.made, rearmost)];
    let mut contained = trapped;
    // The points ahead it may stop on, bit p for point p.
    let mut ahead = (((1u32 << rearmost) - 1) & !((1u32 << rearmost.saturating_sub(6)) - 1))
        & !other.made
        & POINTS;
    while ahead != 0 {
        let point = ahead.trailing_zeros();
        ahead &= ahead - 1;
        contained = contained.max(BLOCKED[window(other.made, point)]);
    }
    let anchors = side.made & THEIR_HOME;
    let (forward, spread) = if anchors == 0 {
        (0, 0)
    } else {
        let (advanced, rear) = (anchors.trailing_zeros(), 31 - anchors.leading_zeros());
        (25 - advanced, rear - advanced)
    };
    let contact_pips = tally.free_pips + (tally.contact_point - 1) * tally.behind;
    [
        SHARES[usize::from(trapped)],
        SHARES[usize::from(contained - trapped)],
        SHARES[usize::from(dancing_rolls(bar, other.made))],
        SHARES[usize::from(double_shots(side, other, bar))],
        contact_pips as f32 / PIP_SCALE,
        tally.free_pips as f32 / PIP_SCALE,
        forward as f32 / 6.0,
        spread as f32 / 6.0,
        tally.idle_pips as f32 / PIP_SCALE,
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

/// How many bits each 6-bit mask has.
static CLOSED: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut mask = 0;
    while mask < 64 {
        table[mask] = (mask as u32).count_ones() as u8;
        mask += 1;
    }
    table
};

/// How many of the 36 rolls leave one of a side's `bar` checkers on the bar, the other
/// side holding `their_made` (the side's numbering) in its home board.
#[inline(always)]
fn dancing_rolls(bar: u32, their_made: u32) -> u8 {
    let closed = CLOSED[((their_made & THEIR_HOME) >> 19) as usize];
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
    if !two_or_more(blots) {
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
            let apart = h != 0 && l != 0 && two_or_more(h | l);
            let onward = ((h >> low) | (l >> high)) & blots != 0;
            rolls += 2 * u8::from(apart || onward);
        }
    }
    let open = !other.made;
    for (die, &first) in hits.iter().enumerate().skip(1) {
        let second = (((sources >> die) & open) >> die) & blots;
        rolls += u8::from(two_or_more(first | second));
    }
    rolls
}

/// Whether `mask` has two bits or more.
#[inline(always)]
fn two_or_more(mask: u32) -> bool {
    mask & mask.wrapping_sub(1) != 0
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
    const CONTAINMENT: usize = 1;
    const DANCING: usize = 2;
    const DOUBLE_SHOTS: usize = 3;
    const CONTACT_PIPS: usize = 4;
    const FREE_PIPS: usize = 5;
    const FORWARD_ANCHOR: usize = 6;
    const ANCHOR_SPREAD: usize = 7;
    const IDLE_POINTS: usize = 8;

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
        // No point ahead is worse.
        assert_eq!(features(&position)[CONTAINMENT], 0.0);
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
        assert_eq!(f[CONTAINMENT], 1.0);
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
    fn breaking_contact_takes_the_pip_count_less_the_contact_pips() {
        // The other's rearmost checker is on the mover's 10: the checkers on 13 need
        // 13 − 10 + 1 = 4 pips each to pass it, 8 of the pip count of 104; those on 6
        // are free (6 pips each).
        let position = pos!(x 13:2, 6:13; o 10:2, 20:13);
        let f = features(&position);
        assert_eq!(f[CONTACT_PIPS], (104.0 - 8.0) / 167.0);
        assert_eq!(f[FREE_PIPS], 78.0 / 167.0);
        // With the other's back checkers still on the mover's ace point nothing is free
        // and breaking contact takes the whole pip count.
        let early = pos!(x 13:2, 6:13; o 1:2, 20:13);
        assert_eq!(features(&early)[CONTACT_PIPS], 0.0);
        assert_eq!(features(&early)[FREE_PIPS], 0.0);
    }

    #[test]
    fn anchors_are_measured_by_their_depth_in_the_other_home_board() {
        // The other's 5-point (mover's 20) and ace point (mover's 24).
        let position = pos!(x 24:2, 20:2, 6:11; o 1:15);
        let f = features(&position);
        assert_eq!(f[FORWARD_ANCHOR], 5.0 / 6.0);
        // The rear anchor is 4 points deeper: at the other's ace point, 1/6.
        assert_eq!(f[ANCHOR_SPREAD], 4.0 / 6.0);
        let one_anchor = pos!(x 20:2, 6:13; o 1:15);
        assert_eq!(features(&one_anchor)[ANCHOR_SPREAD], 0.0);
        let no_anchor = pos!(x 24:1, 20:1, 6:13; o 1:15);
        assert_eq!(features(&no_anchor)[FORWARD_ANCHOR], 0.0);
    }

    #[test]
    fn idle_points_are_the_points_held_past_the_other_rearmost_checker() {
        // The other's rearmost checker is on the mover's 10: the points on 6 and 3 no
        // longer block it, 2 × 5 + 2 × 2 pips.
        let position = pos!(x 20:2, 6:5, 3:8; o 10:2, 22:13);
        assert_eq!(features(&position)[IDLE_POINTS], 14.0 / 167.0);
        // Timing, the pips playable without breaking the point on 20 that still blocks:
        // pips 94 − 15 checkers − 2 × (19 + 5 + 2) for the made points + 14 idle = 41,
        // the 13 checkers on 6 and 3 moved down to the ace point.
        assert_eq!(94 - 15 - 2 * (19 + 5 + 2) + 14, 5 * 5 + 8 * 2);
        let early = pos!(x 20:2, 6:5, 3:8; o 1:2, 22:13);
        assert_eq!(features(&early)[IDLE_POINTS], 0.0);
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
