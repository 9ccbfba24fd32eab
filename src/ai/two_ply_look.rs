//! A play's 2-ply look, kept: what it saw two plies down, so that looking at the same
//! play 3 plies deep goes on from there instead of walking the first two plies again
//! (the thorough analysis looks at a play 2-ply, then 3-ply where 2-ply finds an error).

use super::evaluator::{decided, Probabilities};
use super::search::{accumulate, average, Reached, Replies, Rolls, Searcher};
use crate::rules::{Position, RuleSet};

/// What a play's 2-ply look saw.
#[derive(Clone, Debug)]
pub struct TwoPlyLook {
    /// The position the play leaves.
    after: Position,
    /// Its 2-ply chances, for the side that made it.
    chances: Probabilities,
    /// The opponent's best reply to each roll; at each, the 1-ply chances of the side
    /// that made the play, now on roll, and its best play of each roll (none where the
    /// game is decided: the chances are exact).
    replies: Vec<(Reached, Probabilities, Replies)>,
}

impl TwoPlyLook {
    /// The position the play leaves.
    #[must_use]
    pub fn after(&self) -> &Position {
        &self.after
    }

    /// The play's 2-ply chances, for the side that made it.
    #[must_use]
    pub fn chances(&self) -> Probabilities {
        self.chances
    }
}

impl Searcher<'_> {
    /// The 2-ply look at a play leaving `after` ([`Searcher::chances_after`] 2-ply),
    /// kept for [`Searcher::three_ply_from`].
    pub fn two_ply_look(&mut self, after: &Position, rules: RuleSet) -> TwoPlyLook {
        let (one_ply, replies) = self.one_ply_chances(after, rules);
        self.two_ply_from(after, one_ply, replies, rules)
    }

    /// The 2-ply look at a play leaving `after`, from its 1-ply look: its chances
    /// `one_ply` and the opponent's best `replies` (none when the play wins at once:
    /// `one_ply` is exact).
    pub(super) fn two_ply_from(
        &mut self,
        after: &Position,
        one_ply: Probabilities,
        replies: Replies,
        rules: RuleSet,
    ) -> TwoPlyLook {
        let mut total = [0.0f32; 5];
        let mut kept = Vec::with_capacity(replies.len());
        for reply in replies {
            let (chances, plays) = match decided(&reply.position, rules) {
                Some(exact) => (exact, Replies::new()),
                None => {
                    let plays = self.best_plays(&reply.position, rules, Rolls::All);
                    let mut on_roll = [0.0f32; 5];
                    for play in &plays {
                        accumulate(&mut on_roll, play.weight, &play.chances.inverted());
                    }
                    (average(&on_roll), plays)
                }
            };
            accumulate(&mut total, reply.weight, &chances);
            kept.push((reply, chances, plays));
        }
        TwoPlyLook {
            after: *after,
            chances: if kept.is_empty() {
                one_ply
            } else {
                average(&total)
            },
            replies: kept,
        }
    }

    /// The 3-ply chances of the play `look` looked at ([`Searcher::chances_after`]
    /// 3-ply): each of its side's best plays two plies down looked at 1-ply, over the
    /// third of the opponent's rolls that the two rolls before it turn to.
    pub fn three_ply_from(&mut self, look: &TwoPlyLook, rules: RuleSet) -> Probabilities {
        if look.replies.is_empty() {
            return look.chances;
        }
        let mut total = [0.0f32; 5];
        for (reply, two_ply, plays) in &look.replies {
            let chances = if plays.is_empty() {
                *two_ply
            } else {
                let mut on_roll = [0.0f32; 5];
                for play in plays {
                    let rolls = Rolls::last_of_three(reply.roll + play.roll);
                    let theirs = self.chances_on_roll(&play.position, rules, 1, rolls);
                    accumulate(&mut on_roll, play.weight, &theirs.inverted());
                }
                average(&on_roll)
            };
            accumulate(&mut total, reply.weight, &chances);
        }
        average(&total)
    }
}
