//! One-sided bear-off database, computed by the project itself: for every way of having
//! up to 15 checkers on the six home points, the exact distribution of the number of
//! rolls needed to bear them all off, playing each roll to minimise the expected number
//! of rolls (the standard one-sided strategy); and for every board of all 15 checkers,
//! the distribution of the rolls needed to bear off the first one (saving the gammon).
//!
//! Two such distributions give a pure bear-off race's winning chances exactly for the
//! one-sided strategy: the side on roll wins when it needs no more rolls than the other;
//! it wins a gammon when it needs fewer rolls than the other needs to bear off one.

use std::sync::OnceLock;

use super::evaluator::Probabilities;
use super::home_plays::{steps_by_die, BestPlays, FIRST_OFF};
use super::weights::fnv1a;
use crate::rules::{Dice, MoveGen, Position, RuleSet, BAR, CHECKERS};

/// The most rolls any bear-off of 15 checkers can need (15 on the 6-point, rolling 2-1
/// every time: 90 pips at 3 a roll), with room to spare.
pub const MAX_ROLLS: usize = 32;

/// Checkers on the mover's points 1–6 (index 0 is the 1-point).
pub type HomeBoard = [u8; 6];

/// The number of ways to put at most `checkers` checkers on `points` points:
/// C(checkers + points, points).
pub(super) const fn arrangements(points: usize, checkers: usize) -> usize {
    let mut count = 1;
    let mut k = 1;
    while k <= points {
        count = count * (checkers + k) / k;
        k += 1;
    }
    count
}

/// What is wrong with bytes given as a saved bear-off database.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BearoffBytesError {
    /// Not a database of this version (or not one at all).
    BadHeader,
    /// The length does not fit the number of checkers it claims.
    BadLength,
    /// The contents were changed or cut.
    BadChecksum,
}

impl std::fmt::Display for BearoffBytesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            BearoffBytesError::BadHeader => "not a bear-off database of this version",
            BearoffBytesError::BadLength => "a bear-off database of the wrong length",
            BearoffBytesError::BadChecksum => "a damaged bear-off database",
        })
    }
}

impl std::error::Error for BearoffBytesError {}

/// The first bytes of a saved database; the last is the format's version.
const MAGIC: &[u8; 8] = b"GAMAOBO2";

/// Distributions of rolls to bear off, for every home board of up to `max_checkers`.
#[derive(Clone, Debug)]
pub struct BearoffDb {
    max_checkers: u8,
    /// `rolls[index][n]`: the chance of needing exactly `n` rolls.
    rolls: Vec<[f32; MAX_ROLLS]>,
    /// The expected number of rolls of each home board.
    means: Vec<f32>,
    /// For boards of all 15 checkers (by index, else empty): the rolls to bear off the
    /// first checker.
    first_off: Vec<Option<Box<FirstOff>>>,
}

/// The chance of bearing off the first checker with exactly the `n`-th roll, and the
/// expected roll.
type FirstOff = ([f32; MAX_ROLLS], f32);

impl BearoffDb {
    /// Computes the database for home boards of up to `max_checkers` checkers (at most
    /// 15). The full database (54,264 boards) takes a quarter of a second natively, most
    /// of a second in a browser, on this project's 2-core machine.
    #[must_use]
    pub fn compute(max_checkers: u8) -> BearoffDb {
        let max_checkers = max_checkers.min(CHECKERS);
        let size = arrangements(6, usize::from(max_checkers));
        let mut db = BearoffDb {
            max_checkers,
            rolls: vec![[0.0; MAX_ROLLS]; size],
            means: vec![f32::NAN; size],
            first_off: vec![None; size],
        };
        // Boards in order of pip count: every play leads to a board with fewer pips.
        let mut boards: Vec<HomeBoard> = (0..size).map(|i| db.board_at(i)).collect();
        boards.sort_by_key(|board| pips(board));
        let mut plays = BestPlays::new(size);
        let mut first_plays = BestPlays::new(if max_checkers == CHECKERS { size } else { 0 });
        for board in boards {
            db.fill(&board, &mut plays);
            if board.iter().sum::<u8>() == CHECKERS {
                db.fill_first_off(&board, &mut first_plays);
            }
        }
        db
    }

