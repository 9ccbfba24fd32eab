//! `gamao bench strength`: each level's mean error per decision judged by GNU
//! Backgammon 2-ply, over positions from GNU Backgammon's self-play.
//!
//! ```text
//! gamao bench strength [--moves FILE] [--cube FILE] [--weights FILE] [--limit N]
//!                      [--players expert,intermediate,…] [--by-class] [--choices DIR]
//! ```
//! Players: the levels, the search at a fixed depth without noise (`ply-0` is the
//! network alone, `ply-1` the expert before the 2-ply search, `ply-2`, and `ply-3`, the
//! best three within 0.10 at 2-ply looked at 3 plies deep: `SearchPlayer`),
//! `pubeval`, and GNU Backgammon's own `gnubg-0`, `gnubg-1` (its choices at 0- and
//! 1-ply, every play looked at, from the reference data). The levels take their own cube
//! decisions (`Searcher::level_cube_advice`), `ply-N` looks N plies ahead on cubeful
//! equities. `--by-class` adds each player's checker-play error in each class of
//! position (contact, crashed, race), to show where a player falls behind. `--choices
//! DIR` writes each player's chosen plays to `DIR/PLAYER.txt`, one Position ID after the
//! play (the opponent on roll) per decision, for the deeper judge
//! (`tests/gnubg/judge_deeper.sh`).

use std::time::Instant;

use gamao::ai::{
    is_crashed, parse_judged_cubes, parse_judged_plays, CubeSituation, Evaluator, JudgedCube,
    JudgedPlay, Level, Player, PubEval, Score, SearchPlayer, Searcher, BLUNDER,
};
use gamao::notation::PositionId;
use gamao::rules::{MoveGen, Position, RuleSet};

use crate::options::{load_evaluator, number, value_after};
use crate::output::outln;

const MOVES: &str = "tests/data/gnubg_strength_moves.txt";
const CUBES: &str = "tests/data/gnubg_strength_cube.txt";
const PLAYERS: &str = "gnubg-1,gnubg-0,expert,ply-1,ply-0,intermediate,pubeval,beginner";

/// Runs `bench strength` with the arguments after it.
pub fn run(args: &[String]) -> Result<(), String> {
    let (mut moves, mut cubes, mut weights) = (MOVES.to_string(), CUBES.to_string(), None);
    let mut limit = usize::MAX;
    let mut players = PLAYERS.to_string();
    let mut by_class = false;
    let mut choices_dir = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = || value_after(arg, &mut iter).map(String::from);
        match arg.as_str() {
            "--moves" => moves = value()?,
            "--cube" => cubes = value()?,
            "--weights" => weights = Some(value()?),
            "--limit" => limit = number(arg, &value()?)?,
            "--players" => players = value()?,
            "--by-class" => by_class = true,
            "--choices" => choices_dir = Some(value()?),
            other => return Err(format!("bench strength: unknown argument {other}")),
        }
    }
    let read = |path: &str| std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"));
    let plays = parse_judged_plays(&read(&moves)?).map_err(|e| format!("{moves}: {e}"))?;
    let cubes = parse_judged_cubes(&read(&cubes)?).map_err(|e| format!("{cubes}: {e}"))?;
    let plays = &plays[..plays.len().min(limit)];
    let cubes = &cubes[..cubes.len().min(limit)];
    let evaluator = load_evaluator(weights.as_deref())?;
    outln!(
        "strength: {} checker plays and {} cube decisions from GNU Backgammon self-play, judged by its 2-ply (mEMG = equity × 1000)",
        plays.len(),
        cubes.len()
    );
    outln!("| player | checker play, mEMG per decision | blunders (> {BLUNDER}) | cube, mEMG per decision (double / take) | median ms per play | median ms per cube decision |");
    outln!("|---|---|---|---|---|---|");
    let classes: Vec<usize> = if by_class {
        plays.iter().map(class_of).collect()
    } else {
        Vec::new()
    };
    let mut class_rows = Vec::new();
    for name in players.split(',') {
        let (errors, chosen, ms) = checker_errors(name, plays, &evaluator)?;
        if let Some(dir) = &choices_dir {
            write_choices(dir, name, &chosen)?;
        }
        if by_class {
            class_rows.push((name, class_means(&classes, &errors)));
        }
        let n = errors.len() as f64;
        let blunders = errors.iter().filter(|&&e| e > BLUNDER).count() as f64;
        let (mean, blunders) = if errors.is_empty() {
            ("—".to_string(), "—".to_string())
        } else {
            let total: f64 = errors.iter().map(|&e| f64::from(e)).sum();
            (
                format!("{:.1}", 1000.0 * total / n),
                format!("{:.1}%", 100.0 * blunders / n),
            )
        };
        let (cube, cube_ms) = match cube_plies(name) {
            Some(plies) => {
                let level = Level::from_name(name);
                let (double, take, ms) = cube_errors(level, plies, cubes, &evaluator);
                (format!("{double:.1} / {take:.1}"), format!("{ms:.2}"))
            }
            None => ("—".into(), "—".into()),
        };
        outln!("| {name} | {mean} | {blunders} | {cube} | {ms} | {cube_ms} |");
    }
    if by_class {
        let mut header = String::from("| checker play by class, mEMG per decision |");
        for (index, name) in CLASSES.iter().enumerate() {
            let count = classes.iter().filter(|&&c| c == index).count();
            header.push_str(&format!(" {name} ({count}) |"));
        }
        outln!("");
        outln!("{header}");
        outln!("|---|{}", "---|".repeat(CLASSES.len()));
        for (name, means) in class_rows {
            let cells: String = means
                .iter()
                .map(|m| m.map_or(" — |".to_string(), |m| format!(" {m:.1} |")))
                .collect();
            outln!("| {name} |{cells}");
        }
    }
    Ok(())
}

