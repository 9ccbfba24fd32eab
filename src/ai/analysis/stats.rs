//! A player's figures over a match: decisions, losses, error rates, marks and rating,
//! counted as GNU Backgammon counts them (losses in normalised equity, EMG, whatever
//! the cube; error rates in thousandths of that per decision; costs in match winning
//! chances or money points), and the match's result.

use serde::Serialize;

use super::analyser::AnalysedGame;
use super::cube_errors::AnalysedCubeErrors;
use super::decision::{AnalysedDecision, DecisionKind};
use super::fibs::FibsRating;
use super::luck::{LuckRating, RollLuck};
use super::result::{AnalysedResult, WhiteOutcome};
use super::skill::{Mark, Rating};
use crate::rules::Side;

/// Figures for one kind of decision (or all of them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(all(target_arch = "wasm32", feature = "worker"), derive(tsify::Tsify))]
pub struct AnalysisFigures {
    /// Decisions counted: unforced plays, or actual and close cube decisions.
    pub decisions: u32,
    /// Summed loss in EMG.
    pub total_loss: f64,
    /// mEMG per counted decision.
    pub error_rate: f64,
    /// Summed loss as it counted at the score: match winning chances in a match, money
    /// points in a money session (each loss times what a point was worth there).
    pub cost: f64,
    /// Decisions marked doubtful (?!).
    pub doubtful: u32,
    /// Decisions marked bad (?).
    pub bad: u32,
    /// Decisions marked very bad (??).
    pub very_bad: u32,
}

impl AnalysisFigures {
    fn add(&mut self, decision: &AnalysedDecision) {
        self.decisions += 1;
        self.total_loss += decision.loss;
        self.cost += decision.loss * decision.point_worth;
        match decision.mark {
            Mark::None => {}
            Mark::Doubtful => self.doubtful += 1,
            Mark::Bad => self.bad += 1,
            Mark::VeryBad => self.very_bad += 1,
        }
        self.error_rate = 1000.0 * self.total_loss / f64::from(self.decisions);
    }
}

/// A player's dice: the luck of every roll, forced plays included.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(all(target_arch = "wasm32", feature = "worker"), derive(tsify::Tsify))]
pub struct AnalysedLuck {
    /// Rolls judged, forced plays included.
    pub rolls: u32,
    /// Summed luck in EMG.
    pub total: f64,
    /// mEMG per roll.
    pub rate: f64,
    /// Summed luck as it counted at the score: match winning chances in a match, money
    /// points in a money session.
    pub cost: f64,
    /// Rolls with luck below −0.6.
    pub very_unlucky: u32,
    /// Rolls with luck below −0.3.
    pub unlucky: u32,
    /// Rolls with luck above 0.3.
    pub lucky: u32,
    /// Rolls with luck above 0.6.
    pub very_lucky: u32,
    /// GNU Backgammon's word for the player's dice.
    pub rating: LuckRating,
}

impl Default for AnalysedLuck {
    fn default() -> AnalysedLuck {
        AnalysedLuck {
            rolls: 0,
            total: 0.0,
            rate: 0.0,
            cost: 0.0,
            very_unlucky: 0,
            unlucky: 0,
            lucky: 0,
            very_lucky: 0,
            rating: LuckRating::None,
        }
    }
}

impl AnalysedLuck {
    /// The luck of `side`'s rolls among `decisions` (of both sides).
    pub(super) fn of<'a>(
        side: Side,
        decisions: impl IntoIterator<Item = &'a AnalysedDecision>,
    ) -> AnalysedLuck {
        let mut luck = AnalysedLuck::default();
        for decision in decisions.into_iter().filter(|d| d.side == side) {
            if let Some(roll) = decision.luck {
                luck.add(roll, decision.point_worth);
            }
        }
        luck
    }

    fn add(&mut self, luck: f64, point_worth: f64) {
        self.rolls += 1;
        self.total += luck;
        self.cost += luck * point_worth;
        match RollLuck::of_luck(luck) {
            RollLuck::VeryUnlucky => self.very_unlucky += 1,
            RollLuck::Unlucky => self.unlucky += 1,
            RollLuck::None => {}
            RollLuck::Lucky => self.lucky += 1,
            RollLuck::VeryLucky => self.very_lucky += 1,
        }
        self.rate = 1000.0 * self.total / f64::from(self.rolls);
        self.rating = LuckRating::of_rate(self.rate);
    }
}