    /// The database as bytes, to keep (a browser here computes it in most of a second
    /// and reads it back in a fifth): a header, every distribution as little-endian
    /// `f32`s, a checksum.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        bytes.push(self.max_checkers);
        for rolls in self
            .rolls
            .iter()
            .chain(self.first_off.iter().flatten().map(|b| &b.0))
        {
            for p in rolls {
                bytes.extend_from_slice(&p.to_le_bytes());
            }
        }
        let sum = fnv1a(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        bytes
    }

    /// A database read back from [`BearoffDb::to_bytes`].
    ///
    /// # Errors
    /// A [`BearoffBytesError`] when the bytes are not such a database, whole.
    pub fn from_bytes(bytes: &[u8]) -> Result<BearoffDb, BearoffBytesError> {
        let header = MAGIC.len() + 1;
        if bytes.len() < header + 8 || &bytes[..MAGIC.len()] != MAGIC {
            return Err(BearoffBytesError::BadHeader);
        }
        let max_checkers = bytes[MAGIC.len()];
        if max_checkers > CHECKERS {
            return Err(BearoffBytesError::BadHeader);
        }
        let size = arrangements(6, usize::from(max_checkers));
        let full = if max_checkers == CHECKERS {
            arrangements(5, usize::from(CHECKERS))
        } else {
            0
        };
        let body = (size + full) * MAX_ROLLS * 4;
        if bytes.len() != header + body + 8 {
            return Err(BearoffBytesError::BadLength);
        }
        let (data, sum) = bytes.split_at(header + body);
        if fnv1a(data).to_le_bytes() != sum {
            return Err(BearoffBytesError::BadChecksum);
        }
        let mut distributions = data[header..].chunks_exact(MAX_ROLLS * 4).map(|chunk| {
            let mut rolls = [0.0f32; MAX_ROLLS];
            for (p, b) in rolls.iter_mut().zip(chunk.chunks_exact(4)) {
                *p = f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
            }
            (rolls, mean(&rolls))
        });
        let mut db = BearoffDb {
            max_checkers,
            rolls: Vec::with_capacity(size),
            means: Vec::with_capacity(size),
            first_off: vec![None; size],
        };
        for (rolls, mean) in distributions.by_ref().take(size) {
            db.rolls.push(rolls);
            db.means.push(mean);
        }
        for i in 0..size {
            if full > 0 && db.board_at(i).iter().sum::<u8>() == CHECKERS {
                db.first_off[i] = distributions.next().map(Box::new);
            }
        }
        Ok(db)
    }

    /// The largest number of checkers the database covers.
    #[must_use]
    pub fn max_checkers(&self) -> u8 {
        self.max_checkers
    }

    /// The index of a home board, or `None` when it has more checkers than covered.
    #[must_use]
    pub fn index(&self, board: &HomeBoard) -> Option<usize> {
        home_index(board, self.max_checkers)
    }

    /// The distribution of rolls needed to bear off `board`, if covered.
    #[must_use]
    pub fn rolls(&self, board: &HomeBoard) -> Option<&[f32; MAX_ROLLS]> {
        self.index(board).map(|i| &self.rolls[i])
    }

    /// The expected number of rolls to bear off `board`, if covered.
    #[must_use]
    pub fn mean_rolls(&self, board: &HomeBoard) -> Option<f32> {
        self.index(board).map(|i| self.means[i])
    }

    /// The chance that the side on roll, with `mover` at home, bears off before the
    /// other side with `opponent` at home (both boards in their owners' numbering).
    #[must_use]
    pub fn win_chance(&self, mover: &HomeBoard, opponent: &HomeBoard) -> Option<f32> {
        Some(first_before(self.rolls(mover)?, self.rolls(opponent)?))
    }

    /// The distribution of rolls needed to bear off the first checker of `board` (all
    /// 15 checkers), if covered.
    #[must_use]
    pub fn first_off_rolls(&self, board: &HomeBoard) -> Option<&[f32; MAX_ROLLS]> {
        self.index(board)
            .and_then(|i| self.first_off[i].as_deref())
            .map(|(rolls, _)| rolls)
    }

