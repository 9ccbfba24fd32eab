//! The JavaScript API: the only module that mentions `wasm_bindgen`.
//!
//! Two modules are built from it: the page's (`pkg/`, the engine) and, with the
//! `worker` feature, the Web Worker's (`pkg-worker/`), which adds what the page loads
//! only on demand: replaying `.mat` files and the computer opponent.
//!
//! - Types: every type that crosses the boundary is a Rust type whose TypeScript
//!   declaration is generated from it (`derive(tsify::Tsify)`); enums are tagged unions
//!   (`{ kind: "Step", from, die }`).
//! - Coordinates: White's points everywhere (1–24, 25 the bar, 0 the tray of the side
//!   concerned), in the views, the actions and the queries; the mover's own numbering
//!   appears only inside notation strings (and in `legalPlays`, whose Position ID knows
//!   no colours).
//! - Checks: every parameter is taken as a JavaScript value and checked here; a value
//!   of the wrong type or out of range throws an `Error` naming the parameter and what
//!   it must be, and changes nothing. Nothing a caller passes makes the module trap.
//!   Plain data (actions, options, saves) is read by the hand-written readers of this
//!   module's files ([`FromJs`]), which keep serde's derived readers out of the page's
//!   module; views are written with serde-wasm-bindgen.

use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The computer opponent and match analysis, in the worker module only.
#[cfg(feature = "worker")]
pub mod computer;
mod js_data;
mod read_action;
mod read_options;
mod read_phase;
mod read_save;

pub use js_data::{FromJs, ReadError, Tagging};
pub use read_save::read_saved;

use js_data::{kind_of, MAX_SAFE_INTEGER};

use crate::match_play::{
    Action, ActionError, CoverPlan, GameSetup, Match, MatchLength, MatchOptions, MatchView,
    MovePlan, MoveRefusal, Preset, TargetView, MAX_MATCH_POINTS,
};
use crate::notation::{write_mat, MatchId, PlayString, PositionId};
use crate::rules::{
    BySide, CryptoDice, Dice, DiceGen, DiceGenError, MoveGen, Position, RuleSet, ScriptedDice,
    SeededDice, Side, Step,
};

#[wasm_bindgen(typescript_custom_section)]
const ERROR_TYPE: &'static str = r#"
/** The Error `Match.act` throws: an English `message`, and the engine's reason. */
export interface ActionRefusal extends Error {
  /** Why the engine refused, as data to switch on; absent when an argument was malformed. */
  detail?: ActionError;
}
"#;

/// One checker moved by one die, in the numbering of the Position ID's player on roll.
#[derive(Serialize, tsify::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
pub struct PlainStep {
    /// The point the checker leaves (25: the bar).
    from: u8,
    /// The point it reaches (0: borne off).
    to: u8,
    /// The die it uses.
    die: u8,
    /// Whether it hits a lone opposing checker, sending it to the bar.
    hit: bool,
}

impl From<&Step> for PlainStep {
    fn from(step: &Step) -> PlainStep {
        PlainStep {
            from: step.from,
            to: step.to,
            die: step.die,
            hit: step.hit,
        }
    }
}

/// A legal play: its notation, its steps and the Position ID after it (opponent on roll).
#[derive(Serialize, tsify::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
pub struct LegalPlayView {
    /// The play in standard notation, in the mover's numbering ("8/5 6/5").
    play: String,
    /// Its steps, in the order made.
    steps: Vec<PlainStep>,
    /// The board after it as a Position ID, the opponent on roll.
    position_id_after: String,
}

// ——— checking what JavaScript hands over ———

fn wrong(name: &str, expected: &str, value: &JsValue) -> JsError {
    JsError::new(&format!(
        "{name} must be {expected}, not {}",
        kind_of(value)
    ))
}

/// A string parameter.
fn string(value: &JsValue, name: &str) -> Result<String, JsError> {
    value
        .as_string()
        .ok_or_else(|| wrong(name, "a string", value))
}

/// A string parameter that may be left out (undefined or null).
fn optional_string(value: &JsValue, name: &str) -> Result<Option<String>, JsError> {
    if value.is_undefined() || value.is_null() {
        Ok(None)
    } else {
        string(value, name).map(Some)
    }
}

