//! `gamao analyse`: every play and cube decision of a `.mat` match judged, with each
//! player's error rates, marks and rating, as text or JSON.
//!
//! ```text
//! gamao analyse [--json] [--depth 0|1|2|3] [--threads N] [--weights FILE] FILE.mat
//! ```
//! The analysis is thorough unless `--depth` says otherwise: 2-ply, then every error
//! looked at again at 3-ply. The decisions are judged on `--threads` threads (by
//! default one per core), each judging a share of them; the analysis is the same
//! whatever their number. The time the analysis took goes to standard error.

use std::num::NonZeroUsize;
use std::time::Instant;

use gamao::ai::analysis::{analyse_match_on, Analyser, Depth};
use gamao::notation::read_mat;

use crate::options::load_evaluator;
use crate::output::{out, outln};

/// Runs the `analyse` command with the arguments after `analyse`.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut json = false;
    let mut depth = Depth::ThreePly;
    let mut weights = None;
    let mut threads = std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN);
    let mut file = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--json" => json = true,
            "--depth" => {
                depth = iter
                    .next()
                    .and_then(|plies| plies.parse().ok())
                    .and_then(Depth::from_plies)
                    .ok_or("--depth needs 0, 1, 2 or 3")?;
            }
            "--threads" => {
                threads = iter
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or("--threads needs a number of threads from 1")?;
            }
            "--weights" => weights = Some(iter.next().ok_or("--weights needs a file")?.clone()),
            flag if flag.starts_with("--") => {
                return Err(format!("analyse: unknown option {flag}"))
            }
            path if file.is_none() => file = Some(path.to_string()),
            extra => return Err(format!("analyse: unexpected {extra}")),
        }
    }
    let file = file.ok_or(
        "usage: gamao analyse [--json] [--depth 0|1|2|3] [--threads N] [--weights FILE] FILE.mat",
    )?;
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{file}: {e}"))?;
    let replay = read_mat(&text).map_err(|e| format!("{file}: {e}"))?;
    let evaluator = load_evaluator(weights.as_deref())?;
    let started = Instant::now();
    let decisions = Analyser::new(&evaluator, &replay.replayed, depth).total();
    let mut analysis = analyse_match_on(&evaluator, &replay.replayed, depth, threads);
    let seconds = started.elapsed().as_secs_f64();
    if let Some(names) = player_names(&text) {
        for (player, name) in analysis.players.iter_mut().zip(names) {
            player.name = name;
        }
    }
    if json {
        let out = serde_json::to_string(&analysis).map_err(|e| e.to_string())?;
        outln!("{out}");
    } else {
        out!("{}", analysis.to_text());
    }
    let plural = if threads.get() == 1 { "" } else { "s" };
    eprintln!("analysed {decisions} decisions in {seconds:.2} s on {threads} thread{plural}");
    Ok(())
}

/// The players' names from the first score line (`Alice : 0     Bob : 0`), left first.
fn player_names(text: &str) -> Option<[String; 2]> {
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| l.matches(':').count() == 2 && !l.contains(')'))?;
    let (left, rest) = line.split_once(':')?;
    let rest = rest
        .trim_start()
        .trim_start_matches(|c: char| c.is_ascii_digit());
    let (right, _) = rest.split_once(':')?;
    let names = [left.trim().to_string(), right.trim().to_string()];
    names.iter().all(|n| !n.is_empty()).then_some(names)
}
