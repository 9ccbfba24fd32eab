//! Training checkpoints: a run's settings, its game count and its weights, in one file.
//!
//! ```text
//! "GAMAOCKP"   8 bytes, magic
//! version      u32 = 1
//! seed         u64
//! games        u64
//! alpha        f32
//! decay games  u64
//! lambda       f32
//! weights      u32 length, then a weights file (see `weights.rs`)
//! checksum     u64, FNV-1a of every byte before it
//! ```

use std::fmt;

use super::training::{Trainer, TrainingSettings};
use super::weights::{fnv1a, Weights, WeightsError};

const MAGIC: &[u8; 8] = b"GAMAOCKP";
const VERSION: u32 = 1;
const HEADER: usize = 8 + 4 + 8 + 8 + 4 + 8 + 4 + 4;

/// Why bytes are not a checkpoint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckpointError {
    /// The file is shorter than its header says.
    Truncated,
    /// The file does not start with `GAMAOCKP`.
    BadMagic,
    /// A format version this build cannot read.
    UnsupportedVersion(u32),
    /// The checksum does not match: the file is corrupt.
    BadChecksum,
    /// The weights inside are unusable.
    Weights(WeightsError),
}

impl fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckpointError::Truncated => f.write_str("checkpoint truncated"),
            CheckpointError::BadMagic => f.write_str("not a Gamão checkpoint (bad magic)"),
            CheckpointError::UnsupportedVersion(v) => {
                write!(f, "checkpoint version {v} is not supported")
            }
            CheckpointError::BadChecksum => f.write_str("checkpoint corrupt (checksum mismatch)"),
            CheckpointError::Weights(e) => write!(f, "checkpoint weights: {e}"),
        }
    }
}

impl std::error::Error for CheckpointError {}

impl Trainer {
    /// The run as a checkpoint file.
    #[must_use]
    pub fn to_checkpoint(&self) -> Vec<u8> {
        let settings = self.settings();
        let weights = self.evaluator().weights().to_bytes();
        let mut out = Vec::with_capacity(HEADER + weights.len() + 8);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&settings.seed.to_le_bytes());
        out.extend_from_slice(&self.games().to_le_bytes());
        out.extend_from_slice(&settings.alpha.to_le_bytes());
        out.extend_from_slice(&settings.decay_games.to_le_bytes());
        out.extend_from_slice(&settings.lambda.to_le_bytes());
        out.extend_from_slice(&(weights.len() as u32).to_le_bytes());
        out.extend_from_slice(&weights);
        let checksum = fnv1a(&out);
        out.extend_from_slice(&checksum.to_le_bytes());
        out
    }

    /// The run saved in a checkpoint file.
    ///
    /// # Errors
    /// A [`CheckpointError`] naming what is wrong; never panics on any input.
    pub fn from_checkpoint(bytes: &[u8]) -> Result<Trainer, CheckpointError> {
        if bytes.len() < HEADER + 8 {
            return Err(CheckpointError::Truncated);
        }
        if &bytes[..8] != MAGIC {
            return Err(CheckpointError::BadMagic);
        }
        let word = |at: usize| {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        let long = |at: usize| u64::from(word(at)) | (u64::from(word(at + 4)) << 32);
        let version = word(8);
        if version != VERSION {
            return Err(CheckpointError::UnsupportedVersion(version));
        }
        let length = word(44) as usize;
        if Some(bytes.len()) != length.checked_add(HEADER + 8) {
            return Err(CheckpointError::Truncated);
        }
        let body = &bytes[..HEADER + length];
        if fnv1a(body) != long(HEADER + length) {
            return Err(CheckpointError::BadChecksum);
        }
        let settings = TrainingSettings {
            seed: long(12),
            alpha: f32::from_bits(word(28)),
            decay_games: long(32),
            lambda: f32::from_bits(word(40)),
        };
        let weights = Weights::from_bytes(&body[HEADER..]).map_err(CheckpointError::Weights)?;
        Ok(Trainer::resume(settings, long(20), weights))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkpoint_round_trips_and_detects_corruption() {
        let settings = TrainingSettings {
            seed: 4,
            alpha: 0.05,
            decay_games: 1000,
            lambda: 0.5,
        };
        let mut trainer = Trainer::new(settings, 8);
        trainer.train_game();
        let bytes = trainer.to_checkpoint();
        let back = Trainer::from_checkpoint(&bytes).unwrap();
        assert_eq!(back.games(), 1);
        assert_eq!(back.settings(), settings);
        assert_eq!(back.evaluator(), trainer.evaluator());
        for i in (0..bytes.len()).step_by(13) {
            let mut corrupt = bytes.clone();
            corrupt[i] ^= 1;
            assert!(Trainer::from_checkpoint(&corrupt).is_err(), "byte {i}");
        }
        assert!(Trainer::from_checkpoint(&bytes[..bytes.len() - 1]).is_err());
    }
}
