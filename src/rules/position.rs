//! A validated position: where every checker of both sides is, seen by the side on roll.

use std::fmt;

use super::dice::Dice;
use super::movegen::MoveGen;
use super::play::Play;
use super::rule_set::RuleSet;
use super::step::{Step, StepError, BAR, OFF};

/// Checkers per side.
pub const CHECKERS: u8 = 15;

/// Index of the opponent's bar in the signed board.
const OPPONENT_BAR: usize = 0;
const MOVER_BAR: usize = BAR as usize;

/// A raw description of a board, possibly impossible. Turned into a [`Position`] by
/// [`Position::from_setup`], which checks it.
///
/// Each side's counts are from its own view: `points[0]` is its 1-point (the deepest
/// point of its home board), `points[23]` its 24-point. Checkers not on a point or the
/// bar are borne off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardSetup {
    /// The side on roll.
    pub mover: SideSetup,
    /// The other side.
    pub opponent: SideSetup,
}

/// One side's checkers in a [`BoardSetup`], from that side's own view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideSetup {
    pub points: [u8; 24],
    pub bar: u8,
}

impl SideSetup {
    /// How many of this side's checkers are on the board (points and bar).
    #[must_use]
    pub fn on_board(&self) -> u32 {
        self.points.iter().map(|&n| u32::from(n)).sum::<u32>() + u32::from(self.bar)
    }
}

impl BoardSetup {
    /// Adds `count` checkers of the mover on `point` (1–24, or [`BAR`]).
    /// Points outside that range are ignored by design of the fixture helper.
    #[must_use]
    pub fn with_mover(mut self, point: u8, count: u8) -> BoardSetup {
        match point {
            BAR => self.mover.bar += count,
            1..=24 => self.mover.points[usize::from(point - 1)] += count,
            _ => {}
        }
        self
    }

    /// Adds `count` checkers of the opponent on the mover's `point` (1–24), or on the
    /// opponent's bar when `point` is [`BAR`].
    #[must_use]
    pub fn with_opponent(mut self, point: u8, count: u8) -> BoardSetup {
        match point {
            BAR => self.opponent.bar += count,
            1..=24 => self.opponent.points[usize::from(24 - point)] += count,
            _ => {}
        }
        self
    }
}

/// Which of the two players of a position: the one on roll or the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    OnRoll,
    Opponent,
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::OnRoll => "the player on roll",
            Player::Opponent => "the opponent",
        })
    }
}

/// Why a [`BoardSetup`] is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A side has more than 15 checkers on the board.
    TooManyCheckers { player: Player, count: u32 },
    /// Both sides have checkers on the same point (in the mover's numbering).
    SharedPoint { point: u8 },
    /// Both sides have borne off all their checkers.
    BothBorneOff,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::TooManyCheckers { player, count } => {
                write!(f, "{player} has {count} checkers on the board; at most 15")
            }
            PositionError::SharedPoint { point } => {
                write!(f, "both sides have checkers on point {point}")
            }
            PositionError::BothBorneOff => f.write_str("both sides have borne off every checker"),
        }
    }
}

impl std::error::Error for PositionError {}

/// A legal arrangement of both sides' checkers, seen by the side on roll (the mover).
///
/// ```text
///  mover's points   13 14 15 16 17 18   19 20 21 22 23 24
///                   12 11 10  9  8  7    6  5  4  3  2  1  <- mover's home board
/// ```
///
/// Internally one signed count per point: positive for the mover, negative for the
/// opponent, with the mover's bar at index 25 and the opponent's at index 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: [i8; 26],
}

impl Position {
    /// The starting position: 2 on the 24-point, 5 on the 13, 3 on the 8, 5 on the 6.
    #[must_use]
    pub fn start() -> Position {
        let mut board = [0i8; 26];
        for (point, count) in [(24, 2), (13, 5), (8, 3), (6, 5)] {
            board[point] = count;
            board[25 - point] = -count;
        }
        Position { board }
    }

    /// Checks a raw setup and makes a position of it.
    ///
    /// # Errors
    /// A side with more than 15 checkers, a point held by both sides, or both sides
    /// with every checker borne off.
    pub fn from_setup(setup: &BoardSetup) -> Result<Position, PositionError> {
        for (player, side) in [
            (Player::OnRoll, &setup.mover),
            (Player::Opponent, &setup.opponent),
        ] {
            let count = side.on_board();
            if count > u32::from(CHECKERS) {
                return Err(PositionError::TooManyCheckers { player, count });
            }
        }
        if setup.mover.on_board() == 0 && setup.opponent.on_board() == 0 {
            return Err(PositionError::BothBorneOff);
        }
        let mut board = [0i8; 26];
        for point in 1..=24u8 {
            let mine = setup.mover.points[usize::from(point - 1)];
            let theirs = setup.opponent.points[usize::from(24 - point)];
            if mine > 0 && theirs > 0 {
                return Err(PositionError::SharedPoint { point });
            }
            board[usize::from(point)] = mine as i8 - theirs as i8;
        }
        board[MOVER_BAR] = setup.mover.bar as i8;
        board[OPPONENT_BAR] = -(setup.opponent.bar as i8);
        Ok(Position { board })
    }

