//! Reading `.mat` files back: our own exports, GNU Backgammon's, and broken files.

mod common;

use common::gnubg::{self, Scratch};
use gamao::match_play::{play_randomly, Match, MatchLength, MatchOptions, Phase};
use gamao::notation::{read_mat, write_mat, FrameEvent, ReadMatError};
use gamao::rules::Side;

fn random_match(length: u32, seed: u64) -> Match {
    let mut options = MatchOptions::seed_000(MatchLength::Points(length));
    options.time_control = gamao::clock::TimeControl::None;
    let mut m = Match::new(options).expect("valid options");
    play_randomly(&mut m, seed, 0).expect("random play is legal");
    m
}

#[test]
fn an_exported_match_reads_back_to_the_same_games_and_score() {
    for seed in 1..=25 {
        let original = random_match(1 + (seed as u32 % 4) * 2, seed);
        let text = write_mat(&original).expect("a match from the opening writes");
        let replay = read_mat(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        let m = &replay.replayed;
        assert_eq!(m.score(), original.score(), "seed {seed}");
        assert_eq!(m.games().len(), original.games().len(), "seed {seed}");
        for (a, b) in m.games().iter().zip(original.games()) {
            assert_eq!(a.result(), b.result(), "seed {seed} game {}", b.number());
            assert_eq!(
                a.position_for(gamao::rules::Side::White),
                b.position_for(gamao::rules::Side::White)
            );
        }
        assert!(matches!(m.phase(), Phase::MatchOver { .. }));
        // Reading our own export of the replay gives the very same frames.
        let again = read_mat(&write_mat(m).expect("a match from the opening writes"))
            .expect("re-export reads");
        let ids = |r: &gamao::notation::MatReplay| {
            r.frames
                .iter()
                .map(|f| f.view.position_id.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(ids(&again), ids(&replay));
    }
}

fn play(side: Side, dice: [u8; 2], play: &str) -> FrameEvent {
    FrameEvent::Play {
        side,
        dice,
        play: play.to_string(),
    }
}

#[test]
fn each_frame_shows_the_position_after_its_half_move() {
    let text = " 3 point match\n\n Game 1\n White : 0                      Red : 0\n  1) 31: 8/5 6/5                 64: 24/18 13/9\n";
    let replay = read_mat(text).expect("a legal start");
    let events: Vec<&FrameEvent> = replay.frames.iter().map(|f| &f.event).collect();
    assert_eq!(
        events,
        [
            &FrameEvent::Start,
            &play(Side::White, [3, 1], "8/5 6/5"),
            &play(Side::Red, [6, 4], "24/18 13/9")
        ]
    );
    assert_eq!(replay.frames[0].view.position_id, "4HPwATDgc/ABMA");
    // GNU Backgammon's ID after 8/5 6/5, Red on roll.
    assert_eq!(replay.frames[1].view.position_id, "sGfwATDgc/ABMA");
}

#[test]
fn an_illegal_move_is_refused_with_its_line() {
    let text = " 3 point match\n\n Game 1\n White : 0                      Red : 0\n  1) 31: 8/5 6/4                 64: 24/18 13/9\n";
    match read_mat(text) {
        Err(ReadMatError::Illegal { line, .. }) => assert_eq!(line, 5),
        other => panic!("{other:?}"),
    }
}

#[test]
fn broken_files_are_refused_with_the_reason() {
    assert_eq!(read_mat("hello").err(), Some(ReadMatError::NoHeader));
    let garbage =
        " 3 point match\n\n Game 1\n White : 0                      Red : 0\n  1) what is this\n";
    assert!(matches!(
        read_mat(garbage),
        Err(ReadMatError::Malformed { line: 5, .. })
    ));
    let wrong_score = write_mat(&random_match(5, 3))
        .expect("a match from the opening writes")
        .replacen("Red : 0", "Red : 2", 1);
    assert!(matches!(
        read_mat(&wrong_score),
        Err(ReadMatError::Inconsistent { .. })
    ));
    let text = write_mat(&random_match(1, 4)).expect("a match from the opening writes");
    let at = text.rfind("Wins ").expect("a result line") + "Wins ".len();
    let points: u32 = text[at..]
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let wrong_result = format!("{}{}{}", &text[..at], points + 1, &text[at + 1..]);
    assert!(matches!(
        read_mat(&wrong_result),
        Err(ReadMatError::Inconsistent { .. })
    ));
}

#[test]
fn gnubgs_own_export_reads_back_to_the_same_score() {
    let Some(gnubg) = gnubg::installed() else {
        eprintln!("GNU Backgammon not installed: skipped");
        return;
    };
    for seed in [5u64, 9] {
        let original = random_match(5, seed);
        let files = Scratch::new();
        let ours = files.file(
            "ours.mat",
            &write_mat(&original).expect("a match from the opening writes"),
        );
        let theirs = files.path().join("gnubg.mat");
        let script = files.file(
            "reexport.py",
            &format!(
                "import gnubg\ngnubg.command('import mat {}')\ngnubg.command('export match mat {}')\n",
                ours.display(),
                theirs.display()
            ),
        );
        gnubg::run_python(gnubg, &script, &[]);
        let text = std::fs::read_to_string(&theirs).expect("gnubg wrote its export");
        let replay = read_mat(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(replay.replayed.score(), original.score());
    }
}

#[test]
fn each_frame_holds_one_half_move_even_after_a_long_left_move() {
    // White's four-step double fills its column, leaving one space before Red's move.
    let text = " 3 point match\n\n Game 1\n White : 0                      Red : 0\n  1) 31: 8/5 6/5                 64: 24/18 13/9\n  2) 11: 24/23 23/22 22/21 21/20 52: 13/8 13/11\n";
    let replay = read_mat(text).expect("a legal start");
    assert_eq!(
        replay.frames[3].event,
        play(Side::White, [1, 1], "24/23 23/22 22/21 21/20")
    );
    assert_eq!(
        replay.frames[4].event,
        play(Side::Red, [5, 2], "13/8 13/11")
    );
}

#[test]
fn a_match_set_up_from_a_position_is_not_written_as_a_mat_file() {
    use gamao::match_play::GameSetup;
    use gamao::notation::WriteMatError;
    use gamao::rules::Position;
    let m = Match::from_setup(
        MatchOptions::seed_000(MatchLength::Points(5)),
        GameSetup::new(Position::start(), Side::Red),
    )
    .expect("a legal setup");
    assert_eq!(write_mat(&m), Err(WriteMatError::StartsFromPosition));
}

#[test]
fn a_forfeit_has_no_result_line_and_the_file_still_reads() {
    use gamao::match_play::Action;
    let mut options = MatchOptions::seed_000(MatchLength::Points(5));
    options.time_control = gamao::clock::TimeControl::None;
    let mut m = Match::new(options).unwrap();
    // The first mover plays its opening roll, then its opponent forfeits.
    let mover = common::play_opening_turn(&mut m, [5, 2]);
    common::act(
        &mut m,
        mover.other(),
        Action::ForfeitMatch,
        0,
        &mut common::ScriptedDice::default(),
    );
    let text = write_mat(&m).unwrap();
    assert!(text.contains(" 1) "), "{text}");
    assert!(!text.contains("Wins"), "{text}");
    assert!(read_mat(&text).is_ok());
    // A match played to its end still closes with its result.
    assert!(write_mat(&random_match(5, 6))
        .unwrap()
        .contains("and the match"));
}

/// A GNU Backgammon match cut at the end of any line reads as the start of the whole
/// file's replay, unless the cut leaves no header or a later game's number without its
/// score line; damaged anywhere, it reads or is refused naming a line of the file; never a
/// panic.
#[test]
fn a_cut_or_damaged_file_reads_as_far_as_it_goes_or_is_refused() {
    let text = include_str!("data/gnubg_analysis/match-1.mat");
    let whole = read_mat(text).expect("GNU Backgammon's match reads");
    for (at, _) in text.match_indices('\n') {
        let part = &text[..=at];
        let last = part.lines().rev().map(str::trim).find(|l| !l.is_empty());
        let last = last.unwrap_or("");
        let incomplete =
            !part.contains("point match") || (last.starts_with("Game ") && last != "Game 1");
        match read_mat(part) {
            Ok(part) => {
                assert!(!incomplete, "cut at byte {at} read");
                assert!(
                    part.frames[..] == whole.frames[..part.frames.len()],
                    "cut at byte {at}: not the start of the whole replay"
                );
            }
            Err(e) => {
                assert!(incomplete, "cut at byte {at} refused: {e}");
                let no_score = matches!(&e, ReadMatError::Inconsistent { reason, .. }
                    if reason == "the game has no score line");
                assert!(
                    no_score || e == ReadMatError::NoHeader,
                    "cut at byte {at}: {e}"
                );
            }
        }
    }
    let mut rng = gamao::rng::Rng::seeded(2026);
    let bytes = text.as_bytes();
    for _ in 0..100 {
        let at = rng.below(bytes.len() as u64) as usize;
        for replacement in ["", "0", "9", " ", "\n", "/", "*", "x", "25", "99999999999"] {
            let damaged = [&bytes[..at], replacement.as_bytes(), &bytes[at + 1..]].concat();
            let Ok(damaged) = String::from_utf8(damaged) else {
                continue;
            };
            let lines = damaged.lines().count();
            match read_mat(&damaged) {
                Ok(_) | Err(ReadMatError::NoHeader) => {}
                Err(
                    ReadMatError::Malformed { line, .. }
                    | ReadMatError::Illegal { line, .. }
                    | ReadMatError::Inconsistent { line, .. },
                ) => assert!(
                    (1..=lines).contains(&line),
                    "byte {at} as {replacement:?}: line {line} of {lines}"
                ),
            }
        }
    }
}
