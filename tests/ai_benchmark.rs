//! The speed benchmark shared by `gamao bench` and the browser: its figures are the
//! counts divided by the clock's readings, and the work it times is the same each run.

use gamao::ai::{evaluator_speed, BenchSettings, Evaluator};

fn shipped() -> Evaluator {
    Evaluator::shipped().expect("the shipped weights load")
}

const SMALL: BenchSettings = BenchSettings {
    positions: 300,
    runs: 3,
    expert_decisions: 4,
};

/// A clock that moves on by `step` seconds each time it is read.
fn ticking(step: f64) -> impl FnMut() -> f64 {
    let mut now = 0.0;
    move || {
        now += step;
        now
    }
}

#[test]
fn rates_are_the_counts_over_the_measured_time() {
    // Each measure reads the clock twice: it sees one step of time pass.
    let speed = evaluator_speed(&shipped(), SMALL, &mut ticking(0.5));
    assert_eq!(speed.positions, 300);
    assert_eq!(speed.runs, 3);
    assert_eq!(speed.expert_decisions, 4);
    assert!(speed.contact_positions > 0 && speed.contact_positions < 300);
    assert!(speed.batch_plays > 300);
    assert_eq!(speed.evaluations_per_second, 600.0);
    assert_eq!(
        speed.contact_per_second,
        speed.contact_positions as f64 * 2.0
    );
    assert_eq!(speed.plain_contact_per_second, speed.contact_per_second);
    assert_eq!(speed.batch_per_second, speed.batch_plays as f64 * 2.0);
    assert!((speed.zero_ply_decision_us - 0.5 / 300.0 * 1e6).abs() < 1e-6);
    assert_eq!(speed.expert_decision_ms, 500.0);
}

#[test]
fn the_work_timed_is_the_same_every_time() {
    let evaluator = shipped();
    let first = evaluator_speed(&evaluator, SMALL, &mut ticking(1.0));
    let second = evaluator_speed(&evaluator, SMALL, &mut ticking(2.0));
    assert_eq!(first.checksum.to_bits(), second.checksum.to_bits());
    assert!(first.checksum != 0.0);
}
