//! `gamao duel`: two players, N games of cubeless money play on paired, seeded dice.
//!
//! ```text
//! gamao duel <A> <B> [--games N] [--seed S] [--runs R] [--threads T] [--weights FILE] [--rules R]
//!                   [--record FILE] [--cube] [--luck]
//! ```
//! Players: `net` (the neural evaluator at 0-ply with `--weights` or the shipped
//! weights), the computer's levels `beginner`, `intermediate`, `expert` (each with the
//! same weights), the search at a fixed depth without noise `ply-0` to `ply-3` (as
//! `gamao bench strength` has them: what each ply gains), `net:FILE`, `expert:FILE`,
//! `ply-1:FILE` and so on (with the weights in FILE, to compare two trainings at 0-ply
//! or through the search), `pubeval`, `random`, and GNU
//! Backgammon choosing at 0-, 1- or 2-ply, `gnubg-0`, `gnubg-1`, `gnubg-2` (`gnubg`
//! installed by `scripts/setup.sh`; run from the repository's root). Prints A's points
//! per game with a 95% confidence interval.
//!
//! With `--runs R`, R duels of N games on the seeds S, S + 1, …, each printed as it
//! ends, then all of them combined (the README's duels are runs of 50 games, one seed
//! each, so that this command plays any of its seed ranges again); `--threads T` plays
//! T runs at a time, one per core. `--record FILE` writes every decision A was asked
//! for (more than one legal play) to FILE as `POSITION_ID DICE` lines, runs in seed
//! order: the positions A meets against B, to be judged by GNU Backgammon
//! (`tests/gnubg/make_strength_reference.sh` with `GAMAO_POSITIONS`).
//!
//! With `--cube`, money play with the doubling cube (no Jacoby rule): the computer's
//! levels, `ply-N` and GNU Backgammon double, take and play at the cube's stakes; `net`,
//! `pubeval` and `random` never double and always take.
//!
//! With `--luck`, each roll's luck is measured by the shipped weights at 0-ply
//! (whatever `--weights` says, so that every duel is adjusted alike), and A's result is
//! also given with it taken out: the same mean, an interval several times narrower. It
//! costs 21 evaluations of a roll's plays a roll: nothing beside the levels and GNU
//! Backgammon, twenty times the time of a duel at 0-ply.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::thread;
use std::time::Instant;

use gamao::ai::{
    duel, CombinedRuns, CubeUse, DuelScore, Evaluator, Level, LevelPlayer, Player, PubEval,
    RandomPlayer, SearchPlayer,
};
use gamao::rules::RuleSet;

use crate::gnubg_player::GnubgPlayer;
use crate::options::{load_evaluator, number, parse_rules, value_after};
use crate::output::outln;
use crate::recorded_player::RecordedPlayer;

