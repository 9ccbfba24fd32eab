//! Judging a match's decisions one at a time, so that a caller can show progress and
//! stop between two.

use serde::Serialize;

use super::super::cube::{CubeAction, CubeAdvice, Score};
use super::super::evaluator::{Evaluator, Probabilities};
use super::decision::{BoardMove, Decision, DecisionKind};
use super::lookahead::{Depth, Lookahead};
use super::luck::LuckMeter;
use super::skill::Mark;
use super::stakes::{best_equity, Stakes};
use super::stats::PlayerStats;
use super::walk::{pending_decisions, Pending, PendingKind};
use crate::match_play::{board_point, Match};
use crate::notation::{PlayString, PositionId};
use crate::rules::{Dice, LegalPlay, MoveGen, Play, Side};

/// How many of the best plays at 0-ply are looked at again at the analysis depth.
const CANDIDATES: usize = 5;
/// Plays further than this below the best at 0-ply (cubeless money equity) are not.
const CANDIDATE_MARGIN: f32 = 0.12;
/// At 2-ply, cube decisions are judged again at 2-ply when doubling is within
/// [`CLOSE_CUBE`] and this of not doubling at 1-ply.
const NEAR_MARGIN: f64 = 0.04;
/// At 2-ply, how many of the best 1-ply plays are looked at again.
const DEEP_CANDIDATES: usize = 2;
/// Plays further than this below the best at 1-ply (normalised equity) are not.
const DEEP_MARGIN: f64 = 0.04;
/// A cube decision counts when doubling is within this of not doubling (normalised),
/// as in GNU Backgammon.
const CLOSE_CUBE: f64 = 0.16;

/// One game's judged decisions, in the order made.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameAnalysis {
    pub number: u32,
    pub decisions: Vec<Decision>,
}

/// A whole match judged: each player's figures and every decision.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchAnalysis {
    /// The match length in points, 0 for a money session.
    pub length: u32,
    /// White's figures, then Red's.
    pub players: [PlayerStats; 2],
    pub games: Vec<GameAnalysis>,
}

/// Judges the decisions of one match, one at a time.
#[derive(Debug)]
pub struct Analyser<'a> {
    look: Lookahead<'a>,
    luck: LuckMeter<'a>,
    movegen: MoveGen,
    depth: Depth,
    length: u32,
    pending: Vec<Pending>,
    done: usize,
    games: Vec<GameAnalysis>,
}

