//! `gamao bench [movegen|eval|levels]`: how fast legal plays are generated (next to the
//! `bkgm` crate when built with the `bkgm` feature), positions evaluated and decisions
//! made, single-threaded, and how much each computer level gives away.

use crate::bench_clock;
use crate::output::outln;
use gamao::ai::{evaluator_speed, self_play_choices, BenchSettings, Level, Searcher, BENCH_SEED};
use gamao::notation::PositionId;
use gamao::rules::{Dice, MoveGen, Position, RuleSet};
use gamao::sample::random_game_positions;

/// `gamao bench`: move generation, evaluation, a 0-ply and an expert decision.
pub fn all(positions_file: Option<&str>, weights: Option<&str>) -> Result<(), String> {
    movegen(positions_file)?;
    eval(weights)
}

/// The median of `values` (sorted in place).
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// Seconds taken by `work`, on the benchmark clock.
fn timed(work: impl FnOnce()) -> f64 {
    let started = bench_clock::seconds();
    work();
    bench_clock::seconds() - started
}

/// Generates the plays of all 21 rolls for every position, [`BenchSettings`]' runs (each run
/// followed by the same work for `bkgm` when built with it), and prints the median
/// rates and, with `bkgm`, the median of the runs' speed ratios.
pub fn movegen(positions_file: Option<&str>) -> Result<(), String> {
    let positions = match positions_file {
        Some(path) => read_positions(path)?,
        None => random_game_positions(BENCH_SEED, BenchSettings::default().positions),
    };
    let reference = reference::Generator::new(&positions)?;
    let mut movegen = MoveGen::new();
    let mut plays = 0u64;
    let (mut ours, mut theirs, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    let runs = BenchSettings::default().runs;
    for _ in 0..runs {
        let seconds = timed(|| {
            plays = 0;
            for position in &positions {
                for dice in Dice::ALL {
                    plays += movegen.generate(position, dice, RuleSet::STANDARD).len() as u64;
                }
            }
        });
        ours.push(seconds);
        if let Some(reference_seconds) = reference.timed_run() {
            theirs.push(reference_seconds);
            ratios.push(reference_seconds / seconds);
        }
    }
    let generations = (positions.len() * Dice::ALL.len()) as f64;
    let ours = median(&mut ours);
    outln!(
        "movegen: {} positions × 21 rolls, {plays} distinct plays, single-threaded, {}, median of {runs} runs",
        positions.len(),
        bench_clock::name()
    );
    outln!(
        "  gamao  {:6.3} M generations/s  {:6.2} M plays/s",
        generations / ours / 1e6,
        plays as f64 / ours / 1e6
    );
    match reference.same_plays(&positions)? {
        Some(distinct) if !theirs.is_empty() => {
            let theirs = median(&mut theirs);
            outln!(
                "  bkgm   {:6.3} M generations/s  {:6.2} M plays/s (the same {distinct} distinct plays)",
                generations / theirs / 1e6,
                distinct as f64 / theirs / 1e6
            );
            outln!(
                "  gamao is {:.2}× bkgm (median of the runs' ratios)",
                median(&mut ratios)
            );
        }
        _ => outln!("  (build with --features bkgm to time the bkgm crate alongside)"),
    }
    Ok(())
}

/// The `bkgm` crate's generator on the same positions, when built with it.
#[cfg(feature = "bkgm")]
mod reference {
    use std::collections::BTreeSet;

    use bkgm::{ClassicRules, State};
    use gamao::notation::PositionId;
    use gamao::rules::{Dice, MoveGen, Position, RuleSet};

    pub struct Generator {
        positions: Vec<bkgm::Position<15>>,
        dice: Vec<bkgm::Dice>,
    }

    impl Generator {
        pub fn new(positions: &[Position]) -> Result<Generator, String> {
            let positions = positions
                .iter()
                .map(|p| bkgm::Position::<15>::try_from(*p.signed_counts()))
                .collect::<Result<_, _>>()
                .map_err(|e| format!("bkgm refuses a position: {e}"))?;
            let dice = Dice::ALL
                .iter()
                .map(|d| {
                    let (a, b) = d.values();
                    bkgm::Dice::new(a.into(), b.into())
                })
                .collect();
            Ok(Generator { positions, dice })
        }

        /// Seconds to generate every roll of every position.
        pub fn timed_run(&self) -> Option<f64> {
            let mut count = 0usize;
            let seconds = super::timed(|| {
                for &position in &self.positions {
                    for dice in &self.dice {
                        count +=
                            bkgm::legal_positions_with::<ClassicRules, 15>(position, dice).len();
                    }
                }
            });
            std::hint::black_box(count);
            Some(seconds)
        }

        /// Checks that bkgm finds the same resulting positions as gamao for every roll of
        /// every position, and gives their number.
        pub fn same_plays(&self, positions: &[Position]) -> Result<Option<u64>, String> {
            let mut movegen = MoveGen::new();
            let mut total = 0;
            for (position, theirs) in positions.iter().zip(&self.positions) {
                for (dice, their_dice) in Dice::ALL.iter().zip(&self.dice) {
                    let after = bkgm::legal_positions_with::<ClassicRules, 15>(*theirs, their_dice);
                    let reference: BTreeSet<[i8; 26]> =
                        after.into_iter().map(|p| p.flip().into()).collect();
                    let plays = movegen.generate(position, *dice, RuleSet::STANDARD);
                    let ours: BTreeSet<[i8; 26]> =
                        plays.iter().map(|l| *l.position.signed_counts()).collect();
                    if ours != reference || ours.len() != plays.len() {
                        return Err(format!(
                            "gamao and bkgm differ on {dice} in {}",
                            PositionId(*position)
                        ));
                    }
                    total += ours.len() as u64;
                }
            }
            Ok(Some(total))
        }
    }
}

/// Without the `bkgm` feature there is nothing to compare with.
#[cfg(not(feature = "bkgm"))]
mod reference {
    use gamao::rules::Position;

    pub struct Generator;

    impl Generator {
        pub fn new(_: &[Position]) -> Result<Generator, String> {
            Ok(Generator)
        }

        pub fn timed_run(&self) -> Option<f64> {
            None
        }

        pub fn same_plays(&self, _: &[Position]) -> Result<Option<u64>, String> {
            Ok(None)
        }
    }
}

fn read_positions(path: &str) -> Result<Vec<Position>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            l.parse::<PositionId>()
                .map(|id| id.0)
                .map_err(|e| format!("{l:?}: {e}"))
        })
        .collect()
}

