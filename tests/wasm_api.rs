//! The JavaScript-facing API, run in headless Chromium by wasm-bindgen-test.
#![cfg(target_arch = "wasm32")]

use std::collections::BTreeSet;

use gamao::wasm::legal_plays;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn field(object: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(object, &JsValue::from_str(name)).expect("a field of a view object")
}

fn plays_written(id: &str, dice: &str) -> BTreeSet<Vec<String>> {
    let plays: js_sys::Array = legal_plays(id, dice, None).expect("legal plays").into();
    plays
        .iter()
        .map(|p| field(&p, "play").as_string().unwrap_or_default())
        .filter(|p| !p.is_empty())
        .map(|p| {
            let mut moves: Vec<String> = p.split_whitespace().map(String::from).collect();
            moves.sort();
            moves
        })
        .collect()
}

#[wasm_bindgen_test]
fn the_same_legal_plays_in_the_browser_as_gnubg_and_natively() {
    // The native tests check the same file; here the wasm build must agree too.
    let mut checked = 0;
    for line in include_str!("data/gnubg_moves.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let expected: BTreeSet<Vec<String>> = fields[2]
            .split('|')
            .filter(|p| !p.is_empty())
            .map(|p| {
                let mut moves: Vec<String> = p.split_whitespace().map(String::from).collect();
                moves.sort();
                moves
            })
            .collect();
        assert_eq!(plays_written(fields[0], fields[1]), expected, "{line}");
        checked += 1;
    }
    assert!(checked >= 3000);
}

#[wasm_bindgen_test]
fn malformed_input_is_an_error_not_a_panic() {
    assert!(legal_plays("4HPwATDgc/AB", "31", None).is_err());
    assert!(legal_plays("4HPwATDgc/ABMA", "0-7", None).is_err());
    assert!(legal_plays("4HPwATDgc/ABMA", "31", Some("chess".into())).is_err());
    // and the module still answers afterwards
    assert_eq!(plays_written("4HPwATDgc/ABMA", "31").len(), 16);
}

// ---- The match handle ----

use gamao::wasm::{preset_options, MatchHandle};

fn js(text: &str) -> JsValue {
    js_sys::JSON::parse(text).expect("test JSON")
}

fn saved(m: &MatchHandle) -> String {
    m.save().expect("a match saves")
}

fn json(value: &JsValue) -> String {
    js_sys::JSON::stringify(value).expect("plain data").into()
}

/// Seed-000 options for a match to `length` points without a clock.
fn options(length: u32) -> JsValue {
    let options = preset_options("seed-000", Some(length)).expect("preset");
    js_sys::Reflect::set(&options, &"time_control".into(), &"None".into()).unwrap();
    options
}

/// The name of the phase and the side it names, if any.
fn phase(view: &JsValue) -> (String, Option<String>) {
    let phase = field(view, "phase");
    if let Some(name) = phase.as_string() {
        return (name, None);
    }
    let name = js_sys::Object::keys(&phase.clone().into())
        .get(0)
        .as_string()
        .unwrap();
    let inner = field(&phase, &name);
    let side = ["side", "doubler", "by"]
        .iter()
        .find_map(|k| field(&inner, k).as_string());
    (name, side)
}

/// Plays the next action any legal way: roll, first legal step, end turn.
fn advance(m: &mut MatchHandle, now: f64) -> Option<String> {
    let view = m.view(now).unwrap();
    let (name, side) = phase(&view);
    let acting = side.clone().unwrap_or_else(|| "White".to_string());
    let action = match name.as_str() {
        "OpeningRoll" => js("\"OpeningRoll\""),
        "Deciding" => js("\"Roll\""),
        "TurnComplete" => js("\"EndTurn\""),
        "Moving" => {
            let steps: js_sys::Array = field(&view, "legal_steps").into();
            let step = steps.get(0);
            let from = field(&step, "from").as_f64().unwrap();
            let die = field(&step, "die").as_f64().unwrap();
            js(&format!("{{\"Step\":{{\"from\":{from},\"die\":{die}}}}}"))
        }
        "GameOver" => js("\"OpeningRoll\""),
        _ => return None,
    };
    m.act(&acting, action, now)
        .unwrap_or_else(|_| panic!("{name} by {acting} refused"));
    Some(name)
}

#[wasm_bindgen_test]
fn a_whole_seeded_match_through_the_javascript_api() {
    let mut m = MatchHandle::new(options(3), Some(7.0)).unwrap();
    let mut now = 0.0;
    let mut actions = 0;
    while advance(&mut m, now).is_some() {
        now += 500.0;
        actions += 1;
        assert!(actions < 20_000, "the match must end");
    }
    let view = m.view(now).unwrap();
    assert_eq!(phase(&view).0, "MatchOver");
    let score = field(&view, "score");
    let (white, red) = (
        field(&score, "white").as_f64().unwrap(),
        field(&score, "red").as_f64().unwrap(),
    );
    assert!(white >= 3.0 || red >= 3.0, "{white}-{red}");
    // The same seed replays the same match.
    let mut again = MatchHandle::new(options(3), Some(7.0)).unwrap();
    let mut t = 0.0;
    while advance(&mut again, t).is_some() {
        t += 500.0;
    }
    assert_eq!(saved(&again), saved(&m));
    assert!(m
        .mat()
        .expect("a match from the opening writes")
        .contains("3 point match"));
}

