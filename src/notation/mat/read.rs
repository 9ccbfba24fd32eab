//! Reading a `.mat` file back into a match, for replay move by move.
//!
//! Parsing checks the layout; replaying drives a [`Match`] through every roll, play,
//! double, take, drop and result, so a file that breaks a rule is refused with the line
//! that does.

use std::fmt;

use crate::match_play::{
    Action, FrameEvent, Match, MatchLength, MatchOptions, Phase, ReplayFrame, ResignationStyle,
};
use crate::notation::PlayString;
use crate::rules::{BySide, Dice, ScriptedDice, Side, WinKind};

/// Why a `.mat` file cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadMatError {
    /// No ` N point match` header.
    NoHeader,
    /// A line that is not what the format allows there.
    Malformed { line: usize, text: String },
    /// A move the rules do not allow (or that does not fit the game so far).
    Illegal { line: usize, reason: String },
    /// The file's scores or results disagree with the games played.
    Inconsistent { line: usize, reason: String },
}

impl fmt::Display for ReadMatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadMatError::NoHeader => f.write_str("not a .mat file: no \"N point match\" line"),
            ReadMatError::Malformed { line, text } => {
                write!(f, "line {line}: cannot read \"{text}\"")
            }
            ReadMatError::Illegal { line, reason } => write!(f, "line {line}: {reason}"),
            ReadMatError::Inconsistent { line, reason } => write!(f, "line {line}: {reason}"),
        }
    }
}

impl std::error::Error for ReadMatError {}

/// A replayed match: the match itself (history complete) and a frame per half-move,
/// the first frame of each game showing its starting position.
#[derive(Clone, Debug)]
pub struct MatReplay {
    pub replayed: Match,
    pub frames: Vec<ReplayFrame>,
}

/// What one column of a move line holds.
#[derive(Clone, Debug, PartialEq, Eq)]
enum HalfMove {
    Play { dice: Dice, text: String },
    Double,
    Take,
    Drop,
}

/// A half-move with its side and line.
#[derive(Clone, Debug)]
struct Entry {
    line: usize,
    side: Side,
    half: HalfMove,
}

/// A game as written: its header score (if its score line was written), its half-moves
/// and its result line.
#[derive(Clone, Debug, Default)]
struct WrittenGame {
    line: usize,
    score: Option<BySide<u32>>,
    entries: Vec<Entry>,
    wins: Option<(usize, Side, u32)>,
}

/// Replays the `.mat` text, with the standard rules and the cube, no clock.
///
/// # Errors
/// A [`ReadMatError`] naming the first line that cannot be read or replayed.
pub fn read_mat(text: &str) -> Result<MatReplay, ReadMatError> {
    let (length, games) = parse(text)?;
    let options = MatchOptions {
        length,
        resignation: ResignationStyle::Offered,
        time_control: crate::clock::TimeControl::None,
        ..MatchOptions::seed_000(length)
    };
    let mut replayed = Match::new(options).map_err(|e| ReadMatError::Inconsistent {
        line: 1,
        reason: e.to_string(),
    })?;
    let mut frames = Vec::new();
    let mut dice = ScriptedDice::default();
    for game in &games {
        replay_game(&mut replayed, &mut dice, game, &mut frames)?;
    }
    Ok(MatReplay { replayed, frames })
}

fn parse(text: &str) -> Result<(MatchLength, Vec<WrittenGame>), ReadMatError> {
    let mut length = None;
    let mut games: Vec<WrittenGame> = Vec::new();
    let mut right_column = 0;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        let malformed = || ReadMatError::Malformed {
            line,
            text: trimmed.to_string(),
        };
        if trimmed.is_empty() || trimmed.starts_with(';') {
            continue;
        }
        if length.is_none() {
            let Some(n) = trimmed.strip_suffix("point match") else {
                continue;
            };
            let n: u32 = n.trim().parse().map_err(|_| malformed())?;
            length = Some(if n == 0 {
                MatchLength::Unlimited
            } else {
                MatchLength::Points(n)
            });
            continue;
        }
        if let Some(number) = trimmed.strip_prefix("Game ") {
            number.trim().parse::<u32>().map_err(|_| malformed())?;
            games.push(WrittenGame {
                line,
                ..WrittenGame::default()
            });
            continue;
        }
        let game = games.last_mut().ok_or_else(malformed)?;
        if game.entries.is_empty() && game.wins.is_none() && is_score_line(trimmed) {
            let (score, column) = score_line(raw).ok_or_else(malformed)?;
            game.score = Some(score);
            right_column = column;
            continue;
        }
        // A result line, or a result after the first player's last entry (GNU
        // Backgammon writes the second player's win there).
        let (raw, result) = match raw.find("Wins ") {
            Some(at) => (&raw[..at], Some(&raw[at..])),
            None => (raw, None),
        };
        if let Some(result) = result {
            let points = result["Wins ".len()..]
                .split_whitespace()
                .next()
                .and_then(|n| n.parse().ok())
                .ok_or_else(malformed)?;
            let side = side_of_column(raw.len(), right_column);
            game.wins = Some((line, side, points));
            if raw.trim().is_empty() {
                continue;
            }
        }
        let (_, body) = raw.trim_end().split_once(')').ok_or_else(malformed)?;
        let body_start = raw.trim_end().len() - body.len();
        for (offset, half) in split_half_moves(body).map_err(|_| malformed())? {
            let column = body_start + offset;
            let side = if column >= right_column {
                Side::Red
            } else {
                Side::White
            };
            game.entries.push(Entry { line, side, half });
        }
    }
    let length = length.ok_or(ReadMatError::NoHeader)?;
    Ok((length, games))
}

