//! Supervised fitting: the networks pulled towards targets from the project's own
//! search (see [`super::targets`]), by minibatch Adam on the cross-entropy of each of the
//! five sigmoid outputs.
//!
//! The contact and race networks each learn from their own positions. Whole games are
//! held out for validation (game numbers divisible by [`VALIDATION_EVERY`]), so that no
//! position of a validation game is trained on. After each epoch the weights with the
//! lowest validation loss so far are kept, network by network. Epoch `e` shuffles its
//! examples from the seed and `e` alone, so a fit resumed from a checkpoint continues
//! exactly as one that never stopped.

use super::duel::game_seed;
use super::encoding::{encode_screening, encode_sparse, SparseInputs};
use super::network::{sigmoid, Network, MAX_HIDDEN, OUTPUTS};
use super::targets::Target;
use super::weights::Weights;
use crate::rng::Rng;
use crate::rules::Position;

/// Games whose number is a multiple of this are held out for validation.
pub const VALIDATION_EVERY: u64 = 10;
const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;

/// How a fit is made; kept in its checkpoints.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitSettings {
    /// Seeds the order examples are shown in.
    pub seed: u64,
    /// Adam's step size.
    pub rate: f32,
    /// Examples per step.
    pub batch: u32,
}

/// How a position is turned into a network's inputs.
type Encoder = fn(&Position, &mut SparseInputs);

/// One network's examples: the encoded positions and their targets.
#[derive(Clone, Debug, Default)]
pub struct Examples {
    inputs: Vec<SparseInputs>,
    targets: Vec<[f32; OUTPUTS]>,
}

impl Examples {
    /// How many examples there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    fn push(&mut self, target: &Target, encode: Encoder) {
        let mut inputs = SparseInputs::default();
        encode(&target.position, &mut inputs);
        self.inputs.push(inputs);
        self.targets.push(target.chances);
    }
}

/// Targets split by network (contact, race) and into training and validation.
#[derive(Clone, Debug, Default)]
pub struct FitData {
    pub train: [Examples; 2],
    pub validation: [Examples; 2],
}

impl FitData {
    /// The targets encoded and split, for the evaluator's networks.
    #[must_use]
    pub fn new(targets: &[Target]) -> FitData {
        FitData::encoded(targets, encode_sparse)
    }

    /// The targets encoded and split, for screening networks ([`encode_screening`]).
    #[must_use]
    pub fn for_screening(targets: &[Target]) -> FitData {
        FitData::encoded(targets, encode_screening)
    }

    fn encoded(targets: &[Target], encode: Encoder) -> FitData {
        let mut data = FitData::default();
        for target in targets {
            let net = usize::from(target.position.is_race());
            let split = if target.game % VALIDATION_EVERY == 0 {
                &mut data.validation
            } else {
                &mut data.train
            };
            split[net].push(target, encode);
        }
        data
    }
}

/// How far a network's outputs are from a set of targets.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Loss {
    /// Mean over examples and outputs of the cross-entropy less its least possible
    /// value (0 when every output equals its target).
    pub cross_entropy: f64,
    /// The root mean square of the cubeless equity's error.
    pub equity_rms: f64,
    pub examples: usize,
}

/// Adam's running moments for one network's weights, in [`Network`]'s order: hidden
/// weights, hidden biases, output weights, output biases.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Adam {
    pub(super) steps: u64,
    pub(super) mean: Vec<f32>,
    pub(super) square: Vec<f32>,
}

impl Adam {
    fn new(params: usize) -> Adam {
        Adam {
            steps: 0,
            mean: vec![0.0; params],
            square: vec![0.0; params],
        }
    }
}

/// A fit in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Fitter {
    pub(super) settings: FitSettings,
    pub(super) epochs: u32,
    pub(super) weights: Weights,
    pub(super) best: Weights,
    /// The validation cross-entropy of `best`'s contact and race networks.
    pub(super) best_loss: [f64; 2],
    pub(super) adam: [Adam; 2],
}

