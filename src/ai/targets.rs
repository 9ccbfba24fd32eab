//! The training-targets file: positions from self-play, each with the chances the
//! project's own deeper search gives the side on roll. Written by `gamao targets`,
//! read by `gamao fit`.
//!
//! ```text
//! # gamao targets v1 seed 7 plies 2 keep 3 weights 9f3c0a17e2b4d581
//! 0 4HPwATDgc/ABMA 0.523100 0.152000 0.008000 0.131000 0.006000
//! 0 …
//! ```
//! A header, then one line per position: the self-play game it came from, its
//! Position ID (seen by the side on roll, before its roll), and the five chances in
//! network output order. A run appends a game's lines at a time, so a run that was
//! killed leaves at most one game cut short, which [`resume_point`] finds.

use std::fmt;

use super::crashed::is_crashed;
use super::network::OUTPUTS;
use crate::notation::{ParsePositionIdError, PositionId};
use crate::rules::Position;

const HEADER_START: &str = "# gamao targets v1";

/// How a targets file was made; its header line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TargetSettings {
    /// Seeds every game's dice, exploration and sampling.
    pub seed: u64,
    /// How deep the search that labels positions looks (1 or 2).
    pub plies: u8,
    /// One position in `keep` (on average) of each game is labelled.
    pub keep: u32,
    /// With each labelled position, the positions the best `alternatives` plays of its
    /// roll (at 0-ply) leave are labelled too, so that the network learns the choices
    /// it makes, not only the positions self-play reaches (0: none, as in files
    /// written before; the header then leaves the word out).
    pub alternatives: u8,
    /// The FNV-1a checksum of the weights file the games and labels come from.
    pub weights: u64,
    /// When a class of its positions was labelled again by rollouts (`gamao relabel`):
    /// which, how, and with which weights.
    pub rollouts: Option<Rollouts>,
}

/// How a file's positions of one class were labelled again: by `trials` rollouts each,
/// with the luck of the rolls taken out when `variance_reduction` (the header then says
/// `reduced` after the trials), with the weights of checksum `weights`, in the games
/// numbered below `games` (every game when `None`; the header then leaves the words
/// out).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rollouts {
    pub class: RolledOut,
    pub trials: u32,
    pub variance_reduction: bool,
    pub weights: u64,
    pub games: Option<u64>,
}

impl Rollouts {
    /// Whether `target` is one these rollouts label again.
    #[must_use]
    pub fn include(&self, target: &Target) -> bool {
        self.games.is_none_or(|games| target.game < games) && self.class.includes(&target.position)
    }
}

/// The positions of a targets file that rollouts label again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RolledOut {
    /// The crashed positions ([`is_crashed`]), which the network judges worst.
    Crashed,
    /// Every position still in contact (crashed ones too): a race is the race
    /// network's, which rollouts would only finish with again.
    Contact,
}

impl RolledOut {
    /// Whether `position` is of this class.
    #[must_use]
    pub fn includes(self, position: &Position) -> bool {
        match self {
            RolledOut::Crashed => is_crashed(position),
            RolledOut::Contact => !position.is_race(),
        }
    }

    /// The class's word in a header, before `-rollouts`.
    fn word(self) -> &'static str {
        match self {
            RolledOut::Crashed => "crashed",
            RolledOut::Contact => "contact",
        }
    }
}

impl fmt::Display for TargetSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{HEADER_START} seed {} plies {} keep {}",
            self.seed, self.plies, self.keep
        )?;
        if self.alternatives > 0 {
            write!(f, " alternatives {}", self.alternatives)?;
        }
        write!(f, " weights {:016x}", self.weights)?;
        if let Some(rollouts) = self.rollouts {
            write!(
                f,
                " {}-rollouts {}{} by {:016x}",
                rollouts.class.word(),
                rollouts.trials,
                if rollouts.variance_reduction {
                    " reduced"
                } else {
                    ""
                },
                rollouts.weights
            )?;
            if let Some(games) = rollouts.games {
                write!(f, " games {games}")?;
            }
        }
        Ok(())
    }
}

