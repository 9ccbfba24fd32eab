//! Text forms of the game: play strings, GNU Backgammon Position and Match IDs, and
//! the `.mat` match file.

mod mat;
mod match_id;
mod play_string;
mod position_id;

pub use mat::{
    read_mat, write_mat, FrameEvent, MatReplay, ReadMatError, ReplayFrame, WriteMatError,
};
pub use match_id::{GameState, MatchId, ParseMatchIdError};
pub use play_string::{ParsePlayError, PlayString, ResolvePlayError};
pub use position_id::{ParsePositionIdError, PositionId};
