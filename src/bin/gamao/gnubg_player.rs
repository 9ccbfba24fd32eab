//! GNU Backgammon as a duel player: `gnubg -t` running `tests/gnubg/player.py` (with a
//! HOME of its own), asked for its play line by line.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use gamao::ai::{CubeAdvice, CubeHolder, CubeSituation, Player};
use gamao::notation::PositionId;
use gamao::rules::{Dice, LegalPlay, Position, RuleSet};

const GNUBG: &str = "/usr/games/gnubg";
const SCRIPT: &str = "tests/gnubg/player.py";

/// GNU Backgammon choosing its money plays at `plies` (0, 1 or 2): cubeless, or at the
/// cube's stakes once told them, with its own cube decisions.
pub struct GnubgPlayer {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    home: PathBuf,
    /// The cube the next plays are for (` VALUE HOLDER` of the script's lines), empty
    /// for cubeless play.
    stakes: String,
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
            stakes: String::new(),
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

    /// Sends `line` and reads the answer.
    fn ask(&mut self, line: &str) -> Result<String, String> {
        writeln!(self.input, "{line}").map_err(|e| e.to_string())?;
        self.input.flush().map_err(|e| e.to_string())?;
        self.answer()
    }

    /// The position after GNU Backgammon's play of `dice` in `position`.
    fn play(&mut self, position: &Position, dice: Dice) -> Result<Position, String> {
        let (a, b) = dice.values();
        let answer = self.ask(&format!("{} {a}{b}{}", PositionId(*position), self.stakes))?;
        answer
            .parse::<PositionId>()
            .map(|id| id.0)
            .map_err(|e| format!("gnubg answered {answer:?}: {e}"))
    }

    /// GNU Backgammon's cubeful equities of the side on roll in `position` with the
    /// money cube of `situation`: no double, double/take, double/pass, in points.
    fn cube_equities(
        &mut self,
        position: &Position,
        situation: &CubeSituation,
    ) -> Result<[f64; 3], String> {
        let answer = self.ask(&format!(
            "cube {}{}",
            PositionId(*position),
            cube_words(situation)
        ))?;
        let numbers: Vec<f64> = answer
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map_err(|e| format!("gnubg answered {answer:?}: {e}"))?;
        let [no_double, take, pass] = numbers[..] else {
            return Err(format!("gnubg answered {answer:?}"));
        };
        // Per point at the cube, as GNU Backgammon gives them.
        Ok([no_double, take, pass].map(|equity| equity * f64::from(situation.value)))
    }
}

/// ` VALUE HOLDER`: the cube of `situation` in the words of the script's lines.
fn cube_words(situation: &CubeSituation) -> String {
    let holder = match situation.holder {
        CubeHolder::Centred => 'c',
        CubeHolder::OnRoll => 'm',
        CubeHolder::Opponent => 'o',
    };
    format!(" {} {holder}", situation.value)
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

    /// GNU Backgammon's cube decision at money, from its cubeful equities (no double, and
    /// a take, if it fails).
    fn cube_advice(
        &mut self,
        position: &Position,
        situation: &CubeSituation,
        _: RuleSet,
    ) -> Option<CubeAdvice> {
        let [no_double, double_take, double_pass] = self
            .cube_equities(position, situation)
            .inspect_err(|message| eprintln!("gnubg: {message}"))
            .ok()?;
        Some(CubeAdvice::from_equities(
            no_double,
            double_take,
            double_pass,
        ))
    }

    fn set_stakes(&mut self, situation: Option<CubeSituation>) {
        self.stakes = situation.as_ref().map(cube_words).unwrap_or_default();
    }
}

impl Drop for GnubgPlayer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.home);
    }
}
