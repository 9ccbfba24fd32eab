//! The doubling cube: its value and who owns it.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::rules::Side;

/// The highest value of the cube.
pub const MAX_CUBE: u32 = 64;

/// The doubling cube. Centred at 1 (shown with 64 up), then owned by the last taker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cube {
    value: u32,
    owner: Option<Side>,
}

impl Default for Cube {
    fn default() -> Cube {
        Cube::CENTRED
    }
}

/// Why a side may not double now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum DoubleRefusal {
    /// The match is played without the cube.
    CubeDisabled,
    /// There is no doubling in a 1-point match.
    OnePointMatch,
    /// There is no doubling in the Crawford game.
    CrawfordGame,
    /// The cube is at 64 already.
    AtMaximum,
    /// The opponent owns the cube.
    NotOwner,
    /// The side's auto-roll option is on.
    AutoRoll,
}

impl fmt::Display for DoubleRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DoubleRefusal::CubeDisabled => "this match is played without the cube",
            DoubleRefusal::OnePointMatch => "there is no doubling in a 1-point match",
            DoubleRefusal::CrawfordGame => "there is no doubling in the Crawford game",
            DoubleRefusal::AtMaximum => "the cube is at its maximum of 64",
            DoubleRefusal::NotOwner => "only the owner of the cube may double",
            DoubleRefusal::AutoRoll => "auto roll is on, so there is no doubling",
        })
    }
}

impl Cube {
    /// The cube in the middle, at 1.
    pub const CENTRED: Cube = Cube {
        value: 1,
        owner: None,
    };

    /// What a game is multiplied by.
    #[must_use]
    pub fn value(self) -> u32 {
        self.value
    }

    /// The number on the top face: 64 while centred.
    #[must_use]
    pub fn shown(self) -> u32 {
        if self.owner.is_none() {
            MAX_CUBE
        } else {
            self.value
        }
    }

    /// Who owns the cube; `None` while it is in the middle.
    #[must_use]
    pub fn owner(self) -> Option<Side> {
        self.owner
    }

    /// The value as a power of two (GNU Backgammon's Match ID stores this).
    #[must_use]
    pub fn log2(self) -> u32 {
        self.value.trailing_zeros()
    }

    /// Whether `side` holds the right to double (cube centred or its own), leaving the
    /// match conditions to the caller.
    ///
    /// # Errors
    /// [`DoubleRefusal::AtMaximum`] or [`DoubleRefusal::NotOwner`].
    pub fn check_double(self, side: Side) -> Result<(), DoubleRefusal> {
        if self.value >= MAX_CUBE {
            return Err(DoubleRefusal::AtMaximum);
        }
        match self.owner {
            Some(owner) if owner != side => Err(DoubleRefusal::NotOwner),
            _ => Ok(()),
        }
    }

    /// The cube after `taker` takes a double.
    #[must_use]
    pub fn taken_by(self, taker: Side) -> Cube {
        Cube {
            value: (self.value * 2).min(MAX_CUBE),
            owner: Some(taker),
        }
    }

    /// A cube at `2^log2` owned by `owner`, if the value is 1–64 (centred only at 1).
    #[must_use]
    pub fn from_parts(log2: u32, owner: Option<Side>) -> Option<Cube> {
        let value = 1u32.checked_shl(log2)?;
        (value <= MAX_CUBE && (owner.is_some() || value == 1)).then_some(Cube { value, owner })
    }
}
