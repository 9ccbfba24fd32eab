//! Match analysis: plays and cube decisions judged, marks, counts and error rates.

mod common;

use common::{act, move_any, ScriptedDice};
use gamao::ai::analysis::{
    analyse_match, Analyser, AnalysisShare, DecisionKind, Depth, LuckRating, Mark, MatchAnalysis,
    RollLuck, Share, ShareError,
};
use gamao::ai::{Computer, Evaluator, Level};
use gamao::clock::TimeControl;
use gamao::match_play::{Action, GameSetup, Match, MatchLength, MatchOptions};
use gamao::notation::{read_mat, PositionId};
use gamao::pos;
use gamao::rules::{Dice, Position, Side};

fn evaluator() -> Evaluator {
    Evaluator::shipped().expect("the shipped weights load")
}

fn money_from(position: Position, side: Side) -> Match {
    let mut options = MatchOptions::seed_000(MatchLength::Unlimited);
    options.time_control = TimeControl::None;
    Match::from_setup(options, GameSetup::new(position, side)).expect("a legal setup")
}

/// A 7-point match of random plays and random cube actions, replayed from its `.mat`.
fn random_match(seed: u64) -> Match {
    let text = std::process::Command::new(env!("CARGO_BIN_EXE_gamao"))
        .args(["random-match", "--length", "7", "--seed", &seed.to_string()])
        .output()
        .expect("gamao runs")
        .stdout;
    read_mat(&String::from_utf8(text).expect("text"))
        .expect("its own .mat replays")
        .replayed
}

const OPENING: &str = " 3 point match\n\n Game 1\n White : 0     Red : 0\n";

fn analyse_mat(body: &str) -> MatchAnalysis {
    let replay = read_mat(&format!("{OPENING}{body}")).expect("the fixture replays");
    analyse_match(&evaluator(), &replay.replayed, Depth::TwoPly)
}

#[test]
fn the_best_opening_play_loses_nothing_and_a_blunder_is_marked_very_bad() {
    // Given White plays the standard 31 and Red answers 42 by breaking its midpoint
    // and leaving three blots in its home board
    let analysis = analyse_mat("  1) 31: 8/5 6/5        42: 6/4 6/2\n");
    let [white, red] = [
        &analysis.games[0].decisions[0],
        &analysis.games[0].decisions[2],
    ];
    // Then White's play is the best, Red's costs a lot
    assert_eq!(
        (white.side, white.kind),
        (Side::White, DecisionKind::Checker)
    );
    assert_eq!(white.played, "8/5 6/5");
    assert_eq!(white.best, white.played);
    assert_eq!(white.loss, 0.0);
    assert_eq!(white.mark, Mark::None);
    assert_eq!(red.side, Side::Red);
    assert_eq!(red.dice, Some([4, 2]));
    assert_eq!(red.played, "6/4 6/2");
    assert_ne!(red.best, red.played);
    assert!(red.loss >= 0.16, "loss {}", red.loss);
    assert_eq!(red.mark, Mark::VeryBad);
    assert!((red.best_equity - red.played_equity - red.loss).abs() < 1e-9);
    // And Red's turn started with a chance to double, judged as no double
    let cube = &analysis.games[0].decisions[1];
    assert_eq!((cube.side, cube.kind), (Side::Red, DecisionKind::Cube));
    assert_eq!(
        (cube.played.as_str(), cube.best.as_str()),
        ("no double", "no double")
    );
    assert!(!cube.counted, "an opening position is no close double");
    // The figures count what was judged
    assert_eq!(analysis.players[1].checker.decisions, 1);
    assert_eq!(analysis.players[1].checker.very_bad, 1);
    assert!((analysis.players[1].checker.error_rate - 1000.0 * red.loss).abs() < 1e-6);
    assert_eq!(analysis.players[1].cube.decisions, 0);
    assert_eq!(analysis.players[1].cube_considered, 1);
}

