//! The analysis agrees with GNU Backgammon's own 2-ply analysis of the same matches.
//!
//! `tests/data/gnubg_analysis/` holds 7-point matches GNU Backgammon played against
//! itself with noise (`match-N.mat`), matches this engine's intermediate level played
//! against itself (`own-N.mat`), and GNU Backgammon's analysis of each (the `.txt` beside
//! it: each player's unforced plays, checker error and luck, and every play's normalised
//! loss and the luck of its roll), made by `tests/gnubg/make_analysis_reference.py`,
//! a money session GNU Backgammon played against itself (`money-1`), and GNU
//! Backgammon's results of all of them (`results.txt`, by
//! `tests/gnubg/make_results_reference.sh`).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use gamao::ai::analysis::{
    analyse_match_on, rating_difference, AnalysedDecision, AnalysedPlayer, DecisionKind, Depth,
    FibsRating, MatchAnalysis, RollLuck,
};
use gamao::ai::Evaluator;
use gamao::notation::read_mat;
use gamao::rules::Side;

/// A match and GNU Backgammon's analysis of it, by the files' stem.
macro_rules! reference_match {
    ($stem:literal) => {
        (
            include_str!(concat!("data/gnubg_analysis/", $stem, ".mat")),
            include_str!(concat!("data/gnubg_analysis/", $stem, ".txt")),
        )
    };
}

/// Matches GNU Backgammon played against itself with noise.
const MATCHES: [(&str, &str); 8] = [
    reference_match!("match-1"),
    reference_match!("match-2"),
    reference_match!("match-3"),
    reference_match!("match-4"),
    reference_match!("match-5"),
    reference_match!("match-6"),
    reference_match!("match-7"),
    reference_match!("match-8"),
];

/// Matches this engine's intermediate level played against itself.
const OWN_MATCHES: [(&str, &str); 8] = [
    reference_match!("own-1"),
    reference_match!("own-2"),
    reference_match!("own-3"),
    reference_match!("own-4"),
    reference_match!("own-5"),
    reference_match!("own-6"),
    reference_match!("own-7"),
    reference_match!("own-8"),
];

/// A money session GNU Backgammon played against itself, and its analysis.
const MONEY_SESSION: (&str, &str) = reference_match!("money-1");

/// GNU Backgammon's results of every match above (`results.txt`).
const RESULTS: &str = include_str!("data/gnubg_analysis/results.txt");

/// GNU Backgammon's plays of one side in one game, in order: the roll, the loss
/// (`None` when forced) and the roll's luck.
type Plays = Vec<(String, Option<f64>, f64)>;

/// GNU Backgammon's figures for one match.
#[derive(Default)]
struct Reference {
    /// Per side: unforced plays and summed normalised checker loss.
    stats: BTreeMap<String, (u32, f64)>,
    /// Per side: rolls and summed normalised luck.
    luck: BTreeMap<String, (u32, f64)>,
    /// Per game and side.
    plays: BTreeMap<(u32, String), Plays>,
}

fn reference(text: &str) -> Reference {
    let mut found = Reference::default();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        match f.as_slice() {
            ["stats", side, "unforced", n, "checker-error", e, ..] => {
                found
                    .stats
                    .insert(side.to_string(), (n.parse().unwrap(), e.parse().unwrap()));
            }
            ["luck", side, "rolls", n, "total", luck] => {
                found.luck.insert(
                    side.to_string(),
                    (n.parse().unwrap(), luck.parse().unwrap()),
                );
            }
            ["move", game, side, dice, loss, luck] => found
                .plays
                .entry((game.parse().unwrap(), side.to_string()))
                .or_default()
                .push((dice.to_string(), loss.parse().ok(), luck.parse().unwrap())),
            _ => panic!("unreadable reference line {line:?}"),
        }
    }
    found
}

/// One player of one match: GNU Backgammon's and our checker error rates (mEMG), and
/// luck (rolls, and both summed lucks).
struct Player {
    theirs: f64,
    ours: f64,
    rolls: u32,
    luck: (f64, f64),
}

impl Player {
    /// Within the target: 25% of GNU Backgammon's rate, or 2 mEMG.
    fn within(&self) -> bool {
        (self.ours - self.theirs).abs() <= (0.25 * self.theirs).max(2.0)
    }
}

