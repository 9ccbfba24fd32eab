//! How fast the evaluator and the computer's decisions run, single-threaded, over a
//! seeded set of positions: one body for `gamao bench` natively and for the worker
//! module in a browser, each bringing its own clock.

use serde::Serialize;

use super::{
    encode, Evaluator, Inputs, Level, LevelPlayer, Player, Searcher, INPUTS, SCREENED_KEEP,
};
use crate::rng::Rng;
use crate::rules::{Dice, LegalPlay, MoveGen, Position, RuleSet};
use crate::sample::{random_dice, random_game_positions};

/// The seed of the positions timed, native and in the browser alike.
pub const BENCH_SEED: u64 = 2026;

/// What to time: how many positions, how many runs to take the median of, and how
/// many of the expert's decisions.
#[derive(Clone, Copy, Debug)]
pub struct BenchSettings {
    pub positions: usize,
    pub runs: usize,
    pub expert_decisions: usize,
}

impl Default for BenchSettings {
    /// `gamao bench`'s set: 10,000 positions from random games, 7 runs, 200 decisions.
    fn default() -> BenchSettings {
        BenchSettings {
            positions: 10_000,
            runs: 7,
            expert_decisions: 200,
        }
    }
}

/// The figures of one benchmark, medians over the runs.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(all(target_arch = "wasm32", feature = "worker"), derive(tsify::Tsify))]
pub struct EvaluatorSpeed {
    /// Positions from random games, each timed once a run.
    pub positions: usize,
    /// Runs of each measure (the expert's decisions are timed once each).
    pub runs: usize,
    /// Evaluations a second, one position at a time (the path the search takes).
    pub evaluations_per_second: f64,
    /// The contact positions among them, timed by both paths in the same run.
    pub contact_positions: usize,
    /// Evaluations a second of the contact positions by the fast path.
    pub contact_per_second: f64,
    /// Evaluations a second of the same positions by the plain path (the dense encoding
    /// and forward pass written from their definitions).
    pub plain_contact_per_second: f64,
    /// Evaluations a second of every play of a roll together.
    pub batch_per_second: f64,
    /// How many plays those batches held, in all.
    pub batch_plays: usize,
    /// A 0-ply decision: move generation and every play evaluated, in microseconds.
    pub zero_ply_decision_us: f64,
    /// The expert's decision (2-ply), median over `expert_decisions` positions with a
    /// choice from self-play, in milliseconds.
    pub expert_decision_ms: f64,
    /// How many positions the expert's decision was timed on.
    pub expert_decisions: usize,
    /// What screening did to those decisions, when the evaluator screens.
    pub screening: Option<ScreeningEffect>,
    /// A sum of what was computed, so that no work is optimised away; equal across
    /// builds that compute the same outputs.
    pub checksum: f64,
}

/// What the screening networks change (`Evaluator::best_reply`): the expert's
/// decisions timed and made again without them, and the replies they pick.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(all(target_arch = "wasm32", feature = "worker"), derive(tsify::Tsify))]
pub struct ScreeningEffect {
    /// The expert's decision without screening, median, in milliseconds.
    pub unscreened_decision_ms: f64,
    /// How many times longer the decisions take in all without screening.
    pub speedup: f64,
    /// The share of the decisions where screening leaves the expert's choice as it was.
    pub same_choice: f64,
    /// Of the rolls timed with more plays than screening keeps, the share where the
    /// screened reply is the one every play's evaluation finds.
    pub same_reply: f64,
    /// The 0-ply equity the screened reply gives up against that one, on average over
    /// the same rolls.
    pub reply_loss: f64,
}

