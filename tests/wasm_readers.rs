//! The page module's hand-written readers of plain data (actions, match options, saves),
//! run in headless browsers by wasm-bindgen-test: they accept exactly what serde's
//! derived readers accept, with the same values, and refuse the rest, over real values
//! mutated in every field (removed, replaced by a value of each type, out of range, an
//! unknown variant or field).
#![cfg(target_arch = "wasm32")]

mod common;

use std::mem::discriminant;

use common::{every_action, replay_prefix};
use gamao::clock::TimeControl;
use gamao::match_play::{
    play_randomly, GameSetup, LoadError, Match, MatchLength, MatchOptions, SetupTurn,
};
use gamao::pos;
use gamao::rules::Side;
use gamao::wasm::{read_saved, FromJs, Tagging};
use serde_json::Value;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// JSON text as the browser parses it.
fn parse(text: &str) -> JsValue {
    js_sys::JSON::parse(text).expect("JSON text")
}

/// Values put in place of each node: each type, out of range, unknown names.
const ODD: [&str; 14] = [
    r#""x""#,
    r#""Bogus""#,
    "0",
    "7",
    "-1",
    "1.5",
    "256",
    "4294967296",
    "true",
    "null",
    "[]",
    "[1,2,3]",
    "{}",
    r#"{"kind":"Bogus"}"#,
];

