//! One-sided race database of a side's last few checkers anywhere on the board: for
//! every way of having up to [`LAST_CHECKERS`] checkers on the 24 points, the exact
//! distribution of the rolls needed to bear them all off, playing each roll to need the
//! fewest rolls on average (as the bear-off database does for home boards).
//!
//! With it, a race where one side has only its last few checkers left and the other
//! has its last few too, or every checker home, is worked out exactly. These are the
//! races a late hit leaves (two checkers sent back against a side bearing off), which
//! self-play rarely reaches and the race network judged by up to 0.5 in winning chances
//! (`weights/TRAINING.md`, "Crashed positions rolled out").

use std::sync::OnceLock;

use super::bearoff::{
    arrangements, board_at_index, board_index, done, fewest_rolls, mean, mover_points, pips,
    race_chances, shared_home, MAX_ROLLS,
};
use super::evaluator::Probabilities;
use crate::rules::{BoardSetup, MoveGen, Position, BAR, CHECKERS};

/// The most checkers a side may have left for the database to cover it.
pub const LAST_CHECKERS: u8 = 3;

/// A side's checkers on its points 1–24 (index 0 is the 1-point).
type Board = [u8; 24];

/// Distributions of rolls to bear off, for every board of up to [`LAST_CHECKERS`].
#[derive(Clone, Debug)]
pub struct LastCheckersDb {
    /// `rolls[index][n]`: the chance of needing exactly `n` rolls.
    rolls: Vec<[f32; MAX_ROLLS]>,
    /// The expected number of rolls of each board.
    means: Vec<f32>,
}

impl LastCheckersDb {
    /// Computes the database (2,925 boards, a few milliseconds).
    #[must_use]
    pub fn compute() -> LastCheckersDb {
        let size = arrangements(24, usize::from(LAST_CHECKERS));
        let mut db = LastCheckersDb {
            rolls: vec![[0.0; MAX_ROLLS]; size],
            means: vec![f32::NAN; size],
        };
        let mut movegen = MoveGen::new();
        // Boards in order of pip count: every play leads to a board with fewer pips.
        let mut boards: Vec<Board> = (0..size).map(board_at).collect();
        boards.sort_by_key(|board| pips(board));
        for board in boards {
            db.fill(&board, &mut movegen);
        }
        db
    }

    /// The distribution of rolls needed to bear off `board`, if covered.
    #[must_use]
    pub fn rolls(&self, board: &Board) -> Option<&[f32; MAX_ROLLS]> {
        index(board).map(|i| &self.rolls[i])
    }

    /// Works out one board's distribution from the boards it can reach in one roll.
    fn fill(&mut self, board: &Board, movegen: &mut MoveGen) {
        let Some(at) = index(board) else {
            return;
        };
        let distribution = if board.iter().all(|&n| n == 0) {
            done()
        } else {
            fewest_rolls(&alone(board), movegen, &self.rolls, &self.means, |p| {
                index(&mover_points(p))
            })
        };
        self.means[at] = mean(&distribution);
        self.rolls[at] = distribution;
    }
}

/// The index of a board, or `None` when it has more checkers than covered.
fn index(board: &Board) -> Option<usize> {
    board_index(board, LAST_CHECKERS)
}

/// The board with index `index` (the inverse of [`index`]).
fn board_at(index: usize) -> Board {
    let mut board = [0u8; 24];
    board_at_index(index, LAST_CHECKERS, &mut board);
    board
}

/// A position with `board` (not empty) as the mover's checkers and the opponent's all
/// borne off, so that nothing blocks a play.
fn alone(board: &Board) -> Position {
    let mut setup = BoardSetup::default();
    setup.mover.points = *board;
    Position::from_setup(&setup).expect("at most three checkers, the opponent's all off")
}

static SHARED: OnceLock<LastCheckersDb> = OnceLock::new();

/// The database, computed on first use.
fn shared() -> &'static LastCheckersDb {
    SHARED.get_or_init(LastCheckersDb::compute)
}

/// Builds the database now rather than at the first race it covers (about 0.1 s).
pub(super) fn prepare() {
    shared();
}

/// One side's rolls to bear off in a race, seen by that side as the mover, from
/// whichever database covers it: its last few checkers, or every checker home (with,
/// for 15 checkers home, the rolls to bear off the first).
fn side_rolls(
    position: &Position,
) -> Option<(&'static [f32; MAX_ROLLS], Option<&'static [f32; MAX_ROLLS]>)> {
    let left = CHECKERS - position.mover_off();
    if left <= LAST_CHECKERS {
        return shared()
            .rolls(&mover_points(position))
            .map(|rolls| (rolls, None));
    }
    if (7..=BAR).any(|p| position.mover_at(p) > 0) {
        return None;
    }
    let home = shared_home();
    let board = super::bearoff::home_of(position);
    let rolls = home.rolls(&board)?;
    let first_off = if left == CHECKERS {
        Some(home.first_off_rolls(&board)?)
    } else {
        None
    };
    Some((rolls, first_off))
}

