//! The plays of a roll when every checker of the side on roll is home and none of the
//! other side's is in the way: what the bear-off database is built from, walked on the
//! six home points alone rather than by the move generator on whole positions (the same
//! plays, found several times faster; a test compares the two on every board and roll).
//!
//! With every checker home, a die can always be played while a checker is left: a
//! checker on the die's point bears off, one higher up moves down, and with none as
//! high the highest bears off. So a roll's plays are its two dice in either order, or a
//! double's four, each moving one checker; only a side that bears off its last checker
//! leaves a die unplayed. The best play of a roll is then the best of its first steps,
//! each followed by the best play of the dice left ([`BestPlays`]).

use super::bearoff::HomeBoard;
use crate::rules::Dice;

/// The boards one step of a die leads to from a board (at most one a point), as
/// indices.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Steps {
    to: [u16; 6],
    len: u8,
}

impl Steps {
    /// The boards, as indices.
    fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        self.to[..usize::from(self.len)].iter().copied()
    }
}

/// The boards one step of each die (1 to 6, at `die - 1`) leads to from `board`, as
/// `index_of` numbers them (the database's 54,264 boards at most, or [`FIRST_OFF`]).
pub(super) fn steps_by_die(board: &HomeBoard, index_of: impl Fn(&HomeBoard) -> u16) -> [Steps; 6] {
    let mut steps = [Steps::default(); 6];
    for (die, of_die) in (1..=6).zip(&mut steps) {
        each_step(board, die, |after| {
            of_die.to[usize::from(of_die.len)] = index_of(after);
            of_die.len += 1;
        });
    }
    steps
}

/// A step's or a play's board where any checker borne off ends what is counted (the
/// rolls to bear off the first checker): [`steps_by_die`]'s `index_of` gives it for such
/// a board, and a play with such a step anywhere is such a play.
pub(super) const FIRST_OFF: u16 = u16::MAX;

/// The best board each roll leads to from every board, worked out board by board, each
/// after every board below it (fewer pips): the best play of 5-3 is the better of a
/// step of 5 followed by the best step of 3 from there and a step of 3 followed by the
/// best step of 5; the best play of a double, the best of its first steps each
/// followed by the best three steps from there: a look-up in place of each play's last
/// steps (a test checks it against the move generator's plays on every board and roll).
#[derive(Debug)]
pub(super) struct BestPlays {
    /// `best[k][board][die - 1]`: the best board `k + 1` steps of `die` lead to.
    best: [Vec<[u16; 6]>; 3],
}

impl BestPlays {
    /// Room for `boards` boards.
    pub(super) fn new(boards: usize) -> BestPlays {
        BestPlays {
            best: std::array::from_fn(|_| vec![[0; 6]; boards]),
        }
    }

    /// The best board each roll (in [`Dice::ALL`]'s order) leads to from board `at`,
    /// whose steps are `steps` ([`steps_by_die`]), by `better(a, b)` (whether board `a`
    /// is better than `b`; a total order, so that ties do not depend on the order the
    /// plays are looked at in), or [`FIRST_OFF`] where a play can bear a checker off
    /// and the steps say so. Every board the steps lead to must have been given
    /// before. A board with no checker left leads to itself.
    pub(super) fn of(
        &mut self,
        at: usize,
        steps: &[Steps; 6],
        better: impl Fn(usize, usize) -> bool,
    ) -> [u16; 21] {
        let best_of = |boards: &mut dyn Iterator<Item = u16>| {
            boards
                .reduce(|a, b| match (a, b) {
                    (FIRST_OFF, _) | (_, FIRST_OFF) => FIRST_OFF,
                    _ if better(usize::from(b), usize::from(a)) => b,
                    _ => a,
                })
                .unwrap_or(at as u16)
        };
        // The best board `k + 1` more steps of `die` lead to after step `s`.
        let then = |s: u16, k: usize, die: usize| match s {
            FIRST_OFF => FIRST_OFF,
            s => self.best[k][usize::from(s)][die],
        };
        let mut row = [[0u16; 6]; 3];
        for die in 0..6 {
            row[0][die] = best_of(&mut steps[die].iter());
            row[1][die] = best_of(&mut steps[die].iter().map(|s| then(s, 0, die)));
            row[2][die] = best_of(&mut steps[die].iter().map(|s| then(s, 1, die)));
        }
        let rolls = Dice::ALL.map(|dice| match dice {
            Dice::Mixed(a, b) => {
                let (a, b) = (usize::from(a - 1), usize::from(b - 1));
                let a_then_b = steps[a].iter().map(|s| then(s, 0, b));
                let b_then_a = steps[b].iter().map(|s| then(s, 0, a));
                best_of(&mut a_then_b.chain(b_then_a))
            }
            Dice::Double(d) => {
                let d = usize::from(d - 1);
                best_of(&mut steps[d].iter().map(|s| then(s, 2, d)))
            }
        });
        for (table, row) in self.best.iter_mut().zip(row) {
            table[at] = row;
        }
        rolls
    }
}

