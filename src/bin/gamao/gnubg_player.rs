//! GNU Backgammon as a duel player: `gnubg -t` running `tests/gnubg/player.py` (with a
//! HOME of its own), asked for its play line by line.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use gamao::ai::Player;
use gamao::notation::PositionId;
use gamao::rules::{Dice, LegalPlay, Position, RuleSet};

const GNUBG: &str = "/usr/games/gnubg";
const SCRIPT: &str = "tests/gnubg/player.py";

/// GNU Backgammon choosing its cubeless money plays at `plies` (0, 1 or 2).
pub struct GnubgPlayer {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    home: PathBuf,
}

impl GnubgPlayer {
    /// Starts GNU Backgammon; `tag` keeps its HOME apart from other players'.
    pub fn start(plies: u8, tag: u64) -> Result<GnubgPlayer, String> {
        let home = std::env::temp_dir().join(format!("gamao-gnubg-{}-{tag}", std::process::id()));
        std::fs::create_dir_all(&home).map_err(|e| format!("{}: {e}", home.display()))?;
        let mut child = Command::new(GNUBG)
            .args(["-t", "-q", "-r", "-p", SCRIPT])
            .env("HOME", &home)
            .env("GAMAO_PLIES", plies.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {GNUBG} (run scripts/setup.sh): {e}"))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err("gnubg: no pipes".into());
        };
        let mut player = GnubgPlayer {
            child,
            input,
            output: BufReader::new(output),
            home,
        };
        player.answer()?;
        Ok(player)
    }

    /// The next `@@ …` line GNU Backgammon prints (it prints much else).
    fn answer(&mut self) -> Result<String, String> {
        let mut line = String::new();
        loop {
            line.clear();
            let read = self
                .output
                .read_line(&mut line)
                .map_err(|e| e.to_string())?;
            if read == 0 {
                return Err("gnubg stopped".into());
            }
            if let Some(answer) = line.trim_end().strip_prefix("@@ ") {
                return Ok(answer.to_string());
            }
        }
    }

    /// The position after GNU Backgammon's play of `dice` in `position`.
    fn play(&mut self, position: &Position, dice: Dice) -> Result<Position, String> {
        let (a, b) = dice.values();
        writeln!(self.input, "{} {a}{b}", PositionId(*position)).map_err(|e| e.to_string())?;
        self.input.flush().map_err(|e| e.to_string())?;
        let answer = self.answer()?;
        answer
            .parse::<PositionId>()
            .map(|id| id.0)
            .map_err(|e| format!("gnubg answered {answer:?}: {e}"))
    }
}

impl Player for GnubgPlayer {
    /// GNU Backgammon's play (the first play, said on stderr, if it fails).
    fn choose(&mut self, before: &Position, dice: Dice, plays: &[LegalPlay], _: RuleSet) -> usize {
        match self.play(before, dice) {
            Ok(after) => plays
                .iter()
                .position(|p| p.position.flipped() == after)
                .unwrap_or_else(|| {
                    eprintln!("gnubg: its play is not among the legal plays");
                    0
                }),
            Err(message) => {
                eprintln!("gnubg: {message}");
                0
            }
        }
    }
}

impl Drop for GnubgPlayer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.home);
    }
}