/// `gamao bench eval`: the evaluator's speed (one position at a time, against the plain
/// forward pass, every play of a roll together), a 0-ply and an expert decision, with
/// the given weights ([`gamao::ai::evaluator_speed`], which the browser runs too).
pub fn eval(weights: Option<&str>) -> Result<(), String> {
    let evaluator = crate::options::load_evaluator(weights)?;
    let speed = evaluator_speed(
        &evaluator,
        BenchSettings::default(),
        &mut bench_clock::seconds,
    );
    outln!(
        "eval: {} positions from random games, single-threaded, {}, median of {} runs (checksum {:.1})",
        speed.positions,
        bench_clock::name(),
        speed.runs,
        speed.checksum
    );
    outln!(
        "  {:.2} M evaluations/s, one position at a time",
        speed.evaluations_per_second / 1e6
    );
    outln!(
        "  {:.2} M evaluations/s on the {} contact positions, {:.2} M/s by the plain forward pass: {:.1}×",
        speed.contact_per_second / 1e6,
        speed.contact_positions,
        speed.plain_contact_per_second / 1e6,
        speed.contact_per_second / speed.plain_contact_per_second
    );
    outln!(
        "  {:.2} M evaluations/s, every play of a roll together ({} plays)",
        speed.batch_per_second / 1e6,
        speed.batch_plays
    );
    outln!(
        "  0-ply decision {:.1} µs (move generation + evaluation of every play)",
        speed.zero_ply_decision_us
    );
    outln!(
        "  expert decision {:.2} ms (median of {} positions with a choice, from self-play)",
        speed.expert_decision_ms,
        speed.expert_decisions
    );
    if let Some(effect) = &speed.screening {
        outln!(
            "  the same without screening {:.2} ms, {:.2}× as long in all | the same play {:.1}% of the time; screened replies the same {:.1}% of the time, {:.5} equity below on average",
            effect.unscreened_decision_ms,
            effect.speedup,
            100.0 * effect.same_choice,
            100.0 * effect.same_reply,
            effect.reply_loss
        );
    }
    Ok(())
}

/// For each level, the average equity it loses per move against the expert's choice,
/// both judged by the expert (1-ply cubeless equity), over positions from self-play.
pub fn levels(weights: Option<&str>) -> Result<(), String> {
    const POSITIONS: usize = 500;
    let evaluator = crate::options::load_evaluator(weights)?;
    let rules = RuleSet::STANDARD;
    let choices = self_play_choices(&evaluator, POSITIONS);
    let mut judge = Searcher::new(&evaluator, 0);
    let mut movegen = MoveGen::new();
    outln!("levels: {POSITIONS} positions with a choice, from intermediate self-play");
    for level in Level::ALL {
        let (mut lost, mut same) = (0.0f64, 0usize);
        for (i, (position, dice)) in choices.iter().enumerate() {
            let plays = movegen.generate(position, *dice, rules).to_vec();
            let ranked = judge.rank(&plays, rules, true);
            let chosen = Searcher::new(&evaluator, i as u64).choose(&plays, rules, level);
            let equity = match ranked.iter().find(|r| r.index == chosen && r.plies == 1) {
                Some(r) => r.equity,
                None => judge.one_ply(&plays[chosen], rules),
            };
            lost += f64::from(ranked[0].equity - equity).max(0.0);
            same += usize::from(chosen == ranked[0].index);
        }
        outln!(
            "  {level:?}: {:.4} equity lost per move, the expert's play {:.1}% of the time",
            lost / POSITIONS as f64,
            100.0 * same as f64 / POSITIONS as f64
        );
    }
    Ok(())
}
