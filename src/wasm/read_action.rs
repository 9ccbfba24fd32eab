//! Reading an [`Action`] from JavaScript: `{ kind: "Step", from: 13, die: 5 }`.

use wasm_bindgen::JsValue;

use super::js_data::{read_fields, unknown_variant, variant, FromJs, ReadError, Tagging};
use crate::match_play::Action;

const AN_ACTION: &str = "an Action";

impl FromJs for Action {
    fn from_js(value: &JsValue, tagging: Tagging) -> Result<Action, ReadError> {
        let (kind, body) = variant(value, None, tagging, AN_ACTION)?;
        let body = &body;
        Ok(match kind.as_str() {
            "OpeningRoll" => Action::OpeningRoll,
            "Roll" => Action::Roll,
            "Double" => Action::Double,
            "Take" => Action::Take,
            "Drop" => Action::Drop,
            "Step" => read_fields!(Action::Step { from, die } from body, tagging),
            "MoveTo" => read_fields!(Action::MoveTo { from, to } from body, tagging),
            "UndoStep" => Action::UndoStep,
            "EndTurn" => Action::EndTurn,
            "OfferResignation" => {
                read_fields!(Action::OfferResignation { level } from body, tagging)
            }
            "AcceptResignation" => Action::AcceptResignation,
            "DeclineResignation" => Action::DeclineResignation,
            "Resign" => Action::Resign,
            "ForfeitMatch" => Action::ForfeitMatch,
            "ClaimWinOnTime" => Action::ClaimWinOnTime,
            "SetAutoRoll" => read_fields!(Action::SetAutoRoll { on } from body, tagging),
            other => return unknown_variant(other, AN_ACTION),
        })
    }
}
