//! The `gamao` command line: `moves`, batch mode, rule presets, `random-match` and bad
//! input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use gamao::match_play::Phase;
use gamao::notation::read_mat;

mod common;

use common::conversation::Conversation;

fn gamao(args: &[&str], stdin: &str) -> Output {
    gamao_into(Stdio::piped(), args, stdin)
}

/// Runs `gamao` with its standard output going to `stdout`.
fn gamao_into(stdout: Stdio, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamao"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("gamao runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

#[test]
fn moves_lists_each_play_with_the_position_id_after_it() {
    let out = gamao(&["moves", "4HPwATDgc/ABMA", "31"], "");
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 16);
    // 8/5 6/5 makes the 5-point; GNU Backgammon shows the result as 4HPwATDgc/ABMA's
    // mirror with the opponent on roll.
    assert!(lines.contains(&"8/5 6/5\tsGfwATDgc/ABMA"), "{text}");
    assert!(lines.iter().all(|l| l.split('\t').count() == 2));
}

#[test]
fn dice_may_be_written_with_a_dash() {
    let compact = stdout(&gamao(&["moves", "4HPwATDgc/ABMA", "31"], ""));
    let dashed = stdout(&gamao(&["moves", "4HPwATDgc/ABMA", "1-3"], ""));
    assert_eq!(compact, dashed);
}

#[test]
fn no_move_prints_one_line_with_the_id_after_the_pass() {
    // x on the bar against a closed board
    let out = gamao(&["moves", "27YBAAD8/wAACA", "65"], "");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1);
    assert!(lines[0].starts_with("no move\t"));
    let after = lines[0].split('\t').nth(1).unwrap();
    assert_eq!(after.len(), 14);
}

#[test]
fn rule_presets_change_the_legal_plays() {
    let standard = stdout(&gamao(&["moves", "MAAACAEAAAAAAA", "64"], ""));
    let seed001 = stdout(&gamao(
        &["--rules", "reserve", "moves", "MAAACAEAAAAAAA", "64"],
        "",
    ));
    assert_eq!(standard.lines().count(), 2);
    assert_eq!(seed001.lines().count(), 1);
    assert!(seed001.starts_with("5/off 1/off\t"));
}

