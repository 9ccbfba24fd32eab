//! The weights file: both networks (contact and race) in a compact checked binary form.
//!
//! ```text
//! "GAMAOWTS"            8 bytes, magic
//! version               u32 = 1 (weights as f32) or 2 (as halves, binary16)
//! networks              u32 = 2 (contact, then race)
//! per network           u32 inputs, u32 hidden, u32 outputs
//! per network           hidden weights (input-major), hidden biases,
//!                       output weights (output-major), output biases
//! checksum              u64, FNV-1a of every byte before it
//! ```
//! All numbers little-endian. In f32, two networks of 128 hidden units take 233,560
//! bytes, two of 256 (the most, [`MAX_HIDDEN`]) 467,032; halves take half as much. Fits
//! write f32; the shipped files are halves ([`Weights::to_half_bytes`]), which the
//! browser's download has room for, and are read back into f32 exactly.
//!
//! Inputs are [`INPUTS`] (222) when written. A network of 204 inputs, the encoding before
//! the extras (`features.rs`) were appended, is read with zero rows for them, so it
//! computes bit for bit what it computed before; any other count is refused. The
//! [`Weights::checksum`] of weights whose extras' rows are all zero is that of their
//! 204-input file, so it stays what it was for weights made before the extras.

use std::convert::Infallible;
use std::fmt;

use super::byte_reader::{ByteReader, Truncated};
use super::encoding::{INPUTS, SIDE_INPUTS};
use super::half::{from_half, to_half};
use super::network::{Network, MAX_HIDDEN, OUTPUTS};

/// The inputs of the encoding before the extras: both per-side blocks.
pub(super) const PREVIOUS_INPUTS: usize = 2 * SIDE_INPUTS;

const MAGIC: &[u8; 8] = b"GAMAOWTS";
const NETWORKS: u32 = 2;

/// How a weights file stores each weight: its format version.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Precision {
    /// Version 1: four bytes, f32.
    Single = 1,
    /// Version 2: two bytes, IEEE 754 binary16.
    Half = 2,
}

impl Precision {
    fn of_version(version: u32) -> Option<Precision> {
        [Precision::Single, Precision::Half]
            .into_iter()
            .find(|p| *p as u32 == version)
    }

    fn bytes(self) -> usize {
        match self {
            Precision::Single => 4,
            Precision::Half => 2,
        }
    }
}

/// The evaluator's two networks: one for positions with contact, one for races.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    pub contact: Network,
    pub race: Network,
}

/// Why bytes are not a weights file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// The file ends before its data does.
    Truncated { expected: usize, found: usize },
    /// The file does not start with `GAMAOWTS`.
    BadMagic,
    /// A format version this build cannot read.
    UnsupportedVersion(u32),
    /// A network shape this build cannot use.
    UnsupportedShape {
        inputs: u32,
        hidden: u32,
        outputs: u32,
    },
    /// The checksum does not match: the file is corrupt.
    BadChecksum,
    /// Bytes follow the checksum.
    TrailingBytes(usize),
    /// A weight is infinite or not a number.
    NotFinite,
    /// A weight too large for half precision (beyond ±65,504), asked for in halves.
    BeyondHalf,
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::Truncated { expected, found } => write!(
                f,
                "weights file truncated: {found} bytes, at least {expected} needed"
            ),
            WeightsError::BadMagic => f.write_str("not a Gamão weights file (bad magic)"),
            WeightsError::UnsupportedVersion(v) => {
                write!(
                    f,
                    "weights file version {v} is not supported (expected 1 or 2)"
                )
            }
            WeightsError::UnsupportedShape {
                inputs,
                hidden,
                outputs,
            } => write!(
                f,
                "unsupported network shape {inputs}-{hidden}-{outputs} \
                 (expected {INPUTS} or {PREVIOUS_INPUTS} inputs, 1-{MAX_HIDDEN} hidden, \
                 {OUTPUTS} outputs)"
            ),
            WeightsError::BadChecksum => f.write_str("weights file corrupt (checksum mismatch)"),
            WeightsError::TrailingBytes(n) => {
                write!(f, "weights file has {n} unexpected bytes at the end")
            }
            WeightsError::NotFinite => f.write_str("weights file holds a non-finite weight"),
            WeightsError::BeyondHalf => {
                f.write_str("a weight is too large for half precision (beyond ±65,504)")
            }
        }
    }
}