/// The side on roll's exact chances in a race where one side has at most
/// [`LAST_CHECKERS`] checkers left and the other as few, or every checker home; `None`
/// for any other position (contact, or a side the databases do not cover).
#[must_use]
pub fn last_checkers_chances(position: &Position) -> Option<Probabilities> {
    // Most positions the evaluator meets stop at this count of checkers.
    let few = |off: u8| CHECKERS - off <= LAST_CHECKERS;
    if !(few(position.mover_off()) || few(position.opponent_off())) || !position.is_race() {
        return None;
    }
    let (mine, my_first) = side_rolls(position)?;
    let (theirs, their_first) = side_rolls(&position.flipped())?;
    Some(race_chances(mine, my_first, theirs, their_first))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::bearoff::BearoffDb;
    use crate::ai::{Evaluator, Weights};
    use crate::notation::PositionId;
    use crate::pos;
    use crate::rules::RuleSet;

    fn id(text: &str) -> Position {
        text.parse::<PositionId>().expect("a valid Position ID").0
    }

    #[test]
    fn boards_at_home_need_the_rolls_the_bear_off_database_gives() {
        let db = LastCheckersDb::compute();
        let home = BearoffDb::compute(LAST_CHECKERS);
        let mut compared = 0;
        for i in 0..arrangements(24, usize::from(LAST_CHECKERS)) {
            let board = board_at(i);
            assert_eq!(index(&board), Some(i));
            if board[6..].iter().any(|&n| n > 0) {
                continue;
            }
            let mut at_home = [0u8; 6];
            at_home.copy_from_slice(&board[..6]);
            let theirs = home.rolls(&at_home).expect("covered");
            for (a, b) in db.rolls(&board).expect("covered").iter().zip(theirs) {
                assert!((a - b).abs() < 1e-6, "{board:?}");
            }
            compared += 1;
        }
        assert_eq!(compared, arrangements(6, 3));
    }

    #[test]
    fn every_distribution_is_whole_and_a_lone_checker_on_the_ace_point_needs_one_roll() {
        let db = LastCheckersDb::compute();
        for rolls in &db.rolls {
            let total: f32 = rolls.iter().sum();
            assert!((total - 1.0).abs() < 1e-4, "{total}");
        }
        let mut ace = [0u8; 24];
        ace[0] = 1;
        assert!((db.rolls(&ace).expect("covered")[1] - 1.0).abs() < 1e-5);
        // Three checkers on the 24-point need at least three rolls (72 pips, 24 a roll
        // at most, for 6-6) and at most 24 (3 a roll, for 2-1).
        let mut back = [0u8; 24];
        back[23] = 3;
        let rolls = db.rolls(&back).expect("covered");
        assert!(rolls[..3].iter().all(|&p| p == 0.0) && rolls[3] > 0.0);
        assert!(rolls[25..].iter().all(|&p| p < 1e-9));
    }

    #[test]
    fn races_against_the_last_checkers_agree_with_gnu_backgammon() {
        // (Position ID, GNU Backgammon 1.07's 2-ply winning and gammon chances.)
        let cases = [
            // Two checkers on the 10- and 12-points against 15 at home: a gammon
            // when the other side misses with its first roll.
            ("2+4OAAAAEgAAAA", 0.9999, 0.0278),
            ("AAQCuHsfAAAAAA", 0.014, 0.0),
            // Ten or eleven at home against two stragglers sent back by a late hit,
            // which the race network gave 0.42 and 0.10.
            ("AAAUuHcAAAAAAA", 0.8549, 0.0),
            ("AIAQ2N0BAAAAAA", 0.5389, 0.0),
        ];
        for (text, win, win_gammon) in cases {
            let chances = last_checkers_chances(&id(text)).expect("covered");
            assert!((chances.win - win).abs() < 0.005, "{text}: {chances:?}");
            assert!((chances.win_gammon - win_gammon).abs() < 0.001, "{text}");
            assert_eq!(chances.lose_gammon, 0.0, "{text}");
        }
    }

    #[test]
    fn the_evaluator_uses_it_and_leaves_contact_and_larger_sides_to_the_network() {
        let evaluator = Evaluator::new(Weights::builtin().expect("shipped weights load"));
        let straggling = id("AAAUuHcAAAAAAA");
        assert_eq!(
            evaluator.evaluate(&straggling, RuleSet::STANDARD),
            last_checkers_chances(&straggling).expect("covered")
        );
        // Contact: the mover's checker on its 20-point is behind the other's on 19.
        assert!(last_checkers_chances(&pos!(x 20:1; o 19:1, 22:1, 24:1)).is_none());
        // Four checkers left, one outside home, against two: not covered.
        assert!(last_checkers_chances(&pos!(x 1:1, 2:1, 3:1, 9:1; o 14:1, 20:1)).is_none());
        // Neither side down to three.
        assert!(last_checkers_chances(&pos!(x 1:4, 9:1; o 14:1, 20:4)).is_none());
    }
}
