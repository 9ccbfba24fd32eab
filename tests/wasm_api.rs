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
