//! A seat's baselines and base circles, and where its striker may stand (K1): on the band
//! between the two lines, clear of the base circles, or wholly covering one of them, never
//! straddling a circle's edge.

use crate::seat::Seat;
use crate::spec::BoardSpec;
use crate::vec2::Vec2;
use serde::{Deserialize, Serialize};

/// The marked lines of one seat, in board coordinates, for drawing and for aim guides.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct BaselineMarks {
    /// The line nearer the centre, end to end.
    pub front: [Vec2; 2],
    /// The line nearer the cushion, end to end.
    pub back: [Vec2; 2],
    /// Centres of the two base circles (radius: half the baseline gap).
    pub circles: [Vec2; 2],
}

/// Why a striker spot is refused (K1, F8).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PlacementError {
    /// The offset is not a number.
    NotFinite(f32),
    /// Past the far base circle.
    BeyondBaseline {
        /// The offset asked for, metres.
        offset: f32,
        /// The largest offset allowed either way.
        max: f32,
    },
    /// Partly on a base circle and partly on the band (K1).
    StraddlesBaseCircle {
        /// The offset asked for, metres.
        offset: f32,
        /// Largest offset clear of both circles.
        clear: f32,
        /// Offset of a base circle's centre.
        circle: f32,
        /// How far from a circle's centre the striker still covers it whole.
        cover: f32,
    },
    /// The spot is legal but a piece lies there.
    OverlapsPiece {
        /// The offset asked for, metres.
        offset: f32,
        /// The piece in the way.
        piece: crate::piece::PieceId,
    },
}

impl PlacementError {
    /// The refusal in words, its lengths shown by `show` (metres in, "0.2 m" or "148 px" out)
    /// and a length that is no number called a number of `unit`: the one wording, whatever
    /// units the caller's players see.
    pub fn told(&self, unit: &str, show: impl Fn(f32) -> String) -> String {
        match *self {
            PlacementError::NotFinite(v) => format!("striker offset must be a finite number of {unit} (got {v})"),
            PlacementError::BeyondBaseline { offset, max } => format!(
                "striker offset {} lies beyond the baseline: allowed is -{} to {}",
                show(offset),
                show(max),
                show(max)
            ),
            PlacementError::StraddlesBaseCircle { offset, clear, circle, cover } => format!(
                "striker offset {} straddles a base circle (K1): stay within {} of the middle, or within {} of a \
                 circle's centre at ±{}",
                show(offset),
                show(clear),
                show(cover),
                show(circle)
            ),
            PlacementError::OverlapsPiece { offset, piece } => {
                format!("striker at offset {} would overlap {piece}", show(offset))
            }
        }
    }
}

impl std::fmt::Display for PlacementError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.told("metres", |m| format!("{m} m")))
    }
}

impl std::error::Error for PlacementError {}

/// The lines of `seat`'s baselines.
pub fn marks(spec: &BoardSpec, seat: Seat) -> BaselineMarks {
    let half_len = spec.baseline_length / 2.0;
    let mid = spec.baseline_distance();
    let half_gap = spec.baseline_gap / 2.0;
    let at = |along: f32, out: f32| seat.right() * along + seat.towards() * out;
    let circle = spec.base_circle_offset();
    BaselineMarks {
        front: [at(-half_len, mid - half_gap), at(half_len, mid - half_gap)],
        back: [at(-half_len, mid + half_gap), at(half_len, mid + half_gap)],
        circles: [at(-circle, mid), at(circle, mid)],
    }
}

/// The board position of `seat`'s striker at `offset` metres to the player's right of the
/// middle of the baseline.
pub fn striker_spot(spec: &BoardSpec, seat: Seat, offset: f32) -> Vec2 {
    seat.right() * offset + seat.towards() * spec.baseline_distance()
}

/// Largest offset at which the striker is still clear of both base circles.
pub fn clear_of_circles(spec: &BoardSpec) -> f32 {
    spec.base_circle_offset() - spec.baseline_gap / 2.0 - spec.striker_diameter / 2.0
}

/// How far the striker's centre may sit from a base circle's centre and still cover it whole.
pub fn covering_circle(spec: &BoardSpec) -> f32 {
    (spec.striker_diameter - spec.baseline_gap) / 2.0
}

