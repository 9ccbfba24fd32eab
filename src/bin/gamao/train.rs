//! `gamao train`: TD self-play training with checkpoints and progress lines.
//!
//! ```text
//! gamao train --seed S --out DIR [--games N] [--resume] [--alpha A] [--decay-games D]
//!             [--lambda L] [--hidden H] [--bench-every G] [--checkpoint-minutes M]
//! ```
//! `DIR/checkpoint.bin` holds the run (written atomically every few minutes and at
//! the end); `DIR/gamao.weights` the weights alone. `--games N` stops once N games in
//! all are trained. `--resume` continues from the checkpoint; the run is then exactly
//! the one that never stopped (single-threaded and seeded).

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use gamao::ai::{duel, CubeUse, PubEval, Trainer, TrainingSettings};
use gamao::rules::RuleSet;

use crate::options::{number, value_after};

/// The pubeval benchmark: this many pairs of games on fixed dice.
const BENCH_PAIRS: u64 = 500;
const BENCH_SEED: u64 = 20_261_129;
const LOG_SECONDS: f64 = 60.0;

struct TrainArgs {
    seed: Option<u64>,
    out: PathBuf,
    games: Option<u64>,
    resume: bool,
    alpha: Option<f32>,
    lambda: Option<f32>,
    decay_games: Option<u64>,
    hidden: Option<usize>,
    bench_every: u64,
    checkpoint_seconds: f64,
}

/// Runs the `train` command with the arguments after `train`.
pub fn run(args: &[String]) -> Result<(), String> {
    let args = parse(args)?;
    fs::create_dir_all(&args.out)
        .map_err(|e| format!("cannot create {}: {e}", args.out.display()))?;
    let checkpoint = args.out.join("checkpoint.bin");
    let mut trainer = if args.resume && checkpoint.exists() {
        let bytes = fs::read(&checkpoint)
            .map_err(|e| format!("cannot read {}: {e}", checkpoint.display()))?;
        let trainer = Trainer::from_checkpoint(&bytes)
            .map_err(|e| format!("{}: {e}", checkpoint.display()))?;
        if let Some(seed) = args.seed.filter(|&s| s != trainer.settings().seed) {
            return Err(format!(
                "the checkpoint's seed is {}, not {seed}",
                trainer.settings().seed
            ));
        }
        trainer
    } else if checkpoint.exists() {
        return Err(format!(
            "{} exists: add --resume to continue it",
            checkpoint.display()
        ));
    } else {
        let seed = args.seed.ok_or("a new run needs --seed")?;
        let alpha = args.alpha.unwrap_or(0.1);
        let settings = TrainingSettings {
            seed,
            alpha,
            decay_games: args.decay_games.unwrap_or(2_000_000),
            lambda: args.lambda.unwrap_or(0.0),
        };
        Trainer::new(settings, args.hidden.unwrap_or(128))
    };
    if let Some(alpha) = args.alpha {
        trainer.set_alpha(alpha);
    }
    let settings = trainer.settings();
    say(format_args!(
        "train: seed {} alpha {} decay-games {} lambda {} hidden {} from game {}",
        settings.seed,
        settings.alpha,
        settings.decay_games,
        settings.lambda,
        trainer.evaluator().weights().contact.hidden_units(),
        trainer.games()
    ));
    let started = Instant::now();
    let mut last_log = Instant::now();
    let mut last_save = Instant::now();
    let mut games_at_log = trainer.games();
    let mut moves_since_log = 0u64;
    while args.games.is_none_or(|n| trainer.games() < n) {
        moves_since_log += u64::from(trainer.train_game());
        if trainer.games() % args.bench_every == 0 {
            bench(&trainer, started);
        }
        if trainer.games() % 100 != 0 {
            continue;
        }
        let since_log = last_log.elapsed().as_secs_f64();
        if since_log >= LOG_SECONDS {
            let games = trainer.games() - games_at_log;
            say(format_args!(
                "games {} | {:.1} games/s | {:.1} moves/game | {:.0} s",
                trainer.games(),
                games as f64 / since_log,
                moves_since_log as f64 / games.max(1) as f64,
                started.elapsed().as_secs_f64()
            ));
            last_log = Instant::now();
            games_at_log = trainer.games();
            moves_since_log = 0;
        }
        if last_save.elapsed().as_secs_f64() >= args.checkpoint_seconds {
            save(&trainer, &args.out)?;
            last_save = Instant::now();
        }
    }
    save(&trainer, &args.out)?;
    if trainer.games() % args.bench_every != 0 {
        bench(&trainer, started);
    }
    Ok(())
}