    /// The exact chances of a bear-off race for the side on roll with `mover` at home
    /// against `opponent` (both in their owners' numbering): winning, and winning or
    /// losing a gammon when a side has all 15 checkers left. `None` when a board is not
    /// covered.
    #[must_use]
    pub fn chances(&self, mover: &HomeBoard, opponent: &HomeBoard) -> Option<Probabilities> {
        let mine = self.rolls(mover)?;
        let theirs = self.rolls(opponent)?;
        let their_first = match self.first_off_rolls(opponent) {
            None if opponent.iter().sum::<u8>() == CHECKERS => return None,
            first => first,
        };
        let my_first = match self.first_off_rolls(mover) {
            None if mover.iter().sum::<u8>() == CHECKERS => return None,
            first => first,
        };
        Some(race_chances(mine, my_first, theirs, their_first))
    }

    /// The home board with index `index` (the inverse of [`BearoffDb::index`]).
    fn board_at(&self, index: usize) -> HomeBoard {
        let mut board = [0u8; 6];
        board_at_index(index, self.max_checkers, &mut board);
        board
    }

    /// Works out the distribution of rolls to bear off the first checker of a board of
    /// all 15 from the 15-checker boards it can reach in one roll (`plays` knows the
    /// best plays of every such board below it).
    fn fill_first_off(&mut self, board: &HomeBoard, plays: &mut BestPlays) {
        let Some(at) = self.index(board) else {
            return;
        };
        let steps = steps_by_die(board, |after| match home_index(after, CHECKERS) {
            Some(i) if after.iter().sum::<u8>() == CHECKERS => i as u16,
            _ => FIRST_OFF,
        });
        let expected = |i: usize| self.first_off[i].as_deref().map_or(f32::INFINITY, |f| f.1);
        let best = plays.of(at, &steps, |a, b| (expected(a), a) < (expected(b), b));
        let mut distribution = [0.0f32; MAX_ROLLS];
        for (dice, next) in Dice::ALL.into_iter().zip(best) {
            let chance = f32::from(dice.weight()) / 36.0;
            if next == FIRST_OFF {
                distribution[1] += chance;
            } else if let Some((after, _)) = self.first_off[usize::from(next)].as_deref() {
                for (slot, p) in distribution[1..].iter_mut().zip(after) {
                    *slot += chance * p;
                }
            }
        }
        self.first_off[at] = Some(Box::new((distribution, mean(&distribution))));
    }

    /// Works out one board's distribution from the boards it can reach in one roll,
    /// playing each roll to the board with the fewest rolls expected (`plays` knows the
    /// best plays of every board below it).
    fn fill(&mut self, board: &HomeBoard, plays: &mut BestPlays) {
        let Some(at) = self.index(board) else {
            return;
        };
        let max_checkers = self.max_checkers;
        let steps = steps_by_die(board, |after| {
            let index = home_index(after, max_checkers);
            index.expect("a step never adds a checker, so its board is covered") as u16
        });
        let best = plays.of(at, &steps, |a, b| fewer_expected(&self.means, a, b));
        let distribution = if board.iter().all(|&n| n == 0) {
            done()
        } else {
            let mut distribution = [0.0f32; MAX_ROLLS];
            for (dice, next) in Dice::ALL.into_iter().zip(best) {
                let chance = f32::from(dice.weight()) / 36.0;
                for (slot, p) in distribution[1..]
                    .iter_mut()
                    .zip(&self.rolls[usize::from(next)])
                {
                    *slot += chance * p;
                }
            }
            distribution
        };
        self.means[at] = mean(&distribution);
        self.rolls[at] = distribution;
    }
}

/// The most checkers a side may have left for the evaluator's exact bear-offs: all of
/// them (54,264 home boards).
const SHARED_CHECKERS: u8 = CHECKERS;
/// In a browser, until the full database is prepared or loaded: the boards of up to
/// nine checkers (5,005, built in hundredths of a second, where the full one takes most
/// of a second here, longer on a slower device).
const INTERIM_CHECKERS: u8 = 9;

/// The full database, computed on first use natively, in a browser only when prepared
/// ([`prepare_bearoff`]) or loaded ([`load_bearoff`]).
static SHARED: OnceLock<BearoffDb> = OnceLock::new();
static INTERIM: OnceLock<BearoffDb> = OnceLock::new();

/// The database the evaluator uses now.
fn shared() -> &'static BearoffDb {
    if let Some(db) = SHARED.get() {
        return db;
    }
    if cfg!(target_arch = "wasm32") {
        INTERIM.get_or_init(|| BearoffDb::compute(INTERIM_CHECKERS))
    } else {
        full()
    }
}