impl Fitter {
    /// A fit starting from `weights`.
    #[must_use]
    pub fn new(settings: FitSettings, weights: Weights) -> Fitter {
        let adam = [
            Adam::new(params(&weights.contact)),
            Adam::new(params(&weights.race)),
        ];
        Fitter {
            settings,
            epochs: 0,
            best: weights.clone(),
            weights,
            best_loss: [f64::INFINITY; 2],
            adam,
        }
    }

    /// The fit's settings.
    #[must_use]
    pub fn settings(&self) -> FitSettings {
        self.settings
    }

    /// Changes Adam's step size from the next epoch on.
    pub fn set_rate(&mut self, rate: f32) {
        self.settings.rate = rate;
    }

    /// Epochs done.
    #[must_use]
    pub fn epochs(&self) -> u32 {
        self.epochs
    }

    /// The weights as fitted so far.
    #[must_use]
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Each network at its lowest validation loss so far (the starting weights until an
    /// epoch beats them).
    #[must_use]
    pub fn best(&self) -> &Weights {
        &self.best
    }

    /// One pass over the training examples of both networks, then the validation loss
    /// of each; returns the training and validation losses, contact then race.
    pub fn epoch(&mut self, data: &FitData) -> [(Loss, Loss); 2] {
        if self.epochs == 0 {
            for net in 0..2 {
                self.best_loss[net] =
                    loss(network(&self.weights, net), &data.validation[net]).cross_entropy;
            }
        }
        let mut report = [(Loss::default(), Loss::default()); 2];
        for (net, line) in report.iter_mut().enumerate() {
            let mut rng = Rng::seeded(game_seed(
                self.settings.seed ^ net as u64,
                self.epochs.into(),
            ));
            let examples = &data.train[net];
            let mut order: Vec<usize> = (0..examples.len()).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, rng.below(i as u64 + 1) as usize);
            }
            let batch = self.settings.batch.max(1) as usize;
            let rate = self.settings.rate;
            let weights = &mut self.weights;
            let target = if net == 0 {
                &mut weights.contact
            } else {
                &mut weights.race
            };
            let mut gradient = vec![0.0f32; params(target)];
            for chunk in order.chunks(batch) {
                gradient.fill(0.0);
                for &i in chunk {
                    add_gradient(
                        target,
                        &examples.inputs[i],
                        &examples.targets[i],
                        &mut gradient,
                    );
                }
                let scale = 1.0 / chunk.len() as f32;
                adam_step(target, &mut self.adam[net], &gradient, scale, rate);
            }
            let validation = loss(target, &data.validation[net]);
            *line = (loss(target, examples), validation);
            if validation.cross_entropy < self.best_loss[net] {
                self.best_loss[net] = validation.cross_entropy;
                *network_mut(&mut self.best, net) = target.clone();
            }
        }
        self.epochs += 1;
        report
    }
}

/// The network `net` (0 contact, 1 race) of `weights`.
fn network(weights: &Weights, net: usize) -> &Network {
    if net == 0 {
        &weights.contact
    } else {
        &weights.race
    }
}

fn network_mut(weights: &mut Weights, net: usize) -> &mut Network {
    if net == 0 {
        &mut weights.contact
    } else {
        &mut weights.race
    }
}

/// How many numbers a network has.
pub(super) fn params(net: &Network) -> usize {
    net.hidden_weights.len() + net.hidden_bias.len() + net.output_weights.len() + OUTPUTS
}

/// The hidden activations and outputs of `net` for `inputs`, computed plainly.
fn forward(net: &Network, inputs: &SparseInputs, hidden: &mut [f32]) -> [f32; OUTPUTS] {
    let n = net.hidden;
    net.hidden_sums(inputs, &mut hidden[..n]);
    for h in &mut hidden[..n] {
        *h = sigmoid(*h);
    }
    let mut outputs = net.output_bias;
    for (k, out) in outputs.iter_mut().enumerate() {
        let row = &net.output_weights[k * n..(k + 1) * n];
        let sum: f32 = row.iter().zip(&hidden[..n]).map(|(w, h)| w * h).sum();
        *out = sigmoid(*out + sum);
    }
    outputs
}

