//! Screening networks: small networks on the inputs that cost next to nothing to work
//! out ([`encode_screening`](super::encoding::encode_screening)), which rank every play
//! of a roll so that the evaluator's own network looks only at the best few — GNU
//! Backgammon's pruning networks. The search picks the opponent's reply to each roll
//! this way ([`Evaluator::best_reply`](super::Evaluator::best_reply)), hundreds of
//! times per decision.
//!
//! A screening network is an ordinary [`Network`] whose rows for the other inputs are
//! zero: it is fitted from such weights on screening inputs (`gamao fit --screening`),
//! where those rows get no gradient and stay zero, so that the weights themselves say
//! how they were made ([`is_screening`]).

use super::encoding::{SCREENED_PER_SIDE, SIDE_INPUTS};
use super::network::{Network, MAX_HIDDEN};
use super::weights::{Weights, WeightsError};
use crate::rng::Rng;

/// How many of a roll's plays, best first by the screening network, the evaluator's
/// network looks at; a roll with no more plays than this is not screened.
pub const SCREENED_KEEP: usize = 5;

/// Whether a screening network sees input `i`.
#[must_use]
pub fn is_screened_input(i: usize) -> bool {
    i < 2 * SIDE_INPUTS && i % SIDE_INPUTS < SCREENED_PER_SIDE
}

/// A screening network of `hidden` units (clamped to 1..=[`MAX_HIDDEN`]): small random
/// weights drawn from `rng` ([`Network::random`]), zero in the rows of the inputs it
/// does not see.
#[must_use]
pub fn random_screening(hidden: usize, rng: &mut Rng) -> Network {
    let mut net = Network::random(hidden.clamp(1, MAX_HIDDEN), rng);
    let n = net.hidden;
    for (i, row) in net.hidden_weights.chunks_exact_mut(n).enumerate() {
        if !is_screened_input(i) {
            row.fill(0.0);
        }
    }
    net
}

/// Whether `net` is a screening network: zero in every row of the inputs screening
/// does not see.
#[must_use]
pub fn is_screening(net: &Network) -> bool {
    let n = net.hidden;
    net.hidden_weights
        .chunks_exact(n)
        .enumerate()
        .all(|(i, row)| is_screened_input(i) || row.iter().all(|&w| w == 0.0))
}

/// The screening networks shipped with the crate: `weights/screening.weights`.
const BUILTIN: &[u8] = include_bytes!("../../weights/screening.weights");

/// The shipped screening networks (see `weights/TRAINING.md`).
///
/// # Errors
/// Only if the shipped file is damaged, which the tests rule out.
pub fn builtin_screening() -> Result<Weights, WeightsError> {
    Weights::from_bytes(BUILTIN)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::INPUTS;

    #[test]
    fn screening_sees_each_sides_cheap_inputs_only() {
        let seen: Vec<usize> = (0..INPUTS).filter(|&i| is_screened_input(i)).collect();
        assert_eq!(seen.len(), 2 * SCREENED_PER_SIDE);
        assert!(seen.contains(&0) && seen.contains(&(SIDE_INPUTS + 99)));
        assert!(!seen.contains(&100) && !seen.contains(&(2 * SIDE_INPUTS)));
    }

    #[test]
    fn a_random_screening_network_is_recognised_and_a_full_one_is_not() {
        let mut rng = Rng::seeded(3);
        assert!(is_screening(&random_screening(16, &mut rng)));
        assert!(!is_screening(&Network::random(16, &mut rng)));
    }

    #[test]
    fn the_shipped_screening_networks_load_and_are_screening_networks() {
        let weights = builtin_screening().expect("the shipped screening weights load");
        assert!(is_screening(&weights.contact) && is_screening(&weights.race));
        assert!(
            weights.to_half_bytes().unwrap() == BUILTIN,
            "stored as halves"
        );
    }
}
