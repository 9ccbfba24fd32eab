//! Judging a match's decisions one at a time, so that a caller can show progress and
//! stop between two.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::Serialize;

use super::super::cube::{best_equity, CubeAction, CubeAdvice, Score};
use super::super::cubeful::CubeLook;
use super::super::evaluator::{Evaluator, Probabilities};
use super::decision::{AnalysedDecision, BoardMove, Candidate, DecisionKind};
use super::lookahead::{Depth, Lookahead};
use super::luck::LuckMeter;
use super::result::WhiteOutcome;
use super::share::{fingerprint, fits, turns, AnalysisShare, Judged, Share, ShareError};
use super::skill::Mark;
use super::stakes::Stakes;
use super::stats::AnalysedPlayer;
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
/// In a thorough analysis ([`Depth::ThreePly`]), a checker play that 2-ply finds to lose
/// at least this (normalised) is judged again at 3-ply, beside the best play.
const RECHECK_LOSS: f64 = 0.02;
/// A cube decision counts when doubling is within this of not doubling (normalised),
/// as in GNU Backgammon.
const CLOSE_CUBE: f64 = 0.16;

/// One game's judged decisions, in the order made.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(all(target_arch = "wasm32", feature = "worker"), derive(tsify::Tsify))]
pub struct AnalysedGame {
    /// The game's number in the match, from 1.
    pub number: u32,
    /// Its judged decisions, in the order made.
    pub decisions: Vec<AnalysedDecision>,
}

/// A whole match judged: each player's figures and every decision.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(all(target_arch = "wasm32", feature = "worker"), derive(tsify::Tsify))]
pub struct MatchAnalysis {
    /// The match length in points, 0 for a money session.
    pub length: u32,
    /// How far ahead it looked (`Depth::plies`): 0 to 2 plies, or 3 for a thorough
    /// analysis (2-ply, every error looked at again at 3-ply).
    #[cfg_attr(
        all(target_arch = "wasm32", feature = "worker"),
        tsify(type = "0 | 1 | 2 | 3")
    )]
    pub plies: u8,
    /// White's figures, then Red's.
    pub players: [AnalysedPlayer; 2],
    /// Every game with its judged decisions, in the order played.
    pub games: Vec<AnalysedGame>,
}

/// Judges the decisions of one match, or of a share of them ([`Share`]), one at a time.
#[derive(Debug)]
pub struct Analyser<'a> {
    look: Lookahead<'a>,
    luck: LuckMeter<'a>,
    movegen: MoveGen,
    depth: Depth,
    /// What the match's finished games came to for White, and its length.
    outcome: WhiteOutcome,
    /// Every decision of the match, whatever the share.
    pending: Vec<Pending>,
    /// The turn of each ([`turns`]).
    turns: Vec<usize>,
    fingerprint: String,
    share: Share,
    /// The indices in `pending` of the share's decisions, in order.
    order: Vec<usize>,
    done: usize,
    judged: Vec<Judged>,
}

impl<'a> Analyser<'a> {
    /// An analyser of every decision of `m` so far, looking `depth` ahead.
    #[must_use]
    pub fn new(evaluator: &'a Evaluator, m: &Match, depth: Depth) -> Analyser<'a> {
        Analyser::of_share(evaluator, m, depth, Share::WHOLE)
    }

    /// An analyser of `share` of the decisions of `m` so far, looking `depth` ahead:
    /// its [`AnalysisShare`] and the others' make the match's analysis
    /// ([`Analyser::assemble`]).
    #[must_use]
    pub fn of_share(
        evaluator: &'a Evaluator,
        m: &Match,
        depth: Depth,
        share: Share,
    ) -> Analyser<'a> {
        let outcome = WhiteOutcome::of(m);
        let pending = pending_decisions(m);
        let turns = turns(&pending);
        let rules = m.options().rules();
        Analyser {
            look: Lookahead::new(evaluator, rules),
            luck: LuckMeter::new(evaluator, rules),
            movegen: MoveGen::new(),
            depth,
            fingerprint: fingerprint(&pending, depth, outcome.length()),
            outcome,
            order: share_order(&turns, share),
            pending,
            turns,
            share,
            done: 0,
            judged: Vec::new(),
        }
    }

