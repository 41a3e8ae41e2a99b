//! `BoardSpec`: the measurements of an ICF carrom board and its pieces, and the physical
//! constants of the simulation. Every other module reads sizes from here, never from literals.
//!
//! Dimensions follow the International Carrom Federation's equipment specification (the
//! playing surface, pockets, coins, striker, baselines, circles and arrows); where ICF gives a
//! range, the spec takes the largest value, which the formation of S2 is built from. Where the
//! physical constants come from is written in `docs/physics.md`.

use crate::piece::PieceKind;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Everything that sizes a board and its pieces, in metres, kilograms and seconds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct BoardSpec {
    /// Side of the square playing surface, cushion to cushion (ICF: 74 cm).
    pub playing_surface: f32,
    /// Width of the wooden frame around the surface, for drawing (ICF: 6.35–7.6 cm).
    pub frame_width: f32,
    /// Radius of the rounding of the frame's inside corners, behind the pockets.
    pub corner_radius: f32,
    /// Diameter of each corner pocket (ICF: 4.45 cm).
    pub pocket_diameter: f32,
    /// Diameter of a black or white coin (ICF: 3.02–3.18 cm).
    pub coin_diameter: f32,
    /// Mass of a black or white coin (ICF: 5.25–5.5 g).
    pub coin_mass: f32,
    /// Diameter of the queen (ICF: the same as a coin).
    pub queen_diameter: f32,
    /// Mass of the queen (ICF: the same as a coin).
    pub queen_mass: f32,
    /// Diameter of the striker (ICF: at most 4.13 cm).
    pub striker_diameter: f32,
    /// Mass of the striker (ICF: at most 15 g).
    pub striker_mass: f32,
    /// Length of each baseline, base circles included (ICF: 47 cm).
    pub baseline_length: f32,
    /// Distance between a seat's two parallel baselines, which is also the diameter of the
    /// base circles at their ends (ICF: 3.18 cm).
    pub baseline_gap: f32,
    /// Distance from the cushion to the outer line of a seat's baselines (ICF: 10.15 cm).
    pub baseline_from_cushion: f32,
    /// Diameter of the centre circle (ICF: 3.18 cm).
    pub centre_circle_diameter: f32,
    /// Diameter of the outer circle around the formation (ICF: 17 cm).
    pub outer_circle_diameter: f32,
    /// Length of each diagonal foul line (arrow) at the corners (ICF: 26.7 cm).
    pub arrow_length: f32,
    /// Gap between a pocket's edge and the start of its arrow (ICF: 5 cm).
    pub arrow_from_pocket: f32,
    /// The physical constants of the simulation.
    pub physics: PhysicsConstants,
}

/// Friction, bounce and time step: what makes the board play fast or slow.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PhysicsConstants {
    /// Gravity, m/s²: with the sliding friction it gives the deceleration μ·g.
    pub gravity: f32,
    /// Coefficient of sliding friction between a piece and the powdered surface.
    pub sliding_friction: f32,
    /// Coefficient of restitution of two pieces striking each other.
    pub piece_restitution: f32,
    /// Coefficient of restitution of a piece bouncing off the cushion.
    pub cushion_restitution: f32,
    /// Friction between two pieces at their rims (it turns a glancing hit into spin).
    pub piece_friction: f32,
    /// Friction between a piece and the cushion.
    pub cushion_friction: f32,
    /// The fastest a striker may be sent, m/s: "maximum power".
    pub max_striker_speed: f32,
    /// The fixed simulation time step, s.
    pub time_step: f32,
    /// Simulated seconds after which a shot is stopped where it lies, whatever still moves.
    pub max_shot_seconds: f32,
}

impl Default for PhysicsConstants {
    fn default() -> Self {
        Self {
            gravity: 9.81,
            sliding_friction: 0.12,
            piece_restitution: 0.85,
            cushion_restitution: 0.75,
            piece_friction: 0.05,
            cushion_friction: 0.15,
            max_striker_speed: 6.5,
            time_step: 1.0 / 240.0,
            max_shot_seconds: 30.0,
        }
    }
}

impl Default for BoardSpec {
    fn default() -> Self {
        Self::icf()
    }
}

/// Why a spec was rejected: the field and what it must be.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("board spec field `{field}` {reason} (got {value})")]
pub struct SpecError {
    /// The field.
    pub field: &'static str,
    /// What it must be.
    pub reason: String,
    /// What it was.
    pub value: f32,
}

