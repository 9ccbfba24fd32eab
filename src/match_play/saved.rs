//! Saved games: a whole match as JSON, loaded back only by replaying its history.
//!
//! The file holds the options, every recorded action with its time and dice, the last
//! time seen, and a summary of where the match stood (score, phase, IDs, clocks). On
//! load the history is replayed through the same state machine as live play and the
//! summary must come out identical, so a tampered or inconsistent file is refused as a
//! whole, never half loaded.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::action::HistoryEntry;
use super::backgammon_match::Match;
use super::crawford::CrawfordState;
use super::cube::Cube;
use super::error::ActionError;
use super::options::{MatchOptions, OptionsError};
use super::phase::Phase;
use super::setup::{GameSetup, SetupError, SetupTurn};
use crate::clock::RunningAction;
use crate::notation::{ParsePositionIdError, PositionId};
use crate::rules::{BySide, Side};

/// The `format` field of every save.
pub const SAVE_FORMAT: &str = "gamao-match";
/// The version of the save format this code writes and reads. Version 1 (the same
/// fields, enums written with their variant as the key) is upgraded as it is loaded.
pub const SAVE_FORMAT_VERSION: u32 = 2;

/// Where the match stood when saved; checked against the replay on load.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedSummary {
    pub score: BySide<u32>,
    pub phase: Phase,
    pub position_id: String,
    pub match_id: String,
    pub banks_ms: BySide<u64>,
    pub running: Option<RunningAction>,
}

/// A saved match, as written to JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedMatch {
    pub format: String,
    pub version: u32,
    pub options: MatchOptions,
    /// Where the first game started, when not from the opening roll.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<SavedSetup>,
    pub history: Vec<HistoryEntry>,
    pub last_ms: u64,
    pub summary: SavedSummary,
}

/// A [`GameSetup`] as saved: the board as a Position ID.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedSetup {
    pub position_id: String,
    pub on_roll: Side,
    pub cube_value: u32,
    pub cube_owner: Option<Side>,
    pub score: BySide<u32>,
    pub crawford: CrawfordState,
    /// How far into its turn the side on roll was (absent: before its roll).
    #[serde(default, skip_serializing_if = "SetupTurn::is_before_roll")]
    pub turn: SetupTurn,
}

/// Only the fields that say what kind of file this is, read before anything else.
#[derive(Deserialize)]
struct Header {
    format: String,
    version: u32,
}

/// Which part of a save's summary disagrees with its replayed history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SummaryField {
    Score,
    Phase,
    PositionId,
    MatchId,
    Clocks,
}

impl fmt::Display for SummaryField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SummaryField::Score => "score",
            SummaryField::Phase => "phase",
            SummaryField::PositionId => "Position ID",
            SummaryField::MatchId => "Match ID",
            SummaryField::Clocks => "clocks",
        })
    }
}

/// Why a saved match was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Not JSON, or JSON of the wrong shape.
    Json(String),
    /// Not a Gamão saved match.
    NotASave(String),
    /// A version of the format this code does not know.
    UnknownVersion(u32),
    /// The options are impossible.
    BadOptions(OptionsError),
    /// The starting setup is impossible.
    BadSetup(SetupError),
    /// The cube of the starting setup is not 1–64 (or centred above 1).
    BadCube,
    /// A recorded action could not be replayed.
    ImpossibleHistory { index: usize, error: ActionError },
    /// A recorded roll is missing, or recorded on an action that rolls nothing.
    DiceMismatch { index: usize },
    /// A recorded time-out did not happen on replay (or one happened unrecorded).
    TimeOutMismatch { index: usize },
    /// The saved position is not a legal position (e.g. a wrong checker count).
    BadPosition(ParsePositionIdError),
    /// The summary does not match the replayed history.
    Inconsistent(SummaryField),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Json(e) => write!(f, "not a readable saved match: {e}"),
            LoadError::NotASave(format) => {
                write!(f, "not a Gamão saved match (format \"{format}\")")
            }
            LoadError::UnknownVersion(v) => {
                write!(f, "saved match format version {v} is unknown (this is version {SAVE_FORMAT_VERSION})")
            }
            LoadError::BadOptions(e) => write!(f, "bad match options: {e}"),
            LoadError::BadSetup(e) => write!(f, "bad starting position: {e}"),
            LoadError::BadCube => f.write_str("the cube of the starting position is impossible"),
            LoadError::ImpossibleHistory { index, error } => {
                write!(f, "recorded action {index} is impossible: {error}")
            }
            LoadError::DiceMismatch { index } => {
                write!(f, "recorded action {index} has missing or extra dice")
            }
            LoadError::TimeOutMismatch { index } => {
                write!(
                    f,
                    "recorded time-out {index} does not follow from the history"
                )
            }
            LoadError::BadPosition(e) => write!(f, "the saved position is impossible: {e}"),
            LoadError::Inconsistent(field) => {
                write!(f, "the saved {field} does not match the recorded history")
            }
        }
    }
}

