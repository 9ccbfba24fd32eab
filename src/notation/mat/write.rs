//! Writing a match as a `.mat` file.

use std::fmt::Write;

use crate::match_play::{Game, GameEnd, GameEvent, GameResult, Match, MatchEnd};
use crate::rules::Side;

/// Why a match cannot be written as a `.mat` file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteMatError {
    /// The match started from a set-up position: the format always starts from the
    /// opening position, so the file would replay other moves.
    StartsFromPosition,
}

impl std::fmt::Display for WriteMatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a match started from a set-up position cannot be written as a .mat file")
    }
}

impl std::error::Error for WriteMatError {}

/// Width of the left (White) column of a move line.
const COLUMN: usize = 28;
/// Indent of a result line won by the first (White) player.
const WINS_LEFT: usize = 6;
/// Indent of a result line won by the second (Red) player.
const WINS_RIGHT: usize = 34;

/// The match in `.mat` form: every game with a move. The format has no forfeit or
/// time-out: one is written as the loser's resignation when its points are one, two or
/// three times the cube (what a resignation can be worth), else its game ends without a
/// result line.
///
/// # Errors
/// [`WriteMatError::StartsFromPosition`] for a match set up from a position.
pub fn write_mat(m: &Match) -> Result<String, WriteMatError> {
    if m.setup().is_some() {
        return Err(WriteMatError::StartsFromPosition);
    }
    let mut out = String::new();
    let length = m.options().target().unwrap_or(0);
    let _ = writeln!(out, " {length} point match\n");
    let games = m.games();
    let last = games.len().saturating_sub(1);
    for (i, game) in games.into_iter().enumerate() {
        if game.log().is_empty() {
            continue;
        }
        let match_won = i == last && m.result().is_some_and(|r| r.end == MatchEnd::ReachedTarget);
        write_game(&mut out, game, match_won);
    }
    Ok(out)
}

fn write_game(out: &mut String, game: &Game, match_won: bool) {
    let score = game.score_before();
    let _ = writeln!(out, " Game {}", game.number());
    let left = format!("White : {}", score.white);
    let _ = writeln!(out, " {left:<31}Red : {}", score.red);
    let mut line = 0;
    let mut pending: Option<String> = None;
    let mut flush = |out: &mut String, left: Option<String>, right: &str| {
        line += 1;
        // A long left move still keeps one space before the right column.
        let left = left.map_or_else(String::new, |l| format!("{l} "));
        let row = format!("{line:3}) {left:<COLUMN$}{right}");
        let _ = writeln!(out, "{}", row.trim_end());
    };
    for event in game.log() {
        let (side, text) = half_move(event);
        match side {
            Side::White => {
                if let Some(previous) = pending.take() {
                    flush(out, Some(previous), "");
                }
                pending = Some(text);
            }
            Side::Red => flush(out, pending.take(), &text),
        }
    }
    match game.result().filter(|r| is_writable(r, game)) {
        Some(result) => {
            let plural = if result.points == 1 { "" } else { "s" };
            let and_match = if match_won { " and the match" } else { "" };
            let wins = format!("Wins {} point{plural}{and_match}", result.points);
            // As GNU Backgammon writes it: the second player's win goes in its column,
            // on the line of the first player's last entry when there is one (a drop, a
            // resignation on the second player's turn); the first player's on a line of
            // its own.
            match (result.winner, pending.take()) {
                (Side::Red, Some(previous)) => flush(out, Some(previous), &format!(" {wins}")),
                (Side::Red, None) => {
                    let _ = writeln!(out, "{:WINS_RIGHT$}{wins}", "");
                }
                (Side::White, previous) => {
                    if previous.is_some() {
                        flush(out, previous, "");
                    }
                    let _ = writeln!(out, "{:WINS_LEFT$}{wins}", "");
                }
            }
        }
        None => {
            if let Some(previous) = pending {
                flush(out, Some(previous), "");
            }
        }
    }
    out.push('\n');
}

/// Whether the format can say how `result` ended `game` (see [`write_mat`]).
fn is_writable(result: &GameResult, game: &Game) -> bool {
    match result.end {
        GameEnd::Forfeit | GameEnd::TimeOut => {
            let cube = game.cube().value();
            (1..=3).any(|k| k * cube == result.points)
        }
        _ => true,
    }
}

/// The side and the text of one event in its column.
fn half_move(event: &GameEvent) -> (Side, String) {
    match event {
        GameEvent::Played { side, dice, steps } => {
            let mut text = format!("{}{}:", dice[0], dice[1]);
            for step in steps {
                let hit = if step.hit { "*" } else { "" };
                let _ = write!(text, " {}/{}{hit}", step.from, step.to);
            }
            (*side, text)
        }
        GameEvent::Doubled { side, value } => (*side, format!(" Doubles => {value}")),
        GameEvent::Took { side } => (*side, " Takes".to_string()),
        GameEvent::Dropped { side } => (*side, " Drops".to_string()),
    }
}
