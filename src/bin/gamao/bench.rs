//! `gamao bench movegen|eval|levels`: how fast legal plays are generated and positions
//! evaluated, single-threaded, and how much each computer level gives away.

use std::time::Instant;

use gamao::ai::{Evaluator, Level, LevelPlayer, Player, Searcher};
use gamao::notation::PositionId;
use gamao::rules::{Dice, MoveGen, Position, RuleSet};
use gamao::sample::random_game_positions;

const DEFAULT_SEED: u64 = 2026;
const DEFAULT_POSITIONS: usize = 10_000;
const RUNS: usize = 7;

/// Generates the plays of all 21 rolls for every position, `RUNS` times, and prints the
/// median rates.
pub fn movegen(positions_file: Option<&str>) -> Result<(), String> {
    let positions = match positions_file {
        Some(path) => read_positions(path)?,
        None => random_game_positions(DEFAULT_SEED, DEFAULT_POSITIONS),
    };
    let mut movegen = MoveGen::new();
    let mut runs = Vec::with_capacity(RUNS);
    let mut plays = 0u64;
    for _ in 0..RUNS {
        plays = 0;
        let started = Instant::now();
        for position in &positions {
            for dice in Dice::ALL {
                plays += movegen.generate(position, dice, RuleSet::STANDARD).len() as u64;
            }
        }
        runs.push(started.elapsed().as_secs_f64());
    }
    runs.sort_by(f64::total_cmp);
    let median = runs[RUNS / 2];
    let generations = (positions.len() * Dice::ALL.len()) as f64;
    println!(
        "movegen: {} positions × 21 rolls, {plays} plays; median of {RUNS} runs {:.1} ms",
        positions.len(),
        median * 1e3
    );
    println!("  {:.2} M generations/s", generations / median / 1e6);
    println!("  {:.2} M plays/s", plays as f64 / median / 1e6);
    Ok(())
}

fn read_positions(path: &str) -> Result<Vec<Position>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            l.parse::<PositionId>()
                .map(|id| id.0)
                .map_err(|e| format!("{l:?}: {e}"))
        })
        .collect()
}

/// `gamao bench eval`: evaluations per second and the time of a 0-ply decision (move
/// generation plus evaluation of every play), single-threaded, with the given weights.
pub fn eval(weights: Option<&str>) -> Result<(), String> {
    let evaluator = crate::options::load_evaluator(weights)?;
    let positions = random_game_positions(DEFAULT_SEED, DEFAULT_POSITIONS);
    let rules = RuleSet::STANDARD;
    let mut movegen = MoveGen::new();
    let mut checksum = 0.0f64;
    let mut eval_runs = Vec::with_capacity(RUNS);
    let mut decision_runs = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let started = Instant::now();
        for position in &positions {
            checksum += f64::from(evaluator.evaluate(position, rules).equity());
        }
        eval_runs.push(started.elapsed().as_secs_f64());
        let started = Instant::now();
        for (i, position) in positions.iter().enumerate() {
            let dice = Dice::ALL[i % Dice::ALL.len()];
            let plays = movegen.generate(position, dice, rules);
            checksum += evaluator.best_play(plays, rules).unwrap_or(0) as f64;
        }
        decision_runs.push(started.elapsed().as_secs_f64());
    }
    eval_runs.sort_by(f64::total_cmp);
    decision_runs.sort_by(f64::total_cmp);
    let n = positions.len() as f64;
    println!(
        "eval: {} positions, median of {RUNS} runs (checksum {checksum:.1})",
        positions.len()
    );
    println!("  {:.2} M evaluations/s", n / eval_runs[RUNS / 2] / 1e6);
    println!(
        "  0-ply decision {:.1} µs (move generation + evaluation of every play)",
        decision_runs[RUNS / 2] / n * 1e6
    );
    Ok(())
}

/// Positions (with a roll that leaves a choice) met in games the intermediate level
/// plays against itself on seeded dice: natural positions of every phase of a game.
fn self_play_choices(evaluator: &Evaluator, count: usize) -> Vec<(Position, Dice)> {
    let rules = RuleSet::STANDARD;
    let mut rng = gamao::rng::Rng::seeded(DEFAULT_SEED);
    let mut player = LevelPlayer::new(evaluator.clone(), Level::Intermediate, DEFAULT_SEED);
    let mut movegen = MoveGen::new();
    let mut choices = Vec::with_capacity(count);
    let mut position = Position::start();
    while choices.len() < count {
        let dice = gamao::sample::random_dice(&mut rng);
        let plays = movegen.generate(&position, dice, rules).to_vec();
        if plays.len() > 1 {
            choices.push((position, dice));
        }
        let chosen = player.choose(&position, &plays, rules);
        let after = plays[chosen].position;
        position = if after.mover_win(rules).is_some() {
            Position::start()
        } else {
            after.flipped()
        };
    }
    choices
}

/// For each level, the average equity it loses per move against the expert's choice,
/// both judged by the expert (1-ply cubeless equity), over positions from self-play.
pub fn levels(weights: Option<&str>) -> Result<(), String> {
    const POSITIONS: usize = 500;
    let evaluator = crate::options::load_evaluator(weights)?;
    let rules = RuleSet::STANDARD;
    let choices = self_play_choices(&evaluator, POSITIONS);
    let mut judge = Searcher::new(&evaluator, 0);
    let mut movegen = MoveGen::new();
    println!("levels: {POSITIONS} positions with a choice, from intermediate self-play");
    for level in Level::ALL {
        let (mut lost, mut same) = (0.0f64, 0usize);
        for (i, (position, dice)) in choices.iter().enumerate() {
            let plays = movegen.generate(position, *dice, rules).to_vec();
            let ranked = judge.rank(&plays, rules, true);
            let chosen = Searcher::new(&evaluator, i as u64).choose(&plays, rules, level);
            let equity = match ranked.iter().find(|r| r.index == chosen && r.plies == 1) {
                Some(r) => r.equity,
                None => judge.one_ply(&plays[chosen], rules),
            };
            lost += f64::from(ranked[0].equity - equity).max(0.0);
            same += usize::from(chosen == ranked[0].index);
        }
        println!(
            "  {level:?}: {:.4} equity lost per move, the expert's play {:.1}% of the time",
            lost / POSITIONS as f64,
            100.0 * same as f64 / POSITIONS as f64
        );
    }
    Ok(())
}
