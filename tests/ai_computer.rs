//! The computer as a player: legal actions in every phase, clear cube decisions, and the
//! expert's cube decisions on its 2-ply chances.

use gamao::ai::{
    cube_advice, Computer, CubeAction, CubeAdvice, CubeHolder, CubeSituation, Evaluator, Level,
    Score, Searcher, Weights,
};
use gamao::match_play::{Action, GameSetup, Match, MatchLength, MatchOptions, Phase};
use gamao::notation::PositionId;
use gamao::pos;
use gamao::rules::{Position, RuleSet, SeededDice, Side, WinKind};

fn evaluator() -> Evaluator {
    Evaluator::new(Weights::builtin().expect("shipped weights load"))
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

/// The side on roll's cube advice in a money game, cube centred, on `plies`-deep chances.
fn advice_at(evaluator: &Evaluator, position: &Position, plies: u8) -> CubeAdvice {
    let chances = Searcher::new(evaluator, 0).chances_at(position, RuleSet::STANDARD, plies);
    let situation = CubeSituation {
        value: 1,
        holder: CubeHolder::Centred,
        score: Score::Money,
        race: position.is_race(),
    };
    cube_advice(&chances, &situation)
}

#[test]
fn the_expert_doubles_and_passes_on_its_two_ply_chances_where_one_ply_misjudges() {
    // Two of the judged cube decisions (tests/data/gnubg_strength_cube.txt) where GNU
    // Backgammon 2-ply agrees with this evaluator's 2-ply chances, not its 1-ply ones.
    let evaluator = evaluator();
    let computer = Computer::new(&evaluator, Level::Expert, 0);
    let id = |id: &str| id.parse::<PositionId>().expect("a valid Position ID").0;
    // A double and take (the judge: no double 0.278, double/take 0.319) that 1-ply
    // chances see as no double.
    let double = id("3HYWAUDbtgUAGA");
    assert_eq!(
        advice_at(&evaluator, &double, 1).action,
        CubeAction::NoDouble
    );
    assert_eq!(
        advice_at(&evaluator, &double, 2).action,
        CubeAction::DoubleTake
    );
    let m = from(double, Side::White);
    assert_eq!(computer.actions(&m, Side::White), vec![Action::Double]);
    // The advice it goes by (the page's hint gives it) is its 2-ply advice.
    assert_eq!(
        computer.cube_advice(&m, Side::White),
        advice_at(&evaluator, &double, 2)
    );
    // A pass (the judge: no double 0.893, double/take 1.038 for the doubler, double/pass
    // 1.0) that 1-ply chances see as a take.
    let pass = id("m+dBAAZ27gwDAA");
    assert!(advice_at(&evaluator, &pass, 1).take);
    assert!(!advice_at(&evaluator, &pass, 2).take);
    let mut m = from(pass, Side::White);
    m.act(Side::White, Action::Double, 0, &mut SeededDice::new(0))
        .unwrap();
    assert_eq!(computer.actions(&m, Side::Red), vec![Action::Drop]);
    assert!(!computer.cube_advice(&m, Side::White).take);
}