/// Every match analysed, with its reference and each play paired with GNU Backgammon's.
struct Compared {
    players: Vec<Player>,
    /// (GNU Backgammon's loss, our judgement) for every unforced play.
    plays: Vec<(f64, AnalysedDecision)>,
    /// (GNU Backgammon's, our) luck of every roll.
    lucks: Vec<(f64, f64)>,
}

impl Compared {
    /// How many plays GNU Backgammon marks very bad, and how many of them are marked bad
    /// or very bad here.
    fn very_bad_found(&self) -> (usize, usize) {
        let very_bad = self.plays.iter().filter(|(loss, _)| *loss >= 0.16);
        let found = very_bad.clone().filter(|(_, d)| d.loss >= 0.08).count();
        (very_bad.count(), found)
    }

    /// The summed checker loss of every unforced play: GNU Backgammon's, and ours.
    fn summed_loss(&self) -> (f64, f64) {
        let theirs = self.plays.iter().map(|(loss, _)| loss).sum();
        let ours = self.plays.iter().map(|(_, d)| d.loss).sum();
        (theirs, ours)
    }
}

/// GNU Backgammon's own matches analysed at 2-ply and compared, once for every test of
/// this file that needs them.
fn gnu_matches_at_two_ply() -> &'static Compared {
    static COMPARED: OnceLock<Compared> = OnceLock::new();
    COMPARED.get_or_init(|| compare(Depth::TwoPly, &MATCHES, "match"))
}

/// Every match of `matches` (named `name-N`) analysed at `depth` and compared with GNU
/// Backgammon's analysis.
fn compare(depth: Depth, matches: &[(&str, &str)], name: &str) -> Compared {
    let evaluator = Evaluator::shipped().expect("the shipped weights load");
    let mut compared = Compared {
        players: Vec::new(),
        plays: Vec::new(),
        lucks: Vec::new(),
    };
    for (mat, text) in matches {
        let replay = read_mat(mat).expect("GNU Backgammon's .mat replays");
        let threads = std::thread::available_parallelism().unwrap_or(std::num::NonZeroUsize::MIN);
        let analysis: MatchAnalysis =
            analyse_match_on(&evaluator, &replay.replayed, depth, threads);
        let reference = reference(text);
        for game in &analysis.games {
            for side in [Side::White, Side::Red] {
                let ours: Vec<&AnalysedDecision> = game
                    .decisions
                    .iter()
                    .filter(|d| d.side == side && d.kind == DecisionKind::Checker)
                    .collect();
                let key = (game.number, side.to_string());
                let theirs = reference.plays.get(&key).cloned().unwrap_or_default();
                assert_eq!(ours.len(), theirs.len(), "plays of {key:?}");
                for (d, (dice, loss, luck)) in ours.into_iter().zip(theirs) {
                    let [a, b] = d.dice.expect("a play has dice");
                    assert_eq!(format!("{}{}", a.max(b), a.min(b)), dice, "{key:?}");
                    assert_eq!(d.forced, loss.is_none(), "{key:?} {dice}: forced");
                    compared
                        .lucks
                        .push((luck, d.luck.expect("a play's roll has its luck")));
                    if let Some(loss) = loss {
                        compared.plays.push((loss, d.clone()));
                    }
                }
            }
        }
        for stats in &analysis.players {
            let (unforced, error) = reference.stats[&stats.side.to_string()];
            assert_eq!(
                stats.checker.decisions, unforced,
                "unforced plays of {}",
                stats.side
            );
            let (rolls, luck) = reference.luck[&stats.side.to_string()];
            assert_eq!(stats.luck.rolls, rolls, "rolls of {}", stats.side);
            compared.players.push(Player {
                theirs: 1000.0 * error / f64::from(unforced),
                ours: stats.checker.error_rate,
                rolls,
                luck: (luck, stats.luck.total),
            });
        }
    }
    for (i, p) in compared.players.iter().enumerate() {
        eprintln!(
            "{name}-{} {}: GNU Backgammon {:.1} mEMG, here {:.1} ({:+.0}%){}",
            i / 2 + 1,
            if i % 2 == 0 { "White" } else { "Red" },
            p.theirs,
            p.ours,
            100.0 * (p.ours / p.theirs - 1.0),
            if p.within() {
                ""
            } else {
                "  outside 25% / 2 mEMG"
            }
        );
    }
    compared
}

