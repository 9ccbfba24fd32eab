//! `gamao half`: a weights file written again in half precision, the shipped form.
//!
//! ```text
//! gamao half IN OUT
//! ```
//! Reads IN (a weights file of either precision, as `gamao fit` or `gamao train` write
//! them) and writes OUT with every weight rounded to the nearest half: half the bytes.
//! Prints both checksums, as the targets files name weights by them.

use std::fs;

use gamao::ai::Weights;

use crate::output::outln;

/// Runs the `half` command with the arguments after `half`.
pub fn run(args: &[String]) -> Result<(), String> {
    let [input, output] = args else {
        return Err("usage: gamao half IN OUT".to_string());
    };
    let bytes = fs::read(input).map_err(|e| format!("{input}: {e}"))?;
    let weights = Weights::from_bytes(&bytes).map_err(|e| format!("{input}: {e}"))?;
    let half = weights
        .to_half_bytes()
        .map_err(|e| format!("{input}: {e}"))?;
    let rounded = Weights::from_bytes(&half).map_err(|e| format!("{output}: {e}"))?;
    fs::write(output, &half).map_err(|e| format!("{output}: {e}"))?;
    outln!(
        "{input}: {} bytes, checksum {:016x}\n{output}: {} bytes, checksum {:016x} (weights in halves)",
        bytes.len(),
        weights.checksum(),
        half.len(),
        rounded.checksum()
    );
    Ok(())
}
