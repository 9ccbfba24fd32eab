//! Screening networks in the search's choice of a reply (`Evaluator::best_reply`):
//! the screening encoding is the full one without the costly inputs, a roll with few
//! plays is answered as without screening, and over thousands of rolls from random
//! games the shipped screening networks pick the reply the evaluator's network picks
//! nearly always, and nearly as good where not.

use gamao::ai::{
    encode_screening, encode_sparse, is_screened_input, random_screening, Evaluator, SparseInputs,
    Weights, SCREENED_KEEP,
};
use gamao::rng::Rng;
use gamao::rules::{Dice, LegalPlay, MoveGen, RuleSet};
use gamao::sample::random_game_positions;

fn rolls(count: usize) -> Vec<Vec<LegalPlay>> {
    let mut movegen = MoveGen::new();
    random_game_positions(77, count)
        .iter()
        .enumerate()
        .map(|(i, p)| {
            movegen
                .generate(p, Dice::ALL[i % 21], RuleSet::STANDARD)
                .to_vec()
        })
        .collect()
}

fn dense(
    encode: fn(&gamao::rules::Position, &mut SparseInputs),
    p: &gamao::rules::Position,
) -> Vec<f32> {
    let mut sparse = SparseInputs::default();
    encode(p, &mut sparse);
    let mut inputs = [0.0; gamao::ai::INPUTS];
    sparse.to_dense(&mut inputs);
    inputs.to_vec()
}

#[test]
fn the_screening_encoding_is_the_full_one_without_the_costly_inputs() {
    for p in random_game_positions(5, 2_000) {
        let (full, cheap) = (dense(encode_sparse, &p), dense(encode_screening, &p));
        for (i, (&f, &c)) in full.iter().zip(&cheap).enumerate() {
            let expected = if is_screened_input(i) { f } else { 0.0 };
            assert_eq!(c, expected, "input {i} of {p:?}");
        }
    }
}

#[test]
fn without_screening_the_reply_is_the_best_play_at_0_ply() {
    let evaluator = Evaluator::new(Weights::builtin().expect("the shipped weights load"));
    let rules = RuleSet::STANDARD;
    for roll in rolls(1_000) {
        let reply = evaluator.best_reply(&roll, rules);
        let best = evaluator.best_play(&roll, rules);
        assert_eq!(reply.map(|(i, _)| i), best);
        if let Some((i, theirs)) = reply {
            assert_eq!(
                theirs,
                evaluator.evaluate(&roll[i].position.flipped(), rules)
            );
        }
    }
}

#[test]
fn a_roll_with_few_plays_is_answered_as_without_screening_whatever_the_screening() {
    let mut rng = Rng::seeded(9);
    let untrained = Weights {
        contact: random_screening(8, &mut rng),
        race: random_screening(8, &mut rng),
    };
    let plain = Evaluator::new(Weights::builtin().expect("the shipped weights load"));
    let screened = plain.clone().with_screening(Some(untrained));
    let rules = RuleSet::STANDARD;
    let mut few = 0;
    for roll in rolls(2_000).iter().filter(|r| r.len() <= SCREENED_KEEP) {
        few += 1;
        assert_eq!(
            screened.best_reply(roll, rules),
            plain.best_reply(roll, rules)
        );
    }
    assert!(few > 100, "{few} rolls with few plays");
}

#[test]
fn the_shipped_screening_picks_the_networks_reply_nearly_always() {
    let screened = Evaluator::shipped().expect("the shipped weights load");
    let plain = screened.clone().with_screening(None);
    let rules = RuleSet::STANDARD;
    let (mut rolls_screened, mut same, mut lost) = (0, 0, 0.0f64);
    for roll in rolls(4_000).iter().filter(|r| r.len() > SCREENED_KEEP) {
        let (i, theirs) = screened.best_reply(roll, rules).unwrap();
        let (best, best_theirs) = plain.best_reply(roll, rules).unwrap();
        // The chances given are the evaluator's own for the play picked (rounding apart).
        let exact = plain.evaluate(&roll[i].position.flipped(), rules);
        assert!((theirs.equity() - exact.equity()).abs() < 1e-5);
        // The opponent's equity after the pick is never below the best play's.
        assert!(theirs.equity() >= best_theirs.equity() - 1e-5);
        rolls_screened += 1;
        same += usize::from(i == best);
        lost += f64::from(theirs.equity() - best_theirs.equity());
    }
    let share = same as f64 / rolls_screened as f64;
    let mean_loss = lost / rolls_screened as f64;
    assert!(rolls_screened > 1_000, "{rolls_screened} rolls screened");
    assert!(
        share > 0.92,
        "the same reply in {:.1}% of rolls",
        100.0 * share
    );
    assert!(mean_loss < 0.003, "{mean_loss:.5} equity lost per roll");
}
