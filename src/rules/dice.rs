//! Dice: a roll of two dice, and the generators that roll them.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::rng::Rng;

/// A roll of two dice. A double is played four times.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dice {
    /// Two different numbers, the larger first.
    Mixed(u8, u8),
    /// The same number twice.
    Double(u8),
}

/// Why a pair of numbers is not a roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiceError {
    /// A die showed a number outside 1–6.
    OutOfRange(u8),
    /// The text was not two digits like `31` or `3-1`.
    Malformed(String),
}

impl fmt::Display for DiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiceError::OutOfRange(n) => write!(f, "a die shows 1 to 6, not {n}"),
            DiceError::Malformed(s) => {
                write!(f, "dice must be two digits 1-6 like 31 or 3-1, not \"{s}\"")
            }
        }
    }
}

impl std::error::Error for DiceError {}

impl Dice {
    /// All 21 distinct rolls: 15 mixed, then 6 doubles.
    pub const ALL: [Dice; 21] = {
        let mut all = [Dice::Double(1); 21];
        let mut i = 0;
        let mut high = 2;
        while high <= 6 {
            let mut low = 1;
            while low < high {
                all[i] = Dice::Mixed(high, low);
                i += 1;
                low += 1;
            }
            high += 1;
        }
        let mut d = 1;
        while d <= 6 {
            all[i] = Dice::Double(d);
            i += 1;
            d += 1;
        }
        all
    };

    /// The roll showing `a` and `b`, in either order.
    ///
    /// # Errors
    /// [`DiceError::OutOfRange`] when a number is not 1–6.
    pub fn new(a: u8, b: u8) -> Result<Dice, DiceError> {
        for n in [a, b] {
            if !(1..=6).contains(&n) {
                return Err(DiceError::OutOfRange(n));
            }
        }
        Ok(match a.cmp(&b) {
            std::cmp::Ordering::Equal => Dice::Double(a),
            std::cmp::Ordering::Greater => Dice::Mixed(a, b),
            std::cmp::Ordering::Less => Dice::Mixed(b, a),
        })
    }

    /// The two numbers shown, the larger first.
    #[must_use]
    pub fn values(self) -> (u8, u8) {
        match self {
            Dice::Mixed(a, b) => (a, b),
            Dice::Double(d) => (d, d),
        }
    }

    /// Whether both dice show the same number.
    #[must_use]
    pub fn is_double(self) -> bool {
        matches!(self, Dice::Double(_))
    }

    /// How many single-die steps the roll allows: 2, or 4 for a double.
    #[must_use]
    pub fn step_count(self) -> usize {
        if self.is_double() {
            4
        } else {
            2
        }
    }

    /// The chance of this roll among the 36 equally likely outcomes, in 36ths.
    #[must_use]
    pub fn weight(self) -> u8 {
        if self.is_double() {
            1
        } else {
            2
        }
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = self.values();
        write!(f, "{a}{b}")
    }
}

impl FromStr for Dice {
    type Err = DiceError;

    /// Parses `31`, `3-1` or `3 1`.
    fn from_str(s: &str) -> Result<Dice, DiceError> {
        let digits: Vec<char> = s
            .trim()
            .chars()
            .filter(|c| !matches!(c, '-' | ' '))
            .collect();
        let malformed = || DiceError::Malformed(s.to_string());
        let separators_ok = s.trim().chars().filter(|c| matches!(c, '-' | ' ')).count() <= 1;
        match digits.as_slice() {
            [a, b] if separators_ok => {
                let a = a.to_digit(10).ok_or_else(malformed)? as u8;
                let b = b.to_digit(10).ok_or_else(malformed)? as u8;
                Dice::new(a, b)
            }
            _ => Err(malformed()),
        }
    }
}

/// The source of randomness failed (the platform's entropy source is unavailable).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct DiceGenError(pub String);

impl fmt::Display for DiceGenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot roll the dice: {}", self.0)
    }
}

impl std::error::Error for DiceGenError {}

/// Something that rolls dice. Every roll of a game comes through one of these.
pub trait DiceGen {
    /// One die, 1–6.
    ///
    /// # Errors
    /// When the source of randomness fails.
    fn die(&mut self) -> Result<u8, DiceGenError>;

    /// Two dice.
    ///
    /// # Errors
    /// When the source of randomness fails.
    fn roll(&mut self) -> Result<Dice, DiceGenError> {
        let (a, b) = (self.die()?, self.die()?);
        Dice::new(a, b).map_err(|e| DiceGenError(e.to_string()))
    }
}

