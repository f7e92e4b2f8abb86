//! Kubernetes resource quantities (`500m`, `16265856Ki`, `1.5Gi`, `2e3`, ...) as exact
//! integers.
//!
//! A parsed quantity is held in nano-units (10^-9), which is exactly the precision
//! Kubernetes keeps: the API server rounds every non-zero amount *up* (away from zero) to a
//! whole nano-unit and caps the magnitude at 2^63 - 1 units. From there
//! [`Amount::value`] (whole units, rounded up, like `Quantity.Value()`) and
//! [`Amount::milli_value`] (like `Quantity.MilliValue()`, used for CPU) are exact.
//!
//! Upstream: `k8s.io/apimachinery/pkg/api/resource` (`ParseQuantity`, `Quantity.Value`,
//! `Quantity.MilliValue`), which the general estimator computes with.
//! Conformance: `general_estimate`.
//! Karmada: master f8fdd02 (apimachinery as vendored there).

use std::fmt;

use crate::api::Quantity;

const NANO_PER_UNIT: i128 = 1_000_000_000;
const NANO_PER_MILLI: i128 = 1_000_000;
/// Largest magnitude Kubernetes keeps: 2^63 - 1 whole units.
const MAX_NANO: i128 = (i64::MAX as i128) * NANO_PER_UNIT;

/// An exact quantity in nano-units (value × 10^9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Amount(i128);

/// Why a quantity string could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid quantity {input:?}: {why}")]
pub struct QuantityError {
    /// The offending text.
    pub input: String,
    /// What is wrong with it.
    pub why: &'static str,
}

impl Amount {
    /// Zero.
    pub const ZERO: Amount = Amount(0);

    /// An amount from whole units.
    pub fn from_units(units: i64) -> Amount {
        Amount(units as i128 * NANO_PER_UNIT)
    }

    /// An amount from nano-units.
    pub fn from_nano(nano: i128) -> Amount {
        Amount(nano)
    }

    /// The exact value in nano-units.
    pub fn nano(self) -> i128 {
        self.0
    }

    /// Parse Kubernetes quantity syntax: an optionally signed decimal number followed by
    /// a binary-SI suffix (`Ki`..`Ei`), a decimal-SI suffix (`n`, `u`, `m`, none, `k`,
    /// `M`..`E`) or a decimal exponent (`e3`, `E-2`).
    pub fn parse(s: &str) -> Result<Amount, QuantityError> {
        parse_amount(s).map_err(|why| QuantityError {
            input: s.to_string(),
            why,
        })
    }

    /// Parse a [`Quantity`]; `None` when its text is not valid quantity syntax.
    pub fn of(q: &Quantity) -> Option<Amount> {
        Amount::parse(&q.0).ok()
    }

    /// Whole units rounded away from zero, as `Quantity.Value()`.
    pub fn value(self) -> i64 {
        saturate(div_away_from_zero(self.0, NANO_PER_UNIT))
    }

    /// Milli-units rounded away from zero, as `Quantity.MilliValue()`.
    pub fn milli_value(self) -> i64 {
        saturate(div_away_from_zero(self.0, NANO_PER_MILLI))
    }

    /// `self - other`, saturating (quantities never get near the i128 range).
    pub fn saturating_sub(self, other: Amount) -> Amount {
        Amount(self.0.saturating_sub(other.0))
    }

    /// `self + other`, saturating.
    pub fn saturating_add(self, other: Amount) -> Amount {
        Amount(self.0.saturating_add(other.0))
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        let whole = abs / NANO_PER_UNIT as u128;
        let frac = abs % NANO_PER_UNIT as u128;
        if frac == 0 {
            write!(f, "{sign}{whole}")
        } else {
            let digits = format!("{frac:09}");
            write!(f, "{sign}{whole}.{}", digits.trim_end_matches('0'))
        }
    }
}

fn saturate(v: i128) -> i64 {
    v.clamp(i64::MIN as i128, i64::MAX as i128) as i64
}

fn div_away_from_zero(n: i128, d: i128) -> i128 {
    let q = n / d;
    if n % d == 0 {
        q
    } else if n > 0 {
        q + 1
    } else {
        q - 1
    }
}