impl std::error::Error for LoadError {}

/// Brings the JSON of a save of format `version` to the current version, in place.
///
/// # Errors
/// [`LoadError::UnknownVersion`] for a version this code does not know.
pub fn upgrade_save(save: &mut serde_json::Value, version: u32) -> Result<(), LoadError> {
    match version {
        1 => upgrade_v1(save),
        SAVE_FORMAT_VERSION => {}
        other => return Err(LoadError::UnknownVersion(other)),
    }
    Ok(())
}

/// Rewrites a version-1 save as version 2: the enums that became tagged unions
/// (`"Roll"` → `{"kind":"Roll"}`, `{"Step":{…}}` → `{"kind":"Step",…}`). Whatever is
/// not where a version-1 save has it is left for the reader to refuse.
fn upgrade_v1(save: &mut serde_json::Value) {
    use serde_json::Value;
    let Some(save) = save.as_object_mut() else {
        return;
    };
    save.insert("version".into(), Value::from(SAVE_FORMAT_VERSION));
    if let Some(length) = save.get_mut("options").and_then(|o| o.get_mut("length")) {
        retag(length, "points");
    }
    if let Some(phase) = save.get_mut("summary").and_then(|s| s.get_mut("phase")) {
        retag(phase, "");
        if let Some(end) = phase.get_mut("result").and_then(|r| r.get_mut("end")) {
            if !matches!(end, Value::String(kind) if ["ReachedTarget", "Forfeit", "TimeOut"].contains(&kind.as_str()))
            {
                retag(end, "win");
            }
        }
    }
    let history = save.get_mut("history").and_then(Value::as_array_mut);
    for entry in history.into_iter().flatten() {
        if let Some(action) = entry.get_mut("Acted").and_then(|a| a.get_mut("action")) {
            retag(action, "");
        }
    }
}

/// An enum value with its variant as the key (`"Name"`, `{"Name":{fields}}` or
/// `{"Name":value}`) rewritten with it in `kind` (the fields beside it, a plain value
/// in `content`).
fn retag(value: &mut serde_json::Value, content: &str) {
    use serde_json::{Map, Value};
    let mut tagged = Map::new();
    match value {
        Value::String(name) => {
            tagged.insert("kind".into(), Value::String(name.clone()));
        }
        Value::Object(object) if object.len() == 1 => {
            let Some((name, inner)) = object.iter().next() else {
                return;
            };
            tagged.insert("kind".into(), Value::String(name.clone()));
            match inner {
                Value::Object(fields) => tagged.extend(fields.clone()),
                plain => {
                    tagged.insert(content.into(), plain.clone());
                }
            }
        }
        _ => return,
    }
    *value = Value::Object(tagged);
}

impl Match {
    /// The match as a save.
    #[must_use]
    pub fn to_saved(&self) -> SavedMatch {
        SavedMatch {
            format: SAVE_FORMAT.to_string(),
            version: SAVE_FORMAT_VERSION,
            options: *self.options(),
            setup: self.setup().map(|s| SavedSetup {
                position_id: PositionId(s.position).to_string(),
                on_roll: s.on_roll,
                cube_value: s.cube.value(),
                cube_owner: s.cube.owner(),
                score: s.score,
                crawford: s.crawford,
                turn: s.turn,
            }),
            history: self.history().to_vec(),
            last_ms: self.last_ms(),
            summary: self.summary(),
        }
    }

