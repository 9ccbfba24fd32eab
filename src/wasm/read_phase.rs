//! Reading a [`Phase`] from JavaScript, with the game and match results it may hold
//! (a save's summary).

use wasm_bindgen::JsValue;

use super::js_data::{
    object, one_of, read_fields, unknown_variant, variant, FromJs, ReadError, Tagging,
};
use crate::match_play::{GameEnd, GameResult, MatchEnd, MatchResult, Phase};
use crate::rules::WinKind;

const A_PHASE: &str = "a Phase";

/// `{ kind: "Moving", side: "Red" }`.
impl FromJs for Phase {
    fn from_js(value: &JsValue, tagging: Tagging) -> Result<Phase, ReadError> {
        let (kind, body) = variant(value, None, tagging, A_PHASE)?;
        let body = &body;
        Ok(match kind.as_str() {
            "OpeningRoll" => Phase::OpeningRoll,
            "Deciding" => read_fields!(Phase::Deciding { side } from body, tagging),
            "CubeOffered" => read_fields!(Phase::CubeOffered { doubler } from body, tagging),
            "ResignationOffered" => {
                read_fields!(Phase::ResignationOffered { by, level } from body, tagging)
            }
            "Moving" => read_fields!(Phase::Moving { side } from body, tagging),
            "TurnComplete" => read_fields!(Phase::TurnComplete { side } from body, tagging),
            "GameOver" => read_fields!(Phase::GameOver { result } from body, tagging),
            "MatchOver" => read_fields!(Phase::MatchOver { result } from body, tagging),
            other => return unknown_variant(other, A_PHASE),
        })
    }
}

impl FromJs for GameResult {
    fn from_js(value: &JsValue, tagging: Tagging) -> Result<GameResult, ReadError> {
        let value = object(value, "a GameResult")?;
        Ok(read_fields!(GameResult { winner, end, points } from value, tagging))
    }
}

const A_GAME_END: &str = "a GameEnd";

/// `{ kind: "BoreOff", win: "Gammon" }`, `{ kind: "Dropped" }`.
impl FromJs for GameEnd {
    fn from_js(value: &JsValue, tagging: Tagging) -> Result<GameEnd, ReadError> {
        let (kind, win) = variant(value, Some("win"), tagging, A_GAME_END)?;
        let win = || WinKind::from_js(&win, tagging).map_err(|e| e.inside("win"));
        Ok(match kind.as_str() {
            "BoreOff" => GameEnd::BoreOff(win()?),
            "Dropped" => GameEnd::Dropped,
            "ResignationAccepted" => GameEnd::ResignationAccepted(win()?),
            "Resigned" => GameEnd::Resigned(win()?),
            "ClaimedOnTime" => GameEnd::ClaimedOnTime,
            "Forfeit" => GameEnd::Forfeit,
            "TimeOut" => GameEnd::TimeOut,
            other => return unknown_variant(other, A_GAME_END),
        })
    }
}

impl FromJs for MatchResult {
    fn from_js(value: &JsValue, tagging: Tagging) -> Result<MatchResult, ReadError> {
        let value = object(value, "a MatchResult")?;
        Ok(read_fields!(MatchResult { winner, end } from value, tagging))
    }
}

impl FromJs for MatchEnd {
    fn from_js(value: &JsValue, _: Tagging) -> Result<MatchEnd, ReadError> {
        one_of(
            value,
            &[
                ("ReachedTarget", MatchEnd::ReachedTarget),
                ("Forfeit", MatchEnd::Forfeit),
                ("TimeOut", MatchEnd::TimeOut),
            ],
            "\"ReachedTarget\", \"Forfeit\" or \"TimeOut\"",
        )
    }
}
