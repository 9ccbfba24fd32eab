//! The JavaScript API: the only file that mentions `wasm_bindgen`.
//!
//! Two modules are built from it: the page's (`pkg/`, the engine) and, with the
//! `worker` feature, the Web Worker's (`pkg-worker/`), which adds what the page loads
//! only on demand: replaying `.mat` files (and, later, the computer opponent).
//!
//! Errors are thrown as JavaScript `Error`s with a clear message; nothing a caller
//! passes makes the module panic. Views are plain objects (see the TypeScript
//! declarations below).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::match_play::{Action, GameSetup, Match, MatchLength, MatchOptions, SavedMatch};
use crate::notation::{write_mat, MatchId, PlayString, PositionId};
use crate::rules::{
    BySide, CryptoDice, Dice, DiceGen, DiceGenError, MoveGen, RuleSet, ScriptedDice, SeededDice,
    Side, Step,
};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A rule preset: the standard rules (also seed 000) or seed 001. */
export type RulesName = "standard" | "seed-000" | "seed-001";

/** One checker moved by one die, in the mover's own numbering (25 = bar, 0 = off). */
export interface PlainStep {
  from: number;
  to: number;
  die: number;
  hit: boolean;
}

/** A legal play: its notation, its steps and the Position ID after it (opponent on roll). */
export interface LegalPlayView {
  play: string;
  steps: PlainStep[];
  positionIdAfter: string;
}

export type Side = "White" | "Red";
export type WinKind = "Single" | "Gammon" | "Backgammon";
export interface BySide<T> { white: T; red: T; }

/** Match length: a number of points (1–25) or an unlimited money session. */
export type MatchLength = { Points: number } | "Unlimited";
export type ResignationStyle = "Offered" | "Direct";
export type TimeControl = "None" | "TimeBank" | "Reserve";

/** Every rule option of a match. `presetOptions` gives the two presets. */
export interface MatchOptions {
  length: MatchLength;
  cube: boolean;
  backgammons: boolean;
  minimise_wasted_pips: boolean;
  resignation: ResignationStyle;
  time_control: TimeControl;
}

/** What a side does: a name, or an object for actions with details. `from` is in the
 * mover's own numbering (25 = bar). */
export type Action =
  | "OpeningRoll"
  | "Roll"
  | "Double"
  | "Take"
  | "Drop"
  | { Step: { from: number; die: number } }
  | "UndoStep"
  | "EndTurn"
  | { OfferResignation: { level: WinKind } }
  | "AcceptResignation"
  | "DeclineResignation"
  | "Resign"
  | "ForfeitMatch"
  | "ClaimWinOnTime"
  | { SetAutoRoll: { on: boolean } };

export type GameEnd =
  | { BoreOff: WinKind }
  | "Dropped"
  | { ResignationAccepted: WinKind }
  | { Resigned: WinKind }
  | "ClaimedOnTime"
  | "Forfeit"
  | "TimeOut";
export interface GameResult { winner: Side; end: GameEnd; points: number; }
export type MatchEnd = "ReachedTarget" | "Forfeit" | "TimeOut";
export interface MatchResult { winner: Side; end: MatchEnd; }

/** Why a single checker step is not possible. */
export type StepError =
  | { NoSuchDie: { die: number } }
  | { NoChecker: { from: number } }
  | "MustEnterFirst"
  | { Blocked: { to: number } }
  | "NotAllHome"
  | "HigherCheckerFirst"
  | "Mismatch";

/** Why a step is refused in the middle of a turn (the must-play rules). */
export type TurnError =
  | { Step: StepError }
  | "TurnComplete"
  | "MustUseMoreDice"
  | { MustPlayDie: { die: number } }
  | "WastesPips";

export type DoubleRefusal =
  | "CubeDisabled"
  | "OnePointMatch"
  | "CrawfordGame"
  | "AtMaximum"
  | "NotOwner"
  | "AutoRoll";