/// Adds the gradient of the cross-entropy of one example to `gradient` (laid out as
/// [`Adam`]'s moments). With sigmoid outputs its slope at an output's net input is
/// simply output − target.
fn add_gradient(
    net: &Network,
    inputs: &SparseInputs,
    targets: &[f32; OUTPUTS],
    gradient: &mut [f32],
) {
    let n = net.hidden;
    let mut hidden = [0.0f32; MAX_HIDDEN];
    let outputs = forward(net, inputs, &mut hidden);
    let (hidden_weights, rest) = gradient.split_at_mut(net.hidden_weights.len());
    let (hidden_bias, rest) = rest.split_at_mut(n);
    let (output_weights, output_bias) = rest.split_at_mut(OUTPUTS * n);
    let mut unit = [0.0f32; MAX_HIDDEN];
    for k in 0..OUTPUTS {
        let error = outputs[k] - targets[k];
        output_bias[k] += error;
        let row = &net.output_weights[k * n..(k + 1) * n];
        let grad_row = &mut output_weights[k * n..(k + 1) * n];
        for j in 0..n {
            grad_row[j] += error * hidden[j];
            unit[j] += error * row[j];
        }
    }
    for j in 0..n {
        unit[j] *= hidden[j] * (1.0 - hidden[j]);
        hidden_bias[j] += unit[j];
    }
    for (i, x) in inputs.iter() {
        let row = &mut hidden_weights[usize::from(i) * n..(usize::from(i) + 1) * n];
        for (g, &u) in row.iter_mut().zip(&unit[..n]) {
            *g += x * u;
        }
    }
}

/// One Adam step on every weight of `net`, the gradient being `scale` × `gradient`.
fn adam_step(net: &mut Network, adam: &mut Adam, gradient: &[f32], scale: f32, rate: f32) {
    adam.steps += 1;
    let steps = i32::try_from(adam.steps).unwrap_or(i32::MAX);
    let correction1 = 1.0 - BETA1.powi(steps);
    let correction2 = 1.0 - BETA2.powi(steps);
    let step = rate * correction2.sqrt() / correction1;
    let parts = [
        &mut net.hidden_weights[..],
        &mut net.hidden_bias[..],
        &mut net.output_weights[..],
        &mut net.output_bias[..],
    ];
    let mut at = 0;
    for part in parts {
        for w in part.iter_mut() {
            let g = gradient[at] * scale;
            let m = &mut adam.mean[at];
            let v = &mut adam.square[at];
            *m = BETA1 * *m + (1.0 - BETA1) * g;
            *v = BETA2 * *v + (1.0 - BETA2) * g * g;
            *w -= step * *m / (v.sqrt() + EPSILON);
            at += 1;
        }
    }
}

/// How far `net`'s outputs are from `examples`' targets.
#[must_use]
pub fn loss(net: &Network, examples: &Examples) -> Loss {
    let mut hidden = [0.0f32; MAX_HIDDEN];
    let (mut entropy, mut squares) = (0.0f64, 0.0f64);
    for (inputs, targets) in examples.inputs.iter().zip(&examples.targets) {
        let outputs = forward(net, inputs, &mut hidden);
        for (&o, &t) in outputs.iter().zip(targets) {
            entropy += excess_entropy(f64::from(o), f64::from(t));
        }
        let error = equity(&outputs) - equity(targets);
        squares += f64::from(error) * f64::from(error);
    }
    let count = examples.len().max(1) as f64;
    Loss {
        cross_entropy: entropy / (count * OUTPUTS as f64),
        equity_rms: (squares / count).sqrt(),
        examples: examples.len(),
    }
}