/// Prints a progress line; a closed standard output does not stop the training.
fn say(line: std::fmt::Arguments) {
    let _ = writeln!(io::stdout().lock(), "{line}");
}

/// Prints the score of the current weights against pubeval.
fn bench(trainer: &Trainer, started: Instant) {
    let mut net = trainer.evaluator().clone();
    let score = duel(
        &mut net,
        &mut PubEval,
        BENCH_PAIRS,
        BENCH_SEED,
        RuleSet::STANDARD,
        CubeUse::Cubeless,
        None,
    );
    say(format_args!(
        "bench games {} | alpha {:.4} | vs pubeval {:+.3} ± {:.3} ppg over {} games, {:.1}% won | {:.0} s",
        trainer.games(),
        trainer.alpha(),
        score.points_per_game(),
        score.confidence_95(),
        score.games,
        100.0 * score.wins as f64 / score.games as f64,
        started.elapsed().as_secs_f64()
    ));
}

/// Writes the checkpoint and the weights, each to a temporary file renamed into place.
fn save(trainer: &Trainer, out: &Path) -> Result<(), String> {
    write_atomically(&out.join("checkpoint.bin"), &trainer.to_checkpoint())?;
    write_atomically(
        &out.join("gamao.weights"),
        &trainer.evaluator().weights().to_bytes(),
    )?;
    say(format_args!("checkpoint at game {}", trainer.games()));
    Ok(())
}

fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let temp = path.with_extension("tmp");
    fs::write(&temp, bytes).map_err(|e| format!("cannot write {}: {e}", temp.display()))?;
    fs::rename(&temp, path).map_err(|e| format!("cannot rename to {}: {e}", path.display()))
}

fn parse(args: &[String]) -> Result<TrainArgs, String> {
    let mut parsed = TrainArgs {
        seed: None,
        out: PathBuf::new(),
        games: None,
        resume: false,
        alpha: None,
        lambda: None,
        decay_games: None,
        hidden: None,
        bench_every: 10_000,
        checkpoint_seconds: 300.0,
    };
    let mut out = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = || value_after(arg, &mut iter);
        match arg.as_str() {
            "--seed" => parsed.seed = Some(number(arg, value()?)?),
            "--out" => out = Some(PathBuf::from(value()?)),
            "--games" => parsed.games = Some(number(arg, value()?)?),
            "--resume" => parsed.resume = true,
            "--alpha" => parsed.alpha = Some(number(arg, value()?)?),
            "--lambda" => parsed.lambda = Some(number(arg, value()?)?),
            "--decay-games" => parsed.decay_games = Some(number(arg, value()?)?),
            "--hidden" => parsed.hidden = Some(number(arg, value()?)?),
            "--bench-every" => parsed.bench_every = number::<u64>(arg, value()?)?.max(1),
            "--checkpoint-minutes" => {
                parsed.checkpoint_seconds = 60.0 * number::<f64>(arg, value()?)?;
            }
            other => return Err(format!("train: unknown argument {other}")),
        }
    }
    parsed.out = out.ok_or("train needs --out DIR")?;
    if parsed.resume
        && (parsed.lambda.is_some() || parsed.decay_games.is_some() || parsed.hidden.is_some())
    {
        return Err("--lambda, --decay-games and --hidden are fixed by the checkpoint".into());
    }
    Ok(parsed)
}