/// A whole number ≥ 0 (fractions dropped) up to `Number.MAX_SAFE_INTEGER`.
fn count(value: &JsValue, name: &str) -> Result<u64, JsError> {
    match value.as_f64() {
        Some(n) if (0.0..=MAX_SAFE_INTEGER).contains(&n) => Ok(n as u64),
        // JavaScript writes the number: Rust's float formatting weighs 20 kB.
        Some(n) => Err(JsError::new(&format!(
            "{name} must be a number from 0 to 2^53, not {}",
            js_sys::Number::from(n)
                .to_string_with_radix(10)
                .map(String::from)
                .unwrap_or_default()
        ))),
        None => Err(wrong(name, "a number", value)),
    }
}

/// A point number: 0–25.
fn point(value: &JsValue, name: &str) -> Result<u8, JsError> {
    match count(value, name)? {
        n @ 0..=25 => Ok(n as u8),
        n => Err(JsError::new(&format!(
            "{name} must be a point 0–25, not {n}"
        ))),
    }
}

fn time_ms(value: &JsValue) -> Result<u64, JsError> {
    count(value, "nowMs")
}

/// Plain data of a Rust type (an action, match options…), or an Error naming `name`,
/// where in it the value is wrong and what it must be.
fn data<T: FromJs>(value: &JsValue, name: &str) -> Result<T, JsError> {
    T::from_js(value, Tagging::Kind).map_err(|e| JsError::new(&e.inside(name).to_string()))
}

fn side(value: &JsValue) -> Result<Side, JsError> {
    match string(value, "side")?.as_str() {
        "White" => Ok(Side::White),
        "Red" => Ok(Side::Red),
        other => Err(JsError::new(&format!(
            "side must be \"White\" or \"Red\", not \"{other}\""
        ))),
    }
}

fn preset(value: &JsValue) -> Result<Preset, JsError> {
    string(value, "preset")?
        .parse()
        .map_err(|e: crate::match_play::UnknownPreset| JsError::new(&e.to_string()))
}

/// Plain data as a JavaScript value (`null` for `None`, plain objects for maps).
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

// ——— functions ———

/// The position of a Position ID, a roll (like "31" or "3-1") and the rules of a preset
/// (the time bank's when none is given): the arguments `legalPlays` and `resolvePlay`
/// share.
fn roll_in_position(
    position_id: &JsValue,
    dice: &JsValue,
    preset_name: Option<JsValue>,
) -> Result<(Position, Dice, RuleSet), JsError> {
    let rules = match preset_name.filter(|p| !p.is_null()) {
        None => Preset::TimeBank,
        Some(name) => preset(&name)?,
    }
    .rules();
    let position_id = string(position_id, "positionId")?;
    let position = position_id
        .parse::<PositionId>()
        .map_err(|e| JsError::new(&format!("bad Position ID \"{position_id}\": {e}")))?
        .0;
    let dice: Dice = string(dice, "dice")?
        .parse()
        .map_err(|e| JsError::new(&format!("bad dice: {e}")))?;
    Ok((position, dice, rules))
}

/// Every distinct legal play of `dice` (like "31" or "3-1") in the position of a GNU
/// Backgammon Position ID, for the player that ID has on roll (its own numbering),
/// under the rules of `preset` (the time bank's by default).
#[wasm_bindgen(js_name = legalPlays, unchecked_return_type = "LegalPlayView[]")]
pub fn legal_plays(
    #[wasm_bindgen(js_name = positionId, unchecked_param_type = "string")] position_id: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] dice: JsValue,
    #[wasm_bindgen(js_name = preset, unchecked_optional_param_type = "Preset")] preset_name: Option<
        JsValue,
    >,
) -> Result<JsValue, JsError> {
    let (position, dice, rules) = roll_in_position(&position_id, &dice, preset_name)?;
    let views: Vec<LegalPlayView> = MoveGen::new()
        .generate(&position, dice, rules)
        .iter()
        .map(|legal| LegalPlayView {
            play: PlayString::from_play(&legal.play).to_string(),
            steps: legal.play.steps().iter().map(PlainStep::from).collect(),
            position_id_after: PositionId(legal.position.flipped()).to_string(),
        })
        .collect();
    to_js(&views)
}

