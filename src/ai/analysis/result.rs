//! What a match's games were worth to each player, and that with the luck of the dice
//! taken out: GNU Backgammon's "actual result" and "luck adjusted result".

use serde::Serialize;

use super::super::met::MatchEquityTable;
use super::walk::crawford_of;
use crate::match_play::{CrawfordState, Match};
use crate::rules::{BySide, Side};

/// A player's result over the finished games: match winning chances gained in a match
/// (+0.5 for a match won from its start at 0–0), money points won in a money session.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(all(target_arch = "wasm32", feature = "worker"), derive(tsify::Tsify))]
pub struct AnalysedResult {
    /// What the games came to.
    pub actual: f64,
    /// `actual` with the dice's luck taken out: less the player's luck, plus the
    /// opponent's (each roll's luck times what a point was worth at it).
    pub luck_adjusted: f64,
}

impl AnalysedResult {
    /// The results of White and Red, given White's `actual` result and each player's
    /// summed luck cost.
    pub(super) fn of_both(white_actual: f64, luck_cost: [f64; 2]) -> [AnalysedResult; 2] {
        let white_luck = luck_cost[0] - luck_cost[1];
        [
            AnalysedResult {
                actual: white_actual,
                luck_adjusted: white_actual - white_luck,
            },
            AnalysedResult {
                actual: -white_actual,
                luck_adjusted: -white_actual + white_luck,
            },
        ]
    }
}

/// White's actual result in `m`: in a match, its match winning chance after the last
/// finished game (1 or 0 once the match is won) less before the first game; in a money
/// session, the points of the games it won less those of the games it lost.
pub(super) fn white_actual(m: &Match) -> f64 {
    let Some(target) = m.options().target() else {
        return m
            .games()
            .iter()
            .filter_map(|game| game.result())
            .map(|r| match r.winner {
                Side::White => f64::from(r.points),
                Side::Red => -f64::from(r.points),
            })
            .sum();
    };
    let (start, start_crawford) = match (m.setup(), m.games().first()) {
        (Some(setup), _) => (setup.score, setup.crawford),
        (None, Some(first)) => (first.score_before(), crawford_of(m, first)),
        (None, None) => return 0.0,
    };
    let before = white_chance(target, start, start_crawford);
    let after = match m.result() {
        Some(result) if result.winner == Side::White => 1.0,
        Some(_) => 0.0,
        None => white_chance(target, m.score(), m.crawford()),
    };
    after - before
}

/// White's match winning chance at `score` in a match to `target`, before a game
/// played in Crawford state `crawford`.
fn white_chance(target: u32, score: BySide<u32>, crawford: CrawfordState) -> f64 {
    let away = |points: u32| target.saturating_sub(points);
    let post = crawford == CrawfordState::PostCrawford;
    MatchEquityTable::kazaross_xg2().win_chance_capped(away(score.white), away(score.red), post)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_luck_adjusted_result_takes_each_players_luck_out() {
        // White won 0.5 with 0.16 of luck, Red had −0.27
        let [white, red] = AnalysedResult::of_both(0.5, [0.16, -0.27]);
        assert!((white.actual - 0.5).abs() < 1e-12);
        assert!((white.luck_adjusted - 0.07).abs() < 1e-12);
        assert!((red.actual + 0.5).abs() < 1e-12);
        assert!((red.luck_adjusted + 0.07).abs() < 1e-12);
    }

    #[test]
    fn before_the_crawford_game_the_table_is_the_crawford_games() {
        let met = MatchEquityTable::kazaross_xg2();
        let score = BySide { white: 6, red: 3 };
        let crawford = white_chance(7, score, CrawfordState::CrawfordGame);
        let post = white_chance(7, score, CrawfordState::PostCrawford);
        assert!((crawford - f64::from(met.win_chance(1, 4, false).unwrap())).abs() < 1e-12);
        assert!((post - f64::from(met.win_chance(1, 4, true).unwrap())).abs() < 1e-12);
        assert!(
            (white_chance(7, BySide { white: 0, red: 0 }, CrawfordState::Pending) - 0.5).abs()
                < 1e-6
        );
    }
}
