//! Every action in every phase, by each side: the legal ones succeed, every other one
//! is refused with an error and changes nothing (not even the dice drawn).

mod common;

use common::{act, every_action, move_any, roll_and_move, ScriptedDice, PROBE_STEP};
use gamao::clock::TimeControl;
use gamao::match_play::{
    Action, ActionError, GameSetup, Match, MatchLength, MatchOptions, Phase, ResignationStyle,
};
use gamao::rules::{Position, Side, WinKind};

fn options(style: ResignationStyle) -> MatchOptions {
    let mut o = MatchOptions::seed_000(MatchLength::Points(5));
    o.time_control = TimeControl::None;
    o.resignation = style;
    o
}

fn white_deciding(style: ResignationStyle) -> Match {
    Match::from_setup(
        options(style),
        GameSetup::new(Position::start(), Side::White),
    )
    .unwrap()
}

/// One match in each phase, with the actions legal there for each side.
fn every_phase(style: ResignationStyle) -> Vec<(Match, Vec<(Side, Action)>)> {
    let always = |extra: Vec<(Side, Action)>, in_game: bool| {
        let mut legal = extra;
        for side in Side::BOTH {
            legal.push((side, Action::ForfeitMatch));
            legal.push((side, Action::SetAutoRoll { on: true }));
            if in_game && style == ResignationStyle::Direct {
                legal.push((side, Action::Resign));
            }
        }
        legal
    };
    let offers = |side: Side| -> Vec<(Side, Action)> {
        if style == ResignationStyle::Offered {
            [WinKind::Single, WinKind::Gammon, WinKind::Backgammon]
                .map(|level| (side, Action::OfferResignation { level }))
                .to_vec()
        } else {
            Vec::new()
        }
    };
    let mut none = ScriptedDice::new(&[]);
    let mut phases = Vec::new();

    let opening = Match::new(options(style)).unwrap();
    phases.push((
        opening,
        always(Side::BOTH.map(|s| (s, Action::OpeningRoll)).to_vec(), false),
    ));

    let deciding = white_deciding(style);
    let mut legal = vec![(Side::White, Action::Roll), (Side::White, Action::Double)];
    legal.extend(offers(Side::White));
    phases.push((deciding.clone(), always(legal, true)));

    let mut offered = deciding.clone();
    act(&mut offered, Side::White, Action::Double, 0, &mut none);
    phases.push((
        offered,
        always(
            vec![(Side::Red, Action::Take), (Side::Red, Action::Drop)],
            true,
        ),
    ));

    if style == ResignationStyle::Offered {
        let mut resigning = deciding.clone();
        let offer = Action::OfferResignation {
            level: WinKind::Single,
        };
        act(&mut resigning, Side::White, offer, 0, &mut none);
        phases.push((
            resigning,
            always(
                vec![
                    (Side::Red, Action::AcceptResignation),
                    (Side::Red, Action::DeclineResignation),
                ],
                true,
            ),
        ));
    }

    let mut moving = deciding.clone();
    act(
        &mut moving,
        Side::White,
        Action::Roll,
        0,
        &mut ScriptedDice::new(&[[3, 1]]),
    );
    phases.push((
        moving.clone(),
        always(vec![(Side::White, PROBE_STEP)], true),
    ));

    let mut complete = moving;
    move_any(&mut complete, Side::White, 0);
    phases.push((
        complete,
        always(
            vec![
                (Side::White, Action::UndoStep),
                (Side::White, Action::EndTurn),
            ],
            true,
        ),
    ));

    let mut over = deciding;
    act(&mut over, Side::White, Action::Double, 0, &mut none);
    act(&mut over, Side::Red, Action::Drop, 0, &mut none);
    phases.push((
        over.clone(),
        always(Side::BOTH.map(|s| (s, Action::OpeningRoll)).to_vec(), false),
    ));

    let mut match_over = over;
    act(
        &mut match_over,
        Side::White,
        Action::ForfeitMatch,
        0,
        &mut none,
    );
    phases.push((match_over, Vec::new()));
    phases
}

fn check_every_action(style: ResignationStyle) {
    for (m, legal) in every_phase(style) {
        for side in Side::BOTH {
            for action in every_action() {
                let mut tried = m.clone();
                let mut dice = ScriptedDice::new(&[[3, 1], [5, 2]]);
                let outcome = tried.act(side, action, 0, &mut dice);
                let context = format!("{side} {action} in {:?} ({style:?})", m.phase());
                if legal.contains(&(side, action)) {
                    assert!(outcome.is_ok(), "{context} should be legal: {outcome:?}");
                } else {
                    assert!(outcome.is_err(), "{context} should be refused");
                    assert_eq!(tried, m, "{context} changed the match");
                    assert_eq!(dice.left(), 4, "{context} rolled the dice");
                }
            }
        }
    }
}

