//! The board's play API: place, strike, run a shot to rest, set up, save and load. Each call
//! is one action of carrom-core's turn sequence; a refused call changes nothing and returns
//! false with one error (see `Refused`).

use super::CarromBoard;
use crate::convert;
use crate::refusal::{value_or_default, Refused};
use crate::units::vec2;
use crate::variant::dictionary;
use carrom_core::aim::{predict_path, predict_path_from};
use carrom_core::game::GameError;
use carrom_core::physics::{Snapshot, Table, TableError};
use carrom_core::practice::Stroke;
use carrom_core::{Seat, Vec2};
use godot::prelude::*;

#[godot_api(secondary)]
impl CarromBoard {
    /// Stands `seat`'s striker on its baseline, `offset` pixels to the player's right of the
    /// middle. Refused when the spot is not legal (K1) or not free, or when `seat` may not act
    /// now (pieces moving; in a refereed match, not its turn).
    #[func]
    fn place_striker(&mut self, seat: i64, offset: f64) -> Result<(), Refused> {
        let seat = convert::seat(seat)?;
        let offset = self.units.metres("offset", offset)?;
        self.place_exact(seat, offset)
    }

    /// Flicks the placed striker along `direction` (board pixels, any length, pointing
    /// forward from the seat: K3) with `power` above 0 and at most 1 (full speed).
    #[func]
    fn strike(&mut self, direction: Vector2, power: f64) -> Result<(), Refused> {
        let dir = convert::direction(direction.x, direction.y)?;
        let speed = convert::power_to_speed(power, self.table().spec().physics.max_striker_speed)?;
        self.strike_placed(dir, speed)
    }

    /// Runs the shot under way to its end at once, emitting every signal on the way (the
    /// rules' verdict too), and returns its report: for tests and for skipping an animation.
    /// Empty, with an error, when no shot is under way.
    #[func]
    pub(crate) fn simulate_to_rest(&mut self) -> VarDictionary {
        if !self.table().is_moving() {
            Refused::from(TableError::AtRest).log();
            return VarDictionary::new();
        }
        self.run_steps(u32::MAX);
        self.get_last_report()
    }

    /// Puts every piece back in the opening formation and the striker in hand. Refused while a
    /// match is played here: start a new one with `CarromRules` instead.
    #[func]
    fn reset_board(&mut self) -> Result<(), Refused> {
        self.free_table("reset_board", "start_match")?.reset();
        self.after_new_table();
        self.signals().board_reset().emit();
        Ok(())
    }

    /// The aim guide for a strike of the placed striker: `points` (board pixels, from the
    /// striker through cushion bounces to where it meets a piece, drops or stops), `hit_piece`
    /// (-1 for none), `hit_direction` (where that piece would go) and `pocket` (-1 for none).
    #[func]
    fn predict_path(&self, direction: Vector2, power: f64) -> VarDictionary {
        let speed =
            convert::power_to_speed(power, self.table().spec().physics.max_striker_speed).unwrap_or(0.0);
        let guide = predict_path(self.table(), vec2(direction), speed).map_err(Refused::from);
        dictionary(crate::fields::guide_fields(&value_or_default(guide), self.units))
    }

    /// `predict_path` for `seat`'s striker as if it stood at `offset` pixels along its baseline
    /// (where the coach's hint would have it), wherever it stands now. The spot is not checked
    /// against the baseline's ends or the pieces (`is_striker_position_legal` does that); a
    /// seat that does not exist or an offset that is not a number is refused with an error,
    /// and the guide is empty.
    #[func]
    fn predict_path_at(&self, seat: i64, offset: f64, direction: Vector2, power: f64) -> VarDictionary {
        let speed =
            convert::power_to_speed(power, self.table().spec().physics.max_striker_speed).unwrap_or(0.0);
        let guide = self
            .striker_spot_at(seat, offset)
            .and_then(|start| Ok(predict_path_from(self.table(), start, vec2(direction), speed)?));
        dictionary(crate::fields::guide_fields(&value_or_default(guide), self.units))
    }

    /// The table alone (pieces, spec, any shot under way) as JSON text, for `load_state`: free
    /// play. A refereed match saves whole through `CarromRules.save_match`.
    #[func]
    fn save_state(&self) -> GString {
        let text = self.table().snapshot().map(|s| s.to_json()).map_err(Refused::from);
        GString::from(value_or_default(text).as_str())
    }

    /// Restores a table saved by `save_state`. Damaged text is refused and the board is left
    /// as it was; so is any table while a match is played here (`CarromRules.load_match` loads
    /// a match whole).
    #[func]
    fn load_state(&mut self, json: GString) -> Result<(), Refused> {
        self.free_table("load_state", "load_match")?;
        let table = Snapshot::from_json(&json.to_string())
            .and_then(|s| Table::restore(&s))
            .map_err(GameError::from)?;
        self.free = table;
        self.after_new_table();
        Ok(())
    }
}

impl CarromBoard {
    /// Strikes the placed striker, and keeps the strike's exact values.
    pub(super) fn strike_placed(&mut self, direction: Vec2, speed: f32) -> Result<(), Refused> {
        let placed = self.table().striker_placing();
        self.turn().strike(direction, speed)?;
        self.stepper.clear();
        self.last_stroke = placed.map(|(_, offset)| Stroke { offset, direction, speed });
        Ok(())
    }

    /// Stands `seat`'s striker `offset` metres along its baseline, and says so.
    fn place_exact(&mut self, seat: Seat, offset: f32) -> Result<(), Refused> {
        self.apply_physics()?;
        let units = self.units;
        let spot = self.turn().place_striker(seat, offset).map_err(|e| in_pixels(e, units))?;
        self.sync_nodes();
        self.signals().striker_placed().emit(i64::from(u8::from(seat)), units.point(spot));
        Ok(())
    }
}

/// A refused striker spot told in the node's units (pixels) rather than the core's metres.
pub(super) fn in_pixels(error: GameError, units: crate::units::Units) -> Refused {
    match error {
        GameError::Table(TableError::Placement(p)) => Refused(convert::placement_message(&p, units.scale())),
        other => other.into(),
    }
}
