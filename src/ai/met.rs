//! Match equity: the chance of winning a match from a score, from a published table
//! (Kazaross-XG2, the table GNU Backgammon uses by default; `data/kazaross-xg2.met`,
//! made from GNU Backgammon's copy by `tools/met_from_gnubg.py`).

use std::fmt;
use std::sync::OnceLock;

/// The longest match the table covers.
pub const MET_LENGTH: usize = 25;

/// Why a match equity table file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MetError {
    /// A line that is neither a comment, a `pre` row nor the `post` row.
    BadLine(usize),
    /// A figure that is not a probability.
    BadFigure { line: usize },
    /// Not 25 rows of 25 figures and one post-Crawford row of 25.
    WrongShape,
}

impl fmt::Display for MetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MetError::BadLine(line) => {
                write!(f, "line {line} of the match equity table is not a row")
            }
            MetError::BadFigure { line } => write!(f, "line {line}: a figure is not a probability"),
            MetError::WrongShape => {
                f.write_str("the match equity table must be 25 × 25 plus one post-Crawford row")
            }
        }
    }
}

impl std::error::Error for MetError {}

/// A match equity table: winning chances by points still needed, before and after the
/// Crawford game.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchEquityTable {
    /// `pre[i][j]`: a player `i + 1` away beats one `j + 1` away (with `i` or `j` 0,
    /// the leader's chance in the Crawford game).
    pre: Vec<[f32; MET_LENGTH]>,
    /// `post[j]`: a player `j + 1` away beats one 1 away after the Crawford game.
    post: [f32; MET_LENGTH],
}

impl MatchEquityTable {
    /// The Kazaross-XG2 table, read once.
    ///
    /// # Panics
    /// Never at run time: the embedded file is checked by the tests.
    pub fn kazaross_xg2() -> &'static MatchEquityTable {
        static TABLE: OnceLock<MatchEquityTable> = OnceLock::new();
        TABLE.get_or_init(|| {
            MatchEquityTable::parse(include_str!("../../data/kazaross-xg2.met"))
                .expect("the embedded match equity table is well formed (tested)")
        })
    }

    /// Reads a table in the `.met` layout of `data/kazaross-xg2.met`.
    ///
    /// # Errors
    /// A [`MetError`] naming the first problem.
    pub fn parse(text: &str) -> Result<MatchEquityTable, MetError> {
        let mut pre = Vec::with_capacity(MET_LENGTH);
        let mut post = None;
        for (index, line) in text.lines().enumerate() {
            let line_number = index + 1;
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (kind, figures) = line
                .split_once(' ')
                .filter(|(kind, _)| matches!(*kind, "pre" | "post"))
                .ok_or(MetError::BadLine(line_number))?;
            let row = parse_row(figures).ok_or(MetError::BadFigure { line: line_number })?;
            let row: [f32; MET_LENGTH] = row.try_into().map_err(|_| MetError::WrongShape)?;
            match kind {
                "pre" => pre.push(row),
                "post" if post.is_none() => post = Some(row),
                _ => return Err(MetError::BadLine(line_number)),
            }
        }
        match post {
            Some(post) if pre.len() == MET_LENGTH => Ok(MatchEquityTable { pre, post }),
            _ => Err(MetError::WrongShape),
        }
    }

    /// The chance that a player needing `away` more points beats one needing
    /// `opponent_away`, `post_crawford` once the Crawford game has been played. A side
    /// needing no more points has won. `None` beyond 25 points.
    #[must_use]
    pub fn win_chance(&self, away: u32, opponent_away: u32, post_crawford: bool) -> Option<f32> {
        let limit = MET_LENGTH as u32;
        if away > limit || opponent_away > limit {
            return None;
        }
        Some(match (away, opponent_away) {
            (0, _) => 1.0,
            (_, 0) => 0.0,
            (1, 1) => 0.5,
            (1, them) if post_crawford => 1.0 - self.post[them as usize - 1],
            (me, 1) if post_crawford => self.post[me as usize - 1],
            (me, them) => self.pre[me as usize - 1][them as usize - 1],
        })
    }

    /// [`MatchEquityTable::win_chance`] for any distances, those beyond the table's
    /// length taken at its length (the chances of so long a match barely change).
    #[must_use]
    pub fn win_chance_capped(&self, away: u32, opponent_away: u32, post_crawford: bool) -> f64 {
        let limit = MET_LENGTH as u32;
        let chance = self.win_chance(away.min(limit), opponent_away.min(limit), post_crawford);
        f64::from(chance.unwrap_or(0.5))
    }
}

/// The figures of a row, if every one is a probability.
fn parse_row(figures: &str) -> Option<Vec<f32>> {
    figures
        .split_whitespace()
        .map(|f| f.parse::<f32>().ok().filter(|p| (0.0..=1.0).contains(p)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_table_reads_and_is_consistent() {
        let met = MatchEquityTable::kazaross_xg2();
        for me in 1..=25 {
            for them in 1..=25 {
                let mine = met.win_chance(me, them, false).unwrap();
                let theirs = met.win_chance(them, me, false).unwrap();
                assert!(
                    (mine + theirs - 1.0).abs() < 1e-4,
                    "{me}-away vs {them}-away"
                );
                // Needing fewer points is never worse.
                if me > 1 {
                    assert!(met.win_chance(me - 1, them, false).unwrap() >= mine);
                }
            }
        }
    }

    #[test]
    fn known_figures_of_the_table() {
        let met = MatchEquityTable::kazaross_xg2();
        // The Crawford game at 1-away 2-away, and the free drop after it.
        assert_eq!(met.win_chance(2, 1, false), Some(0.32264));
        assert_eq!(met.win_chance(2, 1, true), Some(0.48803));
        assert_eq!(met.win_chance(1, 2, true), Some(1.0 - 0.48803));
        assert_eq!(met.win_chance(5, 5, false), Some(0.5));
        assert_eq!(met.win_chance(0, 3, false), Some(1.0));
        assert_eq!(met.win_chance(3, 0, false), Some(0.0));
        assert_eq!(met.win_chance(26, 3, false), None);
        // Beyond the table, the capped chance is the table's longest distance's
        let longest = f64::from(met.win_chance(25, 3, false).unwrap());
        assert_eq!(met.win_chance_capped(26, 3, false), longest);
        assert_eq!(met.win_chance_capped(2, 1, true), f64::from(0.48803_f32));
    }

    #[test]
    fn broken_tables_are_refused() {
        assert_eq!(
            MatchEquityTable::parse("pre 0.5"),
            Err(MetError::WrongShape)
        );
        assert_eq!(
            MatchEquityTable::parse("pre 0.5 1.7"),
            Err(MetError::BadFigure { line: 1 })
        );
        assert_eq!(
            MatchEquityTable::parse("# ok\nrow 0.5"),
            Err(MetError::BadLine(2))
        );
    }
}