/// The fastest any piece may move in the simulation; a higher striker speed is rejected.
pub const ENGINE_SPEED_LIMIT: f32 = 12.0;
/// The slowest top speed a striker may have: a board on which no strike can cross it is no
/// board.
pub const MIN_STRIKER_SPEED: f32 = 0.5;
/// The top speeds a striker may have, m/s.
pub const STRIKER_SPEED: std::ops::RangeInclusive<f32> = MIN_STRIKER_SPEED..=ENGINE_SPEED_LIMIT;
/// The sliding friction a board may have (μ): a glass-smooth board to a rough one.
pub const SLIDING_FRICTION: std::ops::RangeInclusive<f32> = 0.01..=1.0;
/// A bounce (restitution) or a rim friction: 0 to 1.
pub const UNIT: std::ops::RangeInclusive<f32> = 0.0..=1.0;
/// The finest time step allowed, seconds.
pub const MIN_TIME_STEP: f32 = 1.0 / 2000.0;
/// The longest a shot may be simulated, seconds: with the finest step, a shot is at most
/// `MAX_SHOT_SECONDS / MIN_TIME_STEP` = 240,000 steps.
pub const MAX_SHOT_SECONDS: f32 = 120.0;

impl BoardSpec {
    /// The board and pieces of the ICF equipment rules.
    pub fn icf() -> Self {
        Self {
            playing_surface: 0.74,
            frame_width: 0.076,
            corner_radius: 0.01,
            pocket_diameter: 0.0445,
            coin_diameter: 0.0318,
            coin_mass: 0.0055,
            queen_diameter: 0.0318,
            queen_mass: 0.0055,
            striker_diameter: 0.0413,
            striker_mass: 0.015,
            baseline_length: 0.47,
            baseline_gap: 0.0318,
            baseline_from_cushion: 0.1015,
            centre_circle_diameter: 0.0318,
            outer_circle_diameter: 0.17,
            arrow_length: 0.267,
            arrow_from_pocket: 0.05,
            physics: PhysicsConstants::default(),
        }
    }

    /// Radius of a piece of `kind` on this board.
    pub fn radius(&self, kind: PieceKind) -> f32 {
        match kind {
            PieceKind::White | PieceKind::Black => self.coin_diameter / 2.0,
            PieceKind::Queen => self.queen_diameter / 2.0,
            PieceKind::Striker => self.striker_diameter / 2.0,
        }
    }

    /// Mass of a piece of `kind` on this board.
    pub fn mass(&self, kind: PieceKind) -> f32 {
        match kind {
            PieceKind::White | PieceKind::Black => self.coin_mass,
            PieceKind::Queen => self.queen_mass,
            PieceKind::Striker => self.striker_mass,
        }
    }

    /// The side of the whole board, frame included, metres (it is square).
    pub fn board_size(&self) -> f32 {
        self.playing_surface + 2.0 * self.frame_width
    }

    /// Half the side of the playing surface: the distance from the centre to a cushion.
    pub fn half_surface(&self) -> f32 {
        self.playing_surface / 2.0
    }

    /// Radius of a pocket's opening.
    pub fn pocket_radius(&self) -> f32 {
        self.pocket_diameter / 2.0
    }

    /// Distance from the centre to the middle of a seat's baseline band, where the striker's
    /// centre sits.
    pub fn baseline_distance(&self) -> f32 {
        self.half_surface() - self.baseline_from_cushion + self.baseline_gap / 2.0
    }

    /// Distance along the baseline from its middle to the centre of each base circle.
    pub fn base_circle_offset(&self) -> f32 {
        (self.baseline_length - self.baseline_gap) / 2.0
    }

    /// Radius of the smallest circle around the opening formation (S2): two rings of coins.
    pub fn formation_radius(&self) -> f32 {
        self.queen_diameter / 2.0 + 2.0 * self.coin_diameter
    }

    /// Checks that a board can be built and played with these numbers; the first problem found
    /// is returned, naming its field.
    pub fn validate(&self) -> Result<(), SpecError> {
        self.check_numbers()?;
        self.check_real_set()?;
        self.check_simulation()?;
        self.check_layout()
    }