#[test]
fn a_deeper_analysis_judges_the_played_and_the_best_play_at_the_same_depth() {
    // Given Red's blunder, judged at 0, 1, 2 and 3 plies
    let body = "  1) 31: 8/5 6/5        42: 6/4 6/2\n";
    let replay = read_mat(&format!("{OPENING}{body}")).expect("the fixture replays");
    let analyses: Vec<_> = [0, 1, 2, 3]
        .map(|plies| Depth::from_plies(plies).expect("a depth"))
        .map(|depth| analyse_match(&evaluator(), &replay.replayed, depth))
        .to_vec();
    let judged: Vec<_> = analyses
        .iter()
        .map(|a| a.games[0].decisions[2].clone())
        .collect();
    // Then each depth finds it very bad, with its own equities, and the loss is always
    // the gap between the two equities of that depth
    for d in &judged {
        assert_eq!(d.mark, Mark::VeryBad);
        assert!((d.best_equity - d.played_equity - d.loss).abs() < 1e-9);
    }
    assert_ne!(judged[1].played_equity, judged[2].played_equity);
    assert_ne!(judged[0].played_equity, judged[2].played_equity);
    // The thorough analysis looks at the error again at 3-ply, and keeps the 2-ply
    // judgement of White's opening, the best play
    assert_ne!(judged[2].played_equity, judged[3].played_equity);
    let opening = |a: usize| analyses[a].games[0].decisions[0].clone();
    assert_eq!(opening(2).loss, 0.0);
    assert_eq!(opening(3), opening(2));
    assert_eq!(Depth::from_plies(4), None);
    assert_eq!(Depth::TwoPly.plies(), 2);
    assert_eq!(Depth::ThreePly.plies(), 3);
    // And each analysis says how deep it looked, in its figures and its text
    let first_lines: Vec<_> = analyses
        .iter()
        .map(|a| a.to_text().lines().next().unwrap_or_default().to_string())
        .collect();
    assert_eq!(
        analyses.iter().map(|a| a.plies).collect::<Vec<_>>(),
        [0, 1, 2, 3]
    );
    assert_eq!(
        first_lines,
        [
            "3-point match: analysis (0-ply)",
            "3-point match: analysis (1-ply)",
            "3-point match: analysis (2-ply)",
            "3-point match: analysis (thorough: 2-ply, every error again at 3-ply)",
        ]
    );
}

#[test]
fn forced_plays_are_listed_but_neither_marked_nor_counted() {
    let evaluator = evaluator();
    for seed in 1..=3 {
        let m = random_match(seed);
        let analysis = analyse_match(&evaluator, &m, Depth::ZeroPly);
        for side in [Side::White, Side::Red] {
            let mine: Vec<_> = analysis
                .games
                .iter()
                .flat_map(|g| &g.decisions)
                .filter(|d| d.side == side && d.kind == DecisionKind::Checker)
                .collect();
            let forced = mine.iter().filter(|d| d.forced).count();
            assert!(mine
                .iter()
                .filter(|d| d.forced)
                .all(|d| d.loss == 0.0 && d.mark == Mark::None && !d.counted));
            let stats = &analysis.players[side as usize];
            assert_eq!(stats.forced as usize, forced);
            assert_eq!(stats.checker.decisions as usize, mine.len() - forced);
            // Every play of the game is listed, forced ones too.
            let played: usize = m
                .games()
                .iter()
                .flat_map(|g| g.log())
                .filter(|e| matches!(e, gamao::match_play::GameEvent::Played { side: s, .. } if *s == side))
                .count();
            assert_eq!(mine.len(), played);
        }
    }
}

#[test]
fn error_rates_are_the_loss_per_counted_decision() {
    let analysis = analyse_match(&evaluator(), &random_match(4), Depth::ZeroPly);
    for stats in &analysis.players {
        let counted: Vec<_> = analysis
            .games
            .iter()
            .flat_map(|g| &g.decisions)
            .filter(|d| d.side == stats.side && d.counted)
            .collect();
        let loss: f64 = counted.iter().map(|d| d.loss).sum();
        assert_eq!(stats.overall.decisions as usize, counted.len());
        assert!((stats.overall.total_loss - loss).abs() < 1e-9);
        assert!((stats.overall.error_rate - 1000.0 * loss / counted.len() as f64).abs() < 1e-9);
        let marked = counted.iter().filter(|d| d.mark >= Mark::Bad).count() as u32;
        assert_eq!(stats.overall.bad + stats.overall.very_bad, marked);
        // Random plays are awful.
        assert_eq!(stats.rating, gamao::ai::analysis::Rating::Awful);
    }
}

/// A race White leads by enough for Red to pass a double, with no gammons.
fn race_to_double() -> Position {
    pos!(x 6:4, 5:4, 4:4, 3:3; o 19:4, 20:4, 21:4, 18:2, 15:1)
}

