//! The Web Worker's module (built with the `worker` feature), in headless Chromium.
#![cfg(all(target_arch = "wasm32", feature = "worker"))]

use gamao::match_play::{play_randomly, Match, MatchLength, MatchOptions};
use gamao::notation::write_mat;
use gamao::wasm::replay_mat;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn field(object: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(object, &JsValue::from_str(name)).expect("a field of a view object")
}

#[wasm_bindgen_test]
fn a_mat_file_replays_frame_by_frame_in_the_browser() {
    let mut options = MatchOptions::seed_000(MatchLength::Points(3));
    options.time_control = gamao::clock::TimeControl::None;
    let mut m = Match::new(options).unwrap();
    play_randomly(&mut m, 21, 0).unwrap();
    let text = write_mat(&m).expect("a match from the opening writes");
    let frames: js_sys::Array = replay_mat(JsValue::from_str(&text))
        .expect("our own export replays")
        .into();
    assert!(frames.length() > 10);
    let first = frames.get(0);
    assert_eq!(
        field(&field(&first, "event"), "kind")
            .as_string()
            .as_deref(),
        Some("Start")
    );
    let view = field(&first, "view");
    assert_eq!(
        field(&view, "position_id").as_string().as_deref(),
        Some("4HPwATDgc/ABMA")
    );
    let last = frames.get(frames.length() - 1);
    let score = field(&field(&last, "view"), "score");
    let best = field(&score, "white")
        .as_f64()
        .unwrap()
        .max(field(&score, "red").as_f64().unwrap());
    assert!(best >= 3.0);
}

#[wasm_bindgen_test]
fn a_broken_mat_file_throws() {
    assert!(replay_mat(JsValue::from_str("not a match")).is_err());
    assert!(replay_mat(JsValue::from_f64(3.0)).is_err());
    let illegal =
        " 3 point match\n\n Game 1\n White : 0                      Red : 0\n  1) 31: 8/5 6/4\n";
    assert!(replay_mat(JsValue::from_str(illegal)).is_err());
}

use gamao::wasm::{computer::computer_actions, computer::hint, MatchHandle};

/// A JavaScript string.
fn s(text: &str) -> JsValue {
    JsValue::from_str(text)
}

/// A JavaScript number.
fn n(value: f64) -> JsValue {
    JsValue::from_f64(value)
}