/// The cross-entropy of output `o` for target `t`, less its value at `o` = `t`.
fn excess_entropy(o: f64, t: f64) -> f64 {
    let o = o.clamp(1e-7, 1.0 - 1e-7);
    let part = |p: f64, q: f64| if p > 0.0 { p * (p / q).ln() } else { 0.0 };
    part(t, o) + part(1.0 - t, 1.0 - o)
}

/// Cubeless equity of five chances in output order.
fn equity(p: &[f32; OUTPUTS]) -> f32 {
    2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Evaluator, Labeller, TargetSettings};

    fn targets() -> Vec<Target> {
        let evaluator = Evaluator::new(Weights::builtin().unwrap());
        let settings = TargetSettings {
            seed: 3,
            plies: 1,
            keep: 1,
            alternatives: 0,
            weights: 0,
            rollouts: None,
        };
        let mut labeller = Labeller::new(&evaluator, settings);
        (0..12).flat_map(|game| labeller.game(game)).collect()
    }

    fn small_weights() -> Weights {
        let mut rng = Rng::seeded(8);
        Weights {
            contact: Network::random(16, &mut rng),
            race: Network::random(16, &mut rng),
        }
    }

    fn settings() -> FitSettings {
        FitSettings {
            seed: 1,
            rate: 0.003,
            batch: 8,
        }
    }

    #[test]
    fn the_loss_falls_on_a_small_set() {
        let data = FitData::new(&targets());
        assert!(!data.validation[0].is_empty() && !data.train[1].is_empty());
        let mut fitter = Fitter::new(settings(), small_weights());
        let before = loss(&fitter.weights().contact, &data.train[0]);
        let mut last = [(Loss::default(), Loss::default()); 2];
        for _ in 0..15 {
            last = fitter.epoch(&data);
        }
        let (train, _) = last[0];
        assert!(
            train.cross_entropy < before.cross_entropy / 4.0,
            "{before:?} → {train:?}"
        );
        assert!(train.equity_rms < before.equity_rms / 2.0);
        assert!(
            fitter.best_loss[0]
                <= loss(&small_weights().contact, &data.validation[0]).cross_entropy
        );
    }

    #[test]
    fn a_gradient_step_matches_a_difference_quotient() {
        let target = targets()[5];
        let mut inputs = SparseInputs::default();
        encode_sparse(&target.position, &mut inputs);
        let net = small_weights().contact;
        let mut gradient = vec![0.0; params(&net)];
        add_gradient(&net, &inputs, &target.chances, &mut gradient);
        let total = |net: &Network| {
            let mut hidden = [0.0; MAX_HIDDEN];
            let outputs = forward(net, &inputs, &mut hidden);
            outputs
                .iter()
                .zip(&target.chances)
                .map(|(&o, &t)| excess_entropy(f64::from(o), f64::from(t)))
                .sum::<f64>()
        };
        let (input, _) = inputs.iter().next().unwrap();
        let checks = [
            (usize::from(input) * 16 + 3, 0),
            (net.hidden_weights.len() + 2, 1),
            (net.hidden_weights.len() + 16 + 7, 2),
            (params(&net) - 1, 3),
        ];
        for (at, part) in checks {
            let h = 1e-2f32;
            let nudged = |delta: f32| {
                let mut copy = net.clone();
                let slot = match part {
                    0 => &mut copy.hidden_weights[at],
                    1 => &mut copy.hidden_bias[at - net.hidden_weights.len()],
                    2 => &mut copy.output_weights[at - net.hidden_weights.len() - 16],
                    _ => &mut copy.output_bias[OUTPUTS - 1],
                };
                *slot += delta;
                total(&copy)
            };
            let numeric = (nudged(h) - nudged(-h)) / f64::from(2.0 * h);
            let analytic = f64::from(gradient[at]);
            assert!(
                (numeric - analytic).abs() < 1e-3 + 0.02 * analytic.abs(),
                "parameter {at}: {numeric} vs {analytic}"
            );
        }
    }
}
