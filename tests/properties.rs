//! Properties over thousands of positions from seeded random games.

use std::collections::BTreeSet;

use gamao::notation::{PlayString, PositionId};
use gamao::rng::Rng;
use gamao::rules::{Dice, MoveGen, Position, RuleSet, Step, TurnSteps, BAR, CHECKERS};
use gamao::sample::{random_dice, random_game_positions};

const POSITIONS: usize = 3000;

fn samples() -> Vec<(Position, Dice)> {
    let mut rng = Rng::seeded(99);
    random_game_positions(17, POSITIONS)
        .into_iter()
        .map(|p| (p, random_dice(&mut rng)))
        .collect()
}

/// A deliberately naive reference: every order of every die, every checker, no pruning;
/// then the must-play rules applied to the whole set.
fn naive_results(position: &Position, dice: Dice, rules: RuleSet) -> BTreeSet<u128> {
    fn walk(
        board: &mut Position,
        left: &mut Vec<u8>,
        made: &mut Vec<Step>,
        out: &mut Vec<(Vec<Step>, u128)>,
    ) {
        let mut moved = false;
        for i in 0..left.len() {
            let die = left.remove(i);
            for from in 1..=BAR {
                if let Ok(step) = board.check_step(from, die) {
                    moved = true;
                    board.apply_step_unchecked(step);
                    made.push(step);
                    walk(board, left, made, out);
                    made.pop();
                    board.undo_step_unchecked(step);
                }
            }
            left.insert(i, die);
        }
        if !moved {
            out.push((made.clone(), board.key()));
        }
    }
    let (a, b) = dice.values();
    let mut left = if dice.is_double() {
        vec![a; 4]
    } else {
        vec![a, b]
    };
    let mut sequences = Vec::new();
    walk(
        &mut position.clone(),
        &mut left,
        &mut Vec::new(),
        &mut sequences,
    );
    let most = sequences.iter().map(|(s, _)| s.len()).max().unwrap_or(0);
    sequences.retain(|(s, _)| s.len() == most);
    if most == 1 && !dice.is_double() && sequences.iter().any(|(s, _)| s[0].die == a) {
        sequences.retain(|(s, _)| s[0].die == a);
    }
    if rules.minimise_wasted_pips {
        let waste = |s: &Vec<Step>| s.iter().map(|st| st.wasted_pips()).sum::<u8>();
        let least = sequences.iter().map(|(s, _)| waste(s)).min().unwrap_or(0);
        sequences.retain(|(s, _)| waste(s) == least);
    }
    sequences.into_iter().map(|(_, key)| key).collect()
}

fn generated_results(position: &Position, dice: Dice, rules: RuleSet) -> BTreeSet<u128> {
    MoveGen::new()
        .generate(position, dice, rules)
        .iter()
        .map(|l| l.position.key())
        .collect()
}

#[test]
fn every_position_keeps_fifteen_checkers_a_side() {
    for (position, _) in samples() {
        let setup = position.to_setup();
        let mover = setup.mover.on_board() + u32::from(position.mover_off());
        let opponent = setup.opponent.on_board() + u32::from(position.opponent_off());
        assert_eq!(
            (mover, opponent),
            (u32::from(CHECKERS), u32::from(CHECKERS))
        );
        assert_eq!(Position::from_setup(&setup), Ok(position));
    }
}

#[test]
fn generated_plays_are_exactly_the_legal_maximal_plays() {
    for rules in [RuleSet::STANDARD, RuleSet::SEED_001] {
        for (position, dice) in samples() {
            let generated = generated_results(&position, dice, rules);
            let plays = position.legal_plays(dice, rules);
            assert_eq!(
                generated.len(),
                plays.len(),
                "duplicates in {}",
                PositionId(position)
            );
            assert_eq!(
                generated,
                naive_results(&position, dice, rules),
                "{} {dice}",
                PositionId(position)
            );
        }
    }
}

#[test]
fn every_roll_of_many_positions_matches_the_naive_reference() {
    for position in random_game_positions(5, 300) {
        for dice in Dice::ALL {
            assert_eq!(
                generated_results(&position, dice, RuleSet::STANDARD),
                naive_results(&position, dice, RuleSet::STANDARD),
                "{} {dice}",
                PositionId(position)
            );
        }
    }
}

#[test]
fn step_by_step_legality_reaches_exactly_the_generated_plays() {
    fn finish(turn: &TurnSteps, out: &mut BTreeSet<u128>) {
        if turn.is_complete() {
            out.insert(turn.current().key());
            return;
        }
        let next = turn.legal_next_steps();
        assert!(
            !next.is_empty(),
            "an incomplete turn must have a legal next step"
        );
        for step in next {
            let mut deeper = turn.clone();
            deeper
                .make_step(step.from, step.die)
                .expect("a listed step is accepted");
            finish(&deeper, out);
        }
    }
    for rules in [RuleSet::STANDARD, RuleSet::SEED_001] {
        for (position, dice) in samples().into_iter().take(1500) {
            let mut reached = BTreeSet::new();
            finish(&TurnSteps::new(position, dice, rules), &mut reached);
            assert_eq!(
                reached,
                generated_results(&position, dice, rules),
                "{}",
                PositionId(position)
            );
        }
    }
}

#[test]
fn applying_then_undoing_a_play_is_identity() {
    for (position, dice) in samples() {
        for play in position.legal_plays(dice, RuleSet::STANDARD) {
            let mut board = position;
            board
                .apply_play(&play)
                .expect("generated plays are legal step by step");
            board.undo_play_unchecked(&play);
            assert_eq!(board, position);
        }
    }
}

#[test]
fn position_ids_round_trip() {
    for (position, _) in samples() {
        let id = PositionId(position).to_string();
        assert_eq!(id.len(), 14);
        let parsed: PositionId = id.parse().expect("our own IDs parse");
        assert_eq!(parsed.0, position);
        assert_eq!(parsed.to_string(), id);
        let flipped = PositionId(position.flipped()).to_string();
        assert_eq!(
            flipped.parse::<PositionId>().map(|p| p.0.flipped()),
            Ok(position)
        );
    }
}

#[test]
fn play_strings_round_trip_to_the_same_play() {
    for (position, dice) in samples() {
        for play in position.legal_plays(dice, RuleSet::STANDARD) {
            let text = PlayString::from_play(&play).to_string();
            let parsed: PlayString = text.parse().expect("our own play strings parse");
            assert_eq!(parsed.to_string(), text);
            let resolved = parsed
                .to_play(&position, dice, RuleSet::STANDARD)
                .expect("resolves");
            let (mut a, mut b) = (position, position);
            a.apply_play(&play).unwrap();
            b.apply_play(&resolved).unwrap();
            assert_eq!(a, b, "{text}");
        }
    }
}