#[test]
fn a_missed_double_costs_equity_and_counts() {
    // Given White rolls in a race it should double
    let mut m = money_from(race_to_double(), Side::White);
    common::roll_and_move(&mut m, Side::White, [2, 1], 0);
    act(
        &mut m,
        Side::White,
        Action::EndTurn,
        0,
        &mut ScriptedDice::new(&[]),
    );
    // When the match is analysed
    let analysis = analyse_match(&evaluator(), &m, Depth::TwoPly);
    let cube = &analysis.games[0].decisions[0];
    // Then not doubling is a counted cube error
    assert_eq!((cube.kind, cube.side), (DecisionKind::Cube, Side::White));
    assert_eq!(cube.played, "no double");
    assert_eq!(cube.best, "double");
    assert!(cube.loss > 0.0 && cube.counted);
    assert_eq!(analysis.players[0].cube.decisions, 1);
    assert!(analysis.players[0].cube.total_loss > 0.0);
}

#[test]
fn a_thorough_analysis_answers_a_close_double_as_the_expert_does() {
    // GNU Backgammon 2-ply: double/take 1.116 against double/pass 1.0, a pass
    // (tests/data/gnubg_strength_cube.txt). Looking 2 plies ahead this engine would take;
    // the expert looks at so close a call 3 plies deep and passes, and so does the
    // thorough analysis, so that it never calls the hint's answer an error.
    let position = "vncAAIhtWwUADA".parse::<PositionId>().expect("an ID").0;
    let mut m = money_from(position, Side::White);
    let mut none = ScriptedDice::new(&[]);
    act(&mut m, Side::White, Action::Double, 0, &mut none);
    let evaluator = evaluator();
    let expert = Computer::new(&evaluator, Level::Expert, 0);
    assert_eq!(expert.actions(&m, Side::Red), vec![Action::Drop]);
    act(&mut m, Side::Red, Action::Drop, 0, &mut none);
    let answer = |depth| {
        let analysis = analyse_match(&evaluator, &m, depth);
        let decision = analysis.games[0].decisions[1].clone();
        assert_eq!(
            (decision.side, decision.played.as_str()),
            (Side::Red, "pass")
        );
        decision
    };
    let thorough = answer(Depth::ThreePly);
    assert_eq!((thorough.best.as_str(), thorough.loss), ("pass", 0.0));
    assert_eq!(answer(Depth::TwoPly).best, "take");
}

#[test]
fn taking_a_double_to_pass_is_a_wrong_take_and_the_double_is_right() {
    let mut m = money_from(race_to_double(), Side::White);
    let mut none = ScriptedDice::new(&[]);
    act(&mut m, Side::White, Action::Double, 0, &mut none);
    act(&mut m, Side::Red, Action::Take, 0, &mut none);
    let analysis = analyse_match(&evaluator(), &m, Depth::TwoPly);
    let [double, take] = [
        &analysis.games[0].decisions[0],
        &analysis.games[0].decisions[1],
    ];
    assert_eq!(
        (double.side, double.played.as_str()),
        (Side::White, "double")
    );
    assert_eq!(double.loss, 0.0);
    assert_eq!(
        (take.side, take.played.as_str(), take.best.as_str()),
        (Side::Red, "take", "pass")
    );
    assert!(take.loss >= 0.16, "loss {}", take.loss);
    assert_eq!(take.mark, Mark::VeryBad);
    assert!(take.counted);
    // Passing would have given Red what the double gives White, negated: one point.
    assert!((take.best_equity + double.played_equity).abs() < 1e-9);
    assert!((take.best_equity + 1.0).abs() < 1e-9);
}

#[test]
fn the_analyser_reports_progress_one_decision_at_a_time() {
    let evaluator = evaluator();
    let m = random_match(5);
    let mut analyser = Analyser::new(&evaluator, &m, Depth::ZeroPly);
    let total = analyser.total();
    assert!(total > 50);
    assert_eq!(analyser.done(), 0);
    assert!(analyser.step());
    assert_eq!(analyser.done(), 1);
    let partial = analyser.analysis();
    assert!(partial.games[0].decisions.len() <= 2);
    let mut steps = 1;
    while analyser.step() {
        steps += 1;
    }
    assert_eq!((steps + 1, analyser.done()), (total, total));
    assert!(!analyser.step());
    assert_eq!(
        analyser.finish(),
        analyse_match(&evaluator, &m, Depth::ZeroPly)
    );
}

