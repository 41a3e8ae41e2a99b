//! `CarromPhysics`: the board's physical constants as a Resource, so that a game maker can save
//! presets ("club board", "slow board") as `.tres` files and assign one in the inspector.

use carrom_core::spec::{PhysicsConstants, SLIDING_FRICTION, STRIKER_SPEED, UNIT};
use godot::classes::Resource;
use godot::prelude::*;

/// How a carrom board plays: friction, bounce and the striker's top speed. Assign it to
/// `CarromBoard.physics`; a change takes effect from the next strike. Values outside what a
/// board can be are refused by the board with an error naming the value.
#[derive(GodotClass)]
#[class(init, tool, base=Resource)]
pub struct CarromPhysics {
    /// Coefficient of sliding friction between a piece and the surface (μ).
    #[export(range = (0.01, 1.0, 0.01))]
    #[init(val = PhysicsConstants::default().sliding_friction)]
    sliding_friction: f32,
    /// Bounce of two pieces striking each other (0 dead, 1 perfectly elastic).
    #[export(range = (0.0, 1.0, 0.01))]
    #[init(val = PhysicsConstants::default().piece_restitution)]
    piece_restitution: f32,
    /// Bounce of a piece off the cushion.
    #[export(range = (0.0, 1.0, 0.01))]
    #[init(val = PhysicsConstants::default().cushion_restitution)]
    cushion_restitution: f32,
    /// Rim friction between two pieces (turns glancing hits into spin).
    #[export(range = (0.0, 1.0, 0.01))]
    #[init(val = PhysicsConstants::default().piece_friction)]
    piece_friction: f32,
    /// Friction between a piece and the cushion.
    #[export(range = (0.0, 1.0, 0.01))]
    #[init(val = PhysicsConstants::default().cushion_friction)]
    cushion_friction: f32,
    /// Speed of the striker at full power, m/s.
    #[export(range = (0.5, 12.0, 0.1))]
    #[init(val = PhysicsConstants::default().max_striker_speed)]
    max_striker_speed: f32,
    base: Base<Resource>,
}

#[godot_api]
impl CarromPhysics {
    /// The range each value may take, as carrom-core checks it: {"sliding_friction": [low,
    /// high], …}. The inspector's sliders span the same ranges.
    #[func]
    fn get_limits() -> VarDictionary {
        let range = |r: &std::ops::RangeInclusive<f32>| (f64::from(*r.start()), f64::from(*r.end()));
        let (friction, speed, unit) = (range(&SLIDING_FRICTION), range(&STRIKER_SPEED), range(&UNIT));
        crate::variant::limits(&[
            ("sliding_friction", friction.0, friction.1),
            ("piece_restitution", unit.0, unit.1),
            ("cushion_restitution", unit.0, unit.1),
            ("piece_friction", unit.0, unit.1),
            ("cushion_friction", unit.0, unit.1),
            ("max_striker_speed", speed.0, speed.1),
        ])
    }
}

impl CarromPhysics {
    /// `base` with this resource's values in place of its own.
    pub fn apply_to(&self, base: &PhysicsConstants) -> PhysicsConstants {
        PhysicsConstants {
            sliding_friction: self.sliding_friction,
            piece_restitution: self.piece_restitution,
            cushion_restitution: self.cushion_restitution,
            piece_friction: self.piece_friction,
            cushion_friction: self.cushion_friction,
            max_striker_speed: self.max_striker_speed,
            ..base.clone()
        }
    }
}