/// The home-board database the evaluator uses now (for races it works out with other
/// one-sided databases).
pub(super) fn shared_home() -> &'static BearoffDb {
    shared()
}

/// The full database, built now if need be.
fn full() -> &'static BearoffDb {
    SHARED.get_or_init(|| BearoffDb::compute(SHARED_CHECKERS))
}

/// Builds the full database, and the database of the last few checkers, now rather
/// than at the first bear-off met: for a worker to call while it waits.
pub fn prepare_bearoff() {
    full();
    super::last_checkers::prepare();
}

/// The full database as bytes ([`BearoffDb::to_bytes`]), built first if need be.
#[must_use]
pub fn bearoff_bytes() -> Vec<u8> {
    full().to_bytes()
}

/// Uses the database saved as `bytes` as the full one, unless one is built already (and
/// builds the database of the last few checkers, a tenth of a second).
///
/// # Errors
/// A [`BearoffBytesError`] when the bytes are not a whole database of every checker;
/// nothing changes then.
pub fn load_bearoff(bytes: &[u8]) -> Result<(), BearoffBytesError> {
    let db = BearoffDb::from_bytes(bytes)?;
    if db.max_checkers != SHARED_CHECKERS {
        return Err(BearoffBytesError::BadLength);
    }
    let _ = SHARED.set(db);
    super::last_checkers::prepare();
    Ok(())
}

/// The side on roll's exact chances in a pure bear-off, both sides with every checker
/// home, playing to bear off in the fewest rolls (or, with 15 checkers left, to save
/// the gammon first); `None` for any other position.
#[must_use]
pub fn bearoff_chances(position: &Position) -> Option<Probabilities> {
    let both_home = (7..=BAR).all(|p| position.mover_at(p) == 0)
        && position.opponent_bar() == 0
        && (1..=18).all(|p| position.opponent_at(p) == 0);
    if !both_home {
        return None;
    }
    shared().chances(&home_of(position), &home_of(&position.flipped()))
}

/// Whether the mover, on roll, bears off all its checkers whatever it rolls (at most
/// two checkers left, all home, and every roll takes them off).
#[must_use]
pub fn wins_next_roll(position: &Position, rules: RuleSet) -> bool {
    let left = CHECKERS - position.mover_off();
    if left == 0 || left > 2 || !position.mover_can_bear_off() {
        return false;
    }
    let mut movegen = MoveGen::new();
    Dice::ALL.iter().all(|&dice| {
        movegen
            .generate(position, dice, rules)
            .iter()
            .any(|legal| legal.position.mover_win(rules).is_some())
    })
}

/// The index of a side's `board` (checkers on each of its points, lowest first) among
/// every board of at most `max_checkers` on as many points, or `None` when it has more.
pub(super) fn board_index(board: &[u8], max_checkers: u8) -> Option<usize> {
    let total: usize = board.iter().map(|&n| usize::from(n)).sum();
    let mut left = usize::from(max_checkers);
    if total > left {
        return None;
    }
    // Count the boards that come before this one, point by point.
    let mut index = 0;
    for (i, &count) in board.iter().enumerate() {
        let later_points = board.len() - 1 - i;
        for fewer in 0..usize::from(count) {
            index += arrangements(later_points, left - fewer);
        }
        left -= usize::from(count);
    }
    Some(index)
}

/// Whether the board with index `a` is expected to take fewer rolls than `b` by `means`,
/// the lower index first where they are equal: two plays that expect as many rolls can
/// differ in their distributions, and the database must not depend on the order the
/// plays are walked in.
fn fewer_expected(means: &[f32], a: usize, b: usize) -> bool {
    (means[a], a) < (means[b], b)
}

/// `HOME_OFFSETS[later][left][count]`: how many boards come before those with `count`
/// checkers on a point that has `later` points after it, with `left` checkers at most
/// on it and after it ([`board_index`]'s inner sum, worked out once).
static HOME_OFFSETS: [[[u32; 16]; 16]; 6] = home_offsets();

/// [`HOME_OFFSETS`].
const fn home_offsets() -> [[[u32; 16]; 16]; 6] {
    let mut table = [[[0u32; 16]; 16]; 6];
    let mut later = 0;
    while later < 6 {
        let mut left = 0;
        while left < 16 {
            let mut count = 1;
            while count <= left {
                let before = arrangements(later, left - (count - 1)) as u32;
                table[later][left][count] = table[later][left][count - 1] + before;
                count += 1;
            }
            left += 1;
        }
        later += 1;
    }
    table
}

