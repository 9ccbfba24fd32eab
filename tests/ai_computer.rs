//! The computer as a player: legal actions in every phase, clear cube decisions, and the
//! expert's cube decisions on its 2-ply chances, checked on GNU Backgammon's judged ones.

use gamao::ai::{
    parse_judged_cubes, Computer, CubeAction, CubeAdvice, CubeSituation, Evaluator, Level, Score,
    Searcher,
};
use gamao::match_play::{Action, GameSetup, Match, MatchLength, MatchOptions, Phase};
use gamao::notation::PositionId;
use gamao::pos;
use gamao::rules::{Position, RuleSet, SeededDice, Side, WinKind};

fn evaluator() -> Evaluator {
    Evaluator::shipped().expect("the shipped weights load")
}

fn money() -> MatchOptions {
    let mut options = MatchOptions::seed_000(MatchLength::Unlimited);
    options.time_control = gamao::clock::TimeControl::None;
    options
}

/// A money game starting from `position`, `side` on roll before rolling.
fn from(position: Position, side: Side) -> Match {
    Match::from_setup(money(), GameSetup::new(position, side)).expect("a legal setup")
}

#[test]
fn computers_play_a_whole_match_with_legal_actions_only() {
    let evaluator = evaluator();
    let players = [
        Computer::new(&evaluator, Level::Intermediate, 1),
        Computer::new(&evaluator, Level::Beginner, 2),
    ];
    let mut options = MatchOptions::seed_000(MatchLength::Points(3));
    options.time_control = gamao::clock::TimeControl::None;
    let mut m = Match::new(options).unwrap();
    let mut dice = SeededDice::new(5);
    let mut actions = 0;
    loop {
        let phase = m.phase();
        let (side, todo) = match phase {
            Phase::MatchOver { .. } => break,
            Phase::OpeningRoll | Phase::GameOver { .. } => (Side::White, vec![Action::OpeningRoll]),
            _ => {
                let side = phase.acting_side().expect("someone acts in a game");
                (side, players[side.index()].actions(&m, side))
            }
        };
        assert!(!todo.is_empty(), "no action in {phase:?}");
        for action in todo {
            m.act(side, action, 0, &mut dice)
                .unwrap_or_else(|e| panic!("{action} refused: {e}"));
            actions += 1;
        }
        assert!(actions < 5_000);
    }
    assert!(matches!(m.phase(), Phase::MatchOver { .. }));
}

#[test]
fn an_obvious_pass_is_dropped_and_an_obvious_take_taken() {
    let evaluator = evaluator();
    let computer = Computer::new(&evaluator, Level::Expert, 0);
    // White (on roll) has a closed board with Red on the bar and five more back: pass.
    let crushing = pos!(x 1:2, 2:2, 3:2, 4:2, 5:2, 6:3, 8:2; o bar:1, 24:2, 23:2, 13:5, 12:5);
    let mut m = from(crushing, Side::White);
    m.act(Side::White, Action::Double, 0, &mut SeededDice::new(0))
        .unwrap();
    assert_eq!(computer.actions(&m, Side::Red), vec![Action::Drop]);
    // The opening position after a small lead: take.
    let mut even = from(Position::start(), Side::White);
    even.act(Side::White, Action::Double, 0, &mut SeededDice::new(0))
        .unwrap();
    assert_eq!(computer.actions(&even, Side::Red), vec![Action::Take]);
}

#[test]
fn the_computer_does_not_double_the_start_and_plays_on_when_too_good() {
    let evaluator = evaluator();
    let computer = Computer::new(&evaluator, Level::Expert, 0);
    let start = from(Position::start(), Side::White);
    assert_eq!(computer.actions(&start, Side::White), vec![Action::Roll]);
    // White is bearing off against a Red army still back home and on the bar: the
    // gammon is likely, so White rolls on instead of cashing.
    let gammonish = pos!(x 1:3, 2:3, 3:3, 4:3, 5:3; o bar:2, 6:4, 7:3, 8:3, 12:3);
    let m = from(gammonish, Side::White);
    assert_eq!(computer.actions(&m, Side::White), vec![Action::Roll]);
}

