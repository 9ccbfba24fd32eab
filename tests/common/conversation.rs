//! The `gamao` tool talked to one line at a time, as a match runner or a bot adapter
//! would: its standard input stays open while the test waits for each answer.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::Duration;

/// How long an answer may take before the test fails (a held answer never comes).
const PATIENCE: Duration = Duration::from_secs(30);

/// A running `gamao` with its input open.
pub struct Conversation {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Conversation {
    /// Starts `gamao args…`.
    pub fn start(args: &[&str]) -> Conversation {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gamao"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("gamao starts");
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (send, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Conversation {
            child,
            stdin,
            lines,
        }
    }

    /// Sends one line, leaving the input open.
    pub fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("gamao reads its input");
        self.stdin.flush().expect("gamao reads its input");
    }

    /// The next line of output; fails the test when none comes within 30 s.
    pub fn read_line(&self) -> String {
        self.lines
            .recv_timeout(PATIENCE)
            .unwrap_or_else(|e| panic!("no answer from gamao within {PATIENCE:?}: {e}"))
    }
}

impl Drop for Conversation {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
