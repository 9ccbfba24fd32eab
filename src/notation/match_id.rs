//! GNU Backgammon Match IDs: 12 characters of base64 over a 9-byte key.
//!
//! Bits from the low end of each byte, in this order (as GNU Backgammon's `MatchID`):
//! cube log2 (4), cube owner (2: player 0, 1, or 3 centred), player on roll (1),
//! Crawford game (1), game state (3), player to decide (1), double offered (1),
//! resignation offered (2), dice (3 + 3), match length (15, 0 = money), scores of
//! player 0 and player 1 (15 each). White is GNU Backgammon's player 0, Red player 1.
//! The start of a 5-point match with White on roll with 5-1 is `MIGmAAAAAAAE`…
//! (GNU Backgammon also sets bit 66 when the Jacoby rule is off.)

use std::fmt;
use std::str::FromStr;

use crate::match_play::{GameEnd, Match, Phase};
use crate::rules::{BySide, Side, WinKind};

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const KEY_BYTES: usize = 9;
const ID_CHARS: usize = 12;

/// GNU Backgammon's game state field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameState {
    NoGame = 0,
    Playing = 1,
    Over = 2,
    Resigned = 3,
    Dropped = 4,
}

/// The fields of a Match ID: the score, the match length, the cube, the Crawford game,
/// who is on roll and the dice. Parse with `str::parse`, print with `Display`; a
/// [`Match`]'s own ID is [`Match::match_id`].
///
/// # Examples
/// ```
/// use gamao::notation::{MatchId, ParseMatchIdError};
///
/// // A Crawford game at 4–0 in a match to 5.
/// let id: MatchId = "sIGyAEAAAAAE".parse()?;
/// assert_eq!((id.length, id.score.white, id.score.red), (5, 4, 0));
/// assert!(id.crawford);
/// assert_eq!(id.to_string(), "sIGyAEAAAAAE");
/// assert_eq!("sIGy".parse::<MatchId>(), Err(ParseMatchIdError::BadLength(4)));
/// # Ok::<(), ParseMatchIdError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchId {
    /// The cube value as a power of two (0 for 1).
    pub cube_log2: u8,
    /// `None` for a centred cube.
    pub cube_owner: Option<Side>,
    /// The player on roll (whose dice these are).
    pub on_roll: Side,
    pub crawford: bool,
    pub state: GameState,
    /// The player who must decide now (the taker while a double is offered).
    pub turn: Side,
    pub double_offered: bool,
    pub resignation: Option<WinKind>,
    /// The dice as rolled, `[0, 0]` before the roll.
    pub dice: [u8; 2],
    /// The match length, 0 for a money session.
    pub length: u32,
    pub score: BySide<u32>,
    /// Whether the Jacoby rule is on (bit 66 is set when it is off).
    pub jacoby: bool,
}

/// Why a string is not a Match ID.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseMatchIdError {
    /// Not 12 characters long.
    BadLength(usize),
    /// A character outside the base64 alphabet.
    BadCharacter(char),
    /// A game state outside 0–4.
    BadGameState(u8),
    /// Dice outside 1–6, or only one die set.
    BadDice([u8; 2]),
    /// The cube owner field is 2, which means nothing.
    BadCubeOwner,
}

impl fmt::Display for ParseMatchIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMatchIdError::BadLength(n) => write!(f, "a Match ID has 12 characters, not {n}"),
            ParseMatchIdError::BadCharacter(c) => write!(f, "'{c}' cannot appear in a Match ID"),
            ParseMatchIdError::BadGameState(s) => write!(f, "game state {s} does not exist"),
            ParseMatchIdError::BadDice([a, b]) => write!(f, "dice {a} and {b} are impossible"),
            ParseMatchIdError::BadCubeOwner => f.write_str("the cube owner field is invalid"),
        }
    }
}

impl std::error::Error for ParseMatchIdError {}

fn player(side: Side) -> u32 {
    side.index() as u32
}

fn side_of(bit: u32) -> Side {
    if bit == 0 {
        Side::White
    } else {
        Side::Red
    }
}

/// The fields in key order: (width in bits, value).
fn fields(id: &MatchId) -> [(u32, u32); 14] {
    [
        (4, u32::from(id.cube_log2)),
        (2, id.cube_owner.map_or(3, player)),
        (1, player(id.on_roll)),
        (1, u32::from(id.crawford)),
        (3, id.state as u32),
        (1, player(id.turn)),
        (1, u32::from(id.double_offered)),
        (2, id.resignation.map_or(0, WinKind::points)),
        (3, u32::from(id.dice[0])),
        (3, u32::from(id.dice[1])),
        (15, id.length),
        (15, id.score.white),
        (15, id.score.red),
        (1, u32::from(!id.jacoby)),
    ]
}