#[test]
fn the_analysis_agrees_with_gnu_backgammons() {
    let compared = gnu_matches_at_two_ply();
    // At least 80% of the plays GNU Backgammon marks very bad are bad or worse here.
    let (very_bad, found) = compared.very_bad_found();
    eprintln!(
        "very bad for GNU Backgammon: {}, bad or very bad here: {found}",
        very_bad
    );
    assert!(very_bad >= 30);
    assert!(5 * found >= 4 * very_bad);
    // Over all players, the checker error rate is within 25% of GNU Backgammon's.
    let (theirs, ours) = compared.summed_loss();
    eprintln!("summed checker loss: GNU Backgammon {theirs:.2}, here {ours:.2}");
    assert!((ours - theirs).abs() <= 0.25 * theirs);
    // At least three quarters of the players are within the target (below).
    let within = compared.players.iter().filter(|p| p.within()).count();
    eprintln!(
        "players within 25% / 2 mEMG: {within} of {}",
        compared.players.len()
    );
    assert!(4 * within >= 3 * compared.players.len());
    // Where GNU Backgammon finds one player clearly weaker (a rate a quarter higher),
    // that player is the weaker here.
    for pair in compared.players.chunks(2) {
        let (a, b) = (pair[0].theirs, pair[1].theirs);
        if a.max(b) > 1.25 * a.min(b) {
            assert_eq!(a > b, pair[0].ours > pair[1].ours);
        }
    }
}

/// The target for each player at 2-ply, the quick analysis; missed by the
/// strongest players, where the network's own error adds about 5 mEMG (`docs/ANALYSIS.md`). The
/// thorough analysis, the default, meets it (below).
#[test]
#[ignore = "target not met: 14 of 16 players within 25% / 2 mEMG at 2-ply (run with --ignored)"]
fn each_players_checker_error_rate_is_within_a_quarter_of_gnu_backgammons() {
    let compared = gnu_matches_at_two_ply();
    let outside = compared.players.iter().filter(|p| !p.within()).count();
    assert_eq!(outside, 0);
}

/// The thorough analysis (2-ply, and every error it finds looked at again at 3-ply), the
/// default, meets the target for every player: the network's noise, which makes
/// a play other than the played one look best and so adds loss, is smaller 3 plies
/// deep. Two players stay near the line (+23% and +24%; `docs/ANALYSIS.md`).
#[test]
fn a_thorough_analysis_puts_every_player_within_a_quarter_of_gnu_backgammons_rate() {
    let compared = compare(Depth::ThreePly, &MATCHES, "thorough match");
    let within = compared.players.iter().filter(|p| p.within()).count();
    assert_eq!(within, compared.players.len());
    let (theirs, ours) = compared.summed_loss();
    let (very_bad, found) = compared.very_bad_found();
    eprintln!(
        "thorough: summed checker loss GNU Backgammon {theirs:.2}, here {ours:.2}; \
         very bad for GNU Backgammon {}, bad or very bad here {found}",
        very_bad
    );
    assert!(ours - theirs < 0.1 * theirs);
    assert!(5 * found >= 4 * very_bad);
}

/// Each program judges its own play more kindly than the other does: GNU Backgammon finds
/// more checker loss than this analysis in the intermediate level's own matches, less in
/// its own. A judge's errors are shared by the player it judges, whose choices they made
/// look better, so part of this analysis's excess on GNU Backgammon's matches is GNU
/// Backgammon not seeing its own players' errors (see `docs/ANALYSIS.md`).
#[test]
fn each_program_finds_less_checker_loss_in_its_own_play_than_the_other() {
    let (gnu_on_gnu, ours_on_gnu) = gnu_matches_at_two_ply().summed_loss();
    let (gnu_on_ours, ours_on_ours) = compare(Depth::TwoPly, &OWN_MATCHES, "own").summed_loss();
    eprintln!(
        "GNU Backgammon's matches: GNU Backgammon {gnu_on_gnu:.2}, here {ours_on_gnu:.2}; \
         the intermediate level's: GNU Backgammon {gnu_on_ours:.2}, here {ours_on_ours:.2}"
    );
    assert!(ours_on_gnu > gnu_on_gnu);
    assert!(gnu_on_ours > ours_on_ours);
}

