//! Fit checkpoints: a supervised fit's settings, epoch count, weights (current and
//! best) and optimiser state, in one file.
//!
//! ```text
//! "GAMAOFIT"        8 bytes, magic
//! version           u32 = 1
//! seed              u64
//! rate              f32
//! batch             u32
//! epochs            u32
//! best loss         f64 × 2 (contact, race)
//! Adam steps        u64 × 2
//! weights           u32 length, then a weights file (see `weights.rs`)
//! best weights      u32 length, then a weights file
//! Adam moments      per network (contact, race): means, then squares, f32 each,
//!                   as many as the network has weights
//! checksum          u64, FNV-1a of every byte before it
//! ```
//! A checkpoint whose weights have the 204 inputs of the encoding before the extras
//! (`weights.rs`) has moments for those; it is read with zero rows for the extras, in the
//! weights and in the moments alike, so a fit begun before them goes on with them.

use std::fmt;

use super::byte_reader::{ByteReader, Truncated};
use super::encoding::INPUTS;
use super::fitting::{params, Adam, FitSettings, Fitter};
use super::weights::{fnv1a, Weights, WeightsError};

const MAGIC: &[u8; 8] = b"GAMAOFIT";
const VERSION: u32 = 1;

/// Why bytes are not a fit checkpoint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FitCheckpointError {
    /// The file ends before its data does.
    Truncated,
    /// The file does not start with `GAMAOFIT`.
    BadMagic,
    /// A format version this build cannot read.
    UnsupportedVersion(u32),
    /// The checksum does not match: the file is corrupt.
    BadChecksum,
    /// Bytes follow the checksum.
    TrailingBytes,
    /// The weights inside are unusable.
    Weights(WeightsError),
    /// The best weights are not shaped like the current ones.
    ShapeMismatch,
}

impl fmt::Display for FitCheckpointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FitCheckpointError::Truncated => f.write_str("fit checkpoint truncated"),
            FitCheckpointError::BadMagic => f.write_str("not a Gamão fit checkpoint (bad magic)"),
            FitCheckpointError::UnsupportedVersion(v) => {
                write!(f, "fit checkpoint version {v} is not supported")
            }
            FitCheckpointError::BadChecksum => {
                f.write_str("fit checkpoint corrupt (checksum mismatch)")
            }
            FitCheckpointError::TrailingBytes => {
                f.write_str("fit checkpoint has unexpected bytes at the end")
            }
            FitCheckpointError::Weights(e) => write!(f, "fit checkpoint weights: {e}"),
            FitCheckpointError::ShapeMismatch => {
                f.write_str("fit checkpoint's best weights are shaped unlike its weights")
            }
        }
    }
}

impl std::error::Error for FitCheckpointError {}

impl From<Truncated> for FitCheckpointError {
    fn from(_: Truncated) -> FitCheckpointError {
        FitCheckpointError::Truncated
    }
}

impl Fitter {
    /// The fit as a checkpoint file.
    #[must_use]
    pub fn to_checkpoint(&self) -> Vec<u8> {
        self.to_checkpoint_with(INPUTS)
    }

