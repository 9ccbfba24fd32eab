//! GNU Backgammon Position IDs: 14 characters of base64 over an 80-bit key.
//!
//! The key lists, for each player, its 24 points (from its own ace point) then its
//! bar, each as that many 1-bits followed by a 0-bit, bits filled from the low end of
//! each byte. GNU Backgammon's code writes the player NOT on roll first, then the
//! player on roll. The start position is `4HPwATDgc/ABMA`.

use std::fmt;
use std::str::FromStr;

use crate::rules::{BoardSetup, Position, PositionError, SideSetup, CHECKERS};

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const KEY_BYTES: usize = 10;
const ID_CHARS: usize = 14;

/// Why a string is not a Position ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsePositionIdError {
    /// Not 14 characters long.
    BadLength(usize),
    /// A character outside the base64 alphabet.
    BadCharacter(char),
    /// The bits describe more than 15 checkers for a side.
    TooManyCheckers,
    /// The checkers decoded do not form a legal position.
    Impossible(PositionError),
}

impl fmt::Display for ParsePositionIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePositionIdError::BadLength(n) => {
                write!(f, "a Position ID has 14 characters, not {n}")
            }
            ParsePositionIdError::BadCharacter(c) => {
                write!(f, "'{c}' cannot appear in a Position ID")
            }
            ParsePositionIdError::TooManyCheckers => {
                f.write_str("the Position ID describes more than 15 checkers for a side")
            }
            ParsePositionIdError::Impossible(e) => write!(f, "impossible position: {e}"),
        }
    }
}

impl std::error::Error for ParsePositionIdError {}

/// A position as GNU Backgammon writes it. Parse with `str::parse`, print with `Display`.
///
/// # Examples
/// ```
/// use gamao::notation::{ParsePositionIdError, PositionId};
/// use gamao::rules::Position;
///
/// let PositionId(position) = "4HPwATDgc/ABMA".parse()?;
/// assert_eq!(position, Position::start());
/// assert_eq!(PositionId(position).to_string(), "4HPwATDgc/ABMA");
/// assert_eq!(
///     "4HPwATDgc".parse::<PositionId>(),
///     Err(ParsePositionIdError::BadLength(9))
/// );
/// # Ok::<(), ParsePositionIdError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionId(pub Position);

impl PositionId {
    /// The 10-byte key behind the ID.
    fn key(&self) -> [u8; KEY_BYTES] {
        let setup = self.0.to_setup();
        let mut key = [0u8; KEY_BYTES];
        let mut bit = 0;
        for side in [&setup.opponent, &setup.mover] {
            for count in side.points.iter().chain(std::iter::once(&side.bar)) {
                // Each checker is a 1-bit; the 0-bit that ends the point is already 0.
                for _ in 0..*count {
                    key[bit / 8] |= 1 << (bit % 8);
                    bit += 1;
                }
                bit += 1;
            }
        }
        key
    }
}

impl fmt::Display for PositionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let key = self.key();
        let mut text = String::with_capacity(ID_CHARS);
        for chunk in key.chunks(3) {
            let group = chunk.iter().fold(0u32, |acc, &b| (acc << 8) | u32::from(b))
                << (8 * (3 - chunk.len()));
            for i in 0..=chunk.len() {
                text.push(char::from(ALPHABET[(group >> (18 - 6 * i)) as usize & 63]));
            }
        }
        f.write_str(&text)
    }
}

impl FromStr for PositionId {
    type Err = ParsePositionIdError;

    fn from_str(s: &str) -> Result<PositionId, ParsePositionIdError> {
        let s = s.trim();
        let chars: Vec<char> = s.chars().collect();
        if chars.len() != ID_CHARS {
            return Err(ParsePositionIdError::BadLength(chars.len()));
        }
        let mut bits = Vec::with_capacity(ID_CHARS * 6);
        for c in chars {
            let value = ALPHABET
                .iter()
                .position(|&a| char::from(a) == c)
                .ok_or(ParsePositionIdError::BadCharacter(c))?;
            bits.extend((0..6).rev().map(|i| (value >> i) & 1 == 1));
        }
        // Base64 bits are big-endian per byte; the key reads bytes from their low bit.
        let key_bit = |n: usize| bits[(n / 8) * 8 + 7 - n % 8];
        let mut next = 0;
        let mut read_side = || -> Result<SideSetup, ParsePositionIdError> {
            let mut side = SideSetup::default();
            let mut total = 0;
            for slot in 0..25 {
                let mut count = 0u8;
                loop {
                    if next >= KEY_BYTES * 8 {
                        return Err(ParsePositionIdError::TooManyCheckers);
                    }
                    let one = key_bit(next);
                    next += 1;
                    if !one {
                        break;
                    }
                    count += 1;
                    total += 1;
                    if total > CHECKERS {
                        return Err(ParsePositionIdError::TooManyCheckers);
                    }
                }
                if slot < 24 {
                    side.points[slot] = count;
                } else {
                    side.bar = count;
                }
            }
            Ok(side)
        };
        let opponent = read_side()?;
        let mover = read_side()?;
        Position::from_setup(&BoardSetup { mover, opponent })
            .map(PositionId)
            .map_err(ParsePositionIdError::Impossible)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_gnubgs_start_id() {
        assert_eq!(PositionId(Position::start()).to_string(), "4HPwATDgc/ABMA");
        assert_eq!("4HPwATDgc/ABMA".parse(), Ok(PositionId(Position::start())));
    }

    #[test]
    fn malformed_ids_are_refused_with_the_reason() {
        assert_eq!(
            "4HPwATDgc/AB".parse::<PositionId>(),
            Err(ParsePositionIdError::BadLength(12))
        );
        assert_eq!(
            "4HPwATDgc/AB!A".parse::<PositionId>(),
            Err(ParsePositionIdError::BadCharacter('!'))
        );
        assert_eq!(
            "//////////////".parse::<PositionId>(),
            Err(ParsePositionIdError::TooManyCheckers)
        );
    }
}