#[test]
fn a_match_in_progress_is_analysed_so_far_and_a_pending_double_alone() {
    let mut m = money_from(race_to_double(), Side::White);
    act(
        &mut m,
        Side::White,
        Action::Double,
        0,
        &mut ScriptedDice::new(&[]),
    );
    let analysis = analyse_match(&evaluator(), &m, Depth::ZeroPly);
    let decisions = &analysis.games[0].decisions;
    assert_eq!(decisions.len(), 1);
    assert_eq!(decisions[0].played, "double");
    let mut half = money_from(Position::start(), Side::White);
    common::roll_and_move(&mut half, Side::White, [3, 1], 0);
    move_any(&mut half, Side::White, 0);
    let analysis = analyse_match(&evaluator(), &half, Depth::ZeroPly);
    // A play not yet ended is no decision yet, nor the roll before it.
    assert!(analysis.games.iter().all(|g| g.decisions.is_empty()));
}

#[test]
fn a_match_set_up_at_a_score_counts_its_result_from_that_score() {
    // Given a 5-point match set up at 3–1 (White 2 away, Red 4 away)
    let mut options = MatchOptions::seed_000(MatchLength::Points(5));
    options.time_control = TimeControl::None;
    let mut setup = GameSetup::new(Position::start(), Side::White);
    setup.score.white = 3;
    setup.score.red = 1;
    let mut m = Match::from_setup(options, setup).expect("a legal setup");
    common::roll_and_move(&mut m, Side::White, [3, 1], 0);
    move_any(&mut m, Side::White, 0);
    act(
        &mut m,
        Side::White,
        Action::EndTurn,
        0,
        &mut ScriptedDice::new(&[]),
    );
    // While its game is in play, the match has come to nothing yet
    let analysis = analyse_match(&evaluator(), &m, Depth::ZeroPly);
    assert_eq!(analysis.players[0].result.actual, 0.0);
    assert_eq!(analysis.players[1].result.actual, 0.0);
    // When Red forfeits, White has gained what it lacked of a won match from 3–1
    act(
        &mut m,
        Side::Red,
        Action::ForfeitMatch,
        0,
        &mut ScriptedDice::new(&[]),
    );
    let analysis = analyse_match(&evaluator(), &m, Depth::ZeroPly);
    let at_the_setup = f64::from(
        gamao::ai::MatchEquityTable::kazaross_xg2()
            .win_chance(2, 4, false)
            .unwrap(),
    );
    let [white, red] = &analysis.players;
    assert!((white.result.actual - (1.0 - at_the_setup)).abs() < 1e-12);
    assert!((red.result.actual + white.result.actual).abs() < 1e-12);
    // and the luck adjusted results are opposite too, White's less its luck and plus Red's
    assert!((red.result.luck_adjusted + white.result.luck_adjusted).abs() < 1e-12);
    let adjusted = white.result.actual - white.luck.cost + red.luck.cost;
    assert!((white.result.luck_adjusted - adjusted).abs() < 1e-12);
    assert_eq!(white.luck.rolls, 1);
    assert!(white.luck.cost != 0.0);
}

#[test]
fn money_equities_are_per_point_of_the_cube_and_a_match_uses_the_score() {
    let analysis = analyse_mat("  1) 31: 8/5 6/5        42: 8/4 6/4\n");
    let play = &analysis.games[0].decisions[0];
    // At 3-away 3-away, normalised equity is near the money figure, well inside ±1.
    assert!(play.best_equity.abs() < 0.5, "{}", play.best_equity);
    assert!(play.white_chance > 0.45 && play.white_chance < 0.6);
    assert_eq!(analysis.length, 3);
}

#[test]
fn each_decision_points_at_its_event_in_the_games_log() {
    use gamao::match_play::GameEvent;
    let m = random_match(6);
    let analysis = analyse_match(&evaluator(), &m, Depth::ZeroPly);
    let games = m.games();
    for game in &analysis.games {
        let log = games[game.number as usize - 1].log();
        for d in &game.decisions {
            let event = &log[d.event];
            let fits = match (d.kind, d.played.as_str(), event) {
                (DecisionKind::Checker, _, GameEvent::Played { side, .. }) => *side == d.side,
                (DecisionKind::Cube, "no double", GameEvent::Played { side, .. }) => {
                    *side == d.side
                }
                (DecisionKind::Cube, "double", GameEvent::Doubled { side, .. }) => *side == d.side,
                (DecisionKind::Cube, "take", GameEvent::Took { side }) => *side == d.side,
                (DecisionKind::Cube, "pass", GameEvent::Dropped { side }) => *side == d.side,
                _ => false,
            };
            assert!(fits, "game {} decision {d:?} at {event:?}", game.number);
        }
    }
}