#[wasm_bindgen_test]
fn every_refused_call_throws_and_changes_nothing() {
    let mut m = MatchHandle::new(options(5), Some(3.0)).unwrap();
    let mut now = 0.0;
    // Get to the middle of a move.
    while phase(&m.view(now).unwrap()).0 != "Moving" {
        advance(&mut m, now);
        now += 100.0;
    }
    let mover = phase(&m.view(now).unwrap()).1.unwrap();
    let other = if mover == "White" { "Red" } else { "White" };
    let before = json(&m.view(now).unwrap());
    let before_save = saved(&m);
    let wrong_calls: Vec<(&str, JsValue, f64)> = vec![
        (other, js("{\"Step\":{\"from\":13,\"die\":1}}"), now), // wrong side
        (mover.as_str(), js("\"Roll\""), now),                  // wrong phase
        (mover.as_str(), js("\"Double\""), now),                // wrong phase
        (mover.as_str(), js("\"EndTurn\""), now),               // turn not complete
        (mover.as_str(), js("{\"Step\":{\"from\":3,\"die\":7}}"), now), // no such die
        (mover.as_str(), js("{\"Step\":{\"from\":0,\"die\":1}}"), now), // no checker
        (mover.as_str(), js("{\"Jump\":{}}"), now),             // not an action
        (mover.as_str(), js("42"), now),                        // not an action
        ("Blue", js("\"Roll\""), now),                          // not a side
        (mover.as_str(), js("\"UndoStep\""), now),              // nothing to undo
        (mover.as_str(), js("\"Roll\""), -5.0),                 // negative time
        (mover.as_str(), js("\"Roll\""), f64::NAN),             // not a time
        (mover.as_str(), js("\"AcceptResignation\""), now),     // nothing offered
    ];
    for (side, action, t) in wrong_calls {
        let shown = json(&action);
        assert!(
            m.act(side, action, t).is_err(),
            "{side} {shown} should be refused"
        );
        assert_eq!(
            json(&m.view(now).unwrap()),
            before,
            "{side} {shown} changed the match"
        );
    }
    assert!(m.view(f64::INFINITY).is_err());
    assert!(m.tick(-1.0).is_err());
    assert_eq!(saved(&m), before_save);
}

#[wasm_bindgen_test]
fn save_and_load_round_trip_and_tampered_saves_are_refused() {
    let mut m = MatchHandle::new(options(7), Some(11.0)).unwrap();
    let mut now = 0.0;
    for _ in 0..60 {
        advance(&mut m, now);
        now += 250.0;
    }
    let text = saved(&m);
    let loaded = MatchHandle::load(&text, None).expect("loads");
    assert_eq!(
        json(&loaded.view(now).unwrap()),
        json(&m.view(now).unwrap())
    );
    assert_eq!(loaded.position_id(), m.position_id());
    assert_eq!(loaded.match_id(), m.match_id());
    for bad in [
        "".to_string(),
        "{}".to_string(),
        text.replace("\"version\":1", "\"version\":99"),
        text[..text.len() / 2].to_string(),
        text.replacen("\"dice\":[", "\"dice\":[9,", 1),
    ] {
        assert!(MatchHandle::load(&bad, None).is_err(), "{bad:.60}");
    }
}

#[wasm_bindgen_test]
fn matches_start_from_position_and_match_ids() {
    // The opening position, 5-point match, 2-1 to Red (from GNU Backgammon's Match ID
    // fields), and a malformed ID refused.
    let m = MatchHandle::from_ids("4HPwATDgc/ABMA", None, options(5), Some(1.0)).unwrap();
    assert_eq!(m.position_id(), "4HPwATDgc/ABMA");
    assert!(MatchHandle::from_ids("4HPwATDgc/AB", None, options(5), None).is_err());
    assert!(
        MatchHandle::from_ids("4HPwATDgc/ABMA", Some("nonsense".into()), options(5), None).is_err()
    );
    let id = m.match_id();
    let again =
        MatchHandle::from_ids("4HPwATDgc/ABMA", Some(id.clone()), options(5), None).unwrap();
    assert_eq!(again.match_id(), id);
}

#[wasm_bindgen_test]
fn dice_given_from_outside_are_rolled_where_a_roll_is_due() {
    // Given White to roll at the opening, a bad roll or a roll for Red is refused and
    // changes nothing; 3-1 is rolled, and no second roll is due.
    let mut m = MatchHandle::from_ids("4HPwATDgc/ABMA", None, options(5), None).unwrap();
    let before = saved(&m);
    assert!(m.roll_with("White", "0-3", 0.0).is_err(), "bad dice");
    assert!(m.roll_with("Red", "31", 0.0).is_err(), "not Red's roll");
    assert_eq!(saved(&m), before);
    m.roll_with("White", "31", 0.0).expect("a roll is due");
    assert!(m.roll_with("White", "31", 0.0).is_err(), "no second roll");
    let view = m.view(0.0).unwrap();
    assert_eq!(json(&field(&view, "dice")), "[3,1]");
    assert_eq!(phase(&view), ("Moving".into(), Some("White".into())));
}

#[wasm_bindgen_test]
fn the_turn_so_far_is_written_in_notation() {
    let mut m = MatchHandle::from_ids("4HPwATDgc/ABMA", None, options(5), None).unwrap();
    m.roll_with("White", "31", 0.0).unwrap();
    m.act("White", js("{\"Step\":{\"from\":8,\"die\":3}}"), 0.0)
        .unwrap();
    assert_eq!(m.turn_play(), "8/5");
    m.act("White", js("{\"Step\":{\"from\":6,\"die\":1}}"), 0.0)
        .unwrap();
    assert_eq!(m.turn_play(), "8/5 6/5");
}
