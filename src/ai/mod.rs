//! The computer opponent.

mod bearoff;
mod met;

pub use bearoff::{home_of, BearoffDb, HomeBoard, MAX_ROLLS};
pub use met::{MatchEquityTable, MetError, MET_LENGTH};
