//! Legal play generation: every distinct play the must-play rules allow for a roll.
//!
//! Depth-first over single steps on one copied board, recording only plays that use
//! the most dice; doubles move checkers in non-increasing point order so each set of
//! steps is tried once. Plays that reach the same position are one play: a small hash
//! set of 128-bit position keys drops repeats as they are found. The buffers live in
//! [`MoveGen`] and are reused, so generation allocates nothing once warm.

use super::dice::Dice;
use super::play::Play;
use super::position::Position;
use super::rule_set::RuleSet;
use super::step::BAR;

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
    seen: SeenKeys,
    most_dice: usize,
}

/// The position keys of the plays kept so far: open addressing with linear probing,
/// emptied in O(1) by moving to a new generation stamp.
#[derive(Debug, Default)]
struct SeenKeys {
    slots: Vec<(u128, u32)>,
    stamp: u32,
    count: usize,
}

impl SeenKeys {
    const INITIAL_SLOTS: usize = 1024;

    fn clear(&mut self) {
        if self.slots.is_empty() {
            self.slots = vec![(0, 0); Self::INITIAL_SLOTS];
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill((0, 0));
            self.stamp = 1;
        }
        self.count = 0;
    }

    /// Adds `key`; false when it was already there.
    #[inline]
    fn insert(&mut self, key: u128) -> bool {
        let mask = self.slots.len() - 1;
        let folded = (key as u64) ^ ((key >> 64) as u64);
        let mut i = (folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize & mask;
        loop {
            let (slot_key, slot_stamp) = self.slots[i];
            if slot_stamp != self.stamp {
                self.slots[i] = (key, self.stamp);
                self.count += 1;
                return true;
            }
            if slot_key == key {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the table (keeping it at most half full) and re-adds `keys`.
    fn grow(&mut self, keys: impl Iterator<Item = u128>) {
        self.slots = vec![(0, 0); self.slots.len() * 2];
        self.stamp = 1;
        self.count = 0;
        for key in keys {
            self.insert(key);
        }
    }
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
        self.seen.clear();
        self.most_dice = 0;
        let mut board = *position;
        let mut play = Play::NONE;
        match dice {
            Dice::Double(die) => self.doubles(&mut board, die, BAR, &mut play),
            Dice::Mixed(high, low) => {
                self.two_dice(&mut board, high, low, &mut play);
                self.two_dice(&mut board, low, high, &mut play);
            }
        }
        if self.found.is_empty() {
            self.record(&board, &play);
        }
        self.apply_must_play_filters(dice, rules);
        &self.found
    }

    /// The larger-die rule and, when chosen, the fewest-wasted-pips rule.
    fn apply_must_play_filters(&mut self, dice: Dice, rules: RuleSet) {
        if let (Dice::Mixed(high, _), 1) = (dice, self.most_dice) {
            if self
                .found
                .iter()
                .any(|legal| legal.play.steps()[0].die == high)
            {
                self.found.retain(|legal| legal.play.steps()[0].die == high);
            }
        }
        if rules.minimise_wasted_pips {
            if let Some(least) = self.found.iter().map(|l| l.play.wasted_pips()).min() {
                self.found.retain(|legal| legal.play.wasted_pips() == least);
            }
        }
    }

    /// Keeps a finished sequence if it uses at least as many dice as any seen so far.
    #[inline]
    fn record(&mut self, board: &Position, play: &Play) {
        let len = play.len();
        if len < self.most_dice {
            return;
        }
        if len > self.most_dice {
            self.found.clear();
            self.seen.clear();
            self.most_dice = len;
        }
        if self.seen.insert(board.key()) {
            self.found.push(LegalPlay {
                play: *play,
                position: *board,
            });
            if self.seen.count * 2 > self.seen.slots.len() {
                self.seen
                    .grow(self.found.iter().map(|legal| legal.position.key()));
            }
        }
    }

    /// Both orders of a mixed roll are tried by two calls: `first` then `second`.
    fn two_dice(&mut self, board: &mut Position, first: u8, second: u8, play: &mut Play) {
        for from in movable_range(board).rev() {
            if board.mover_at(from) == 0 {
                continue;
            }
            let Some(step) = board.step_from(from, first) else {
                continue;
            };
            board.apply_step_unchecked(step);
            play.push(step);
            let mut second_played = false;
            for from2 in movable_range(board).rev() {
                if board.mover_at(from2) == 0 {
                    continue;
                }
                if let Some(step2) = board.step_from(from2, second) {
                    board.apply_step_unchecked(step2);
                    play.push(step2);
                    self.record(board, play);
                    play.pop();
                    board.undo_step_unchecked(step2);
                    second_played = true;
                }
            }
            if !second_played {
                self.record(board, play);
            }
            play.pop();
            board.undo_step_unchecked(step);
        }
    }

    /// Up to four steps of `die`, each from a point no higher than the one before.
    fn doubles(&mut self, board: &mut Position, die: u8, highest: u8, play: &mut Play) {
        let mut moved = false;
        if play.len() < 4 {
            let range = movable_range(board);
            for from in (*range.start()..=highest.min(*range.end())).rev() {
                if board.mover_at(from) == 0 {
                    continue;
                }
                if let Some(step) = board.step_from(from, die) {
                    board.apply_step_unchecked(step);
                    play.push(step);
                    self.doubles(board, die, from, play);
                    play.pop();
                    board.undo_step_unchecked(step);
                    moved = true;
                }
            }
        }
        if !moved {
            self.record(board, play);
        }
    }
}

/// The points a mover's checker may leave now: only the bar while a checker is on it.
#[inline]
fn movable_range(board: &Position) -> std::ops::RangeInclusive<u8> {
    if board.mover_bar() > 0 {
        BAR..=BAR
    } else {
        1..=BAR - 1
    }
}
