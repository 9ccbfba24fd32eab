//! One-sided bear-off database, computed by the project itself: for every way of having
//! up to 15 checkers on the six home points, the exact distribution of the number of
//! rolls needed to bear them all off, playing each roll to minimise the expected number
//! of rolls (the standard one-sided strategy).
//!
//! Two such distributions give a pure bear-off race's winning chances exactly for the
//! one-sided strategy: the side on roll wins when it needs no more rolls than the other.

use std::sync::OnceLock;

use crate::rules::{BoardSetup, Dice, MoveGen, Position, RuleSet, BAR, CHECKERS};

/// The most rolls any bear-off of 15 checkers can need (15 on the 6-point, rolling 2-1
/// every time: 90 pips at 3 a roll), with room to spare.
pub const MAX_ROLLS: usize = 32;

/// Checkers on the mover's points 1–6 (index 0 is the 1-point).
pub type HomeBoard = [u8; 6];

/// The number of ways to put at most `checkers` checkers on `points` points:
/// C(checkers + points, points).
fn arrangements(points: usize, checkers: usize) -> usize {
    (1..=points).fold(1, |acc, k| acc * (checkers + k) / k)
}

/// Distributions of rolls to bear off, for every home board of up to `max_checkers`.
#[derive(Clone, Debug)]
pub struct BearoffDb {
    max_checkers: u8,
    /// `rolls[index][n]`: the chance of needing exactly `n` rolls.
    rolls: Vec<[f32; MAX_ROLLS]>,
    /// The expected number of rolls of each home board.
    means: Vec<f32>,
}

impl BearoffDb {
    /// Computes the database for home boards of up to `max_checkers` checkers (at most
    /// 15). The full database (54,264 boards) takes a second or two natively.
    #[must_use]
    pub fn compute(max_checkers: u8) -> BearoffDb {
        let max_checkers = max_checkers.min(CHECKERS);
        let size = arrangements(6, usize::from(max_checkers));
        let mut db = BearoffDb {
            max_checkers,
            rolls: vec![[0.0; MAX_ROLLS]; size],
            means: vec![f32::NAN; size],
        };
        let mut movegen = MoveGen::new();
        // Boards in order of pip count: every play leads to a board with fewer pips.
        let mut boards: Vec<HomeBoard> = (0..size).map(|i| db.board_at(i)).collect();
        boards.sort_by_key(pips);
        for board in boards {
            db.fill(&board, &mut movegen);
        }
        db
    }

    /// The largest number of checkers the database covers.
    #[must_use]
    pub fn max_checkers(&self) -> u8 {
        self.max_checkers
    }

    /// The index of a home board, or `None` when it has more checkers than covered.
    #[must_use]
    pub fn index(&self, board: &HomeBoard) -> Option<usize> {
        let total: usize = board.iter().map(|&n| usize::from(n)).sum();
        if total > usize::from(self.max_checkers) {
            return None;
        }
        // Count the boards that come before this one, point by point.
        let mut left = usize::from(self.max_checkers);
        let mut index = 0;
        for (i, &count) in board.iter().enumerate() {
            let later_points = 5 - i;
            for fewer in 0..usize::from(count) {
                index += arrangements(later_points, left - fewer);
            }
            left -= usize::from(count);
        }
        Some(index)
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
        let mine = self.rolls(mover)?;
        let theirs = self.rolls(opponent)?;
        // The mover wins with its n-th roll when the opponent needs n rolls or more.
        let mut opponent_needs_at_least = [0.0f32; MAX_ROLLS + 1];
        for n in (0..MAX_ROLLS).rev() {
            opponent_needs_at_least[n] = opponent_needs_at_least[n + 1] + theirs[n];
        }
        // Summing rounded figures can stray past 1 by a few millionths.
        let chance: f32 = (1..MAX_ROLLS)
            .map(|n| mine[n] * opponent_needs_at_least[n])
            .sum();
        Some(chance.clamp(0.0, 1.0))
    }

