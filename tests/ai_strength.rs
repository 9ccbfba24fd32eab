//! The strength benchmark's reference data (GNU Backgammon's judgements of its own
//! self-play decisions) and how choices are scored against it.

use gamao::ai::{
    is_crashed, parse_judged_cubes, parse_judged_plays, CubeAction, CubeAdvice, Evaluator,
    JudgedCube, JudgedPlay, Level, Searcher,
};
use gamao::notation::PositionId;
use gamao::rules::{MoveGen, RuleSet};

fn reference() -> Vec<JudgedPlay> {
    judged_plays("tests/data/gnubg_strength_moves.txt")
}

/// The decisions of GNU Backgammon's class "crashed" (`GAMAO_CLASS=crashed`).
fn crashed_reference() -> Vec<JudgedPlay> {
    judged_plays("tests/data/gnubg_strength_crashed.txt")
}

fn judged_plays(path: &str) -> Vec<JudgedPlay> {
    let text = std::fs::read_to_string(path).expect("the reference data is in the repository");
    parse_judged_plays(&text).expect("the reference data parses")
}

fn advice(action: CubeAction, take: bool) -> CubeAdvice {
    CubeAdvice {
        no_double: 0.0,
        double_take: 0.0,
        double_pass: 0.0,
        action,
        take,
    }
}

#[test]
fn a_bad_line_is_refused_with_its_number() {
    let text = "# comment\n4HPwATDgc/ABMA 31 4HPwATDgc/ABMA:0.1:0.2:x\n";
    let error = parse_judged_plays(text).unwrap_err();
    assert_eq!(error.line, 2);
    assert!(error.problem.contains("bad equity"), "{error}");
    assert_eq!(
        parse_judged_cubes("4HPwATDgc/ABMA 0.1 0.2\n")
            .unwrap_err()
            .line,
        1
    );
    assert!(
        parse_judged_plays("4HPwATDgc/ABMA 31\n").is_err(),
        "no plays"
    );
}

#[test]
fn cube_errors_charge_the_doubler_and_the_taker_by_the_judges_equities() {
    // Given a proper double and take: no double 0.5, double/take 0.8, double/pass 1.0.
    let judged = JudgedCube {
        position: gamao::rules::Position::start(),
        no_double: 0.5,
        double_take: 0.8,
        double_pass: 1.0,
    };
    // Not doubling gives away 0.3; passing gives away 0.2.
    let (double, take) = judged.errors(&advice(CubeAction::NoDouble, false));
    assert!((double - 0.3).abs() < 1e-6 && (take - 0.2).abs() < 1e-6);
    // Doubling and taking give nothing away.
    assert_eq!(
        judged.errors(&advice(CubeAction::DoubleTake, true)),
        (0.0, 0.0)
    );
}

#[test]
fn the_judge_has_every_legal_play_of_every_decision() {
    let mut movegen = MoveGen::new();
    for (i, judged) in reference().iter().chain(&crashed_reference()).enumerate() {
        let plays = movegen.generate(&judged.position, judged.dice, RuleSet::STANDARD);
        assert_eq!(plays.len(), judged.plays.len(), "decision {}", i + 1);
        assert!(plays.iter().all(|p| judged.equity(p, 2).is_some()));
    }
}

#[test]
fn every_position_gnu_backgammon_calls_crashed_is_crashed_here() {
    let crashed = crashed_reference();
    assert_eq!(crashed.len(), 600);
    for judged in &crashed {
        assert!(!judged.position.is_race());
        assert!(
            is_crashed(&judged.position),
            "{}",
            PositionId(judged.position)
        );
    }
}

#[test]
fn the_levels_err_in_order_of_strength_on_the_judges_positions() {
    let evaluator = Evaluator::shipped().expect("the shipped weights load");
    let decisions = &reference()[..40];
    let mut movegen = MoveGen::new();
    let mean_error = |level: Level, movegen: &mut MoveGen| {
        let total: f32 = decisions
            .iter()
            .enumerate()
            .map(|(i, judged)| {
                let plays = movegen.generate(&judged.position, judged.dice, RuleSet::STANDARD);
                let plays = plays.to_vec();
                let chosen =
                    Searcher::new(&evaluator, i as u64).choose(&plays, RuleSet::STANDARD, level);
                judged.best(2) - judged.equity(&plays[chosen], 2).expect("judged")
            })
            .sum();
        total / decisions.len() as f32
    };
    let [beginner, intermediate, expert] = Level::ALL.map(|level| mean_error(level, &mut movegen));
    assert!(
        expert < intermediate && intermediate < beginner,
        "expert {expert}, intermediate {intermediate}, beginner {beginner}"
    );
}
