//! The analysis as text a player reads: each player's figures, luck and result, then
//! every marked decision with the best one beside it and the plays judged under it.

use std::fmt::{Display, Write};

use super::analyser::MatchAnalysis;
use super::cube_errors::{AnalysedCubeErrors, CubeErrorTally};
use super::decision::{AnalysedDecision, DecisionKind};
use super::fibs::FibsRating;
use super::result::PerGame;
use super::skill::Mark;
use super::stats::{AnalysedLuck, AnalysedPlayer, AnalysisFigures};

/// One row of the summary: how to print a figure of a kind of decision.
type Figure = fn(&AnalysisFigures) -> String;
/// One row of the luck summary.
type LuckFigure = fn(&AnalysedLuck) -> String;

impl MatchAnalysis {
    /// The summary table and the marked decisions of each game.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let what = match self.length {
            0 => "Money session".to_string(),
            n => format!("{n}-point match"),
        };
        let [white, red] = &self.players;
        let depth = match self.plies {
            3 => "thorough: 2-ply, every error again at 3-ply".to_string(),
            n => format!("{n}-ply"),
        };
        let _ = writeln!(out, "{what}: analysis ({depth})");
        // Losses, luck and results count in match winning chances, or money points.
        let money = self.length == 0;
        let unit = if money { "points" } else { "MWC" };
        let loss = |x: f64| {
            if money {
                format!("{x:.3}")
            } else {
                format!("{:.2}%", 100.0 * x)
            }
        };
        let worth = |x: f64| {
            if money {
                signed(x, 3)
            } else {
                format!("{}%", signed(100.0 * x, 2))
            }
        };
        write_row(&mut out, "", &white.name, &red.name);
        let rows: [(&str, Figure); 4] = [
            ("  decisions", |k| k.decisions.to_string()),
            ("  error rate (mEMG)", |k| format!("{:.1}", k.error_rate)),
            ("  total loss (EMG)", |k| format!("{:.3}", k.total_loss)),
            ("  doubtful/bad/very bad", |k| {
                format!("{}/{}/{}", k.doubtful, k.bad, k.very_bad)
            }),
        ];
        for (title, kind) in [
            (
                "Checker play",
                (|p| &p.checker) as fn(&AnalysedPlayer) -> &AnalysisFigures,
            ),
            ("Cube", |p| &p.cube),
            ("Overall", |p| &p.overall),
        ] {
            let _ = writeln!(out, "{title}");
            for (label, figure) in &rows {
                write_row(&mut out, label, figure(kind(white)), figure(kind(red)));
            }
            let label = format!("  total loss ({unit})");
            write_row(
                &mut out,
                &label,
                loss(kind(white).cost),
                loss(kind(red).cost),
            );
            if title == "Cube" {
                write_cube_errors(&mut out, white, red);
            }
        }
        write_row(&mut out, "Rating", white.rating, red.rating);
        write_row(
            &mut out,
            "Snowie error rate (mEMG)",
            format!("{:.1}", white.snowie_error_rate),
            format!("{:.1}", red.snowie_error_rate),
        );
        if !money {
            write_fibs_ratings(&mut out, white, red);
        }
        let _ = writeln!(out, "Luck");
        let luck_rows: [(&str, LuckFigure); 4] = [
            ("  rolls", |l| l.rolls.to_string()),
            ("  luck rate (mEMG/roll)", |l| signed(l.rate, 1)),
            ("  luck total (EMG)", |l| signed(l.total, 3)),
            ("  rating", |l| l.rating.to_string()),
        ];
        for (label, figure) in luck_rows {
            write_row(&mut out, label, figure(&white.luck), figure(&red.luck));
        }
        let label = format!("  luck total ({unit})");
        write_row(
            &mut out,
            &label,
            worth(white.luck.cost),
            worth(red.luck.cost),
        );
        let _ = writeln!(out, "Result ({unit})");
        let (w, r) = (&white.result, &red.result);
        write_row(&mut out, "  actual", worth(w.actual), worth(r.actual));
        write_row(
            &mut out,
            "  luck adjusted",
            worth(w.luck_adjusted),
            worth(r.luck_adjusted),
        );
        if money {
            write_per_game(&mut out, w.per_game, r.per_game);
        } else {
            let difference = |d: Option<f64>| d.map_or_else(|| "–".to_string(), |d| signed(d, 1));
            write_row(
                &mut out,
                "  FIBS rating difference",
                difference(w.rating_difference),
                difference(r.rating_difference),
            );
        }
        for game in &self.games {
            let marked: Vec<&AnalysedDecision> = game
                .decisions
                .iter()
                .filter(|d| d.mark != Mark::None)
                .collect();
            let _ = writeln!(out, "\nGame {}: {} marked", game.number, marked.len());
            for d in marked {
                let _ = writeln!(out, "  {}", line(d));
                write_candidates(&mut out, d);
            }
        }
        out
    }
}