fn is_score_line(line: &str) -> bool {
    line.matches(':').count() == 2 && !line.contains(')')
}

/// `White : 3     Red : 1`: the score and the column where the second player starts.
fn score_line(raw: &str) -> Option<(BySide<u32>, usize)> {
    let (_, after_colon) = raw.split_once(':')?;
    let rest = after_colon.trim_start();
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    let white: u32 = rest[..digits].parse().ok()?;
    let after_score = &rest[digits..];
    let second_name = after_score.trim_start();
    let column = raw.len() - second_name.len();
    let red: u32 = raw.rsplit(':').next()?.trim().parse().ok()?;
    Some((BySide { white, red }, column))
}

/// The side in whose column a result starting at column `start` is written.
fn side_of_column(start: usize, right_column: usize) -> Side {
    if start >= right_column.saturating_sub(4) {
        Side::Red
    } else {
        Side::White
    }
}

/// The half-moves of a move line's body, each with where it starts in it.
fn split_half_moves(body: &str) -> Result<Vec<(usize, HalfMove)>, ()> {
    let mut found: Vec<(usize, HalfMove)> = Vec::new();
    let bytes = body.as_bytes();
    let mut i = 0;
    while i < body.len() {
        let rest = &body[i..];
        let at_word = i == 0 || bytes[i - 1] == b' ';
        if at_word && rest.len() >= 3 && rest.as_bytes()[2] == b':' {
            if let Ok(dice) = rest[..2].parse::<Dice>() {
                found.push((
                    i,
                    HalfMove::Play {
                        dice,
                        text: String::new(),
                    },
                ));
                i += 3;
                continue;
            }
        }
        if at_word {
            for (word, half) in [
                ("Doubles =>", HalfMove::Double),
                ("Takes", HalfMove::Take),
                ("Drops", HalfMove::Drop),
            ] {
                if rest.starts_with(word) {
                    found.push((i, half));
                }
            }
        }
        i += rest.chars().next().map_or(1, char::len_utf8);
    }
    // Each play's text runs to the next half-move.
    let ends: Vec<usize> = found
        .iter()
        .skip(1)
        .map(|(o, _)| *o)
        .chain([body.len()])
        .collect();
    for ((offset, half), &end) in found.iter_mut().zip(&ends) {
        if let HalfMove::Play { text, .. } = half {
            *text = body[*offset + 3..end].trim().to_string();
        }
    }
    if found.is_empty() && !body.trim().is_empty() {
        return Err(());
    }
    Ok(found)
}

