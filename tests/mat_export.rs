//! The `.mat` export: the exact text of a scripted match, every way a game can end
//! (by either side), and `gamao random-match` output, each read by GNU Backgammon (when
//! installed) with the same games, winners and points.

mod common;

use std::path::Path;
use std::process::Command;

use common::gnubg::{self, Scratch};
use common::{act, move_any, ScriptedDice};
use gamao::clock::TimeControl;
use gamao::match_play::{play_randomly, Action, GameEnd, Match, MatchLength, MatchOptions, Phase};
use gamao::notation::{read_mat, write_mat};
use gamao::rules::{SeededDice, Side, WinKind};

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
  4)  Drops                       Wins 2 points

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

/// Each game as GNU Backgammon read a `.mat` file: (winner, points), and the games.
fn gnubg_games(gnubg: &Path, mat: &str) -> Vec<(Option<Side>, u32)> {
    let files = Scratch::new();
    let file = files.file("match.mat", mat);
    let script = gnubg::script("import_mat.py");
    let text = gnubg::run_python(gnubg, &script, &[("GAMAO_MAT", &file)]);
    let mut games = Vec::new();
    let mut count = None;
    for line in text.lines() {
        match line.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["game", winner, points] => games.push((
                match *winner {
                    "White" => Some(Side::White),
                    "Red" => Some(Side::Red),
                    _ => None,
                },
                points.parse().expect("a number of points"),
            )),
            ["games", n] => count = n.parse().ok(),
            _ => {}
        }
    }
    assert_eq!(count, Some(games.len()), "GNU Backgammon's answer: {text}");
    games
}

/// Each game with a move, as the library scored it: (winner, points).
fn our_games(m: &Match) -> Vec<(Option<Side>, u32)> {
    m.games()
        .into_iter()
        .filter(|g| !g.log().is_empty())
        .map(|g| g.result().map_or((None, 0), |r| (Some(r.winner), r.points)))
        .collect()
}

/// A match with the clock given, after `turns` turns of random moves (no cube), with
/// `side` about to decide (roll or double) at time `now_ms`.
fn after_turns(options: MatchOptions, seed: u64, turns: usize, side: Side) -> Match {
    let mut m = Match::new(options).unwrap();
    let mut dice = SeededDice::new(seed);
    m.act(Side::White, Action::OpeningRoll, 0, &mut dice)
        .unwrap();
    let mut played = 0;
    loop {
        match m.phase() {
            Phase::Moving { side: mover } => {
                move_any(&mut m, mover, 0);
                m.act(mover, Action::EndTurn, 0, &mut dice).unwrap();
                played += 1;
            }
            Phase::Deciding { side: on_roll } if played >= turns && on_roll == side => return m,
            Phase::Deciding { side: on_roll } => {
                m.act(on_roll, Action::Roll, 0, &mut dice).unwrap();
            }
            phase => panic!("unexpected {phase:?}"),
        }
    }
}

fn untimed(mut options: MatchOptions) -> MatchOptions {
    options.time_control = TimeControl::None;
    options
}

/// Every way a game ends that the format can say, by either side, each the last game
/// of a match: the file GNU Backgammon reads has the same games, winners and points.
#[test]
fn gnubg_reads_every_ending_by_either_side_as_it_was_scored() {
    let Some(gnubg) = gnubg::installed() else {
        eprintln!("GNU Backgammon not installed; skipped");
        return;
    };
    let mut none = ScriptedDice::new(&[]);
    for loser in [Side::White, Side::Red] {
        let winner = loser.other();
        let mut endings: Vec<(String, Match)> = Vec::new();
        // A drop, on either side of the file
        let mut m = after_turns(
            untimed(MatchOptions::seed_000(MatchLength::Points(5))),
            1,
            3,
            winner,
        );
        act(&mut m, winner, Action::Double, 0, &mut none);
        act(&mut m, loser, Action::Drop, 0, &mut none);
        endings.push(("drop".into(), m));
        // Each level of an offered resignation, accepted, at a doubled cube
        for level in [WinKind::Single, WinKind::Gammon, WinKind::Backgammon] {
            let mut m = after_turns(
                untimed(MatchOptions::seed_000(MatchLength::Points(9))),
                2,
                4,
                winner,
            );
            act(&mut m, winner, Action::Double, 0, &mut none);
            act(&mut m, loser, Action::Take, 0, &mut none);
            let mut dice = SeededDice::new(3);
            m.act(winner, Action::Roll, 0, &mut dice).unwrap();
            move_any(&mut m, winner, 0);
            act(&mut m, winner, Action::EndTurn, 0, &mut none);
            act(
                &mut m,
                loser,
                Action::OfferResignation { level },
                0,
                &mut none,
            );
            if level != WinKind::Backgammon {
                act(&mut m, winner, Action::AcceptResignation, 0, &mut none);
            }
            endings.push((format!("resignation {level:?}"), m));
        }
        // A direct resignation (a gammon: nothing borne off), on the resigner's turn
        let mut m = after_turns(
            untimed(MatchOptions::seed_001(MatchLength::Points(5))),
            4,
            2,
            loser,
        );
        act(&mut m, loser, Action::Resign, 0, &mut none);
        endings.push(("direct resignation".into(), m));
        // A forfeit and a time-out that lose a 3-point match at 0-0 (3 points: a
        // backgammon's worth, the most a game can be worth in the format)
        let mut m = after_turns(
            untimed(MatchOptions::seed_000(MatchLength::Points(3))),
            5,
            3,
            loser,
        );
        act(&mut m, loser, Action::ForfeitMatch, 0, &mut none);
        endings.push(("forfeit".into(), m));
        let mut m = after_turns(MatchOptions::seed_000(MatchLength::Points(3)), 6, 3, loser);
        assert_eq!(m.tick(1_000_000), Ok(Some(loser)));
        endings.push(("time-out".into(), m));
        // A claim on the loser's turn, and on the claimer's own turn
        let mut m = after_turns(MatchOptions::seed_001(MatchLength::Points(5)), 7, 3, loser);
        act(&mut m, winner, Action::ClaimWinOnTime, 200_000, &mut none);
        endings.push(("claim on the loser's turn".into(), m));
        let mut m = after_turns(MatchOptions::seed_001(MatchLength::Points(5)), 8, 3, loser);
        let mut dice = SeededDice::new(8);
        m.act(loser, Action::Roll, 0, &mut dice).unwrap();
        move_any(&mut m, loser, 200_000);
        act(&mut m, loser, Action::EndTurn, 200_000, &mut none);
        act(&mut m, winner, Action::ClaimWinOnTime, 200_000, &mut none);
        endings.push(("claim on the claimer's turn".into(), m));

        for (name, m) in endings {
            let last = m
                .games()
                .into_iter()
                .last()
                .and_then(|g| g.result())
                .expect("a game over");
            assert_eq!(last.winner, winner, "{name}");
            let mat = write_mat(&m).expect("a match from the opening writes");
            assert_eq!(
                gnubg_games(gnubg, &mat),
                our_games(&m),
                "{loser} loses by {name}:\n{mat}"
            );
            // Our own reader replays it too, but for a resignation on the winner's turn
            // (the engine lets a side offer one only on its own turn)
            if name != "claim on the claimer's turn" {
                let replay = read_mat(&mat).unwrap_or_else(|e| panic!("{name}: {e}\n{mat}"));
                assert_eq!(our_games(&replay.replayed), our_games(&m), "{name}");
            }
        }
    }
}