#[test]
fn the_tutor_judges_a_play_before_it_is_committed_and_changes_nothing() {
    use gamao::ai::analysis::judge_action;
    let evaluator = evaluator();
    // Given White has rolled 42 at the start and moved 6/4 6/2, not yet ended the turn
    let mut m = money_from(Position::start(), Side::White);
    act(
        &mut m,
        Side::White,
        Action::Roll,
        0,
        &mut ScriptedDice::new(&[[4, 2]]),
    );
    let mut none = ScriptedDice::new(&[]);
    act(
        &mut m,
        Side::White,
        Action::Step { from: 6, die: 2 },
        0,
        &mut none,
    );
    act(
        &mut m,
        Side::White,
        Action::Step { from: 6, die: 4 },
        0,
        &mut none,
    );
    let before = m.clone();
    // When the tutor is asked about ending the turn
    let judged = judge_action(&evaluator, &m, Side::White, Action::EndTurn, Depth::TwoPly)
        .expect("a play to judge");
    // Then the play is a blunder with a better one, and the match is as it was
    assert_eq!(judged.played, "6/4 6/2");
    assert_eq!(judged.best, "8/4 6/4");
    assert!(judged.loss >= 0.08, "loss {}", judged.loss);
    assert_eq!(m, before);
    // Red cannot take what was never offered
    assert_eq!(
        judge_action(&evaluator, &m, Side::Red, Action::Take, Depth::OnePly),
        None
    );
}

#[test]
fn the_tutor_judges_rolling_without_doubling_and_a_take() {
    use gamao::ai::analysis::judge_action;
    let evaluator = evaluator();
    let m = money_from(race_to_double(), Side::White);
    let roll = judge_action(&evaluator, &m, Side::White, Action::Roll, Depth::OnePly)
        .expect("a cube decision");
    assert_eq!(
        (roll.played.as_str(), roll.best.as_str()),
        ("no double", "double")
    );
    assert!(roll.loss > 0.0);
    let mut doubled = m.clone();
    act(
        &mut doubled,
        Side::White,
        Action::Double,
        0,
        &mut ScriptedDice::new(&[]),
    );
    let take = judge_action(&evaluator, &doubled, Side::Red, Action::Take, Depth::OnePly)
        .expect("a take decision");
    assert_eq!(
        (take.side, take.played.as_str(), take.best.as_str()),
        (Side::Red, "take", "pass")
    );
    assert!(take.loss >= 0.16);
}

/// White's luck in `position` rolling `roll` (0-ply, a money game), and the equity of
/// its best play.
fn luck_of(position: Position, roll: [u8; 2]) -> (f64, f64) {
    let mut m = money_from(position, Side::White);
    common::roll_and_move(&mut m, Side::White, roll, 0);
    act(
        &mut m,
        Side::White,
        Action::EndTurn,
        0,
        &mut ScriptedDice::new(&[]),
    );
    let analysis = analyse_match(&evaluator(), &m, Depth::ZeroPly);
    let play = analysis.games[0]
        .decisions
        .iter()
        .find(|d| d.kind == DecisionKind::Checker)
        .expect("the play")
        .clone();
    (
        play.luck.expect("a play's roll has its luck"),
        play.best_equity,
    )
}

#[test]
fn a_rolls_luck_is_measured_against_the_average_of_the_36_rolls() {
    // Given an even race of 60 pips each, each of the 21 rolls rolled in turn
    let race = pos!(x 6:3, 5:3, 4:3, 3:3, 2:3; o 19:3, 20:3, 21:3, 22:3, 23:3);
    let lucks: Vec<(Dice, f64)> = Dice::ALL
        .iter()
        .map(|&dice| {
            let (a, b) = dice.values();
            (dice, luck_of(race, [a, b]).0)
        })
        .collect();
    // Then the luck of the 36 rolls averages to nothing
    let average: f64 = lucks
        .iter()
        .map(|(dice, luck)| f64::from(dice.weight()) * luck)
        .sum::<f64>()
        / 36.0;
    assert!(average.abs() < 1e-9, "average {average}");
    // And big doubles are lucky, a small roll is not
    let luck = |dice: Dice| lucks.iter().find(|(d, _)| *d == dice).expect("rolled").1;
    let sixes = luck(Dice::Double(6));
    assert!(RollLuck::of_luck(sixes) >= RollLuck::Lucky, "66: {sixes}");
    assert!(
        luck(Dice::Mixed(2, 1)) < 0.0,
        "21: {}",
        luck(Dice::Mixed(2, 1))
    );
}

