//! Batch mode: `POSITION_ID DICE` lines from standard input, each answered and flushed
//! as soon as it is read, so that a program can send one line and wait for its answer.

use std::io::{self, BufRead, Write};

use crate::output;

/// Answers every line of standard input with `answer(id, dice)` followed by
/// `terminator`; a bad line is answered with `error: …` and the next line is read.
/// Empty lines are skipped.
///
/// # Errors
/// A message when standard input fails (standard output: see [`output`]).
pub fn answer_each_line(
    terminator: &str,
    mut answer: impl FnMut(&str, &str) -> Result<String, String>,
) -> Result<(), String> {
    for line in io::stdin().lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let reply = match words.as_slice() {
            [] => continue,
            [id, dice] => answer(id, dice),
            _ => Err(format!("expected `POSITION_ID DICE`, got {line:?}")),
        };
        output::write(|out| {
            match &reply {
                Ok(text) => writeln!(out, "{text}{terminator}"),
                Err(message) => writeln!(out, "error: {message}{terminator}"),
            }?;
            out.flush()
        });
    }
    Ok(())
}