    /// The raw description of this position.
    #[must_use]
    pub fn to_setup(&self) -> BoardSetup {
        let mut setup = BoardSetup::default();
        for point in 1..=24u8 {
            let n = self.board[usize::from(point)];
            if n > 0 {
                setup.mover.points[usize::from(point - 1)] = n as u8;
            } else if n < 0 {
                setup.opponent.points[usize::from(24 - point)] = n.unsigned_abs();
            }
        }
        setup.mover.bar = self.board[MOVER_BAR] as u8;
        setup.opponent.bar = self.board[OPPONENT_BAR].unsigned_abs();
        setup
    }

    /// The same position seen by the other side (as when the turn passes).
    #[must_use]
    pub fn flipped(&self) -> Position {
        let mut board = [0i8; 26];
        for (i, slot) in board.iter_mut().enumerate() {
            *slot = -self.board[25 - i];
        }
        Position { board }
    }

    /// The mover's checkers on `point` (1–24, or [`BAR`]).
    #[must_use]
    pub fn mover_at(&self, point: u8) -> u8 {
        match point {
            1..=BAR => self.board[usize::from(point)].max(0) as u8,
            _ => 0,
        }
    }

    /// The opponent's checkers on the mover's `point` (1–24), or on the opponent's bar
    /// when `point` is [`BAR`].
    #[must_use]
    pub fn opponent_at(&self, point: u8) -> u8 {
        match point {
            BAR => self.board[OPPONENT_BAR].unsigned_abs(),
            1..=24 => (-self.board[usize::from(point)]).max(0) as u8,
            _ => 0,
        }
    }

    /// The mover's checkers on the bar.
    #[must_use]
    pub fn mover_bar(&self) -> u8 {
        self.board[MOVER_BAR] as u8
    }

    /// The opponent's checkers on the bar.
    #[must_use]
    pub fn opponent_bar(&self) -> u8 {
        self.board[OPPONENT_BAR].unsigned_abs()
    }

    /// The mover's checkers borne off.
    #[must_use]
    pub fn mover_off(&self) -> u8 {
        let on_board: i32 = self.board[1..].iter().map(|&n| i32::from(n.max(0))).sum();
        CHECKERS - on_board as u8
    }

    /// The opponent's checkers borne off.
    #[must_use]
    pub fn opponent_off(&self) -> u8 {
        let on_board: i32 = self.board[..25]
            .iter()
            .map(|&n| i32::from((-n).max(0)))
            .sum();
        CHECKERS - on_board as u8
    }

    /// Pip counts: how far (mover, opponent) must still travel to bear everything off.
    #[must_use]
    pub fn pip_counts(&self) -> (u32, u32) {
        let mut mover = 0;
        let mut opponent = 0;
        for (i, &n) in self.board.iter().enumerate() {
            let i = i as u32;
            if n > 0 {
                mover += i * n as u32;
            } else if n < 0 {
                opponent += (25 - i) * u32::from(n.unsigned_abs());
            }
        }
        (mover, opponent)
    }

    /// Whether the mover may bear off: no checker of it on the bar or outside points 1–6.
    #[must_use]
    pub fn mover_can_bear_off(&self) -> bool {
        self.board[7..].iter().all(|&n| n <= 0)
    }

    /// Whether the two sides' checkers can no longer meet (a pure race).
    #[must_use]
    pub fn is_race(&self) -> bool {
        let deepest_opponent = (0..26).find(|&i| self.board[i] < 0);
        let furthest_mover = (0..26).rev().find(|&i| self.board[i] > 0);
        match (deepest_opponent, furthest_mover) {
            (Some(o), Some(m)) => m < o,
            _ => true,
        }
    }

