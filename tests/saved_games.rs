//! Saved games: JSON round trips after random seeded matches, and refusal of every
//! kind of corrupted save.

mod common;

use common::replay_prefix;
use gamao::clock::TimeControl;
use gamao::match_play::{
    play_randomly, GameSetup, HistoryEntry, LoadError, Match, MatchLength, MatchOptions, SetupTurn,
    SummaryField,
};
use gamao::pos;
use gamao::rules::Side;

fn presets() -> Vec<MatchOptions> {
    let mut no_clock = MatchOptions::seed_000(MatchLength::Points(7));
    no_clock.time_control = TimeControl::None;
    let mut no_cube = MatchOptions::seed_001(MatchLength::Points(3));
    no_cube.cube = false;
    vec![
        MatchOptions::seed_000(MatchLength::Points(5)),
        MatchOptions::seed_001(MatchLength::Points(9)),
        no_clock,
        no_cube,
        MatchOptions::seed_000(MatchLength::Points(1)),
    ]
}

fn random_match(options: MatchOptions, seed: u64) -> Match {
    let mut m = Match::new(options).unwrap();
    play_randomly(&mut m, seed, 12_000).unwrap();
    m
}

#[test]
fn finished_random_matches_round_trip() {
    for (i, options) in presets().into_iter().enumerate() {
        for seed in 0..4 {
            let m = random_match(options, seed * 10 + i as u64);
            assert!(m.result().is_some());
            let loaded = Match::from_json(&m.to_json());
            assert_eq!(loaded.as_ref(), Ok(&m), "options {i}, seed {seed}");
        }
    }
}

#[test]
fn matches_saved_midway_round_trip() {
    for (i, options) in presets().into_iter().enumerate() {
        let full = random_match(options, 100 + i as u64);
        let total = full.history().len();
        for count in [0, 1, 2, total / 3, total / 2, total - 1] {
            let partial = replay_prefix(&full, Match::new(options).unwrap(), count);
            let loaded = Match::from_json(&partial.to_json());
            assert_eq!(
                loaded.as_ref(),
                Ok(&partial),
                "options {i}, {count} of {total}"
            );
        }
    }
}

#[test]
fn a_match_started_from_a_setup_round_trips() {
    let setup = GameSetup::new(pos!(x 6:5, 5:5, 4:5; o 19:5, 20:5, 21:5), Side::Red);
    let mut m = Match::from_setup(MatchOptions::seed_000(MatchLength::Points(3)), setup).unwrap();
    play_randomly(&mut m, 9, 3_000).unwrap();
    assert_eq!(Match::from_json(&m.to_json()), Ok(m));
}

#[test]
fn a_match_set_up_mid_turn_round_trips() {
    // Set up with the dice rolled, with a double offered, with a resignation offered
    for turn in [
        SetupTurn::Rolled([6, 6]),
        SetupTurn::Doubled,
        SetupTurn::OfferedResignation(gamao::rules::WinKind::Gammon),
    ] {
        let mut setup = GameSetup::new(pos!(x 6:5, 5:5, 4:5; o 19:5, 20:5, 21:5), Side::Red);
        setup.turn = turn;
        let m = Match::from_setup(MatchOptions::seed_000(MatchLength::Points(3)), setup).unwrap();
        let mut played = m.clone();
        play_randomly(&mut played, 9, 3_000).unwrap();
        for m in [m, played] {
            assert_eq!(Match::from_json(&m.to_json()).as_ref(), Ok(&m), "{turn:?}");
        }
    }
}

fn sample_json() -> String {
    random_match(MatchOptions::seed_000(MatchLength::Points(3)), 4).to_json()
}

fn edit(json: &str, change: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut value: serde_json::Value = serde_json::from_str(json).unwrap();
    change(&mut value);
    value.to_string()
}

#[test]
fn unknown_versions_and_foreign_files_are_refused() {
    let json = sample_json();
    let newer = edit(&json, |v| v["version"] = 3.into());
    assert_eq!(Match::from_json(&newer), Err(LoadError::UnknownVersion(3)));
    let foreign = edit(&json, |v| v["format"] = "chess".into());
    assert_eq!(
        Match::from_json(&foreign),
        Err(LoadError::NotASave("chess".to_string()))
    );
    assert!(matches!(
        Match::from_json("not json"),
        Err(LoadError::Json(_))
    ));
    assert!(matches!(
        Match::from_json(&json[..json.len() / 2]),
        Err(LoadError::Json(_))
    ));
    let extra = edit(&json, |v| v["cheat"] = true.into());
    assert!(matches!(Match::from_json(&extra), Err(LoadError::Json(_))));
}

#[test]
fn impossible_options_are_refused() {
    let json = edit(&sample_json(), |v| {
        v["options"]["length"]["points"] = 40.into()
    });
    assert!(matches!(
        Match::from_json(&json),
        Err(LoadError::BadOptions(_))
    ));
}

/// The index of the first recorded roll (not an opening roll) in a save.
fn first_roll(value: &serde_json::Value) -> usize {
    value["history"]
        .as_array()
        .unwrap()
        .iter()
        .position(|e| e["Acted"]["action"]["kind"] == "Roll")
        .unwrap()
}