impl std::error::Error for WeightsError {}

impl From<Truncated> for WeightsError {
    fn from(Truncated { expected, found }: Truncated) -> WeightsError {
        WeightsError::Truncated { expected, found }
    }
}

/// The trained weights shipped with the crate: `weights/gamao.weights`.
const BUILTIN: &[u8] = include_bytes!("../../weights/gamao.weights");

impl Weights {
    /// The trained weights shipped with the crate (see `weights/TRAINING.md`).
    ///
    /// # Errors
    /// Only if the shipped file is damaged, which the tests rule out.
    pub fn builtin() -> Result<Weights, WeightsError> {
        Weights::from_bytes(BUILTIN)
    }

    /// The file form of these weights, with every input of the encoding, in f32.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        self.to_bytes_with(INPUTS)
    }

    /// The file form in half precision (version 2), each weight rounded to the nearest
    /// half: half the size, and the form the shipped weights take.
    ///
    /// # Errors
    /// [`WeightsError::BeyondHalf`] if a weight is too large for a half.
    pub fn to_half_bytes(&self) -> Result<Vec<u8>, WeightsError> {
        self.write(INPUTS, Precision::Half, |w, out| {
            let half = to_half(w).ok_or(WeightsError::BeyondHalf)?;
            out.extend_from_slice(&half.to_le_bytes());
            Ok(())
        })
    }

    /// The f32 file form with the first `inputs` rows of hidden weights.
    pub(super) fn to_bytes_with(&self, inputs: usize) -> Vec<u8> {
        let Ok(bytes) = self.write(inputs, Precision::Single, |w, out| {
            out.extend_from_slice(&w.to_le_bytes());
            Ok::<(), Infallible>(())
        });
        bytes
    }

    /// The file form with the first `inputs` rows of hidden weights, each weight
    /// appended by `push` in `precision`'s form.
    fn write<E>(
        &self,
        inputs: usize,
        precision: Precision,
        mut push: impl FnMut(f32, &mut Vec<u8>) -> Result<(), E>,
    ) -> Result<Vec<u8>, E> {
        let nets = [&self.contact, &self.race];
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(precision as u32).to_le_bytes());
        out.extend_from_slice(&NETWORKS.to_le_bytes());
        for net in nets {
            for n in [inputs, net.hidden, OUTPUTS] {
                out.extend_from_slice(&(n as u32).to_le_bytes());
            }
        }
        for net in nets {
            for part in [
                &net.hidden_weights[..inputs * net.hidden],
                &net.hidden_bias[..],
                &net.output_weights[..],
                &net.output_bias[..],
            ] {
                for &w in part {
                    push(w, &mut out)?;
                }
            }
        }
        let checksum = fnv1a(&out);
        out.extend_from_slice(&checksum.to_le_bytes());
        Ok(out)
    }

    /// The FNV-1a checksum of the f32 file form, whatever form they were read from:
    /// which weights a file of targets was made with. Weights whose rows for the extras
    /// are all zero compute what they computed before the extras existed, and are summed
    /// in that file form (204 inputs), so that their checksum is the one they had then.
    #[must_use]
    pub fn checksum(&self) -> u64 {
        let extras_unused = [&self.contact, &self.race].iter().all(|net| {
            net.hidden_weights[PREVIOUS_INPUTS * net.hidden..]
                .iter()
                .all(|&w| w == 0.0)
        });
        fnv1a(&self.to_bytes_with(if extras_unused {
            PREVIOUS_INPUTS
        } else {
            INPUTS
        }))
    }

    /// Reads a weights file, of either precision.
    ///
    /// # Errors
    /// A [`WeightsError`] naming what is wrong; never panics on any input.
    pub fn from_bytes(bytes: &[u8]) -> Result<Weights, WeightsError> {
        Weights::from_bytes_with_inputs(bytes).map(|(weights, _)| weights)
    }

    /// Reads a weights file, with the inputs each network (contact, race) has in it:
    /// [`INPUTS`], or 204 for the encoding before the extras (read with zero rows).
    ///
    /// # Errors
    /// As [`Weights::from_bytes`].
    pub(super) fn from_bytes_with_inputs(
        bytes: &[u8],
    ) -> Result<(Weights, [usize; 2]), WeightsError> {
        let mut reader = ByteReader::new(bytes);
        if reader.take(MAGIC.len())? != MAGIC {
            return Err(WeightsError::BadMagic);
        }
        let version = reader.u32()?;
        let precision =
            Precision::of_version(version).ok_or(WeightsError::UnsupportedVersion(version))?;
        let networks = reader.u32()?;
        if networks != NETWORKS {
            return Err(WeightsError::UnsupportedShape {
                inputs: 0,
                hidden: networks,
                outputs: 0,
            });
        }
        let mut shapes = [(0usize, 0usize); 2];
        for slot in &mut shapes {
            let (inputs, units, outputs) = (reader.u32()?, reader.u32()?, reader.u32()?);
            if ![INPUTS, PREVIOUS_INPUTS].contains(&(inputs as usize))
                || outputs as usize != OUTPUTS
                || !(1..=MAX_HIDDEN).contains(&(units as usize))
            {
                return Err(WeightsError::UnsupportedShape {
                    inputs,
                    hidden: units,
                    outputs,
                });
            }
            *slot = (inputs as usize, units as usize);
        }
        let body: usize = shapes
            .iter()
            .map(|&(i, h)| floats(i, h) * precision.bytes())
            .sum();
        let expected = reader.position() + body + 8;
        if bytes.len() < expected {
            return Err(WeightsError::Truncated {
                expected,
                found: bytes.len(),
            });
        }
        if bytes.len() > expected {
            return Err(WeightsError::TrailingBytes(bytes.len() - expected));
        }
        let stored = u64::from_le_bytes(last_eight(bytes));
        if fnv1a(&bytes[..expected - 8]) != stored {
            return Err(WeightsError::BadChecksum);
        }
        let contact = network(&mut reader, shapes[0], precision)?;
        let race = network(&mut reader, shapes[1], precision)?;
        Ok((Weights { contact, race }, shapes.map(|(inputs, _)| inputs)))
    }
}

