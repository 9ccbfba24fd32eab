//! `gamao fit`: the networks fitted to targets from `gamao targets`.
//!
//! ```text
//! gamao fit --data FILE [--data FILE …] --out DIR [--from WEIGHTS] [--epochs N]
//!           [--rate R] [--batch B] [--seed S] [--hidden N] [--contact-hidden N]
//!           [--race-hidden N] [--screening] [--resume]
//! ```
//! Starts from WEIGHTS (the shipped weights by default). `--hidden N` first widens both
//! networks to N hidden units (`--contact-hidden`, `--race-hidden` one of them, and
//! win over `--hidden`), the function-preserving way: the new units' incoming weights
//! are small and random (drawn from the seed), their outgoing weights zero, so the fit
//! starts from the same outputs (`Network::widened`); fewer units than the network
//! has, or more than 256, are refused. After every epoch it prints
//! each network's training and validation losses and writes, each atomically,
//! `DIR/fit.bin` (the fit, to resume) and `DIR/gamao.weights` (each network at its
//! lowest validation loss so far). `--epochs N` stops once N epochs in all are done.
//! `--screening` fits screening networks instead (`src/ai/screening.rs`; 16 hidden
//! units unless `--hidden` says otherwise) from small random weights drawn from the
//! seed, on the inputs screening sees. `--resume` continues from `DIR/fit.bin`, exactly
//! as if never stopped when given the same data files; `--rate R` then changes the step
//! size from there on, and the network's shape is the checkpoint's.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use gamao::ai::{
    is_screening, loss, parse_targets, random_screening, FitData, FitSettings, Fitter, Loss,
    Network, Weights,
};
use gamao::rng::Rng;

use crate::options::{load_evaluator, number, value_after};

/// Hidden units of a screening network unless `--hidden` says otherwise.
const SCREENING_HIDDEN: usize = 16;

