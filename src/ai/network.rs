//! A one-hidden-layer network of sigmoid units with five sigmoid outputs.
//!
//! Weights are contiguous `f32`: the hidden layer input-major (each input's weights to
//! every hidden unit side by side), so the forward pass skips the many zero inputs of
//! the encoding and adds whole rows. Nothing is allocated per evaluation.

use super::encoding::{Inputs, INPUTS};
use crate::rng::Rng;

/// Outputs: P(win), P(win gammon), P(win backgammon), P(lose gammon), P(lose
/// backgammon), for the side on roll.
pub const OUTPUTS: usize = 5;
/// The largest hidden layer a network may have.
pub const MAX_HIDDEN: usize = 256;

/// The weights of one network.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    pub(super) hidden: usize,
    /// `INPUTS × hidden`, input-major.
    pub(super) hidden_weights: Vec<f32>,
    pub(super) hidden_bias: Vec<f32>,
    /// `OUTPUTS × hidden`, output-major.
    pub(super) output_weights: Vec<f32>,
    pub(super) output_bias: [f32; OUTPUTS],
}

impl Network {
    /// A network of `hidden` units (clamped to 1..=[`MAX_HIDDEN`]) with small random
    /// weights drawn from `rng`.
    #[must_use]
    pub fn random(hidden: usize, rng: &mut Rng) -> Network {
        let hidden = hidden.clamp(1, MAX_HIDDEN);
        let mut draw = |scale: f32| (rng.unit_f64() as f32 * 2.0 - 1.0) * scale;
        Network {
            hidden,
            hidden_weights: (0..INPUTS * hidden).map(|_| draw(0.1)).collect(),
            hidden_bias: (0..hidden).map(|_| draw(0.1)).collect(),
            output_weights: (0..OUTPUTS * hidden).map(|_| draw(0.1)).collect(),
            output_bias: [0.0; OUTPUTS],
        }
    }

    /// How many hidden units the network has.
    #[must_use]
    pub fn hidden_units(&self) -> usize {
        self.hidden
    }

    /// The raw outputs for encoded `inputs`.
    #[must_use]
    pub fn forward(&self, inputs: &Inputs) -> [f32; OUTPUTS] {
        let mut hidden = [0.0f32; MAX_HIDDEN];
        self.forward_keeping_hidden(inputs, &mut hidden[..self.hidden])
    }

    /// The raw outputs, leaving the hidden activations in `hidden` (`hidden` units long).
    #[inline]
    pub(super) fn forward_keeping_hidden(
        &self,
        inputs: &Inputs,
        hidden: &mut [f32],
    ) -> [f32; OUTPUTS] {
        let n = self.hidden;
        let hidden = &mut hidden[..n];
        hidden.copy_from_slice(&self.hidden_bias);
        for (i, &x) in inputs.iter().enumerate() {
            if x == 0.0 {
                continue;
            }
            let row = &self.hidden_weights[i * n..(i + 1) * n];
            if x == 1.0 {
                for (h, &w) in hidden.iter_mut().zip(row) {
                    *h += w;
                }
            } else {
                for (h, &w) in hidden.iter_mut().zip(row) {
                    *h += w * x;
                }
            }
        }
        for h in hidden.iter_mut() {
            *h = sigmoid(*h);
        }
        let mut outputs = self.output_bias;
        for (k, out) in outputs.iter_mut().enumerate() {
            let row = &self.output_weights[k * n..(k + 1) * n];
            *out += dot(row, hidden);
            *out = sigmoid(*out);
        }
        outputs
    }
}

/// The logistic function.
#[inline]
pub(super) fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// A dot product in eight independent lanes, so the compiler can vectorise it.
#[inline]
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 8];
    let chunks_a = a.chunks_exact(8);
    let chunks_b = b.chunks_exact(8);
    let tail: f32 = chunks_a
        .remainder()
        .iter()
        .zip(chunks_b.remainder())
        .map(|(x, y)| x * y)
        .sum();
    for (ca, cb) in chunks_a.zip(chunks_b) {
        for l in 0..8 {
            lanes[l] += ca[l] * cb[l];
        }
    }
    lanes.iter().sum::<f32>() + tail
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_are_probabilities() {
        let net = Network::random(32, &mut Rng::seeded(1));
        let mut inputs = [0.0; INPUTS];
        inputs[3] = 1.0;
        inputs[10] = 2.5;
        for out in net.forward(&inputs) {
            assert!((0.0..=1.0).contains(&out));
        }
    }

    #[test]
    fn dot_matches_the_naive_sum() {
        let a: Vec<f32> = (0..13).map(|i| i as f32).collect();
        let b: Vec<f32> = (0..13).map(|i| (i % 3) as f32).collect();
        let naive: f32 = a.iter().zip(&b).map(|(x, y)| x * y).sum();
        assert_eq!(dot(&a, &b), naive);
    }
}