/// The view's choices say exactly what `act` accepts, in every phase.
fn check_choices(style: ResignationStyle) {
    for (m, legal) in every_phase(style) {
        for side in Side::BOTH {
            let c = m.choices(side, 0);
            let may = |action| legal.contains(&(side, action));
            let context = format!("{side} in {:?} ({style:?})", m.phase());
            let opening = m.phase() == Phase::OpeningRoll && may(Action::OpeningRoll);
            assert_eq!(c.roll, may(Action::Roll) || opening, "roll: {context}");
            assert_eq!(c.double, may(Action::Double), "double: {context}");
            assert_eq!(c.take, may(Action::Take), "take: {context}");
            assert_eq!(
                c.answer_resignation,
                may(Action::AcceptResignation),
                "answer: {context}"
            );
            assert_eq!(c.undo, may(Action::UndoStep), "undo: {context}");
            assert_eq!(c.end_turn, may(Action::EndTurn), "end turn: {context}");
            assert_eq!(c.forfeit, may(Action::ForfeitMatch), "forfeit: {context}");
            assert_eq!(c.move_checkers, may(PROBE_STEP), "move: {context}");
            assert!(!c.claim_win, "claim: {context}");
            let offered: Vec<WinKind> = legal
                .iter()
                .filter_map(|&(s, a)| match a {
                    Action::OfferResignation { level } if s == side => Some(level),
                    _ => None,
                })
                .collect();
            let resign: Vec<WinKind> = c.resign.iter().map(|r| r.level).collect();
            if may(Action::Resign) {
                assert_eq!(resign.len(), 1, "direct resignation: {context}");
            } else {
                assert_eq!(resign, offered, "resignation levels: {context}");
            }
        }
    }
}

#[test]
fn the_views_choices_are_what_the_match_accepts_with_offered_resignations() {
    check_choices(ResignationStyle::Offered);
}

#[test]
fn the_views_choices_are_what_the_match_accepts_with_direct_resignation() {
    check_choices(ResignationStyle::Direct);
}

#[test]
fn every_illegal_action_is_refused_without_change_with_offered_resignations() {
    check_every_action(ResignationStyle::Offered);
}

#[test]
fn every_illegal_action_is_refused_without_change_with_direct_resignation() {
    check_every_action(ResignationStyle::Direct);
}

#[test]
fn the_wrong_side_gets_a_wrong_side_error() {
    let mut m = white_deciding(ResignationStyle::Offered);
    let before = m.clone();
    let mut dice = ScriptedDice::new(&[[3, 1]]);
    assert_eq!(
        m.act(Side::Red, Action::Roll, 0, &mut dice),
        Err(ActionError::WrongSide { side: Side::Red })
    );
    assert_eq!(m, before);
}

#[test]
fn ending_a_turn_with_dice_left_is_refused() {
    let mut m = white_deciding(ResignationStyle::Offered);
    roll_and_move(&mut m, Side::White, [3, 1], 0);
    act(
        &mut m,
        Side::White,
        Action::UndoStep,
        0,
        &mut ScriptedDice::new(&[]),
    );
    let before = m.clone();
    assert_eq!(
        m.act(Side::White, Action::EndTurn, 0, &mut ScriptedDice::new(&[])),
        Err(ActionError::TurnNotComplete)
    );
    assert_eq!(m, before);
}

#[test]
fn an_illegal_step_is_refused_with_the_rule_it_breaks() {
    let mut m = white_deciding(ResignationStyle::Offered);
    act(
        &mut m,
        Side::White,
        Action::Roll,
        0,
        &mut ScriptedDice::new(&[[6, 5]]),
    );
    let before = m.clone();
    let outcome = m.act(
        Side::White,
        Action::Step { from: 13, die: 4 },
        0,
        &mut ScriptedDice::new(&[]),
    );
    assert!(matches!(outcome, Err(ActionError::IllegalStep { .. })));
    assert_eq!(m, before);
}

#[test]
fn time_going_backwards_is_refused() {
    let mut m = white_deciding(ResignationStyle::Offered);
    act(
        &mut m,
        Side::White,
        Action::Roll,
        5_000,
        &mut ScriptedDice::new(&[[3, 1]]),
    );
    let before = m.clone();
    assert_eq!(
        m.act(Side::White, PROBE_STEP, 4_999, &mut ScriptedDice::new(&[])),
        Err(ActionError::TimeWentBackwards {
            last_ms: 5_000,
            now_ms: 4_999
        })
    );
    assert_eq!(
        m.tick(10),
        Err(ActionError::TimeWentBackwards {
            last_ms: 5_000,
            now_ms: 10
        })
    );
    assert_eq!(m, before);
    assert_eq!(m.phase(), Phase::Moving { side: Side::White });
}
