//! The computer opponent and match analysis: the worker module's share of the JavaScript
//! API (built with the `worker` feature), which the page loads only on demand.

use std::sync::OnceLock;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{count, load_match, side, string, to_js};
use crate::ai::analysis::{judge_action, Analyser, AnalysisShare, Depth, MatchAnalysis, Share};
use crate::ai::{evaluator_speed, BenchSettings, Computer, CubeAction, Evaluator, Level, Searcher};
use crate::match_play::{Action, Phase};
use crate::notation::PlayString;
use crate::rules::MoveGen;
use wasm_bindgen::JsCast;

/// The shipped weights and screening networks (`Evaluator::shipped`), loaded once.
fn evaluator() -> Result<&'static Evaluator, JsError> {
    static EVALUATOR: OnceLock<Option<Evaluator>> = OnceLock::new();
    EVALUATOR
        .get_or_init(|| Evaluator::shipped().ok())
        .as_ref()
        .ok_or_else(|| JsError::new("the computer opponent's weights are damaged"))
}

fn level(value: &JsValue) -> Result<Level, JsError> {
    let name = string(value, "level")?;
    Level::from_name(&name).ok_or_else(|| {
        JsError::new(&format!(
            "level must be \"beginner\", \"intermediate\" or \"expert\", not \"{name}\""
        ))
    })
}

/// Loads the weights and builds the bear-off database now (most of a second), so that
/// the computer's first bear-off is not slow: call it once the worker has started,
/// or `loadBearoff()` with the bytes kept from an earlier build.
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

/// Uses the bear-off database kept from `bearoffBytes()` instead of building it;
/// refuses bytes that are not a whole database of this version.
#[wasm_bindgen(js_name = loadBearoff)]
pub fn load_bearoff(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array")] bytes: JsValue,
) -> Result<(), JsError> {
    let bytes = bytes
        .dyn_ref::<js_sys::Uint8Array>()
        .ok_or_else(|| super::wrong("bytes", "a Uint8Array", &bytes))?;
    crate::ai::load_bearoff(&bytes.to_vec()).map_err(|e| JsError::new(&e.to_string()))
}

/// A match being analysed a few decisions at a time, so that the worker can report
/// progress and stop between two; or a share of its decisions (those of every
/// `count`-th turn), so that several workers judge one match together and one of
/// them puts their shares together (`assemble`).
///
/// Every analysis uses the full bear-off database, built here first if it is
/// neither prepared nor loaded: the analysis native runs give, and the same in
/// every worker.
#[wasm_bindgen(js_name = Analysis)]
pub struct AnalysisHandle {
    analyser: Analyser<'static>,
}

#[wasm_bindgen(js_class = Analysis)]
impl AnalysisHandle {
    /// The analysis of a match saved with `save()` (finished or in progress), looking
    /// `plies` (0 to 3) ahead; of its share `index` of `count` when both are given.
    #[wasm_bindgen(js_name = fromSaved)]
    pub fn from_saved(
        #[wasm_bindgen(unchecked_param_type = "string")] saved: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] plies: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] index: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] count: JsValue,
    ) -> Result<AnalysisHandle, JsError> {
        let m = load_match(&saved, "saved")?;
        AnalysisHandle::of(&m, &plies, &index, &count)
    }