/// [`board_index`] of a home board, by table: the database looks it up for every play
/// of every roll while it is built, and again for every bear-off the evaluator meets.
pub(super) fn home_index(board: &HomeBoard, max_checkers: u8) -> Option<usize> {
    let mut left = usize::from(max_checkers);
    let mut index = 0u32;
    for (offsets, &count) in HOME_OFFSETS.iter().rev().zip(board) {
        let count = usize::from(count);
        if count > left {
            return None;
        }
        index += offsets[left][count];
        left -= count;
    }
    Some(index as usize)
}

/// The board with index `index` written into `board` (the inverse of [`board_index`]).
pub(super) fn board_at_index(mut index: usize, max_checkers: u8, board: &mut [u8]) {
    let points = board.len();
    let mut left = usize::from(max_checkers);
    for (i, slot) in board.iter_mut().enumerate() {
        let later_points = points - 1 - i;
        let mut count = 0;
        while index >= arrangements(later_points, left - count) {
            index -= arrangements(later_points, left - count);
            count += 1;
        }
        *slot = count as u8;
        left -= count;
    }
}

/// The distribution of a side that has borne everything off: no roll needed.
pub(super) fn done() -> [f32; MAX_ROLLS] {
    let mut rolls = [0.0; MAX_ROLLS];
    rolls[0] = 1.0;
    rolls
}

/// The distribution of rolls the mover in `position` needs, playing each roll to the
/// board `index_of` finds whose expected `means` is least, given the `rolls` of every
/// board it can reach.
pub(super) fn fewest_rolls(
    position: &Position,
    movegen: &mut MoveGen,
    rolls: &[[f32; MAX_ROLLS]],
    means: &[f32],
    index_of: impl Fn(&Position) -> Option<usize>,
) -> [f32; MAX_ROLLS] {
    let mut distribution = [0.0f32; MAX_ROLLS];
    for dice in Dice::ALL {
        let chance = f32::from(dice.weight()) / 36.0;
        let best = movegen
            .generate(position, dice, RuleSet::STANDARD)
            .iter()
            .filter_map(|legal| index_of(&legal.position))
            .min_by(|&a, &b| means[a].total_cmp(&means[b]));
        if let Some(next) = best {
            for (slot, p) in distribution[1..].iter_mut().zip(&rolls[next]) {
                *slot += chance * p;
            }
        }
    }
    distribution
}

/// The side on roll's chances in a race from each side's rolls to bear off and, for a
/// side that can still be gammoned, its rolls to bear off the first checker.
pub(super) fn race_chances(
    mine: &[f32; MAX_ROLLS],
    my_first: Option<&[f32; MAX_ROLLS]>,
    theirs: &[f32; MAX_ROLLS],
    their_first: Option<&[f32; MAX_ROLLS]>,
) -> Probabilities {
    // The side on roll finishes with its n-th roll, before the other's n-th.
    let win = first_before(mine, theirs);
    let win_gammon = their_first.map_or(0.0, |first| first_before(mine, first));
    // The other side finishes with its n-th roll, after the mover's n-th.
    let lose_gammon = my_first.map_or(0.0, |first| 1.0 - first_before(first, theirs));
    Probabilities {
        win,
        win_gammon: win_gammon.min(win),
        lose_gammon: lose_gammon.min(1.0 - win),
        ..Probabilities::default()
    }
}

/// The chance that a side needing `mine` rolls gets there with its n-th roll before the
/// other, needing `theirs`, gets there with its n-th.
pub(super) fn first_before(mine: &[f32; MAX_ROLLS], theirs: &[f32; MAX_ROLLS]) -> f32 {
    let mut theirs_at_least = [0.0f32; MAX_ROLLS + 1];
    for n in (0..MAX_ROLLS).rev() {
        theirs_at_least[n] = theirs_at_least[n + 1] + theirs[n];
    }
    // Summing rounded figures can stray past 1 by a few millionths.
    let chance: f32 = (1..MAX_ROLLS).map(|n| mine[n] * theirs_at_least[n]).sum();
    chance.clamp(0.0, 1.0)
}

/// The expected number of rolls of a distribution.
pub(super) fn mean(rolls: &[f32; MAX_ROLLS]) -> f32 {
    rolls.iter().enumerate().map(|(n, p)| n as f32 * p).sum()
}

