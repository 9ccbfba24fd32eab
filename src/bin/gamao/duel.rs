//! `gamao duel`: two players, N games of cubeless money play on paired, seeded dice.
//!
//! ```text
//! gamao duel <A> <B> [--games N] [--seed S] [--weights FILE] [--rules R]
//! ```
//! Players: `net` (the neural evaluator at 0-ply with `--weights` or the shipped
//! weights), the computer's levels `beginner`, `intermediate`, `expert` (each with the
//! same weights), `net:FILE`, `expert:FILE` and so on (with the weights in FILE, to
//! compare two trainings at 0-ply or through the search), `pubeval`, `random`, and GNU
//! Backgammon choosing at 0-, 1- or 2-ply, `gnubg-0`, `gnubg-1`, `gnubg-2` (`gnubg`
//! installed by `scripts/setup.sh`; run from the repository's root). Prints A's points
//! per game with a 95% confidence interval.

use std::time::Instant;

use gamao::ai::{duel, Level, LevelPlayer, Player, PubEval, RandomPlayer};

use crate::gnubg_player::GnubgPlayer;
use crate::options::{load_evaluator, number, parse_rules, value_after};
use crate::output::outln;

/// Runs the `duel` command with the arguments after `duel`.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut names = Vec::new();
    let mut games = 1000u64;
    let mut seed = 1u64;
    let mut weights = None;
    let mut rules = gamao::rules::RuleSet::STANDARD;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = || value_after(arg, &mut iter);
        match arg.as_str() {
            "--games" => games = number(arg, value()?)?,
            "--seed" => seed = number(arg, value()?)?,
            "--weights" => weights = Some(value()?.to_string()),
            "--rules" => rules = parse_rules(Some(value()?))?,
            flag if flag.starts_with("--") => return Err(format!("duel: unknown option {flag}")),
            name => names.push(name.to_string()),
        }
    }
    let [a, b] = names.as_slice() else {
        return Err(
            "usage: gamao duel <A> <B> [--games N] [--seed S]; players net, beginner, intermediate, expert (each also as NAME:FILE), pubeval, gnubg-0, gnubg-1, gnubg-2, random".into(),
        );
    };
    let mut first = player(a, weights.as_deref(), seed ^ 0xA)?;
    let mut second = player(b, weights.as_deref(), seed ^ 0xB)?;
    let started = Instant::now();
    let score = duel(&mut *first, &mut *second, games.div_ceil(2), seed, rules);
    outln!(
        "{a} vs {b}: {} games, {a} {:+.3} ± {:.3} points per game (95%), {a} won {:.1}% | {:.1} s",
        score.games,
        score.points_per_game(),
        score.confidence_95(),
        100.0 * score.wins as f64 / score.games.max(1) as f64,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn player(name: &str, weights: Option<&str>, seed: u64) -> Result<Box<dyn Player>, String> {
    let (base, weights) = match name.split_once(':') {
        Some((base, file)) if base == "net" || Level::from_name(base).is_some() => {
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
            "unknown player {other:?}: choose net, beginner, intermediate, expert (each also as NAME:FILE), pubeval, gnubg-0, gnubg-1, gnubg-2 or random"
        )),
    }
}
