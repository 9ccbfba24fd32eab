//! The fast evaluation path against the straightforward one: the sparse encoding
//! against an encoder written plainly from its definition, the sparse forward pass
//! against the plain one, and the batch evaluation of a roll's plays against one play
//! at a time, over thousands of positions from random games; with the shipped weights
//! and with networks of other widths (256 and 199 hidden units).

use gamao::ai::{bearoff_chances, EXTRAS, INPUTS, SIDE_INPUTS};
use gamao::ai::{encode, encode_sparse, Evaluator, Probabilities, SparseInputs, Weights};
use gamao::ai::{Network, MAX_HIDDEN};
use gamao::rng::Rng;
use gamao::rules::{Dice, MoveGen, Position, RuleSet, CHECKERS};
use gamao::sample::random_game_positions;

/// Outputs may differ from the straightforward path by rounding only.
const TOLERANCE: f32 = 1e-5;

fn shipped() -> Evaluator {
    Evaluator::new(Weights::builtin().expect("the shipped weights load"))
}

/// The shipped weights, and random networks as wide as a network may be (contact) and
/// of a width that leaves a partial block of hidden units (race).
fn evaluators() -> [Evaluator; 2] {
    let mut rng = Rng::seeded(256);
    let wide = Weights {
        contact: Network::random(MAX_HIDDEN, &mut rng),
        race: Network::random(199, &mut rng),
    };
    [shipped(), Evaluator::new(wide)]
}

/// The encoding written plainly from its definition (see `gamao::ai::encode`).
fn plain_encoding(position: &Position) -> [f32; INPUTS] {
    let board = position.signed_counts();
    let mut out = [0.0; INPUTS];
    for side in 0..2 {
        // Checkers on point p (25 the bar, 0 the other's bar) in this side's numbering.
        let signed = |p: usize| if side == 0 { board[p] } else { -board[25 - p] };
        let own = |p: usize| signed(p).max(0) as u8;
        let other = |p: usize| (-signed(p)).max(0) as u8;
        let block = &mut out[side * SIDE_INPUTS..(side + 1) * SIDE_INPUTS];
        for p in 1..=24 {
            let n = own(p);
            let units = &mut block[(p - 1) * 4..p * 4];
            units[0] = if n >= 1 { 1.0 } else { 0.0 };
            units[1] = if n >= 2 { 1.0 } else { 0.0 };
            units[2] = if n >= 3 { 1.0 } else { 0.0 };
            units[3] = if n > 3 { f32::from(n - 3) / 2.0 } else { 0.0 };
        }
        let on_board: u32 = (1..=25).map(|p| u32::from(own(p))).sum();
        let pips: u32 = (1..=25).map(|p| p as u32 * u32::from(own(p))).sum();
        block[96] = f32::from(own(25)) / 2.0;
        block[97] = (u32::from(CHECKERS) - on_board) as f32 / 15.0;
        block[98] = pips as f32 / 167.0;
        block[99] = if (7..=25).all(|p| own(p) == 0) {
            1.0
        } else {
            0.0
        };
        block[100] = f32::from(plain_hitting_rolls(&own, &other)) / 36.0;
        block[101] = f32::from(plain_prime(&own, &other)) / 6.0;
        let extras = &mut out[2 * SIDE_INPUTS + side * EXTRAS..][..EXTRAS];
        extras.copy_from_slice(&plain_extras(&own, &other));
    }
    out
}

