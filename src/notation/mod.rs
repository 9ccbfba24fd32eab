//! Text forms of the game: play strings and GNU Backgammon Position IDs.

mod play_string;
mod position_id;

pub use play_string::{ParsePlayError, PlayString, ResolvePlayError};
pub use position_id::{ParsePositionIdError, PositionId};
