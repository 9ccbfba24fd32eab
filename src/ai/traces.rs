//! Eligibility traces: for each output of a network, the decayed sum of its gradients
//! with respect to every weight, as TD(λ) needs.

use super::encoding::{Inputs, INPUTS};
use super::network::{Network, MAX_HIDDEN, OUTPUTS};

/// The traces of one network. Laid out input-major like the network, with the five
/// outputs' rows for one input side by side.
#[derive(Clone, Debug)]
pub(super) struct Traces {
    hidden: usize,
    /// `INPUTS × OUTPUTS × hidden`.
    hidden_weights: Vec<f32>,
    /// `OUTPUTS × hidden`.
    hidden_bias: Vec<f32>,
    /// `OUTPUTS × hidden`: output k's trace for its own row of weights.
    output_weights: Vec<f32>,
    output_bias: [f32; OUTPUTS],
    /// Inputs that have been non-zero since the traces were cleared.
    touched: [bool; INPUTS],
}

impl Traces {
    /// Zero traces for a network of `hidden` units.
    pub(super) fn new(hidden: usize) -> Traces {
        Traces {
            hidden,
            hidden_weights: vec![0.0; INPUTS * OUTPUTS * hidden],
            hidden_bias: vec![0.0; OUTPUTS * hidden],
            output_weights: vec![0.0; OUTPUTS * hidden],
            output_bias: [0.0; OUTPUTS],
            touched: [false; INPUTS],
        }
    }

    /// Forgets everything (at the start of a game). Only the rows of inputs touched
    /// since the last clearing can hold anything.
    pub(super) fn clear(&mut self) {
        let row = OUTPUTS * self.hidden;
        for (i, touched) in self.touched.iter().enumerate() {
            if *touched {
                self.hidden_weights[i * row..(i + 1) * row].fill(0.0);
            }
        }
        self.hidden_bias.fill(0.0);
        self.output_weights.fill(0.0);
        self.output_bias = [0.0; OUTPUTS];
        self.touched = [false; INPUTS];
    }

    /// One TD(λ) step: decays the traces by `lambda`, adds the gradients of `net`'s
    /// `outputs` for `inputs` (with hidden activations `hidden`), then moves every
    /// weight by `alpha` × Σₖ (targetₖ − outputₖ) × traceₖ.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn step(
        &mut self,
        net: &mut Network,
        inputs: &Inputs,
        hidden: &[f32],
        outputs: [f32; OUTPUTS],
        targets: [f32; OUTPUTS],
        alpha: f32,
        lambda: f32,
    ) {
        let n = self.hidden;
        let hidden = &hidden[..n];
        let mut slope = [0.0f32; OUTPUTS];
        let mut error = [0.0f32; OUTPUTS];
        for k in 0..OUTPUTS {
            slope[k] = outputs[k] * (1.0 - outputs[k]);
            error[k] = alpha * (targets[k] - outputs[k]);
        }
        // Each output's gradient with respect to each hidden unit's net input, taken
        // before any weight moves.
        let mut unit = [[0.0f32; MAX_HIDDEN]; OUTPUTS];
        for (k, unit) in unit.iter_mut().enumerate() {
            let weights = &net.output_weights[k * n..(k + 1) * n];
            for ((u, &w), &h) in unit.iter_mut().zip(weights).zip(hidden) {
                *u = slope[k] * w * h * (1.0 - h);
            }
        }
        for k in 0..OUTPUTS {
            let trace = &mut self.output_weights[k * n..(k + 1) * n];
            let weights = &mut net.output_weights[k * n..(k + 1) * n];
            for ((t, w), &h) in trace.iter_mut().zip(weights).zip(hidden) {
                *t = lambda * *t + slope[k] * h;
                *w += error[k] * *t;
            }
            self.output_bias[k] = lambda * self.output_bias[k] + slope[k];
            net.output_bias[k] += error[k] * self.output_bias[k];
            let trace = &mut self.hidden_bias[k * n..(k + 1) * n];
            for ((t, b), &u) in trace.iter_mut().zip(&mut net.hidden_bias).zip(&unit[k]) {
                *t = lambda * *t + u;
                *b += error[k] * *t;
            }
        }
        let row = OUTPUTS * n;
        for (i, &x) in inputs.iter().enumerate() {
            if x != 0.0 {
                self.touched[i] = true;
            } else if lambda == 0.0 || !self.touched[i] {
                // The row's traces are zero (or will be read only times zero).
                continue;
            }
            let traces = &mut self.hidden_weights[i * row..(i + 1) * row];
            let weights = &mut net.hidden_weights[i * n..(i + 1) * n];
            for (k, trace) in traces.chunks_exact_mut(n).enumerate() {
                let e = error[k];
                for ((t, w), &u) in trace.iter_mut().zip(weights.iter_mut()).zip(&unit[k]) {
                    *t = lambda * *t + x * u;
                    *w += e * *t;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::encoding::encode;
    use crate::rng::Rng;
    use crate::rules::Position;

    #[test]
    fn steps_move_outputs_towards_targets() {
        for lambda in [0.0, 0.7] {
            let mut net = Network::random(8, &mut Rng::seeded(2));
            let mut traces = Traces::new(8);
            let mut inputs = [0.0; INPUTS];
            encode(&Position::start(), &mut inputs);
            let targets = [1.0, 0.0, 0.0, 0.0, 0.0];
            let before = net.forward(&inputs);
            for _ in 0..20 {
                let mut hidden = [0.0; 8];
                let outputs = net.forward_keeping_hidden(&inputs, &mut hidden);
                traces.step(&mut net, &inputs, &hidden, outputs, targets, 0.1, lambda);
            }
            let after = net.forward(&inputs);
            assert!(after[0] > before[0], "λ = {lambda}");
            assert!(after[1] < before[1], "λ = {lambda}");
        }
    }
}