    /// The checkpoint with the first `inputs` rows of every network's hidden weights and
    /// of their moments.
    fn to_checkpoint_with(&self, inputs: usize) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&self.settings.seed.to_le_bytes());
        out.extend_from_slice(&self.settings.rate.to_le_bytes());
        out.extend_from_slice(&self.settings.batch.to_le_bytes());
        out.extend_from_slice(&self.epochs.to_le_bytes());
        for loss in self.best_loss {
            out.extend_from_slice(&loss.to_le_bytes());
        }
        for adam in &self.adam {
            out.extend_from_slice(&adam.steps.to_le_bytes());
        }
        for weights in [&self.weights, &self.best] {
            let bytes = weights.to_bytes_with(inputs);
            out.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
            out.extend_from_slice(&bytes);
        }
        let nets = [&self.weights.contact, &self.weights.race];
        for (adam, net) in self.adam.iter().zip(nets) {
            let (kept, dropped) = (inputs * net.hidden, INPUTS * net.hidden);
            for moments in [&adam.mean, &adam.square] {
                for value in moments[..kept].iter().chain(&moments[dropped..]) {
                    out.extend_from_slice(&value.to_le_bytes());
                }
            }
        }
        let checksum = fnv1a(&out);
        out.extend_from_slice(&checksum.to_le_bytes());
        out
    }

    /// The fit saved in a checkpoint file.
    ///
    /// # Errors
    /// A [`FitCheckpointError`] naming what is wrong; never panics on any input.
    pub fn from_checkpoint(bytes: &[u8]) -> Result<Fitter, FitCheckpointError> {
        if bytes.len() < MAGIC.len() + 8 {
            return Err(FitCheckpointError::Truncated);
        }
        let (body, checksum) = bytes.split_at(bytes.len() - 8);
        let mut reader = ByteReader::new(body);
        if reader.take(MAGIC.len())? != MAGIC {
            return Err(FitCheckpointError::BadMagic);
        }
        let version = reader.u32()?;
        if version != VERSION {
            return Err(FitCheckpointError::UnsupportedVersion(version));
        }
        if fnv1a(body).to_le_bytes() != checksum {
            return Err(FitCheckpointError::BadChecksum);
        }
        let settings = FitSettings {
            seed: reader.u64()?,
            rate: f32::from_bits(reader.u32()?),
            batch: reader.u32()?,
        };
        let epochs = reader.u32()?;
        let best_loss = [f64::from_bits(reader.u64()?), f64::from_bits(reader.u64()?)];
        let steps = [reader.u64()?, reader.u64()?];
        let (weights, inputs) = weights_file(&mut reader)?;
        let (best, _) = weights_file(&mut reader)?;
        let shapes = |w: &Weights| [params(&w.contact), params(&w.race)];
        if shapes(&weights) != shapes(&best) {
            return Err(FitCheckpointError::ShapeMismatch);
        }
        let mut adam = Vec::with_capacity(2);
        let nets = [&weights.contact, &weights.race];
        for (((count, steps), inputs), net) in shapes(&weights)
            .into_iter()
            .zip(steps)
            .zip(inputs)
            .zip(nets)
        {
            // The moments of the rows the file lacks are zero, as their weights.
            let (at, missing) = (inputs * net.hidden, (INPUTS - inputs) * net.hidden);
            let mut read = || -> Result<Vec<f32>, FitCheckpointError> {
                let mut moments = reader.f32s(count - missing)?;
                moments.splice(at..at, std::iter::repeat_n(0.0, missing));
                Ok(moments)
            };
            let (mean, square) = (read()?, read()?);
            adam.push(Adam {
                steps,
                mean,
                square,
            });
        }
        if reader.position() != body.len() {
            return Err(FitCheckpointError::TrailingBytes);
        }
        let [contact, race]: [Adam; 2] =
            adam.try_into().map_err(|_| FitCheckpointError::Truncated)?;
        Ok(Fitter {
            settings,
            epochs,
            weights,
            best,
            best_loss,
            adam: [contact, race],
        })
    }
}