/** Why `Match.act` refused an action: the `detail` of the Error it throws. */
export type ActionError =
  | { WrongPhase: { action: Action; phase: Phase } }
  | { WrongSide: { side: Side } }
  | { CannotDouble: DoubleRefusal }
  | { IllegalStep: TurnError }
  | "NothingToUndo"
  | "TurnNotComplete"
  | { ResignationTooLow: { declined: WinKind } }
  | "WrongResignationStyle"
  | "NothingToClaim"
  | { OutOfTime: { side: Side } }
  | { TimeWentBackwards: { last_ms: number; now_ms: number } }
  | { BadRecordedDice: { dice: [number, number] } }
  | { Dice: string };

/** The Error `Match.act` throws: an English `message`, and the engine's reason. */
export interface ActionRefusal extends Error {
  detail?: ActionError;
}

/** Where the match stands and who must act. */
export type Phase =
  | "OpeningRoll"
  | { Deciding: { side: Side } }
  | { CubeOffered: { doubler: Side } }
  | { ResignationOffered: { by: Side; level: WinKind } }
  | { Moving: { side: Side } }
  | { TurnComplete: { side: Side } }
  | { GameOver: { result: GameResult } }
  | { MatchOver: { result: MatchResult } };

export type CrawfordState = "Pending" | "CrawfordGame" | "PostCrawford";

/** A step: `from`/`to` in the mover's numbering, `board_from`/`board_to` on White's
 * points (25 = the mover's bar, 0 = its tray). */
export interface StepView {
  from: number;
  to: number;
  die: number;
  hit: boolean;
  board_from: number;
  board_to: number;
}
export interface TargetView { to: number; board_to: number; steps: StepView[]; }
export interface CheckerTargets { from: number; board_from: number; targets: TargetView[]; }
export interface CubeView { value: number; shown: number; owner: Side | null; }
/** One side's clock: the green move timer and the orange bank or reserve, in ms. */
export interface ClockReading {
  running: boolean;
  move_ms: number;
  bank_ms: number;
  low_time: boolean;
  exhausted: boolean;
}

/** What a replay frame shows happening; `play` as the file wrote it ("8/5 6/5"). */
export type FrameEvent =
  | { kind: "Start" }
  | { kind: "Play"; side: Side; dice: [number, number]; play: string }
  | { kind: "Double"; side: Side; value: number }
  | { kind: "Take"; side: Side }
  | { kind: "Drop"; side: Side }
  | { kind: "Resign"; side: Side };

/** One moment of a replayed `.mat` file: the match after a half-move. */
export interface ReplayFrame {
  game: number;
  event: FrameEvent;
  view: MatchView;
}

/** The lengths a timer bar is drawn against, in ms (all 0 without a clock). */
export interface ClockLimits {
  move_ms: number;
  bank_start_ms: number;
  bank_max_ms: number;
}

/** What each way of giving up the game would score for the opponent now. */
export interface ResignationPoints {
  single: number;
  gammon: number;
  backgammon: number;
  /** A direct resignation (seed 001) by each side. */
  direct: BySide<number>;
}

/** The whole match as plain data, in White's coordinates. */
export interface MatchView {
  options: MatchOptions;
  phase: Phase;
  game_number: number;
  /** Checkers on White's points 1–24 (index 0 = White's 1-point): + White, − Red. */
  points: number[];
  bar: BySide<number>;
  off: BySide<number>;
  pips: BySide<number>;
  turn: Side;
  dice: [number, number] | null;
  dice_left: number[];
  opening_roll: [number, number] | null;
  cube: CubeView;
  may_double: boolean;
  score: BySide<number>;
  match_length: number | null;
  crawford: CrawfordState;
  clocks: BySide<ClockReading>;
  clock_limits: ClockLimits;
  claimable_by: Side | null;
  declined_resignation: WinKind | null;
  resignation_points: ResignationPoints;
  passed: Side | null;
  auto_roll: BySide<boolean>;
  steps_made: StepView[];
  legal_steps: StepView[];
  destinations: CheckerTargets[];
  position_id: string;
  match_id: string;
}
"#;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PlainStep {
    from: u8,
    to: u8,
    die: u8,
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

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LegalPlayView {
    play: String,
    steps: Vec<PlainStep>,
    position_id_after: String,
}

