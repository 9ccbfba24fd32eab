//! A one-hidden-layer network of sigmoid units with five sigmoid outputs.
//!
//! Weights are contiguous `f32`: the hidden layer input-major (each input's weights to
//! every hidden unit side by side), so a forward pass adds only the rows of the
//! non-zero inputs. Nothing is allocated per evaluation.
//!
//! Two forward passes compute the same function: [`Network::forward`] plainly, over all
//! inputs with the library's `exp` (training uses it), and [`Network::forward_sparse`],
//! the evaluator's, which sums [`BLOCK`] hidden units at a time in registers over the
//! non-zero inputs only and takes a polynomial `exp` the compiler can vectorise. Their
//! outputs differ by rounding only (tested to 1e-5).

use super::encoding::{Inputs, SparseInputs, INPUTS, MAX_NON_ZERO};
use crate::rng::Rng;

/// Outputs: P(win), P(win gammon), P(win backgammon), P(lose gammon), P(lose
/// backgammon), for the side on roll.
pub const OUTPUTS: usize = 5;
/// The largest hidden layer a network may have.
pub const MAX_HIDDEN: usize = 256;

/// Why a network cannot be widened to a number of hidden units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WidenError {
    /// Fewer units than the network has: widening never drops a unit.
    Narrower { from: usize, to: usize },
    /// More units than [`MAX_HIDDEN`].
    TooWide(usize),
}

impl std::fmt::Display for WidenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WidenError::Narrower { from, to } => write!(
                f,
                "cannot narrow a network of {from} hidden units to {to}: only widening keeps what it learned"
            ),
            WidenError::TooWide(hidden) => write!(
                f,
                "{hidden} hidden units is more than the largest network, {MAX_HIDDEN}"
            ),
        }
    }
}

