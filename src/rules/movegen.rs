//! Legal play generation: every distinct play the must-play rules allow for a roll.
//!
//! Depth-first over single steps on one copied board, recording only plays that use
//! the most dice. The board carries a mask of the mover's points, so loops visit only
//! occupied points and bearing off is checked with two shifts, and a Zobrist hash
//! updated step by step. Doubles move checkers in non-increasing point order, which
//! reaches every resulting position exactly once (two different sets of starting
//! points cannot leave the same board), so they need no check for repeats. A mixed
//! roll is tried in both orders, which reach many positions twice: a small hash set of
//! the boards' hashes, checked against the boards themselves, drops the repeats. The
//! buffers live in [`MoveGen`] and are reused, so generation allocates nothing once
//! warm.

use super::dice::Dice;
use super::play::Play;
use super::position::Position;
use super::rule_set::RuleSet;
use super::step::{Step, BAR, OFF};

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

/// The hashes of the positions kept so far, each with its index in `found`: open
/// addressing with linear probing, emptied in O(1) by moving to a new generation stamp.
#[derive(Debug, Default)]
struct SeenKeys {
    slots: Vec<(u64, u32, u32)>,
    stamp: u32,
    count: usize,
}

impl SeenKeys {
    const INITIAL_SLOTS: usize = 256;

    fn clear(&mut self) {
        if self.slots.is_empty() {
            self.slots = vec![(0, 0, 0); Self::INITIAL_SLOTS];
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill((0, 0, 0));
            self.stamp = 1;
        }
        self.count = 0;
    }