#[test]
fn tampered_dice_are_refused() {
    let json = sample_json();
    // An impossible die
    let seven = edit(&json, |v| {
        let i = first_roll(v);
        v["history"][i]["Acted"]["dice"] = serde_json::json!([7, 1]);
    });
    assert!(matches!(
        Match::from_json(&seven),
        Err(LoadError::ImpossibleHistory { .. })
    ));
    // A roll without its dice
    let missing = edit(&json, |v| {
        let i = first_roll(v);
        v["history"][i]["Acted"]["dice"] = serde_json::Value::Null;
    });
    assert!(matches!(
        Match::from_json(&missing),
        Err(LoadError::DiceMismatch { .. })
    ));
    // Dice on an action that rolls nothing
    let extra = edit(&json, |v| {
        let i = first_roll(v) + 1;
        v["history"][i]["Acted"]["dice"] = serde_json::json!([3, 1]);
    });
    assert!(matches!(
        Match::from_json(&extra),
        Err(LoadError::DiceMismatch { .. })
    ));
    // A different (possible) roll: the recorded steps no longer fit, or the end differs
    let other = edit(&json, |v| {
        let i = first_roll(v);
        let d = v["history"][i]["Acted"]["dice"].clone();
        let changed = if d == serde_json::json!([6, 6]) {
            [1, 1]
        } else {
            [6, 6]
        };
        v["history"][i]["Acted"]["dice"] = serde_json::json!(changed);
    });
    assert!(Match::from_json(&other).is_err());
}

#[test]
fn impossible_histories_are_refused() {
    let json = sample_json();
    // A dropped action
    let dropped = edit(&json, |v| {
        v["history"].as_array_mut().unwrap().remove(3);
    });
    assert!(Match::from_json(&dropped).is_err());
    // An action by the wrong side
    let wrong_side = edit(&json, |v| {
        let i = first_roll(v);
        let side = v["history"][i]["Acted"]["side"].clone();
        v["history"][i]["Acted"]["side"] = if side == "White" { "Red" } else { "White" }.into();
    });
    assert!(matches!(
        Match::from_json(&wrong_side),
        Err(LoadError::ImpossibleHistory { .. })
    ));
    // A time-out that the clocks do not produce
    let timeout = edit(&json, |v| {
        let entry = serde_json::to_value(HistoryEntry::TimedOut {
            at_ms: 0,
            side: Side::White,
        })
        .unwrap();
        v["history"].as_array_mut().unwrap().insert(2, entry);
    });
    assert!(matches!(
        Match::from_json(&timeout),
        Err(LoadError::TimeOutMismatch { .. }) | Err(LoadError::ImpossibleHistory { .. })
    ));
}

#[test]
fn a_summary_that_disagrees_with_the_history_is_refused() {
    let json = sample_json();
    let score = edit(&json, |v| v["summary"]["score"]["white"] = 99.into());
    assert_eq!(
        Match::from_json(&score),
        Err(LoadError::Inconsistent(SummaryField::Score))
    );
    let clocks = edit(&json, |v| v["summary"]["banks_ms"]["red"] = 1.into());
    assert_eq!(
        Match::from_json(&clocks),
        Err(LoadError::Inconsistent(SummaryField::Clocks))
    );
    // A position with a wrong checker count
    let too_many = edit(&json, |v| {
        v["summary"]["position_id"] = "//////////////".into()
    });
    assert!(matches!(
        Match::from_json(&too_many),
        Err(LoadError::BadPosition(_))
    ));
    // A legal position that is not where the history leads
    let elsewhere = edit(&json, |v| {
        v["summary"]["position_id"] = "4HPwATDgc/ABMA".into()
    });
    assert_eq!(
        Match::from_json(&elsewhere),
        Err(LoadError::Inconsistent(SummaryField::PositionId))
    );
}

#[test]
fn an_impossible_starting_setup_is_refused() {
    let setup = GameSetup::new(pos!(x 6:5, 5:5, 4:5; o 19:5, 20:5, 21:5), Side::Red);
    let m = Match::from_setup(MatchOptions::seed_000(MatchLength::Points(3)), setup).unwrap();
    let json = m.to_json();
    let sixteen = edit(&json, |v| {
        v["setup"]["position_id"] = "//////////////".into()
    });
    assert!(matches!(
        Match::from_json(&sixteen),
        Err(LoadError::BadPosition(_))
    ));
    let cube = edit(&json, |v| v["setup"]["cube_value"] = 3.into());
    assert_eq!(Match::from_json(&cube), Err(LoadError::BadCube));
    let score = edit(&json, |v| v["setup"]["score"]["red"] = 3.into());
    assert!(matches!(
        Match::from_json(&score),
        Err(LoadError::BadSetup(_))
    ));
}

#[test]
fn saves_of_the_first_format_load_and_are_written_in_the_new_one() {
    // Given matches saved by the first version (enums keyed by their variant), in the
    // middle of a turn and once a game was borne off
    for text in [
        include_str!("data/save_v1_midgame.json"),
        include_str!("data/save_v1_game_over.json"),
    ] {
        let m = Match::from_json(text).expect("a version-1 save loads");
        let again: serde_json::Value = serde_json::from_str(&m.to_json()).unwrap();
        assert_eq!(again["version"], 2);
        assert_eq!(Match::from_json(&m.to_json()), Ok(m));
    }
    // And a tampered version-1 save is still refused
    let tampered =
        include_str!("data/save_v1_game_over.json").replace("\"points\":1}", "\"points\":2}");
    assert!(Match::from_json(&tampered).is_err());
}