    /// The home board with index `index` (the inverse of [`BearoffDb::index`]).
    fn board_at(&self, mut index: usize) -> HomeBoard {
        let mut board = [0u8; 6];
        let mut left = usize::from(self.max_checkers);
        for (i, slot) in board.iter_mut().enumerate() {
            let later_points = 5 - i;
            let mut count = 0;
            while index >= arrangements(later_points, left - count) {
                index -= arrangements(later_points, left - count);
                count += 1;
            }
            *slot = count as u8;
            left -= count;
        }
        board
    }

    /// Works out one board's distribution from the boards it can reach in one roll.
    fn fill(&mut self, board: &HomeBoard, movegen: &mut MoveGen) {
        let Some(index) = self.index(board) else {
            return;
        };
        if board.iter().all(|&n| n == 0) {
            self.rolls[index][0] = 1.0;
            self.means[index] = 0.0;
            return;
        }
        let position = home_position(board);
        let mut distribution = [0.0f32; MAX_ROLLS];
        for dice in Dice::ALL {
            let chance = f32::from(dice.weight()) / 36.0;
            let best = movegen
                .generate(&position, dice, RuleSet::STANDARD)
                .iter()
                .filter_map(|legal| self.index(&home_of(&legal.position)))
                .min_by(|&a, &b| self.means[a].total_cmp(&self.means[b]));
            if let Some(next) = best {
                let after = &self.rolls[next];
                for (slot, p) in distribution[1..].iter_mut().zip(after) {
                    *slot += chance * p;
                }
            }
        }
        self.means[index] = distribution
            .iter()
            .enumerate()
            .map(|(n, p)| n as f32 * p)
            .sum();
        self.rolls[index] = distribution;
    }
}

/// The most checkers a side may have left for the evaluator's exact bear-offs: 5,005
/// home boards, built in about a tenth of a second natively and half a second in a
/// browser (all 14 would take three seconds there, in the middle of a computer's move).
const SHARED_CHECKERS: u8 = 9;

/// The database the evaluator uses, computed on first use.
fn shared() -> &'static BearoffDb {
    static DB: OnceLock<BearoffDb> = OnceLock::new();
    DB.get_or_init(|| BearoffDb::compute(SHARED_CHECKERS))
}

/// Builds the shared database now rather than at the first bear-off met: for a
/// worker to call while it waits.
pub fn prepare_bearoff() {
    shared();
}

/// The side on roll's exact chance of winning a pure bear-off in which both sides
/// have every checker home, at most nine left, and at least one borne off (so no
/// gammons), playing to bear off in the fewest rolls; `None` for any other position.
#[must_use]
pub fn bearoff_win_chance(position: &Position) -> Option<f32> {
    let both_home = (7..=BAR).all(|p| position.mover_at(p) == 0)
        && position.opponent_bar() == 0
        && (1..=18).all(|p| position.opponent_at(p) == 0);
    if !both_home || position.mover_off() == 0 || position.opponent_off() == 0 {
        return None;
    }
    shared().win_chance(&home_of(position), &home_of(&position.flipped()))
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

/// Pips of a home board.
fn pips(board: &HomeBoard) -> u32 {
    board
        .iter()
        .enumerate()
        .map(|(i, &n)| (i as u32 + 1) * u32::from(n))
        .sum()
}

/// The mover's home board in a position.
#[must_use]
pub fn home_of(position: &Position) -> HomeBoard {
    let mut board = [0u8; 6];
    for (i, slot) in board.iter_mut().enumerate() {
        *slot = position.mover_at(i as u8 + 1);
    }
    board
}

/// A position with `board` as the mover's home and the opponent far away (on the
/// mover's 24-point), so that only the bear-off matters.
fn home_position(board: &HomeBoard) -> Position {
    let mut setup = BoardSetup::default().with_opponent(24, CHECKERS);
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
}
