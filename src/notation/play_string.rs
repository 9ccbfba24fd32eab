//! Play strings in the standard notation: `24/18 13/11`, `bar/22*`, `6/off`, `8/5(2)`,
//! `13/7*/5`.
//!
//! Parse, then resolve, then print: [`PlayString::from_str`] checks the syntax,
//! [`PlayString::to_play`] finds the legal play it names in a position, and `Display`
//! prints a play the way GNU Backgammon does (intermediate points only where a checker
//! hits on its way, identical moves grouped as `(n)`).

use std::fmt;
use std::str::FromStr;

use crate::rules::{Dice, Play, Position, RuleSet, Step, BAR, OFF};

/// One point of a written move: a point number, `bar` (25) or `off` (0), maybe a hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Waypoint {
    point: u8,
    hit: bool,
}

/// One written move: a checker's path, made by `count` checkers.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Move {
    path: Vec<Waypoint>,
    count: u8,
}

/// A play as written, checked for syntax but not yet against a position.
///
/// Parse, then resolve against a position and roll, then print: `Display` writes the
/// canonical form (paths joined, highest point first, repeats as `(2)`).
///
/// # Examples
/// ```
/// use gamao::notation::{PlayString, ResolvePlayError};
/// use gamao::rules::{Dice, Position, RuleSet};
///
/// let start = Position::start();
/// let three_one = Dice::new(3, 1)?;
/// let written: PlayString = "6/5 8/5".parse()?;
/// let play = written.to_play(&start, three_one, RuleSet::STANDARD)?;
/// assert_eq!(PlayString::from_play(&play).to_string(), "8/5 6/5");
///
/// // Well written, but not a play of 3-1 from the start.
/// let wrong: PlayString = "24/18".parse()?;
/// assert!(matches!(
///     wrong.to_play(&start, three_one, RuleSet::STANDARD),
///     Err(ResolvePlayError::NotLegal)
/// ));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PlayString {
    moves: Vec<Move>,
}

/// Why a text is not a play string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsePlayError {
    /// A move like `13/7` was expected here.
    Malformed(String),
    /// A point number outside 1–24 (`bar` and `off` are written as words, or 25 and 0).
    BadPoint(String),
    /// A checker cannot move backwards, from the tray, or into the bar.
    WrongDirection(String),
    /// The `(n)` repeat count must be 1 to 4.
    BadCount(String),
}

impl fmt::Display for ParsePlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePlayError::Malformed(s) => write!(f, "\"{s}\" is not a move like 13/7"),
            ParsePlayError::BadPoint(s) => write!(f, "\"{s}\" is not a point (1-24, bar, off)"),
            ParsePlayError::WrongDirection(s) => {
                write!(f, "in \"{s}\" a checker does not move towards home")
            }
            ParsePlayError::BadCount(s) => write!(f, "in \"{s}\" the repeat count must be 1 to 4"),
        }
    }
}

impl std::error::Error for ParsePlayError {}

/// Why a play string does not name a legal play in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolvePlayError {
    /// The play moves a checker from a point that does not have enough of them.
    NoChecker { point: u8 },
    /// No legal play with these dice ends as written.
    NotLegal,
    /// Several legal plays match and the hits written do not tell them apart.
    Ambiguous,
}

impl fmt::Display for ResolvePlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolvePlayError::NoChecker { point } => {
                write!(
                    f,
                    "not enough checkers on {} for that play",
                    point_name(*point)
                )
            }
            ResolvePlayError::NotLegal => f.write_str("that is not a legal play with these dice"),
            ResolvePlayError::Ambiguous => {
                f.write_str("that play can be made in several ways; mark the hits with *")
            }
        }
    }
}

impl std::error::Error for ResolvePlayError {}

/// Sorts the few items of a play (at most four) so that `before(a, b)` holds for each
/// pair in order: an insertion sort, much smaller in the wasm module than the library's.
fn sort_small<T>(items: &mut [T], before: impl Fn(&T, &T) -> bool) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && before(&items[j], &items[j - 1]) {
            items.swap(j, j - 1);
            j -= 1;
        }
    }
}

fn point_name(point: u8) -> String {
    match point {
        BAR => "bar".to_string(),
        OFF => "off".to_string(),
        p => p.to_string(),
    }
}

fn parse_point(text: &str, whole: &str) -> Result<Waypoint, ParsePlayError> {
    let (text, hit) = match text.strip_suffix('*') {
        Some(rest) => (rest, true),
        None => (text, false),
    };
    let point = match text.to_ascii_lowercase().as_str() {
        "bar" | "b" => BAR,
        "off" | "o" => OFF,
        digits => match digits.parse::<u8>() {
            Ok(p) if p <= BAR => p,
            _ => return Err(ParsePlayError::BadPoint(whole.to_string())),
        },
    };
    Ok(Waypoint { point, hit })
}

fn parse_move(token: &str) -> Result<Move, ParsePlayError> {
    let (path_text, count) = match token.strip_suffix(')').and_then(|t| t.split_once('(')) {
        Some((path, n)) => match n.parse::<u8>() {
            Ok(n @ 1..=4) => (path, n),
            _ => return Err(ParsePlayError::BadCount(token.to_string())),
        },
        None => (token, 1),
    };
    let path = path_text
        .split('/')
        .map(|p| parse_point(p, token))
        .collect::<Result<Vec<_>, _>>()?;
    if path.len() < 2 {
        return Err(ParsePlayError::Malformed(token.to_string()));
    }
    let descending = path.windows(2).all(|w| w[0].point > w[1].point);
    let ends_ok = path[0].point != OFF && path[1..].iter().all(|w| w.point != BAR);
    let no_hit_off = path.iter().all(|w| !(w.hit && w.point == OFF));
    if !descending || !ends_ok || !no_hit_off || path[0].hit {
        return Err(ParsePlayError::WrongDirection(token.to_string()));
    }
    Ok(Move { path, count })
}