/// The next weights file, after its length, with its networks' inputs.
fn weights_file(reader: &mut ByteReader<'_>) -> Result<(Weights, [usize; 2]), FitCheckpointError> {
    let length = reader.u32()? as usize;
    Weights::from_bytes_with_inputs(reader.take(length)?).map_err(FitCheckpointError::Weights)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::fitting::FitData;
    use crate::ai::weights::PREVIOUS_INPUTS;
    use crate::ai::{Evaluator, Labeller, Network, TargetSettings};
    use crate::rng::Rng;

    fn fitter() -> Fitter {
        let mut rng = Rng::seeded(4);
        let weights = Weights {
            contact: Network::random(8, &mut rng),
            race: Network::random(6, &mut rng),
        };
        let settings = FitSettings {
            seed: 2,
            rate: 0.01,
            batch: 4,
        };
        Fitter::new(settings, weights)
    }

    fn data() -> FitData {
        let evaluator = Evaluator::new(Weights::builtin().unwrap());
        let settings = TargetSettings {
            seed: 6,
            plies: 1,
            keep: 2,
            alternatives: 0,
            weights: 0,
            rollouts: None,
        };
        let mut labeller = Labeller::new(&evaluator, settings);
        let targets: Vec<_> = (0..11).flat_map(|game| labeller.game(game)).collect();
        FitData::new(&targets)
    }

    #[test]
    fn a_resumed_fit_equals_an_uninterrupted_one() {
        let data = data();
        let mut straight = fitter();
        for _ in 0..3 {
            straight.epoch(&data);
        }
        let mut first = fitter();
        first.epoch(&data);
        let mut resumed = Fitter::from_checkpoint(&first.to_checkpoint()).unwrap();
        assert_eq!(resumed, first);
        resumed.epoch(&data);
        resumed.epoch(&data);
        assert_eq!(resumed, straight);
    }

    #[test]
    fn a_resumed_fit_of_widened_networks_equals_an_uninterrupted_one() {
        let data = data();
        let narrow = fitter();
        let mut rng = Rng::seeded(7);
        let widened = Weights {
            contact: narrow.weights.contact.widened(13, &mut rng).unwrap(),
            race: narrow.weights.race.widened(9, &mut rng).unwrap(),
        };
        let start = || Fitter::new(narrow.settings, widened.clone());
        let mut straight = start();
        straight.epoch(&data);
        straight.epoch(&data);
        let mut first = start();
        first.epoch(&data);
        let mut resumed = Fitter::from_checkpoint(&first.to_checkpoint()).unwrap();
        assert_eq!(resumed.weights.contact.hidden_units(), 13);
        assert_eq!(resumed.adam[1].mean.len(), params(&resumed.weights.race));
        resumed.epoch(&data);
        assert_eq!(resumed, straight);
    }

    #[test]
    fn a_fit_begun_before_the_extras_resumes_with_zero_rows_for_them() {
        let data = data();
        let mut fit = fitter();
        fit.epoch(&data);
        // What a fit of the 204-input encoding held: nothing in the extras' rows.
        let hidden = [fit.weights.contact.hidden, fit.weights.race.hidden];
        for (k, hidden) in hidden.into_iter().enumerate() {
            let rows = PREVIOUS_INPUTS * hidden..INPUTS * hidden;
            for weights in [&mut fit.weights, &mut fit.best] {
                let net = if k == 0 {
                    &mut weights.contact
                } else {
                    &mut weights.race
                };
                net.hidden_weights[rows.clone()].fill(0.0);
            }
            fit.adam[k].mean[rows.clone()].fill(0.0);
            fit.adam[k].square[rows].fill(0.0);
        }
        let old = fit.to_checkpoint_with(PREVIOUS_INPUTS);
        assert!(old.len() < fit.to_checkpoint().len());
        let resumed = Fitter::from_checkpoint(&old).unwrap();
        assert_eq!(resumed, fit);
        let mut straight = fit.clone();
        let mut resumed = resumed;
        straight.epoch(&data);
        resumed.epoch(&data);
        assert_eq!(resumed, straight);
    }

    #[test]
    fn a_damaged_checkpoint_is_a_typed_error() {
        let mut fit = fitter();
        fit.epoch(&data());
        let bytes = fit.to_checkpoint();
        for len in (0..bytes.len()).step_by(97) {
            assert!(
                Fitter::from_checkpoint(&bytes[..len]).is_err(),
                "length {len}"
            );
        }
        for i in (0..bytes.len()).step_by(101) {
            let mut corrupt = bytes.clone();
            corrupt[i] ^= 0x04;
            assert!(Fitter::from_checkpoint(&corrupt).is_err(), "byte {i}");
        }
        let mut bad_magic = bytes.clone();
        bad_magic[0] = b'X';
        assert_eq!(
            Fitter::from_checkpoint(&bad_magic),
            Err(FitCheckpointError::BadMagic)
        );
    }
}