/// How many floats a network of `inputs` and `hidden` units stores.
fn floats(inputs: usize, hidden: usize) -> usize {
    inputs * hidden + hidden + OUTPUTS * hidden + OUTPUTS
}

fn last_eight(bytes: &[u8]) -> [u8; 8] {
    let mut out = [0u8; 8];
    out.copy_from_slice(&bytes[bytes.len() - 8..]);
    out
}

/// 64-bit FNV-1a.
pub(super) fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// The next `n` weights, stored in `precision`, each finite.
fn finite_weights(
    reader: &mut ByteReader<'_>,
    n: usize,
    precision: Precision,
) -> Result<Vec<f32>, WeightsError> {
    let values = match precision {
        Precision::Single => reader.f32s(n)?,
        Precision::Half => reader.u16s(n)?.into_iter().map(from_half).collect(),
    };
    if values.iter().all(|w| w.is_finite()) {
        Ok(values)
    } else {
        Err(WeightsError::NotFinite)
    }
}

/// The next network, of `inputs` (either encoding's) and `hidden` units; the rows of
/// inputs it lacks are zero.
fn network(
    reader: &mut ByteReader<'_>,
    (inputs, hidden): (usize, usize),
    precision: Precision,
) -> Result<Network, WeightsError> {
    let mut hidden_weights = finite_weights(reader, inputs * hidden, precision)?;
    hidden_weights.resize(INPUTS * hidden, 0.0);
    let hidden_bias = finite_weights(reader, hidden, precision)?;
    let output_weights = finite_weights(reader, OUTPUTS * hidden, precision)?;
    let mut output_bias = [0.0; OUTPUTS];
    output_bias.copy_from_slice(&finite_weights(reader, OUTPUTS, precision)?);
    Ok(Network {
        hidden,
        hidden_weights,
        hidden_bias,
        output_weights,
        output_bias,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn sample() -> Weights {
        let mut rng = Rng::seeded(5);
        Weights {
            contact: Network::random(8, &mut rng),
            race: Network::random(4, &mut rng),
        }
    }

    #[test]
    fn weights_round_trip() {
        let weights = sample();
        assert_eq!(Weights::from_bytes(&weights.to_bytes()), Ok(weights));
    }

    #[test]
    fn the_largest_networks_round_trip() {
        let mut rng = Rng::seeded(6);
        let weights = Weights {
            contact: Network::random(MAX_HIDDEN, &mut rng),
            race: Network::random(MAX_HIDDEN, &mut rng),
        };
        let bytes = weights.to_bytes();
        assert_eq!(bytes.len(), 48 + 2 * floats(INPUTS, MAX_HIDDEN) * 4);
        assert_eq!(Weights::from_bytes(&bytes), Ok(weights));
    }

    #[test]
    fn a_network_wider_than_the_largest_is_refused() {
        let mut bytes = sample().to_bytes();
        // The contact network's hidden count, after magic, version, count and inputs.
        bytes[20..24].copy_from_slice(&(MAX_HIDDEN as u32 + 1).to_le_bytes());
        assert_eq!(
            Weights::from_bytes(&bytes),
            Err(WeightsError::UnsupportedShape {
                inputs: INPUTS as u32,
                hidden: MAX_HIDDEN as u32 + 1,
                outputs: OUTPUTS as u32,
            })
        );
    }

    /// `weights` in the file form of the encoding before the extras: 204 inputs.
    fn previous_file(weights: &Weights) -> Vec<u8> {
        weights.to_bytes_with(PREVIOUS_INPUTS)
    }

    #[test]
    fn weights_of_the_previous_encoding_load_with_zero_rows_for_the_extras() {
        let old = sample();
        let bytes = previous_file(&old);
        assert_eq!(bytes.len(), 48 + (floats(204, 8) + floats(204, 4)) * 4);
        let loaded = Weights::from_bytes(&bytes).unwrap();
        for (net, was) in [(&loaded.contact, &old.contact), (&loaded.race, &old.race)] {
            let h = net.hidden;
            assert_eq!(net.hidden_weights.len(), INPUTS * h);
            assert_eq!(net.hidden_weights[..204 * h], was.hidden_weights[..204 * h]);
            assert!(net.hidden_weights[204 * h..].iter().all(|&w| w == 0.0));
            assert_eq!(net.hidden_bias, was.hidden_bias);
            assert_eq!(net.output_weights, was.output_weights);
        }
        // Written back with every input; summed as the file it came from.
        assert_eq!(
            loaded.to_bytes().len(),
            48 + (floats(INPUTS, 8) + floats(INPUTS, 4)) * 4
        );
        assert_eq!(loaded.checksum(), fnv1a(&bytes));
        assert_eq!(Weights::from_bytes(&loaded.to_bytes()), Ok(loaded));
    }

    /// `weights` with every weight rounded to the nearest half.
    fn rounded(weights: &Weights) -> Weights {
        let mut out = weights.clone();
        for net in [&mut out.contact, &mut out.race] {
            for w in net
                .hidden_weights
                .iter_mut()
                .chain(&mut net.hidden_bias)
                .chain(&mut net.output_weights)
                .chain(&mut net.output_bias)
            {
                *w = from_half(to_half(*w).unwrap());
            }
        }
        out
    }

    #[test]
    fn half_files_take_half_the_bytes_and_read_back_rounded() {
        let weights = sample();
        let half = weights.to_half_bytes().unwrap();
        assert_eq!(half.len(), 48 + (floats(INPUTS, 8) + floats(INPUTS, 4)) * 2);
        assert_eq!(half[8..12], 2u32.to_le_bytes());
        let read = Weights::from_bytes(&half).unwrap();
        assert_eq!(read, rounded(&weights));
        assert_ne!(read, weights);
        // Rounded once, they are halves: written again, the same file.
        assert_eq!(read.to_half_bytes().unwrap(), half);
        assert_eq!(Weights::from_bytes(&read.to_bytes()), Ok(read.clone()));
        assert_eq!(read.checksum(), fnv1a(&read.to_bytes()));
    }

    #[test]
    fn a_weight_beyond_half_range_is_refused_in_halves_only() {
        let mut weights = sample();
        weights.race.output_bias[2] = 70_000.0;
        assert_eq!(weights.to_half_bytes(), Err(WeightsError::BeyondHalf));
        assert_eq!(Weights::from_bytes(&weights.to_bytes()), Ok(weights));
    }

    #[test]
    fn an_infinite_half_is_refused() {
        let mut bytes = sample().to_half_bytes().unwrap();
        // The race network's last output bias, just before the checksum.
        let at = bytes.len() - 10;
        bytes[at..at + 2].copy_from_slice(&0x7c00u16.to_le_bytes());
        let end = bytes.len() - 8;
        let checksum = fnv1a(&bytes[..end]);
        bytes[end..].copy_from_slice(&checksum.to_le_bytes());
        assert_eq!(Weights::from_bytes(&bytes), Err(WeightsError::NotFinite));
    }

    #[test]
    fn other_versions_are_refused() {
        for version in [0u32, 3, u32::MAX] {
            let mut bytes = sample().to_bytes();
            bytes[8..12].copy_from_slice(&version.to_le_bytes());
            assert_eq!(
                Weights::from_bytes(&bytes),
                Err(WeightsError::UnsupportedVersion(version))
            );
        }
    }

    #[test]
    fn the_shipped_file_is_the_shipped_weights_in_halves() {
        let shipped = Weights::builtin().unwrap();
        assert!(shipped.to_half_bytes().unwrap() == BUILTIN);
    }

    #[test]
    fn weights_that_use_the_extras_are_summed_in_full() {
        let weights = sample();
        assert!(weights.contact.hidden_weights[204 * 8..]
            .iter()
            .any(|&w| w != 0.0));
        assert_eq!(weights.checksum(), fnv1a(&weights.to_bytes()));
        assert_ne!(weights.checksum(), fnv1a(&previous_file(&weights)));
    }

    #[test]
    fn any_other_count_of_inputs_is_refused() {
        for inputs in [0, 203, 205, INPUTS as u32 - 1, INPUTS as u32 + 1] {
            let mut bytes = sample().to_bytes();
            // The contact network's inputs, after magic, version and count.
            bytes[16..20].copy_from_slice(&inputs.to_le_bytes());
            assert_eq!(
                Weights::from_bytes(&bytes),
                Err(WeightsError::UnsupportedShape {
                    inputs,
                    hidden: 8,
                    outputs: OUTPUTS as u32,
                })
            );
        }
    }

    #[test]
    fn every_truncation_and_flipped_byte_is_an_error() {
        for bytes in [sample().to_bytes(), sample().to_half_bytes().unwrap()] {
            for len in 0..bytes.len() {
                assert!(Weights::from_bytes(&bytes[..len]).is_err(), "length {len}");
            }
            for i in (0..bytes.len()).step_by(7) {
                let mut corrupt = bytes.clone();
                corrupt[i] ^= 0x10;
                assert!(Weights::from_bytes(&corrupt).is_err(), "byte {i}");
            }
        }
    }
}
