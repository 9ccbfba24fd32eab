//! A full play: the steps one player makes with one roll.

use super::step::Step;

/// Up to four steps, in the order they are made. `Copy`, no heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Play {
    steps: [Step; 4],
    len: u8,
}

impl Play {
    /// The play that moves nothing (no legal move).
    pub const NONE: Play = Play {
        steps: [Step {
            from: 0,
            to: 0,
            die: 0,
            hit: false,
        }; 4],
        len: 0,
    };

    /// A play of the given steps, at most four.
    #[must_use]
    pub fn from_steps(steps: &[Step]) -> Option<Play> {
        if steps.len() > 4 {
            return None;
        }
        let mut play = Play::NONE;
        for &step in steps {
            play.push(step);
        }
        Some(play)
    }

    /// The steps, in order.
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        &self.steps[..usize::from(self.len)]
    }

    /// How many dice the play uses.
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the play moves nothing.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Pips wasted bearing off with dice larger than needed.
    #[must_use]
    pub fn wasted_pips(&self) -> u8 {
        self.steps().iter().map(|s| s.wasted_pips()).sum()
    }

    /// Adds a step; the caller keeps to four.
    pub(crate) fn push(&mut self, step: Step) {
        self.steps[usize::from(self.len)] = step;
        self.len += 1;
    }

    /// Removes the last step.
    pub(crate) fn pop(&mut self) -> Option<Step> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.steps[usize::from(self.len)])
    }
}