    /// Every size and constant a finite number of the right sign.
    fn check_numbers(&self) -> Result<(), SpecError> {
        let p = &self.physics;
        let positive = [
            ("playing_surface", self.playing_surface),
            ("frame_width", self.frame_width),
            ("pocket_diameter", self.pocket_diameter),
            ("coin_diameter", self.coin_diameter),
            ("coin_mass", self.coin_mass),
            ("queen_diameter", self.queen_diameter),
            ("queen_mass", self.queen_mass),
            ("striker_diameter", self.striker_diameter),
            ("striker_mass", self.striker_mass),
            ("baseline_length", self.baseline_length),
            ("baseline_gap", self.baseline_gap),
            ("baseline_from_cushion", self.baseline_from_cushion),
            ("centre_circle_diameter", self.centre_circle_diameter),
            ("outer_circle_diameter", self.outer_circle_diameter),
            ("arrow_length", self.arrow_length),
            ("physics.gravity", p.gravity),
            ("physics.sliding_friction", p.sliding_friction),
            ("physics.max_striker_speed", p.max_striker_speed),
            ("physics.time_step", p.time_step),
            ("physics.max_shot_seconds", p.max_shot_seconds),
        ];
        for (field, value) in positive {
            check(field, value, value.is_finite() && value > 0.0, "must be a finite number above zero")?;
        }
        let non_negative = [
            ("corner_radius", self.corner_radius),
            ("arrow_from_pocket", self.arrow_from_pocket),
            ("physics.piece_friction", p.piece_friction),
            ("physics.cushion_friction", p.cushion_friction),
        ];
        for (field, value) in non_negative {
            check(field, value, value.is_finite() && value >= 0.0, "must be a finite number, zero or more")?;
        }
        for (field, value) in [
            ("physics.piece_restitution", p.piece_restitution),
            ("physics.cushion_restitution", p.cushion_restitution),
        ] {
            check(field, value, UNIT.contains(&value), "must lie between 0 and 1")?;
        }
        Ok(())
    }

    /// Pieces and a board of a real set: grams and centimetres, about a metre across.
    fn check_real_set(&self) -> Result<(), SpecError> {
        let p = &self.physics;
        // Pieces of a real set: grams, centimetres, on a board of about a metre. Far outside
        // these the simulation stops meaning anything (a weightless queen is crushed into).
        for (field, value, range, allowed) in [
            ("coin_mass", self.coin_mass, 0.001..=0.05, "between 1 g and 50 g"),
            ("queen_mass", self.queen_mass, 0.001..=0.05, "between 1 g and 50 g"),
            ("striker_mass", self.striker_mass, 0.001..=0.05, "between 1 g and 50 g"),
            ("coin_diameter", self.coin_diameter, 0.015..=0.06, "between 1.5 cm and 6 cm"),
            ("queen_diameter", self.queen_diameter, 0.015..=0.06, "between 1.5 cm and 6 cm"),
            ("striker_diameter", self.striker_diameter, 0.015..=0.08, "between 1.5 cm and 8 cm"),
            ("playing_surface", self.playing_surface, 0.4..=1.5, "between 0.4 m and 1.5 m"),
            ("physics.gravity", p.gravity, 1.0..=30.0, "between 1 and 30 m/s²"),
            ("physics.piece_friction", p.piece_friction, UNIT, "between 0 and 1"),
            ("physics.cushion_friction", p.cushion_friction, UNIT, "between 0 and 1"),
        ] {
            check(field, value, range.contains(&value), &format!("must lie {allowed}"))?;
        }
        Ok(())
    }

    /// A simulation that means something and ends: the engine's top speed, a time step and a
    /// shot length such that no shot runs for ever.
    fn check_simulation(&self) -> Result<(), SpecError> {
        let p = &self.physics;
        check(
            "physics.max_striker_speed",
            p.max_striker_speed,
            p.max_striker_speed <= ENGINE_SPEED_LIMIT,
            &format!("must be at most {ENGINE_SPEED_LIMIT} m/s"),
        )?;
        // A shot runs at most MAX_SHOT_STEPS steps, whatever the spec: a real board's friction,
        // speeds and steps, nothing that would make a shot run for ever.
        check(
            "physics.time_step",
            p.time_step,
            (MIN_TIME_STEP..=1.0 / 60.0).contains(&p.time_step),
            &format!("must lie between {MIN_TIME_STEP} s and 1/60 s"),
        )?;
        check(
            "physics.max_shot_seconds",
            p.max_shot_seconds,
            p.max_shot_seconds <= MAX_SHOT_SECONDS,
            &format!("must be at most {MAX_SHOT_SECONDS} s"),
        )?;
        check(
            "physics.sliding_friction",
            p.sliding_friction,
            SLIDING_FRICTION.contains(&p.sliding_friction),
            &format!("must lie between {} and {}", SLIDING_FRICTION.start(), SLIDING_FRICTION.end()),
        )?;
        check(
            "physics.max_striker_speed",
            p.max_striker_speed,
            p.max_striker_speed >= MIN_STRIKER_SPEED,
            &format!("must be at least {MIN_STRIKER_SPEED} m/s"),
        )?;
        Ok(())
    }