/// The classes of position `--by-class` reports, in its columns' order.
const CLASSES: [&str; 3] = ["contact", "crashed", "race"];

/// A judged decision's class, as an index into [`CLASSES`]: a race, a crashed contact
/// position (GNU Backgammon's class), or any other contact position.
fn class_of(play: &JudgedPlay) -> usize {
    if play.position.is_race() {
        2
    } else if is_crashed(&play.position) {
        1
    } else {
        0
    }
}

/// The mean error in each of [`CLASSES`] (`classes[i]` being decision `i`'s), in mEMG;
/// `None` for a class with no decision.
fn class_means(classes: &[usize], errors: &[f32]) -> [Option<f64>; CLASSES.len()] {
    let mut sums = [0.0f64; CLASSES.len()];
    let mut counts = [0usize; CLASSES.len()];
    for (&class, &error) in classes.iter().zip(errors) {
        sums[class] += f64::from(error);
        counts[class] += 1;
    }
    std::array::from_fn(|c| (counts[c] > 0).then(|| 1000.0 * sums[c] / counts[c] as f64))
}

/// Writes `chosen` (positions after the plays, the opponent on roll) to `dir/name.txt`.
fn write_choices(dir: &str, name: &str, chosen: &[Position]) -> Result<(), String> {
    let path = std::path::Path::new(dir).join(format!("{name}.txt"));
    let text: String = chosen
        .iter()
        .map(|p| format!("{}\n", PositionId(*p)))
        .collect();
    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The equity `name` gives away at each decision, the position after each of its plays
/// (the opponent on roll), and its median time per play.
fn checker_errors(
    name: &str,
    plays: &[JudgedPlay],
    evaluator: &Evaluator,
) -> Result<(Vec<f32>, Vec<Position>, String), String> {
    let rules = RuleSet::STANDARD;
    if let Some(plies) = name.strip_prefix("gnubg-") {
        let plies: usize = number("gnubg-N", plies)?;
        if plies > 1 {
            return Err("gnubg-0 and gnubg-1 only: 2-ply is the judge".into());
        }
        let errors = plays
            .iter()
            .map(|p| p.best(2) - p.judge_choice(plies))
            .collect();
        let chosen = plays.iter().map(|p| p.judge_choice_after(plies)).collect();
        return Ok((errors, chosen, "—".into()));
    }
    let level = Level::from_name(name);
    let plies = match name.strip_prefix("ply-") {
        Some(n) => match number::<u8>("ply-N", n)? {
            plies @ 0..=3 => Some(plies),
            _ => return Err("the search plays as ply-0 to ply-3".into()),
        },
        None => None,
    };
    if level.is_none() && plies.is_none() && name != "pubeval" {
        return Err(format!("unknown player {name:?}: choose from {PLAYERS}"));
    }
    let mut fixed_depth = plies.map(|plies| SearchPlayer::new(evaluator.clone(), plies));
    let mut movegen = MoveGen::new();
    let mut errors = Vec::with_capacity(plays.len());
    let mut chosen_after = Vec::with_capacity(plays.len());
    let mut times = Vec::with_capacity(plays.len());
    for (i, judged) in plays.iter().enumerate() {
        let legal = movegen
            .generate(&judged.position, judged.dice, rules)
            .to_vec();
        let started = Instant::now();
        let chosen = match (level, &mut fixed_depth) {
            (Some(level), _) => Searcher::new(evaluator, i as u64).choose(&legal, rules, level),
            (_, Some(player)) => player.choose(&judged.position, judged.dice, &legal, rules),
            _ => PubEval.choose(&judged.position, judged.dice, &legal, rules),
        };
        times.push(started.elapsed().as_secs_f64() * 1e3);
        let equity = judged.equity(&legal[chosen], 2).ok_or_else(|| {
            format!(
                "decision {}: the judge has no equity for the chosen play",
                i + 1
            )
        })?;
        errors.push((judged.best(2) - equity).max(0.0));
        chosen_after.push(legal[chosen].position.flipped());
    }
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    Ok((errors, chosen_after, format!("{median:.2}")))
}

/// How far ahead player `name` looks before a cube decision, if it takes them.
fn cube_plies(name: &str) -> Option<u8> {
    match (Level::from_name(name), name.strip_prefix("ply-")) {
        (Some(level), _) => Some(level.cube_plies()),
        (None, Some(plies)) => plies.parse().ok().map(|plies: u8| plies.min(3)),
        (None, None) => None,
    }
}

/// The mean equity given away as doubler and as taker by `level`'s cube decisions, or
/// without a level by those looked at `plies` deep, in mEMG, and the median
/// milliseconds per decision.
fn cube_errors(
    level: Option<Level>,
    plies: u8,
    cubes: &[JudgedCube],
    evaluator: &Evaluator,
) -> (f64, f64, f64) {
    let rules = RuleSet::STANDARD;
    let mut searcher = Searcher::new(evaluator, 0);
    let (mut double, mut take) = (0.0f64, 0.0f64);
    let mut times = Vec::with_capacity(cubes.len());
    for judged in cubes {
        let started = Instant::now();
        let situation = CubeSituation::centred(Score::Money, judged.position.is_race());
        let advice = match level {
            Some(level) => searcher.level_cube_advice(&judged.position, rules, &situation, level),
            None => searcher.cube_advice_at(&judged.position, rules, &situation, plies),
        }
        .advice;
        times.push(started.elapsed().as_secs_f64() * 1e3);
        let (d, t) = judged.errors(&advice);
        double += f64::from(d);
        take += f64::from(t);
    }
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    let n = cubes.len().max(1) as f64;
    (1000.0 * double / n, 1000.0 * take / n, median)
}
