//! Option values shared by several commands: rule presets, numbers, weights files.

use gamao::ai::{builtin_screening, Evaluator, Weights};
use gamao::match_play::Preset;
use gamao::rules::RuleSet;

/// The rules of the preset named after `--rules` (`time-bank` or `reserve`).
pub fn parse_rules(name: Option<&str>) -> Result<RuleSet, String> {
    let name = name.ok_or("--rules takes time-bank or reserve")?;
    name.parse::<Preset>()
        .map(Preset::rules)
        .map_err(|e| format!("--rules: {e}"))
}

/// The value that follows `flag` in the command line, taken from `rest`.
pub fn value_after<'a>(
    flag: &str,
    rest: &mut std::slice::Iter<'a, String>,
) -> Result<&'a str, String> {
    rest.next()
        .map(String::as_str)
        .ok_or(format!("{flag} needs a value"))
}

/// Parses the value of `flag`.
pub fn number<T: std::str::FromStr>(flag: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{flag} takes a number, not {text:?}"))
}

/// The evaluator of the weights file at `path`, or of the shipped weights, screening
/// with the shipped screening networks.
pub fn load_evaluator(path: Option<&str>) -> Result<Evaluator, String> {
    let weights = match path {
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
            Weights::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?
        }
        None => Weights::builtin().map_err(|e| format!("shipped weights: {e}"))?,
    };
    let screening = builtin_screening().map_err(|e| format!("shipped screening weights: {e}"))?;
    Ok(Evaluator::new(weights).with_screening(Some(screening)))
}
