//! The evaluator with the shipped weights: probabilities, symmetry, corrupt files.

use gamao::ai::{encode, Evaluator, Weights, WeightsError, EXTRAS, INPUTS, SIDE_INPUTS};
use gamao::rules::{Position, RuleSet};
use gamao::sample::random_game_positions;

fn shipped() -> Evaluator {
    Evaluator::new(Weights::builtin().expect("the shipped weights load"))
}

#[test]
fn outputs_are_consistent_probabilities() {
    let evaluator = shipped();
    for rules in [RuleSet::STANDARD, RuleSet::SEED_001] {
        for position in random_game_positions(11, 2_000) {
            let p = evaluator.evaluate(&position, rules);
            for x in [
                p.win,
                p.win_gammon,
                p.win_backgammon,
                p.lose_gammon,
                p.lose_backgammon,
            ] {
                assert!((0.0..=1.0).contains(&x), "{p:?}");
            }
            assert!(
                p.win_gammon <= p.win && p.win_backgammon <= p.win_gammon,
                "{p:?}"
            );
            assert!(p.lose_gammon <= 1.0 - p.win, "{p:?}");
            assert!(p.lose_backgammon <= p.lose_gammon, "{p:?}");
            assert!((-3.0..=3.0).contains(&p.equity()));
            if !rules.backgammons {
                assert_eq!((p.win_backgammon, p.lose_backgammon), (0.0, 0.0));
            }
        }
    }
}

#[test]
fn flipped_positions_encode_as_the_mirror_image() {
    let mut a = [0.0; INPUTS];
    let mut b = [0.0; INPUTS];
    for position in random_game_positions(12, 2_000) {
        encode(&position, &mut a);
        encode(&position.flipped(), &mut b);
        // [mover's block][other's block][mover's extras][other's extras]
        let (other, extras) = (SIDE_INPUTS, 2 * SIDE_INPUTS);
        assert_eq!(a[..other], b[other..extras]);
        assert_eq!(a[other..extras], b[..other]);
        assert_eq!(a[extras..extras + EXTRAS], b[extras + EXTRAS..]);
        assert_eq!(a[extras + EXTRAS..], b[extras..extras + EXTRAS]);
    }
}

#[test]
fn a_symmetric_position_gives_both_sides_the_same_view() {
    let evaluator = shipped();
    let start = Position::start();
    let p = evaluator.evaluate(&start, RuleSet::STANDARD);
    let q = evaluator.evaluate(&start.flipped(), RuleSet::STANDARD);
    assert_eq!(p, q);
    // The side on roll is the favourite at the start.
    assert!(p.win > 0.5 && p.win < 0.6, "{p:?}");
    let equity = evaluator.equity_after(&start, RuleSet::STANDARD);
    assert_eq!(equity, -p.equity());
}

#[test]
fn finished_games_are_scored_exactly() {
    let evaluator = shipped();
    // The opponent has borne everything off; the mover still has a checker home.
    let lost_single = gamao::pos!(x 1:1; o);
    let p = evaluator.evaluate(&lost_single, RuleSet::STANDARD);
    assert_eq!((p.win, p.lose_gammon), (0.0, 0.0));
    assert_eq!(p.equity(), -1.0);
    let lost_backgammon = gamao::pos!(x 20:15; o);
    assert_eq!(
        evaluator
            .evaluate(&lost_backgammon, RuleSet::STANDARD)
            .equity(),
        -3.0
    );
    assert_eq!(
        evaluator
            .evaluate(&lost_backgammon, RuleSet::SEED_001)
            .equity(),
        -2.0
    );
}

#[test]
fn corrupt_weights_fail_with_a_clear_error() {
    let bytes = Weights::builtin().unwrap().to_bytes();
    let mut flipped = bytes.clone();
    flipped[bytes.len() / 2] ^= 0x40;
    assert_eq!(
        Weights::from_bytes(&flipped),
        Err(WeightsError::BadChecksum)
    );
    let truncated = Weights::from_bytes(&bytes[..bytes.len() - 100]).unwrap_err();
    assert!(matches!(truncated, WeightsError::Truncated { .. }));
    assert!(truncated.to_string().contains("truncated"));
    assert_eq!(
        Weights::from_bytes(b"not weights at all"),
        Err(WeightsError::BadMagic)
    );
    assert_eq!(
        Weights::from_bytes(&[]).unwrap_err().to_string(),
        "weights file truncated: 0 bytes, at least 8 needed"
    );
    let mut version = bytes.clone();
    version[8] = 9;
    assert_eq!(
        Weights::from_bytes(&version),
        Err(WeightsError::UnsupportedVersion(9))
    );
}

#[test]
fn shipped_weights_are_small() {
    assert!(Weights::builtin().unwrap().to_bytes().len() < 1_000_000);
}

/// The checksum of the self-play run's weights (3,158,000 games), which the training
/// targets were labelled with and the shipped weights were fitted from
/// (`weights/TRAINING.md`).
const SELF_PLAY_WEIGHTS: u64 = 0xd6b1_7198_eddd_e910;

#[test]
fn the_committed_checkpoint_holds_the_weights_the_shipped_ones_were_fitted_from() {
    let bytes = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/weights/checkpoint.bin"
    ))
    .expect("weights/checkpoint.bin is committed");
    let trainer = gamao::ai::Trainer::from_checkpoint(&bytes).expect("it loads");
    assert_eq!(trainer.settings().seed, 1);
    assert_eq!(trainer.games(), 3_158_000);
    assert_eq!(trainer.evaluator().weights().checksum(), SELF_PLAY_WEIGHTS);
    let shipped = Weights::builtin().unwrap();
    assert_ne!(shipped.checksum(), SELF_PLAY_WEIGHTS);
    // Fits only ever widen the networks they start from.
    let self_play = trainer.evaluator().weights();
    assert!(shipped.contact.hidden_units() >= self_play.contact.hidden_units());
    assert!(shipped.race.hidden_units() >= self_play.race.hidden_units());
}

#[test]
fn bear_offs_with_checkers_off_on_both_sides_are_exact() {
    use gamao::ai::{home_of, BearoffDb};
    let evaluator = shipped();
    // Both sides home, both have borne off: the database's figure, with no gammons.
    let position = gamao::pos!(x 6:2, 5:1, 1:3; o 24:1, 22:2, 19:2);
    let p = evaluator.evaluate(&position, RuleSet::STANDARD);
    let db = BearoffDb::compute(8);
    let exact = db
        .win_chance(&home_of(&position), &home_of(&position.flipped()))
        .unwrap();
    assert!((p.win - exact).abs() < 1e-6, "{p:?} vs {exact}");
    assert_eq!((p.win_gammon, p.lose_gammon), (0.0, 0.0));
    // Needing the same number of rolls, the side on roll is the favourite.
    let mirror = gamao::pos!(x 6:1, 1:1; o 24:1, 19:1);
    assert!(evaluator.evaluate(&mirror, RuleSet::STANDARD).win > 0.5);
}
