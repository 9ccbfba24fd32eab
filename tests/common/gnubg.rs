//! GNU Backgammon as the tests run it: every process in a home of its own (a fresh
//! directory that is also its working directory), reading no user settings, its
//! standard error shown when it fails.
//!
//! Isolation is not a nicety: two GNU Backgammon processes started together on a
//! machine without `~/.gnubg` both try to create it, and the one that loses the race
//! prints its banner, "~/.gnubg: File exists" on standard error, and exits with status
//! 1 before running its script (`gnubg_processes_started_together_all_answer` in
//! `tests/mat_export.rs` checks that they no longer share anything).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Where Debian installs it.
const GNUBG: &str = "/usr/games/gnubg";

/// Tells apart the directories of one test process.
static RUNS: AtomicUsize = AtomicUsize::new(0);

/// GNU Backgammon, when installed (tests that need it are skipped otherwise).
pub fn installed() -> Option<&'static Path> {
    let path = Path::new(GNUBG);
    path.exists().then_some(path)
}

/// A fresh, empty directory for one run (removed when dropped).
pub struct Scratch(PathBuf);

impl Scratch {
    pub fn new() -> Scratch {
        let n = RUNS.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("gamao-gnubg-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        Scratch(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    /// Writes `text` to `name` in this directory and returns its path.
    pub fn file(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, text).expect("a scratch file");
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs the Python `script` in GNU Backgammon with `env`, in a home of its own, and
/// returns its standard output. Fails the test, with GNU Backgammon's standard error,
/// when it exits with an error or the script raised one (GNU Backgammon then still
/// exits with status 0).
pub fn run_python(gnubg: &Path, script: &Path, env: &[(&str, &Path)]) -> String {
    let home = Scratch::new();
    let output = Command::new(gnubg)
        // tty, no sound, no rc files, preferences in the fresh home
        .args(["-t", "-q", "-r", "-s"])
        .arg(home.path().join(".gnubg"))
        .arg("-p")
        .arg(script)
        .envs(env.iter().copied())
        .env("HOME", home.path())
        .env("LANG", "C.UTF-8")
        .env("LC_ALL", "C.UTF-8")
        .env_remove("DISPLAY")
        .current_dir(home.path())
        .stdin(Stdio::null())
        .output()
        .expect("GNU Backgammon starts");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && !stderr.contains("Traceback"),
        "GNU Backgammon failed ({}) running {}\nstderr:\n{}\nstdout:\n{stdout}",
        output.status,
        script.display(),
        stderr
    );
    stdout
}

/// The path of a script in `tests/gnubg/`.
pub fn script(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/gnubg")
        .join(name)
}
