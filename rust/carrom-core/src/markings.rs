//! What is printed on an ICF board, as geometry in board coordinates: the frame, the pockets,
//! each seat's baselines and base circles, the centre and outer circles and the four diagonal
//! foul lines (arrows). Whoever draws a board draws these.

use crate::baseline::{marks, BaselineMarks};
use crate::physics::Pocket;
use crate::seat::Seat;
use crate::spec::BoardSpec;
use crate::vec2::Vec2;
use serde::{Deserialize, Serialize};

/// One diagonal foul line (K2): from near a pocket towards the centre, with an arrowhead at the
/// pocket end and an arc across its inner end.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Arrow {
    /// The end near the pocket, where the arrowhead is.
    pub tip: Vec2,
    /// The end towards the centre.
    pub tail: Vec2,
    /// Radius of the arc drawn round the tail (ICF: 6.35 cm across).
    pub arc_radius: f32,
}

/// Everything printed on a board, in metres from its centre, for drawing it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Markings {
    /// Half the side of the playing surface.
    pub half_surface: f32,
    /// Width of the frame around the surface.
    pub frame_width: f32,
    /// Pocket centres, by pocket number.
    pub pockets: Vec<Vec2>,
    /// Radius of every pocket's opening.
    pub pocket_radius: f32,
    /// Baselines of seats 0–3.
    pub baselines: Vec<BaselineMarks>,
    /// Radius of the base circles at the baselines' ends.
    pub base_circle_radius: f32,
    /// Radius of the centre circle under the queen.
    pub centre_circle_radius: f32,
    /// Radius of the outer circle round the formation.
    pub outer_circle_radius: f32,
    /// The diagonal foul lines (arrows) towards the pockets.
    pub arrows: Vec<Arrow>,
}

/// The ICF arc at the inner end of each arrow is 6.35 cm across.
const ARROW_ARC_DIAMETER: f32 = 0.0635;

/// The markings of a board of `spec`.
pub fn markings(spec: &BoardSpec) -> Markings {
    let arrows = Pocket::ALL
        .iter()
        .map(|pocket| {
            let centre = pocket.centre(spec);
            let inward = (-centre).normalized().unwrap_or(Vec2::ZERO);
            let tip = centre + inward * (spec.pocket_radius() + spec.arrow_from_pocket);
            Arrow { tip, tail: tip + inward * spec.arrow_length, arc_radius: ARROW_ARC_DIAMETER / 2.0 }
        })
        .collect();
    Markings {
        half_surface: spec.half_surface(),
        frame_width: spec.frame_width,
        pockets: Pocket::ALL.iter().map(|p| p.centre(spec)).collect(),
        pocket_radius: spec.pocket_radius(),
        baselines: Seat::ALL.iter().map(|s| marks(spec, *s)).collect(),
        base_circle_radius: spec.baseline_gap / 2.0,
        centre_circle_radius: spec.centre_circle_diameter / 2.0,
        outer_circle_radius: spec.outer_circle_diameter / 2.0,
        arrows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_run_diagonally_clear_of_pockets_and_baselines_meet_them_not() {
        let spec = BoardSpec::icf();
        let m = markings(&spec);
        assert_eq!(m.arrows.len(), 4);
        for (arrow, pocket) in m.arrows.iter().zip(&m.pockets) {
            assert!((arrow.tip.x.abs() - arrow.tip.y.abs()).abs() < 1e-6, "on the diagonal");
            assert!(
                (arrow.tip.distance(*pocket) - spec.pocket_radius() - spec.arrow_from_pocket).abs() < 1e-5
            );
            assert!((arrow.tail.distance(arrow.tip) - spec.arrow_length).abs() < 1e-5);
            assert!(arrow.tail.length() > m.outer_circle_radius, "the arrows stop short of the outer circle");
        }
        assert_eq!(m.baselines.len(), 4);
        assert_eq!(m.outer_circle_radius, 0.085);
    }
}