    /// The step that moves a mover's checker from `from` with `die`, if the single-step
    /// rules (bar first, open points, bearing off) allow it. The must-play rules of a
    /// whole turn are checked by [`super::TurnSteps`].
    ///
    /// # Errors
    /// A [`StepError`] saying why the step is not possible.
    pub fn check_step(&self, from: u8, die: u8) -> Result<Step, StepError> {
        if !(1..=6).contains(&die) {
            return Err(StepError::NoSuchDie { die });
        }
        if !(1..=BAR).contains(&from) || self.board[usize::from(from)] <= 0 {
            return Err(StepError::NoChecker { from });
        }
        if from != BAR && self.board[MOVER_BAR] > 0 {
            return Err(StepError::MustEnterFirst);
        }
        match self.step_from(from, die) {
            Some(step) => Ok(step),
            None if from > die => Err(StepError::Blocked { to: from - die }),
            None if !self.mover_can_bear_off() => Err(StepError::NotAllHome),
            None => Err(StepError::HigherCheckerFirst),
        }
    }

    /// The step from `from` (holding a mover's checker, with the bar empty or `from` the
    /// bar) with `die`, if single-step rules allow it. The movegen inner loop.
    #[inline]
    pub(crate) fn step_from(&self, from: u8, die: u8) -> Option<Step> {
        if from > die {
            let to = from - die;
            let there = self.board[usize::from(to)];
            (there >= -1).then_some(Step {
                from,
                to,
                die,
                hit: there == -1,
            })
        } else {
            if !self.mover_can_bear_off() {
                return None;
            }
            let exact = from == die;
            let highest = self.board[usize::from(from) + 1..=6]
                .iter()
                .all(|&n| n <= 0);
            (exact || highest).then_some(Step {
                from,
                to: OFF,
                die,
                hit: false,
            })
        }
    }

    /// Makes a step after checking it against the single-step rules.
    ///
    /// # Errors
    /// A [`StepError`] when the step is not possible; the position is then unchanged.
    pub fn apply_step(&mut self, step: Step) -> Result<(), StepError> {
        let legal = self.check_step(step.from, step.die)?;
        if legal != step {
            return Err(StepError::Mismatch);
        }
        self.apply_step_unchecked(step);
        Ok(())
    }

    /// Makes a step known to be legal (as produced by the move generator).
    #[inline]
    pub fn apply_step_unchecked(&mut self, step: Step) {
        self.board[usize::from(step.from)] -= 1;
        if step.to != OFF {
            let to = usize::from(step.to);
            if step.hit {
                self.board[to] = 0;
                self.board[OPPONENT_BAR] -= 1;
            }
            self.board[to] += 1;
        }
    }

    /// Takes back a step previously made with [`Position::apply_step_unchecked`].
    #[inline]
    pub fn undo_step_unchecked(&mut self, step: Step) {
        if step.to != OFF {
            let to = usize::from(step.to);
            self.board[to] -= 1;
            if step.hit {
                self.board[to] = -1;
                self.board[OPPONENT_BAR] += 1;
            }
        }
        self.board[usize::from(step.from)] += 1;
    }

    /// Makes a whole play, checking each step against the single-step rules. Whether it
    /// is a legal *play* (the must-play rules) is [`MoveGen`]'s business.
    ///
    /// # Errors
    /// The first illegal step's error; the position is then unchanged.
    pub fn apply_play(&mut self, play: &Play) -> Result<(), StepError> {
        let mut after = *self;
        for &step in play.steps() {
            after.apply_step(step)?;
        }
        *self = after;
        Ok(())
    }

    /// Takes back a play previously made on this position.
    pub fn undo_play_unchecked(&mut self, play: &Play) {
        for &step in play.steps().iter().rev() {
            self.undo_step_unchecked(step);
        }
    }

    /// Every distinct legal play for `dice` (one per resulting position). A roll with no
    /// legal move gives one empty play.
    ///
    /// # Examples
    /// ```
    /// use gamao::notation::{PlayString, PositionId};
    /// use gamao::rules::{Dice, Position, RuleSet};
    ///
    /// let start = Position::start();
    /// let plays = start.legal_plays(Dice::new(3, 1).unwrap(), RuleSet::STANDARD);
    /// assert_eq!(plays.len(), 16);
    /// let written: Vec<String> = plays.iter().map(|p| PlayString::from_play(p).to_string()).collect();
    /// assert!(written.contains(&"8/5 6/5".to_string()));
    ///
    /// // Seed 001's rules also minimise the pips wasted bearing off.
    /// let PositionId(race) = "MAAACAEAAAAAAA".parse().unwrap();
    /// let six_four = Dice::new(6, 4).unwrap();
    /// assert_eq!(race.legal_plays(six_four, RuleSet::STANDARD).len(), 2);
    /// assert_eq!(race.legal_plays(six_four, RuleSet::SEED_001).len(), 1);
    /// ```
    #[must_use]
    pub fn legal_plays(&self, dice: Dice, rules: RuleSet) -> Vec<Play> {
        MoveGen::new()
            .generate(self, dice, rules)
            .iter()
            .map(|p| p.play)
            .collect()
    }