/// Runs the `fit` command with the arguments after `fit`.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut data_files = Vec::new();
    let mut out = None;
    let mut from = None;
    let mut epochs = 10u32;
    let mut rate = None;
    let mut batch = None;
    let mut seed = None;
    let mut resume = false;
    let mut hidden = None;
    let (mut contact_hidden, mut race_hidden) = (None, None);
    let mut screening = false;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = || value_after(arg, &mut iter);
        match arg.as_str() {
            "--data" => data_files.push(value()?.to_string()),
            "--out" => out = Some(PathBuf::from(value()?)),
            "--from" => from = Some(value()?.to_string()),
            "--epochs" => epochs = number(arg, value()?)?,
            "--rate" => rate = Some(number::<f32>(arg, value()?)?),
            "--batch" => batch = Some(number::<u32>(arg, value()?)?),
            "--seed" => seed = Some(number(arg, value()?)?),
            "--resume" => resume = true,
            "--hidden" => hidden = Some(number::<usize>(arg, value()?)?),
            "--contact-hidden" => contact_hidden = Some(number::<usize>(arg, value()?)?),
            "--race-hidden" => race_hidden = Some(number::<usize>(arg, value()?)?),
            "--screening" => screening = true,
            other => return Err(format!("fit: unknown argument {other}")),
        }
    }
    let widths = [contact_hidden.or(hidden), race_hidden.or(hidden)];
    let out = out.ok_or("fit needs --out DIR")?;
    if data_files.is_empty() {
        return Err("fit needs --data FILE".into());
    }
    let mut targets = Vec::new();
    for file in &data_files {
        let text = fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
        let (_, read) = parse_targets(&text).map_err(|e| format!("{file}: {e}"))?;
        targets.extend(read);
    }
    let checkpoint = out.join("fit.bin");
    let mut fitter = if resume && checkpoint.exists() {
        if from.is_some()
            || batch.is_some()
            || seed.is_some()
            || widths != [None, None]
            || screening
        {
            return Err(
                "--from, --batch, --seed, the hidden units and --screening are fixed by the checkpoint"
                    .into(),
            );
        }
        let bytes = fs::read(&checkpoint)
            .map_err(|e| format!("cannot read {}: {e}", checkpoint.display()))?;
        Fitter::from_checkpoint(&bytes).map_err(|e| format!("{}: {e}", checkpoint.display()))?
    } else if checkpoint.exists() {
        return Err(format!(
            "{} exists: add --resume to continue it",
            checkpoint.display()
        ));
    } else {
        let settings = FitSettings {
            seed: seed.unwrap_or(1),
            rate: rate.unwrap_or(1e-4),
            batch: batch.unwrap_or(64).max(1),
        };
        let start = if screening {
            if from.is_some() {
                return Err("--screening starts from random weights, not --from".into());
            }
            let mut rng = Rng::seeded(settings.seed);
            let [contact, race] = widths.map(|w| w.unwrap_or(SCREENING_HIDDEN));
            Weights {
                contact: random_screening(contact, &mut rng),
                race: random_screening(race, &mut rng),
            }
        } else {
            widened(
                load_evaluator(from.as_deref())?.weights(),
                widths,
                settings.seed,
            )?
        };
        Fitter::new(settings, start)
    };
    // A screening fit is known by its weights: zero rows for the inputs it does not see.
    let data = if is_screening(&fitter.weights().contact) {
        FitData::for_screening(&targets)
    } else {
        FitData::new(&targets)
    };
    fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    if let Some(rate) = rate {
        fitter.set_rate(rate);
    }
    let settings = fitter.settings();
    say(format_args!(
        "fit: seed {} rate {} batch {} from epoch {} | hidden units: contact {}, race {} | contact {} + {} validation, race {} + {} validation",
        settings.seed,
        settings.rate,
        settings.batch,
        fitter.epochs(),
        fitter.weights().contact.hidden_units(),
        fitter.weights().race.hidden_units(),
        data.train[0].len(),
        data.validation[0].len(),
        data.train[1].len(),
        data.validation[1].len()
    ));
    if fitter.epochs() == 0 {
        let start = fitter.weights();
        let losses = [
            (
                loss(&start.contact, &data.train[0]),
                loss(&start.contact, &data.validation[0]),
            ),
            (
                loss(&start.race, &data.train[1]),
                loss(&start.race, &data.validation[1]),
            ),
        ];
        report(0, &losses, 0.0);
    }
    let started = Instant::now();
    while fitter.epochs() < epochs {
        let losses = fitter.epoch(&data);
        report(fitter.epochs(), &losses, started.elapsed().as_secs_f64());
        write_atomically(&checkpoint, &fitter.to_checkpoint())?;
        write_atomically(&out.join("gamao.weights"), &fitter.best().to_bytes())?;
    }
    Ok(())
}

/// `weights` with each network (contact, race) widened to its width in `widths` (kept
/// where `None`), the new units drawn from `seed`.
fn widened(weights: &Weights, widths: [Option<usize>; 2], seed: u64) -> Result<Weights, String> {
    let mut rng = Rng::seeded(seed);
    let mut widen = |net: &Network, width: Option<usize>, name: &str| match width {
        Some(width) => net
            .widened(width, &mut rng)
            .map_err(|e| format!("{name} network: {e}")),
        None => Ok(net.clone()),
    };
    Ok(Weights {
        contact: widen(&weights.contact, widths[0], "contact")?,
        race: widen(&weights.race, widths[1], "race")?,
    })
}

/// Prints one epoch's losses.
fn report(epoch: u32, losses: &[(Loss, Loss); 2], seconds: f64) {
    let [contact, race] = losses;
    say(format_args!(
        "epoch {epoch} | contact train {:.5} / equity {:.4}, validation {:.5} / equity {:.4} | race train {:.5} / equity {:.4}, validation {:.5} / equity {:.4} | {seconds:.0} s",
        contact.0.cross_entropy,
        contact.0.equity_rms,
        contact.1.cross_entropy,
        contact.1.equity_rms,
        race.0.cross_entropy,
        race.0.equity_rms,
        race.1.cross_entropy,
        race.1.equity_rms,
    ));
}

/// Prints a progress line; a closed standard output does not stop the fit.
fn say(line: std::fmt::Arguments) {
    let _ = writeln!(io::stdout().lock(), "{line}");
}

fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let temp = path.with_extension("tmp");
    fs::write(&temp, bytes).map_err(|e| format!("cannot write {}: {e}", temp.display()))?;
    fs::rename(&temp, path).map_err(|e| format!("cannot rename to {}: {e}", path.display()))
}