#[test]
fn an_opening_roll_is_measured_against_the_30_ways_the_opening_falls() {
    // On the starting board the opponent's 15 opening rolls are the mirror of one's
    // own, so in a money game the opening roll's luck is the equity of its best play
    // (not that less the average of all 36 rolls, doubles included).
    for roll in [[3, 1], [6, 5], [6, 2]] {
        let (luck, best) = luck_of(Position::start(), roll);
        assert!(
            (luck - best).abs() < 1e-4,
            "{roll:?}: luck {luck}, best {best}"
        );
    }
}

#[test]
fn each_players_luck_sums_the_luck_of_every_roll_forced_ones_included() {
    let analysis = analyse_match(&evaluator(), &random_match(7), Depth::ZeroPly);
    let decisions: Vec<_> = analysis.games.iter().flat_map(|g| &g.decisions).collect();
    assert!(decisions
        .iter()
        .all(|d| d.luck.is_some() == (d.kind == DecisionKind::Checker)));
    for stats in &analysis.players {
        let lucks: Vec<f64> = decisions
            .iter()
            .filter(|d| d.side == stats.side)
            .filter_map(|d| d.luck)
            .collect();
        let luck = &stats.luck;
        assert_eq!(luck.rolls as usize, lucks.len());
        assert_eq!(luck.rolls, stats.checker.decisions + stats.forced);
        let total: f64 = lucks.iter().sum();
        assert!((luck.total - total).abs() < 1e-9);
        assert!((luck.rate - 1000.0 * total / lucks.len() as f64).abs() < 1e-9);
        assert_eq!(luck.rating, LuckRating::of_rate(luck.rate));
        let count = |word: RollLuck| {
            lucks
                .iter()
                .filter(|&&l| RollLuck::of_luck(l) == word)
                .count() as u32
        };
        assert_eq!(
            [luck.very_unlucky, luck.unlucky, luck.lucky, luck.very_lucky],
            [
                count(RollLuck::VeryUnlucky),
                count(RollLuck::Unlucky),
                count(RollLuck::Lucky),
                count(RollLuck::VeryLucky)
            ]
        );
    }
    // The two sides' luck is not the same figure twice.
    assert_ne!(
        analysis.players[0].luck.total,
        analysis.players[1].luck.total
    );
    let text = analysis.to_text();
    assert!(text.contains("luck rate (mEMG/roll)"), "{text}");
}

#[test]
fn a_checker_decision_lists_the_plays_judged_deepest_first_then_best_first() {
    for depth in [Depth::ZeroPly, Depth::TwoPly, Depth::ThreePly] {
        let analysis = analyse_match(&evaluator(), &reference_match(1), depth);
        let mut looked_deeper = 0;
        for d in analysis.games.iter().flat_map(|g| &g.decisions) {
            if d.kind == DecisionKind::Cube || d.forced {
                assert!(d.candidates.is_empty(), "nothing to choose from");
                continue;
            }
            // The best play leads, with its equity; the played one is among them, with its.
            let first = &d.candidates[0];
            assert_eq!(
                (first.play.as_str(), first.equity),
                (d.best.as_str(), d.best_equity)
            );
            let played = d
                .candidates
                .iter()
                .find(|c| c.play == d.played)
                .expect("the played play");
            assert_eq!(played.equity, d.played_equity);
            // At most the best five at 0-ply and the played one, none twice, none deeper than
            // the analysis looked.
            assert!(d.candidates.len() <= 6);
            let mut plays: Vec<&str> = d.candidates.iter().map(|c| c.play.as_str()).collect();
            plays.sort_unstable();
            plays.dedup();
            assert_eq!(plays.len(), d.candidates.len());
            assert!(d.candidates.iter().all(|c| c.plies <= depth.plies()));
            // Deeper first, and at each depth best first.
            for pair in d.candidates.windows(2) {
                let (a, b) = (&pair[0], &pair[1]);
                assert!(
                    a.plies > b.plies || (a.plies == b.plies && a.equity >= b.equity),
                    "{a:?} before {b:?}"
                );
            }
            if first.plies > d.candidates.last().unwrap().plies {
                looked_deeper += 1;
            }
        }
        // Only a deeper analysis looks again at some of the plays.
        assert_eq!(looked_deeper > 0, depth >= Depth::TwoPly, "{depth:?}");
        // The text lists a marked play's candidates under it, the played one starred.
        let marked = analysis
            .games
            .iter()
            .flat_map(|g| &g.decisions)
            .find(|d| d.mark != Mark::None && d.kind == DecisionKind::Checker)
            .expect("a marked play");
        let text = analysis.to_text();
        let lines: Vec<&str> = text.lines().collect();
        let at = lines
            .iter()
            .position(|l| {
                l.starts_with(&format!("  {} ", marked.side))
                    && l.contains(&format!(": {} ", marked.played))
            })
            .expect("the marked play's line");
        let listed = &lines[at + 1..at + 1 + marked.candidates.len()];
        assert!(
            listed[0].trim_start().starts_with(&marked.best),
            "{listed:?}"
        );
        let starred: Vec<&&str> = listed
            .iter()
            .filter(|l| l.trim_start().starts_with('*'))
            .collect();
        assert_eq!(starred.len(), 1, "{listed:?}");
        assert!(starred[0].contains(&marked.played), "{listed:?}");
    }
}