impl<'a> Analyser<'a> {
    /// An analyser of every decision of `m` so far, looking `depth` ahead.
    #[must_use]
    pub fn new(evaluator: &'a Evaluator, m: &Match, depth: Depth) -> Analyser<'a> {
        Analyser {
            look: Lookahead::new(evaluator, m.options().rules()),
            luck: LuckMeter::new(evaluator, m.options().rules()),
            movegen: MoveGen::new(),
            depth,
            length: m.options().target().unwrap_or(0),
            pending: pending_decisions(m),
            done: 0,
            games: Vec::new(),
        }
    }

    /// How many decisions there are to judge (turns that could start with a double
    /// count as one).
    #[must_use]
    pub fn total(&self) -> usize {
        self.pending.len()
    }

    /// How many have been judged.
    #[must_use]
    pub fn done(&self) -> usize {
        self.done
    }

    /// Judges the next decision; `false` once every one is judged.
    pub fn step(&mut self) -> bool {
        let Some(next) = self.pending.get(self.done).cloned() else {
            return false;
        };
        self.done += 1;
        let judged = match next.what {
            PendingKind::Checker { dice, played } => {
                vec![self.checker(&next, dice, &played)]
            }
            PendingKind::Cube { doubled, taken } => self.cube(&next, doubled, taken),
        };
        if self.games.last().is_none_or(|g| g.number != next.game) {
            self.games.push(GameAnalysis {
                number: next.game,
                decisions: Vec::new(),
            });
        }
        if let Some(game) = self.games.last_mut() {
            game.decisions.extend(judged);
        }
        self.done < self.pending.len()
    }

    /// Judges only the last `count` decisions (the tutor's question) and gives what
    /// it found.
    pub fn judge_last(&mut self, count: usize) -> Vec<Decision> {
        self.done = self.pending.len().saturating_sub(count);
        self.games.clear();
        while self.step() {}
        self.games.drain(..).flat_map(|g| g.decisions).collect()
    }

    /// Judges whatever is left and gives the analysis.
    #[must_use]
    pub fn finish(mut self) -> MatchAnalysis {
        while self.step() {}
        self.analysis()
    }

    /// The analysis of the decisions judged so far.
    #[must_use]
    pub fn analysis(&self) -> MatchAnalysis {
        let decisions = || self.games.iter().flat_map(|g| g.decisions.iter());
        MatchAnalysis {
            length: self.length,
            players: [Side::White, Side::Red].map(|side| PlayerStats::of(side, decisions())),
            games: self.games.clone(),
        }
    }

    fn checker(&mut self, at: &Pending, dice: Dice, played: &Play) -> Decision {
        let rules = self.look.rules();
        let mut plays: Vec<LegalPlay> = self.movegen.generate(&at.position, dice, rules).to_vec();
        let mut after = at.position;
        // A recorded play is legal; should it not be found, it is judged all the same.
        let _ = after.apply_play(played);
        let played_index = match plays.iter().position(|p| p.position == after) {
            Some(index) => index,
            None => {
                plays.push(LegalPlay {
                    play: *played,
                    position: after,
                });
                plays.len() - 1
            }
        };
        let forced = plays.len() <= 1;
        let evaluator = self.look.evaluator;
        let mut order: Vec<(usize, f32)> = plays
            .iter()
            .enumerate()
            .map(|(i, p)| (i, evaluator.equity_after(&p.position, rules)))
            .collect();
        order.sort_by(|a, b| b.1.total_cmp(&a.1));
        let top = order.first().map_or(0.0, |&(_, e)| e);
        let mut candidates: Vec<usize> = order
            .iter()
            .take(CANDIDATES)
            .filter(|&&(_, e)| e >= top - CANDIDATE_MARGIN)
            .map(|&(i, _)| i)
            .collect();
        if !candidates.contains(&played_index) {
            candidates.push(played_index);
        }
        if forced {
            candidates = vec![played_index];
        }
        let first = self.depth.min(Depth::OnePly);
        let mut judged = self.judge_plays(at, &plays, &candidates, first);
        if self.depth == Depth::TwoPly && judged.len() > 1 {
            // The best few at 1-ply, and the played one, looked at again at 2-ply
            // (unless the played one is the only one near the best: it is the best).
            let top = at.stakes.normalise(judged[0].1);
            let mut deeper: Vec<usize> = judged
                .iter()
                .take(DEEP_CANDIDATES)
                .filter(|&&(_, e, _)| at.stakes.normalise(e) >= top - DEEP_MARGIN)
                .map(|&(i, _, _)| i)
                .collect();
            if !deeper.contains(&played_index) {
                deeper.push(played_index);
            }
            if deeper.len() > 1 {
                judged = self.judge_plays(at, &plays, &deeper, Depth::TwoPly);
            }
        }
        let (best_index, best_raw, _) = judged[0];
        let (_, played_raw, played_chances) = judged
            .iter()
            .copied()
            .find(|&(i, _, _)| i == played_index)
            .unwrap_or(judged[0]);
        let best_equity = at.stakes.normalise(best_raw);
        let played_equity = at.stakes.normalise(played_raw);
        let loss = if forced {
            0.0
        } else {
            (best_equity - played_equity).max(0.0)
        };
        let written = |play: &Play| PlayString::from_play(play).to_string();
        Decision {
            event: at.event,
            side: at.side,
            kind: DecisionKind::Checker,
            dice: Some([dice.values().0, dice.values().1]),
            played: written(played),
            best: written(&plays[best_index].play),
            played_equity,
            best_equity,
            loss,
            mark: if forced {
                Mark::None
            } else {
                Mark::of_loss(loss)
            },
            forced,
            counted: !forced,
            cube: at.stakes.situation.value,
            win_chance: f64::from(played_chances.win),
            white_chance: white_chance(at, played_raw),
            luck: Some(self.luck.luck(&at.position, &at.stakes, dice)),
            position_id: PositionId(at.position).to_string(),
            played_moves: board_moves(at.side, played),
            best_moves: board_moves(at.side, &plays[best_index].play),
        }
    }

    /// The plays `candidates` of `plays` judged at `depth`, best first: each one's index,
    /// raw cubeful equity and chances.
    fn judge_plays(
        &mut self,
        at: &Pending,
        plays: &[LegalPlay],
        candidates: &[usize],
        depth: Depth,
    ) -> Vec<(usize, f64, Probabilities)> {
        let mut judged: Vec<(usize, f64, Probabilities)> = candidates
            .iter()
            .map(|&i| {
                let position = plays[i].position;
                let chances = self.look.after_play(&position, depth);
                (i, at.stakes.after_play(&chances, &position), chances)
            })
            .collect();
        judged.sort_by(|a, b| b.1.total_cmp(&a.1));
        judged
    }

    /// The doubling decision, and the answer to a double.
    fn cube(&mut self, at: &Pending, doubled: bool, taken: Option<bool>) -> Vec<Decision> {
        let mut chances = self
            .look
            .before_roll(&at.position, self.depth.min(Depth::OnePly));
        let mut advice = at.stakes.cube_advice(&chances);
        if self.depth == Depth::TwoPly && (doubled || near_double(&at.stakes, &advice)) {
            chances = self.look.before_roll(&at.position, Depth::TwoPly);
            advice = at.stakes.cube_advice(&chances);
        }
        if advice.action == CubeAction::Unavailable && !doubled {
            return Vec::new();
        }
        let stakes = &at.stakes;
        let no_double = stakes.normalise(advice.no_double);
        let take = stakes.normalise(advice.double_take);
        let pass = stakes.normalise(advice.double_pass);
        let double = take.min(pass);
        let optimal = stakes.normalise(best_equity(&advice));
        let best = match advice.action {
            CubeAction::DoubleTake | CubeAction::DoublePass => "double",
            CubeAction::TooGoodToDouble => "too good",
            CubeAction::NoDouble | CubeAction::Unavailable => "no double",
        };
        let (played, played_equity, played_raw) = if doubled {
            let raw = advice.double_take.min(advice.double_pass);
            ("double", double, raw)
        } else {
            ("no double", no_double, advice.no_double)
        };
        let loss = (optimal - played_equity).max(0.0);
        let position_id = PositionId(at.position).to_string();
        let decision =
            |side: Side, event: usize, played: &str, best: &str, equities: (f64, f64), raw: f64| {
                let (played_equity, best_equity) = equities;
                let loss = (best_equity - played_equity).max(0.0);
                let win = f64::from(chances.win);
                Decision {
                    event,
                    side,
                    kind: DecisionKind::Cube,
                    dice: None,
                    played: played.to_string(),
                    best: best.to_string(),
                    played_equity,
                    best_equity,
                    loss,
                    mark: Mark::of_loss(loss),
                    forced: false,
                    counted: doubled || double > no_double - CLOSE_CUBE,
                    cube: stakes.situation.value,
                    win_chance: if side == at.side { win } else { 1.0 - win },
                    white_chance: white_chance(at, raw),
                    luck: None,
                    position_id: position_id.clone(),
                    played_moves: Vec::new(),
                    best_moves: Vec::new(),
                }
            };
        let mut judged = vec![decision(
            at.side,
            at.event,
            played,
            best,
            (played_equity, played_equity + loss),
            played_raw,
        )];
        if let Some(taken) = taken {
            // The taker's equities are the doubler's, negated.
            let (take_theirs, pass_theirs) = (-take, -pass);
            let best = if take_theirs >= pass_theirs {
                "take"
            } else {
                "pass"
            };
            let (played, equity, raw) = if taken {
                ("take", take_theirs, advice.double_take)
            } else {
                ("pass", pass_theirs, advice.double_pass)
            };
            judged.push(decision(
                at.side.other(),
                at.event + 1,
                played,
                best,
                (equity, take_theirs.max(pass_theirs)),
                raw,
            ));
        }
        judged
    }
}

/// Whether doubling is near enough to not doubling, at 1-ply, to be judged at 2-ply.
fn near_double(stakes: &Stakes, advice: &CubeAdvice) -> bool {
    if advice.action == CubeAction::Unavailable {
        return false;
    }
    let double = stakes.normalise(advice.double_take.min(advice.double_pass));
    double > stakes.normalise(advice.no_double) - CLOSE_CUBE - NEAR_MARGIN
}

/// White's match winning chance (money: White's equity) from the deciding side's raw
/// equity.
fn white_chance(at: &Pending, raw: f64) -> f64 {
    match (at.side, at.stakes.situation.score) {
        (Side::White, _) => raw,
        (Side::Red, Score::Money) => -raw,
        (Side::Red, Score::Match { .. }) => 1.0 - raw,
    }
}

/// A play's moves on White's board.
fn board_moves(side: Side, play: &Play) -> Vec<BoardMove> {
    play.steps()
        .iter()
        .map(|s| BoardMove {
            from: board_point(side, s.from),
            to: board_point(side, s.to),
        })
        .collect()
}

/// Judges every decision of `m` at `depth`.
#[must_use]
pub fn analyse_match(evaluator: &Evaluator, m: &Match, depth: Depth) -> MatchAnalysis {
    Analyser::new(evaluator, m, depth).finish()
}