    /// The analysis of a `.mat` file (one that cannot be replayed is an Error),
    /// looking `plies` ahead; of its share `index` of `count` when both are given.
    #[wasm_bindgen(js_name = fromMat)]
    pub fn from_mat(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] plies: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] index: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] count: JsValue,
    ) -> Result<AnalysisHandle, JsError> {
        let replay = crate::notation::read_mat(&string(&text, "text")?)
            .map_err(|e| JsError::new(&format!("cannot read the match: {e}")))?;
        AnalysisHandle::of(&replay.replayed, &plies, &index, &count)
    }

    /// How many decisions there are to judge (in the share).
    pub fn total(&self) -> u32 {
        self.analyser.total() as u32
    }

    /// How many decisions there are to judge in the whole match, whatever the share:
    /// what the `total()`s of all its shares add up to.
    #[wasm_bindgen(js_name = matchTotal)]
    pub fn match_total(&self) -> u32 {
        self.analyser.match_total() as u32
    }

    /// How many are judged.
    pub fn done(&self) -> u32 {
        self.analyser.done() as u32
    }

    /// Judges up to `count` more decisions; whether any are left.
    pub fn run(
        &mut self,
        #[wasm_bindgen(js_name = count, unchecked_param_type = "number")] how_many: JsValue,
    ) -> Result<bool, JsError> {
        for _ in 0..count(&how_many, "count")? {
            if !self.analyser.step() {
                return Ok(false);
            }
        }
        Ok(self.analyser.done() < self.analyser.total())
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

    /// The share's decisions judged so far, as plain data for `assemble` (in
    /// another worker).
    #[wasm_bindgen(js_name = judgedShare, unchecked_return_type = "AnalysisShare")]
    pub fn judged_share(&self) -> Result<JsValue, JsError> {
        to_js(&self.analyser.judged_share())
    }

    /// The whole match's analysis and its text put together from `shares` (each
    /// from `judgedShare()` of an analysis of the same match at the same depth),
    /// whatever this analysis has judged itself. Shares that do not make up the
    /// match (another match or depth, a decision missing or judged twice) are an
    /// Error, and change nothing.
    #[wasm_bindgen(unchecked_return_type = "AssembledAnalysis")]
    pub fn assemble(
        &self,
        #[wasm_bindgen(unchecked_param_type = "AnalysisShare[]")] shares: JsValue,
    ) -> Result<JsValue, JsError> {
        if !js_sys::Array::is_array(&shares) {
            return Err(super::wrong(
                "shares",
                "an array of judged shares (judgedShare())",
                &shares,
            ));
        }
        let shares: Vec<AnalysisShare> = serde_wasm_bindgen::from_value(shares).map_err(|e| {
            JsError::new(&format!(
                "shares must be judged shares (judgedShare()): {e}"
            ))
        })?;
        let analysis = self
            .analyser
            .assemble(&shares)
            .map_err(|e| JsError::new(&format!("the shares do not make up the match: {e}")))?;
        to_js(&AssembledAnalysis {
            text: analysis.to_text(),
            analysis,
        })
    }
}

impl AnalysisHandle {
    /// The analysis of `m` at `plies`, of share `index` of `count` when both are
    /// numbers, of the whole match when both are left out.
    fn of(
        m: &crate::match_play::Match,
        plies: &JsValue,
        index: &JsValue,
        share_count: &JsValue,
    ) -> Result<AnalysisHandle, JsError> {
        let depth = depth_of(plies)?;
        let share = match (index.is_undefined(), share_count.is_undefined()) {
            (true, true) => Share::WHOLE,
            (false, false) => {
                let number = |value: &JsValue, name: &str| {
                    count(value, name).and_then(|n| {
                        usize::try_from(n)
                            .map_err(|_| JsError::new(&format!("{name} is too large")))
                    })
                };
                Share::new(number(index, "index")?, number(share_count, "count")?)
                    .map_err(|e| JsError::new(&e.to_string()))?
            }
            _ => {
                return Err(JsError::new(
                    "a share needs both its index and the count of shares",
                ))
            }
        };
        let evaluator = evaluator()?;
        crate::ai::prepare_bearoff();
        Ok(AnalysisHandle {
            analyser: Analyser::of_share(evaluator, m, depth, share),
        })
    }
}

/// A match's analysis put together from its shares (`Analysis.assemble`), and the same
/// as text.
#[derive(Serialize, tsify::Tsify)]
pub struct AssembledAnalysis {
    /// The whole match's analysis, the same as one worker's.
    analysis: MatchAnalysis,
    /// The same as text a player reads: the figures, then the marked decisions.
    text: String,
}