/// Dice from the operating system's (or the browser's) cryptographic random source.
#[derive(Clone, Debug)]
pub struct CryptoDice {
    buffer: [u8; 64],
    used: usize,
}

impl CryptoDice {
    /// A generator that will draw from the system's entropy source.
    #[must_use]
    pub fn new() -> CryptoDice {
        CryptoDice {
            buffer: [0; 64],
            used: 64,
        }
    }
}

impl Default for CryptoDice {
    fn default() -> CryptoDice {
        CryptoDice::new()
    }
}

impl DiceGen for CryptoDice {
    fn die(&mut self) -> Result<u8, DiceGenError> {
        loop {
            if self.used == self.buffer.len() {
                getrandom::fill(&mut self.buffer).map_err(|e| DiceGenError(e.to_string()))?;
                self.used = 0;
            }
            let byte = self.buffer[self.used];
            self.used += 1;
            // 252 = 6 × 42: rejecting the 4 top values keeps every face equally likely.
            if byte < 252 {
                return Ok(byte % 6 + 1);
            }
        }
    }
}

/// Dice given in advance, shown in order: for replaying a recorded match and for tests.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScriptedDice {
    queue: std::collections::VecDeque<u8>,
}

impl ScriptedDice {
    /// Dice that show each pair in turn (an opening roll reads White's die first).
    #[must_use]
    pub fn new(rolls: &[[u8; 2]]) -> ScriptedDice {
        ScriptedDice {
            queue: rolls.iter().flatten().copied().collect(),
        }
    }

    /// Adds a pair at the end of the script.
    pub fn push(&mut self, roll: [u8; 2]) {
        self.queue.extend(roll);
    }

    /// How many single dice are left in the script.
    #[must_use]
    pub fn left(&self) -> usize {
        self.queue.len()
    }
}

impl DiceGen for ScriptedDice {
    fn die(&mut self) -> Result<u8, DiceGenError> {
        self.queue
            .pop_front()
            .ok_or_else(|| DiceGenError("the dice script ran out".to_string()))
    }
}

/// Reproducible dice for tests, replays and benchmarks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeededDice {
    rng: Rng,
}

impl SeededDice {
    /// Dice whose every roll is determined by `seed`.
    #[must_use]
    pub fn new(seed: u64) -> SeededDice {
        SeededDice {
            rng: Rng::seeded(seed),
        }
    }
}

impl DiceGen for SeededDice {
    fn die(&mut self) -> Result<u8, DiceGenError> {
        Ok(self.rng.below(6) as u8 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_orders_mixed_dice_larger_first() {
        assert_eq!(Dice::new(1, 3), Ok(Dice::Mixed(3, 1)));
        assert_eq!(Dice::new(4, 4), Ok(Dice::Double(4)));
    }

    #[test]
    fn numbers_outside_one_to_six_are_refused() {
        assert_eq!(Dice::new(0, 3), Err(DiceError::OutOfRange(0)));
        assert_eq!(Dice::new(3, 7), Err(DiceError::OutOfRange(7)));
    }

    #[test]
    fn parses_compact_and_dashed_forms() {
        assert_eq!("31".parse(), Ok(Dice::Mixed(3, 1)));
        assert_eq!("1-3".parse(), Ok(Dice::Mixed(3, 1)));
        assert_eq!("6 6".parse(), Ok(Dice::Double(6)));
        for bad in ["", "3", "317", "3--1", "a1", "37", "0-1", "3-1-"] {
            assert!(bad.parse::<Dice>().is_err(), "{bad:?} should be refused");
        }
    }

    #[test]
    fn all_rolls_are_distinct_and_weigh_36() {
        let total: u32 = Dice::ALL.iter().map(|d| u32::from(d.weight())).sum();
        assert_eq!(total, 36);
        for (i, a) in Dice::ALL.iter().enumerate() {
            assert!(Dice::ALL[i + 1..].iter().all(|b| a != b));
        }
    }

    #[test]
    fn seeded_dice_replay_exactly() {
        let mut a = SeededDice::new(42);
        let mut b = SeededDice::new(42);
        for _ in 0..100 {
            assert_eq!(a.roll(), b.roll());
        }
    }

    #[test]
    fn crypto_dice_show_every_face() {
        let mut dice = CryptoDice::new();
        let mut seen = [false; 6];
        for _ in 0..600 {
            let d = dice.die().expect("entropy source available in tests");
            seen[usize::from(d - 1)] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
