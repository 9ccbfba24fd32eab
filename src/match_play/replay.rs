//! The replay of a match from its own record: the moments a replay steps through, made
//! by playing the match's history again from where it started (the opening roll, or the
//! position it was set up in), so that a match a `.mat` file cannot hold is replayed too.

use serde::Serialize;

use super::view::notation;
use super::{Action, GameEnd, GameEvent, HistoryEntry, Match, MatchView, Phase};
use crate::rules::Side;

/// One moment of a replay: the match after a half-move, and how it was reached.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct ReplayFrame {
    /// The game's number (from 1).
    pub game: u32,
    /// What happened to reach this moment.
    pub event: FrameEvent,
    /// The match at this moment.
    pub view: MatchView,
}

/// What a replay frame shows happening (a tagged union: `{ kind: "Play", … }`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum FrameEvent {
    /// A game starts: its first position.
    Start,
    /// `side` rolled `dice` (the higher first) and played `play` (as written; empty
    /// when it could not move).
    Play {
        side: Side,
        dice: [u8; 2],
        play: String,
    },
    /// `side` doubled to `value`.
    Double {
        side: Side,
        value: u32,
    },
    Take {
        side: Side,
    },
    Drop {
        side: Side,
    },
    /// `side` resigned (a resignation accepted, or made directly).
    Resign {
        side: Side,
    },
}

/// A frame per half-move of `m`, the first frame of each game showing its first
/// position, as `read_mat` replays a `.mat` file (the plays in standard notation): the
/// replay of a match set up from a position, which a `.mat` file cannot hold.
#[must_use]
pub fn replay_frames(m: &Match) -> Vec<ReplayFrame> {
    let Some(mut again) = m.started_again() else {
        return Vec::new();
    };
    let mut frames = vec![frame(&again, again.game().number(), FrameEvent::Start)];
    // The events of the game in play that have their frame.
    let mut framed = 0;
    for (index, entry) in m.history().iter().enumerate() {
        let next_game = matches!(again.phase(), Phase::GameOver { .. })
            && matches!(
                entry,
                HistoryEntry::Acted {
                    action: Action::OpeningRoll,
                    ..
                }
            );
        if next_game {
            frames.push(frame(&again, again.game().number() + 1, FrameEvent::Start));
            framed = 0;
        }
        let was_over = again.game().result().is_some();
        if again.replay_entry(index, entry).is_err() {
            break;
        }
        let game = again.game();
        for event in &game.log()[framed..] {
            frames.push(frame(&again, game.number(), frame_event(event)));
        }
        framed = game.log().len();
        let resigned = game.result().filter(|r| {
            !was_over
                && matches!(
                    r.end,
                    GameEnd::ResignationAccepted(_) | GameEnd::Resigned(_)
                )
        });
        if let Some(result) = resigned {
            let loser = result.winner.other();
            frames.push(frame(
                &again,
                game.number(),
                FrameEvent::Resign { side: loser },
            ));
        }
    }
    frames
}

fn frame(m: &Match, game: u32, event: FrameEvent) -> ReplayFrame {
    ReplayFrame {
        game,
        event,
        view: m.view(m.last_ms()),
    }
}

/// The frame event of a game's log entry, the play in standard notation.
fn frame_event(event: &GameEvent) -> FrameEvent {
    match event {
        GameEvent::Played { side, dice, steps } => FrameEvent::Play {
            side: *side,
            dice: [dice[0].max(dice[1]), dice[0].min(dice[1])],
            play: notation(steps),
        },
        GameEvent::Doubled { side, value } => FrameEvent::Double {
            side: *side,
            value: *value,
        },
        GameEvent::Took { side } => FrameEvent::Take { side: *side },
        GameEvent::Dropped { side } => FrameEvent::Drop { side: *side },
    }
}