/// The cube errors by kind, GNU Backgammon's rows: how many, and their loss in EMG.
fn write_cube_errors(out: &mut String, white: &AnalysedPlayer, red: &AnalysedPlayer) {
    type Kind = fn(&AnalysedCubeErrors) -> &CubeErrorTally;
    let kinds: [(&str, Kind); 6] = [
        ("  missed doubles below CP", |e| {
            &e.missed_doubles_below_cash
        }),
        ("  missed doubles above CP", |e| {
            &e.missed_doubles_above_cash
        }),
        ("  wrong doubles below DP", |e| {
            &e.wrong_doubles_below_double_point
        }),
        ("  wrong doubles above TG", |e| {
            &e.wrong_doubles_above_too_good
        }),
        ("  wrong takes", |e| &e.wrong_takes),
        ("  wrong passes", |e| &e.wrong_passes),
    ];
    for (label, kind) in kinds {
        let tally = |p: &AnalysedPlayer| {
            let t = kind(&p.cube_errors);
            format!("{} ({:.3})", t.count, t.total_loss)
        };
        write_row(out, label, tally(white), tally(red));
    }
}

/// The absolute FIBS ratings the error rates stand for, and what each kind of error
/// cost ("–" for a player with no decision counted).
fn write_fibs_ratings(out: &mut String, white: &AnalysedPlayer, red: &AnalysedPlayer) {
    type Part = fn(&FibsRating) -> f64;
    let rows: [(&str, Part); 3] = [
        ("FIBS rating (from errors)", |r| r.rating),
        ("  lost to checker play", |r| r.checker_loss),
        ("  lost to the cube", |r| r.cube_loss),
    ];
    for (label, part) in rows {
        let figure = |p: &AnalysedPlayer| {
            p.fibs_rating
                .as_ref()
                .map_or_else(|| "–".to_string(), |r| format!("{:.1}", part(r)))
        };
        write_row(out, label, figure(white), figure(red));
    }
}

/// A money session's points per game with their 95% intervals, from two games on.
fn write_per_game(out: &mut String, white: Option<PerGame>, red: Option<PerGame>) {
    let (Some(w), Some(r)) = (white, red) else {
        return;
    };
    let _ = writeln!(out, "Per game ({} games, 95% interval)", w.games);
    let figure = |mean: f64, interval: f64| format!("{} ± {interval:.3}", signed(mean, 3));
    write_row(
        out,
        "  actual",
        figure(w.actual, w.actual_interval),
        figure(r.actual, r.actual_interval),
    );
    write_row(
        out,
        "  luck adjusted",
        figure(w.luck_adjusted, w.luck_adjusted_interval),
        figure(r.luck_adjusted, r.luck_adjusted_interval),
    );
}

/// A marked play's list of the plays judged, one a line under it, the played one starred:
/// `    * 24/21 13/7          -0.072  (-0.078)  2-ply`.
fn write_candidates(out: &mut String, d: &AnalysedDecision) {
    let Some(best) = d.candidates.first() else {
        return;
    };
    for (i, c) in d.candidates.iter().enumerate() {
        let star = if c.play == d.played { '*' } else { ' ' };
        let behind = if i == 0 {
            String::new()
        } else {
            format!("({})", signed(c.equity - best.equity, 3))
        };
        let _ = writeln!(
            out,
            "    {star} {:<22}{:>8}  {behind:<9} {}-ply",
            c.play,
            signed(c.equity, 3),
            c.plies
        );
    }
}

/// One row of the summary: its label, then White's and Red's figures in their columns.
fn write_row(out: &mut String, label: &str, white: impl Display, red: impl Display) {
    let _ = writeln!(
        out,
        "{label:<28}{:>17}{:>17}",
        white.to_string(),
        red.to_string()
    );
}

/// `Red 52: 13/8 13/11 ?  best 13/11 6/1*  (-0.085)`.
fn line(d: &AnalysedDecision) -> String {
    let what = match (d.kind, d.dice) {
        (DecisionKind::Checker, Some([a, b])) => format!("{a}{b}: {}", d.played),
        _ => d.played.clone(),
    };
    format!(
        "{} {what} {}  best {}  ({})",
        d.side,
        d.mark.symbol(),
        d.best,
        signed(-d.loss, 3)
    )
}

/// A figure with its sign: `+0.412`, `-0.031`; one that rounds to zero is `+0.000`,
/// never `-0.000`.
fn signed(x: f64, decimals: usize) -> String {
    let text = format!("{:+.decimals$}", x);
    match text.strip_prefix('-') {
        Some(digits) if digits.bytes().all(|b| b == b'0' || b == b'.') => format!("+{digits}"),
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::signed;

    #[test]
    fn a_figure_that_rounds_to_zero_is_never_negative() {
        assert_eq!(signed(-0.0004, 3), "+0.000");
        assert_eq!(signed(-0.0, 1), "+0.0");
        assert_eq!(signed(-0.04, 1), "+0.0");
        assert_eq!(signed(-0.0005001, 3), "-0.001");
        assert_eq!(signed(0.412, 3), "+0.412");
        assert_eq!(signed(-0.031, 3), "-0.031");
        assert_eq!(signed(-12.26, 1), "-12.3");
    }
}
