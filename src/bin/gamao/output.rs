//! Standard output for the commands' answers. When the reader has gone (`gamao cube …
//! | head`, a closed pipe), `gamao` stops quietly with status 0, as `cat` or `ls` stop
//! there, instead of panicking as `println!` does. Any other failure to write is one
//! line on standard error and status 1.
//!
//! The progress lines of `train`, `targets` and `fit` do not come here: a closed
//! output does not stop a long run that saves its work.

use std::fmt;
use std::io::{self, ErrorKind, StdoutLock, Write};
use std::process;

/// Runs `write` on the locked standard output, or ends the program as the module says.
pub fn write(write: impl FnOnce(&mut StdoutLock<'static>) -> io::Result<()>) {
    let mut out = io::stdout().lock();
    if let Err(error) = write(&mut out) {
        if error.kind() == ErrorKind::BrokenPipe {
            process::exit(0);
        }
        eprintln!("gamao: cannot write to standard output: {error}");
        process::exit(1);
    }
}

/// Prints `text` and a new line (what `outln!` does).
pub fn line(text: fmt::Arguments) {
    write(|out| writeln!(out, "{text}"));
}

/// Prints `text` (what `out!` does).
pub fn text(text: fmt::Arguments) {
    write(|out| write!(out, "{text}"));
}

/// `println!` for the commands' answers: a closed standard output ends `gamao` quietly.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::output::line(format_args!($($arg)*))
    };
}

/// `print!` for the commands' answers: a closed standard output ends `gamao` quietly.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::text(format_args!($($arg)*))
    };
}

pub(crate) use {out, outln};