/// The largest offset from the middle of the baseline the striker may have (K1): covering
/// the far base circle whole.
pub fn offset_limit(spec: &BoardSpec) -> f32 {
    spec.base_circle_offset() + covering_circle(spec)
}

/// Whether `offset` is a K1-legal spot along the baseline, ignoring other pieces.
pub fn check_offset(spec: &BoardSpec, offset: f32) -> Result<(), PlacementError> {
    if !offset.is_finite() {
        return Err(PlacementError::NotFinite(offset));
    }
    let clear = clear_of_circles(spec);
    let circle = spec.base_circle_offset();
    let cover = covering_circle(spec);
    let max = offset_limit(spec);
    let from_mid = offset.abs();
    if from_mid > max {
        return Err(PlacementError::BeyondBaseline { offset, max });
    }
    if from_mid <= clear || (from_mid - circle).abs() <= cover {
        Ok(())
    } else {
        Err(PlacementError::StraddlesBaseCircle { offset, clear, circle, cover })
    }
}

/// The nearest K1-legal offset to `offset` (ignoring other pieces), for a striker dragged by
/// a finger: a straddling spot snaps to the nearer of the band's end and the circle.
pub fn nearest_legal_offset(spec: &BoardSpec, offset: f32) -> f32 {
    let offset = if offset.is_finite() { offset } else { 0.0 };
    let clear = clear_of_circles(spec);
    let circle = spec.base_circle_offset();
    let cover = covering_circle(spec);
    let sign = if offset < 0.0 { -1.0 } else { 1.0 };
    let from_mid = offset.abs().min(circle + cover);
    let snapped = if from_mid <= clear || from_mid >= circle - cover {
        from_mid
    } else if from_mid - clear < circle - cover - from_mid {
        clear
    } else {
        circle - cover
    };
    sign * snapped
}

#[cfg(test)]
mod tests {
    use super::*;
    use approx::assert_relative_eq;

    #[test]
    fn k1_band_and_whole_circle_are_legal_straddle_is_not() {
        let spec = BoardSpec::icf();
        let clear = clear_of_circles(&spec);
        let circle = spec.base_circle_offset();
        assert_eq!(check_offset(&spec, 0.0), Ok(()));
        assert_eq!(check_offset(&spec, clear), Ok(()));
        assert_eq!(check_offset(&spec, -circle), Ok(()));
        assert!(matches!(
            check_offset(&spec, (clear + circle) / 2.0),
            Err(PlacementError::StraddlesBaseCircle { .. })
        ));
        assert!(matches!(check_offset(&spec, 0.3), Err(PlacementError::BeyondBaseline { .. })));
        assert!(matches!(check_offset(&spec, f32::NAN), Err(PlacementError::NotFinite(_))));
    }

    #[test]
    fn k1_icf_numbers_for_the_striker_range() {
        let spec = BoardSpec::icf();
        // 47 cm baseline, 3.18 cm circles, 4.13 cm striker.
        assert_relative_eq!(clear_of_circles(&spec), 0.18255, epsilon = 1e-5);
        assert_relative_eq!(spec.base_circle_offset(), 0.2191, epsilon = 1e-5);
        assert_relative_eq!(spec.baseline_distance(), 0.37 - 0.1015 + 0.0159, epsilon = 1e-6);
    }

    #[test]
    fn k1_snapping_always_lands_on_a_legal_spot() {
        let spec = BoardSpec::icf();
        for i in -400..=400 {
            let offset = i as f32 / 1000.0;
            let snapped = nearest_legal_offset(&spec, offset);
            assert_eq!(check_offset(&spec, snapped), Ok(()), "{offset} -> {snapped}");
            if check_offset(&spec, offset).is_ok() {
                assert_eq!(snapped, offset);
            }
        }
    }

    #[test]
    fn each_seat_strikes_from_its_own_side() {
        let spec = BoardSpec::icf();
        for seat in Seat::ALL {
            let spot = striker_spot(&spec, seat, 0.0);
            assert_relative_eq!(spot.dot(seat.towards()), spec.baseline_distance());
            let m = marks(&spec, seat);
            assert_relative_eq!(m.front[0].distance(m.front[1]), spec.baseline_length, epsilon = 1e-6);
        }
    }
}
