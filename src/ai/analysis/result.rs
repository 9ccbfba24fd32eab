//! What a match's games were worth to each player, and that with the luck of the dice
//! taken out: GNU Backgammon's "actual result" and "luck adjusted result", with what
//! it derives from them (a money session's points per game, a match's rating
//! difference).

use serde::Serialize;

use super::super::met::MatchEquityTable;
use super::analyser::AnalysedGame;
use super::fibs::rating_difference;
use super::stats::AnalysedLuck;
use super::walk::crawford_of;
use crate::match_play::{CrawfordState, Match};
use crate::rules::{BySide, Side};

/// The normal distribution's two-sided 95% quantile.
const Z_95: f64 = 1.959_96;

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
    /// In a match: the FIBS rating difference by which the player would win the match
    /// with a chance of 50% plus the luck-adjusted result (GNU Backgammon's "luck based
    /// FIBS rating diff."); `None` in a money session, or where that chance is not
    /// strictly between 0 and 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(all(target_arch = "wasm32", feature = "worker"), tsify(optional))]
    pub rating_difference: Option<f64>,
    /// In a money session of two finished games or more: the results per game.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(all(target_arch = "wasm32", feature = "worker"), tsify(optional))]
    pub per_game: Option<PerGame>,
}

/// A money session's results per game, with 95% confidence intervals over its games
/// (GNU Backgammon's "advantage in ppg").
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(all(target_arch = "wasm32", feature = "worker"), derive(tsify::Tsify))]
pub struct PerGame {
    /// Finished games counted.
    pub games: u32,
    /// Points won per game.
    pub actual: f64,
    /// Half the width of the 95% confidence interval of `actual`.
    pub actual_interval: f64,
    /// Luck-adjusted points per game.
    pub luck_adjusted: f64,
    /// Half the width of the 95% confidence interval of `luck_adjusted`.
    pub luck_adjusted_interval: f64,
}

impl PerGame {
    /// The figures of a player who won `actual[g]` points in game `g`, and
    /// `luck_adjusted[g]` with the luck out; `None` below two games.
    fn of(actual: &[f64], luck_adjusted: &[f64]) -> Option<PerGame> {
        let games = u32::try_from(actual.len()).ok().filter(|&n| n >= 2)?;
        let (actual, actual_interval) = mean_and_interval(actual);
        let (luck_adjusted, luck_adjusted_interval) = mean_and_interval(luck_adjusted);
        Some(PerGame {
            games,
            actual,
            actual_interval,
            luck_adjusted,
            luck_adjusted_interval,
        })
    }
}

/// The mean of `values` (two or more) and half the width of its 95% confidence
/// interval, from their sample variance.
fn mean_and_interval(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, Z_95 * (variance / n).sqrt())
}

/// What a match's finished games came to for White: the whole, and in a money session
/// game by game.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct WhiteOutcome {
    /// The match length, 0 for a money session.
    length: u32,
    /// White's actual result: in a match, the match winning chances its finished games
    /// gained ([`white_match_actual`]); in a money session, the points they won.
    actual: f64,
    /// In a money session, White's points in each game, in order (`None` for a game not
    /// finished); empty in a match.
    game_points: Vec<Option<f64>>,
}

impl WhiteOutcome {
    /// The outcome of `m` so far.
    pub(super) fn of(m: &Match) -> WhiteOutcome {
        let Some(target) = m.options().target() else {
            let game_points: Vec<Option<f64>> = m
                .games()
                .iter()
                .map(|game| game.result().map(|r| signed_points(r.winner, r.points)))
                .collect();
            return WhiteOutcome {
                length: 0,
                actual: game_points.iter().flatten().sum(),
                game_points,
            };
        };
        WhiteOutcome {
            length: target,
            actual: white_match_actual(m, target),
            game_points: Vec::new(),
        }
    }

    /// The match length, 0 for a money session.
    pub(super) fn length(&self) -> u32 {
        self.length
    }

    /// White's and Red's results, given `games`, the judged decisions of the match.
    pub(super) fn results(&self, games: &[AnalysedGame]) -> [AnalysedResult; 2] {
        let luck_cost =
            |side: Side, game: &AnalysedGame| AnalysedLuck::of(side, &game.decisions).cost;
        // White's luck less Red's, game by game and over the match
        let white_luck: Vec<(u32, f64)> = games
            .iter()
            .map(|g| {
                (
                    g.number,
                    luck_cost(Side::White, g) - luck_cost(Side::Red, g),
                )
            })
            .collect();
        let white_adjusted = self.actual - white_luck.iter().map(|&(_, luck)| luck).sum::<f64>();
        let difference = |adjusted: f64| {
            (self.length > 0)
                .then(|| rating_difference(0.5 + adjusted, self.length))
                .flatten()
        };
        let (mut white_games, mut white_adjusted_games) = (Vec::new(), Vec::new());
        for (number, points) in (1..).zip(&self.game_points) {
            let Some(points) = points else { continue };
            let luck: f64 = white_luck
                .iter()
                .filter(|&&(game, _)| game == number)
                .map(|&(_, luck)| luck)
                .sum();
            white_games.push(*points);
            white_adjusted_games.push(points - luck);
        }
        let negated = |values: &[f64]| values.iter().map(|v| -v).collect::<Vec<f64>>();
        [
            AnalysedResult {
                actual: self.actual,
                luck_adjusted: white_adjusted,
                rating_difference: difference(white_adjusted),
                per_game: PerGame::of(&white_games, &white_adjusted_games),
            },
            AnalysedResult {
                actual: -self.actual,
                luck_adjusted: -white_adjusted,
                rating_difference: difference(-white_adjusted),
                per_game: PerGame::of(&negated(&white_games), &negated(&white_adjusted_games)),
            },
        ]
    }
}