#[wasm_bindgen_test]
fn the_computer_answers_with_actions_the_match_accepts() {
    let options = js_sys::JSON::parse(
        r#"{"length":{"kind":"Points","points":3},"cube":true,"backgammons":true,"minimise_wasted_pips":false,"resignation":"Offered","time_control":"None"}"#,
    )
    .unwrap();
    let mut m = MatchHandle::new(options, Some(4.0)).unwrap();
    m.act(
        s("White"),
        js_sys::JSON::parse(r#"{"kind":"OpeningRoll"}"#).unwrap(),
        n(0.0),
    )
    .unwrap();
    let view = m.view(n(0.0)).unwrap();
    let side = field(&view, "acting")
        .as_string()
        .expect("someone moves first");
    let actions: js_sys::Array =
        computer_actions(s(&m.save().unwrap()), s(&side), s("expert"), n(1.0))
            .unwrap()
            .into();
    assert!(actions.length() >= 2, "steps then the end of turn");
    for action in actions.iter() {
        m.act(s(&side), action, n(10.0))
            .expect("the computer's action is legal");
    }
    // The other side is now to roll; its hint is a cube decision.
    let advice = hint(s(&m.save().unwrap())).unwrap();
    let cube = field(&advice, "cube");
    assert_eq!(
        field(&cube, "action").as_string().as_deref(),
        Some("NoDouble")
    );
    assert!(computer_actions(s("not a save"), s("White"), s("expert"), n(0.0)).is_err());
    assert!(computer_actions(s(&m.save().unwrap()), s("White"), s("grandmaster"), n(0.0)).is_err());
    assert!(computer_actions(n(1.0), s("White"), s("expert"), n(0.0)).is_err());
    assert!(hint(JsValue::NULL).is_err());
}

#[wasm_bindgen_test]
fn prepare_builds_what_the_computer_needs_ahead_of_time() {
    gamao::wasm::computer::prepare().expect("the shipped weights load");
    // A bear-off where both sides have borne off is now answered from the database.
    let options = js_sys::JSON::parse(
        r#"{"length":{"kind":"Unlimited"},"cube":true,"backgammons":true,"minimise_wasted_pips":false,"resignation":"Offered","time_control":"None"}"#,
    )
    .unwrap();
    let m = MatchHandle::from_ids(s("MwsAAJkNAAAAAA"), JsValue::NULL, options, Some(1.0)).unwrap();
    let advice = hint(s(&m.save().unwrap())).unwrap();
    assert!(field(&advice, "cube").is_object());
}

#[wasm_bindgen_test]
fn the_hint_gives_the_experts_own_cube_decision() {
    // Given a money game where the expert doubles on its 2-ply chances and 1-ply chances
    // see no double (tests/ai_computer.rs), White on roll
    let options = js_sys::JSON::parse(
        r#"{"length":{"kind":"Unlimited"},"cube":true,"backgammons":true,"minimise_wasted_pips":false,"resignation":"Offered","time_control":"None"}"#,
    )
    .unwrap();
    let m = MatchHandle::from_ids(s("t20DwAB724IBAA"), JsValue::NULL, options, Some(1.0)).unwrap();
    let saved = s(&m.save().unwrap());
    // When the page asks for a hint and for the expert's actions
    let advice = hint(saved.clone()).unwrap();
    let actions: js_sys::Array = computer_actions(saved, s("White"), s("expert"), n(0.0))
        .unwrap()
        .into();
    // Then the hint is the double the expert makes
    assert_eq!(
        field(&field(&advice, "cube"), "action")
            .as_string()
            .as_deref(),
        Some("DoubleTake")
    );
    assert_eq!(actions.length(), 1);
    assert_eq!(
        field(&actions.get(0), "kind").as_string().as_deref(),
        Some("Double")
    );
}

use gamao::wasm::computer::AnalysisHandle;
use wasm_bindgen::JsError;

/// A short 7-point match GNU Backgammon played against itself.
const REFERENCE: &str = include_str!("data/gnubg_analysis/match-8.mat");

/// The message of a thrown Error.
fn message(error: JsError) -> String {
    field(&JsValue::from(error), "message")
        .as_string()
        .unwrap_or_default()
}

/// The analysis of the reference match at 0-ply, of share `index` of `count` when given,
/// judged to the end.
fn judged(share: Option<(f64, f64)>) -> AnalysisHandle {
    let (index, count) = share.map_or((JsValue::UNDEFINED, JsValue::UNDEFINED), |(i, c)| {
        (n(i), n(c))
    });
    let mut analysis = AnalysisHandle::from_mat(s(REFERENCE), n(0.0), index, count)
        .expect("the reference match replays");
    while analysis.run(n(50.0)).expect("a count") {}
    analysis
}

#[wasm_bindgen_test]
fn shares_judged_apart_assemble_into_the_analysis_of_the_whole_match() {
    // Given the reference match analysed whole, and cut into two shares judged apart
    let whole = judged(None);
    let first = judged(Some((0.0, 2.0)));
    let second = judged(Some((1.0, 2.0)));
    assert_eq!(first.total() + second.total(), whole.total());
    // And each share knows from the start how many the whole match has
    assert_eq!(first.match_total(), whole.total());
    assert_eq!(second.match_total(), whole.total());
    let shares = js_sys::Array::of2(
        &second.judged_share().expect("a share"),
        &first.judged_share().expect("a share"),
    );
    // When a fresh analysis of the match puts them together
    let assembler = judged(Some((0.0, 1.0)));
    let assembled = assembler.assemble(shares.into()).expect("the shares fit");
    // Then it is the whole match's analysis and text
    let json = |value: &JsValue| js_sys::JSON::stringify(value).map(String::from).ok();
    assert_eq!(
        json(&field(&assembled, "analysis")),
        json(&whole.result().expect("a result"))
    );
    assert_eq!(field(&assembled, "text").as_string(), Some(whole.text()));
}

#[wasm_bindgen_test]
fn shares_that_do_not_make_up_the_match_are_an_error() {
    let whole = judged(None);
    let first = judged(Some((0.0, 2.0))).judged_share().expect("a share");
    let refused = |shares: JsValue| message(whole.assemble(shares).expect_err("refused"));
    assert!(refused(n(3.0)).contains("shares must be an array"));
    assert!(
        refused(js_sys::Array::of1(&s("a share")).into()).contains("shares must be judged shares")
    );
    let partial = refused(js_sys::Array::of1(&first).into());
    assert!(
        partial.contains("decision 1 is judged by no share"),
        "{partial}"
    );
    let twice = refused(js_sys::Array::of2(&first, &first).into());
    assert!(twice.contains("judged twice"), "{twice}");
    // The whole analysis is unchanged by the refusals.
    assert_eq!(whole.done(), whole.total());
    // A share of another depth belongs to another analysis.
    let deeper =
        AnalysisHandle::from_mat(s(REFERENCE), n(1.0), JsValue::UNDEFINED, JsValue::UNDEFINED)
            .expect("the reference match replays");
    let second = judged(Some((1.0, 2.0))).judged_share().expect("a share");
    let other = message(
        deeper
            .assemble(js_sys::Array::of2(&first, &second).into())
            .expect_err("refused"),
    );
    assert!(other.contains("another match"), "{other}");
}

#[wasm_bindgen_test]
fn a_share_must_be_one_of_the_count() {
    let share = |index: JsValue, count: JsValue| {
        AnalysisHandle::from_mat(s(REFERENCE), n(0.0), index, count).map(|a| a.total())
    };
    assert!(message(share(n(2.0), n(2.0)).expect_err("no share 2 of 2"))
        .contains("index must be below the count"));
    assert!(
        message(share(n(0.0), JsValue::UNDEFINED).expect_err("no count"))
            .contains("both its index and the count")
    );
    assert!(message(share(s("0"), n(2.0)).expect_err("not a number"))
        .contains("index must be a number"));
    assert!(message(share(n(-1.0), n(2.0)).expect_err("negative")).contains("index"));
    assert!(share(n(1.0), n(3.0)).expect("share 1 of 3") > 0);
}
