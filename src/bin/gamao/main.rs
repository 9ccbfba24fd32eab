//! `gamao`: the command-line face of the engine.
//!
//! ```text
//! gamao moves <POSITION_ID> <DICE>   every legal play, with the Position ID after it
//! gamao moves                        the same for `POSITION_ID DICE` lines on stdin
//! gamao                              (the same as `gamao moves`)
//! gamao bench [--positions FILE] [--weights FILE]   all the figures below in one run
//! gamao bench movegen [--positions FILE]
//! gamao random-match --length N --seed S [--level L]   a seeded match as a .mat file
//! gamao cube <POSITION_ID> [<MATCH_ID>]       the expert's cube advice (2-ply)
//! gamao bench eval [--weights FILE]
//! gamao bench levels [--weights FILE]           equity each level loses per move
//! gamao bench strength [--limit N]             each level's error judged by GNU Backgammon
//! gamao train --seed S --out DIR [--games N] [--resume]   TD self-play training
//! gamao targets --out FILE --seed S [--plies N] [--resume]   positions labelled by search
//! gamao relabel --data IN --out OUT [--contact] [--trials N] [--reduced]   crashed (or contact) positions by rollouts
//! gamao fit --data FILE --out DIR [--from WEIGHTS] [--hidden N] [--epochs N] [--resume]   supervised fit
//! gamao half IN OUT                            a weights file in half precision (the shipped form)
//! gamao duel <A> <B> [--games N] [--seed S]     players: net, levels, ply-N, pubeval, gnubg-0, …
//! gamao best <POSITION_ID> <DICE>              the computer's play, as `moves` prints it
//! gamao best                                   the same for `POSITION_ID DICE` stdin lines
//! gamao analyse [--json] [--depth 0|1|2|3] [--threads N] FILE.mat  every decision of a match judged
//! ```
//! `--rules time-bank|reserve` picks the rules of a preset. Every batch mode answers
//! each stdin line as soon as it is read.

mod analyse;
mod batch;
mod bench;
mod bench_clock;
mod best;
mod cube;
mod duel;
mod fit;
mod gnubg_player;
mod half;
mod moves;
mod options;
mod output;
mod random_match;
mod recorded_player;
mod relabel;
mod strength;
mod targets;
mod train;

use std::process::ExitCode;

use gamao::rules::RuleSet;

use options::parse_rules;
use output::outln;

const USAGE: &str = "usage:
  gamao [--rules time-bank|reserve] moves [<POSITION_ID> <DICE>]
  gamao [--rules …]                      (as `moves`: `POSITION_ID DICE` lines from stdin)
  gamao bench [--positions FILE] [--weights FILE]
  gamao bench movegen [--positions FILE]
  gamao random-match [--length N] [--seed S] [--level beginner|intermediate|expert]   (random play, or the level on both sides)
  gamao cube [--weights FILE] <POSITION_ID> [<MATCH_ID>]
  gamao bench eval [--weights FILE]
  gamao bench levels [--weights FILE]
  gamao bench strength [--moves FILE] [--cube FILE] [--weights FILE] [--limit N] [--players A,B,…] [--by-class]
  gamao train --seed S --out DIR [--games N] [--resume] [--alpha A] [--hidden H]
  gamao targets --out FILE (--seed S [--plies 0|1|2|3] [--keep K] [--alternatives A] | --resume) [--games N] [--weights FILE]
  gamao relabel --data IN --out OUT [--contact] [--games G] [--trials N] [--reduced] [--weights FILE]   (crashed, or every contact, position labelled again by rollouts)
  gamao fit --data FILE [--data FILE …] --out DIR [--from WEIGHTS] [--epochs N] [--rate R] [--batch B] [--seed S]
            [--hidden N] [--contact-hidden N] [--race-hidden N] [--resume]   (widens the networks to N hidden units, at most 256)
  gamao half IN OUT                      (a weights file in half precision, the shipped form)
  gamao duel <A> <B> [--games N] [--seed S] [--runs R] [--threads T] [--weights FILE] [--cube] [--luck]   (players: net, levels, ply-0 to ply-3, each also as NAME:FILE, pubeval, gnubg-0, gnubg-1, gnubg-2, random)
  gamao best [--weights FILE] [--rules …] [<POSITION_ID> <DICE>]
  gamao analyse [--json] [--depth 0|1|2|3] [--threads N] [--weights FILE] FILE.mat   (depth 3, thorough, by default; N: threads, one per core)";

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
    weights_file: Option<String>,
}

fn run(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("train") => return train::run(&args[1..]),
        Some("targets") => return targets::run(&args[1..]),
        Some("relabel") => return relabel::run(&args[1..]),
        Some("fit") => return fit::run(&args[1..]),
        Some("half") => return half::run(&args[1..]),
        Some("duel") => return duel::run(&args[1..]),
        Some("best") => return best::run(&args[1..]),
        Some("random-match") => return random_match::run(&args[1..]),
        Some("cube") => return cube::run(&args[1..]),
        Some("bench") if args.get(1).is_some_and(|a| a == "strength") => {
            return strength::run(&args[2..])
        }
        Some("analyse") => return analyse::run(&args[1..]),
        _ => {}
    }
    let mut options = Options {
        rules: RuleSet::STANDARD,
        positions_file: None,
        weights_file: None,
    };
    let mut words = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--rules" => options.rules = parse_rules(iter.next().map(String::as_str))?,
            "--positions" => {
                options.positions_file =
                    Some(iter.next().ok_or("--positions needs a file")?.clone());
            }
            "--weights" => {
                options.weights_file = Some(iter.next().ok_or("--weights needs a file")?.clone());
            }
            "-h" | "--help" => {
                outln!("{USAGE}");
                return Ok(());
            }
            flag if flag.starts_with("--") => {
                return Err(format!("unknown option {flag}\n{USAGE}"))
            }
            word => words.push(word),
        }
    }
    match words.as_slice() {
        [] | ["moves"] => batch::answer_each_line("\n", |id, dice| {
            moves::answer(id, dice, options.rules).map(|lines| lines.join("\n"))
        }),
        ["moves", id, dice] => {
            for line in moves::answer(id, dice, options.rules)? {
                outln!("{line}");
            }
            Ok(())
        }
        ["bench"] => bench::all(
            options.positions_file.as_deref(),
            options.weights_file.as_deref(),
        ),
        ["bench", "movegen"] => bench::movegen(options.positions_file.as_deref()),
        ["bench", "eval"] => bench::eval(options.weights_file.as_deref()),
        ["bench", "levels"] => bench::levels(options.weights_file.as_deref()),
        _ => Err(format!("unknown command\n{USAGE}")),
    }
}