#[test]
fn bad_input_is_one_line_on_stderr_and_a_failure() {
    for args in [
        vec!["moves", "4HPwATDgc/AB", "31"],
        vec!["moves", "//////////////", "31"],
        vec!["moves", "4HPwATDgc/ABMA", "71"],
        vec!["moves", "4HPwATDgc/ABMA", "3x"],
        vec!["--rules", "nope", "moves", "4HPwATDgc/ABMA", "31"],
        vec!["random-match", "--level", "master"],
    ] {
        let out = gamao(&args, "");
        assert!(!out.status.success(), "{args:?}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("gamao: "), "{err}");
    }
}

#[test]
fn batch_mode_answers_each_line_and_goes_on_after_an_error() {
    let out = gamao(
        &[],
        "4HPwATDgc/ABMA 31\nnot-an-id 31\n\n27YBAAD8/wAACA 6-5\n",
    );
    assert!(out.status.success());
    let text = stdout(&out);
    let answers: Vec<&str> = text.split("\n\n").filter(|a| !a.is_empty()).collect();
    assert_eq!(answers.len(), 3, "{text}");
    assert_eq!(answers[0].lines().count(), 16);
    assert!(answers[1].starts_with("error: bad Position ID"));
    assert!(answers[2].starts_with("no move\t"));
}

#[test]
fn bench_reads_positions_from_a_file() {
    let dir = std::env::temp_dir().join(format!("gamao-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("positions.txt");
    std::fs::write(&file, "# two positions\n4HPwATDgc/ABMA\nMAAACAEAAAAAAA\n").unwrap();
    let out = gamao(
        &["bench", "movegen", "--positions", file.to_str().unwrap()],
        "",
    );
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("2 positions × 21 rolls"), "{text}");
    assert!(text.contains("generations/s") && text.contains("plays/s"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cube_advice_for_a_position_and_match_score() {
    // The opening position is no double at money.
    let out = gamao(&["cube", "4HPwATDgc/ABMA"], "");
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(
        text.contains("proper cube action: no double, take"),
        "{text}"
    );
    // 2-away against 1-away after the Crawford game (3-point match, 1-2): the trailer
    // on roll doubles at once.
    let trailer = stdout(&gamao(&["cube", "4HPwATDgc/ABMA", "cAlgACAACAAE"], ""));
    assert!(trailer.contains("proper cube action: double"), "{trailer}");
    assert!(trailer.contains("match winning chance"));
    // A double the expert makes on its 2-ply chances and its 1-ply chances miss
    // (tests/ai_computer.rs): the command advises what the expert does.
    let double = stdout(&gamao(&["cube", "t20DwAB724IBAA"], ""));
    assert!(double.starts_with("chances (2-ply)"), "{double}");
    assert!(
        double.contains("proper cube action: double, take"),
        "{double}"
    );
    // Bad input is refused.
    let bad = gamao(&["cube", "4HPwATDgc/ABMA", "nonsense"], "");
    assert!(!bad.status.success());
}

#[test]
fn every_moves_batch_answers_a_line_before_the_next_is_sent() {
    for args in [&["moves"][..], &[]] {
        // Given `gamao moves` (or bare `gamao`) reading its input, which stays open
        let mut gamao = Conversation::start(args);
        for (line, plays) in [("4HPwATDgc/ABMA 31", 16), ("4HPwATDgc/ABMA 66", 11)] {
            // When a program sends one position and waits
            gamao.send(line);
            // Then the whole answer comes: the plays, then an empty line
            let answer: Vec<String> = std::iter::from_fn(|| Some(gamao.read_line()))
                .take_while(|l| !l.is_empty())
                .collect();
            assert_eq!(answer.len(), plays, "{args:?} {line}: {answer:?}");
        }
    }
}

/// The writing end of a pipe whose reader has already exited, as `gamao … | head` is
/// once `head` has read its lines.
fn pipe_without_reader() -> Stdio {
    let mut reader = Command::new("true")
        .stdin(Stdio::piped())
        .spawn()
        .expect("true runs");
    let writer = reader.stdin.take().unwrap();
    reader.wait().unwrap();
    Stdio::from(writer)
}

#[test]
fn random_match_plays_a_whole_match_by_a_level_the_same_for_the_same_seed() {
    let by_level = [
        "random-match",
        "--length",
        "3",
        "--seed",
        "4",
        "--level",
        "intermediate",
    ];
    let mat = stdout(&gamao(&by_level, ""));
    assert_eq!(
        mat,
        stdout(&gamao(&by_level, "")),
        "the same seed, the same match"
    );
    let replay = read_mat(&mat).expect("its .mat replays");
    let Phase::MatchOver { result } = replay.replayed.phase() else {
        panic!(
            "the match is played to its end: {:?}",
            replay.replayed.phase()
        );
    };
    assert!(*replay.replayed.score().get(result.winner) >= 3);
    let random = stdout(&gamao(&by_level[..5], ""));
    assert_ne!(mat, random, "the level plays, not chance");
}

#[test]
fn output_into_a_closed_pipe_ends_gamao_quietly_with_success() {
    let mat = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/gnubg_analysis/match-1.mat"
    );
    for (args, stdin) in [
        (vec!["moves", "4HPwATDgc/ABMA", "31"], ""),
        (vec!["moves"], "4HPwATDgc/ABMA 31\n"),
        (vec!["best"], "4HPwATDgc/ABMA 31\n"),
        (vec!["cube", "4HPwATDgc/ABMA"], ""),
        (vec!["random-match", "--length", "3"], ""),
        (vec!["analyse", "--depth", "0", mat], ""),
        (vec!["--help"], ""),
    ] {
        // Given a pipe nobody reads any more
        // When gamao writes its answer into it
        let out = gamao_into(pipe_without_reader(), &args, stdin);
        // Then it stops at once, with success and without a word (no panic, no error)
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        assert_eq!(stderr, "", "{args:?}");
    }
}
