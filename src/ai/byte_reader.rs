//! A cursor over a binary file's bytes: little-endian numbers, read in order, with
//! running out reported as [`Truncated`] for each file format to map to its own error.

/// The bytes ended before a read did: `expected` bytes were needed, `found` there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Truncated {
    pub expected: usize,
    pub found: usize,
}

/// Reads `bytes` from the front; every read either takes all it asks for or fails.
pub(super) struct ByteReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> ByteReader<'a> {
    pub fn new(bytes: &'a [u8]) -> ByteReader<'a> {
        ByteReader { bytes, at: 0 }
    }

    /// How many bytes have been read.
    pub fn position(&self) -> usize {
        self.at
    }

    /// The next `n` bytes.
    ///
    /// # Errors
    /// [`Truncated`] if fewer than `n` are left (nothing is read then).
    pub fn take(&mut self, n: usize) -> Result<&'a [u8], Truncated> {
        let truncated = Truncated {
            expected: self.at.saturating_add(n),
            found: self.bytes.len(),
        };
        let end = self.at.checked_add(n).ok_or(truncated)?;
        let slice = self.bytes.get(self.at..end).ok_or(truncated)?;
        self.at = end;
        Ok(slice)
    }

    /// The next `N` bytes as an array.
    fn array<const N: usize>(&mut self) -> Result<[u8; N], Truncated> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.take(N)?);
        Ok(out)
    }

    pub fn u32(&mut self) -> Result<u32, Truncated> {
        self.array().map(u32::from_le_bytes)
    }

    pub fn u64(&mut self) -> Result<u64, Truncated> {
        self.array().map(u64::from_le_bytes)
    }

    /// The next `n` 16-bit numbers.
    pub fn u16s(&mut self, n: usize) -> Result<Vec<u16>, Truncated> {
        let raw = self.take(n.saturating_mul(2))?;
        Ok(raw
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect())
    }

    /// The next `n` floats, whatever their values (a format that wants them finite
    /// checks).
    pub fn f32s(&mut self, n: usize) -> Result<Vec<f32>, Truncated> {
        let raw = self.take(n.saturating_mul(4))?;
        Ok(raw
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_read_little_endian_in_order() {
        let mut bytes = vec![0xAB];
        bytes.extend_from_slice(&7u32.to_le_bytes());
        bytes.extend_from_slice(&(1u64 << 40).to_le_bytes());
        bytes.extend_from_slice(&1.5f32.to_le_bytes());
        bytes.extend_from_slice(&(-2.0f32).to_le_bytes());
        bytes.extend_from_slice(&[0x34, 0x12]);
        let mut reader = ByteReader::new(&bytes);
        assert_eq!(reader.take(1), Ok(&[0xAB][..]));
        assert_eq!(reader.u32(), Ok(7));
        assert_eq!(reader.u64(), Ok(1 << 40));
        assert_eq!(reader.f32s(2), Ok(vec![1.5, -2.0]));
        assert_eq!(reader.u16s(1), Ok(vec![0x1234]));
        assert_eq!(reader.position(), bytes.len());
    }

    #[test]
    fn a_short_read_says_how_much_was_needed_and_reads_nothing() {
        let bytes = [1, 2, 3, 4, 5, 6];
        let mut reader = ByteReader::new(&bytes);
        assert_eq!(reader.u32(), Ok(0x0403_0201));
        assert_eq!(
            reader.u32(),
            Err(Truncated {
                expected: 8,
                found: 6
            })
        );
        assert_eq!(reader.position(), 4);
        assert_eq!(reader.take(2), Ok(&[5, 6][..]));
        assert!(reader.u64().is_err());
    }

    #[test]
    fn lengths_past_the_address_space_are_truncations_not_panics() {
        let bytes = [0u8; 8];
        let mut reader = ByteReader::new(&bytes);
        reader.take(3).unwrap();
        assert!(reader.take(usize::MAX).is_err());
        assert!(reader.f32s(usize::MAX / 2).is_err());
        assert!(reader.u16s(usize::MAX).is_err());
        assert_eq!(reader.position(), 3);
    }
}
