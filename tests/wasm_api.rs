//! The JavaScript-facing API, run in headless Chromium by wasm-bindgen-test.
#![cfg(target_arch = "wasm32")]

use std::collections::BTreeSet;

use gamao::wasm::{legal_plays, resolve_play};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn field(object: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(object, &JsValue::from_str(name)).expect("a field of a view object")
}

/// A JavaScript string.
fn s(text: &str) -> JsValue {
    JsValue::from_str(text)
}

/// A JavaScript number.
fn n(value: f64) -> JsValue {
    JsValue::from_f64(value)
}

fn plays_written(id: &str, dice: &str) -> BTreeSet<Vec<String>> {
    let plays: js_sys::Array = legal_plays(s(id), s(dice), None)
        .expect("legal plays")
        .into();
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
    assert!(legal_plays(s("4HPwATDgc/AB"), s("31"), None).is_err());
    assert!(legal_plays(s("4HPwATDgc/ABMA"), s("0-7"), None).is_err());
    assert!(legal_plays(s("4HPwATDgc/ABMA"), s("31"), Some(s("chess"))).is_err());
    // Values of the wrong type are refused too, not written into memory
    assert!(legal_plays(n(12345.0), s("31"), None).is_err());
    assert!(legal_plays(js("{}"), s("31"), None).is_err());
    assert!(legal_plays(s("4HPwATDgc/ABMA"), JsValue::NULL, None).is_err());
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

/// Time-bank options for a match to `length` points without a clock.
fn options(length: u32) -> JsValue {
    let options = preset_options(s("time-bank"), Some(f64::from(length))).expect("preset");
    js_sys::Reflect::set(&options, &"time_control".into(), &"None".into()).unwrap();
    options
}

/// The kind of the phase and the side it names, if any.
fn phase(view: &JsValue) -> (String, Option<String>) {
    let phase = field(view, "phase");
    let name = field(&phase, "kind").as_string().unwrap();
    let side = ["side", "doubler", "by"]
        .iter()
        .find_map(|k| field(&phase, k).as_string());
    (name, side)
}

/// Plays the next action any legal way: roll, first legal step, end turn.
fn advance(m: &mut MatchHandle, now: f64) -> Option<String> {
    let view = m.view(n(now)).unwrap();
    let (name, side) = phase(&view);
    let acting = side.clone().unwrap_or_else(|| "White".to_string());
    let action = match name.as_str() {
        "OpeningRoll" => js(r#"{"kind":"OpeningRoll"}"#),
        "Deciding" => js(r#"{"kind":"Roll"}"#),
        "TurnComplete" => js(r#"{"kind":"EndTurn"}"#),
        "Moving" => {
            let steps: js_sys::Array = field(&view, "legal_steps").into();
            let step = steps.get(0);
            let from = field(&step, "from").as_f64().unwrap();
            let die = field(&step, "die").as_f64().unwrap();
            js(&format!(r#"{{"kind":"Step","from":{from},"die":{die}}}"#))
        }
        "GameOver" => js(r#"{"kind":"OpeningRoll"}"#),
        _ => return None,
    };
    m.act(s(&acting), action, n(now))
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
    let view = m.view(n(now)).unwrap();
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
    while phase(&m.view(n(now)).unwrap()).0 != "Moving" {
        advance(&mut m, now);
        now += 100.0;
    }
    let mover = phase(&m.view(n(now)).unwrap()).1.unwrap();
    let other = if mover == "White" { "Red" } else { "White" };
    let before = json(&m.view(n(now)).unwrap());
    let before_save = saved(&m);
    let me = || s(&mover);
    let wrong_calls: Vec<(JsValue, JsValue, JsValue)> = vec![
        (s(other), js(r#"{"kind":"Step","from":13,"die":1}"#), n(now)), // wrong side
        (me(), js(r#"{"kind":"Roll"}"#), n(now)),                       // wrong phase
        (me(), js(r#"{"kind":"Double"}"#), n(now)),                     // wrong phase
        (me(), js(r#"{"kind":"EndTurn"}"#), n(now)),                    // turn not complete
        (me(), js(r#"{"kind":"Step","from":3,"die":7}"#), n(now)),      // no such die
        (me(), js(r#"{"kind":"Step","from":0,"die":1}"#), n(now)),      // no checker
        (me(), js(r#"{"kind":"MoveTo","from":0,"to":30}"#), n(now)),    // not a move
        (me(), js(r#"{"kind":"Jump"}"#), n(now)),                       // not an action
        (me(), js(r#""Roll""#), n(now)),                                // not an action
        (me(), js("42"), n(now)),                                       // not an action
        (s("Blue"), js(r#"{"kind":"Roll"}"#), n(now)),                  // not a side
        (n(1.0), js(r#"{"kind":"Drop"}"#), n(20.0)),                    // side not a string
        (me(), js(r#"{"kind":"UndoStep"}"#), n(now)),                   // nothing to undo
        (me(), js(r#"{"kind":"Roll"}"#), n(-5.0)),                      // negative time
        (me(), js(r#"{"kind":"Roll"}"#), n(f64::NAN)),                  // not a time
        (me(), js(r#"{"kind":"Roll"}"#), s("now")),                     // time not a number
        (me(), js(r#"{"kind":"AcceptResignation"}"#), n(now)),          // nothing offered
    ];
    for (side, action, t) in wrong_calls {
        let shown = format!("{} {}", json(&side), json(&action));
        assert!(m.act(side, action, t).is_err(), "{shown} should be refused");
        assert_eq!(
            json(&m.view(n(now)).unwrap()),
            before,
            "{shown} changed the match"
        );
    }
    assert!(m.view(n(f64::INFINITY)).is_err());
    assert!(m.view(JsValue::UNDEFINED).is_err());
    assert!(m.tick(n(-1.0)).is_err());
    assert_eq!(saved(&m), before_save);
}

/// A match where Red has won the opening roll with 2-1.
fn red_opening_two_one() -> MatchHandle {
    let mut found = None;
    for seed in 0..400 {
        let mut m = MatchHandle::new(options(5), Some(f64::from(seed))).unwrap();
        m.act(s("White"), js(r#"{"kind":"OpeningRoll"}"#), n(0.0))
            .unwrap();
        let view = m.view(n(0.0)).unwrap();
        let dice = json(&field(&view, "dice"));
        if phase(&view).1.as_deref() == Some("Red") && dice == "[2,1]" {
            found = Some(m);
            break;
        }
    }
    found.expect("a seed where Red opens 2-1")
}

#[wasm_bindgen_test]
fn actions_and_queries_use_whites_points_for_red_too() {
    // Given Red opening with 2-1 (Red's 13-point is White's 12)
    let mut m = red_opening_two_one();
    let before = saved(&m);
    // When the page asks where Red's checker on White's 12 may go with both dice
    let plan = m.plan_move(s("Red"), n(12.0), n(15.0)).unwrap();
    assert_eq!(field(&plan, "kind").as_string().as_deref(), Some("Legal"));
    let steps: js_sys::Array = field(&plan, "steps").into();
    assert_eq!(steps.length(), 2);
    assert_eq!(field(&steps.get(0), "from").as_f64(), Some(12.0));
    // And a point no die reaches is refused with the reason as data
    let refused = m.plan_move(s("Red"), n(12.0), n(20.0)).unwrap();
    assert_eq!(
        json(&field(&refused, "reason")),
        r#"{"kind":"NoDiceFit","distance":8}"#
    );
    let far = m.farthest_target(s("Red"), n(1.0)).unwrap();
    assert_eq!(field(&far, "to").as_f64(), Some(4.0));
    assert!(m.why_cannot_move(s("Red"), n(12.0)).unwrap().is_null());
    assert_eq!(
        json(&m.why_cannot_move(s("Red"), n(6.0)).unwrap()),
        r#"{"kind":"NoChecker","point":6}"#
    );
    let cover = m.plan_cover(s("Red"), n(23.0)).unwrap();
    assert_eq!(
        field(&cover, "kind").as_string().as_deref(),
        Some("Refused")
    );
    // Then no query changed the match
    assert_eq!(saved(&m), before);
    // And MoveTo on White's points plays both steps at once
    m.act(
        s("Red"),
        js(r#"{"kind":"MoveTo","from":12,"to":15}"#),
        n(10.0),
    )
    .unwrap();
    let view = m.view(n(10.0)).unwrap();
    let points: js_sys::Array = field(&view, "points").into();
    assert_eq!(points.get(14).as_f64(), Some(-1.0));
    assert_eq!(phase(&view).0, "TurnComplete");
    // And a refused move's Error carries the reason on White's points
    let mut again = red_opening_two_one();
    let error = again
        .act(s("Red"), js(r#"{"kind":"MoveTo","from":1,"to":9}"#), n(5.0))
        .unwrap_err();
    let detail = field(&error, "detail");
    assert_eq!(
        field(&detail, "kind").as_string().as_deref(),
        Some("IllegalMove")
    );
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
    let loaded = MatchHandle::load(s(&text), None).expect("loads");
    assert_eq!(
        json(&loaded.view(n(now)).unwrap()),
        json(&m.view(n(now)).unwrap())
    );
    assert_eq!(loaded.position_id(), m.position_id());
    assert_eq!(loaded.match_id(), m.match_id());
    for bad in [
        s(""),
        s("{}"),
        s(&text.replace("\"version\":2", "\"version\":99")),
        s(&text[..text.len() / 2]),
        s(&text.replacen("\"dice\":[", "\"dice\":[9,", 1)),
        n(7.0),
        js("{}"),
    ] {
        assert!(MatchHandle::load(bad, None).is_err());
    }
}

#[wasm_bindgen_test]
fn matches_start_from_position_and_match_ids() {
    // The opening position, 5-point match, 2-1 to Red (from GNU Backgammon's Match ID
    // fields), and a malformed ID refused.
    let m =
        MatchHandle::from_ids(s("4HPwATDgc/ABMA"), JsValue::NULL, options(5), Some(1.0)).unwrap();
    assert_eq!(m.position_id(), "4HPwATDgc/ABMA");
    assert!(MatchHandle::from_ids(s("4HPwATDgc/AB"), JsValue::NULL, options(5), None).is_err());
    assert!(MatchHandle::from_ids(s("4HPwATDgc/ABMA"), s("nonsense"), options(5), None).is_err());
    assert!(MatchHandle::from_ids(n(3.0), JsValue::NULL, options(5), None).is_err());
    let id = m.match_id();
    let again = MatchHandle::from_ids(s("4HPwATDgc/ABMA"), s(&id), options(5), None).unwrap();
    assert_eq!(again.match_id(), id);
}

#[wasm_bindgen_test]
fn dice_given_from_outside_are_rolled_where_a_roll_is_due() {
    // Given White to roll at the opening, a bad roll or a roll for Red is refused and
    // changes nothing; 3-1 is rolled, and no second roll is due.
    let mut m =
        MatchHandle::from_ids(s("4HPwATDgc/ABMA"), JsValue::NULL, options(5), None).unwrap();
    let before = saved(&m);
    assert!(
        m.roll_with(s("White"), s("0-3"), n(0.0)).is_err(),
        "bad dice"
    );
    assert!(
        m.roll_with(s("Red"), s("31"), n(0.0)).is_err(),
        "not Red's roll"
    );
    assert!(
        m.roll_with(s("White"), n(31.0), n(0.0)).is_err(),
        "dice not a string"
    );
    assert_eq!(saved(&m), before);
    m.roll_with(s("White"), s("31"), n(0.0))
        .expect("a roll is due");
    assert!(
        m.roll_with(s("White"), s("31"), n(0.0)).is_err(),
        "no second roll"
    );
    let view = m.view(n(0.0)).unwrap();
    assert_eq!(json(&field(&view, "dice")), "[3,1]");
    assert_eq!(phase(&view), ("Moving".into(), Some("White".into())));
}

#[wasm_bindgen_test]
fn the_turn_so_far_is_written_in_notation() {
    let mut m =
        MatchHandle::from_ids(s("4HPwATDgc/ABMA"), JsValue::NULL, options(5), None).unwrap();
    m.roll_with(s("White"), s("31"), n(0.0)).unwrap();
    m.act(
        s("White"),
        js(r#"{"kind":"Step","from":8,"die":3}"#),
        n(0.0),
    )
    .unwrap();
    assert_eq!(m.turn_play(), "8/5");
    m.act(
        s("White"),
        js(r#"{"kind":"Step","from":6,"die":1}"#),
        n(0.0),
    )
    .unwrap();
    assert_eq!(m.turn_play(), "8/5 6/5");
}

#[wasm_bindgen_test]
fn a_play_string_resolves_to_the_engines_legal_play_in_the_page_module() {
    let opening = s("4HPwATDgc/ABMA");
    let play = resolve_play(opening.clone(), s("31"), s("6/5 8/5"), None).expect("a legal play");
    assert_eq!(field(&play, "play").as_string().as_deref(), Some("8/5 6/5"));
    let listed: js_sys::Array = legal_plays(opening.clone(), s("31"), None).unwrap().into();
    let same = listed
        .iter()
        .find(|p| field(p, "play").as_string().as_deref() == Some("8/5 6/5"))
        .expect("listed");
    assert_eq!(
        field(&play, "positionIdAfter").as_string(),
        field(&same, "positionIdAfter").as_string()
    );
    assert_eq!(js_sys::Array::from(&field(&play, "steps")).length(), 2);
    for (text, dice) in [
        ("hello", "31"),
        ("24/18", "31"),
        ("13/7 6/5", "31"),
        ("8/5", "77"),
    ] {
        assert!(
            resolve_play(opening.clone(), s(dice), s(text), None).is_err(),
            "{text} {dice}"
        );
    }
    assert!(resolve_play(s("nonsense"), s("31"), s("8/5 6/5"), None).is_err());
    assert!(resolve_play(n(1.0), s("31"), s("8/5 6/5"), None).is_err());
}