/// Parse into nano-units following the API server's rules.
fn parse_amount(s: &str) -> Result<Amount, &'static str> {
    let bytes = s.as_bytes();
    if bytes.is_empty() {
        return Err("empty");
    }
    let mut pos = 0;
    let negative = match bytes[0] {
        b'-' => {
            pos = 1;
            true
        }
        b'+' => {
            pos = 1;
            false
        }
        _ => false,
    };
    let int_start = pos;
    while pos < bytes.len() && bytes[pos].is_ascii_digit() {
        pos += 1;
    }
    let int_digits = &s[int_start..pos];
    let mut frac_digits = "";
    if pos < bytes.len() && bytes[pos] == b'.' {
        pos += 1;
        let frac_start = pos;
        while pos < bytes.len() && bytes[pos].is_ascii_digit() {
            pos += 1;
        }
        frac_digits = &s[frac_start..pos];
    }
    if int_digits.is_empty() && frac_digits.is_empty() {
        return Err("no digits");
    }
    let (exp10, exp2) = suffix_exponents(&s[pos..])?;

    // mantissa × 10^(exp10 - len(frac)) × 2^exp2, in nano-units: shift by 9 more.
    let digits = int_digits.bytes().chain(frac_digits.bytes());
    let all: Vec<u8> = digits.map(|b| b - b'0').collect();
    let first_nonzero = all.iter().position(|&d| d != 0);
    let Some(first_nonzero) = first_nonzero else {
        return Ok(Amount(0));
    };
    let mut significant = &all[first_nonzero..];
    let mut shift: i64 = exp10 + 9 - frac_digits.len() as i64;
    // Trailing zeros only move the decimal point.
    while let Some((&0, rest)) = significant.split_last() {
        significant = rest;
        shift += 1;
    }
    // Order of magnitude of the value in whole units (number of integer digits).
    let magnitude = significant.len() as i64 + shift - 9;
    let binary_digits = (exp2 as f64 * std::f64::consts::LOG10_2).ceil() as i64;
    if magnitude + binary_digits > 21 {
        // Far beyond 2^63 units: Kubernetes caps it.
        return Ok(Amount(if negative { -MAX_NANO } else { MAX_NANO }));
    }
    // Digits that are entirely below nano precision (shift < 0) only matter through the
    // round-up; with a binary multiplier they still matter, so keep enough of them.
    let mut mantissa: i128 = 0;
    let mut dropped_nonzero = false;
    let mut kept_shift = shift;
    // Keep as many digits as fit once multiplied by 2^exp2; beyond that (more than 18
    // significant digits with `Ei`, 38 with a decimal suffix) the rest only decides the
    // round-up, so the result may exceed the exact one by a few nano-units.
    let limit = (i128::MAX >> exp2) / 10 - 9;
    for (i, &d) in significant.iter().enumerate() {
        if mantissa > limit {
            dropped_nonzero |= significant[i..].iter().any(|&d| d != 0);
            kept_shift = shift + (significant.len() - i) as i64;
            break;
        }
        mantissa = mantissa * 10 + d as i128;
    }
    let mut value = mantissa.checked_mul(1i128 << exp2).ok_or("out of range")?;
    let nano = if kept_shift >= 0 {
        let mut v = value;
        for _ in 0..kept_shift {
            v = match v.checked_mul(10) {
                Some(v) => v,
                None => return Ok(Amount(if negative { -MAX_NANO } else { MAX_NANO })),
            };
        }
        v
    } else {
        let mut remainder_nonzero = dropped_nonzero;
        for _ in 0..(-kept_shift) {
            if value == 0 {
                break;
            }
            remainder_nonzero |= value % 10 != 0;
            value /= 10;
        }
        if remainder_nonzero {
            value + 1
        } else {
            value
        }
    };
    let nano = nano.min(MAX_NANO);
    Ok(Amount(if negative { -nano } else { nano }))
}