#[test]
fn a_hopeless_side_resigns_and_the_winner_accepts_the_right_level() {
    let evaluator = evaluator();
    let computer = Computer::new(&evaluator, Level::Expert, 0);
    // Red (on roll) has 15 checkers far from home; White has one checker left on its
    // 1-point (Red's 24): White bears off next roll and Red is gammoned.
    let lost = pos!(x 13:5, 14:5, 15:5; o 24:1);
    let m = from(lost, Side::Red);
    let offered = computer.actions(&m, Side::Red);
    assert_eq!(
        offered,
        vec![Action::OfferResignation {
            level: WinKind::Gammon
        }]
    );
    let mut m = m;
    m.act(Side::Red, offered[0], 0, &mut SeededDice::new(0))
        .unwrap();
    assert_eq!(
        computer.actions(&m, Side::White),
        vec![Action::AcceptResignation]
    );
}

/// The side on roll's cube advice in a money game, cube centred, looked at `plies` deep.
fn advice_at(evaluator: &Evaluator, position: &Position, plies: u8) -> CubeAdvice {
    let situation = CubeSituation::centred(Score::Money, position.is_race());
    Searcher::new(evaluator, 0)
        .cube_advice_at(position, RuleSet::STANDARD, &situation, plies)
        .advice
}

/// The expert's cube advice in a money game, cube centred.
fn expert_advice(evaluator: &Evaluator, position: &Position) -> CubeAdvice {
    let situation = CubeSituation::centred(Score::Money, position.is_race());
    Searcher::new(evaluator, 0)
        .level_cube_advice(position, RuleSet::STANDARD, &situation, Level::Expert)
        .advice
}

/// Whether `advice` doubles (the double is taken or passed).
fn doubles(advice: &CubeAdvice) -> bool {
    matches!(
        advice.action,
        CubeAction::DoubleTake | CubeAction::DoublePass
    )
}

#[test]
fn the_expert_doubles_and_answers_on_its_own_look_ahead_where_one_ply_misjudges() {
    // Every judged cube decision (GNU Backgammon 2-ply, tests/data/gnubg_strength_cube.txt)
    // where this evaluator's 1-ply look gets the double or the answer wrong and the
    // expert's (2-ply, 3-ply where close) gets it right: the expert acts on its own.
    let evaluator = evaluator();
    let computer = Computer::new(&evaluator, Level::Expert, 0);
    let judged = parse_judged_cubes(include_str!("data/gnubg_strength_cube.txt"))
        .expect("the judged cube decisions parse");
    let (mut doubles_mended, mut answers_mended) = (0, 0);
    for cube in &judged {
        let one = advice_at(&evaluator, &cube.position, 1);
        let expert = expert_advice(&evaluator, &cube.position);
        let judge_doubles = cube.double_take.min(cube.double_pass) > cube.no_double;
        let judge_takes = cube.double_take <= cube.double_pass;
        let id = PositionId(cube.position);
        if doubles(&one) != judge_doubles && doubles(&expert) == judge_doubles {
            doubles_mended += 1;
            let m = from(cube.position, Side::White);
            let expected = if judge_doubles {
                Action::Double
            } else {
                Action::Roll
            };
            assert_eq!(computer.actions(&m, Side::White), vec![expected], "{id}");
            // The advice it goes by (the page's hint gives it) is the same.
            assert_eq!(computer.cube_look(&m, Side::White).advice, expert, "{id}");
        }
        if one.take != judge_takes && expert.take == judge_takes {
            answers_mended += 1;
            let mut m = from(cube.position, Side::White);
            m.act(Side::White, Action::Double, 0, &mut SeededDice::new(0))
                .unwrap();
            let expected = if judge_takes {
                Action::Take
            } else {
                Action::Drop
            };
            assert_eq!(computer.actions(&m, Side::Red), vec![expected], "{id}");
            assert_eq!(
                computer.cube_look(&m, Side::White).advice.take,
                judge_takes,
                "{id}"
            );
        }
    }
    // Otherwise the set shows nothing that the expert's look mends (N0 looking ahead
    // cubefully: 22 doubles and 9 answers of the 300 decisions).
    assert!(doubles_mended > 0, "no double that the expert's look mends");
    assert!(answers_mended > 0, "no answer that the expert's look mends");
}