impl std::error::Error for WidenError {}

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

    /// This network with `hidden` units, computing the same function: the new units get
    /// small random incoming weights and biases (uniform in ±0.1, drawn from `rng`) and
    /// zero outgoing weights, so every output stays bit for bit what it was until
    /// training moves them; the old units keep their weights. The same width returns a
    /// copy.
    ///
    /// # Errors
    /// [`WidenError::Narrower`] when `hidden` is below the current width (units are
    /// never dropped), [`WidenError::TooWide`] above [`MAX_HIDDEN`].
    pub fn widened(&self, hidden: usize, rng: &mut Rng) -> Result<Network, WidenError> {
        let old = self.hidden;
        if hidden < old {
            return Err(WidenError::Narrower {
                from: old,
                to: hidden,
            });
        }
        if hidden > MAX_HIDDEN {
            return Err(WidenError::TooWide(hidden));
        }
        let mut draw = || (rng.unit_f64() as f32 * 2.0 - 1.0) * 0.1;
        let mut hidden_weights = Vec::with_capacity(INPUTS * hidden);
        for row in self.hidden_weights.chunks_exact(old) {
            hidden_weights.extend_from_slice(row);
            hidden_weights.extend((old..hidden).map(|_| draw()));
        }
        let mut hidden_bias = self.hidden_bias.clone();
        hidden_bias.extend((old..hidden).map(|_| draw()));
        let mut output_weights = Vec::with_capacity(OUTPUTS * hidden);
        for row in self.output_weights.chunks_exact(old) {
            output_weights.extend_from_slice(row);
            output_weights.resize(output_weights.len() + hidden - old, 0.0);
        }
        Ok(Network {
            hidden,
            hidden_weights,
            hidden_bias,
            output_weights,
            output_bias: self.output_bias,
        })
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

/// A position's inputs and hidden units' input sums, kept so that a similar position
/// (another play of the same roll) is evaluated from them: its sums are these plus
/// the rows of the inputs that differ, a dozen or so rows instead of forty.
#[derive(Clone, Debug)]
pub(super) struct Reference {
    dense: Inputs,
    inputs: SparseInputs,
    sums: [f32; MAX_HIDDEN],
}

impl Network {
    /// The raw outputs for `inputs`, from `reference` when there is one; otherwise
    /// computed in full and kept as the reference.
    pub(super) fn forward_from(
        &self,
        inputs: &SparseInputs,
        reference: &mut Option<Reference>,
    ) -> [f32; OUTPUTS] {
        let n = self.hidden;
        let Some(base) = reference else {
            let mut made = Reference {
                dense: [0.0; INPUTS],
                inputs: *inputs,
                sums: [0.0; MAX_HIDDEN],
            };
            inputs.to_dense(&mut made.dense);
            let outputs = self.outputs_after_rows(
                &self.hidden_bias,
                inputs.ones(),
                inputs.weighted(),
                &mut made.sums[..n],
            );
            *reference = Some(made);
            return outputs;
        };
        let mut changes = [(0u16, 0.0f32); 2 * MAX_NON_ZERO];
        let mut count = 0;
        let mut seen = [0u64; INPUTS.div_ceil(64)];
        let ones = inputs.ones().iter().map(|&i| (i, 1.0));
        for (i, x) in ones.chain(inputs.weighted().iter().copied()) {
            let at = usize::from(i);
            seen[at / 64] |= 1 << (at % 64);
            changes[count] = (i, x - base.dense[at]);
            count += usize::from(changes[count].1 != 0.0);
        }
        let base_ones = base.inputs.ones().iter().map(|&i| (i, 1.0));
        for (i, x) in base_ones.chain(base.inputs.weighted().iter().copied()) {
            let at = usize::from(i);
            changes[count] = (i, -x);
            count += usize::from(seen[at / 64] & (1 << (at % 64)) == 0);
        }
        let mut sums = [0.0f32; MAX_HIDDEN];
        self.outputs_after_rows(&base.sums[..n], &[], &changes[..count], &mut sums[..n])
    }
}

/// Hidden units summed together by [`Network::forward_sparse`]: eight 4-lane registers
/// (SSE2, wasm's `simd128`) or four 8-lane ones (AVX2).
const BLOCK: usize = 32;

impl Network {
    /// The raw outputs for the non-zero `inputs` of an encoding: [`Network::forward`]
    /// of the same encoding, faster.
    #[must_use]
    pub fn forward_sparse(&self, inputs: &SparseInputs) -> [f32; OUTPUTS] {
        let mut sums = [0.0f32; MAX_HIDDEN];
        let sums = &mut sums[..self.hidden];
        self.outputs_after_rows(&self.hidden_bias, inputs.ones(), inputs.weighted(), sums)
    }

    /// [`Network::outputs_from_sums`] of `from` plus the rows of the inputs `ones` (equal
    /// to one) and `weighted`, leaving those sums in `sums`: the evaluator's forward pass.
    /// On x86-64 it is compiled twice, plainly (SSE2) and for AVX2, chosen at run time,
    /// so that one binary runs everywhere and fast where it can; both do the same
    /// operations in the same order (no fused multiply-adds), so give the same bits.
    #[inline]
    fn outputs_after_rows(
        &self,
        from: &[f32],
        ones: &[u16],
        weighted: &[(u16, f32)],
        sums: &mut [f32],
    ) -> [f32; OUTPUTS] {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, all that `outputs_after_rows_avx2` needs.
            return unsafe { self.outputs_after_rows_avx2(from, ones, weighted, sums) };
        }
        self.outputs_after_rows_as_built(from, ones, weighted, sums)
    }

    /// [`Network::outputs_after_rows`] compiled for AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn outputs_after_rows_avx2(
        &self,
        from: &[f32],
        ones: &[u16],
        weighted: &[(u16, f32)],
        sums: &mut [f32],
    ) -> [f32; OUTPUTS] {
        self.outputs_after_rows_as_built(from, ones, weighted, sums)
    }

    /// [`Network::outputs_after_rows`], inlined into each caller so that it is compiled
    /// for the caller's instruction set.
    #[inline(always)]
    fn outputs_after_rows_as_built(
        &self,
        from: &[f32],
        ones: &[u16],
        weighted: &[(u16, f32)],
        sums: &mut [f32],
    ) -> [f32; OUTPUTS] {
        self.add_rows(from, ones, weighted, sums);
        self.outputs_from_sums(sums)
    }

    /// The hidden units' input sums (bias included) for `inputs`, into `sums` (`hidden`
    /// long).
    #[inline]
    pub(super) fn hidden_sums(&self, inputs: &SparseInputs, sums: &mut [f32]) {
        self.add_rows(&self.hidden_bias, inputs.ones(), inputs.weighted(), sums);
    }

    /// Into `sums`: `from` plus the rows of the inputs `ones` (each 1) and of `weighted`
    /// (index, value), a block of hidden units at a time so that the block stays in
    /// registers while the rows stream past.
    #[inline(always)]
    fn add_rows(&self, from: &[f32], ones: &[u16], weighted: &[(u16, f32)], sums: &mut [f32]) {
        let n = self.hidden;
        let mut start = 0;
        for (block, from) in sums.chunks_mut(BLOCK).zip(from.chunks(BLOCK)) {
            let rows = &self.hidden_weights[start..];
            if let (Ok(block), Ok(from)) = (
                <&mut [f32; BLOCK]>::try_from(&mut *block),
                <&[f32; BLOCK]>::try_from(from),
            ) {
                let mut acc = *from;
                for &i in ones {
                    if let Some(row) = rows[usize::from(i) * n..].first_chunk::<BLOCK>() {
                        for (a, &w) in acc.iter_mut().zip(row) {
                            *a += w;
                        }
                    }
                }
                for &(i, x) in weighted {
                    if let Some(row) = rows[usize::from(i) * n..].first_chunk::<BLOCK>() {
                        for (a, &w) in acc.iter_mut().zip(row) {
                            *a += x * w;
                        }
                    }
                }
                *block = acc;
            } else {
                let len = block.len();
                block.copy_from_slice(from);
                for &i in ones {
                    let row = &rows[usize::from(i) * n..][..len];
                    for (a, &w) in block.iter_mut().zip(row) {
                        *a += w;
                    }
                }
                for &(i, x) in weighted {
                    let row = &rows[usize::from(i) * n..][..len];
                    for (a, &w) in block.iter_mut().zip(row) {
                        *a += x * w;
                    }
                }
            }
            start += BLOCK;
        }
    }

    /// The raw outputs given the hidden units' input sums.
    #[inline(always)]
    pub(super) fn outputs_from_sums(&self, sums: &[f32]) -> [f32; OUTPUTS] {
        let n = self.hidden;
        let mut activations = [0.0f32; MAX_HIDDEN];
        let activations = &mut activations[..n];
        for (a, &x) in activations.iter_mut().zip(sums) {
            *a = fast_sigmoid(x);
        }
        let mut outputs = self.output_bias;
        for (k, out) in outputs.iter_mut().enumerate() {
            let row = &self.output_weights[k * n..(k + 1) * n];
            *out = fast_sigmoid(*out + dot(row, activations));
        }
        outputs
    }
}