/// One player's figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(all(target_arch = "wasm32", feature = "worker"), derive(tsify::Tsify))]
pub struct AnalysedPlayer {
    /// The player's name in the match file.
    pub name: String,
    /// The side the player had.
    pub side: Side,
    /// The checker plays' figures.
    pub checker: AnalysisFigures,
    /// Plays with a single legal choice (not counted in `checker`).
    pub forced: u32,
    /// The cube decisions' figures.
    pub cube: AnalysisFigures,
    /// Every turn the player could have doubled, close or not, and every take.
    pub cube_considered: u32,
    /// The cube decisions that gave something away, by kind.
    pub cube_errors: AnalysedCubeErrors,
    /// Checker plays and cube decisions together.
    pub overall: AnalysisFigures,
    /// GNU Backgammon's rating word for the overall error rate.
    pub rating: Rating,
    /// The player's losses in mEMG per play of the match, both players' plays counted,
    /// forced ones too: the error rate Snowie gives (GNU Backgammon's "Snowie error
    /// rate"), about half `overall.error_rate` as it counts about twice the plays.
    pub snowie_error_rate: f64,
    /// In a match: the absolute FIBS rating the error rates stand for; `None` in a
    /// money session, or when the player had no decision to count.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(all(target_arch = "wasm32", feature = "worker"), tsify(optional))]
    pub fibs_rating: Option<FibsRating>,
    /// The player's dice.
    pub luck: AnalysedLuck,
    /// What the finished games came to, and with the dice's luck taken out.
    pub result: AnalysedResult,
}

impl AnalysedPlayer {
    /// White's and Red's figures over the judged `games` of a match whose finished
    /// games came to `outcome`.
    pub(super) fn both(games: &[AnalysedGame], outcome: &WhiteOutcome) -> [AnalysedPlayer; 2] {
        let decisions = || games.iter().flat_map(|g| g.decisions.iter());
        let mut players =
            [Side::White, Side::Red].map(|side| AnalysedPlayer::of(side, decisions()));
        for player in &mut players {
            player.luck = AnalysedLuck::of(player.side, decisions());
        }
        let plays: u32 = players.iter().map(|p| p.checker.decisions + p.forced).sum();
        for (player, result) in players.iter_mut().zip(outcome.results(games)) {
            player.result = result;
            if plays > 0 {
                player.snowie_error_rate = 1000.0 * player.overall.total_loss / f64::from(plays);
            }
            let decided = player.checker.decisions + player.cube.decisions > 0;
            player.fibs_rating = (outcome.length() > 0 && decided).then(|| {
                FibsRating::of_error_rates(
                    player.checker.error_rate / 1000.0,
                    player.cube.error_rate / 1000.0,
                    outcome.length(),
                )
            });
        }
        players
    }

    /// The figures of `side` over `decisions` (of both sides), named after the side,
    /// but for its luck and what needs both sides or the match ([`AnalysedPlayer::both`]).
    fn of<'a>(side: Side, decisions: impl Iterator<Item = &'a AnalysedDecision>) -> AnalysedPlayer {
        let mut stats = AnalysedPlayer {
            name: side.to_string(),
            side,
            checker: AnalysisFigures::default(),
            forced: 0,
            cube: AnalysisFigures::default(),
            cube_considered: 0,
            cube_errors: AnalysedCubeErrors::default(),
            overall: AnalysisFigures::default(),
            rating: Rating::Awful,
            snowie_error_rate: 0.0,
            fibs_rating: None,
            luck: AnalysedLuck::default(),
            result: AnalysedResult::default(),
        };
        for decision in decisions.filter(|d| d.side == side) {
            match decision.kind {
                DecisionKind::Checker if decision.forced => stats.forced += 1,
                DecisionKind::Checker => stats.checker.add(decision),
                DecisionKind::Cube => {
                    stats.cube_considered += 1;
                    stats.cube_errors.add(decision);
                    if decision.counted {
                        stats.cube.add(decision);
                    }
                }
            }
            if decision.counted {
                stats.overall.add(decision);
            }
        }
        stats.rating = Rating::of_error_rate(stats.overall.error_rate);
        stats
    }
}