/// The extras of a side (`features.rs`), from their definitions: zero without contact;
/// otherwise trapped, containment (beyond trapped), dancing, double shots, contact pips
/// (pip count − pips to break contact), free pips, forward anchor, anchor spread, idle
/// points.
fn plain_extras(own: &dyn Fn(usize) -> u8, other: &dyn Fn(usize) -> u8) -> [f32; EXTRAS] {
    let their_rearmost = (0..=24).find(|&p| other(p) > 0);
    let rearmost = (1..=25).rev().find(|&p| own(p) > 0);
    let (Some(theirs), Some(rearmost)) = (their_rearmost, rearmost) else {
        return [0.0; EXTRAS];
    };
    if rearmost <= theirs {
        return [0.0; EXTRAS];
    }
    let made = |p: usize| (1..=24).contains(&p) && other(p) >= 2;
    let blot = |p: usize| (1..=24).contains(&p) && other(p) == 1;
    let trapped = plain_blocked_rolls(rearmost, &made);
    let contained = (1..=6)
        .filter(|&t| rearmost > t && !made(rearmost - t))
        .map(|t| plain_blocked_rolls(rearmost - t, &made))
        .fold(trapped, u32::max);
    // On the bar, the other's rearmost checker is as good as on the side's ace point.
    let theirs = theirs.max(1);
    let bar = usize::from(own(25));
    let dancing = if bar == 0 {
        0
    } else {
        Dice::ALL
            .iter()
            .filter(|dice| {
                let steps: Vec<usize> = match **dice {
                    Dice::Mixed(a, b) => vec![usize::from(a), usize::from(b)],
                    Dice::Double(d) => vec![usize::from(d); 4],
                };
                steps.iter().filter(|&&d| !made(25 - d)).count() < bar
            })
            .map(|dice| u32::from(dice.weight()))
            .sum()
    };
    let sources: Vec<usize> = if bar > 0 {
        vec![25]
    } else {
        (1..=25).filter(|&p| own(p) > 0).collect()
    };
    let hits = |d: usize| -> Vec<usize> {
        sources
            .iter()
            .filter(|&&s| s > d && blot(s - d))
            .map(|&s| s - d)
            .collect()
    };
    let double_shots: u32 = Dice::ALL
        .iter()
        .filter(|dice| match **dice {
            Dice::Mixed(a, b) => {
                let (a, b) = (usize::from(a), usize::from(b));
                let apart = hits(a).iter().any(|x| hits(b).iter().any(|y| x != y));
                let onward = hits(a).iter().any(|&x| x > b && blot(x - b))
                    || hits(b).iter().any(|&x| x > a && blot(x - a));
                apart || onward
            }
            Dice::Double(d) => {
                let d = usize::from(d);
                let mut reached = hits(d);
                for &s in &sources {
                    if s > 2 * d && !made(s - d) && blot(s - 2 * d) {
                        reached.push(s - 2 * d);
                    }
                }
                reached.sort_unstable();
                reached.dedup();
                reached.len() >= 2
            }
        })
        .map(|dice| u32::from(dice.weight()))
        .sum();
    let checkers = |range: std::ops::RangeInclusive<usize>, pips: &dyn Fn(usize) -> usize| {
        range.map(|p| usize::from(own(p)) * pips(p)).sum::<usize>()
    };
    let pips = checkers(1..=25, &|p| p);
    let break_contact = checkers(theirs..=25, &|p| p - theirs + 1);
    let free_pips = checkers(1..=theirs - 1, &|p| p);
    let anchors: Vec<usize> = (19..=24).filter(|&p| own(p) >= 2).collect();
    let (forward, spread) = match (anchors.first(), anchors.last()) {
        (Some(&advanced), Some(&rear)) => (25 - advanced, rear - advanced),
        _ => (0, 0),
    };
    let idle: usize = (1..theirs)
        .filter(|&p| own(p) >= 2)
        .map(|p| 2 * (p - 1))
        .sum();
    [
        trapped as f32 / 36.0,
        (contained - trapped) as f32 / 36.0,
        dancing as f32 / 36.0,
        double_shots as f32 / 36.0,
        (pips - break_contact) as f32 / 167.0,
        free_pips as f32 / 167.0,
        forward as f32 / 6.0,
        spread as f32 / 6.0,
        idle as f32 / 167.0,
    ]
}

/// Of the 36 rolls, those with which a lone checker on `from` cannot get past the
/// furthest point `made` by the other side in the 12 in front of it (0 if none), moving
/// only over open points within those 12 (beyond them every point counts as open).
fn plain_blocked_rolls(from: usize, made: &dyn Fn(usize) -> bool) -> u32 {
    let blocked = |d: usize| d <= 12 && from > d && made(from - d);
    let Some(furthest) = (1..=12).rev().find(|&d| blocked(d)) else {
        return 0;
    };
    let passes = |steps: &[usize]| {
        let mut travelled = 0;
        for &d in steps {
            travelled += d;
            if blocked(travelled) {
                return false;
            }
            if travelled > furthest {
                return true;
            }
        }
        false
    };
    let escapes: u32 = Dice::ALL
        .iter()
        .filter(|dice| match **dice {
            Dice::Mixed(a, b) => {
                let (a, b) = (usize::from(a), usize::from(b));
                passes(&[a, b]) || passes(&[b, a])
            }
            Dice::Double(d) => passes(&[usize::from(d); 4]),
        })
        .map(|dice| u32::from(dice.weight()))
        .sum();
    36 - escapes
}

/// Of the 36 rolls, those that would let a side hit a blot, directly or with
/// intermediate landings on points the other side does not hold; from the bar only.
fn plain_hitting_rolls(own: &dyn Fn(usize) -> u8, other: &dyn Fn(usize) -> u8) -> u8 {
    let sources: Vec<usize> = if own(25) > 0 {
        vec![25]
    } else {
        (1..=25).filter(|&p| own(p) > 0).collect()
    };
    let open = |p: usize| other(p) < 2;
    let reaches = |from: usize, to: usize, dice: Dice| {
        let distance = from - to;
        match dice {
            Dice::Mixed(high, low) => {
                let (high, low) = (usize::from(high), usize::from(low));
                distance == high
                    || distance == low
                    || (distance == high + low && (open(from - high) || open(from - low)))
            }
            Dice::Double(die) => {
                let die = usize::from(die);
                (1..=4).any(|k| distance == k * die && (1..k).all(|j| open(from - j * die)))
            }
        }
    };
    Dice::ALL
        .iter()
        .filter(|&&dice| {
            sources.iter().any(|&from| {
                (1..from).any(|to| to <= 24 && other(to) == 1 && reaches(from, to, dice))
            })
        })
        .map(|dice| dice.weight())
        .sum()
}