    /// An analyser of `share` of the same match at the same depth, reusing this one's
    /// list of decisions (no walk of the match again): for a thread of
    /// [`analyse_match_on`].
    #[must_use]
    fn for_share(&self, share: Share) -> Analyser<'a> {
        let (evaluator, rules) = (self.look.evaluator, self.look.rules());
        Analyser {
            look: Lookahead::new(evaluator, rules),
            luck: LuckMeter::new(evaluator, rules),
            movegen: MoveGen::new(),
            depth: self.depth,
            outcome: self.outcome.clone(),
            fingerprint: self.fingerprint.clone(),
            pending: self.pending.clone(),
            order: share_order(&self.turns, share),
            turns: self.turns.clone(),
            share,
            done: 0,
            judged: Vec::new(),
        }
    }

    /// How many decisions there are to judge (turns that could start with a double
    /// count as one), in the analyser's share.
    #[must_use]
    pub fn total(&self) -> usize {
        self.order.len()
    }

    /// How many decisions there are to judge in the whole match, whatever the share:
    /// what the [`total`](Analyser::total)s of all its shares add up to.
    #[must_use]
    pub fn match_total(&self) -> usize {
        self.pending.len()
    }

    /// How many have been judged.
    #[must_use]
    pub fn done(&self) -> usize {
        self.done
    }

    /// The share of the match's decisions this analyser judges.
    #[must_use]
    pub fn share(&self) -> Share {
        self.share
    }

    /// Judges the next decision; `false` once every one is judged.
    pub fn step(&mut self) -> bool {
        let Some(&at) = self.order.get(self.done) else {
            return false;
        };
        let next = self.pending[at].clone();
        self.done += 1;
        let decisions = match next.what {
            PendingKind::Checker { dice, played } => {
                vec![self.checker(&next, dice, &played)]
            }
            PendingKind::Cube { doubled, taken } => self.cube(&next, doubled, taken),
        };
        self.judged.push(Judged { at, decisions });
        self.done < self.order.len()
    }

    /// Judges only the last `count` decisions (the tutor's question) and gives what
    /// it found.
    pub fn judge_last(&mut self, count: usize) -> Vec<AnalysedDecision> {
        self.done = self.order.len().saturating_sub(count);
        self.judged.clear();
        while self.step() {}
        self.judged.drain(..).flat_map(|j| j.decisions).collect()
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
        self.analysis_of(self.judged.iter())
    }

    /// The decisions of the share judged so far, to assemble with the other shares'.
    #[must_use]
    pub fn judged_share(&self) -> AnalysisShare {
        AnalysisShare {
            fingerprint: self.fingerprint.clone(),
            index: self.share.index(),
            count: self.share.count(),
            judged: self.judged.clone(),
        }
    }

    /// Judges whatever is left of the share and gives its decisions.
    #[must_use]
    pub fn finish_share(mut self) -> AnalysisShare {
        while self.step() {}
        AnalysisShare {
            fingerprint: self.fingerprint,
            index: self.share.index(),
            count: self.share.count(),
            judged: self.judged,
        }
    }

    /// The analysis of the whole match put together from `shares` judged by analysers
    /// of the same match at the same depth, each decision by exactly one: the very
    /// analysis [`Analyser::finish`] gives. Uses nothing this analyser judged.
    ///
    /// # Errors
    /// A [`ShareError`] when the shares do not make up the match's decisions (a share
    /// of another match or depth, a decision out of range, outside its share, judged
    /// twice, judged as another decision, or missing).
    pub fn assemble(&self, shares: &[AnalysisShare]) -> Result<MatchAnalysis, ShareError> {
        let total = self.pending.len();
        let mut slots: Vec<Option<&Judged>> = vec![None; total];
        for carried in shares {
            let share = Share::new(carried.index, carried.count)?;
            if carried.fingerprint != self.fingerprint {
                return Err(ShareError::WrongMatch);
            }
            for judged in &carried.judged {
                let at = judged.at;
                let (Some(slot), Some(pending)) = (slots.get_mut(at), self.pending.get(at)) else {
                    return Err(ShareError::OutOfRange { at, total });
                };
                if !share.includes(self.turns[at]) {
                    return Err(ShareError::NotInShare {
                        at,
                        index: share.index(),
                        count: share.count(),
                    });
                }
                if slot.is_some() {
                    return Err(ShareError::JudgedTwice { at });
                }
                if !fits(pending, &judged.decisions) {
                    return Err(ShareError::Mismatched { at });
                }
                *slot = Some(judged);
            }
        }
        if let Some(at) = slots.iter().position(Option::is_none) {
            return Err(ShareError::Missing { at });
        }
        Ok(self.analysis_of(slots.into_iter().flatten()))
    }

    /// The analysis of `judged`, in the order given: games in the order met, each
    /// player's figures over every decision.
    fn analysis_of<'j>(&self, judged: impl Iterator<Item = &'j Judged>) -> MatchAnalysis {
        let mut games: Vec<AnalysedGame> = Vec::new();
        for j in judged {
            let number = self.pending[j.at].game;
            match games.last_mut() {
                Some(game) if game.number == number => {
                    game.decisions.extend(j.decisions.iter().cloned());
                }
                _ => games.push(AnalysedGame {
                    number,
                    decisions: j.decisions.clone(),
                }),
            }
        }
        MatchAnalysis {
            length: self.outcome.length(),
            plies: self.depth.plies(),
            players: AnalysedPlayer::both(&games, &self.outcome),
            games,
        }
    }

    fn checker(&mut self, at: &Pending, dice: Dice, played: &Play) -> AnalysedDecision {
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
        // Each candidate's equity at the deepest it is looked at, and how deep.
        let mut deepest: Vec<(usize, f64, Depth)> =
            judged.iter().map(|&(i, e, _)| (i, e, first)).collect();
        let mut record = |judged: &[(usize, f64, Probabilities)], depth: Depth| {
            for &(i, e, _) in judged {
                if let Some(entry) = deepest.iter_mut().find(|entry| entry.0 == i) {
                    *entry = (i, e, depth);
                }
            }
        };
        if self.depth >= Depth::TwoPly && judged.len() > 1 {
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
                record(&judged, Depth::TwoPly);
            }
        }
        if self.depth == Depth::ThreePly && !forced && judged[0].0 != played_index {
            if let Some(played) = judged.iter().find(|&&(i, _, _)| i == played_index) {
                let loss = at.stakes.normalise(judged[0].1) - at.stakes.normalise(played.1);
                if loss >= RECHECK_LOSS {
                    let both = [judged[0].0, played_index];
                    judged = self.judge_plays(at, &plays, &both, Depth::ThreePly);
                    record(&judged, Depth::ThreePly);
                }
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
        // Deeper first, then best first: the best play leads, as judged last.
        deepest.sort_by(|a, b| b.2.cmp(&a.2).then(b.1.total_cmp(&a.1)));
        let candidates = if forced {
            Vec::new()
        } else {
            deepest
                .iter()
                .map(|&(i, e, depth)| Candidate {
                    play: written(&plays[i].play),
                    equity: at.stakes.normalise(e),
                    plies: depth.plies(),
                })
                .collect()
        };
        AnalysedDecision {
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
            point_worth: at.stakes.point_worth(),
            win_chance: f64::from(played_chances.win),
            white_chance: white_chance(at, played_raw),
            luck: Some(self.luck.luck(&at.position, &at.stakes, dice)),
            position_id: PositionId(at.position).to_string(),
            played_moves: board_moves(at.side, played),
            best_moves: board_moves(at.side, &plays[best_index].play),
            candidates,
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
    fn cube(&mut self, at: &Pending, doubled: bool, taken: Option<bool>) -> Vec<AnalysedDecision> {
        let situation = at.stakes.situation;
        let first = self.depth.min(Depth::OnePly);
        let mut look = self.look.cube_advice(&at.position, &situation, first);
        if self.depth >= Depth::TwoPly && (doubled || near_double(&at.stakes, &look.advice)) {
            look = if self.depth == Depth::ThreePly {
                // What the expert (and the page's hint) would have said.
                self.look.expert_cube_advice(&at.position, &situation)
            } else {
                self.look
                    .cube_advice(&at.position, &situation, Depth::TwoPly)
            };
        }
        let CubeLook {
            advice, chances, ..
        } = look;
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
                AnalysedDecision {
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
                    point_worth: stakes.point_worth(),
                    win_chance: if side == at.side { win } else { 1.0 - win },
                    white_chance: white_chance(at, raw),
                    luck: None,
                    position_id: position_id.clone(),
                    played_moves: Vec::new(),
                    best_moves: Vec::new(),
                    candidates: Vec::new(),
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

/// The indices of the decisions of `share`, in order, given each decision's turn.
fn share_order(turns: &[usize], share: Share) -> Vec<usize> {
    (0..turns.len())
        .filter(|&at| share.includes(turns[at]))
        .collect()
}

/// Judges every decision of `m` at `depth`, on as many threads as the machine has cores
/// ([`analyse_match_on`]).
#[must_use]
pub fn analyse_match(evaluator: &Evaluator, m: &Match, depth: Depth) -> MatchAnalysis {
    let threads = std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN);
    analyse_match_on(evaluator, m, depth, threads)
}

/// How many shares each thread's part of a match is cut into: the threads take the
/// shares one after another from a common queue, so that a thread that drew cheaper
/// shares (or got more of the machine) judges more of them, and none waits long for
/// the last. With one share per thread, the two shares of reference match 2 took 4.2
/// and 6.1 s; with 8 per thread the two threads end within about 0.2 s of each other.
pub const SHARES_PER_THREAD: usize = 8;

/// Judges every decision of `m` at `depth` on `threads` threads: the match is cut into
/// [`SHARES_PER_THREAD`] shares per thread ([`Share`]), each thread taking the next
/// share nobody has taken until none is left, and the judged shares are put back
/// together: the same analysis, bit for bit, as one thread gives, as no decision's
/// judgement depends on another's. On wasm32, which has no threads here, one thread.
#[must_use]
pub fn analyse_match_on(
    evaluator: &Evaluator,
    m: &Match,
    depth: Depth,
    threads: NonZeroUsize,
) -> MatchAnalysis {
    let whole = Analyser::new(evaluator, m, depth);
    let threads = threads.get().min(whole.total());
    if threads <= 1 || cfg!(target_arch = "wasm32") {
        return whole.finish();
    }
    let count = (threads * SHARES_PER_THREAD).min(whole.total());
    let next = AtomicUsize::new(0);
    let shares: Vec<AnalysisShare> = std::thread::scope(|scope| {
        let running: Vec<_> = (0..threads)
            .map(|_| {
                let (next, whole) = (&next, &whole);
                scope.spawn(move || {
                    let mut judged = Vec::new();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Ok(share) = Share::new(index, count) else {
                            break judged;
                        };
                        judged.push(whole.for_share(share).finish_share());
                    }
                })
            })
            .collect();
        running
            .into_iter()
            .flat_map(|thread| {
                thread
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    match whole.assemble(&shares) {
        Ok(analysis) => analysis,
        // Shares cut here always fit; were one not to, one thread judges it all.
        Err(_) => whole.finish(),
    }
}
