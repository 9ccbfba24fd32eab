//! `gamao best`, `gamao duel`, `gamao bench strength` and `gamao half` from the outside.

use std::io::Write;
use std::process::{Command, Stdio};

mod common;

use common::conversation::Conversation;

fn gamao() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gamao"))
}

/// Runs `gamao` with `args`, asserts that it fails, and returns its standard error.
fn refusal(args: &[&str]) -> String {
    let out = gamao().args(args).output().unwrap();
    assert!(!out.status.success(), "{args:?} succeeded");
    String::from_utf8(out.stderr).expect("the error is UTF-8")
}

/// Runs `gamao duel` with `args`, asserts that it succeeds, and returns what it printed.
fn duel(args: &[&str]) -> String {
    let out = gamao().arg("duel").args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {stderr}");
    String::from_utf8(out.stdout).expect("the result is UTF-8")
}

#[test]
fn best_answers_in_the_moves_format() {
    let out = gamao()
        .args(["best", "4HPwATDgc/ABMA", "31"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "8/5 6/5\tsGfwATDgc/ABMA\n"
    );
}

#[test]
fn best_answers_each_stdin_line_with_one_line() {
    let mut child = gamao()
        .arg("best")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"4HPwATDgc/ABMA 31\nnonsense\n\n4HPwATDgc/ABMA 6-4\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("8/5 6/5\t"));
    assert!(lines[1].starts_with("error: "));
    assert!(lines[2].contains('\t'));
}

#[test]
fn duel_prints_points_per_game_with_an_interval() {
    let text = duel(&["pubeval", "random", "--games", "40", "--seed", "2"]);
    assert!(
        text.starts_with("pubeval vs random: 40 games, pubeval +"),
        "{text}"
    );
    assert!(text.contains("points per game (95%)"), "{text}");
}

#[test]
fn duel_with_luck_adds_the_luck_adjusted_result_to_the_same_games() {
    let args = ["pubeval", "random", "--games", "40", "--seed", "2"];
    let plain = duel(&args);
    let judged = duel(&[&args[..], &["--luck", "--runs", "2"]].concat());
    let lines: Vec<&str> = judged.lines().collect();
    assert_eq!(lines.len(), 3, "{judged}");
    let seed_2 = lines
        .iter()
        .find(|l| l.starts_with("seed 2: "))
        .expect("seed 2's run");
    // The plain report with the adjusted figures inserted before the games won.
    let (before, won) = untimed(plain.trim_end())
        .split_once(", pubeval won")
        .expect("a report");
    let (judged_before, rest) = untimed(seed_2)["seed 2: ".len()..]
        .split_once(", luck-adjusted ")
        .expect("luck-adjusted figures");
    assert_eq!(judged_before, before, "{judged}");
    assert!(rest.ends_with(&format!(", pubeval won{won}")), "{judged}");
    assert!(lines[2].contains("combined), luck-adjusted +"), "{judged}");
}

#[test]
fn duel_plays_the_search_at_a_fixed_depth() {
    // The search at 0-ply is the network alone: the same plays, every game even.
    let text = duel(&["ply-0", "net", "--games", "20", "--seed", "5"]);
    assert!(
        text.starts_with("ply-0 vs net: 20 games, ply-0 +0.000 ± 0.000 points per game"),
        "{text}"
    );
    // A ply deeper, some plays differ; no depth past 3.
    let text = duel(&["ply-1", "ply-0", "--games", "20", "--seed", "5"]);
    assert!(
        text.starts_with("ply-1 vs ply-0: 20 games, ply-1 "),
        "{text}"
    );
    assert!(!text.contains("+0.000 ± 0.000"), "{text}");
    let out = gamao().args(["duel", "ply-4", "pubeval"]).output().unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("ply-0, ply-1, ply-2 or ply-3"), "{stderr}");
}

/// A duel's report without its time: `… won 55.0% | 0.3 s` → `… won 55.0%`.
fn untimed(line: &str) -> &str {
    line.rsplit_once(" | ").map_or(line, |(report, _)| report)
}