/// Times `evaluator` as [`EvaluatorSpeed`] describes, reading `seconds()` as a clock.
pub fn evaluator_speed(
    evaluator: &Evaluator,
    settings: BenchSettings,
    seconds: &mut dyn FnMut() -> f64,
) -> EvaluatorSpeed {
    let rules = RuleSet::STANDARD;
    let positions = random_game_positions(BENCH_SEED, settings.positions);
    let contact: Vec<Position> = positions
        .iter()
        .filter(|p| !p.is_race() && p.mover_win(rules).is_none())
        .copied()
        .collect();
    let mut movegen = MoveGen::new();
    let rolls: Vec<Vec<LegalPlay>> = positions
        .iter()
        .enumerate()
        .map(|(i, p)| movegen.generate(p, Dice::ALL[i % 21], rules).to_vec())
        .collect();
    let mut checksum = 0.0f64;
    let mut timed = |work: &mut dyn FnMut()| {
        let started = seconds();
        work();
        seconds() - started
    };
    let runs = settings.runs.max(1);
    let (mut single, mut fast, mut plain, mut batch, mut decision) =
        (vec![], vec![], vec![], vec![], vec![]);
    let mut equities = Vec::new();
    let mut inputs: Inputs = [0.0; INPUTS];
    for _ in 0..runs {
        single.push(timed(&mut || {
            for position in &positions {
                checksum += f64::from(evaluator.evaluate(position, rules).equity());
            }
        }));
        fast.push(timed(&mut || {
            for position in &contact {
                checksum += f64::from(evaluator.evaluate(position, rules).equity());
            }
        }));
        plain.push(timed(&mut || {
            for position in &contact {
                encode(position, &mut inputs);
                checksum += f64::from(evaluator.weights().contact.forward(&inputs)[0]);
            }
        }));
        batch.push(timed(&mut || {
            for roll in &rolls {
                evaluator.equities_after(roll, rules, &mut equities);
                checksum += equities.first().copied().map_or(0.0, f64::from);
            }
        }));
        decision.push(timed(&mut || {
            for (i, position) in positions.iter().enumerate() {
                let plays = movegen.generate(position, Dice::ALL[i % 21], rules);
                checksum += evaluator.best_play(plays, rules).unwrap_or(0) as f64;
            }
        }));
    }
    // The expert's decisions are slow: one run, timed decision by decision.
    let choices = self_play_choices(evaluator, settings.expert_decisions);
    let mut expert_decisions = |evaluator: &Evaluator, chosen: &mut Vec<usize>| -> Vec<f64> {
        let mut searcher = Searcher::new(evaluator, BENCH_SEED);
        choices
            .iter()
            .map(|(position, dice)| {
                timed(&mut || {
                    let plays = movegen.generate(position, *dice, rules);
                    chosen.push(searcher.choose(plays, rules, Level::Expert));
                })
            })
            .collect()
    };
    let mut chosen = Vec::new();
    let mut expert = expert_decisions(evaluator, &mut chosen);
    checksum += chosen.iter().sum::<usize>() as f64;
    let screening = evaluator.screening().is_some().then(|| {
        let unscreened = evaluator.clone().with_screening(None);
        let mut unscreened_chosen = Vec::new();
        let mut times = expert_decisions(&unscreened, &mut unscreened_chosen);
        let (mut same_reply, mut screened_rolls, mut reply_loss) = (0usize, 0usize, 0.0f64);
        for roll in rolls.iter().filter(|roll| roll.len() > SCREENED_KEEP) {
            let screened = evaluator.best_reply(roll, rules);
            if let (Some((s, theirs)), Some((f, best))) =
                (screened, unscreened.best_reply(roll, rules))
            {
                screened_rolls += 1;
                same_reply += usize::from(s == f);
                reply_loss += f64::from(theirs.equity() - best.equity());
            }
        }
        let same_choice = chosen
            .iter()
            .zip(&unscreened_chosen)
            .filter(|(a, b)| a == b)
            .count();
        ScreeningEffect {
            speedup: times.iter().sum::<f64>() / expert.iter().sum::<f64>(),
            unscreened_decision_ms: median(&mut times) * 1e3,
            same_choice: same_choice as f64 / choices.len().max(1) as f64,
            same_reply: same_reply as f64 / screened_rolls.max(1) as f64,
            reply_loss: reply_loss / screened_rolls.max(1) as f64,
        }
    });
    let per_second = |count: usize, times: &mut Vec<f64>| count as f64 / median(times);
    let batch_plays = rolls.iter().map(Vec::len).sum();
    EvaluatorSpeed {
        positions: positions.len(),
        runs,
        evaluations_per_second: per_second(positions.len(), &mut single),
        contact_positions: contact.len(),
        contact_per_second: per_second(contact.len(), &mut fast),
        plain_contact_per_second: per_second(contact.len(), &mut plain),
        batch_per_second: per_second(batch_plays, &mut batch),
        batch_plays,
        zero_ply_decision_us: median(&mut decision) / positions.len().max(1) as f64 * 1e6,
        expert_decision_ms: median(&mut expert) * 1e3,
        expert_decisions: choices.len(),
        screening,
        checksum,
    }
}

/// The median of `values` (sorted in place); 0 for none.
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(0.0)
}

/// `count` positions (with a roll that leaves a choice) met in games the intermediate
/// level plays against itself on seeded dice: natural positions of every phase of a game.
pub fn self_play_choices(evaluator: &Evaluator, count: usize) -> Vec<(Position, Dice)> {
    let rules = RuleSet::STANDARD;
    let mut rng = Rng::seeded(BENCH_SEED);
    let mut player = LevelPlayer::new(evaluator.clone(), Level::Intermediate, BENCH_SEED);
    let mut movegen = MoveGen::new();
    let mut choices = Vec::with_capacity(count);
    let mut position = Position::start();
    while choices.len() < count {
        let dice = random_dice(&mut rng);
        let plays = movegen.generate(&position, dice, rules).to_vec();
        if plays.len() > 1 {
            choices.push((position, dice));
        }
        let chosen = player.choose(&position, dice, &plays, rules);
        let after = plays[chosen].position;
        position = if after.mover_win(rules).is_some() {
            Position::start()
        } else {
            after.flipped()
        };
    }
    choices
}