#[test]
fn every_cube_error_is_in_one_of_gnu_backgammons_kinds() {
    let mut kinds_seen = [0u32; 6];
    for n in 1..=8 {
        let analysis = analyse_match(&evaluator(), &reference_match(n), Depth::OnePly);
        for player in &analysis.players {
            let e = &player.cube_errors;
            let tallies = [
                e.missed_doubles_below_cash,
                e.missed_doubles_above_cash,
                e.wrong_doubles_below_double_point,
                e.wrong_doubles_above_too_good,
                e.wrong_takes,
                e.wrong_passes,
            ];
            // The kinds share out the cube decisions that gave something away: as many,
            // and the same loss, as the player's cube errors
            let errors = analysis
                .games
                .iter()
                .flat_map(|g| &g.decisions)
                .filter(|d| d.side == player.side && d.kind == DecisionKind::Cube && d.loss > 0.0);
            assert_eq!(
                tallies.iter().map(|t| t.count).sum::<u32>() as usize,
                errors.count()
            );
            let summed: f64 = tallies.iter().map(|t| t.total_loss).sum();
            assert!((summed - player.cube.total_loss).abs() < 1e-9, "match {n}");
            let cost: f64 = tallies.iter().map(|t| t.cost).sum();
            assert!((cost - player.cube.cost).abs() < 1e-9, "match {n}");
            for (seen, tally) in kinds_seen.iter_mut().zip(tallies) {
                *seen += tally.count;
            }
        }
    }
    // These matches hold errors of most kinds (at 1-ply: all but a double missed past
    // the cash point)
    assert!(
        kinds_seen.iter().filter(|&&n| n > 0).count() >= 5,
        "{kinds_seen:?}"
    );
    assert!(
        analyse_match(&evaluator(), &reference_match(3), Depth::OnePly)
            .to_text()
            .contains("  wrong passes ")
    );
}

/// Reference match `n` (a 7-point match GNU Backgammon played against itself), replayed.
fn reference_match(n: u32) -> Match {
    let path = format!(
        "{}/tests/data/gnubg_analysis/match-{n}.mat",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).expect("the reference match is there");
    read_mat(&text)
        .expect("the reference match replays")
        .replayed
}

/// The `count` shares of `m` judged at `depth` by analysers of their own, last first.
fn judged_shares(
    evaluator: &Evaluator,
    m: &Match,
    depth: Depth,
    count: usize,
) -> Vec<AnalysisShare> {
    (0..count)
        .rev()
        .map(|index| {
            let share = Share::new(index, count).expect("a share below the count");
            Analyser::of_share(evaluator, m, depth, share).finish_share()
        })
        .collect()
}

#[test]
fn shares_judged_apart_make_the_very_analysis_one_analyser_gives() {
    // Given a 7-point reference match and its analysis by one analyser
    let evaluator = evaluator();
    let m = reference_match(1);
    let whole = Analyser::new(&evaluator, &m, Depth::OnePly);
    let total = whole.total();
    let expected = Analyser::new(&evaluator, &m, Depth::OnePly).finish();
    for count in [2, 3] {
        // When it is cut into 2 or 3 interleaved shares, each judged by an analyser of
        // its own, in another order
        let shares = judged_shares(&evaluator, &m, Depth::OnePly, count);
        // Then the shares cover the match about evenly (whole turns each: a play with
        // the cube decision before it)
        let sizes: Vec<usize> = shares.iter().map(|s| s.judged.len()).collect();
        assert_eq!(sizes.iter().sum::<usize>(), total);
        // (each share's analyser knowing the whole match's count)
        let share = Share::new(count - 1, count).expect("a share below the count");
        assert_eq!(
            Analyser::of_share(&evaluator, &m, Depth::OnePly, share).match_total(),
            total
        );
        let even = total as f64 / count as f64;
        let near = |n: usize| (n as f64 - even).abs() < 0.05 * even;
        assert!(sizes.iter().copied().all(near), "{sizes:?}");
        // And put together they are the analysis, games in order and figures recomputed
        assert_eq!(
            whole.assemble(&shares),
            Ok(expected.clone()),
            "{count} shares"
        );
    }
    // And so is the analysis on several threads
    let two = std::num::NonZeroUsize::new(2).expect("two");
    assert_eq!(
        gamao::ai::analysis::analyse_match_on(&evaluator, &m, Depth::OnePly, two),
        expected
    );
}

