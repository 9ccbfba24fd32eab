//! The computer opponent.

mod bearoff;

pub use bearoff::{home_of, BearoffDb, HomeBoard, MAX_ROLLS};