fn rules_named(name: Option<String>) -> Result<RuleSet, JsError> {
    match name.as_deref() {
        None | Some("standard" | "seed-000") => Ok(RuleSet::STANDARD),
        Some("seed-001") => Ok(RuleSet::SEED_001),
        Some(other) => Err(JsError::new(&format!(
            "unknown rules \"{other}\": use \"standard\", \"seed-000\" or \"seed-001\""
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
    #[wasm_bindgen(unchecked_optional_param_type = "RulesName")] rules: Option<String>,
) -> Result<JsValue, JsError> {
    let rules = rules_named(rules)?;
    let position = position_id
        .parse::<PositionId>()
        .map_err(|e| JsError::new(&format!("bad Position ID \"{position_id}\": {e}")))?
        .0;
    let dice: Dice = dice
        .parse()
        .map_err(|e| JsError::new(&format!("bad dice: {e}")))?;
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

fn from_js<T: serde::de::DeserializeOwned>(value: JsValue, what: &str) -> Result<T, JsError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&format!("bad {what}: {e}")))
}

fn side_named(name: &str) -> Result<Side, JsError> {
    match name {
        "White" | "white" => Ok(Side::White),
        "Red" | "red" => Ok(Side::Red),
        other => Err(JsError::new(&format!(
            "unknown side \"{other}\": use \"White\" or \"Red\""
        ))),
    }
}

/// JavaScript's largest exact integer, `Number.MAX_SAFE_INTEGER`.
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// A JavaScript number as a count ≥ 0 (fractions dropped), or an error naming `what`.
fn count(value: f64, what: &str) -> Result<u64, JsError> {
    if (0.0..=MAX_SAFE_INTEGER).contains(&value) {
        Ok(value as u64)
    } else {
        Err(JsError::new(&format!(
            "{what} must be a number ≥ 0, not {value}"
        )))
    }
}

fn time_ms(now_ms: f64) -> Result<u64, JsError> {
    count(now_ms, "the time in ms")
}

/// The match's dice: seeded for tests and replays, cryptographic otherwise.
enum MatchDice {
    Seeded(SeededDice),
    Crypto(CryptoDice),
}

impl MatchDice {
    fn new(seed: Option<f64>) -> Result<MatchDice, JsError> {
        match seed {
            None => Ok(MatchDice::Crypto(CryptoDice::new())),
            Some(s) => Ok(MatchDice::Seeded(SeededDice::new(count(s, "a seed")?))),
        }
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

/// The rule options of a preset: `"seed-000"` or `"seed-001"`, for a match to
/// `length` points (1–25), or a money session when `length` is null.
#[wasm_bindgen(js_name = presetOptions, unchecked_return_type = "MatchOptions")]
pub fn preset_options(
    #[wasm_bindgen(unchecked_param_type = "\"seed-000\" | \"seed-001\"")] name: &str,
    length: Option<u32>,
) -> Result<JsValue, JsError> {
    let length = length.map_or(MatchLength::Unlimited, MatchLength::Points);
    let options = match name {
        "seed-000" | "standard" => MatchOptions::seed_000(length),
        "seed-001" => MatchOptions::seed_001(length),
        other => {
            return Err(JsError::new(&format!(
                "unknown preset \"{other}\": use \"seed-000\" or \"seed-001\""
            )))
        }
    };
    options
        .validate()
        .map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&options)
}

/// Replays a `.mat` file (GNU Backgammon's or ours): a frame per half-move, each game
/// starting with its opening position. A file that cannot be read, or that breaks a
/// rule, throws an Error naming the line. (Worker module only.)
#[cfg(feature = "worker")]
#[wasm_bindgen(js_name = replayMat, unchecked_return_type = "ReplayFrame[]")]
pub fn replay_mat(text: &str) -> Result<JsValue, JsError> {
    let replay = crate::notation::read_mat(text)
        .map_err(|e| JsError::new(&format!("cannot read the match: {e}")))?;
    to_js(&replay.frames)
}

/// The legal play that `play`, written in standard notation ("8/5 6/5", "bar/22* 13/11",
/// the mover's own numbering), names for `dice` in a Position ID's position, as
/// `legalPlays` lists it (the engine's own writing, its steps). Throws for a text that
/// is not a play, or not a legal play of the roll. (Worker module only: it keeps the
/// page's module small.)
#[cfg(feature = "worker")]
#[wasm_bindgen(js_name = resolvePlay, unchecked_return_type = "LegalPlayView")]
pub fn resolve_play(
    position_id: &str,
    dice: &str,
    play: &str,
    #[wasm_bindgen(unchecked_optional_param_type = "RulesName")] rules: Option<String>,
) -> Result<JsValue, JsError> {
    let rules = rules_named(rules)?;
    let position = position_id
        .parse::<PositionId>()
        .map_err(|e| JsError::new(&format!("bad Position ID \"{position_id}\": {e}")))?
        .0;
    let dice: Dice = dice
        .parse()
        .map_err(|e| JsError::new(&format!("bad dice: {e}")))?;
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

/// The match a `save()` JSON describes; a tampered or foreign file is an Error.
fn load_match(json: &str) -> Result<Match, JsError> {
    let cannot = |e: String| JsError::new(&format!("cannot load: {e}"));
    let parsed = js_sys::JSON::parse(json).map_err(|_| cannot("not JSON".to_string()))?;
    let saved: SavedMatch =
        serde_wasm_bindgen::from_value(parsed).map_err(|e| cannot(e.to_string()))?;
    Match::from_saved(&saved).map_err(|e| cannot(e.to_string()))
}

/// A match in progress: a long-lived handle. Every method that changes it either
/// succeeds or throws an `Error` and leaves it exactly as it was.
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
        let options: MatchOptions = from_js(options, "match options")?;
        let inner = Match::new(options).map_err(|e| JsError::new(&e.to_string()))?;
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
        position_id: &str,
        match_id: Option<String>,
        #[wasm_bindgen(unchecked_param_type = "MatchOptions")] options: JsValue,
        seed: Option<f64>,
    ) -> Result<MatchHandle, JsError> {
        let mut options: MatchOptions = from_js(options, "match options")?;
        let position = position_id
            .trim()
            .parse::<PositionId>()
            .map_err(|e| JsError::new(&format!("bad Position ID: {e}")))?
            .0;
        let setup = match match_id {
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
    pub fn load(json: &str, seed: Option<f64>) -> Result<MatchHandle, JsError> {
        Ok(MatchHandle {
            inner: load_match(json)?,
            dice: MatchDice::new(seed)?,
        })
    }

    /// Does `action` for `side` at `nowMs`. A refusal throws an `Error` whose `message`
    /// explains it in English and whose `detail` is the engine's `ActionError`, for
    /// pages that explain it in their own language.
    pub fn act(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Side")] side: &str,
        #[wasm_bindgen(unchecked_param_type = "Action")] action: JsValue,
        #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
    ) -> Result<(), JsValue> {
        let side = side_named(side)?;
        let action: Action = from_js(action, "action")?;
        let now = time_ms(now_ms)?;
        self.inner
            .act(side, action, now, &mut self.dice)
            .map_err(|e| {
                let error = js_sys::Error::new(&format!("{action} refused: {e}"));
                if let Ok(detail) = to_js(&e) {
                    // Setting a field on a fresh Error object cannot fail.
                    let _ = js_sys::Reflect::set(&error, &"detail".into(), &detail);
                }
                error.into()
            })
    }

    /// Lets the clock run to `nowMs`; returns the side whose time bank ran out (it has
    /// then lost the match), or null.
    #[wasm_bindgen(unchecked_return_type = "Side | null")]
    pub fn tick(
        &mut self,
        #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
    ) -> Result<JsValue, JsError> {
        let now = time_ms(now_ms)?;
        let out = self
            .inner
            .tick(now)
            .map_err(|e| JsError::new(&e.to_string()))?;
        to_js(&out)
    }

    /// The whole match as plain data at `nowMs`.
    #[wasm_bindgen(unchecked_return_type = "MatchView")]
    pub fn view(&self, #[wasm_bindgen(js_name = nowMs)] now_ms: f64) -> Result<JsValue, JsError> {
        to_js(&self.inner.view(time_ms(now_ms)?))
    }

    /// Both clocks at `nowMs`, without building the whole view (for the timer bar's
    /// animation frames).
    #[wasm_bindgen(unchecked_return_type = "BySide<ClockReading>")]
    pub fn clocks(&self, #[wasm_bindgen(js_name = nowMs)] now_ms: f64) -> Result<JsValue, JsError> {
        let now = time_ms(now_ms)?;
        let clock = self.inner.clock();
        to_js(&BySide {
            white: clock.reading(Side::White, now),
            red: clock.reading(Side::Red, now),
        })
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

    /// How many actions the match has recorded (0 for a match nobody has touched).
    #[wasm_bindgen(js_name = actionCount)]
    pub fn action_count(&self) -> u32 {
        u32::try_from(self.inner.history().len()).unwrap_or(u32::MAX)
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
        #[wasm_bindgen(unchecked_param_type = "Side")] side: &str,
        dice: &str,
        #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
    ) -> Result<(), JsError> {
        let side = side_named(side)?;
        let now = time_ms(now_ms)?;
        let (a, b) = dice
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

/// The computer opponent, in the worker module only.
#[cfg(feature = "worker")]
pub mod computer {
    use std::sync::OnceLock;

    use serde::Serialize;
    use wasm_bindgen::prelude::*;

    use super::{load_match, side_named, to_js};
    use crate::ai::analysis::{judge_action, Analyser, Depth};
    use crate::ai::{cube_advice, Computer, CubeAction, Evaluator, Level, Searcher, Weights};
    use crate::match_play::{Action, Phase};
    use crate::notation::PlayString;
    use crate::rules::MoveGen;

    #[wasm_bindgen(typescript_custom_section)]
    const TYPES: &'static str = r#"
/** How strongly the computer plays. */
export type ComputerLevel = "beginner" | "intermediate" | "expert";

/** A candidate play: its notation, cubeless equity, depth, and the actions that make it. */
export interface HintPlay {
  play: string;
  equity: number;
  plies: number;
  actions: Action[];
}

/** The cube decision for the side on roll (equities: points, or match winning chances). */
export interface HintCube {
  action: "Unavailable" | "NoDouble" | "DoubleTake" | "DoublePass" | "TooGoodToDouble";
  take: boolean;
  no_double: number;
  double_take: number;
  double_pass: number;
}

/** Advice for the side to act: plays while it moves, the cube before it rolls. */
export interface Hint {
  plays: HintPlay[];
  cube: HintCube | null;
}

/** One judged decision (equities normalised, for the side deciding). */
export interface AnalysedDecision {
  event: number;
  side: Side;
  kind: "checker" | "cube";
  dice?: [number, number];
  played: string;
  best: string;
  played_equity: number;
  best_equity: number;
  loss: number;
  mark: "" | "doubtful" | "bad" | "very bad";
  forced: boolean;
  counted: boolean;
  cube: number;
  win_chance: number;
  white_chance: number;
  position_id: string;
  played_moves?: { from: number; to: number }[];
  best_moves?: { from: number; to: number }[];
}

/** Figures of one kind of decision: counted decisions, summed loss, mEMG per decision. */
export interface AnalysisFigures {
  decisions: number;
  total_loss: number;
  error_rate: number;
  doubtful: number;
  bad: number;
  very_bad: number;
}

/** One player's figures and GNU Backgammon's rating word. */
export interface AnalysedPlayer {
  name: string;
  side: Side;
  checker: AnalysisFigures;
  forced: number;
  cube: AnalysisFigures;
  cube_considered: number;
  overall: AnalysisFigures;
  rating: string;
}

/** A match analysed: White's and Red's figures, and every game's decisions. */
export interface MatchAnalysis {
  length: number;
  players: [AnalysedPlayer, AnalysedPlayer];
  games: { number: number; decisions: AnalysedDecision[] }[];
}
"#;

    /// The shipped weights, loaded once.
    fn evaluator() -> Result<&'static Evaluator, JsError> {
        static EVALUATOR: OnceLock<Option<Evaluator>> = OnceLock::new();
        EVALUATOR
            .get_or_init(|| Weights::builtin().ok().map(Evaluator::new))
            .as_ref()
            .ok_or_else(|| JsError::new("the computer opponent's weights are damaged"))
    }

    fn level_named(name: &str) -> Result<Level, JsError> {
        Level::from_name(name).ok_or_else(|| {
            JsError::new(&format!(
                "unknown level \"{name}\": use \"beginner\", \"intermediate\" or \"expert\""
            ))
        })
    }

    /// Loads the weights and builds the bear-off database now (a few seconds), so that
    /// the computer's first bear-off is not slow: call it once the worker has started,
    /// or [`load_bearoff`] with the bytes kept from an earlier build.
    #[wasm_bindgen]
    pub fn prepare() -> Result<(), JsError> {
        evaluator()?;
        crate::ai::prepare_bearoff();
        Ok(())
    }

    /// The bear-off database as bytes (built first if need be), for the worker to keep.
    #[wasm_bindgen(js_name = bearoffBytes)]
    #[must_use]
    pub fn bearoff_bytes() -> Vec<u8> {
        crate::ai::bearoff_bytes()
    }

    /// Uses the bear-off database kept from [`bearoff_bytes`] instead of building it;
    /// refuses bytes that are not a whole database of this version.
    #[wasm_bindgen(js_name = loadBearoff)]
    pub fn load_bearoff(bytes: &[u8]) -> Result<(), JsError> {
        crate::ai::load_bearoff(bytes).map_err(|e| JsError::new(&e.to_string()))
    }

    /// A match being analysed a few decisions at a time, so that the worker can report
    /// progress and stop between two.
    #[wasm_bindgen(js_name = Analysis)]
    pub struct AnalysisHandle {
        analyser: Analyser<'static>,
    }

    #[wasm_bindgen(js_class = Analysis)]
    impl AnalysisHandle {
        /// The analysis of a match saved with `save()` (finished or in progress), looking
        /// `plies` (0 or 1) ahead.
        #[wasm_bindgen(js_name = fromSaved)]
        pub fn from_saved(saved: &str, plies: u8) -> Result<AnalysisHandle, JsError> {
            let m = load_match(saved)?;
            Ok(AnalysisHandle {
                analyser: Analyser::new(evaluator()?, &m, depth_of(plies)?),
            })
        }

        /// The analysis of a `.mat` file; one that cannot be replayed is an Error.
        #[wasm_bindgen(js_name = fromMat)]
        pub fn from_mat(text: &str, plies: u8) -> Result<AnalysisHandle, JsError> {
            let replay = crate::notation::read_mat(text)
                .map_err(|e| JsError::new(&format!("cannot read the match: {e}")))?;
            Ok(AnalysisHandle {
                analyser: Analyser::new(evaluator()?, &replay.replayed, depth_of(plies)?),
            })
        }

        /// How many decisions there are to judge.
        pub fn total(&self) -> u32 {
            self.analyser.total() as u32
        }

        /// How many are judged.
        pub fn done(&self) -> u32 {
            self.analyser.done() as u32
        }

        /// Judges up to `count` more decisions; whether any are left.
        pub fn run(&mut self, count: u32) -> bool {
            for _ in 0..count {
                if !self.analyser.step() {
                    return false;
                }
            }
            self.analyser.done() < self.analyser.total()
        }

        /// The analysis of the decisions judged so far.
        #[wasm_bindgen(unchecked_return_type = "MatchAnalysis")]
        pub fn result(&self) -> Result<JsValue, JsError> {
            to_js(&self.analyser.analysis())
        }

        /// The same as text a player reads: the figures, then the marked decisions.
        pub fn text(&self) -> String {
            self.analyser.analysis().to_text()
        }
    }

    /// The tutor: what `side` is about to do in the saved match (`"EndTurn"` with the
    /// play made so far, `"Double"`, `"Roll"` without doubling, `"Take"`, `"Drop"`)
    /// judged at 1-ply, or `null` when that is no decision now.
    #[wasm_bindgen(unchecked_return_type = "AnalysedDecision | null")]
    pub fn tutor(
        saved: &str,
        #[wasm_bindgen(unchecked_param_type = "Side")] side: &str,
        #[wasm_bindgen(
            unchecked_param_type = "\"EndTurn\" | \"Double\" | \"Roll\" | \"Take\" | \"Drop\""
        )]
        action: &str,
    ) -> Result<JsValue, JsError> {
        let m = load_match(saved)?;
        let side = side_named(side)?;
        let action = match action {
            "EndTurn" => Action::EndTurn,
            "Double" => Action::Double,
            "Roll" => Action::Roll,
            "Take" => Action::Take,
            "Drop" => Action::Drop,
            other => {
                return Err(JsError::new(&format!(
                    "the tutor does not judge \"{other}\""
                )))
            }
        };
        let judged = judge_action(evaluator()?, &m, side, action, Depth::OnePly);
        to_js(&judged)
    }

    fn depth_of(plies: u8) -> Result<Depth, JsError> {
        match plies {
            0 => Ok(Depth::ZeroPly),
            1 => Ok(Depth::OnePly),
            _ => Err(JsError::new("the analysis looks 0 or 1 plies ahead")),
        }
    }

    /// What the computer playing `side` does now in the match saved as `saved` (its
    /// `save()` JSON): the actions to make in order, empty when it is not its turn.
    #[wasm_bindgen(js_name = computerActions, unchecked_return_type = "Action[]")]
    pub fn computer_actions(
        saved: &str,
        #[wasm_bindgen(unchecked_param_type = "Side")] side: &str,
        #[wasm_bindgen(unchecked_param_type = "ComputerLevel")] level: &str,
        seed: f64,
    ) -> Result<JsValue, JsError> {
        let m = load_match(saved)?;
        let side = side_named(side)?;
        let computer = Computer::new(evaluator()?, level_named(level)?, seed.max(0.0) as u64);
        to_js(&computer.actions(&m, side))
    }

    #[derive(Serialize)]
    struct HintPlay {
        play: String,
        equity: f32,
        plies: u8,
        actions: Vec<Action>,
    }

    #[derive(Serialize)]
    struct HintCube {
        action: &'static str,
        take: bool,
        no_double: f64,
        double_take: f64,
        double_pass: f64,
    }

    #[derive(Serialize)]
    struct Hint {
        plays: Vec<HintPlay>,
        cube: Option<HintCube>,
    }

    /// Advice for the side to act in the saved match: the best plays (at most five,
    /// best first, with cubeless equities) while it moves, or the cube decision before
    /// it rolls or when it is doubled.
    #[wasm_bindgen(unchecked_return_type = "Hint")]
    pub fn hint(saved: &str) -> Result<JsValue, JsError> {
        let m = load_match(saved)?;
        let evaluator = evaluator()?;
        let rules = m.options().rules();
        let mut searcher = Searcher::new(evaluator, 0);
        let mut hint = Hint {
            plays: Vec::new(),
            cube: None,
        };
        match m.phase() {
            Phase::Moving { .. } | Phase::TurnComplete { .. } => {
                if let Some(turn) = m.game().turn_steps() {
                    let mut movegen = MoveGen::new();
                    let plays = movegen.generate(turn.start(), turn.dice(), rules);
                    for ranked in searcher.rank(plays, rules, true).into_iter().take(5) {
                        let play = plays[ranked.index].play;
                        hint.plays.push(HintPlay {
                            play: PlayString::from_play(&play).to_string(),
                            equity: ranked.equity,
                            plies: ranked.plies,
                            actions: play
                                .steps()
                                .iter()
                                .map(|s| Action::Step {
                                    from: s.from,
                                    die: s.die,
                                })
                                .collect(),
                        });
                    }
                }
            }
            Phase::Deciding { side } | Phase::CubeOffered { doubler: side } => {
                let position = m.game().position();
                let chances = searcher.chances(&position, rules, true);
                let situation = Computer::situation_of(&m, side);
                let advice = cube_advice(&chances, &situation);
                hint.cube = Some(HintCube {
                    action: match advice.action {
                        CubeAction::Unavailable => "Unavailable",
                        CubeAction::NoDouble => "NoDouble",
                        CubeAction::DoubleTake => "DoubleTake",
                        CubeAction::DoublePass => "DoublePass",
                        CubeAction::TooGoodToDouble => "TooGoodToDouble",
                    },
                    take: advice.take,
                    no_double: advice.no_double,
                    double_take: advice.double_take,
                    double_pass: advice.double_pass,
                });
            }
            _ => {}
        }
        to_js(&hint)
    }
}