/// A position and its target chances.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Target {
    /// The self-play game it comes from, counted from 0.
    pub game: u64,
    /// Seen by the side on roll, before its roll.
    pub position: Position,
    /// P(win), P(win gammon), P(win backgammon), P(lose gammon), P(lose backgammon).
    pub chances: [f32; OUTPUTS],
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.game, PositionId(self.position))?;
        for p in self.chances {
            write!(f, " {p:.6}")?;
        }
        Ok(())
    }
}

/// What is wrong with one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TargetLineError {
    /// Not a game number, a Position ID and five chances.
    FieldCount(usize),
    /// The game number is not a whole number.
    BadGame,
    /// The Position ID does not parse.
    BadPosition(ParsePositionIdError),
    /// A chance is not a number between 0 and 1.
    BadChance,
    /// The game number is lower than the line before's.
    GameOutOfOrder,
}

/// Why text is not a targets file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TargetsError {
    /// The first line is not a `# gamao targets v1 …` header.
    BadHeader,
    /// A line (counted from 1) is not a target.
    BadLine { line: usize, error: TargetLineError },
    /// The last line has no line end: the run that wrote it was stopped mid-line.
    Unfinished,
}

impl fmt::Display for TargetLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TargetLineError::FieldCount(n) => write!(f, "{n} fields, not 7"),
            TargetLineError::BadGame => f.write_str("the game number is not a whole number"),
            TargetLineError::BadPosition(e) => write!(f, "{e}"),
            TargetLineError::BadChance => f.write_str("a chance is not a number from 0 to 1"),
            TargetLineError::GameOutOfOrder => f.write_str("game numbers go backwards"),
        }
    }
}

impl fmt::Display for TargetsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TargetsError::BadHeader => f.write_str("not a targets file (bad header line)"),
            TargetsError::BadLine { line, error } => write!(f, "line {line}: {error}"),
            TargetsError::Unfinished => f.write_str("the last line is cut short"),
        }
    }
}

impl std::error::Error for TargetsError {}

/// The settings in a header line.
fn parse_header(line: &str) -> Option<TargetSettings> {
    let rest = line.strip_prefix(HEADER_START)?;
    let mut words: Vec<&str> = rest.split_whitespace().collect();
    let games = match words.as_slice() {
        [.., "games", games] => {
            let games = games.parse().ok()?;
            words.truncate(words.len() - 2);
            Some(games)
        }
        _ => None,
    };
    let variance_reduction = matches!(words.as_slice(), [.., "reduced", "by", _]);
    if variance_reduction {
        words.remove(words.len() - 3);
    }
    let rollouts = match words.as_slice() {
        [.., class, trials, "by", weights] if class.ends_with("-rollouts") => {
            let class = [RolledOut::Crashed, RolledOut::Contact]
                .into_iter()
                .find(|c| class.strip_suffix("-rollouts") == Some(c.word()))?;
            let rollouts = Rollouts {
                class,
                trials: trials.parse().ok()?,
                variance_reduction,
                weights: u64::from_str_radix(weights, 16).ok()?,
                games,
            };
            words.truncate(words.len() - 4);
            Some(rollouts)
        }
        _ if games.is_some() || variance_reduction => return None,
        _ => None,
    };
    let (seed, plies, keep, alternatives, weights) = match words.as_slice() {
        ["seed", seed, "plies", plies, "keep", keep, "weights", weights] => {
            (seed, plies, keep, &"0", weights)
        }
        ["seed", seed, "plies", plies, "keep", keep, "alternatives", alternatives, "weights", weights] => {
            (seed, plies, keep, alternatives, weights)
        }
        _ => return None,
    };
    Some(TargetSettings {
        seed: seed.parse().ok()?,
        plies: plies.parse().ok()?,
        keep: keep.parse().ok()?,
        alternatives: alternatives.parse().ok()?,
        weights: u64::from_str_radix(weights, 16).ok()?,
        rollouts,
    })
}

