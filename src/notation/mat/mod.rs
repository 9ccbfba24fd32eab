//! The Jellyfish `.mat` match file, the text format GNU Backgammon imports and exports.
//!
//! ```text
//!  5 point match
//!
//!  Game 1
//!  White : 0                      Red : 0
//!   1) 31: 8/5 6/5                 64: 24/18 13/9
//!   2)  Doubles => 2               Takes
//!   …
//!       Wins 1 point
//! ```
//! The first player (White here, GNU Backgammon's player 0) is the left column. Plays
//! are written in the mover's own numbering, 25 for the bar and 0 for off, `*` for a
//! hit; an automatic pass is the roll alone.

mod read;
mod write;

pub use crate::match_play::{FrameEvent, ReplayFrame};
pub use read::{read_mat, MatReplay, ReadMatError};
pub use write::{write_mat, WriteMatError};