/// The logistic function with [`fast_exp`]: within a few units in the last place.
#[inline(always)]
fn fast_sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + fast_exp(-x))
}

/// e^x within about two units in the last place, branch-free so that loops over it
/// vectorise: x = n·ln 2 + r with |r| ≤ ln 2 / 2, e^r by its Taylor series to r^6
/// (the error, r^7 / 7!, stays below 1.3e-7), times 2^n built from its exponent bits.
/// Arguments beyond ±87 are clamped (e^−87 ≈ 2e−38, the smallest normal float).
#[inline(always)]
fn fast_exp(x: f32) -> f32 {
    // 1.5 · 2^23: adding it rounds to an integer, which lands in the low mantissa bits.
    const ROUND: f32 = 12_582_912.0;
    // ln 2 in two parts, the first short enough that n · LN2_HIGH is exact.
    const LN2_HIGH: f32 = 0.693_145_75;
    const LN2_LOW: f32 = 1.428_606_8e-6;
    let x = x.clamp(-87.0, 87.0);
    let rounded = x * std::f32::consts::LOG2_E + ROUND;
    let n = rounded - ROUND;
    let r = (x - n * LN2_HIGH) - n * LN2_LOW;
    let mut p = 1.0 / 720.0;
    for c in [1.0 / 120.0, 1.0 / 24.0, 1.0 / 6.0, 0.5, 1.0, 1.0] {
        p = p * r + c;
    }
    // The low bits of `rounded` hold n + 2^22; shifted into the exponent field, the
    // 2^22 falls off the top and n is left, to which the exponent bias is added.
    let two_to_n = (rounded.to_bits() << 23).wrapping_add(127 << 23);
    p * f32::from_bits(two_to_n)
}