    /// The slot for `hash`: the one holding a position equal to `board` among those
    /// of that hash (`Ok`), or the empty one where it belongs (`Err`).
    #[inline]
    fn find(&self, hash: u64, board: &Position, found: &[LegalPlay]) -> Result<usize, usize> {
        let mask = self.slots.len() - 1;
        let mut i = (hash >> 40) as usize & mask;
        loop {
            let (slot_hash, index, stamp) = self.slots[i];
            if stamp != self.stamp {
                return Err(i);
            }
            if slot_hash == hash && found[index as usize].position == *board {
                return Ok(i);
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the table (keeping it at most half full) and re-adds every kept play.
    fn grow(&mut self, found: &[LegalPlay]) {
        self.slots = vec![(0, 0, 0); self.slots.len() * 2];
        self.stamp = 1;
        self.count = 0;
        for (index, legal) in found.iter().enumerate() {
            let hash = zobrist(&legal.position);
            if let Err(slot) = self.find(hash, &legal.position, found) {
                self.slots[slot] = (hash, index as u32, self.stamp);
                self.count += 1;
            }
        }
    }
}

/// The Zobrist key of `count` checkers (signed) on board index `point`: a board's hash
/// is the xor of its points' keys. Mixed by SplitMix64's finaliser rather than read
/// from a table, which would weigh 6.5 kB in the page's module.
#[inline]
fn zobrist_key(point: usize, count: i8) -> u64 {
    let mut z = ((point as u64) << 8 | u64::from(count as u8)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The Zobrist hash of a whole position.
fn zobrist(position: &Position) -> u64 {
    position
        .signed_counts()
        .iter()
        .enumerate()
        .fold(0, |hash, (point, &count)| hash ^ zobrist_key(point, count))
}

/// The board being played on: the position, a mask of the mover's points (bit p for
/// point p, 25 the bar) and the position's Zobrist hash (kept for mixed rolls only).
#[derive(Clone, Copy)]
struct Board {
    position: Position,
    mover: u32,
    hash: u64,
}

impl Board {
    fn new(position: &Position) -> Board {
        let mut mover = 0;
        for (point, &count) in position.signed_counts().iter().enumerate() {
            mover |= u32::from(count > 0) << point;
        }
        Board {
            position: *position,
            mover,
            hash: zobrist(position),
        }
    }

    /// The points a checker may leave now, as a mask: only the bar while a checker is
    /// on it.
    #[inline]
    fn movable(&self) -> u32 {
        if self.mover & (1 << BAR) != 0 {
            1 << BAR
        } else {
            self.mover
        }
    }

    /// The step from `from` (holding a checker, and the bar empty or `from` the bar)
    /// with `die`, if the single-step rules allow it.
    #[inline]
    fn step(&self, from: u8, die: u8) -> Option<Step> {
        if from > die {
            let to = from - die;
            let there = self.position.signed_counts()[usize::from(to)];
            (there >= -1).then_some(Step {
                from,
                to,
                die,
                hit: there == -1,
            })
        } else {
            // Bearing off: every checker home, and exactly or from the highest point.
            let all_home = self.mover >> 7 == 0;
            let highest = self.mover >> (from + 1) == 0;
            (all_home && (from == die || highest)).then_some(Step {
                from,
                to: OFF,
                die,
                hit: false,
            })
        }
    }

    /// Makes `step`, keeping the mask up to date, and the hash when `HASH` (doubles
    /// need none).
    #[inline]
    fn apply<const HASH: bool>(&mut self, step: Step) {
        let counts = self.position.signed_counts();
        let from = usize::from(step.from);
        let before_from = counts[from];
        if HASH {
            self.hash ^= zobrist_key(from, before_from) ^ zobrist_key(from, before_from - 1);
        }
        if before_from == 1 {
            self.mover &= !(1 << from);
        }
        if step.to != OFF {
            let to = usize::from(step.to);
            if HASH {
                let before_to = counts[to];
                let after_to = if step.hit { 1 } else { before_to + 1 };
                self.hash ^= zobrist_key(to, before_to) ^ zobrist_key(to, after_to);
                if step.hit {
                    let bar = counts[0];
                    self.hash ^= zobrist_key(0, bar) ^ zobrist_key(0, bar - 1);
                }
            }
            self.mover |= 1 << to;
        }
        self.position.apply_step_unchecked(step);
    }
}

impl Board {
    /// Takes back `step`, made when the mask and hash were `mover` and `hash`.
    #[inline]
    fn undo(&mut self, step: Step, mover: u32, hash: u64) {
        self.position.undo_step_unchecked(step);
        self.mover = mover;
        self.hash = hash;
    }
}

/// The highest point of a non-empty mask.
#[inline]
fn highest(mask: u32) -> u8 {
    (31 - mask.leading_zeros()) as u8
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
        let mut board = Board::new(position);
        let mut play = Play::NONE;
        match dice {
            Dice::Double(die) => self.doubles(&mut board, die, BAR, &mut play),
            Dice::Mixed(high, low) => {
                self.two_dice(&mut board, high, low, &mut play);
                self.two_dice(&mut board, low, high, &mut play);
            }
        }
        if self.found.is_empty() {
            self.found.push(LegalPlay {
                play,
                position: *position,
            });
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

    /// Keeps a finished sequence if it uses at least as many dice as any seen so far;
    /// with `distinct`, the caller knows no earlier play left the same position.
    #[inline]
    fn record(&mut self, board: &Board, play: &Play, distinct: bool) {
        let len = play.len();
        if len < self.most_dice {
            return;
        }
        if len > self.most_dice {
            self.found.clear();
            self.seen.clear();
            self.most_dice = len;
        }
        if !distinct {
            let Err(slot) = self.seen.find(board.hash, &board.position, &self.found) else {
                return;
            };
            self.seen.slots[slot] = (board.hash, self.found.len() as u32, self.seen.stamp);
            self.seen.count += 1;
            if self.seen.count * 2 > self.seen.slots.len() {
                self.found.push(LegalPlay {
                    play: *play,
                    position: board.position,
                });
                self.seen.grow(&self.found);
                return;
            }
        }
        self.found.push(LegalPlay {
            play: *play,
            position: board.position,
        });
    }

    /// Both orders of a mixed roll are tried by two calls: `first` then `second`.
    fn two_dice(&mut self, board: &mut Board, first: u8, second: u8, play: &mut Play) {
        let mut sources = board.movable();
        while sources != 0 {
            let from = highest(sources);
            sources &= !(1 << from);
            let Some(step) = board.step(from, first) else {
                continue;
            };
            let (mover, hash) = (board.mover, board.hash);
            board.apply::<true>(step);
            play.push(step);
            let mut second_played = false;
            let mut sources2 = board.movable();
            while sources2 != 0 {
                let from2 = highest(sources2);
                sources2 &= !(1 << from2);
                if let Some(step2) = board.step(from2, second) {
                    let (mover2, hash2) = (board.mover, board.hash);
                    board.apply::<true>(step2);
                    play.push(step2);
                    self.record(board, play, false);
                    play.pop();
                    board.undo(step2, mover2, hash2);
                    second_played = true;
                }
            }
            if !second_played {
                self.record(board, play, false);
            }
            play.pop();
            board.undo(step, mover, hash);
        }
    }

    /// Up to four steps of `die`, each from a point no higher than the one before.
    fn doubles(&mut self, board: &mut Board, die: u8, highest_from: u8, play: &mut Play) {
        let mut moved = false;
        if play.len() < 4 {
            let mut sources = board.movable() & ((2u32 << highest_from) - 1);
            while sources != 0 {
                let from = highest(sources);
                sources &= !(1 << from);
                if let Some(step) = board.step(from, die) {
                    let mover = board.mover;
                    board.apply::<false>(step);
                    play.push(step);
                    self.doubles(board, die, from, play);
                    play.pop();
                    board.undo(step, mover, board.hash);
                    moved = true;
                }
            }
        }
        if !moved {
            self.record(board, play, true);
        }
    }
}
