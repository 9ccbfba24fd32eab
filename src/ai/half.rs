//! Half precision (IEEE 754 binary16), the form the shipped weights are stored in: two
//! bytes a weight instead of four, read back into `f32` exactly. Rust has no stable
//! `f16`, so the two conversions are written out here on the bits.

/// The largest exponent of a finite half; beyond it, infinity.
const MAX_EXPONENT: i32 = 15;
/// The smallest exponent of a normal half; below it, subnormals in steps of 2⁻²⁴.
const MIN_EXPONENT: i32 = -14;

/// The half nearest `value`, ties to even, as its bits; `None` if `value` is not finite
/// or rounds beyond the largest half (65,504).
#[must_use]
pub(super) fn to_half(value: f32) -> Option<u16> {
    if !value.is_finite() {
        return None;
    }
    let bits = value.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exponent = ((bits >> 23) & 0xff) as i32 - 127;
    let mantissa = bits & 0x7f_ffff;
    if exponent > MAX_EXPONENT {
        return None;
    }
    let magnitude = if exponent >= MIN_EXPONENT {
        // Normal: keep the mantissa's top ten bits; a carry may raise the exponent.
        let kept = (((exponent + 15) as u32) << 10) | (mantissa >> 13);
        round_shifted(kept, mantissa & 0x1fff, 13)
    } else {
        // Subnormal: the value in units of 2⁻²⁴ (f32 subnormals are far below them).
        let shift = (-1 - exponent) as u32;
        if shift > 24 {
            0
        } else {
            let full = (1 << 23) | mantissa;
            round_shifted(full >> shift, full & ((1 << shift) - 1), shift)
        }
    };
    (magnitude < 0x7c00).then_some(sign | magnitude as u16)
}

/// `kept` rounded by the `dropped` low bits of `shift` taken off it: up above the half
/// way, and at it only to make `kept` even.
fn round_shifted(kept: u32, dropped: u32, shift: u32) -> u32 {
    let half_way = 1 << (shift - 1);
    let up = dropped > half_way || (dropped == half_way && kept & 1 == 1);
    kept + u32::from(up)
}

/// The value of a half's bits, exactly (infinities and NaNs as such).
#[must_use]
pub(super) fn from_half(half: u16) -> f32 {
    let sign = u32::from(half & 0x8000) << 16;
    let exponent = u32::from((half >> 10) & 0x1f);
    let mantissa = u32::from(half & 0x3ff);
    let magnitude = match exponent {
        // Subnormal: a count of 2⁻²⁴, exact in an f32.
        0 => {
            let value = mantissa as f32 / (1u32 << 24) as f32;
            return if sign == 0 { value } else { -value };
        }
        0x1f => 0x7f80_0000 | (mantissa << 13),
        _ => ((exponent + 112) << 23) | (mantissa << 13),
    };
    f32::from_bits(sign | magnitude)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every finite half, from the most negative to the largest.
    fn finite_halves() -> impl Iterator<Item = u16> {
        (0..=u16::MAX).filter(|&h| (h >> 10) & 0x1f != 0x1f)
    }

    #[test]
    fn every_finite_half_reads_back_to_itself() {
        for half in finite_halves() {
            let value = from_half(half);
            assert!(value.is_finite());
            assert_eq!(to_half(value), Some(half), "half {half:#06x} = {value}");
        }
    }

    #[test]
    fn known_values() {
        assert_eq!(from_half(0x3c00), 1.0);
        assert_eq!(from_half(0xc000), -2.0);
        assert_eq!(from_half(0x7bff), 65_504.0);
        assert_eq!(from_half(0x0001), 2f32.powi(-24));
        assert_eq!(from_half(0x0400), 2f32.powi(-14));
        assert_eq!(from_half(0x8000).to_bits(), (-0.0f32).to_bits());
        assert_eq!(to_half(0.1), Some(0x2e66));
        assert_eq!(to_half(-0.0), Some(0x8000));
        assert!(from_half(0x7c00).is_infinite() && from_half(0x7e00).is_nan());
    }

    /// Between each two neighbouring positive halves: just below the midpoint rounds
    /// down, just above it up, and the midpoint itself to the even one.
    #[test]
    fn every_midpoint_rounds_to_even_and_its_neighbours_to_the_nearer() {
        for low in 0..0x7bffu16 {
            let (a, b) = (from_half(low), from_half(low + 1));
            let mid = (f64::from(a) + f64::from(b)) / 2.0;
            let mid = mid as f32;
            assert_eq!(f64::from(mid), (f64::from(a) + f64::from(b)) / 2.0);
            let even = if low % 2 == 0 { low } else { low + 1 };
            assert_eq!(to_half(mid), Some(even), "midpoint of {low:#06x}");
            assert_eq!(to_half(f32::from_bits(mid.to_bits() - 1)), Some(low));
            assert_eq!(to_half(f32::from_bits(mid.to_bits() + 1)), Some(low + 1));
            assert_eq!(to_half(-mid), Some(0x8000 | even));
        }
    }

    #[test]
    fn beyond_the_largest_half_or_not_finite_is_none() {
        // 65,520 is half way to the next power of two's step: it would round to infinity.
        assert_eq!(to_half(65_519.996), Some(0x7bff));
        assert_eq!(to_half(65_520.0), None);
        assert_eq!(to_half(-1e6), None);
        assert_eq!(to_half(f32::INFINITY), None);
        assert_eq!(to_half(f32::NAN), None);
    }

    #[test]
    fn values_below_half_the_smallest_subnormal_are_zero() {
        let smallest = 2f32.powi(-24);
        assert_eq!(to_half(smallest / 2.0), Some(0));
        assert_eq!(
            to_half(f32::from_bits((smallest / 2.0).to_bits() + 1)),
            Some(1)
        );
        assert_eq!(to_half(f32::MIN_POSITIVE / 4.0), Some(0));
        assert_eq!(to_half(-1e-30), Some(0x8000));
    }
}