/// Runs the `duel` command with the arguments after `duel`.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut names = Vec::new();
    let mut games = 1000u64;
    let mut seed = 1u64;
    let mut runs = 1u64;
    let mut threads = 1u64;
    let mut weights = None;
    let mut rules = RuleSet::STANDARD;
    let mut record = None;
    let mut cube = CubeUse::Cubeless;
    let mut luck = false;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = || value_after(arg, &mut iter);
        match arg.as_str() {
            "--games" => games = number(arg, value()?)?,
            "--seed" => seed = number(arg, value()?)?,
            "--runs" => runs = number(arg, value()?)?,
            "--threads" => threads = number(arg, value()?)?,
            "--weights" => weights = Some(value()?.to_string()),
            "--rules" => rules = parse_rules(Some(value()?))?,
            "--record" => record = Some(value()?.to_string()),
            "--cube" => cube = CubeUse::Cubeful,
            "--luck" => luck = true,
            flag if flag.starts_with("--") => return Err(format!("duel: unknown option {flag}")),
            name => names.push(name.to_string()),
        }
    }
    let [a, b] = names.as_slice() else {
        return Err(
            "usage: gamao duel <A> <B> [--games N] [--seed S] [--runs R] [--threads T] [--record FILE] [--cube] [--luck]; players net, beginner, intermediate, expert, ply-0 to ply-3 (each also as NAME:FILE), pubeval, gnubg-0, gnubg-1, gnubg-2, random".into(),
        );
    };
    if runs == 0 {
        return Err("duel: --runs takes at least 1".into());
    }
    if threads == 0 {
        return Err("duel: --threads takes at least 1".into());
    }
    // Opened before the games, so that a path that cannot be written costs no duel.
    let record = record
        .map(|path| File::create(&path).map(|file| (path, file)))
        .transpose()
        .map_err(|e| format!("duel: --record: {e}"))?;
    let luck_judge = luck.then(|| load_evaluator(None)).transpose()?;
    let duel = Duel {
        names: [a, b],
        weights: weights.as_deref(),
        games,
        rules,
        cube,
        record: record.is_some(),
        luck_judge: luck_judge.as_ref(),
    };
    if runs == 1 {
        let (score, seconds, decisions) = duel.play(seed)?;
        outln!("{}", duel.result(&score, seconds));
        return write_record(record, &decisions);
    }
    let last = seed
        .checked_add(runs - 1)
        .ok_or("duel: --seed + --runs is beyond the last seed")?;
    let started = Instant::now();
    let (combined, decisions) = duel.play_runs(seed, runs, threads)?;
    let adjusted = duel.adjusted(
        combined.luck_adjusted_points_per_game(),
        combined.luck_adjusted_confidence_95(),
    );
    outln!(
        "{a} vs {b}: {} runs of {games} games (seeds {seed}–{last}), {} games, {a} {:+.3} ± {:.3} points per game (95%, the runs' intervals combined){adjusted}, {a} won {:.1}% | {:.1} s",
        combined.runs,
        combined.games,
        combined.points_per_game(),
        combined.confidence_95(),
        percent(combined.wins, combined.games),
        started.elapsed().as_secs_f64()
    );
    write_record(record, &decisions)
}

/// Writes the recorded decisions, one per line, when `--record` named a file.
fn write_record(record: Option<(String, File)>, decisions: &[String]) -> Result<(), String> {
    let Some((path, mut file)) = record else {
        return Ok(());
    };
    let text: String = decisions.iter().map(|line| format!("{line}\n")).collect();
    file.write_all(text.as_bytes())
        .map_err(|e| format!("duel: {path}: {e}"))
}

/// What every run of a duel shares: the players' names, their weights, the games of a
/// run, the rules, the cube, whether A's decisions are recorded and what measures luck.
struct Duel<'a> {
    names: [&'a str; 2],
    weights: Option<&'a str>,
    games: u64,
    rules: RuleSet,
    cube: CubeUse,
    record: bool,
    luck_judge: Option<&'a Evaluator>,
}