/// The names of the rule presets, the default first.
#[wasm_bindgen(unchecked_return_type = "Preset[]")]
pub fn presets() -> Result<JsValue, JsError> {
    to_js(&Preset::ALL)
}

/// The match options of `preset` for a match to `length` points (1–25), or a money
/// session when `length` is null or left out.
#[wasm_bindgen(js_name = presetOptions, unchecked_return_type = "MatchOptions")]
pub fn preset_options(
    #[wasm_bindgen(unchecked_param_type = "Preset")] preset_name: JsValue,
    length: Option<f64>,
) -> Result<JsValue, JsError> {
    let preset = preset(&preset_name)?;
    let length = match length
        .map(|n| count(&JsValue::from_f64(n), "length"))
        .transpose()?
    {
        None => MatchLength::Unlimited,
        Some(n) if (1..=u64::from(MAX_MATCH_POINTS)).contains(&n) => MatchLength::Points(n as u32),
        Some(n) => {
            return Err(JsError::new(&format!(
                "length must be 1–{MAX_MATCH_POINTS} points, not {n}"
            )))
        }
    };
    to_js(&preset.options(length))
}

/// Replays a `.mat` file (GNU Backgammon's or ours): a frame per half-move, each game
/// starting with its opening position. A file that cannot be read, or that breaks a
/// rule, throws an Error naming the line. (Worker module only.)
#[cfg(feature = "worker")]
#[wasm_bindgen(js_name = replayMat, unchecked_return_type = "ReplayFrame[]")]
pub fn replay_mat(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<JsValue, JsError> {
    let replay = crate::notation::read_mat(&string(&text, "text")?)
        .map_err(|e| JsError::new(&format!("cannot read the match: {e}")))?;
    to_js(&replay.frames)
}

/// Replays a match saved with `save()` from where it started: a frame per half-move, as
/// `replayMat` gives them, for a match set up from a position too (which no `.mat` file
/// can hold). A save that cannot be loaded throws its Error. (Worker module only.)
#[cfg(feature = "worker")]
#[wasm_bindgen(js_name = replaySaved, unchecked_return_type = "ReplayFrame[]")]
pub fn replay_saved(
    #[wasm_bindgen(unchecked_param_type = "string")] saved: JsValue,
) -> Result<JsValue, JsError> {
    let m = load_match(&saved, "saved")?;
    to_js(&crate::match_play::replay_frames(&m))
}

/// The match a `save()` JSON describes (an older format is upgraded as it is read); a
/// tampered or foreign file is an Error. Read with the browser's JSON parser, to keep a
/// JSON library out of the module.
fn load_match(json: &JsValue, name: &str) -> Result<Match, JsError> {
    let cannot = |e: String| JsError::new(&format!("cannot load: {e}"));
    let parsed = js_sys::JSON::parse(&string(json, name)?)
        .map_err(|_| cannot("not a readable saved match: not JSON".to_string()))?;
    read_saved(&parsed)
        .and_then(|saved| Match::from_saved(&saved))
        .map_err(|e| cannot(e.to_string()))
}

/// The match's dice: seeded for tests and replays, cryptographic otherwise.
enum MatchDice {
    Seeded(SeededDice),
    Crypto(CryptoDice),
}

impl MatchDice {
    fn new(seed: Option<f64>) -> Result<MatchDice, JsError> {
        Ok(
            match seed
                .map(|s| count(&JsValue::from_f64(s), "seed"))
                .transpose()?
            {
                None => MatchDice::Crypto(CryptoDice::new()),
                Some(s) => MatchDice::Seeded(SeededDice::new(s)),
            },
        )
    }
}

impl DiceGen for MatchDice {
    fn die(&mut self) -> Result<u8, DiceGenError> {
        match self {
            MatchDice::Seeded(d) => d.die(),
            MatchDice::Crypto(d) => d.die(),
        }
    }
}

fn match_options(value: &JsValue) -> Result<MatchOptions, JsError> {
    let options: MatchOptions = data(value, "options")?;
    options
        .validate()
        .map_err(|e| JsError::new(&format!("options: {e}")))?;
    Ok(options)
}

/// The legal play that `play`, written in standard notation ("8/5 6/5", "bar/22* 13/11",
/// the mover's own numbering), names for `dice` in a Position ID's position under the
/// rules of `preset`, as `legalPlays` lists it (the engine's own writing, its steps).
/// Throws for a text that is not a play, or not a legal play of the roll.
#[wasm_bindgen(js_name = resolvePlay, unchecked_return_type = "LegalPlayView")]
pub fn resolve_play(
    #[wasm_bindgen(js_name = positionId, unchecked_param_type = "string")] position_id: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] dice: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] play: JsValue,
    #[wasm_bindgen(js_name = preset, unchecked_optional_param_type = "Preset")] preset_name: Option<
        JsValue,
    >,
) -> Result<JsValue, JsError> {
    let (position, dice, rules) = roll_in_position(&position_id, &dice, preset_name)?;
    let play = string(&play, "play")?;
    let resolved = play
        .parse::<PlayString>()
        .map_err(|e| JsError::new(&format!("bad play \"{play}\": {e}")))?
        .to_play(&position, dice, rules)
        .map_err(|e| JsError::new(&format!("\"{play}\" is not a legal play: {e}")))?;
    let mut after = position;
    after
        .apply_play(&resolved)
        .map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&LegalPlayView {
        play: PlayString::from_play(&resolved).to_string(),
        steps: resolved.steps().iter().map(PlainStep::from).collect(),
        position_id_after: PositionId(after.flipped()).to_string(),
    })
}

