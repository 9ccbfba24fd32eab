//! The `.mat` export: the exact text of a scripted match, and GNU Backgammon importing
//! `gamao random-match` output with the same games and final score (when installed).

mod common;

use std::path::Path;
use std::process::Command;

use common::{act, ScriptedDice};
use gamao::clock::TimeControl;
use gamao::match_play::{play_randomly, Action, Match, MatchLength, MatchOptions};
use gamao::notation::write_mat;
use gamao::rules::Side;

fn step(from: u8, die: u8) -> Action {
    Action::Step { from, die }
}

/// Two games of a 3-point match: a drop by Red, then a take and a drop by White.
fn scripted_match() -> Match {
    let mut options = MatchOptions::seed_000(MatchLength::Points(3));
    options.time_control = TimeControl::None;
    let mut m = Match::new(options).unwrap();
    let mut dice = ScriptedDice::new(&[[3, 1], [6, 4], [2, 5], [1, 1]]);
    let script = [
        (Side::White, Action::OpeningRoll),
        (Side::White, step(8, 3)),
        (Side::White, step(6, 1)),
        (Side::White, Action::EndTurn),
        (Side::Red, Action::Roll),
        (Side::Red, step(24, 6)),
        (Side::Red, step(13, 4)),
        (Side::Red, Action::EndTurn),
        (Side::White, Action::Double),
        (Side::Red, Action::Drop),
        (Side::White, Action::OpeningRoll),
        (Side::Red, step(13, 2)),
        (Side::Red, step(13, 5)),
        (Side::Red, Action::EndTurn),
        (Side::White, Action::Double),
        (Side::Red, Action::Take),
        (Side::White, Action::Roll),
        (Side::White, step(6, 1)),
        (Side::White, step(6, 1)),
        (Side::White, step(8, 1)),
        (Side::White, step(8, 1)),
        (Side::White, Action::EndTurn),
        (Side::Red, Action::Double),
        (Side::White, Action::Drop),
    ];
    for (side, action) in script {
        act(&mut m, side, action, 0, &mut dice);
    }
    m
}

const SCRIPTED_MAT: &str = " 3 point match

 Game 1
 White : 0                      Red : 0
  1) 31: 8/5 6/5                 64: 24/18 13/9
  2)  Doubles => 2                Drops
      Wins 1 point

 Game 2
 White : 1                      Red : 0
  1)                             52: 13/11 13/8
  2)  Doubles => 2                Takes
  3) 11: 6/5 6/5 8/7 8/7          Doubles => 4
  4)  Drops
                                  Wins 2 points

";

#[test]
fn a_scripted_match_is_written_in_jellyfish_format() {
    assert_eq!(
        write_mat(&scripted_match()).expect("a match from the opening writes"),
        SCRIPTED_MAT
    );
}

#[test]
fn hits_bar_entries_bear_offs_and_passes_are_written_in_the_movers_numbers() {
    let mut options = MatchOptions::seed_000(MatchLength::Points(5));
    options.time_control = TimeControl::None;
    let mut m = Match::new(options).unwrap();
    play_randomly(&mut m, 11, 0).unwrap();
    let mat = write_mat(&m).expect("a match from the opening writes");
    assert!(mat.contains('*'), "a random match has hits");
    assert!(mat.contains(" 25/"), "and entries from the bar");
    assert!(mat.contains("/0"), "and bear-offs");
    assert!(mat.ends_with("and the match\n\n"));
}

/// GNU Backgammon's view of a `.mat` file: (games, White's score, Red's score).
fn gnubg_import(gnubg: &Path, mat: &str, name: &str) -> (usize, u32, u32) {
    let dir = std::env::temp_dir().join(format!("gamao-mat-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(name);
    std::fs::write(&file, mat).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/gnubg/import_mat.py");
    let output = Command::new(gnubg)
        .args(["-t", "-q", "-p"])
        .arg(&script)
        .env("GAMAO_MAT", &file)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    let mut games = None;
    let mut score = None;
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["games", n] => games = n.parse().ok(),
            ["final", w, r] => score = w.parse().ok().zip(r.parse().ok()),
            _ => {}
        }
    }
    match (games, score) {
        (Some(g), Some((w, r))) => (g, w, r),
        _ => panic!("gnubg did not import {name}: {text}"),
    }
}

fn installed_gnubg() -> Option<&'static Path> {
    let path = Path::new("/usr/games/gnubg");
    path.exists().then_some(path)
}

#[test]
fn gnubg_imports_the_scripted_match() {
    let Some(gnubg) = installed_gnubg() else {
        eprintln!("GNU Backgammon not installed; skipped");
        return;
    };
    assert_eq!(gnubg_import(gnubg, SCRIPTED_MAT, "scripted.mat"), (2, 1, 2));
}

#[test]
fn gnubg_imports_random_matches_with_the_same_final_score() {
    let Some(gnubg) = installed_gnubg() else {
        eprintln!("GNU Backgammon not installed; skipped");
        return;
    };
    for (length, seed) in [(1, 1), (3, 2), (5, 3), (7, 4), (9, 5), (11, 6)] {
        let output = Command::new(env!("CARGO_BIN_EXE_gamao"))
            .args([
                "random-match",
                "--length",
                &length.to_string(),
                "--seed",
                &seed.to_string(),
            ])
            .output()
            .unwrap();
        assert!(output.status.success());
        let mat = String::from_utf8(output.stdout).unwrap();
        // The same match, played by the library
        let mut options = MatchOptions::seed_000(MatchLength::Points(length));
        options.time_control = TimeControl::None;
        let mut m = Match::new(options).unwrap();
        play_randomly(&mut m, seed, 0).unwrap();
        assert_eq!(mat, write_mat(&m).expect("a match from the opening writes"));
        let score = m.score();
        let expected = (m.games().len(), score.white, score.red);
        let name = format!("random-{length}-{seed}.mat");
        assert_eq!(gnubg_import(gnubg, &mat, &name), expected, "{name}");
    }
}