/// `points` won by `winner`, counted for White.
fn signed_points(winner: Side, points: u32) -> f64 {
    match winner {
        Side::White => f64::from(points),
        Side::Red => -f64::from(points),
    }
}

/// White's actual result in `m`, a match to `target` points: its match winning chance
/// after the last finished game (1 or 0 once the match is won) less before the first
/// game.
fn white_match_actual(m: &Match, target: u32) -> f64 {
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
    use super::super::decision::{AnalysedDecision, DecisionKind};
    use super::*;

    /// A game numbered `number` in which White's rolls had `white` luck and Red's `red`,
    /// each at `point_worth`.
    fn game(number: u32, white: f64, red: f64, point_worth: f64) -> AnalysedGame {
        let roll = |side: Side, luck: f64| AnalysedDecision {
            luck: Some(luck),
            point_worth,
            ..AnalysedDecision::sample(side, DecisionKind::Checker)
        };
        AnalysedGame {
            number,
            decisions: vec![roll(Side::White, white), roll(Side::Red, red)],
        }
    }

    #[test]
    fn the_luck_adjusted_result_takes_each_players_luck_out() {
        // A 5-point match White won from 0–0 with 1.6 of luck, Red had −2.7, at 0.1 a point
        let outcome = WhiteOutcome {
            length: 5,
            actual: 0.5,
            game_points: Vec::new(),
        };
        let [white, red] = outcome.results(&[game(1, 1.0, -2.0, 0.1), game(2, 0.6, -0.7, 0.1)]);
        assert!((white.actual - 0.5).abs() < 1e-12);
        assert!((white.luck_adjusted - 0.07).abs() < 1e-12);
        assert!((red.actual + 0.5).abs() < 1e-12);
        assert!((red.luck_adjusted + 0.07).abs() < 1e-12);
        // a 57% match for White, a 43% one for Red, at 5 points
        let expected = rating_difference(0.57, 5).unwrap();
        assert!((white.rating_difference.unwrap() - expected).abs() < 1e-9);
        assert!((red.rating_difference.unwrap() + expected).abs() < 1e-9);
        assert_eq!(white.per_game, None);
    }

    #[test]
    fn a_money_session_gives_points_per_game_over_its_finished_games() {
        // White won 1, lost 2, won 4, and the fourth game is not over
        let outcome = WhiteOutcome {
            length: 0,
            actual: 3.0,
            game_points: vec![Some(1.0), Some(-2.0), Some(4.0), None],
        };
        // White's luck less Red's: +0.5 in game 1, −1.0 in game 3, +2 in the unfinished 4th
        let games = [
            game(1, 0.25, -0.25, 1.0),
            game(3, -0.5, 0.0, 2.0),
            game(4, 2.0, 0.0, 1.0),
        ];
        let [white, red] = outcome.results(&games);
        assert_eq!(white.rating_difference, None);
        let per_game = white.per_game.unwrap();
        assert_eq!(per_game.games, 3);
        assert!((per_game.actual - 1.0).abs() < 1e-12);
        // the sample variance of 1, −2, 4 is 9: 1.96 × √(9 / 3)
        assert!((per_game.actual_interval - Z_95 * 3f64.sqrt()).abs() < 1e-12);
        // luck-adjusted games: 0.5, −2, 5
        assert!((per_game.luck_adjusted - 3.5 / 3.0).abs() < 1e-12);
        let red_per_game = red.per_game.unwrap();
        assert!((red_per_game.actual + 1.0).abs() < 1e-12);
        assert!((red_per_game.actual_interval - per_game.actual_interval).abs() < 1e-12);
        // over the whole session, the unfinished game's luck counts too
        assert!((white.luck_adjusted - (3.0 - 1.5)).abs() < 1e-12);
        // one finished game gives no figures per game
        let one = WhiteOutcome {
            length: 0,
            actual: 1.0,
            game_points: vec![Some(1.0), None],
        };
        assert_eq!(one.results(&games)[0].per_game, None);
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
