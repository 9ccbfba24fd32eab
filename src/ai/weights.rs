//! The weights file: both networks (contact and race) in a compact checked binary form.
//!
//! ```text
//! "GAMAOWTS"            8 bytes, magic
//! version               u32 = 1
//! networks              u32 = 2 (contact, then race)
//! per network           u32 inputs, u32 hidden, u32 outputs
//! per network           f32 hidden weights (input-major), hidden biases,
//!                       output weights (output-major), output biases
//! checksum              u64, FNV-1a of every byte before it
//! ```
//! All numbers little-endian. Two networks of 128 hidden units take 215,128 bytes, two
//! of 256 (the most, [`MAX_HIDDEN`]) 430,168.

use std::fmt;

use super::byte_reader::{ByteReader, Truncated};
use super::encoding::INPUTS;
use super::network::{Network, MAX_HIDDEN, OUTPUTS};

const MAGIC: &[u8; 8] = b"GAMAOWTS";
const VERSION: u32 = 1;
const NETWORKS: u32 = 2;

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
                    "weights file version {v} is not supported (expected {VERSION})"
                )
            }
            WeightsError::UnsupportedShape {
                inputs,
                hidden,
                outputs,
            } => write!(
                f,
                "unsupported network shape {inputs}-{hidden}-{outputs} \
                 (expected {INPUTS} inputs, 1-{MAX_HIDDEN} hidden, {OUTPUTS} outputs)"
            ),
            WeightsError::BadChecksum => f.write_str("weights file corrupt (checksum mismatch)"),
            WeightsError::TrailingBytes(n) => {
                write!(f, "weights file has {n} unexpected bytes at the end")
            }
            WeightsError::NotFinite => f.write_str("weights file holds a non-finite weight"),
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

    /// The file form of these weights.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let nets = [&self.contact, &self.race];
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&NETWORKS.to_le_bytes());
        for net in nets {
            for n in [INPUTS, net.hidden, OUTPUTS] {
                out.extend_from_slice(&(n as u32).to_le_bytes());
            }
        }
        for net in nets {
            for part in [
                &net.hidden_weights[..],
                &net.hidden_bias[..],
                &net.output_weights[..],
                &net.output_bias[..],
            ] {
                for w in part {
                    out.extend_from_slice(&w.to_le_bytes());
                }
            }
        }
        let checksum = fnv1a(&out);
        out.extend_from_slice(&checksum.to_le_bytes());
        out
    }

    /// The FNV-1a checksum of [`Weights::to_bytes`]: which weights a file of targets
    /// was made with.
    #[must_use]
    pub fn checksum(&self) -> u64 {
        fnv1a(&self.to_bytes())
    }

    /// Reads a weights file.
    ///
    /// # Errors
    /// A [`WeightsError`] naming what is wrong; never panics on any input.
    pub fn from_bytes(bytes: &[u8]) -> Result<Weights, WeightsError> {
        let mut reader = ByteReader::new(bytes);
        if reader.take(MAGIC.len())? != MAGIC {
            return Err(WeightsError::BadMagic);
        }
        let version = reader.u32()?;
        if version != VERSION {
            return Err(WeightsError::UnsupportedVersion(version));
        }
        let networks = reader.u32()?;
        if networks != NETWORKS {
            return Err(WeightsError::UnsupportedShape {
                inputs: 0,
                hidden: networks,
                outputs: 0,
            });
        }
        let mut hidden = [0usize; 2];
        for slot in &mut hidden {
            let (inputs, units, outputs) = (reader.u32()?, reader.u32()?, reader.u32()?);
            if inputs as usize != INPUTS
                || outputs as usize != OUTPUTS
                || !(1..=MAX_HIDDEN).contains(&(units as usize))
            {
                return Err(WeightsError::UnsupportedShape {
                    inputs,
                    hidden: units,
                    outputs,
                });
            }
            *slot = units as usize;
        }
        let body: usize = hidden.iter().map(|&h| floats(h) * 4).sum();
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
        let contact = network(&mut reader, hidden[0])?;
        let race = network(&mut reader, hidden[1])?;
        Ok(Weights { contact, race })
    }
}

/// How many floats a network of `hidden` units stores.
fn floats(hidden: usize) -> usize {
    INPUTS * hidden + hidden + OUTPUTS * hidden + OUTPUTS
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

/// The next `n` weights, each finite.
fn finite_f32s(reader: &mut ByteReader<'_>, n: usize) -> Result<Vec<f32>, WeightsError> {
    let values = reader.f32s(n)?;
    if values.iter().all(|w| w.is_finite()) {
        Ok(values)
    } else {
        Err(WeightsError::NotFinite)
    }
}

/// The next network, of `hidden` units.
fn network(reader: &mut ByteReader<'_>, hidden: usize) -> Result<Network, WeightsError> {
    let hidden_weights = finite_f32s(reader, INPUTS * hidden)?;
    let hidden_bias = finite_f32s(reader, hidden)?;
    let output_weights = finite_f32s(reader, OUTPUTS * hidden)?;
    let mut output_bias = [0.0; OUTPUTS];
    output_bias.copy_from_slice(&finite_f32s(reader, OUTPUTS)?);
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
        assert_eq!(bytes.len(), 48 + 2 * floats(MAX_HIDDEN) * 4);
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

    #[test]
    fn every_truncation_and_flipped_byte_is_an_error() {
        let bytes = sample().to_bytes();
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