#[test]
fn the_luck_of_each_roll_agrees_with_gnu_backgammons() {
    // Luck is measured at 0-ply whatever the depth of the analysis, by both programs.
    let compared = compare(Depth::ZeroPly, &MATCHES, "match");
    let n = compared.lucks.len() as f64;
    assert!(n > 1500.0, "{n} rolls");
    // Roll by roll, the two networks' figures differ by a few hundredths, without bias
    // (on the 8 matches: mean difference within ±0.005 in each match, mean absolute
    // difference 0.023–0.039, standard deviation at most 0.055).
    let differences: Vec<f64> = compared.lucks.iter().map(|(t, o)| o - t).collect();
    let bias = differences.iter().sum::<f64>() / n;
    let spread = differences.iter().map(|d| d.abs()).sum::<f64>() / n;
    let same_word = compared
        .lucks
        .iter()
        .filter(|(t, o)| RollLuck::of_luck(*t) == RollLuck::of_luck(*o))
        .count();
    eprintln!(
        "luck per roll: bias {bias:+.4}, mean absolute difference {spread:.4}, same word for {same_word} of {n} rolls"
    );
    assert!(bias.abs() < 0.005);
    assert!(spread < 0.045);
    // Lucky and unlucky rolls (beyond ±0.3, ±0.6) are called the same on 96% of rolls.
    assert!(same_word as f64 >= 0.93 * n);
    // Per player, the summed luck differs by no more than three standard deviations of
    // a sum of that many independent differences of 0.055 each.
    for (i, p) in compared.players.iter().enumerate() {
        let (theirs, ours) = p.luck;
        let bound = 3.0 * 0.055 * f64::from(p.rolls).sqrt();
        eprintln!(
            "match {} {}: luck GNU Backgammon {theirs:+.3}, here {ours:+.3} over {} rolls \
             ({:+.1} and {:+.1} mEMG per roll)",
            i / 2 + 1,
            if i % 2 == 0 { "White" } else { "Red" },
            p.rolls,
            1000.0 * theirs / f64::from(p.rolls),
            1000.0 * ours / f64::from(p.rolls),
        );
        assert!(
            (ours - theirs).abs() <= bound,
            "match {} player {}",
            i / 2 + 1,
            i % 2
        );
    }
}

/// The figures of `results.txt`'s lines of one kind (`result`, `moves`, `fibs`,
/// `luck-fibs`, `ppg`), by (match stem, side): each line's names and values.
fn gnu_figures(kind: &str) -> BTreeMap<(String, String), BTreeMap<String, String>> {
    let mut found = BTreeMap::new();
    for line in RESULTS.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let [line_kind, stem, side, named @ ..] = f.as_slice() else {
            panic!("unreadable result line {line:?}");
        };
        if *line_kind != kind {
            continue;
        }
        assert!(named.len() % 2 == 0, "unreadable result line {line:?}");
        let figures = named
            .chunks(2)
            .map(|pair| (pair[0].to_string(), pair[1].to_string()))
            .collect();
        found.insert((stem.to_string(), side.to_string()), figures);
    }
    found
}

/// One figure of a [`gnu_figures`] line, as a number.
fn figure(figures: &BTreeMap<String, String>, name: &str) -> f64 {
    figures[name]
        .parse()
        .unwrap_or_else(|_| panic!("{name} is not a number"))
}

/// GNU Backgammon's result of one player of one match: (actual, luck adjusted, luck
/// cost), by (match stem, side).
fn gnu_results() -> BTreeMap<(String, String), (f64, f64, f64)> {
    gnu_figures("result")
        .into_iter()
        .map(|(key, f)| {
            let result = (
                figure(&f, "actual"),
                figure(&f, "luck-adjusted"),
                figure(&f, "luck-cost"),
            );
            (key, result)
        })
        .collect()
}