impl std::str::FromStr for Target {
    type Err = TargetLineError;

    fn from_str(line: &str) -> Result<Target, TargetLineError> {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [game, id, chances @ ..] = fields.as_slice() else {
            return Err(TargetLineError::FieldCount(fields.len()));
        };
        if chances.len() != OUTPUTS {
            return Err(TargetLineError::FieldCount(fields.len()));
        }
        let game = game.parse().map_err(|_| TargetLineError::BadGame)?;
        let PositionId(position) = id.parse().map_err(TargetLineError::BadPosition)?;
        let mut parsed = [0.0f32; OUTPUTS];
        for (slot, text) in parsed.iter_mut().zip(chances) {
            *slot = text
                .parse::<f32>()
                .ok()
                .filter(|p| (0.0..=1.0).contains(p))
                .ok_or(TargetLineError::BadChance)?;
        }
        Ok(Target {
            game,
            position,
            chances: parsed,
        })
    }
}

/// Reads a whole targets file, every line complete.
///
/// # Errors
/// A [`TargetsError`] naming the first thing wrong; never panics on any input.
pub fn parse_targets(text: &str) -> Result<(TargetSettings, Vec<Target>), TargetsError> {
    if !text.is_empty() && !text.ends_with('\n') {
        return Err(TargetsError::Unfinished);
    }
    let mut lines = text.lines();
    let settings = lines
        .next()
        .and_then(parse_header)
        .ok_or(TargetsError::BadHeader)?;
    let mut targets = Vec::new();
    for (i, line) in lines.enumerate() {
        let bad = |error| TargetsError::BadLine { line: i + 2, error };
        let target: Target = line.parse().map_err(bad)?;
        if targets
            .last()
            .is_some_and(|last: &Target| last.game > target.game)
        {
            return Err(bad(TargetLineError::GameOutOfOrder));
        }
        targets.push(target);
    }
    Ok((settings, targets))
}

/// Where a stopped run continues: the bytes of the file to keep and the first game to
/// play again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResumePoint {
    pub settings: TargetSettings,
    /// The file is cut to this many bytes: everything before the last game seen,
    /// which may have been stopped short and is played again.
    pub keep_bytes: usize,
    pub next_game: u64,
}