/// Pips of a home board.
pub(super) fn pips(board: &[u8]) -> u32 {
    board
        .iter()
        .enumerate()
        .map(|(i, &n)| (i as u32 + 1) * u32::from(n))
        .sum()
}

/// The mover's home board in a position.
#[must_use]
pub fn home_of(position: &Position) -> HomeBoard {
    mover_points(position)
}

/// The mover's checkers on its points 1–`N` (index 0 is the 1-point).
pub(super) fn mover_points<const N: usize>(position: &Position) -> [u8; N] {
    let mut board = [0u8; N];
    for (i, slot) in board.iter_mut().enumerate() {
        *slot = position.mover_at(i as u8 + 1);
    }
    board
}

/// A position with `board` as the mover's home and the opponent far away (on the
/// mover's 24-point), so that only the bear-off matters.
#[cfg(test)]
pub(super) fn home_position(board: &HomeBoard) -> Position {
    let mut setup = crate::rules::BoardSetup::default().with_opponent(24, CHECKERS);
    setup.mover.points[..6].copy_from_slice(board);
    Position::from_setup(&setup).expect("at most 15 checkers at home, the opponent far away")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether one roll takes a single checker on `point` off: the dice together
    /// cover the distance (every landing point at home is open).
    fn one_roll_bears_off(point: u8, dice: Dice) -> bool {
        match dice {
            Dice::Mixed(a, b) => a + b >= point,
            Dice::Double(d) => 4 * d >= point,
        }
    }

    #[test]
    fn indices_are_dense_and_invert() {
        let db = BearoffDb::compute(4);
        assert_eq!(db.rolls.len(), arrangements(6, 4));
        for i in 0..db.rolls.len() {
            assert_eq!(db.index(&db.board_at(i)), Some(i));
        }
        assert_eq!(db.index(&[5, 0, 0, 0, 0, 0]), None);
    }

    #[test]
    fn the_table_index_is_the_counted_one_on_every_board() {
        for max in [0u8, 4, 9, 15] {
            for i in 0..arrangements(6, 15) {
                let mut board = [0u8; 6];
                board_at_index(i, 15, &mut board);
                assert_eq!(
                    home_index(&board, max),
                    board_index(&board, max),
                    "{board:?}"
                );
            }
        }
        assert_eq!(home_index(&[16, 0, 0, 0, 0, 0], 15), None);
        assert_eq!(home_index(&[0; 6], 15), Some(0));
    }

    #[test]
    fn the_full_database_has_54264_boards() {
        assert_eq!(arrangements(6, 15), 54_264);
    }

    #[test]
    fn one_checker_bears_off_in_one_roll_exactly_as_often_as_the_dice_allow() {
        let db = BearoffDb::compute(2);
        for point in 1..=6u8 {
            let mut board = [0u8; 6];
            board[usize::from(point - 1)] = 1;
            let expected: f32 = Dice::ALL
                .iter()
                .filter(|&&d| one_roll_bears_off(point, d))
                .map(|d| f32::from(d.weight()) / 36.0)
                .sum();
            let rolls = db.rolls(&board).unwrap();
            assert!((rolls[1] - expected).abs() < 1e-6, "point {point}");
            assert!((rolls.iter().sum::<f32>() - 1.0).abs() < 1e-5);
        }
    }

    #[test]
    fn more_checkers_never_need_fewer_rolls() {
        let db = BearoffDb::compute(5);
        for i in 0..db.rolls.len() {
            let board = db.board_at(i);
            for p in 0..6 {
                let mut more = board;
                more[p] += 1;
                if let Some(heavier) = db.mean_rolls(&more) {
                    assert!(heavier + 1e-5 >= db.means[i], "{board:?} + point {}", p + 1);
                }
            }
        }
    }

    #[test]
    fn race_chances_follow_the_rolls_needed() {
        let db = BearoffDb::compute(3);
        let one_on_the_ace = [1, 0, 0, 0, 0, 0];
        // Needing one roll while on roll always wins.
        let sure = db.win_chance(&one_on_the_ace, &[0, 0, 0, 0, 0, 3]).unwrap();
        assert!((sure - 1.0).abs() < 1e-6, "{sure}");
        // Equal boards favour the side on roll.
        let even = [0, 0, 1, 0, 1, 1];
        let on_roll = db.win_chance(&even, &even).unwrap();
        assert!(on_roll > 0.5 && on_roll < 1.0, "{on_roll}");
        assert_eq!(db.win_chance(&[4, 0, 0, 0, 0, 0], &even), None);
    }

    #[test]
    fn a_side_wins_next_roll_only_when_every_roll_bears_it_all_off() {
        let rules = RuleSet::STANDARD;
        let two_on_the_ace = home_position(&[2, 0, 0, 0, 0, 0]);
        assert!(wins_next_roll(&two_on_the_ace, rules));
        let one_on_the_three = home_position(&[0, 0, 1, 0, 0, 0]);
        assert!(
            wins_next_roll(&one_on_the_three, rules),
            "2-1 moves 3, 1-1 moves 4"
        );
        let one_on_the_four = home_position(&[0, 0, 0, 1, 0, 0]);
        assert!(!wins_next_roll(&one_on_the_four, rules), "2-1 moves only 3");
        let one_on_the_six = home_position(&[0, 0, 0, 0, 0, 1]);
        assert!(
            !wins_next_roll(&one_on_the_six, rules),
            "2-1 does not reach"
        );
        let three_left = home_position(&[3, 0, 0, 0, 0, 0]);
        assert!(!wins_next_roll(&three_left, rules));
    }

    #[test]
    fn gammons_follow_the_rolls_to_bear_off_the_first_checker() {
        let db = full();
        let all_on_the_six = [0, 0, 0, 0, 0, 15];
        let last_on_the_ace = [1, 0, 0, 0, 0, 0];
        // The side on roll bears off its last checker before the other takes one off.
        let sure = db.chances(&last_on_the_ace, &all_on_the_six).unwrap();
        assert!((sure.win - 1.0).abs() < 1e-6 && (sure.win_gammon - 1.0).abs() < 1e-6);
        // Fifteen on the six-point take one off at once with a six, 5-1, 4-2, 3-3 or
        // 2-2 (17 rolls in 36: no larger die may bear off past the checkers behind);
        // otherwise the other side finishes first and wins a gammon.
        let lost = db.chances(&all_on_the_six, &last_on_the_ace).unwrap();
        assert!(lost.win.abs() < 1e-6, "{lost:?}");
        assert!((lost.lose_gammon - 19.0 / 36.0).abs() < 1e-5, "{lost:?}");
        let first = db.first_off_rolls(&all_on_the_six).unwrap();
        assert!((first[1] - 17.0 / 36.0).abs() < 1e-6);
        assert!(db.first_off_rolls(&last_on_the_ace).is_none());
    }

    #[test]
    fn a_database_survives_its_bytes_and_refuses_damaged_ones() {
        let db = BearoffDb::compute(4);
        let bytes = db.to_bytes();
        let back = BearoffDb::from_bytes(&bytes).unwrap();
        assert_eq!(back.rolls, db.rolls);
        assert_eq!(back.means, db.means);
        let mut damaged = bytes.clone();
        damaged[20] ^= 1;
        assert_eq!(
            BearoffDb::from_bytes(&damaged).unwrap_err(),
            BearoffBytesError::BadChecksum
        );
        assert_eq!(
            BearoffDb::from_bytes(&bytes[..100]).unwrap_err(),
            BearoffBytesError::BadLength
        );
        assert_eq!(
            BearoffDb::from_bytes(b"nonsense").unwrap_err(),
            BearoffBytesError::BadHeader
        );
        // A database kept by an earlier version (ties broken otherwise) is built again.
        let mut earlier = bytes.clone();
        earlier[..8].copy_from_slice(b"GAMAOBO1");
        assert_eq!(
            BearoffDb::from_bytes(&earlier).unwrap_err(),
            BearoffBytesError::BadHeader
        );
    }

    #[test]
    fn the_full_database_survives_its_bytes_with_its_gammon_distributions() {
        let bytes = bearoff_bytes();
        let back = BearoffDb::from_bytes(&bytes).unwrap();
        let all_on_the_six = [0, 0, 0, 0, 0, 15];
        assert_eq!(
            back.first_off_rolls(&all_on_the_six),
            shared().first_off_rolls(&all_on_the_six)
        );
        assert_eq!(back.rolls, shared().rolls);
        assert!(load_bearoff(&bytes).is_ok());
    }
}
