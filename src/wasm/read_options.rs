//! Reading [`MatchOptions`] from JavaScript (checked by the caller with `validate`).

use wasm_bindgen::JsValue;

use super::js_data::{
    object, one_of, read_fields, unknown_variant, variant, FromJs, ReadError, Tagging,
};
use crate::clock::TimeControl;
use crate::match_play::{MatchLength, MatchOptions, ResignationStyle};

impl FromJs for MatchOptions {
    fn from_js(value: &JsValue, tagging: Tagging) -> Result<MatchOptions, ReadError> {
        let value = object(value, "a MatchOptions object")?;
        Ok(read_fields!(MatchOptions {
            length,
            cube,
            backgammons,
            minimise_wasted_pips,
            resignation,
            time_control,
        } from value, tagging))
    }
}

const A_LENGTH: &str = "a MatchLength";

/// `{ kind: "Points", points: 5 }` or `{ kind: "Unlimited" }`.
impl FromJs for MatchLength {
    fn from_js(value: &JsValue, tagging: Tagging) -> Result<MatchLength, ReadError> {
        let (kind, points) = variant(value, Some("points"), tagging, A_LENGTH)?;
        match kind.as_str() {
            "Points" => u32::from_js(&points, tagging)
                .map(MatchLength::Points)
                .map_err(|e| e.inside("points")),
            "Unlimited" => Ok(MatchLength::Unlimited),
            other => unknown_variant(other, A_LENGTH),
        }
    }
}

impl FromJs for ResignationStyle {
    fn from_js(value: &JsValue, _: Tagging) -> Result<ResignationStyle, ReadError> {
        one_of(
            value,
            &[
                ("Offered", ResignationStyle::Offered),
                ("Direct", ResignationStyle::Direct),
            ],
            "\"Offered\" or \"Direct\"",
        )
    }
}

impl FromJs for TimeControl {
    fn from_js(value: &JsValue, _: Tagging) -> Result<TimeControl, ReadError> {
        one_of(
            value,
            &[
                ("None", TimeControl::None),
                ("TimeBank", TimeControl::TimeBank),
                ("Reserve", TimeControl::Reserve),
            ],
            "\"None\", \"TimeBank\" or \"Reserve\"",
        )
    }
}