#[test]
fn a_judged_share_goes_through_serde_unchanged() {
    let evaluator = evaluator();
    let m = reference_match(8);
    for share in judged_shares(&evaluator, &m, Depth::ZeroPly, 2) {
        let value = serde_json::to_value(&share).expect("a share serialises");
        let back: AnalysisShare = serde_json::from_value(value).expect("and reads back");
        assert_eq!(back, share);
    }
}

#[test]
fn shares_that_do_not_make_up_the_match_are_refused_and_change_nothing() {
    // Given a match cut into two judged shares
    let evaluator = evaluator();
    let m = reference_match(8);
    let whole = Analyser::new(&evaluator, &m, Depth::ZeroPly);
    let total = whole.total();
    let [odd, even] =
        <[AnalysisShare; 2]>::try_from(judged_shares(&evaluator, &m, Depth::ZeroPly, 2))
            .expect("two shares");
    let with = |share: &AnalysisShare, change: &dyn Fn(&mut AnalysisShare)| {
        let mut changed = share.clone();
        change(&mut changed);
        changed
    };
    // When they are put together wrongly, then each wrong is named
    let refusals = [
        (vec![even.clone()], ShareError::Missing { at: 1 }),
        (
            vec![even.clone(), even.clone(), odd.clone()],
            ShareError::JudgedTwice { at: 0 },
        ),
        (
            vec![even.clone(), with(&odd, &|s| s.index = 2)],
            ShareError::BadShare { index: 2, count: 2 },
        ),
        (
            vec![even.clone(), with(&odd, &|s| s.count = 0)],
            ShareError::BadShare { index: 1, count: 0 },
        ),
        (
            vec![even.clone(), with(&odd, &|s| s.judged[0].at = total + 1)],
            ShareError::OutOfRange {
                at: total + 1,
                total,
            },
        ),
        (
            vec![even.clone(), with(&odd, &|s| s.judged[0].at = 0)],
            ShareError::NotInShare {
                at: 0,
                index: 1,
                count: 2,
            },
        ),
        (
            vec![
                even.clone(),
                with(&odd, &|s| {
                    s.judged[0].decisions = s.judged[1].decisions.clone()
                }),
            ],
            ShareError::Mismatched { at: 1 },
        ),
        (
            vec![
                even.clone(),
                with(&odd, &|s| s.fingerprint = "0".repeat(16)),
            ],
            ShareError::WrongMatch,
        ),
    ];
    for (shares, error) in refusals {
        assert_eq!(whole.assemble(&shares), Err(error.clone()), "{error}");
    }
    // A share of the same match judged at another depth belongs to another analysis.
    let deeper = Analyser::new(&evaluator, &m, Depth::OnePly);
    assert_eq!(
        deeper.assemble(&[even.clone(), odd.clone()]),
        Err(ShareError::WrongMatch)
    );
    // And the right shares still make the analysis afterwards
    assert_eq!(
        whole.assemble(&[odd, even]),
        Ok(analyse_match(&evaluator, &m, Depth::ZeroPly))
    );
}

#[test]
fn analyse_gives_the_same_thorough_json_on_one_thread_and_on_two() {
    let mat = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/gnubg_analysis/match-1.mat"
    );
    let run = |threads: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_gamao"))
            .args(["analyse", "--json", "--threads", threads, mat])
            .output()
            .expect("gamao runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        (
            out.stdout,
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (one, said) = run("1");
    let (two, said_two) = run("2");
    assert!(one.len() > 1000);
    assert!(one == two, "the JSON differs between 1 and 2 threads");
    // The default analysis is the thorough one
    let json: serde_json::Value = serde_json::from_slice(&one).expect("JSON");
    assert_eq!(json["plies"], 3);
    assert!(said.contains("on 1 thread"), "{said}");
    assert!(said_two.contains("on 2 threads"), "{said_two}");
    let refused = std::process::Command::new(env!("CARGO_BIN_EXE_gamao"))
        .args(["analyse", "--threads", "0", mat])
        .output()
        .expect("gamao runs");
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--threads"));
}
