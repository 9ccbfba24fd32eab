//! `gamao best`: the computer's play for a position and roll, in `gamao moves`' format.
//!
//! ```text
//! gamao best [--weights FILE] [--rules R] <POSITION_ID> <DICE>
//! gamao best [--weights FILE] [--rules R]      (one answer line per stdin line)
//! ```

use std::io::{self, BufRead, Write};

use gamao::ai::Evaluator;
use gamao::rules::{MoveGen, RuleSet};

use crate::moves;
use crate::options::{load_evaluator, parse_rules};

/// Runs the `best` command with the arguments after `best`.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut words = Vec::new();
    let mut weights = None;
    let mut rules = RuleSet::STANDARD;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--weights" => weights = Some(iter.next().ok_or("--weights needs a file")?.clone()),
            "--rules" => rules = parse_rules(iter.next().map(String::as_str))?,
            flag if flag.starts_with("--") => return Err(format!("best: unknown option {flag}")),
            word => words.push(word),
        }
    }
    let evaluator = load_evaluator(weights.as_deref())?;
    let mut movegen = MoveGen::new();
    match words.as_slice() {
        [id, dice] => {
            println!("{}", answer(&evaluator, &mut movegen, id, dice, rules)?);
            Ok(())
        }
        [] => batch(&evaluator, &mut movegen, rules),
        _ => Err("usage: gamao best [<POSITION_ID> <DICE>]".into()),
    }
}

/// The chosen play's line for one Position ID and roll.
fn answer(
    evaluator: &Evaluator,
    movegen: &mut MoveGen,
    id: &str,
    dice: &str,
    rules: RuleSet,
) -> Result<String, String> {
    let (position, dice) = moves::parse(id, dice)?;
    let plays = movegen.generate(&position, dice, rules);
    let best = evaluator.best_play(plays, rules).unwrap_or(0);
    plays
        .get(best)
        .map(moves::line)
        .ok_or_else(|| "no legal play generated".to_string())
}

/// Answers each `POSITION_ID DICE` line of standard input with one line; a bad line is
/// answered with `error: …`.
fn batch(evaluator: &Evaluator, movegen: &mut MoveGen, rules: RuleSet) -> Result<(), String> {
    let stdin = io::stdin();
    let mut out = io::BufWriter::new(io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let reply = match words.as_slice() {
            [] => continue,
            [id, dice] => answer(evaluator, movegen, id, dice, rules),
            _ => Err(format!("expected `POSITION_ID DICE`, got {line:?}")),
        };
        match reply {
            Ok(text) => writeln!(out, "{text}"),
            Err(message) => writeln!(out, "error: {message}"),
        }
        .map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())
}
