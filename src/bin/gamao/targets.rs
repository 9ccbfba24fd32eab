//! `gamao targets`: positions from self-play labelled by the project's own search, for
//! `gamao fit`.
//!
//! ```text
//! gamao targets --out FILE --seed S [--plies 0|1|2|3] [--keep K] [--alternatives A] [--games N] [--weights FILE]
//! gamao targets --out FILE --resume [--games N] [--weights FILE]
//! ```
//! Appends each game's labelled positions to FILE as soon as the game is done (see
//! `src/ai/targets.rs` for the format). `--resume` continues a stopped run: the last
//! game in the file is played again, and the file ends up as an uninterrupted run's.
//! `--alternatives A` labels, with each kept position, the positions its roll's best A
//! plays at 0-ply leave (0–255; 255 takes every play of most rolls). `--plies 0`
//! labels with the network's own outputs: the targets screening networks are fitted to
//! (`gamao fit --screening`). `--games N` stops before game N. Prints progress
//! every minute.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::time::Instant;

use gamao::ai::{resume_point, Labeller, TargetSettings};

use crate::options::{load_evaluator, number, value_after};

const LOG_SECONDS: f64 = 60.0;

/// Runs the `targets` command with the arguments after `targets`.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut out = None;
    let mut seed = None;
    let mut plies = None;
    let mut keep = None;
    let mut alternatives = None;
    let mut games = u64::MAX;
    let mut weights = None;
    let mut resume = false;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = || value_after(arg, &mut iter);
        match arg.as_str() {
            "--out" => out = Some(value()?.to_string()),
            "--seed" => seed = Some(number(arg, value()?)?),
            "--plies" => plies = Some(number::<u8>(arg, value()?)?),
            "--keep" => keep = Some(number::<u32>(arg, value()?)?),
            "--alternatives" => alternatives = Some(number::<u8>(arg, value()?)?),
            "--games" => games = number(arg, value()?)?,
            "--weights" => weights = Some(value()?.to_string()),
            "--resume" => resume = true,
            other => return Err(format!("targets: unknown argument {other}")),
        }
    }
    let out = out.ok_or("targets needs --out FILE")?;
    let evaluator = load_evaluator(weights.as_deref())?;
    let checksum = evaluator.weights().checksum();
    let exists = fs::metadata(&out).is_ok();
    let (settings, first_game, mut file) = if resume && exists {
        if seed.is_some() || plies.is_some() || keep.is_some() || alternatives.is_some() {
            return Err(
                "--seed, --plies, --keep and --alternatives are fixed by the file's header".into(),
            );
        }
        let text = fs::read_to_string(&out).map_err(|e| format!("cannot read {out}: {e}"))?;
        let point = resume_point(&text).map_err(|e| format!("{out}: {e}"))?;
        if point.settings.weights != checksum {
            return Err(format!(
                "{out} was made with other weights (checksum {:016x}, these {checksum:016x})",
                point.settings.weights
            ));
        }
        let file = OpenOptions::new()
            .write(true)
            .open(&out)
            .map_err(|e| format!("cannot open {out}: {e}"))?;
        file.set_len(point.keep_bytes as u64)
            .map_err(|e| format!("cannot cut {out}: {e}"))?;
        let mut file = OpenOptions::new()
            .append(true)
            .open(&out)
            .map_err(|e| format!("cannot open {out}: {e}"))?;
        file.flush().map_err(|e| e.to_string())?;
        (point.settings, point.next_game, file)
    } else if exists {
        return Err(format!("{out} exists: add --resume to continue it"));
    } else {
        let settings = TargetSettings {
            seed: seed.ok_or("a new run needs --seed")?,
            plies: plies.unwrap_or(1),
            keep: keep.unwrap_or(1).max(1),
            alternatives: alternatives.unwrap_or(0),
            weights: checksum,
            rollouts: None,
        };
        if settings.plies > 3 {
            return Err("--plies takes 0, 1, 2 or 3".into());
        }
        let mut file = File::create(&out).map_err(|e| format!("cannot create {out}: {e}"))?;
        writeln!(file, "{settings}").map_err(|e| format!("cannot write {out}: {e}"))?;
        (settings, 0, file)
    };
    say(format_args!(
        "targets: {settings} from game {first_game} into {out}"
    ));
    let mut labeller = Labeller::new(&evaluator, settings);
    let started = Instant::now();
    let mut last_log = Instant::now();
    let mut labelled = 0u64;
    let mut game = first_game;
    while game < games {
        let mut lines = String::new();
        for target in labeller.game(game) {
            lines.push_str(&format!("{target}\n"));
            labelled += 1;
        }
        file.write_all(lines.as_bytes())
            .map_err(|e| format!("cannot write {out}: {e}"))?;
        game += 1;
        if last_log.elapsed().as_secs_f64() >= LOG_SECONDS || game == games {
            let seconds = started.elapsed().as_secs_f64();
            say(format_args!(
                "game {game} | {labelled} positions labelled this run | {:.1} labels/s | {:.0} s",
                labelled as f64 / seconds,
                seconds
            ));
            last_log = Instant::now();
        }
    }
    Ok(())
}

/// Prints a progress line; a closed standard output does not stop the run.
fn say(line: std::fmt::Arguments) {
    let _ = writeln!(io::stdout().lock(), "{line}");
}
