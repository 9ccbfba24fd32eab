//! Option values shared by several commands: rule presets, numbers, weights files.

use gamao::ai::{Evaluator, Weights};
use gamao::rules::RuleSet;

/// The rule preset named after `--rules`.
pub fn parse_rules(name: Option<&str>) -> Result<RuleSet, String> {
    match name {
        Some("standard" | "seed-000") => Ok(RuleSet::STANDARD),
        Some("seed-001") => Ok(RuleSet::SEED_001),
        other => Err(format!(
            "--rules takes standard, seed-000 or seed-001, not {}",
            other.unwrap_or("nothing")
        )),
    }
}

/// Parses the value of `flag`.
pub fn number<T: std::str::FromStr>(flag: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{flag} takes a number, not {text:?}"))
}

/// The evaluator of the weights file at `path`, or of the shipped weights.
pub fn load_evaluator(path: Option<&str>) -> Result<Evaluator, String> {
    let weights = match path {
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
            Weights::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?
        }
        None => Weights::builtin().map_err(|e| format!("shipped weights: {e}"))?,
    };
    Ok(Evaluator::new(weights))
}