    /// The markings fit the board: pockets hold a coin, the baselines hold the striker clear of
    /// the cushions and pockets, the circles hold the formation clear of the baselines.
    fn check_layout(&self) -> Result<(), SpecError> {
        let biggest_coin = self.coin_diameter.max(self.queen_diameter);
        check(
            "pocket_diameter",
            self.pocket_diameter,
            self.pocket_diameter > biggest_coin,
            &format!("must be larger than a coin or the queen ({biggest_coin} m)"),
        )?;
        check(
            "corner_radius",
            self.corner_radius,
            self.corner_radius < self.pocket_radius(),
            "must be smaller than a pocket's radius",
        )?;
        check(
            "baseline_from_cushion",
            self.baseline_from_cushion,
            self.baseline_from_cushion - self.baseline_gap > self.striker_diameter / 2.0
                && self.baseline_from_cushion < self.half_surface(),
            "must leave the striker room between the baseline and the cushion",
        )?;
        check(
            "baseline_length",
            self.baseline_length,
            self.baseline_length > 2.0 * self.baseline_gap
                && self.baseline_length / 2.0 + self.pocket_diameter < self.half_surface(),
            "must hold both base circles and stay clear of the pockets",
        )?;
        check(
            "striker_diameter",
            self.striker_diameter,
            self.striker_diameter >= self.baseline_gap,
            "must be at least the base circle's diameter (baseline_gap), so it can cover one",
        )?;
        check(
            "outer_circle_diameter",
            self.outer_circle_diameter,
            self.outer_circle_diameter / 2.0 >= self.formation_radius(),
            &format!("must hold the opening formation ({} m across)", 2.0 * self.formation_radius()),
        )?;
        let front_line = self.half_surface() - self.baseline_from_cushion;
        check(
            "outer_circle_diameter",
            self.outer_circle_diameter,
            self.outer_circle_diameter / 2.0 + self.striker_diameter < front_line,
            "must leave room between the circle and the baselines",
        )?;
        check(
            "centre_circle_diameter",
            self.centre_circle_diameter,
            self.centre_circle_diameter < self.outer_circle_diameter,
            "must be smaller than the outer circle",
        )?;
        Ok(())
    }
}

fn check(field: &'static str, value: f32, ok: bool, reason: &str) -> Result<(), SpecError> {
    if ok && !value.is_nan() {
        Ok(())
    } else {
        Err(SpecError { field, reason: reason.to_string(), value })
    }
}

impl fmt::Display for BoardSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} m board", self.playing_surface)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn icf_spec_is_valid() {
        assert_eq!(BoardSpec::icf().validate(), Ok(()));
    }

    #[test]
    fn nan_negative_and_misfit_sizes_name_their_field() {
        type Breaker = fn(&mut BoardSpec);
        let cases: Vec<(Breaker, &str)> = vec![
            (|s| s.coin_diameter = f32::NAN, "coin_diameter"),
            (|s| s.striker_mass = -0.01, "striker_mass"),
            (|s| s.pocket_diameter = 0.03, "pocket_diameter"),
            (|s| s.physics.piece_restitution = 1.5, "physics.piece_restitution"),
            (|s| s.physics.max_striker_speed = f32::INFINITY, "physics.max_striker_speed"),
            (|s| s.physics.max_striker_speed = 50.0, "physics.max_striker_speed"),
            (|s| s.physics.time_step = 0.1, "physics.time_step"),
            (|s| s.outer_circle_diameter = 0.1, "outer_circle_diameter"),
            (|s| s.baseline_length = 0.73, "baseline_length"),
            (|s| s.coin_diameter = 0.04, "outer_circle_diameter"),
        ];
        for (break_it, field) in cases {
            let mut spec = BoardSpec::icf();
            break_it(&mut spec);
            let err = spec.validate().expect_err(field);
            assert_eq!(err.field, field, "{err}");
            assert!(err.to_string().contains(field));
        }
    }

    #[test]
    fn spec_round_trips_through_json_and_fills_missing_fields() {
        let spec = BoardSpec::icf();
        let json = serde_json::to_string(&spec).unwrap();
        assert_eq!(serde_json::from_str::<BoardSpec>(&json).unwrap(), spec);
        let partial: BoardSpec = serde_json::from_str(r#"{"striker_mass":0.014}"#).unwrap();
        assert_eq!(partial.striker_mass, 0.014);
        assert_eq!(partial.coin_mass, spec.coin_mass);
    }
}