/// Decimal and binary exponents of a suffix.
fn suffix_exponents(suffix: &str) -> Result<(i64, u32), &'static str> {
    Ok(match suffix {
        "" => (0, 0),
        "n" => (-9, 0),
        "u" => (-6, 0),
        "m" => (-3, 0),
        "k" => (3, 0),
        "M" => (6, 0),
        "G" => (9, 0),
        "T" => (12, 0),
        "P" => (15, 0),
        "E" => (18, 0),
        "Ki" => (0, 10),
        "Mi" => (0, 20),
        "Gi" => (0, 30),
        "Ti" => (0, 40),
        "Pi" => (0, 50),
        "Ei" => (0, 60),
        _ => {
            let rest = suffix
                .strip_prefix('e')
                .or_else(|| suffix.strip_prefix('E'))
                .ok_or("unknown suffix")?;
            let digits = rest.strip_prefix(['+', '-']).unwrap_or(rest);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err("bad exponent");
            }
            let exp: i64 = rest.parse().map_err(|_| "bad exponent")?;
            if exp.abs() > 1000 {
                // Kubernetes' own parser rejects or caps these; treat as out of range.
                return Err("exponent out of range");
            }
            (exp, 0)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(s: &str) -> Amount {
        Amount::parse(s).unwrap()
    }

    #[test]
    fn decimal_si() {
        assert_eq!(a("500m").milli_value(), 500);
        assert_eq!(a("500m").value(), 1);
        assert_eq!(a("4").milli_value(), 4000);
        assert_eq!(a("1k").value(), 1000);
        assert_eq!(a("2M").value(), 2_000_000);
        assert_eq!(a("3G").value(), 3_000_000_000);
        assert_eq!(a("1E").value(), 1_000_000_000_000_000_000);
        assert_eq!(a("100n").nano(), 100);
        assert_eq!(a("5u").nano(), 5000);
        assert_eq!(a("0").value(), 0);
        assert_eq!(a("+7").value(), 7);
    }

    #[test]
    fn binary_si() {
        assert_eq!(a("1Ki").value(), 1024);
        assert_eq!(a("16265856Ki").value(), 16_265_856 * 1024);
        assert_eq!(a("290Mi").value(), 290 * 1024 * 1024);
        assert_eq!(a("1.5Gi").value(), 1536 * 1024 * 1024);
        assert_eq!(a("1Ti").value(), 1 << 40);
        assert_eq!(a("1Ei").value(), 1 << 60);
        // 0.1Ki = 102.4 units: Value() rounds up.
        assert_eq!(a("0.1Ki").value(), 103);
        assert_eq!(a("0.1Ki").milli_value(), 102_400);
    }

    #[test]
    fn exponents_and_fractions() {
        assert_eq!(a("1e3").value(), 1000);
        assert_eq!(a("1E3").value(), 1000);
        assert_eq!(a("15e-1").milli_value(), 1500);
        assert_eq!(a("1.5").milli_value(), 1500);
        assert_eq!(a(".5").milli_value(), 500);
        assert_eq!(a("5.").value(), 5);
        assert_eq!(a("0.0001").milli_value(), 1, "rounds up to a whole milli");
        assert_eq!(a("1n").milli_value(), 1);
        // Below nano precision: rounded up to 1n.
        assert_eq!(a("0.0000000001").nano(), 1);
        assert_eq!(a("-1.5").value(), -2, "rounded away from zero");
    }

    #[test]
    fn caps_and_errors() {
        assert_eq!(a("9223372036854775807").value(), i64::MAX);
        assert_eq!(a("100E").value(), i64::MAX);
        assert_eq!(a("1e100").value(), i64::MAX);
        assert_eq!(
            a("99999999999999999999999999999999999999999999999").value(),
            i64::MAX
        );
        for bad in ["", "m", "1x", "1.2.3", "1e", "1Kii", " 1", "1 ", "--1", "."] {
            assert!(Amount::parse(bad).is_err(), "{bad:?} should not parse");
        }
    }

    #[test]
    fn display_round_trips() {
        assert_eq!(a("1500m").to_string(), "1.5");
        assert_eq!(a("2Ki").to_string(), "2048");
        assert_eq!(a("-0.25").to_string(), "-0.25");
    }
}