fn replay_game(
    m: &mut Match,
    dice: &mut ScriptedDice,
    game: &WrittenGame,
    frames: &mut Vec<ReplayFrame>,
) -> Result<(), ReadMatError> {
    let reason = match game.score {
        Some(score) if score != m.score() => {
            Some("the score line differs from the results of the games before")
        }
        None if m.score() != BySide::default() => Some("the game has no score line"),
        _ => None,
    };
    if let Some(reason) = reason {
        return Err(ReadMatError::Inconsistent {
            line: game.line,
            reason: reason.to_string(),
        });
    }
    let number = m.game().number() + u32::from(matches!(m.phase(), Phase::GameOver { .. }));
    frames.push(ReplayFrame {
        game: number,
        event: FrameEvent::Start,
        view: m.view(m.last_ms()),
    });
    for (i, entry) in game.entries.iter().enumerate() {
        let illegal = |e: String| ReadMatError::Illegal {
            line: entry.line,
            reason: e,
        };
        let act = |m: &mut Match, side: Side, action: Action, dice: &mut ScriptedDice| {
            m.act(side, action, 0, dice)
                .map_err(|e| illegal(format!("{side}: {e}")))
        };
        let side = entry.side;
        let event = match &entry.half {
            HalfMove::Play { dice: roll, text } => FrameEvent::Play {
                side,
                dice: [roll.values().0, roll.values().1],
                play: text.clone(),
            },
            HalfMove::Double => FrameEvent::Double {
                side,
                value: m.game().cube().value() * 2,
            },
            HalfMove::Take => FrameEvent::Take { side },
            HalfMove::Drop => FrameEvent::Drop { side },
        };
        match &entry.half {
            HalfMove::Play { dice: roll, text } => {
                let (high, low) = roll.values();
                if i == 0 {
                    if roll.is_double() {
                        return Err(illegal("an opening roll cannot be a double".to_string()));
                    }
                    // Each side rolls one die; the higher die's owner plays both.
                    let (white, red) = match entry.side {
                        Side::White => (high, low),
                        Side::Red => (low, high),
                    };
                    dice.push([white, red]);
                    act(m, entry.side, Action::OpeningRoll, dice)?;
                } else {
                    dice.push([high, low]);
                    act(m, entry.side, Action::Roll, dice)?;
                }
                play_steps(m, entry, *roll, text, dice)?;
            }
            HalfMove::Double => act(m, entry.side, Action::Double, dice)?,
            HalfMove::Take => act(m, entry.side, Action::Take, dice)?,
            HalfMove::Drop => act(m, entry.side, Action::Drop, dice)?,
        }
        frames.push(ReplayFrame {
            game: number,
            event,
            view: m.view(m.last_ms()),
        });
    }
    finish_game(m, game, number, frames)
}

/// The steps of a written play, then the end of the turn.
fn play_steps(
    m: &mut Match,
    entry: &Entry,
    roll: Dice,
    text: &str,
    dice: &mut ScriptedDice,
) -> Result<(), ReadMatError> {
    let illegal = |reason: String| ReadMatError::Illegal {
        line: entry.line,
        reason,
    };
    if !matches!(m.phase(), Phase::Moving { .. } | Phase::TurnComplete { .. }) {
        // No legal move: the engine passed the turn itself.
        return if text.is_empty() {
            Ok(())
        } else {
            Err(illegal(format!(
                "{} has no legal move with {roll}",
                entry.side
            )))
        };
    }
    let written: PlayString = text.parse().map_err(|e| illegal(format!("{e}")))?;
    let play = written
        .to_play(&m.game().position(), roll, m.options().rules())
        .map_err(|e| illegal(format!("{} {roll}: {text}: {e}", entry.side)))?;
    for step in play.steps() {
        let action = Action::Step {
            from: step.from,
            die: step.die,
        };
        m.act(entry.side, action, 0, dice)
            .map_err(|e| illegal(e.to_string()))?;
    }
    if matches!(m.phase(), Phase::TurnComplete { .. }) {
        m.act(entry.side, Action::EndTurn, 0, dice)
            .map_err(|e| illegal(e.to_string()))?;
    }
    Ok(())
}

/// Checks the written result against the game's end; a result the moves did not
/// reach is a resignation, accepted.
fn finish_game(
    m: &mut Match,
    game: &WrittenGame,
    number: u32,
    frames: &mut Vec<ReplayFrame>,
) -> Result<(), ReadMatError> {
    let Some((line, winner, points)) = game.wins else {
        return Ok(());
    };
    let inconsistent = |reason: String| ReadMatError::Inconsistent { line, reason };
    let ended = |m: &Match| match m.phase() {
        Phase::GameOver { result } => Some(result),
        Phase::MatchOver { .. } => m.games().last().and_then(|g| g.result()),
        _ => None,
    };
    if ended(m).is_none() {
        let cube = m.game().cube().value();
        let level = match points.checked_div(cube) {
            Some(1) => WinKind::Single,
            Some(2) => WinKind::Gammon,
            Some(3) => WinKind::Backgammon,
            _ => {
                return Err(inconsistent(format!(
                    "{points} points cannot be won with the cube at {cube}"
                )))
            }
        };
        let mut no_dice = ScriptedDice::default();
        let loser = winner.other();
        m.act(loser, Action::OfferResignation { level }, 0, &mut no_dice)
            .map_err(|e| inconsistent(format!("{loser} cannot resign here: {e}")))?;
        if matches!(m.phase(), Phase::ResignationOffered { .. }) {
            m.act(winner, Action::AcceptResignation, 0, &mut no_dice)
                .map_err(|e| inconsistent(e.to_string()))?;
        }
        frames.push(ReplayFrame {
            game: number,
            event: FrameEvent::Resign { side: loser },
            view: m.view(m.last_ms()),
        });
    }
    match ended(m) {
        Some(result) if result.winner == winner && result.points == points => Ok(()),
        Some(result) => Err(inconsistent(format!(
            "the file says {winner} wins {points}, the moves give {} {}",
            result.winner, result.points
        ))),
        None => Err(inconsistent("the game did not end".to_string())),
    }
}
