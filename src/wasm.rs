//! The JavaScript API: the only file that mentions `wasm_bindgen`.
//!
//! Errors are thrown as JavaScript `Error`s with a clear message; nothing a caller
//! passes makes the module panic. Views are plain objects (see the TypeScript
//! declarations below).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::notation::{PlayString, PositionId};
use crate::rules::{Dice, MoveGen, RuleSet, Step};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A rule preset: the standard rules (also seed 000) or seed 001. */
export type RulesName = "standard" | "seed-000" | "seed-001";

/** One checker moved by one die, in the mover's own numbering (25 = bar, 0 = off). */
export interface StepView {
  from: number;
  to: number;
  die: number;
  hit: boolean;
}

/** A legal play: its notation, its steps and the Position ID after it (opponent on roll). */
export interface LegalPlayView {
  play: string;
  steps: StepView[];
  positionIdAfter: string;
}
"#;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StepView {
    from: u8,
    to: u8,
    die: u8,
    hit: bool,
}

impl From<&Step> for StepView {
    fn from(step: &Step) -> StepView {
        StepView {
            from: step.from,
            to: step.to,
            die: step.die,
            hit: step.hit,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LegalPlayView {
    play: String,
    steps: Vec<StepView>,
    position_id_after: String,
}

fn rules_named(name: Option<String>) -> Result<RuleSet, JsError> {
    match name.as_deref() {
        None | Some("standard" | "seed-000") => Ok(RuleSet::STANDARD),
        Some("seed-001") => Ok(RuleSet::SEED_001),
        Some(other) => Err(JsError::new(&format!(
            "unknown rules {other:?}: use \"standard\", \"seed-000\" or \"seed-001\""
        ))),
    }
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// Every distinct legal play of `dice` (like "31" or "3-1") in the position of a GNU
/// Backgammon Position ID, for the player that ID has on roll.
#[wasm_bindgen(js_name = legalPlays, unchecked_return_type = "LegalPlayView[]")]
pub fn legal_plays(
    position_id: &str,
    dice: &str,
    #[wasm_bindgen(unchecked_param_type = "RulesName")] rules: Option<String>,
) -> Result<JsValue, JsError> {
    let rules = rules_named(rules)?;
    let position = position_id
        .parse::<PositionId>()
        .map_err(|e| JsError::new(&format!("bad Position ID {position_id:?}: {e}")))?
        .0;
    let dice: Dice = dice
        .parse()
        .map_err(|e| JsError::new(&format!("bad dice: {e}")))?;
    let views: Vec<LegalPlayView> = MoveGen::new()
        .generate(&position, dice, rules)
        .iter()
        .map(|legal| LegalPlayView {
            play: PlayString::from_play(&legal.play).to_string(),
            steps: legal.play.steps().iter().map(StepView::from).collect(),
            position_id_after: PositionId(legal.position.flipped()).to_string(),
        })
        .collect();
    to_js(&views)
}