impl Duel<'_> {
    /// One run on `seed`, its players made for it (their seeds follow the run's), how
    /// many seconds it took and A's decisions when recorded.
    fn play(&self, seed: u64) -> Result<(DuelScore, f64, Vec<String>), String> {
        let [a, b] = self.names;
        let mut first = RecordedPlayer::new(player(a, self.weights, seed ^ 0xA)?, self.record);
        let mut second = player(b, self.weights, seed ^ 0xB)?;
        let started = Instant::now();
        let score = duel(
            &mut first,
            &mut *second,
            self.games.div_ceil(2),
            seed,
            self.rules,
            self.cube,
            self.luck_judge,
        );
        Ok((score, started.elapsed().as_secs_f64(), first.into_lines()))
    }

    /// Runs on the `runs` seeds from `first`, `threads` at a time, each printed as it
    /// ends; the first error stops the runs not yet begun. Also A's recorded decisions,
    /// runs in seed order.
    fn play_runs(
        &self,
        first: u64,
        runs: u64,
        threads: u64,
    ) -> Result<(CombinedRuns, Vec<String>), String> {
        let next = AtomicU64::new(0);
        let failed = AtomicBool::new(false);
        // By seed, so that they combine in the same order whatever thread played them.
        let scores = Mutex::new(BTreeMap::new());
        let worker = || -> Result<(), String> {
            loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                if k >= runs || failed.load(Ordering::Relaxed) {
                    return Ok(());
                }
                let seed = first + k;
                let (score, seconds, decisions) = self.play(seed).inspect_err(|_| {
                    failed.store(true, Ordering::Relaxed);
                })?;
                outln!("seed {seed}: {}", self.result(&score, seconds));
                scores
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .insert(seed, (score, decisions));
            }
        };
        // Every run is taken from `next`: the threads that start play them all.
        let outcomes: Vec<Result<(), String>> = thread::scope(|scope| {
            let handles: Vec<_> = (0..threads.min(runs))
                .map_while(|_| thread::Builder::new().spawn_scoped(scope, worker).ok())
                .collect();
            if handles.is_empty() {
                return vec![Err("duel: cannot start a thread".into())];
            }
            handles
                .into_iter()
                .map(|handle| {
                    handle
                        .join()
                        .unwrap_or_else(|_| Err("duel: a run stopped unexpectedly".into()))
                })
                .collect()
        });
        outcomes.into_iter().collect::<Result<(), String>>()?;
        let mut combined = CombinedRuns::default();
        let mut recorded = Vec::new();
        for (score, decisions) in scores
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
            .into_values()
        {
            combined.add(&score);
            recorded.extend(decisions);
        }
        Ok((combined, recorded))
    }

    /// The luck-adjusted figures of a result line, when luck is measured.
    fn adjusted(&self, points_per_game: f64, confidence_95: f64) -> String {
        if self.luck_judge.is_none() {
            return String::new();
        }
        format!(", luck-adjusted {points_per_game:+.4} ± {confidence_95:.4}")
    }

    /// The line that reports a run.
    fn result(&self, score: &DuelScore, seconds: f64) -> String {
        let [a, b] = self.names;
        let adjusted = self.adjusted(
            score.luck_adjusted_points_per_game(),
            score.luck_adjusted_confidence_95(),
        );
        format!(
            "{a} vs {b}: {} games, {a} {:+.3} ± {:.3} points per game (95%){adjusted}, {a} won {:.1}% | {seconds:.1} s",
            score.games,
            score.points_per_game(),
            score.confidence_95(),
            percent(score.wins, score.games),
        )
    }
}

/// `part` of `whole` in percent (0 of nothing).
fn percent(part: u64, whole: u64) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

fn player(name: &str, weights: Option<&str>, seed: u64) -> Result<Box<dyn Player>, String> {
    let (base, weights) = match name.split_once(':') {
        Some((base, file))
            if base == "net" || base.starts_with("ply-") || Level::from_name(base).is_some() =>
        {
            (base, Some(file))
        }
        _ => (name, weights),
    };
    if let Some(level) = Level::from_name(base) {
        return Ok(Box::new(LevelPlayer::new(
            load_evaluator(weights)?,
            level,
            seed,
        )));
    }
    if let Some(plies) = base.strip_prefix("ply-") {
        return match plies.parse::<u8>() {
            Ok(plies @ 0..=3) => Ok(Box::new(SearchPlayer::new(load_evaluator(weights)?, plies))),
            _ => Err("the search plays as ply-0, ply-1, ply-2 or ply-3".into()),
        };
    }
    if let Some(plies) = name.strip_prefix("gnubg-") {
        return match plies.parse::<u8>() {
            Ok(plies @ 0..=2) => Ok(Box::new(GnubgPlayer::start(plies, seed)?)),
            _ => Err("GNU Backgammon plays as gnubg-0, gnubg-1 or gnubg-2".into()),
        };
    }
    match base {
        "net" => Ok(Box::new(load_evaluator(weights)?) as Box<dyn Player>),
        "pubeval" => Ok(Box::new(PubEval)),
        "random" => Ok(Box::new(RandomPlayer::new(seed))),
        other => Err(format!(
            "unknown player {other:?}: choose net, beginner, intermediate, expert, ply-0 to ply-3 (each also as NAME:FILE), pubeval, gnubg-0, gnubg-1, gnubg-2 or random"
        )),
    }
}