/// The JSON pointers of every node of `value`.
fn pointers(value: &Value, at: &str, out: &mut Vec<String>) {
    out.push(at.to_string());
    match value {
        Value::Object(fields) => {
            for (key, inner) in fields {
                pointers(inner, &format!("{at}/{key}"), out);
            }
        }
        Value::Array(items) => {
            for (i, inner) in items.iter().enumerate() {
                pointers(inner, &format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

/// `document` mutated every way at every node, one mutation at a time.
fn mutations(document: &Value) -> Vec<Value> {
    let mut at = Vec::new();
    pointers(document, "", &mut at);
    let mut out = Vec::new();
    for pointer in &at {
        let mut changed = |change: &dyn Fn(&mut Value)| {
            let mut copy = document.clone();
            if let Some(node) = copy.pointer_mut(pointer) {
                change(node);
            }
            out.push(copy);
        };
        for odd in ODD {
            changed(&|node| *node = serde_json::from_str(odd).expect("an odd value"));
        }
        changed(&|node| {
            if let Value::Object(fields) = node {
                fields.insert("extra".into(), Value::from(1));
            }
        });
        if let Some((parent, key)) = pointer.rsplit_once('/') {
            let mut copy = document.clone();
            match copy.pointer_mut(parent) {
                Some(Value::Object(fields)) => {
                    fields.remove(key);
                }
                Some(Value::Array(items)) => {
                    items.remove(key.parse::<usize>().expect("an index"));
                }
                _ => {}
            }
            out.push(copy);
        }
    }
    out
}

/// Checks that the hand reader of `T` reads every mutation of `value` as
/// serde-wasm-bindgen's derived reader does.
fn reads_as_serde<T>(value: &T) -> usize
where
    T: FromJs + serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let original = serde_json::to_value(value).expect("plain data");
    let mut refused = 0;
    for document in std::iter::once(original.clone()).chain(mutations(&original)) {
        let text = document.to_string();
        let hand = T::from_js(&parse(&text), Tagging::Kind);
        let serde = serde_wasm_bindgen::from_value::<T>(parse(&text));
        refused += usize::from(hand.is_err());
        assert_eq!(hand.as_ref().ok(), serde.as_ref().ok(), "{text}: {hand:?}");
    }
    refused
}

#[wasm_bindgen_test]
fn actions_are_read_as_serde_reads_them() {
    let refused: usize = every_action().iter().map(reads_as_serde).sum();
    assert!(refused > 300, "only {refused} refusals");
}

#[wasm_bindgen_test]
fn match_options_are_read_as_serde_reads_them() {
    let mut none = MatchOptions::seed_001(MatchLength::Unlimited);
    none.time_control = TimeControl::None;
    for options in [
        MatchOptions::seed_000(MatchLength::Points(5)),
        MatchOptions::seed_001(MatchLength::Points(25)),
        none,
    ] {
        assert!(reads_as_serde(&options) > 100);
    }
}

/// A save loaded by the page module's reader.
fn load_by_hand(text: &str) -> Result<Match, LoadError> {
    read_saved(&parse(text)).and_then(|saved| Match::from_saved(&saved))
}

/// Checks that the page module loads `text` as the native loader (serde_json) does:
/// the same match, or a refusal of the same kind. Returns whether it was refused.
fn loads_as_native(text: &str) -> bool {
    match (Match::from_json(text), load_by_hand(text)) {
        (Ok(native), Ok(hand)) => {
            assert_eq!(native, hand, "{text}");
            false
        }
        (Err(native), Err(hand)) => {
            assert_eq!(
                discriminant(&native),
                discriminant(&hand),
                "{text}: {native} / {hand}"
            );
            true
        }
        (native, hand) => panic!("{text}: native {native:?}, by hand {hand:?}"),
    }
}

/// Checks every mutation of a save; returns how many were refused.
fn mutated_saves_load_as_native(text: &str) -> usize {
    let original: Value = serde_json::from_str(text).expect("a save");
    assert!(!loads_as_native(text), "the save itself loads");
    mutations(&original)
        .iter()
        .filter(|document| loads_as_native(&document.to_string()))
        .count()
}

/// Saves of every part of the format: mid-game phases with a running clock, a setup
/// with a rolled turn, a time-out that ended the match.
fn saves() -> Vec<String> {
    let options = MatchOptions::seed_000(MatchLength::Points(3));
    let mut saves: Vec<String> = [2, 5, 9, 14]
        .into_iter()
        .map(|count| replay_prefix(&finished(), Match::new(options).expect("options"), count))
        .map(|m| m.to_json())
        .collect();
    let race = pos!(x 1:2, 2:3, 3:3; o 24:2, 23:3, 21:2);
    let mut setup = GameSetup::new(race, Side::Red);
    setup.turn = SetupTurn::Rolled([4, 2]);
    let mut rolled = Match::from_setup(options, setup).expect("a setup");
    saves.push(rolled.to_json());
    assert_eq!(rolled.tick(10_000_000), Ok(Some(Side::Red)));
    saves.push(rolled.to_json());
    saves
}

/// A finished random match to 3 points.
fn finished() -> Match {
    let mut m = Match::new(MatchOptions::seed_000(MatchLength::Points(3))).expect("options");
    play_randomly(&mut m, 7, 3_000).expect("a random match");
    m
}

#[wasm_bindgen_test]
fn saves_mutated_every_way_load_as_the_native_loader_loads_them() {
    let mut refused = 0;
    for text in saves() {
        refused += mutated_saves_load_as_native(&text);
    }
    assert!(!loads_as_native(&finished().to_json()));
    assert!(refused > 1000, "only {refused} refusals");
}

#[wasm_bindgen_test]
fn version_one_saves_are_upgraded_as_they_are_read() {
    let midgame = include_str!("data/save_v1_midgame.json");
    assert!(mutated_saves_load_as_native(midgame) > 100);
    let over = include_str!("data/save_v1_game_over.json");
    assert!(!loads_as_native(over));
    assert!(loads_as_native(
        &over.replace("\"points\":1}", "\"points\":2}")
    ));
}

#[wasm_bindgen_test]
fn a_refusal_names_the_field_and_what_it_must_be() {
    let save: Value = serde_json::from_str(&saves()[1]).expect("a save");
    let mut wrong = save.clone();
    let history = wrong["history"].as_array_mut().expect("a history");
    let index = history
        .iter()
        .position(|entry| entry["Acted"]["action"]["kind"] == "Step")
        .expect("a step");
    history[index]["Acted"]["action"]["die"] = Value::from("5");
    let message = load_by_hand(&wrong.to_string())
        .expect_err("a die as text")
        .to_string();
    let expected =
        format!("history[{index}].Acted.action.die must be a whole number 0–255, not string");
    assert!(message.ends_with(&expected), "{message}");
    // JavaScript cannot hold every integer beyond 2^53: refused, as serde-wasm-bindgen
    // refused it (serde_json reads it).
    let mut huge = save;
    huge["last_ms"] = Value::from(9_007_199_254_740_992_u64);
    assert!(matches!(
        load_by_hand(&huge.to_string()),
        Err(LoadError::Json(_))
    ));
}
