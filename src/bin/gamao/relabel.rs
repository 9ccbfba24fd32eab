//! `gamao relabel`: a targets file's crashed (or all its contact) positions labelled
//! again by rollouts.
//!
//! ```text
//! gamao relabel --data IN --out OUT [--contact] [--games G] [--trials N] [--reduced] [--weights FILE]
//! ```
//! Writes OUT as a copy of IN (a `gamao targets` file) whose crashed positions (contact
//! where a side has almost nothing left in play: `src/ai/crashed.rs`), or with
//! `--contact` every position still in contact, carry the chances of N rollouts each
//! (144 by default: `src/ai/rollout.rs`; with `--reduced`, each trial with the luck of
//! its rolls taken out) instead of the search's; with `--games G` only
//! those of the games numbered below G (a run stopped early, finished as far as it got). The 2-ply search
//! judges them from a network that misjudges some; rollouts play them out. Position
//! `i` of the file is rolled out from the file's seed and `i` alone, so a stopped run
//! given the same command continues where it left off. Prints progress every minute.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::time::Instant;

use gamao::ai::{parse_targets, RolledOut, Rollout, Rollouts, Target, TargetSettings};
use gamao::rules::RuleSet;

use crate::options::{load_evaluator, number, value_after};

const LOG_SECONDS: f64 = 60.0;
/// Mixed into the file's seed for the rollouts.
const ROLLOUT_STREAM: u64 = 0x0072_6F6C_6C6F_7574;

/// Runs the `relabel` command with the arguments after `relabel`.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut data = None;
    let mut out = None;
    let mut trials = 144u32;
    let mut class = RolledOut::Crashed;
    let mut games = None;
    let mut variance_reduction = false;
    let mut weights = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = || value_after(arg, &mut iter);
        match arg.as_str() {
            "--data" => data = Some(value()?.to_string()),
            "--out" => out = Some(value()?.to_string()),
            "--contact" => class = RolledOut::Contact,
            "--games" => games = Some(number(arg, value()?)?),
            "--trials" => trials = number(arg, value()?)?,
            "--reduced" => variance_reduction = true,
            "--weights" => weights = Some(value()?.to_string()),
            other => return Err(format!("relabel: unknown argument {other}")),
        }
    }
    let data = data.ok_or("relabel needs --data FILE")?;
    let out = out.ok_or("relabel needs --out FILE")?;
    if trials == 0 {
        return Err("--trials takes at least 1".into());
    }
    let evaluator = load_evaluator(weights.as_deref())?;
    let text = fs::read_to_string(&data).map_err(|e| format!("cannot read {data}: {e}"))?;
    let (settings, targets) = parse_targets(&text).map_err(|e| format!("{data}: {e}"))?;
    if settings.rollouts.is_some() {
        return Err(format!("{data} was relabelled already"));
    }
    let rollouts = Rollouts {
        class,
        trials,
        variance_reduction,
        weights: evaluator.weights().checksum(),
        games,
    };
    let relabelled = TargetSettings {
        rollouts: Some(rollouts),
        ..settings
    };
    let (done, mut file) = open_output(&out, &relabelled)?;
    say(format_args!(
        "relabel: {data} ({} positions) into {out} from position {done}: {relabelled}",
        targets.len()
    ));
    let mut rollout = Rollout::new(&evaluator).with_variance_reduction(variance_reduction);
    let seed = settings.seed ^ ROLLOUT_STREAM;
    let started = Instant::now();
    let mut last_log = Instant::now();
    let mut rolled = 0u64;
    let mut lines = String::new();
    for (i, target) in targets.iter().enumerate().skip(done) {
        let mut target = *target;
        if rollouts.include(&target) {
            let chances =
                rollout.chances(&target.position, RuleSet::STANDARD, trials, seed ^ i as u64);
            target = Target {
                chances: chances.to_array(),
                ..target
            };
            rolled += 1;
        }
        lines.push_str(&format!("{target}\n"));
        let last = i + 1 == targets.len();
        if last || last_log.elapsed().as_secs_f64() >= LOG_SECONDS {
            file.write_all(lines.as_bytes())
                .map_err(|e| format!("cannot write {out}: {e}"))?;
            lines.clear();
            let seconds = started.elapsed().as_secs_f64();
            say(format_args!(
                "position {} | {rolled} {} rolled out this run | {:.1} a second | {:.0} s",
                i + 1,
                class_name(class),
                rolled as f64 / seconds,
                seconds
            ));
            last_log = Instant::now();
        }
    }
    Ok(())
}

/// The output file, cut after its last whole line when a run stopped short, and how
/// many positions it holds; a new file when there is none.
fn open_output(out: &str, settings: &TargetSettings) -> Result<(usize, File), String> {
    let header = format!("{settings}\n");
    let Ok(text) = fs::read_to_string(out) else {
        let mut file = File::create(out).map_err(|e| format!("cannot create {out}: {e}"))?;
        file.write_all(header.as_bytes())
            .map_err(|e| format!("cannot write {out}: {e}"))?;
        return Ok((0, file));
    };
    if !text.starts_with(&header) {
        return Err(format!(
            "{out} exists and was made otherwise (its header differs)"
        ));
    }
    let whole = text.rfind('\n').map_or(0, |end| end + 1);
    let done = text[..whole].lines().count() - 1;
    let file = OpenOptions::new()
        .write(true)
        .open(out)
        .map_err(|e| format!("cannot open {out}: {e}"))?;
    file.set_len(whole as u64)
        .map_err(|e| format!("cannot cut {out}: {e}"))?;
    let file = OpenOptions::new()
        .append(true)
        .open(out)
        .map_err(|e| format!("cannot open {out}: {e}"))?;
    Ok((done, file))
}

/// The class's name in the progress lines.
fn class_name(class: RolledOut) -> &'static str {
    match class {
        RolledOut::Crashed => "crashed",
        RolledOut::Contact => "in contact",
    }
}

/// Prints a progress line; a closed standard output does not stop the run.
fn say(line: std::fmt::Arguments) {
    let _ = writeln!(io::stdout().lock(), "{line}");
}
