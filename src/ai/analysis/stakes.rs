//! What a game is worth to the side acting at the score of a decision: cubeful equity
//! (money points, or match winning chances) and its normalisation to one point at the
//! cube, as GNU Backgammon reports equities.

use super::super::cube::{best_equity, cube_advice, CubeAdvice, CubeHolder, CubeSituation, Score};
use super::super::evaluator::Probabilities;
use super::super::met::MatchEquityTable;
use crate::match_play::CrawfordState;
use crate::rules::Position;

/// The cube and score of a decision, seen by the side acting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stakes {
    pub situation: CubeSituation,
}

impl Stakes {
    /// The same stakes seen by the other side, about to act in `position` (its view).
    pub fn for_opponent(&self, position: &Position) -> Stakes {
        let s = self.situation;
        let holder = match s.holder {
            CubeHolder::Centred => CubeHolder::Centred,
            CubeHolder::OnRoll => CubeHolder::Opponent,
            CubeHolder::Opponent => CubeHolder::OnRoll,
        };
        let score = match s.score {
            Score::Money => Score::Money,
            Score::Match {
                on_roll_away,
                opponent_away,
                crawford,
            } => Score::Match {
                on_roll_away: opponent_away,
                opponent_away: on_roll_away,
                crawford,
            },
        };
        Stakes {
            situation: CubeSituation {
                value: s.value,
                holder,
                score,
                race: position.is_race(),
            },
        }
    }

    /// The side's cube decision with cubeless chances `p` (the side on roll).
    pub fn cube_advice(&self, p: &Probabilities) -> CubeAdvice {
        cube_advice(p, &self.situation)
    }

    /// The side's cubeful equity after a play that leaves it chances `p`, the opponent
    /// then on roll with its own cube decision, taken as it should be.
    pub fn after_play(&self, p: &Probabilities, after: &Position) -> f64 {
        let theirs = self.for_opponent(&after.flipped());
        let advice = theirs.cube_advice(&p.inverted());
        self.opposite(best_equity(&advice))
    }

    /// The side's equity when the opponent's is `equity` (its complement in a match).
    pub fn opposite(&self, equity: f64) -> f64 {
        match self.situation.score {
            Score::Money => -equity,
            Score::Match { .. } => 1.0 - equity,
        }
    }

    /// `equity` (money points, or a match winning chance) as normalised equity: money
    /// per point of the cube, or GNU Backgammon's mapping of the chances of winning and
    /// losing a game at this cube to +1 and −1.
    pub fn normalise(&self, equity: f64) -> f64 {
        match self.game_outcomes() {
            None => equity / f64::from(self.situation.value),
            Some((win, lose)) if win - lose > 1e-9 => (2.0 * equity - win - lose) / (win - lose),
            Some(_) => 2.0 * equity - 1.0,
        }
    }

    /// What one point of normalised equity is worth here: the cube's value in money
    /// points, or in a match the match winning chances between winning and losing a game
    /// at this cube, halved (GNU Backgammon's "cost" of an error or of luck).
    pub fn point_worth(&self) -> f64 {
        match self.game_outcomes() {
            None => f64::from(self.situation.value),
            Some((win, lose)) if win - lose > 1e-9 => (win - lose) / 2.0,
            Some(_) => 0.5,
        }
    }

    /// In a match, the side's match winning chances after winning and after losing a
    /// game at this cube (single, not gammons); none in a money session.
    fn game_outcomes(&self) -> Option<(f64, f64)> {
        let Score::Match {
            on_roll_away,
            opponent_away,
            crawford,
        } = self.situation.score
        else {
            return None;
        };
        let value = self.situation.value;
        let met = MatchEquityTable::kazaross_xg2();
        let post = crawford != CrawfordState::Pending;
        let win = met.win_chance_capped(on_roll_away.saturating_sub(value), opponent_away, post);
        let lose = met.win_chance_capped(on_roll_away, opponent_away.saturating_sub(value), post);
        Some((win, lose))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(score: Score, value: u32) -> Stakes {
        Stakes {
            situation: CubeSituation {
                value,
                holder: CubeHolder::Centred,
                score,
                race: false,
            },
        }
    }

    /// 5 away against 3 away, the cube at 2 in the middle.
    fn five_away_against_three_at_2() -> Stakes {
        at(
            Score::Match {
                on_roll_away: 5,
                opponent_away: 3,
                crawford: CrawfordState::Pending,
            },
            2,
        )
    }

    /// There, the match winning chances after winning and after losing a game, from the
    /// table.
    fn winning_and_losing_a_game_at_2() -> (f64, f64) {
        let met = MatchEquityTable::kazaross_xg2();
        let win = f64::from(met.win_chance(3, 3, false).unwrap());
        let lose = f64::from(met.win_chance(5, 1, false).unwrap());
        (win, lose)
    }

    #[test]
    fn money_equity_is_normalised_per_point_of_the_cube() {
        let stakes = at(Score::Money, 4);
        assert!((stakes.normalise(2.0) - 0.5).abs() < 1e-12);
        assert!((stakes.opposite(0.3) + 0.3).abs() < 1e-12);
    }

    #[test]
    fn match_chances_map_a_won_game_to_one_and_a_lost_game_to_minus_one() {
        let stakes = five_away_against_three_at_2();
        let (win, lose) = winning_and_losing_a_game_at_2();
        assert!((stakes.normalise(win) - 1.0).abs() < 1e-9);
        assert!((stakes.normalise(lose) + 1.0).abs() < 1e-9);
        assert!((stakes.normalise((win + lose) / 2.0)).abs() < 1e-9);
    }

    #[test]
    fn a_point_is_worth_the_cube_in_money_and_half_the_game_at_the_score_in_a_match() {
        assert!((at(Score::Money, 4).point_worth() - 4.0).abs() < 1e-12);
        let stakes = five_away_against_three_at_2();
        let (win, lose) = winning_and_losing_a_game_at_2();
        assert!((stakes.point_worth() - (win - lose) / 2.0).abs() < 1e-12);
        // A loss of 0.1 normalised costs 0.1 × the worth in match winning chances
        let equity = 0.6;
        let lower = stakes.normalise(equity) - 0.1;
        let back = equity - 0.1 * stakes.point_worth();
        assert!((stakes.normalise(back) - lower).abs() < 1e-9);
    }

    #[test]
    fn the_opponent_sees_the_score_and_cube_the_other_way_round() {
        let mut stakes = five_away_against_three_at_2();
        stakes.situation.holder = CubeHolder::OnRoll;
        let theirs = stakes.for_opponent(&Position::start());
        assert_eq!(theirs.situation.holder, CubeHolder::Opponent);
        assert_eq!(
            theirs.situation.score,
            Score::Match {
                on_roll_away: 3,
                opponent_away: 5,
                crawford: CrawfordState::Pending,
            }
        );
        // Normalised equities of the two sides are opposite
        let mine = 0.4;
        let normalised_mine = stakes.normalise(mine);
        let normalised_theirs = theirs.normalise(stakes.opposite(mine));
        // (to the table's rounding: its two halves add up to 1 within 1e-4)
        assert!((normalised_mine + normalised_theirs).abs() < 1e-3);
    }
}