/// The logistic function.
#[inline]
pub(super) fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// A dot product in eight independent lanes, so the compiler can vectorise it. Element
/// `i` always goes to lane `i % 8`, in order, the last partial chunk too: zeros appended
/// to `a` (a widened network's new units) leave the result's bits unchanged.
#[inline(always)]
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 8];
    let chunks_a = a.chunks_exact(8);
    let chunks_b = b.chunks_exact(8);
    let tail = chunks_a.remainder().iter().zip(chunks_b.remainder());
    for (ca, cb) in chunks_a.zip(chunks_b) {
        for l in 0..8 {
            lanes[l] += ca[l] * cb[l];
        }
    }
    for (lane, (x, y)) in lanes.iter_mut().zip(tail) {
        *lane += x * y;
    }
    lanes.iter().sum()
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
    fn fast_exp_is_within_two_units_in_the_last_place() {
        let mut x = -87.0f32;
        while x <= 87.0 {
            let exact = f64::from(x).exp();
            let error = (f64::from(fast_exp(x)) - exact).abs() / exact;
            assert!(error < 3e-7, "e^{x}: {} vs {exact}", fast_exp(x));
            x += 0.0137;
        }
    }

    /// Widths the evaluator must handle: multiples of [`BLOCK`] and widths that leave a
    /// partial block (and a partial 8-lane chunk) at the end.
    const WIDTHS: [usize; 6] = [100, 128, 160, 199, 224, MAX_HIDDEN];

    fn sparse_and_dense(position: &crate::rules::Position) -> (SparseInputs, Inputs) {
        let mut sparse = SparseInputs::default();
        crate::ai::encode_sparse(position, &mut sparse);
        let mut dense = [0.0; INPUTS];
        sparse.to_dense(&mut dense);
        (sparse, dense)
    }

    #[test]
    fn the_sparse_forward_pass_matches_the_plain_one_at_every_width() {
        for (seed, hidden) in (2..).zip(WIDTHS) {
            let net = Network::random(hidden, &mut Rng::seeded(seed));
            for position in crate::sample::random_game_positions(3, 300) {
                let (sparse, dense) = sparse_and_dense(&position);
                let (fast, plain) = (net.forward_sparse(&sparse), net.forward(&dense));
                for (a, b) in fast.iter().zip(plain) {
                    assert!(
                        (a - b).abs() < 1e-6,
                        "{hidden} units: {fast:?} vs {plain:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_pass_from_a_reference_matches_the_sparse_one_at_every_width() {
        for (seed, hidden) in (20..).zip(WIDTHS) {
            let net = Network::random(hidden, &mut Rng::seeded(seed));
            let mut reference = None;
            for position in crate::sample::random_game_positions(seed, 300) {
                let (sparse, _) = sparse_and_dense(&position);
                let (from, direct) = (
                    net.forward_from(&sparse, &mut reference),
                    net.forward_sparse(&sparse),
                );
                for (a, b) in from.iter().zip(direct) {
                    assert!(
                        (a - b).abs() < 1e-5,
                        "{hidden} units: {from:?} vs {direct:?}"
                    );
                }
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_avx2_pass_gives_the_same_bits_as_the_plain_build_at_every_width() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            eprintln!("this processor has no AVX2: only the plain build runs here");
            return;
        }
        for (seed, hidden) in (4..).zip(WIDTHS) {
            let net = Network::random(hidden, &mut Rng::seeded(seed));
            for position in crate::sample::random_game_positions(5, 300) {
                let (sparse, _) = sparse_and_dense(&position);
                let (ones, weighted) = (sparse.ones(), sparse.weighted());
                let mut plain_sums = [0.0f32; MAX_HIDDEN];
                let mut wide_sums = [0.0f32; MAX_HIDDEN];
                let plain = net.outputs_after_rows_as_built(
                    &net.hidden_bias,
                    ones,
                    weighted,
                    &mut plain_sums[..hidden],
                );
                // SAFETY: the processor has AVX2 (checked above).
                let wide = unsafe {
                    net.outputs_after_rows_avx2(
                        &net.hidden_bias,
                        ones,
                        weighted,
                        &mut wide_sums[..hidden],
                    )
                };
                assert_eq!(plain.map(f32::to_bits), wide.map(f32::to_bits), "{hidden}");
                assert_eq!(plain_sums.map(f32::to_bits), wide_sums.map(f32::to_bits));
            }
        }
    }

    #[test]
    fn a_widened_network_gives_the_same_outputs_bit_for_bit() {
        let shipped = crate::ai::Weights::builtin().unwrap().contact;
        let narrow = Network::random(100, &mut Rng::seeded(9));
        let cases = [
            (&shipped, 256),
            (&shipped, 199),
            (&narrow, 131),
            (&narrow, 100),
        ];
        for (original, hidden) in cases {
            let wide = original.widened(hidden, &mut Rng::seeded(1)).unwrap();
            assert_eq!(wide.hidden_units(), hidden);
            assert_eq!(wide.hidden_weights.len(), INPUTS * hidden);
            let (mut from_narrow, mut from_wide) = (None, None);
            for position in crate::sample::random_game_positions(7, 300) {
                let (sparse, dense) = sparse_and_dense(&position);
                let bits = |outputs: [f32; OUTPUTS]| outputs.map(f32::to_bits);
                assert_eq!(bits(wide.forward(&dense)), bits(original.forward(&dense)));
                assert_eq!(
                    bits(wide.forward_sparse(&sparse)),
                    bits(original.forward_sparse(&sparse))
                );
                assert_eq!(
                    bits(wide.forward_from(&sparse, &mut from_wide)),
                    bits(original.forward_from(&sparse, &mut from_narrow))
                );
            }
        }
    }

    #[test]
    fn widening_keeps_the_old_units_and_draws_the_new_from_the_seed() {
        let net = Network::random(3, &mut Rng::seeded(2));
        let wide = net.widened(5, &mut Rng::seeded(3)).unwrap();
        for i in 0..INPUTS {
            assert_eq!(
                wide.hidden_weights[i * 5..i * 5 + 3],
                net.hidden_weights[i * 3..][..3]
            );
        }
        assert_eq!(wide.hidden_bias[..3], net.hidden_bias[..]);
        assert!(wide.hidden_bias[3..]
            .iter()
            .all(|b| b.abs() <= 0.1 && *b != 0.0));
        for k in 0..OUTPUTS {
            assert_eq!(
                wide.output_weights[k * 5..k * 5 + 3],
                net.output_weights[k * 3..][..3]
            );
            assert_eq!(wide.output_weights[k * 5 + 3..k * 5 + 5], [0.0, 0.0]);
        }
        assert_eq!(net.widened(5, &mut Rng::seeded(3)), Ok(wide.clone()));
        assert_ne!(net.widened(5, &mut Rng::seeded(4)), Ok(wide));
    }

    #[test]
    fn narrowing_or_passing_the_largest_width_is_an_error() {
        let net = Network::random(128, &mut Rng::seeded(2));
        let mut rng = Rng::seeded(1);
        assert_eq!(
            net.widened(96, &mut rng),
            Err(WidenError::Narrower { from: 128, to: 96 })
        );
        assert_eq!(
            net.widened(MAX_HIDDEN + 1, &mut rng),
            Err(WidenError::TooWide(MAX_HIDDEN + 1))
        );
        assert_eq!(net.widened(128, &mut rng), Ok(net));
    }

    #[test]
    fn dot_matches_the_naive_sum() {
        let a: Vec<f32> = (0..13).map(|i| i as f32).collect();
        let b: Vec<f32> = (0..13).map(|i| (i % 3) as f32).collect();
        let naive: f32 = a.iter().zip(&b).map(|(x, y)| x * y).sum();
        assert_eq!(dot(&a, &b), naive);
    }
}