impl FromStr for PlayString {
    type Err = ParsePlayError;

    fn from_str(s: &str) -> Result<PlayString, ParsePlayError> {
        let moves = s
            .split_whitespace()
            .map(parse_move)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(PlayString { moves })
    }
}

impl PlayString {
    /// The written form of a play: steps made by the same checker are joined into one
    /// path, and identical paths are grouped.
    #[must_use]
    pub fn from_play(play: &Play) -> PlayString {
        let mut steps: Vec<Step> = play.steps().to_vec();
        sort_small(&mut steps, |a, b| (a.from, a.to) > (b.from, b.to));
        // In this order, the first checker to land on a hit point is the one that hit.
        let mut hit_points: Vec<u8> = steps.iter().filter(|s| s.hit).map(|s| s.to).collect();
        for step in &mut steps {
            step.hit = hit_points.contains(&step.to);
            hit_points.retain(|&p| p != step.to);
        }
        let mut paths: Vec<Vec<Waypoint>> = Vec::new();
        for step in steps {
            let end = Waypoint {
                point: step.to,
                hit: step.hit,
            };
            match paths
                .iter_mut()
                .find(|p| p.last().is_some_and(|w| w.point == step.from))
            {
                Some(path) => path.push(end),
                None => paths.push(vec![
                    Waypoint {
                        point: step.from,
                        hit: false,
                    },
                    end,
                ]),
            }
        }
        let mut moves: Vec<Move> = Vec::new();
        for path in paths {
            // Only a hit makes an intermediate point worth writing.
            let last = path.len() - 1;
            let path: Vec<Waypoint> = path
                .into_iter()
                .enumerate()
                .filter(|&(i, w)| i == 0 || i == last || w.hit)
                .map(|(_, w)| w)
                .collect();
            // Paths with the same ends are grouped, keeping every hit: `13/3*(2)`, and
            // `6/5*/4(2)` for 6/5*/4 with 6/4.
            let ends = |p: &[Waypoint]| (p[0].point, p[p.len() - 1].point);
            match moves.iter_mut().find(|m| ends(&m.path) == ends(&path)) {
                Some(m) => {
                    m.count += 1;
                    let end_hit = m.path[m.path.len() - 1].hit || path[path.len() - 1].hit;
                    if path.len() > m.path.len() {
                        m.path = path;
                    }
                    let last = m.path.len() - 1;
                    m.path[last].hit = end_hit;
                }
                None => moves.push(Move { path, count: 1 }),
            }
        }
        let ends = |m: &Move| (m.path[0].point, m.path[m.path.len() - 1].point);
        sort_small(&mut moves, |a, b| ends(a) > ends(b));
        PlayString { moves }
    }

    /// The legal play this string names for `dice` in `position`.
    ///
    /// The written moves fix where the mover's checkers end; hits marked with `*`
    /// choose between plays that end alike but hit differently.
    ///
    /// # Errors
    /// A [`ResolvePlayError`] when no legal play, or more than one, matches.
    pub fn to_play(
        &self,
        position: &Position,
        dice: Dice,
        rules: RuleSet,
    ) -> Result<Play, ResolvePlayError> {
        let mut target = [0i16; 26];
        for point in 1..=BAR {
            target[usize::from(point)] = i16::from(position.mover_at(point));
        }
        // Hit points as a bit set (bit p for point p).
        let mut written_hits = 0u32;
        for m in &self.moves {
            let from = m.path[0].point;
            let to = m.path[m.path.len() - 1].point;
            target[usize::from(from)] -= i16::from(m.count);
            if target[usize::from(from)] < 0 {
                return Err(ResolvePlayError::NoChecker { point: from });
            }
            target[usize::from(to)] += i16::from(m.count);
            for w in m.path.iter().filter(|w| w.hit) {
                written_hits |= 1 << w.point;
            }
        }
        let ends_alike: Vec<Play> = position
            .legal_plays(dice, rules)
            .into_iter()
            .filter(|play| {
                let mut after = *position;
                after.apply_play(play).is_ok()
                    && (1..=BAR).all(|p| i16::from(after.mover_at(p)) == target[usize::from(p)])
            })
            .collect();
        match ends_alike.as_slice() {
            [] => Err(ResolvePlayError::NotLegal),
            [only] => Ok(*only),
            several => {
                let hits_of = |play: &Play| {
                    play.steps()
                        .iter()
                        .filter(|s| s.hit)
                        .fold(0u32, |bits, s| bits | 1 << s.to)
                };
                several
                    .iter()
                    .find(|play| hits_of(play) == written_hits)
                    .copied()
                    .ok_or(ResolvePlayError::Ambiguous)
            }
        }
    }
}

impl fmt::Display for PlayString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, m) in self.moves.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            for (j, w) in m.path.iter().enumerate() {
                if j > 0 {
                    f.write_str("/")?;
                }
                f.write_str(&point_name(w.point))?;
                if w.hit {
                    f.write_str("*")?;
                }
            }
            if m.count > 1 {
                write!(f, "({})", m.count)?;
            }
        }
        Ok(())
    }
}