/// Where a run that wrote `text` (perhaps stopped mid-line) continues, so that the file
/// it finishes is the one an uninterrupted run writes.
///
/// # Errors
/// A [`TargetsError`] when a complete line is not a target; a cut last line is not an
/// error.
pub fn resume_point(text: &str) -> Result<ResumePoint, TargetsError> {
    let complete = text.rfind('\n').map_or("", |end| &text[..=end]);
    let (settings, targets) = parse_targets(complete)?;
    let Some(last) = targets.last() else {
        return Ok(ResumePoint {
            settings,
            keep_bytes: complete.find('\n').map_or(0, |end| end + 1),
            next_game: 0,
        });
    };
    let game = last.game;
    let kept_lines = 1 + targets.iter().take_while(|t| t.game < game).count();
    let keep_bytes = complete
        .split_inclusive('\n')
        .take(kept_lines)
        .map(str::len)
        .sum();
    Ok(ResumePoint {
        settings,
        keep_bytes,
        next_game: game,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pos;

    fn settings() -> TargetSettings {
        TargetSettings {
            seed: 7,
            plies: 2,
            keep: 3,
            alternatives: 0,
            weights: 0x9f3c_0a17_e2b4_d581,
            rollouts: None,
        }
    }

    fn file(games: &[u64]) -> String {
        let mut text = format!("{}\n", settings());
        for &game in games {
            let target = Target {
                game,
                position: Position::start(),
                chances: [0.5, 0.125, 0.0, 0.25, 0.015625],
            };
            text.push_str(&format!("{target}\n"));
        }
        text
    }

    #[test]
    fn a_file_round_trips() {
        let text = file(&[0, 0, 3]);
        let (read, targets) = parse_targets(&text).unwrap();
        assert_eq!(read, settings());
        assert_eq!(targets.len(), 3);
        assert_eq!(targets[2].game, 3);
        assert_eq!(targets[0].position, Position::start());
        assert_eq!(targets[0].chances, [0.5, 0.125, 0.0, 0.25, 0.015625]);
    }

    #[test]
    fn headers_with_and_without_alternatives_and_rollouts_round_trip() {
        let plain = settings().to_string();
        assert_eq!(
            plain,
            "# gamao targets v1 seed 7 plies 2 keep 3 weights 9f3c0a17e2b4d581"
        );
        assert_eq!(parse_header(&plain), Some(settings()));
        let wider = TargetSettings {
            alternatives: 4,
            ..settings()
        };
        let text = wider.to_string();
        assert_eq!(
            text,
            "# gamao targets v1 seed 7 plies 2 keep 3 alternatives 4 weights 9f3c0a17e2b4d581"
        );
        assert_eq!(parse_header(&text), Some(wider));
        let relabelled = TargetSettings {
            rollouts: Some(Rollouts {
                class: RolledOut::Crashed,
                trials: 144,
                variance_reduction: false,
                weights: 0x8a33_ec5c_d51f_2ef0,
                games: None,
            }),
            ..wider
        };
        let text = relabelled.to_string();
        assert_eq!(
            text,
            "# gamao targets v1 seed 7 plies 2 keep 3 alternatives 4 weights 9f3c0a17e2b4d581 \
             crashed-rollouts 144 by 8a33ec5cd51f2ef0"
        );
        assert_eq!(parse_header(&text), Some(relabelled));
        let contact = TargetSettings {
            rollouts: Some(Rollouts {
                class: RolledOut::Contact,
                trials: 36,
                variance_reduction: false,
                weights: 0x8a33_ec5c_d51f_2ef0,
                games: Some(4000),
            }),
            ..settings()
        };
        let text = contact.to_string();
        assert_eq!(
            text,
            "# gamao targets v1 seed 7 plies 2 keep 3 weights 9f3c0a17e2b4d581 \
             contact-rollouts 36 by 8a33ec5cd51f2ef0 games 4000"
        );
        assert_eq!(parse_header(&text), Some(contact));
        let reduced = TargetSettings {
            rollouts: Some(Rollouts {
                variance_reduction: true,
                ..contact.rollouts.expect("rollouts")
            }),
            ..contact
        };
        let text = reduced.to_string();
        assert_eq!(
            text,
            "# gamao targets v1 seed 7 plies 2 keep 3 weights 9f3c0a17e2b4d581 \
             contact-rollouts 36 reduced by 8a33ec5cd51f2ef0 games 4000"
        );
        assert_eq!(parse_header(&text), Some(reduced));
        for bad in [
            "# gamao targets v1 seed 7 plies 2 keep 3 weights 9f3c0a17e2b4d581 race-rollouts 1 by 1",
            "# gamao targets v1 seed 7 plies 2 keep 3 weights 9f3c0a17e2b4d581 games 4000",
            "# gamao targets v1 seed 7 plies 2 keep 3 weights 9f3c0a17e2b4d581 contact-rollouts 3 by 1 games x",
            "# gamao targets v1 seed 7 plies 2 keep 3 weights 9f3c0a17e2b4d581 crashed-rollouts 144",
            "# gamao targets v1 seed 7 plies 2 keep 3 weights 9f3c0a17e2b4d581 crashed-rollouts x by 1",
            "# gamao targets v1 seed 7 plies 2 keep 3 weights 9f3c0a17e2b4d581 reduced by 1",
            "# gamao targets v1 seed 7 plies 2 keep 3 weights 9f3c0a17e2b4d581 contact-rollouts reduced 36 by 1",
            "# gamao targets v1 seed 7 plies 2 keep 3 alternatives weights 9f3c0a17e2b4d581",
            "# gamao targets v1 seed 7 plies 2 keep 3 alternatives x weights 9f3c0a17e2b4d581",
            "# gamao targets v1 seed 7 plies 2 alternatives 4 keep 3 weights 9f3c0a17e2b4d581",
        ] {
            assert_eq!(parse_header(bad), None, "{bad}");
        }
    }

    #[test]
    fn contact_rollouts_include_the_crashed_positions_and_no_race() {
        // Two checkers on the bar and 13 off against a closed board.
        let crashed = "u9uGAAAAAAADAA".parse::<PositionId>().unwrap().0;
        let race = pos!(x 1:3, 2:3, 3:3; o 24:3, 23:3, 22:4);
        assert!(RolledOut::Crashed.includes(&crashed));
        assert!(RolledOut::Contact.includes(&crashed));
        assert!(RolledOut::Contact.includes(&Position::start()));
        assert!(!RolledOut::Crashed.includes(&Position::start()));
        for class in [RolledOut::Crashed, RolledOut::Contact] {
            assert!(!class.includes(&race), "{class:?}");
        }
    }

    #[test]
    fn bad_lines_are_typed_errors() {
        let header = format!("{}\n", settings());
        let cases = [
            (
                "0 4HPwATDgc/ABMA 0.5 0.1 0 0.1\n",
                TargetLineError::FieldCount(6),
            ),
            (
                "x 4HPwATDgc/ABMA 0.5 0.1 0 0.1 0\n",
                TargetLineError::BadGame,
            ),
            (
                "0 4HPwATDgc/ABMA 1.5 0.1 0 0.1 0\n",
                TargetLineError::BadChance,
            ),
            (
                "0 4HPwATDgc/ABMA NaN 0.1 0 0.1 0\n",
                TargetLineError::BadChance,
            ),
            (
                "0 4HPwATDgc 0.5 0.1 0 0.1 0\n",
                TargetLineError::BadPosition(ParsePositionIdError::BadLength(9)),
            ),
        ];
        for (line, error) in cases {
            assert_eq!(
                parse_targets(&format!("{header}{line}")),
                Err(TargetsError::BadLine { line: 2, error }),
                "{line}"
            );
        }
        assert_eq!(parse_targets("hello\n"), Err(TargetsError::BadHeader));
        assert_eq!(parse_targets(""), Err(TargetsError::BadHeader));
        let backwards = file(&[2, 1]);
        assert!(matches!(
            parse_targets(&backwards),
            Err(TargetsError::BadLine {
                line: 3,
                error: TargetLineError::GameOutOfOrder
            })
        ));
        let cut = &file(&[0])[..file(&[0]).len() - 3];
        assert_eq!(parse_targets(cut), Err(TargetsError::Unfinished));
    }

    #[test]
    fn a_stopped_run_resumes_at_its_last_game() {
        let whole = file(&[0, 0, 2, 2, 2]);
        let before_game_2 = file(&[0, 0]).len();
        for cut in before_game_2..whole.len() {
            let point = resume_point(&whole[..cut]).unwrap();
            let expected = if cut < file(&[0, 0, 2]).len() {
                (file(&[]).len(), 0)
            } else {
                (before_game_2, 2)
            };
            assert_eq!((point.keep_bytes, point.next_game), expected, "cut {cut}");
            assert_eq!(point.settings, settings());
        }
        let header_only = file(&[]);
        let point = resume_point(&header_only).unwrap();
        assert_eq!((point.keep_bytes, point.next_game), (header_only.len(), 0));
    }
}