/// Every reference file's stem, with its `.mat` and GNU Backgammon's analysis.
fn every_reference() -> impl Iterator<Item = (String, (&'static str, &'static str))> {
    let stems = (1..=8)
        .map(|n| format!("match-{n}"))
        .chain((1..=8).map(|n| format!("own-{n}")))
        .chain(["money-1".to_string()]);
    stems.zip(
        MATCHES
            .into_iter()
            .chain(OWN_MATCHES)
            .chain([MONEY_SESSION]),
    )
}

/// The mean of `values` and half the width of its 95% confidence interval, as GNU
/// Backgammon gives a money session's points per game: 1.95996 × √(s² / n), with s²
/// the sample variance.
fn mean_and_interval(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.959_96 * (variance / n).sqrt())
}

#[test]
fn the_ratings_and_points_per_game_are_worked_out_as_gnu_backgammon_does() {
    let evaluator = Evaluator::shipped().expect("the shipped weights load");
    let (moves, fibs, luck_fibs, ppg) = (
        gnu_figures("moves"),
        gnu_figures("fibs"),
        gnu_figures("luck-fibs"),
        gnu_figures("ppg"),
    );
    let mut ratings_checked = 0;
    for (stem, (mat, text)) in every_reference() {
        let replay = read_mat(mat).expect("GNU Backgammon's .mat replays");
        let length = replay.replayed.options().target().unwrap_or(0);
        let analysis = analyse_match_on(
            &evaluator,
            &replay.replayed,
            Depth::ZeroPly,
            std::num::NonZeroUsize::MIN,
        );
        let plays_of = |p: &AnalysedPlayer| p.checker.decisions + p.forced;
        let both_plays: u32 = analysis.players.iter().map(plays_of).sum();
        let mut gnu_both_plays = 0.0;
        for ours in &analysis.players {
            let key = (stem.clone(), ours.side.to_string());
            // The plays counted are GNU Backgammon's "total moves", forced ones included.
            let theirs = &moves[&key];
            assert_eq!(
                f64::from(plays_of(ours)),
                figure(theirs, "total"),
                "{key:?}"
            );
            gnu_both_plays += figure(theirs, "total");
            // Snowie's error rate divides a player's losses by both players' plays.
            let expected = 1000.0 * ours.overall.total_loss / f64::from(both_plays);
            assert!((ours.snowie_error_rate - expected).abs() < 1e-9, "{key:?}");
            let Some(gnu_fibs) = fibs.get(&key) else {
                // a money session: no rating, but points per game
                assert_eq!(ours.fibs_rating, None, "{key:?}");
                assert_eq!(ours.result.rating_difference, None, "{key:?}");
                continue;
            };
            assert!(ours.result.per_game.is_none(), "{key:?}");
            let rate = |error: &str, count: &str| {
                let n = figure(theirs, count);
                if n > 0.0 {
                    figure(theirs, error) / n
                } else {
                    0.0
                }
            };
            // Its absolute rating, from its own error rates, is the one worked out here.
            let worked_out = FibsRating::of_error_rates(
                rate("checker-error", "unforced"),
                rate("cube-error", "close-cube"),
                length,
            );
            for (name, ours_figure) in [
                ("rating", worked_out.rating),
                ("checker-loss", worked_out.checker_loss),
                ("cube-loss", worked_out.cube_loss),
            ] {
                let printed = figure(gnu_fibs, name);
                assert!(
                    (ours_figure - printed).abs() <= 0.051,
                    "{key:?} {name}: {ours_figure} against {printed}"
                );
            }
            // And this analysis's own rating comes from its own rates the same way.
            let own = FibsRating::of_error_rates(
                ours.checker.error_rate / 1000.0,
                ours.cube.error_rate / 1000.0,
                length,
            );
            assert_eq!(ours.fibs_rating, Some(own), "{key:?}");
            ratings_checked += 1;
        }
        if length > 0 {
            // The printed Snowie rates: each player's losses over both players' plays.
            for side in ["White", "Red"] {
                let key = (stem.clone(), side.to_string());
                let loss =
                    figure(&moves[&key], "checker-error") + figure(&moves[&key], "cube-error");
                let printed = figure(&fibs[&key], "snowie").abs();
                let worked_out = 1000.0 * loss / gnu_both_plays;
                assert!(
                    (worked_out - printed).abs() <= 0.051,
                    "{key:?} snowie: {worked_out} against {printed}"
                );
            }
            // The luck-based rating difference: GNU Backgammon's, from its luck-adjusted
            // result, and this analysis's from its own.
            let white_key = (stem.clone(), "White".to_string());
            let (_, gnu_adjusted, _) = gnu_results()[&white_key];
            let gnu_difference = &luck_fibs[&white_key]["difference"];
            match rating_difference(0.5 + gnu_adjusted, length) {
                Some(d) => assert!(
                    (d - gnu_difference.parse::<f64>().unwrap()).abs() <= 0.0051,
                    "{stem}: {d}"
                ),
                None => assert_eq!(gnu_difference, "n/a", "{stem}"),
            }
            for ours in &analysis.players {
                let expected = rating_difference(0.5 + ours.result.luck_adjusted, length);
                assert_eq!(ours.result.rating_difference, expected, "{stem}");
            }
            // The text summary gives White's rating on its row.
            let text = analysis.to_text();
            let row = text
                .lines()
                .find(|l| l.starts_with("FIBS rating (from errors)"))
                .expect("a rating row");
            let white_rating = analysis.players[0]
                .fibs_rating
                .expect("White decided")
                .rating;
            assert!(row.contains(&format!("{white_rating:.1}")), "{row}");
            continue;
        }
        // A money session's points per game, over its finished games: the actual ones
        // are GNU Backgammon's; its luck-adjusted ones come from its own luck of each
        // roll (counted at what a point was worth there, as above) the way they are
        // worked out here, and ours from our luck the same way.
        let reference = reference(text);
        let games = replay.replayed.games();
        for ours in &analysis.players {
            let key = (stem.clone(), ours.side.to_string());
            let per_game = ours
                .result
                .per_game
                .expect("a money session of several games");
            let gnu = &ppg[&key];
            assert_eq!(per_game.games as usize, games.len(), "{key:?}");
            assert!(
                (per_game.actual - figure(gnu, "actual")).abs() < 2e-6,
                "{key:?}"
            );
            assert!(
                (per_game.actual_interval - figure(gnu, "actual-ci")).abs() < 2e-6,
                "{key:?}"
            );
            let (mut theirs_adjusted, mut ours_adjusted) = (Vec::new(), Vec::new());
            for (number, game) in (1..).zip(&games) {
                let result = game.result().expect("every game of money-1 is finished");
                let sign = if result.winner == ours.side {
                    1.0
                } else {
                    -1.0
                };
                let points = sign * f64::from(result.points);
                let (mut theirs_luck, mut ours_luck) = (0.0, 0.0);
                for analysed in analysis.games.iter().filter(|g| g.number == number) {
                    for side in [Side::White, Side::Red] {
                        let of_side = if side == ours.side { 1.0 } else { -1.0 };
                        let rolls = analysed
                            .decisions
                            .iter()
                            .filter(|d| d.side == side && d.kind == DecisionKind::Checker);
                        let gnu_rolls = reference
                            .plays
                            .get(&(number, side.to_string()))
                            .cloned()
                            .unwrap_or_default();
                        for (d, (_, _, luck)) in rolls.zip(gnu_rolls) {
                            theirs_luck += of_side * luck * d.point_worth;
                            ours_luck += of_side * d.luck.unwrap_or(0.0) * d.point_worth;
                        }
                    }
                }
                theirs_adjusted.push(points - theirs_luck);
                ours_adjusted.push(points - ours_luck);
            }
            let (mean, interval) = mean_and_interval(&theirs_adjusted);
            eprintln!(
                "{key:?}: luck-adjusted {:+.4} ± {:.4} per game (GNU Backgammon {:+.4} ± {:.4}; its luck here {mean:+.4} ± {interval:.4})",
                per_game.luck_adjusted, per_game.luck_adjusted_interval,
                figure(gnu, "luck-adjusted"), figure(gnu, "luck-adjusted-ci")
            );
            assert!(
                (mean - figure(gnu, "luck-adjusted")).abs() < 1e-4,
                "{key:?}"
            );
            assert!(
                (interval - figure(gnu, "luck-adjusted-ci")).abs() < 1e-4,
                "{key:?}"
            );
            let (mean, interval) = mean_and_interval(&ours_adjusted);
            assert!((per_game.luck_adjusted - mean).abs() < 1e-9, "{key:?}");
            assert!(
                (per_game.luck_adjusted_interval - interval).abs() < 1e-9,
                "{key:?}"
            );
        }
        // The text summary gives the points per game with their intervals.
        let text = analysis.to_text();
        assert!(text.contains("Per game (3 games, 95% interval)"), "{text}");
        let actual_row = text
            .lines()
            .find(|l| l.starts_with("  actual") && l.contains('±'))
            .expect("a per-game row");
        assert!(
            actual_row.contains("-1.667 ± 2.848") && actual_row.contains("+1.667 ± 2.848"),
            "{actual_row}"
        );
    }
    assert_eq!(
        ratings_checked, 32,
        "a rating for each player of the 16 matches"
    );
}

