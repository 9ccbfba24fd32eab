//! Reading a save (`Match.save()`'s JSON, parsed by the browser) into a [`SavedMatch`],
//! version-1 saves included. Whether it replays is then `Match::from_saved`'s to say.

use wasm_bindgen::JsValue;

use super::js_data::{
    field, object, one_of, only_fields, read_fields, unknown_variant, variant_key, FromJs,
    ReadError, Tagging,
};
use crate::clock::RunningAction;
use crate::match_play::{
    CrawfordState, HistoryEntry, LoadError, SavedMatch, SavedSetup, SavedSummary, SetupTurn,
    SAVE_FORMAT, SAVE_FORMAT_VERSION,
};

/// The save in `value`, upgraded to this version of the format.
///
/// # Errors
/// [`LoadError::NotASave`] for another format, [`LoadError::UnknownVersion`], and
/// [`LoadError::Json`] naming the first field missing, unknown, of the wrong type or
/// out of range.
pub fn read_saved(value: &JsValue) -> Result<SavedMatch, LoadError> {
    let shape = |e: ReadError| LoadError::Json(e.to_string());
    let value = object(value, "a saved match").map_err(shape)?;
    let format: String = field(value, "format", Tagging::Kind).map_err(shape)?;
    if format != SAVE_FORMAT {
        return Err(LoadError::NotASave(format));
    }
    let tagging = match field(value, "version", Tagging::Kind).map_err(shape)? {
        1 => Tagging::VariantKey,
        SAVE_FORMAT_VERSION => Tagging::Kind,
        other => return Err(LoadError::UnknownVersion(other)),
    };
    let fields = [
        "format", "version", "options", "setup", "history", "last_ms", "summary",
    ];
    only_fields(value, &fields).map_err(shape)?;
    Ok(SavedMatch {
        format,
        version: SAVE_FORMAT_VERSION,
        options: field(value, "options", tagging).map_err(shape)?,
        setup: field(value, "setup", tagging).map_err(shape)?,
        history: field(value, "history", tagging).map_err(shape)?,
        last_ms: field(value, "last_ms", tagging).map_err(shape)?,
        summary: field(value, "summary", tagging).map_err(shape)?,
    })
}

impl FromJs for SavedSetup {
    fn from_js(value: &JsValue, tagging: Tagging) -> Result<SavedSetup, ReadError> {
        let value = object(value, "a saved setup")?;
        Ok(read_fields!(only SavedSetup {
            position_id,
            on_roll,
            cube_value,
            cube_owner,
            score,
            crawford,
            turn,
        } from value, tagging))
    }
}

const A_TURN: &str = "a SetupTurn";

/// Absent for `BeforeRoll`; `"Doubled"`, `{ "Rolled": [3, 1] }`,
/// `{ "OfferedResignation": "Gammon" }`.
impl FromJs for SetupTurn {
    fn from_js(value: &JsValue, tagging: Tagging) -> Result<SetupTurn, ReadError> {
        if value.is_undefined() {
            return Ok(SetupTurn::BeforeRoll);
        }
        let (name, body) = variant_key(value, A_TURN)?;
        let inside = |e: ReadError| e.inside(&name);
        Ok(match name.as_str() {
            "BeforeRoll" => SetupTurn::BeforeRoll,
            "Rolled" => SetupTurn::Rolled(FromJs::from_js(&body, tagging).map_err(inside)?),
            "Doubled" => SetupTurn::Doubled,
            "OfferedResignation" => {
                SetupTurn::OfferedResignation(FromJs::from_js(&body, tagging).map_err(inside)?)
            }
            other => return unknown_variant(other, A_TURN),
        })
    }
}

impl FromJs for CrawfordState {
    fn from_js(value: &JsValue, _: Tagging) -> Result<CrawfordState, ReadError> {
        one_of(
            value,
            &[
                ("Pending", CrawfordState::Pending),
                ("CrawfordGame", CrawfordState::CrawfordGame),
                ("PostCrawford", CrawfordState::PostCrawford),
            ],
            "\"Pending\", \"CrawfordGame\" or \"PostCrawford\"",
        )
    }
}

const AN_ENTRY: &str = "a history entry";

/// `{ "Acted": { at_ms, side, action, dice } }` or `{ "TimedOut": { at_ms, side } }`.
impl FromJs for HistoryEntry {
    fn from_js(value: &JsValue, tagging: Tagging) -> Result<HistoryEntry, ReadError> {
        let (name, body) = variant_key(value, AN_ENTRY)?;
        let acted = match name.as_str() {
            "Acted" => true,
            "TimedOut" => false,
            other => return unknown_variant(other, AN_ENTRY),
        };
        let read = || -> Result<HistoryEntry, ReadError> {
            let body = object(&body, "an object")?;
            Ok(if acted {
                read_fields!(HistoryEntry::Acted { at_ms, side, action, dice } from body, tagging)
            } else {
                read_fields!(HistoryEntry::TimedOut { at_ms, side } from body, tagging)
            })
        };
        read().map_err(|e| e.inside(&name))
    }
}

impl FromJs for SavedSummary {
    fn from_js(value: &JsValue, tagging: Tagging) -> Result<SavedSummary, ReadError> {
        let value = object(value, "a saved summary")?;
        Ok(read_fields!(only SavedSummary {
            score,
            phase,
            position_id,
            match_id,
            banks_ms,
            running,
        } from value, tagging))
    }
}

impl FromJs for RunningAction {
    fn from_js(value: &JsValue, tagging: Tagging) -> Result<RunningAction, ReadError> {
        let value = object(value, "a RunningAction")?;
        Ok(read_fields!(RunningAction { side, since_ms } from value, tagging))
    }
}