/// Calls `step` with the board after each way of playing one `die` from `board`.
fn each_step(board: &HomeBoard, die: u8, mut step: impl FnMut(&HomeBoard)) {
    let top = highest_point(board);
    for point in 1..=top {
        let from = usize::from(point - 1);
        if board[from] == 0 {
            continue;
        }
        // Past the 1-point: off exactly, or from the highest point with a larger die.
        if point < die && point != top {
            continue;
        }
        let mut after = *board;
        after[from] -= 1;
        if point > die {
            after[usize::from(point - die - 1)] += 1;
        }
        step(&after);
    }
}

/// The highest point holding a checker (0 when none is left).
fn highest_point(board: &HomeBoard) -> u8 {
    board
        .iter()
        .rposition(|&n| n > 0)
        .map_or(0, |i| i as u8 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::bearoff::{arrangements, board_at_index, home_index, home_position, pips};
    use crate::ai::home_of;
    use crate::rules::{MoveGen, RuleSet};

    /// Checks [`BestPlays`] on every board of up to 15 checkers and every roll against
    /// the best of the move generator's plays, boards ranked by `key` and then index
    /// (few keys: many ties), a board of fewer than `whole` checkers counted as
    /// [`FIRST_OFF`].
    fn check_against_the_move_generator(key: impl Fn(usize) -> u32, whole: u8) {
        let index = |board: &HomeBoard| home_index(board, 15).unwrap() as u16;
        let reached = |board: &HomeBoard| match board.iter().sum::<u8>() {
            n if n < whole => FIRST_OFF,
            _ => index(board),
        };
        let better = |a: usize, b: usize| (key(a), a) < (key(b), b);
        let mut boards: Vec<HomeBoard> = (0..arrangements(6, 15))
            .map(|i| {
                let mut board = [0; 6];
                board_at_index(i, 15, &mut board);
                board
            })
            .filter(|board| board.iter().sum::<u8>() >= whole)
            .collect();
        boards.sort_by_key(|board| pips(board));
        let mut plays = BestPlays::new(arrangements(6, 15));
        let mut movegen = MoveGen::new();
        for board in boards {
            let at = usize::from(index(&board));
            let found = plays.of(at, &steps_by_die(&board, reached), better);
            let position = home_position(&board);
            for (dice, found) in Dice::ALL.into_iter().zip(found) {
                let every: Vec<u16> = movegen
                    .generate(&position, dice, RuleSet::STANDARD)
                    .iter()
                    .map(|legal| reached(&home_of(&legal.position)))
                    .collect();
                let expected = if every.contains(&FIRST_OFF) {
                    FIRST_OFF
                } else {
                    let best =
                        every
                            .into_iter()
                            .map(usize::from)
                            .reduce(|a, b| if better(b, a) { b } else { a });
                    best.unwrap_or(at) as u16
                };
                assert_eq!(found, expected, "{board:?} {dice:?}");
            }
        }
    }

    #[test]
    fn every_boards_best_plays_are_the_best_of_the_move_generators() {
        check_against_the_move_generator(|i| (i as u32).wrapping_mul(2_654_435_761) % 5, 0);
    }

    #[test]
    fn a_play_bearing_off_the_first_checker_is_found_wherever_it_is() {
        check_against_the_move_generator(|i| (i as u32).wrapping_mul(2_246_822_519) % 3, 15);
    }

    #[test]
    fn a_step_bears_off_exactly_or_from_the_highest_point_only() {
        let steps = |board: &HomeBoard, die: u8| {
            let mut after = Vec::new();
            each_step(board, die, |b| after.push(*b));
            after
        };
        assert_eq!(steps(&[1, 0, 1, 0, 0, 0], 6), vec![[1, 0, 0, 0, 0, 0]]);
        assert_eq!(steps(&[1, 0, 1, 0, 0, 0], 3), vec![[1, 0, 0, 0, 0, 0]]);
        assert_eq!(
            steps(&[1, 0, 1, 0, 0, 0], 2),
            vec![[2, 0, 0, 0, 0, 0]],
            "the ace cannot bear off past the three"
        );
        assert_eq!(steps(&[0; 6], 4), Vec::<HomeBoard>::new());
    }
}