#[test]
fn duel_runs_replay_each_seed_and_combine_them() {
    let text = duel(&[
        "pubeval",
        "random",
        "--games",
        "6",
        "--seed",
        "11",
        "--runs",
        "3",
        "--threads",
        "2",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    // Each run is the duel of its seed alone, whichever thread played it.
    let mut runs: Vec<&str> = lines[..3].iter().map(|l| untimed(l)).collect();
    runs.sort_unstable();
    for (seed, run) in (11..=13).zip(&runs) {
        let alone = duel(&[
            "pubeval",
            "random",
            "--games",
            "6",
            "--seed",
            &seed.to_string(),
        ]);
        assert_eq!(*run, format!("seed {seed}: {}", untimed(alone.trim_end())));
    }
    assert!(
        lines[3]
            .starts_with("pubeval vs random: 3 runs of 6 games (seeds 11–13), 18 games, pubeval +"),
        "{text}"
    );
    // One thread plays the same runs.
    let one = duel(&[
        "pubeval", "random", "--games", "6", "--seed", "11", "--runs", "3",
    ]);
    assert_eq!(untimed(one.lines().last().unwrap()), untimed(lines[3]));
}

/// Runs `gamao bench strength ARGS --choices DIR` and asserts that it succeeds.
fn write_choices(args: &[&str], dir: &std::path::Path) {
    let out = gamao()
        .args(["bench", "strength"])
        .args(args)
        .arg("--choices")
        .arg(dir)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
}

/// The plays of a judged decision (`POSITION_ID DICE AFTER_ID:E0:E1:E2 …`): each one's
/// Position ID after it and the judge's 1-ply equity.
fn one_ply_equities(line: &str) -> Vec<(&str, f64)> {
    line.split(' ')
        .skip(2)
        .map(|play| {
            let fields: Vec<&str> = play.split(':').collect();
            (fields[0], fields[2].parse().unwrap())
        })
        .collect()
}

/// The first `n` decisions of the main judged set, one line each.
fn judged_decisions(n: usize) -> Vec<String> {
    std::fs::read_to_string("tests/data/gnubg_strength_moves.txt")
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(n)
        .map(String::from)
        .collect()
}

#[test]
fn bench_strength_writes_each_players_choices_for_a_deeper_judge() {
    let dir = std::env::temp_dir().join(format!("gamao-choices-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    write_choices(&["--limit", "12", "--players", "gnubg-1,ply-0,ply-3"], &dir);
    let decisions = judged_decisions(12);
    let choices = |name: &str| -> Vec<String> {
        std::fs::read_to_string(dir.join(format!("{name}.txt")))
            .unwrap()
            .lines()
            .map(String::from)
            .collect()
    };
    for name in ["ply-0", "ply-3"] {
        let chosen = choices(name);
        assert_eq!(chosen.len(), 12, "{name}");
        for (after, line) in chosen.iter().zip(&decisions) {
            let legal = one_ply_equities(line).iter().any(|(id, _)| id == after);
            assert!(legal, "{name}: {after} is not a legal play");
        }
    }
    // GNU Backgammon 1-ply's choice is the play it rates best at 1-ply.
    for (after, line) in choices("gnubg-1").iter().zip(&decisions) {
        let plays = one_ply_equities(line);
        let best = plays.iter().max_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
        assert_eq!(after, best.0);
    }
    let deeper = refusal(&["bench", "strength", "--limit", "1", "--players", "ply-4"]);
    assert!(deeper.contains("ply-0 to ply-3"), "{deeper}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_deeper_judge_at_1_ply_gives_the_judged_files_own_equities() {
    if common::gnubg::installed().is_none() {
        eprintln!("skipped: GNU Backgammon is not installed");
        return;
    }
    let dir = std::env::temp_dir().join(format!("gamao-deeper-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let lines = judged_decisions(60);
    let moves = dir.join("moves.txt");
    std::fs::write(&moves, lines.join("\n") + "\n").unwrap();
    write_choices(
        &[
            "--players",
            "gnubg-1,gnubg-0",
            "--moves",
            moves.to_str().unwrap(),
        ],
        &dir,
    );
    // What the judge must find: GNU Backgammon 0-ply's choices against 1-ply's, on the
    // file's 1-ply equities (E1), which a 1-ply judge computes again.
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    let (first, zero) = (read("gnubg-1.txt"), read("gnubg-0.txt"));
    let mut gained = 0.0;
    let mut differing = 0;
    for ((line, a), b) in lines.iter().zip(first.lines()).zip(zero.lines()) {
        let plays = one_ply_equities(line);
        let e1 = |after: &str| plays.iter().find(|(id, _)| *id == after).unwrap().1;
        if a != b {
            differing += 1;
            gained += e1(b) - e1(a);
        }
    }
    assert!(differing > 0, "the first 60 decisions hold no disagreement");
    let cache = dir.join("cache.txt");
    let report = Command::new("tests/gnubg/judge_deeper.sh")
        .arg(&moves)
        .arg(&dir)
        .args(["gnubg-1,gnubg-0", "1"])
        .arg(&cache)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&report.stdout);
    assert!(
        report.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&report.stderr)
    );
    // | gnubg-0 | differing | gained ± interval | contact | crashed | race |
    let row: Vec<&str> = text
        .lines()
        .find(|l| l.starts_with("| gnubg-0 |"))
        .unwrap_or_else(|| panic!("no row: {text}"))
        .split('|')
        .map(str::trim)
        .collect();
    assert_eq!(row[2], differing.to_string(), "{text}");
    let mean: f64 = row[3].split(' ').next().unwrap().parse().unwrap();
    let expected = 1000.0 * gained / 60.0;
    assert!(
        (mean - expected).abs() <= 0.011,
        "{mean} against {expected}: {text}"
    );
    assert!(mean < 0.0, "1-ply's own judge prefers its choices: {text}");
    // Every play it evaluated is kept for the next run.
    assert_eq!(
        std::fs::read_to_string(&cache).unwrap().lines().count(),
        2 * differing
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn duel_records_the_first_players_decisions_in_seed_order() {
    let dir = std::env::temp_dir().join(format!("gamao-duel-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let recorded = |args: &[&str], name: &str| {
        let path = file(name);
        let mut all = vec!["pubeval", "random", "--games", "4", "--seed", "5"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--record", &path]);
        duel(&all);
        std::fs::read_to_string(&path).unwrap()
    };
    let two_threads = recorded(&["--runs", "2", "--threads", "2"], "two.txt");
    let first_run = recorded(&[], "one.txt");
    // The runs in seed order, whichever thread ended first.
    assert!(
        two_threads.starts_with(&first_run) && two_threads.len() > first_run.len(),
        "seed 5's decisions first"
    );
    assert_eq!(
        recorded(&["--runs", "2"], "again.txt"),
        two_threads,
        "one thread records the same"
    );
    // Each line is a decision: a position and a roll with more than one legal play.
    for line in first_run.lines() {
        let out = gamao()
            .args(["moves"])
            .args(line.split(' '))
            .output()
            .unwrap();
        assert!(out.status.success(), "{line}");
        let plays = String::from_utf8_lossy(&out.stdout).lines().count();
        assert!(plays > 1, "{line}: {plays} play");
    }
    assert!(first_run.lines().count() > 20, "{first_run}");
    // A file that cannot be written is refused.
    let unwritable = refusal(&[
        "duel",
        "pubeval",
        "random",
        "--record",
        &file("no/such/dir"),
    ]);
    assert!(unwritable.contains("--record"), "{unwritable}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn duel_runs_and_threads_refuse_zero_and_seeds_past_the_last() {
    let none = refusal(&["duel", "pubeval", "random", "--runs", "0"]);
    assert!(none.contains("--runs takes at least 1"), "{none}");
    for runs in ["1", "2"] {
        let idle = refusal(&[
            "duel",
            "pubeval",
            "random",
            "--runs",
            runs,
            "--threads",
            "0",
        ]);
        assert!(idle.contains("--threads takes at least 1"), "{idle}");
    }
    let past = refusal(&[
        "duel",
        "pubeval",
        "random",
        "--runs",
        "3",
        "--seed",
        &u64::MAX.to_string(),
    ]);
    assert!(past.contains("beyond the last seed"), "{past}");
    let unknown = refusal(&["duel", "pubeval", "bogus", "--runs", "2", "--threads", "2"]);
    assert!(unknown.contains("unknown player"), "{unknown}");
}

#[test]
fn gnu_backgammon_duels_at_up_to_2_ply() {
    let deeper = refusal(&["duel", "gnubg-3", "pubeval", "--games", "2"]);
    assert!(deeper.contains("gnubg-0, gnubg-1 or gnubg-2"), "{deeper}");
    if common::gnubg::installed().is_none() {
        eprintln!("skipped: GNU Backgammon is not installed");
        return;
    }
    let text = duel(&["gnubg-2", "pubeval", "--games", "2", "--seed", "1"]);
    assert!(
        text.starts_with("gnubg-2 vs pubeval: 2 games, gnubg-2 "),
        "{text}"
    );
}

#[test]
fn a_duel_with_the_cube_has_gnu_backgammon_answer_every_cube_decision() {
    if common::gnubg::installed().is_none() {
        eprintln!("skipped: GNU Backgammon is not installed");
        return;
    }
    let args = [
        "duel",
        "intermediate",
        "gnubg-0",
        "--games",
        "6",
        "--seed",
        "4",
        "--cube",
    ];
    let out = gamao().args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    // A cube question or a play at the cube's stakes it could not answer is said here.
    assert!(!stderr.contains("gnubg:"), "{stderr}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("intermediate vs gnubg-0: 6 games, intermediate "),
        "{text}"
    );
}

#[test]
fn corrupt_weights_are_refused_with_a_message() {
    let path = std::env::temp_dir().join("gamao-corrupt-test.weights");
    std::fs::write(&path, b"GAMAOWTS garbage").unwrap();
    let error = refusal(&[
        "best",
        "--weights",
        path.to_str().unwrap(),
        "4HPwATDgc/ABMA",
        "31",
    ]);
    std::fs::remove_file(&path).unwrap();
    assert!(error.contains("weights file"));
}

#[test]
fn best_plays_at_a_chosen_level_and_refuses_an_unknown_one() {
    let expert = gamao()
        .args(["best", "--level", "expert", "4HPwATDgc/ABMA", "31"])
        .output()
        .unwrap();
    assert!(expert.status.success());
    assert!(String::from_utf8(expert.stdout)
        .unwrap()
        .starts_with("8/5 6/5\t"));
    let beginner = gamao()
        .args(["best", "--level", "beginner", "4HPwATDgc/ABMA", "31"])
        .output()
        .unwrap();
    assert!(beginner.status.success());
    let unknown = refusal(&["best", "--level", "grandmaster", "4HPwATDgc/ABMA", "31"]);
    assert!(unknown.contains("--level"));
}

#[test]
fn best_answers_a_line_before_the_next_is_sent() {
    // Given `gamao best` reading its input, which stays open
    let mut gamao = Conversation::start(&["best"]);
    // When a program sends one position at a time and waits for each answer
    gamao.send("4HPwATDgc/ABMA 31");
    assert!(gamao.read_line().starts_with("8/5 6/5\t"));
    gamao.send("nonsense");
    assert!(gamao.read_line().starts_with("error: "));
    gamao.send("4HPwATDgc/ABMA 6-4");
    // Then each answer comes before the next question
    assert!(gamao.read_line().contains('\t'));
}

#[test]
fn bench_strength_judges_the_cube_decisions_of_the_levels_and_of_ply_n() {
    let out = gamao()
        .args([
            "bench",
            "strength",
            "--limit",
            "2",
            "--players",
            "ply-2,gnubg-0",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let row = |name: &str| {
        text.lines()
            .find(|l| l.starts_with(&format!("| {name} |")))
            .unwrap_or_else(|| panic!("no row for {name}: {text}"))
            .split('|')
            .map(str::trim)
            .collect::<Vec<_>>()
    };
    // | ply-2 | checker | blunders | double / take | ms per play | ms per cube decision |
    let cube = row("ply-2")[4].to_string();
    let (double, take) = cube.split_once(" / ").expect("double / take");
    assert!(
        double.parse::<f64>().is_ok() && take.parse::<f64>().is_ok(),
        "{cube}"
    );
    assert!(row("ply-2")[6].parse::<f64>().is_ok());
    assert_eq!(
        row("gnubg-0")[4],
        "—",
        "GNU Backgammon's own rows judge no cube"
    );
}

#[test]
fn bench_strength_by_class_splits_the_error_by_class_of_position() {
    // Given the first 60 judged plays, judged for GNU Backgammon's 0-ply choices
    let out = gamao()
        .args([
            "bench",
            "strength",
            "--limit",
            "60",
            "--players",
            "gnubg-0",
            "--by-class",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    // Then the class table counts every decision once
    let header = text
        .lines()
        .find(|l| l.starts_with("| checker play by class"))
        .unwrap_or_else(|| panic!("no class table: {text}"));
    let counts: Vec<usize> = header
        .split('(')
        .skip(1)
        .map(|c| c.split(')').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(counts.len(), 3, "{header}");
    assert_eq!(counts.iter().sum::<usize>(), 60, "{header}");
    // And the classes' means, weighted by their counts, give the overall mean
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| l.starts_with("| gnubg-0 |"))
        .map(|l| l.split('|').map(str::trim).collect())
        .collect();
    assert_eq!(rows.len(), 2, "{text}");
    let overall: f64 = rows[0][2].parse().unwrap();
    let weighted: f64 = rows[1][2..5]
        .iter()
        .zip(&counts)
        .map(|(cell, &n)| cell.parse::<f64>().map_or(0.0, |m| m * n as f64))
        .sum::<f64>()
        / 60.0;
    assert!(
        (overall - weighted).abs() <= 0.1,
        "{overall} against {weighted}: {text}"
    );
}

#[test]
fn half_writes_a_weights_file_in_half_precision_and_refuses_a_corrupt_one() {
    use gamao::ai::{Network, Weights};
    use gamao::rng::Rng;

    let dir = std::env::temp_dir().join(format!("gamao-half-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng::seeded(9);
    let weights = Weights {
        contact: Network::random(8, &mut rng),
        race: Network::random(4, &mut rng),
    };
    let (input, output) = (dir.join("f32.weights"), dir.join("half.weights"));
    std::fs::write(&input, weights.to_bytes()).unwrap();
    let out = gamao()
        .args(["half", input.to_str().unwrap(), output.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let half = std::fs::read(&output).unwrap();
    assert!(half == weights.to_half_bytes().unwrap());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(&format!("{:016x}", weights.checksum())),
        "{text}"
    );

    let corrupt = dir.join("corrupt.weights");
    std::fs::write(&corrupt, b"GAMAOWTS garbage").unwrap();
    let refused = dir.join("refused.weights");
    let error = refusal(&["half", corrupt.to_str().unwrap(), refused.to_str().unwrap()]);
    assert!(error.contains("weights file"));
    assert!(!refused.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn duel_plays_a_level_with_the_weights_of_a_file() {
    use gamao::ai::Weights;

    let path =
        std::env::temp_dir().join(format!("gamao-duel-level-{}.weights", std::process::id()));
    std::fs::write(&path, Weights::builtin().unwrap().to_bytes()).unwrap();
    let file = format!("expert:{}", path.to_str().unwrap());
    // The shipped weights on both sides: every pair of games on the same dice cancels.
    let text = duel(&[&file, "expert", "--games", "4", "--seed", "3"]);
    assert!(text.contains(&format!("{file} +0.000 ± 0.000")), "{text}");
    std::fs::remove_file(&path).unwrap();

    let missing = refusal(&[
        "duel",
        "expert:/nonexistent.weights",
        "pubeval",
        "--games",
        "2",
    ]);
    assert!(missing.contains("/nonexistent.weights"));
    let unknown = refusal(&["duel", "master:x", "pubeval", "--games", "2"]);
    assert!(unknown.contains("unknown player \"master:x\""));
}