#[test]
fn the_actual_and_luck_adjusted_results_are_counted_as_gnu_backgammon_counts_them() {
    let evaluator = Evaluator::shipped().expect("the shipped weights load");
    let results = gnu_results();
    let mut checked = 0;
    for (stem, (mat, text)) in every_reference() {
        let replay = read_mat(mat).expect("GNU Backgammon's .mat replays");
        // Luck and what a point is worth do not depend on the depth.
        let analysis = analyse_match_on(
            &evaluator,
            &replay.replayed,
            Depth::ZeroPly,
            std::num::NonZeroUsize::MIN,
        );
        let reference = reference(text);
        for (player, opponent) in [(0, 1), (1, 0)] {
            let ours = &analysis.players[player];
            let side = ours.side.to_string();
            let (actual, adjusted, luck_cost) = results[&(stem.clone(), side.clone())];
            let (_, _, opponent_cost) =
                results[&(stem.clone(), analysis.players[opponent].side.to_string())];
            // The actual result is GNU Backgammon's, to its printed digits: the match
            // winning chances gained from the first game's score to the last's, or the
            // money points won.
            assert!(
                (ours.result.actual - actual).abs() < 2e-6,
                "{stem} {side}: actual {} against {actual}",
                ours.result.actual
            );
            // GNU Backgammon adjusts it as this analysis does: less the player's luck,
            // plus the opponent's, each counted at the score.
            assert!(
                (actual - luck_cost + opponent_cost - adjusted).abs() < 2e-6,
                "{stem} {side}"
            );
            let expected =
                ours.result.actual - ours.luck.cost + analysis.players[opponent].luck.cost;
            assert!((ours.result.luck_adjusted - expected).abs() < 1e-12);
            // Each roll counted at what a point was worth there, by this analysis, makes
            // GNU Backgammon's own luck of the rolls add up to its luck cost: the worth
            // of a point is GNU Backgammon's. (Only where both come from the same
            // analysis: GNU Backgammon analysed `match-N` as it had played it, not as
            // read back from its .mat, and its luck differs a little between the two.)
            if stem.starts_with("match-") {
                continue;
            }
            let mut theirs_at_our_worth = 0.0;
            for game in &analysis.games {
                let rolls = game
                    .decisions
                    .iter()
                    .filter(|d| d.side == ours.side && d.kind == DecisionKind::Checker);
                let key = (game.number, side.clone());
                let theirs = reference.plays.get(&key).cloned().unwrap_or_default();
                assert_eq!(rolls.clone().count(), theirs.len(), "{stem} {key:?}");
                for (d, (_, _, luck)) in rolls.zip(theirs) {
                    theirs_at_our_worth += luck * d.point_worth;
                }
            }
            eprintln!(
                "{stem} {side}: actual {actual:+.4}, luck adjusted {adjusted:+.4} (here {:+.4}); \
                 luck cost {luck_cost:+.5}, its rolls at this analysis's worth {theirs_at_our_worth:+.5}",
                ours.result.luck_adjusted
            );
            assert!(
                (theirs_at_our_worth - luck_cost).abs() < 1e-4,
                "{stem} {side}: luck cost"
            );
            checked += 1;
        }
    }
    assert_eq!(
        checked, 18,
        "the luck cost checked for every player of own-N and money-1"
    );
}
