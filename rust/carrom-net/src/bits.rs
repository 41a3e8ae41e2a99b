//! Floats on the wire as their exact bits. A strike must be played from exactly the numbers
//! its player chose, on every machine; decimal text in between could round them.

use crate::error::NetError;
use serde::{Deserialize, Serialize};

/// An `f32` carried as its 32 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Exact(u32);

impl Exact {
    /// The bits of `value`, exactly.
    pub fn new(value: f32) -> Exact {
        Exact(value.to_bits())
    }

    /// The value, whatever it is (NaN included).
    pub fn get(self) -> f32 {
        f32::from_bits(self.0)
    }

    /// The value if it is a finite number; `what` names the field in the refusal.
    pub fn finite(self, what: &'static str) -> Result<f32, NetError> {
        let value = self.get();
        if value.is_finite() {
            Ok(value)
        } else {
            Err(NetError::NotANumber(what))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bit_survives_the_wire() {
        for value in [0.1_f32, -0.0, 1.0e-40, f32::MAX, 0.333_333_34, 6.5 * 0.7] {
            let text = serde_json::to_string(&Exact::new(value)).unwrap();
            let back: Exact = serde_json::from_str(&text).unwrap();
            assert_eq!(back.get().to_bits(), value.to_bits());
        }
    }

    #[test]
    fn not_a_number_is_refused_by_name() {
        let err = Exact::new(f32::NAN).finite("power").unwrap_err();
        assert!(err.to_string().contains("power"), "{err}");
        assert!(Exact::new(f32::INFINITY).finite("offset").is_err());
    }
}