    /// The match as JSON text.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.to_saved())
            .expect("a saved match has only string keys and plain values")
    }

    /// Loads a match from JSON text.
    ///
    /// # Errors
    /// A [`LoadError`] for anything unreadable, unknown or inconsistent.
    pub fn from_json(text: &str) -> Result<Match, LoadError> {
        let header: Header =
            serde_json::from_str(text).map_err(|e| LoadError::Json(e.to_string()))?;
        if header.format != SAVE_FORMAT {
            return Err(LoadError::NotASave(header.format));
        }
        let mut value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| LoadError::Json(e.to_string()))?;
        upgrade_save(&mut value, header.version)?;
        let saved: SavedMatch =
            serde_json::from_value(value).map_err(|e| LoadError::Json(e.to_string()))?;
        Match::from_saved(&saved)
    }

    /// Rebuilds a match by replaying a save's history, then checks its summary.
    ///
    /// # Errors
    /// A [`LoadError`] for an unknown version, impossible options or history, or a
    /// summary that the history does not produce.
    pub fn from_saved(saved: &SavedMatch) -> Result<Match, LoadError> {
        if saved.format != SAVE_FORMAT {
            return Err(LoadError::NotASave(saved.format.clone()));
        }
        if saved.version != SAVE_FORMAT_VERSION {
            return Err(LoadError::UnknownVersion(saved.version));
        }
        let mut m = match &saved.setup {
            None => Match::new(saved.options).map_err(LoadError::BadOptions)?,
            Some(setup) => {
                let position = setup
                    .position_id
                    .parse::<PositionId>()
                    .map_err(LoadError::BadPosition)?
                    .0;
                let cube = Some(setup.cube_value)
                    .filter(|v| v.is_power_of_two())
                    .and_then(|v| Cube::from_parts(v.trailing_zeros(), setup.cube_owner))
                    .ok_or(LoadError::BadCube)?;
                let setup = GameSetup {
                    position,
                    on_roll: setup.on_roll,
                    turn: setup.turn,
                    cube,
                    score: setup.score,
                    crawford: setup.crawford,
                };
                Match::from_setup(saved.options, setup).map_err(|e| match e {
                    SetupError::Options(e) => LoadError::BadOptions(e),
                    e => LoadError::BadSetup(e),
                })?
            }
        };
        for (index, entry) in saved.history.iter().enumerate() {
            m.replay_entry(index, entry)?;
        }
        let out = m
            .tick(saved.last_ms)
            .map_err(|error| LoadError::ImpossibleHistory {
                index: saved.history.len(),
                error,
            })?;
        if out.is_some() {
            return Err(LoadError::TimeOutMismatch {
                index: saved.history.len(),
            });
        }
        saved
            .summary
            .position_id
            .parse::<PositionId>()
            .map_err(LoadError::BadPosition)?;
        let replayed = m.summary();
        let field = if replayed.score != saved.summary.score {
            Some(SummaryField::Score)
        } else if replayed.phase != saved.summary.phase {
            Some(SummaryField::Phase)
        } else if replayed.position_id != saved.summary.position_id {
            Some(SummaryField::PositionId)
        } else if replayed.match_id != saved.summary.match_id {
            Some(SummaryField::MatchId)
        } else if replayed != saved.summary {
            Some(SummaryField::Clocks)
        } else {
            None
        };
        match field {
            Some(field) => Err(LoadError::Inconsistent(field)),
            None => Ok(m),
        }
    }

    fn summary(&self) -> SavedSummary {
        SavedSummary {
            score: self.score(),
            phase: self.phase(),
            position_id: PositionId(self.game().position()).to_string(),
            match_id: self.match_id().to_string(),
            banks_ms: self.clock().banks(),
            running: self.clock().running(),
        }
    }

    /// Plays entry `index` of a recorded history again, with its recorded dice and time,
    /// refused as a load refuses it when it does not come out as recorded.
    pub(super) fn replay_entry(
        &mut self,
        index: usize,
        entry: &HistoryEntry,
    ) -> Result<(), LoadError> {
        match *entry {
            HistoryEntry::Acted {
                at_ms,
                side,
                action,
                dice,
            } => {
                let mut missing = false;
                let outcome = self.apply(side, action, at_ms, &mut |_opening| {
                    missing = dice.is_none();
                    dice.ok_or(ActionError::BadRecordedDice { dice: [0, 0] })
                });
                if missing {
                    return Err(LoadError::DiceMismatch { index });
                }
                outcome.map_err(|error| LoadError::ImpossibleHistory { index, error })?;
                if self.history().last() != Some(entry) {
                    return Err(LoadError::DiceMismatch { index });
                }
            }
            HistoryEntry::TimedOut { at_ms, side } => {
                let out = self
                    .tick(at_ms)
                    .map_err(|error| LoadError::ImpossibleHistory { index, error })?;
                if out != Some(side) {
                    return Err(LoadError::TimeOutMismatch { index });
                }
            }
        }
        Ok(())
    }

    /// The same match at its start, nothing played: its options, and its setup if it
    /// was set up from a position.
    pub(super) fn started_again(&self) -> Option<Match> {
        match self.setup() {
            None => Match::new(*self.options()).ok(),
            Some(setup) => Match::from_setup(*self.options(), *setup).ok(),
        }
    }
}