/// The longest run of made points in front of the other side's rearmost checker.
fn plain_prime(own: &dyn Fn(usize) -> u8, other: &dyn Fn(usize) -> u8) -> u8 {
    let Some(rearmost) = (0..=24).find(|&p| other(p) > 0) else {
        return 0;
    };
    let mut longest = 0;
    let mut run = 0;
    for p in rearmost + 1..=24 {
        run = if own(p) >= 2 { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    longest
}

fn positions() -> Vec<Position> {
    random_game_positions(1212, 5_000)
}

#[test]
fn the_encoding_equals_the_plain_one_exactly() {
    let mut dense = [0.0; INPUTS];
    let mut extras_seen = [false; EXTRAS];
    for position in positions() {
        for seen_by in [position, position.flipped()] {
            encode(&seen_by, &mut dense);
            assert_eq!(dense, plain_encoding(&seen_by), "{seen_by:?}");
            for (seen, &x) in extras_seen.iter_mut().zip(&dense[2 * SIDE_INPUTS..]) {
                *seen |= x != 0.0;
            }
        }
    }
    // Every extra is compared where it matters, not only where it is zero.
    assert_eq!(extras_seen, [true; EXTRAS]);
}

#[test]
fn the_sparse_inputs_are_the_non_zero_inputs() {
    let mut sparse = SparseInputs::default();
    for position in positions() {
        encode_sparse(&position, &mut sparse);
        let plain = plain_encoding(&position);
        let non_zero: Vec<(u16, f32)> = (0..INPUTS)
            .filter(|&i| plain[i] != 0.0)
            .map(|i| (i as u16, plain[i]))
            .collect();
        let mut listed: Vec<(u16, f32)> = sparse.iter().collect();
        listed.sort_by_key(|&(i, _)| i);
        assert_eq!(listed, non_zero);
        assert!(sparse.ones().iter().all(|&i| plain[usize::from(i)] == 1.0));
    }
}

#[test]
fn the_sparse_forward_pass_matches_the_plain_one_for_both_networks() {
    let evaluators = evaluators();
    let mut sparse = SparseInputs::default();
    let mut worst = 0.0f32;
    for position in positions() {
        encode_sparse(&position, &mut sparse);
        let plain = plain_encoding(&position);
        for weights in evaluators.iter().map(Evaluator::weights) {
            for net in [&weights.contact, &weights.race] {
                let fast = net.forward_sparse(&sparse);
                let straight = net.forward(&plain);
                for (a, b) in fast.iter().zip(straight) {
                    worst = worst.max((a - b).abs());
                }
            }
        }
    }
    assert!(worst < TOLERANCE, "largest difference {worst}");
}

#[test]
fn evaluate_matches_the_straightforward_evaluation() {
    for evaluator in evaluators() {
        evaluate_matches_the_straightforward_evaluation_of(&evaluator);
    }
}

fn evaluate_matches_the_straightforward_evaluation_of(evaluator: &Evaluator) {
    let mut checked = 0;
    for position in positions() {
        // Where no exact answer and no rule on gammons applies: the network alone.
        let exact = bearoff_chances(&position).is_some()
            || position.mover_off() > 0
            || position.opponent_off() > 0;
        if exact {
            continue;
        }
        let net = if position.is_race() {
            &evaluator.weights().race
        } else {
            &evaluator.weights().contact
        };
        let straight = Probabilities::from_outputs(net.forward(&plain_encoding(&position)));
        let fast = evaluator.evaluate(&position, RuleSet::STANDARD);
        for (a, b) in fast.to_array().iter().zip(straight.to_array()) {
            assert!((a - b).abs() < TOLERANCE, "{fast:?} vs {straight:?}");
        }
        checked += 1;
    }
    assert!(checked > 3_000, "only {checked} positions checked");
}

#[test]
fn batch_equities_match_one_play_at_a_time() {
    for evaluator in evaluators() {
        batch_equities_match_one_play_at_a_time_with(&evaluator);
    }
}

fn batch_equities_match_one_play_at_a_time_with(evaluator: &Evaluator) {
    let mut movegen = MoveGen::new();
    let mut equities = Vec::new();
    for rules in [RuleSet::STANDARD, RuleSet::SEED_001] {
        for (i, position) in positions().iter().enumerate().take(2_000) {
            let dice = Dice::ALL[i % Dice::ALL.len()];
            let plays = movegen.generate(position, dice, rules);
            evaluator.equities_after(plays, rules, &mut equities);
            assert_eq!(equities.len(), plays.len());
            let one_by_one: Vec<f32> = plays
                .iter()
                .map(|legal| evaluator.equity_after(&legal.position, rules))
                .collect();
            for (a, b) in equities.iter().zip(&one_by_one) {
                assert!(
                    (a - b).abs() < TOLERANCE,
                    "{a} vs {b} in {position:?} {dice}"
                );
            }
            let best = evaluator.best_play(plays, rules).expect("never empty");
            let top = one_by_one.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            assert!(one_by_one[best] >= top - 2.0 * TOLERANCE);
        }
    }
}