/// Bear-offs of every kind, by either side: random matches end games in each way.
#[test]
fn gnubg_reads_every_kind_of_bear_off_by_either_side() {
    let Some(gnubg) = gnubg::installed() else {
        eprintln!("GNU Backgammon not installed; skipped");
        return;
    };
    let mut seen = Vec::new();
    for seed in 1..200 {
        let mut m = Match::new(untimed(MatchOptions::seed_000(MatchLength::Points(25)))).unwrap();
        play_randomly(&mut m, seed, 0).unwrap();
        let kinds: Vec<(Side, WinKind)> = m
            .games()
            .into_iter()
            .filter_map(|g| g.result())
            .filter_map(|r| match r.end {
                GameEnd::BoreOff(kind) => Some((r.winner, kind)),
                _ => None,
            })
            .filter(|k| !seen.contains(k))
            .collect();
        if kinds.is_empty() {
            continue;
        }
        let mat = write_mat(&m).expect("a match from the opening writes");
        assert_eq!(
            gnubg_games(gnubg, &mat),
            our_games(&m),
            "seed {seed}:\n{mat}"
        );
        seen.extend(kinds);
        seen.sort_by_key(|&(side, kind)| (side as u8, kind as u8));
        seen.dedup();
        if seen.len() == 6 {
            return;
        }
    }
    panic!("random matches ended only in {seen:?}");
}

#[test]
fn gnubg_imports_random_matches_game_by_game() {
    let Some(gnubg) = gnubg::installed() else {
        eprintln!("GNU Backgammon not installed; skipped");
        return;
    };
    for (length, seed) in [
        (1, 1),
        (3, 2),
        (5, 3),
        (7, 4),
        (9, 5),
        (11, 6),
        (7, 8),
        (7, 11),
    ] {
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
        let mut m =
            Match::new(untimed(MatchOptions::seed_000(MatchLength::Points(length)))).unwrap();
        play_randomly(&mut m, seed, 0).unwrap();
        assert_eq!(mat, write_mat(&m).expect("a match from the opening writes"));
        assert_eq!(
            gnubg_games(gnubg, &mat),
            our_games(&m),
            "random-{length}-{seed}.mat:\n{mat}"
        );
        // and our own reader gives the same games
        let replay = read_mat(&mat).unwrap_or_else(|e| panic!("{e}\n{mat}"));
        assert_eq!(our_games(&replay.replayed), our_games(&m));
    }
}

#[test]
fn gnubg_imports_the_scripted_match() {
    let Some(gnubg) = gnubg::installed() else {
        eprintln!("GNU Backgammon not installed; skipped");
        return;
    };
    assert_eq!(
        gnubg_games(gnubg, SCRIPTED_MAT),
        vec![(Some(Side::White), 1), (Some(Side::Red), 2)]
    );
}

/// GNU Backgammon processes started at the same moment each answer (they used to race
/// to create a shared `~/.gnubg`, and the loser exited before running its script).
#[test]
fn gnubg_processes_started_together_all_answer() {
    let Some(gnubg) = gnubg::installed() else {
        eprintln!("GNU Backgammon not installed; skipped");
        return;
    };
    let answers: Vec<usize> = std::thread::scope(|s| {
        let runs: Vec<_> = (0..4)
            .map(|_| s.spawn(|| gnubg_games(gnubg, SCRIPTED_MAT).len()))
            .collect();
        runs.into_iter().map(|r| r.join().unwrap()).collect()
    });
    assert_eq!(answers, vec![2; 4]);
}
