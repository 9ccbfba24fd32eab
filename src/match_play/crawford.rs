//! The Crawford rule's state, tracked explicitly rather than guessed from the score.

use serde::{Deserialize, Serialize};

/// Where a match stands with respect to the Crawford rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum CrawfordState {
    /// No one has reached one point short of the target yet.
    Pending,
    /// This game is the Crawford game: no cube.
    CrawfordGame,
    /// The Crawford game is over: the cube is used again.
    PostCrawford,
}

impl CrawfordState {
    /// The state for the game after one that ended with `scores`, in a match to
    /// `target` points (`None` for money sessions, which have no Crawford game).
    #[must_use]
    pub fn after_game(self, scores: [u32; 2], target: Option<u32>) -> CrawfordState {
        match (self, target) {
            (CrawfordState::Pending, Some(n)) if n > 1 && scores.contains(&(n - 1)) => {
                CrawfordState::CrawfordGame
            }
            (CrawfordState::CrawfordGame, _) => CrawfordState::PostCrawford,
            (state, _) => state,
        }
    }
}
