//! `gamao`: the command-line face of the engine.
//!
//! ```text
//! gamao moves <POSITION_ID> <DICE>   every legal play, with the Position ID after it
//! gamao                              the same for `POSITION_ID DICE` lines on stdin
//! gamao bench movegen [--positions FILE]
//! gamao train --seed S --out DIR [--games N] [--resume]   TD self-play training
//! ```
//! `--rules standard|seed-000|seed-001` picks the rule preset.

mod bench;
mod moves;
mod train;

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use gamao::rules::RuleSet;

const USAGE: &str = "usage:
  gamao [--rules standard|seed-000|seed-001] moves <POSITION_ID> <DICE>
  gamao [--rules …]                      (reads `POSITION_ID DICE` lines from stdin)
  gamao bench movegen [--positions FILE]
  gamao train --seed S --out DIR [--games N] [--resume] [--alpha A] [--hidden H]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("gamao: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Options shared by every command.
struct Options {
    rules: RuleSet,
    positions_file: Option<String>,
}

fn run(args: &[String]) -> Result<(), String> {
    if let Some("train") = args.first().map(String::as_str) {
        return train::run(&args[1..]);
    }
    let mut options = Options {
        rules: RuleSet::STANDARD,
        positions_file: None,
    };
    let mut words = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--rules" => options.rules = parse_rules(iter.next())?,
            "--positions" => {
                options.positions_file =
                    Some(iter.next().ok_or("--positions needs a file")?.clone());
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(());
            }
            flag if flag.starts_with("--") => {
                return Err(format!("unknown option {flag}\n{USAGE}"))
            }
            word => words.push(word),
        }
    }
    match words.as_slice() {
        [] => batch(&options),
        ["moves", id, dice] => {
            let lines = moves::answer(id, dice, options.rules)?;
            let mut out = io::stdout().lock();
            for line in lines {
                writeln!(out, "{line}").map_err(|e| e.to_string())?;
            }
            Ok(())
        }
        ["bench", "movegen"] => bench::movegen(options.positions_file.as_deref()),
        _ => Err(format!("unknown command\n{USAGE}")),
    }
}

fn parse_rules(name: Option<&String>) -> Result<RuleSet, String> {
    match name.map(String::as_str) {
        Some("standard" | "seed-000") => Ok(RuleSet::STANDARD),
        Some("seed-001") => Ok(RuleSet::SEED_001),
        other => Err(format!(
            "--rules takes standard, seed-000 or seed-001, not {}",
            other.unwrap_or("nothing")
        )),
    }
}

/// Answers `POSITION_ID DICE` lines from standard input, each answer ending with an
/// empty line; a bad line is answered with `error: …` and the next line is read.
fn batch(options: &Options) -> Result<(), String> {
    let stdin = io::stdin();
    let mut out = io::BufWriter::new(io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let answer = match words.as_slice() {
            [] => continue,
            [id, dice] => moves::answer(id, dice, options.rules),
            _ => Err(format!("expected `POSITION_ID DICE`, got {line:?}")),
        };
        match answer {
            Ok(lines) => {
                for l in lines {
                    writeln!(out, "{l}").map_err(|e| e.to_string())?;
                }
            }
            Err(message) => writeln!(out, "error: {message}").map_err(|e| e.to_string())?,
        }
        writeln!(out).map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())
}