impl MatchId {
    /// The 9-byte key.
    fn key(&self) -> [u8; KEY_BYTES] {
        let mut key = [0u8; KEY_BYTES];
        let mut bit = 0usize;
        for (width, value) in fields(self) {
            for i in 0..width {
                if value >> i & 1 == 1 {
                    key[bit / 8] |= 1 << (bit % 8);
                }
                bit += 1;
            }
        }
        key
    }

    /// The Match ID of a match as it stands.
    #[must_use]
    pub fn from_match(m: &Match) -> MatchId {
        let game = m.game();
        let cube = game.cube();
        let mut id = MatchId {
            cube_log2: cube.log2() as u8,
            cube_owner: cube.owner(),
            on_roll: game.turn(),
            crawford: game.is_crawford(),
            state: GameState::Playing,
            turn: game.turn(),
            double_offered: false,
            resignation: None,
            dice: [0, 0],
            length: m.options().target().unwrap_or(0),
            score: m.score(),
            jacoby: false,
        };
        let over = |end: GameEnd| match end {
            GameEnd::Dropped => GameState::Dropped,
            GameEnd::ResignationAccepted(_) | GameEnd::Resigned(_) => GameState::Resigned,
            _ => GameState::Over,
        };
        match m.phase() {
            Phase::OpeningRoll => id.state = GameState::NoGame,
            Phase::Deciding { .. } => {}
            Phase::CubeOffered { doubler } => {
                id.turn = doubler.other();
                id.double_offered = true;
            }
            Phase::ResignationOffered { by, level } => {
                id.turn = by.other();
                id.resignation = Some(level);
            }
            Phase::Moving { .. } | Phase::TurnComplete { .. } => {
                id.dice = game.dice().unwrap_or_default();
            }
            Phase::GameOver { result } => id.state = over(result.end),
            Phase::MatchOver { .. } => {
                id.state = game.result().map_or(GameState::Over, |r| over(r.end));
            }
        }
        id
    }
}

impl Match {
    /// The GNU Backgammon Match ID of the match as it stands.
    #[must_use]
    pub fn match_id(&self) -> MatchId {
        MatchId::from_match(self)
    }
}

impl fmt::Display for MatchId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let key = self.key();
        let mut text = String::with_capacity(ID_CHARS);
        for chunk in key.chunks(3) {
            let group = chunk.iter().fold(0u32, |acc, &b| (acc << 8) | u32::from(b));
            for i in 0..4 {
                text.push(char::from(ALPHABET[(group >> (18 - 6 * i)) as usize & 63]));
            }
        }
        f.write_str(&text)
    }
}

impl FromStr for MatchId {
    type Err = ParseMatchIdError;

    fn from_str(s: &str) -> Result<MatchId, ParseMatchIdError> {
        let chars: Vec<char> = s.trim().chars().collect();
        if chars.len() != ID_CHARS {
            return Err(ParseMatchIdError::BadLength(chars.len()));
        }
        let mut key = [0u8; KEY_BYTES];
        for (group, quad) in chars.chunks(4).enumerate() {
            let mut bits = 0u32;
            for &c in quad {
                let value = ALPHABET
                    .iter()
                    .position(|&a| char::from(a) == c)
                    .ok_or(ParseMatchIdError::BadCharacter(c))?;
                bits = (bits << 6) | value as u32;
            }
            for i in 0..3 {
                key[group * 3 + i] = (bits >> (16 - 8 * i)) as u8;
            }
        }
        let mut bit = 0usize;
        let mut read = |width: u32| -> u32 {
            let mut value = 0;
            for i in 0..width {
                value |= u32::from(key[bit / 8] >> (bit % 8) & 1) << i;
                bit += 1;
            }
            value
        };
        let cube_log2 = read(4) as u8;
        let cube_owner = match read(2) {
            3 => None,
            2 => return Err(ParseMatchIdError::BadCubeOwner),
            n => Some(side_of(n)),
        };
        let on_roll = side_of(read(1));
        let crawford = read(1) == 1;
        let state = match read(3) {
            0 => GameState::NoGame,
            1 => GameState::Playing,
            2 => GameState::Over,
            3 => GameState::Resigned,
            4 => GameState::Dropped,
            n => return Err(ParseMatchIdError::BadGameState(n as u8)),
        };
        let turn = side_of(read(1));
        let double_offered = read(1) == 1;
        let resignation = match read(2) {
            1 => Some(WinKind::Single),
            2 => Some(WinKind::Gammon),
            3 => Some(WinKind::Backgammon),
            _ => None,
        };
        let dice = [read(3) as u8, read(3) as u8];
        let dice_ok = dice == [0, 0] || dice.iter().all(|d| (1..=6).contains(d));
        if !dice_ok {
            return Err(ParseMatchIdError::BadDice(dice));
        }
        let length = read(15);
        let score = BySide {
            white: read(15),
            red: read(15),
        };
        let jacoby = read(1) == 0;
        Ok(MatchId {
            cube_log2,
            cube_owner,
            on_roll,
            crawford,
            state,
            turn,
            double_offered,
            resignation,
            dice,
            length,
            score,
            jacoby,
        })
    }
}