/// A match in progress: a long-lived handle. Every method that changes it either
/// succeeds or throws an `Error` and leaves it exactly as it was; every query leaves
/// it exactly as it was.
///
/// Time is passed in as milliseconds on the match's own clock (start at 0 and add
/// the time the page measures with a monotonic clock).
#[wasm_bindgen(js_name = Match)]
pub struct MatchHandle {
    inner: Match,
    dice: MatchDice,
}

#[wasm_bindgen(js_class = Match)]
impl MatchHandle {
    /// A new match. With a `seed`, every roll is reproducible; without, the dice come
    /// from the browser's cryptographic random source.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "MatchOptions")] options: JsValue,
        seed: Option<f64>,
    ) -> Result<MatchHandle, JsError> {
        let inner =
            Match::new(match_options(&options)?).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(MatchHandle {
            inner,
            dice: MatchDice::new(seed)?,
        })
    }

    /// A match whose first game starts from a GNU Backgammon Position ID and, when
    /// given, Match ID (score, cube, length, Crawford, who is on roll, dice rolled, a
    /// double or resignation offered: the match then shows the same IDs). Without a Match
    /// ID, White is on roll in a money session. The length in `options` is replaced
    /// by the Match ID's.
    #[wasm_bindgen(js_name = fromIds)]
    pub fn from_ids(
        #[wasm_bindgen(js_name = positionId, unchecked_param_type = "string")] position_id: JsValue,
        #[wasm_bindgen(js_name = matchId, unchecked_param_type = "string | null")]
        match_id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "MatchOptions")] options: JsValue,
        seed: Option<f64>,
    ) -> Result<MatchHandle, JsError> {
        let mut options = match_options(&options)?;
        let position = string(&position_id, "positionId")?
            .trim()
            .parse::<PositionId>()
            .map_err(|e| JsError::new(&format!("bad Position ID: {e}")))?
            .0;
        let setup = match optional_string(&match_id, "matchId")? {
            Some(text) => {
                let id: MatchId = text
                    .trim()
                    .parse()
                    .map_err(|e| JsError::new(&format!("bad Match ID: {e}")))?;
                let (setup, length) =
                    GameSetup::from_ids(position, &id).map_err(|e| JsError::new(&e.to_string()))?;
                options.length = length;
                setup
            }
            None => {
                options.length = MatchLength::Unlimited;
                GameSetup::new(position, Side::White)
            }
        };
        let inner = Match::from_setup(options, setup).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(MatchHandle {
            inner,
            dice: MatchDice::new(seed)?,
        })
    }

    /// A match restored from `save()`'s JSON; a tampered or foreign file throws.
    pub fn load(
        #[wasm_bindgen(unchecked_param_type = "string")] json: JsValue,
        seed: Option<f64>,
    ) -> Result<MatchHandle, JsError> {
        Ok(MatchHandle {
            inner: load_match(&json, "json")?,
            dice: MatchDice::new(seed)?,
        })
    }

    /// Does `action` (on White's points) for `side` at `nowMs`. A refusal throws an
    /// `Error` whose `message` explains it in English and whose `detail` is the
    /// engine's `ActionError`, for pages that explain it in their own language.
    pub fn act(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Side")] side_name: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Action")] action: JsValue,
        #[wasm_bindgen(js_name = nowMs, unchecked_param_type = "number")] now_ms: JsValue,
    ) -> Result<(), JsValue> {
        let side = side(&side_name)?;
        let action = data::<Action>(&action, "action")?.in_board(side);
        let now = time_ms(&now_ms)?;
        self.inner
            .act(side, action, now, &mut self.dice)
            .map_err(|e| refusal(&action.in_board(side), e.in_board(side)))
    }

    /// Lets the clock run to `nowMs`; returns the side whose time bank ran out (it has
    /// then lost the match), or null.
    #[wasm_bindgen(unchecked_return_type = "Side | null")]
    pub fn tick(
        &mut self,
        #[wasm_bindgen(js_name = nowMs, unchecked_param_type = "number")] now_ms: JsValue,
    ) -> Result<JsValue, JsError> {
        let now = time_ms(&now_ms)?;
        let out = self
            .inner
            .tick(now)
            .map_err(|e| JsError::new(&e.to_string()))?;
        to_js(&out)
    }

    /// The whole match as plain data at `nowMs`.
    #[wasm_bindgen(unchecked_return_type = "MatchView")]
    pub fn view(
        &self,
        #[wasm_bindgen(js_name = nowMs, unchecked_param_type = "number")] now_ms: JsValue,
    ) -> Result<JsValue, JsError> {
        let view: MatchView = self.inner.view(time_ms(&now_ms)?);
        to_js(&view)
    }

    /// Both clocks at `nowMs`, without building the whole view (for the timer bar's
    /// animation frames).
    #[wasm_bindgen(unchecked_return_type = "BySide<ClockReading>")]
    pub fn clocks(
        &self,
        #[wasm_bindgen(js_name = nowMs, unchecked_param_type = "number")] now_ms: JsValue,
    ) -> Result<JsValue, JsError> {
        let now = time_ms(&now_ms)?;
        let clock = self.inner.clock();
        to_js(&BySide {
            white: clock.reading(Side::White, now),
            red: clock.reading(Side::Red, now),
        })
    }

    /// The steps that move `side`'s checker from `from` to `to` (White's points), or
    /// the reason it cannot go there. A query: the match is not changed.
    #[wasm_bindgen(js_name = planMove, unchecked_return_type = "MovePlan")]
    pub fn plan_move(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Side")] side_name: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] from: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] to: JsValue,
    ) -> Result<JsValue, JsError> {
        let plan: MovePlan =
            self.inner
                .plan_move(side(&side_name)?, point(&from, "from")?, point(&to, "to")?);
        to_js(&plan)
    }

    /// The farthest point `side`'s checker on `from` can reach this turn, with its
    /// steps; null when it cannot move. A query.
    #[wasm_bindgen(js_name = farthestTarget, unchecked_return_type = "TargetView | null")]
    pub fn farthest_target(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Side")] side_name: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] from: JsValue,
    ) -> Result<JsValue, JsError> {
        let target: Option<TargetView> = self
            .inner
            .farthest_target_on_board(side(&side_name)?, point(&from, "from")?);
        to_js(&target)
    }

    /// Why `side`'s checker on `from` cannot move now (the reason its shortest move
    /// is refused); null when it can. A query.
    #[wasm_bindgen(js_name = whyCannotMove, unchecked_return_type = "MoveRefusal | null")]
    pub fn why_cannot_move(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Side")] side_name: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] from: JsValue,
    ) -> Result<JsValue, JsError> {
        let reason: Option<MoveRefusal> = self
            .inner
            .why_cannot_move_on_board(side(&side_name)?, point(&from, "from")?);
        to_js(&reason)
    }

    /// The steps that cover `point` with two of `side`'s checkers moving only those
    /// that land there (fewest blots left, then fewest steps), or why it cannot be
    /// covered. A query.
    #[wasm_bindgen(js_name = planCover, unchecked_return_type = "CoverPlan")]
    pub fn plan_cover(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Side")] side_name: JsValue,
        #[wasm_bindgen(js_name = point, unchecked_param_type = "number")] at: JsValue,
    ) -> Result<JsValue, JsError> {
        let plan: CoverPlan = self
            .inner
            .plan_cover(side(&side_name)?, point(&at, "point")?);
        to_js(&plan)
    }

    /// The match's time of its last recorded event, in ms: resume the clock from here.
    #[wasm_bindgen(js_name = lastMs)]
    pub fn last_ms(&self) -> f64 {
        self.inner.last_ms() as f64
    }

    /// The match as JSON (options, history with every roll, clocks), for `load`.
    pub fn save(&self) -> Result<String, JsError> {
        let value = to_js(&self.inner.to_saved())?;
        js_sys::JSON::stringify(&value)
            .map(String::from)
            .map_err(|_| JsError::new("the match could not be written as JSON"))
    }

    /// The GNU Backgammon Position ID of the board now.
    #[wasm_bindgen(js_name = positionId)]
    pub fn position_id(&self) -> String {
        PositionId(self.inner.game().position()).to_string()
    }

    /// The GNU Backgammon Match ID now.
    #[wasm_bindgen(js_name = matchId)]
    pub fn match_id(&self) -> String {
        self.inner.match_id().to_string()
    }

    /// The match so far in the Jellyfish `.mat` text format GNU Backgammon imports;
    /// throws for a match set up from a position (the format cannot say where it
    /// started).
    pub fn mat(&self) -> Result<String, JsError> {
        write_mat(&self.inner).map_err(|e| JsError::new(&e.to_string()))
    }

    /// Rolls dice given from outside ("31", "6-6": a diagram, a real board, another
    /// program) for `side`, where a roll is due (the opening roll reads White's die
    /// first). Throws, changing nothing, for bad dice or when no roll is due.
    #[wasm_bindgen(js_name = rollWith)]
    pub fn roll_with(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Side")] side_name: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] dice: JsValue,
        #[wasm_bindgen(js_name = nowMs, unchecked_param_type = "number")] now_ms: JsValue,
    ) -> Result<(), JsError> {
        let side = side(&side_name)?;
        let now = time_ms(&now_ms)?;
        let (a, b) = string(&dice, "dice")?
            .parse::<Dice>()
            .map_err(|e| JsError::new(&format!("bad dice: {e}")))?
            .values();
        let action = match self.inner.phase() {
            crate::match_play::Phase::OpeningRoll => Action::OpeningRoll,
            _ => Action::Roll,
        };
        self.inner
            .act(side, action, now, &mut ScriptedDice::new(&[[a, b]]))
            .map_err(|e| JsError::new(&format!("{action} refused: {e}")))
    }

    /// The steps made so far this turn in standard notation ("8/5 6/5", the mover's own
    /// numbering), or "" when none was made or no side is moving.
    #[wasm_bindgen(js_name = turnPlay)]
    pub fn turn_play(&self) -> String {
        self.inner
            .game()
            .turn_steps()
            .map(|turn| PlayString::from_play(&turn.play()).to_string())
            .unwrap_or_default()
    }
}

/// The Error thrown for a refused action: the English message, and the reason as
/// data in `detail`.
fn refusal(action: &Action, error: ActionError) -> JsValue {
    let thrown = js_sys::Error::new(&format!("{action} refused: {error}"));
    if let Ok(detail) = to_js(&error) {
        // Setting a field on a fresh Error object cannot fail.
        let _ = js_sys::Reflect::set(&thrown, &"detail".into(), &detail);
    }
    thrown.into()
}