    /// A 128-bit key that identifies the position exactly (for deduplication and tables).
    #[must_use]
    pub fn key(&self) -> u128 {
        let mut key = u128::from(self.board[MOVER_BAR] as u8);
        key = (key << 4) | u128::from(self.board[OPPONENT_BAR].unsigned_abs());
        for &n in &self.board[1..25] {
            key = (key << 5) | u128::from((n + 15) as u8);
        }
        key
    }

    /// The signed count of every point: positive for the mover, negative for the
    /// opponent; index 25 is the mover's bar and 0 the opponent's.
    #[must_use]
    pub fn signed_counts(&self) -> &[i8; 26] {
        &self.board
    }
}

/// A position fixture for tests and docs, in the mover's numbering:
/// `pos!(x 24:2, 6:5, bar:1; o 19:2, bar:1)` puts the mover's checkers after `x` and the
/// opponent's after `o` (on the mover's points). Panics on an impossible position.
#[macro_export]
macro_rules! pos {
    (x $($xp:tt : $xn:expr),* ; o $($op:tt : $on:expr),* $(,)?) => {{
        let setup = $crate::rules::BoardSetup::default()
            $(.with_mover($crate::pos!(@point $xp), $xn))*
            $(.with_opponent($crate::pos!(@point $op), $on))*;
        $crate::rules::Position::from_setup(&setup).expect("pos! fixture must be a legal position")
    }};
    (@point bar) => { $crate::rules::BAR };
    (@point $p:literal) => { $p };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_has_fifteen_each_and_167_pips() {
        let start = Position::start();
        assert_eq!((start.mover_off(), start.opponent_off()), (0, 0));
        assert_eq!(start.pip_counts(), (167, 167));
        assert_eq!(start.flipped(), start);
    }

    #[test]
    fn setup_round_trips() {
        let pos = pos!(x 24:1, 13:4, bar:2; o 20:3, 2:2, bar:1);
        assert_eq!(Position::from_setup(&pos.to_setup()), Ok(pos));
        assert_eq!(pos.mover_bar(), 2);
        assert_eq!(pos.opponent_bar(), 1);
        assert_eq!(pos.opponent_at(20), 3);
        assert_eq!(pos.mover_off(), 8);
        assert_eq!(pos.opponent_off(), 9);
    }

    #[test]
    fn sixteen_checkers_are_refused() {
        let setup = BoardSetup::default().with_mover(6, 10).with_mover(BAR, 6);
        assert_eq!(
            Position::from_setup(&setup),
            Err(PositionError::TooManyCheckers {
                player: Player::OnRoll,
                count: 16
            })
        );
    }

    #[test]
    fn a_point_held_by_both_sides_is_refused() {
        let setup = BoardSetup::default().with_mover(6, 2).with_opponent(6, 1);
        assert_eq!(
            Position::from_setup(&setup),
            Err(PositionError::SharedPoint { point: 6 })
        );
    }

    #[test]
    fn both_sides_finished_is_refused() {
        assert_eq!(
            Position::from_setup(&BoardSetup::default()),
            Err(PositionError::BothBorneOff)
        );
    }

    #[test]
    fn flipping_twice_is_identity_and_swaps_pips() {
        let pos = pos!(x 24:1, 13:4, bar:2; o 20:3, 2:2, bar:1);
        assert_eq!(pos.flipped().flipped(), pos);
        let (m, o) = pos.pip_counts();
        assert_eq!(pos.flipped().pip_counts(), (o, m));
        assert_eq!(pos.flipped().mover_bar(), 1);
    }

    #[test]
    fn keys_differ_for_different_positions() {
        let a = pos!(x 6:1; o 19:1);
        let b = pos!(x 6:1; o 18:1);
        let c = pos!(x 6:1; o bar:1);
        assert_ne!(a.key(), b.key());
        assert_ne!(a.key(), c.key());
        assert_ne!(b.key(), c.key());
    }

    #[test]
    fn race_is_detected_once_the_sides_have_passed() {
        assert!(!Position::start().is_race());
        assert!(pos!(x 6:2, 12:1; o 13:1, 20:2).is_race());
        assert!(!pos!(x 6:2, 14:1; o 13:1, 20:2).is_race());
        assert!(!pos!(x 6:2; o bar:1).is_race());
    }
}