/// The tutor: what `side` is about to do in the saved match (`"EndTurn"` with the
/// play made so far, `"Double"`, `"Roll"` without doubling, `"Take"`, `"Drop"`)
/// judged at 1-ply, or `null` when that is no decision now.
#[wasm_bindgen(unchecked_return_type = "AnalysedDecision | null")]
pub fn tutor(
    #[wasm_bindgen(unchecked_param_type = "string")] saved: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Side")] side_name: JsValue,
    #[wasm_bindgen(
        unchecked_param_type = "\"EndTurn\" | \"Double\" | \"Roll\" | \"Take\" | \"Drop\""
    )]
    action: JsValue,
) -> Result<JsValue, JsError> {
    let m = load_match(&saved, "saved")?;
    let side = side(&side_name)?;
    let action = match string(&action, "action")?.as_str() {
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
    let judged = judge_action(evaluator()?, &m, side, action, Depth::TwoPly);
    to_js(&judged)
}

fn depth_of(plies: &JsValue) -> Result<Depth, JsError> {
    u8::try_from(count(plies, "plies")?)
        .ok()
        .and_then(Depth::from_plies)
        .ok_or_else(|| JsError::new("the analysis looks 0, 1, 2 or 3 plies ahead"))
}

/// What the computer playing `side` does now in the match saved as `saved` (its
/// `save()` JSON): the actions to make in order (on White's points), empty when it
/// is not its turn.
#[wasm_bindgen(js_name = computerActions, unchecked_return_type = "Action[]")]
pub fn computer_actions(
    #[wasm_bindgen(unchecked_param_type = "string")] saved: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Side")] side_name: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] level_name: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
) -> Result<JsValue, JsError> {
    let m = load_match(&saved, "saved")?;
    let side = side(&side_name)?;
    let computer = Computer::new(evaluator()?, level(&level_name)?, count(&seed, "seed")?);
    let actions: Vec<Action> = computer
        .actions(&m, side)
        .into_iter()
        .map(|a| a.in_board(side))
        .collect();
    to_js(&actions)
}

/// A candidate play: its notation, cubeless equity, depth, and the actions (steps
/// on White's points) that make it.
#[derive(Serialize, tsify::Tsify)]
#[tsify(missing_as_null)]
pub struct HintPlay {
    /// The play in standard notation, in the mover's numbering.
    play: String,
    /// Its cubeless equity for the mover.
    equity: f32,
    /// How many plies ahead it was judged.
    plies: u8,
    /// The `Step` actions that make it, on White's points.
    actions: Vec<Action>,
}

/// The cube decision for the side on roll (equities: points, or match winning
/// chances).
#[derive(Serialize, tsify::Tsify)]
#[tsify(missing_as_null)]
pub struct HintCube {
    /// What the side on roll should do with the cube.
    action: CubeHint,
    /// Whether the opponent should take a double.
    take: bool,
    /// The equity of not doubling.
    no_double: f64,
    /// The equity of doubling when the opponent takes.
    double_take: f64,
    /// The equity of doubling when the opponent passes.
    double_pass: f64,
}

/// What the side should do with the cube.
#[derive(Serialize, tsify::Tsify)]
#[tsify(missing_as_null)]
pub enum CubeHint {
    Unavailable,
    NoDouble,
    DoubleTake,
    DoublePass,
    TooGoodToDouble,
}

/// Advice for the side to act: plays while it moves, the cube before it rolls.
#[derive(Serialize, tsify::Tsify)]
#[tsify(missing_as_null)]
pub struct Hint {
    /// The best plays, best first (at most five), while the side moves; else empty.
    plays: Vec<HintPlay>,
    /// The cube decision before the side rolls or when it is doubled; else `null`.
    cube: Option<HintCube>,
}

/// Advice for the side to act in the saved match: the best plays (at most five,
/// best first, with cubeless equities) while it moves, or the cube decision before
/// it rolls or when it is doubled: the expert's own, on the chances it decides on.
#[wasm_bindgen(unchecked_return_type = "Hint")]
pub fn hint(
    #[wasm_bindgen(unchecked_param_type = "string")] saved: JsValue,
) -> Result<JsValue, JsError> {
    let m = load_match(&saved, "saved")?;
    let evaluator = evaluator()?;
    let rules = m.options().rules();
    let mut searcher = Searcher::new(evaluator, 0);
    let mut hint = Hint {
        plays: Vec::new(),
        cube: None,
    };
    match m.phase() {
        Phase::Moving { side } | Phase::TurnComplete { side } => {
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
                            .map(|s| {
                                Action::Step {
                                    from: s.from,
                                    die: s.die,
                                }
                                .in_board(side)
                            })
                            .collect(),
                    });
                }
            }
        }
        Phase::Deciding { side } | Phase::CubeOffered { doubler: side } => {
            let advice = Computer::new(evaluator, Level::Expert, 0)
                .cube_look(&m, side)
                .advice;
            hint.cube = Some(HintCube {
                action: match advice.action {
                    CubeAction::Unavailable => CubeHint::Unavailable,
                    CubeAction::NoDouble => CubeHint::NoDouble,
                    CubeAction::DoubleTake => CubeHint::DoubleTake,
                    CubeAction::DoublePass => CubeHint::DoublePass,
                    CubeAction::TooGoodToDouble => CubeHint::TooGoodToDouble,
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

/// Times the evaluator and the computer's decisions in this module, on the same
/// seeded positions and with the same settings as `gamao bench eval` natively (a
/// minute or so): the page `dev/bench.html` shows the figures.
#[wasm_bindgen(unchecked_return_type = "EvaluatorSpeed")]
pub fn benchmark() -> Result<JsValue, JsError> {
    let global = js_sys::global();
    let performance = js_sys::Reflect::get(&global, &"performance".into())
        .ok()
        .filter(|p| p.is_object())
        .ok_or_else(|| JsError::new("this JavaScript context has no performance clock"))?;
    let now: js_sys::Function = js_sys::Reflect::get(&performance, &"now".into())
        .ok()
        .and_then(|f| f.dyn_into().ok())
        .ok_or_else(|| JsError::new("performance.now is not a function"))?;
    let mut seconds = || {
        now.call0(&performance)
            .ok()
            .and_then(|ms| ms.as_f64())
            .unwrap_or(0.0)
            / 1000.0
    };
    let speed = evaluator_speed(evaluator()?, BenchSettings::default(), &mut seconds);
    to_js(&speed)
}
