//! What the board can tell without changing anything: sizes, legal striker spots, the seats'
//! directions and the pieces. Game code asks these instead of working out a rule itself.

use super::CarromBoard;
use crate::convert;
use crate::enums::Kind;
use crate::refusal::{value_or_default, Refused};
use crate::units::vector;
use crate::variant::dictionary;
use carrom_core::baseline;
use godot::classes::Node2D;
use godot::prelude::*;

#[godot_api(secondary)]
impl CarromBoard {
    /// Whether `seat`'s striker may stand at `offset` pixels along its baseline: on the band
    /// or wholly on a base circle (K1), and clear of every piece. Never logs an error.
    #[func]
    fn is_striker_position_legal(&self, seat: i64, offset: f64) -> bool {
        let (Ok(seat), Ok(offset)) = (convert::seat(seat), self.units.metres("offset", offset)) else {
            return false;
        };
        self.table().check_striker_spot(seat, offset).is_ok()
    }

    /// The legal offset (K1, pieces ignored) nearest `offset`, in pixels: where a dragged
    /// striker should snap.
    #[func]
    fn nearest_legal_offset(&self, offset: f64) -> f64 {
        let offset = self.units.metres("offset", offset).unwrap_or(0.0);
        self.units.pixels(baseline::nearest_legal_offset(self.table().spec(), offset))
    }

    /// The legal spot clear of every piece nearest `offset` (pixels) on `seat`'s baseline: where
    /// a new turn's striker stands. Returns `offset` itself when it is free, and 0 with an error
    /// for a bad seat or offset.
    #[func]
    fn get_free_striker_offset(&self, seat: i64, offset: f64) -> f64 {
        let found = convert::seat(seat).and_then(|seat| {
            let offset = self.units.metres("offset", offset)?;
            self.table()
                .nearest_free_striker_offset(seat, offset)
                .ok_or_else(|| "pieces cover the whole baseline".into())
        });
        value_or_default(found.map(|offset| self.units.pixels(offset)).map_err(Refused::from))
    }

    /// The largest offset from the middle of a baseline the striker may have, in pixels.
    #[func]
    fn get_striker_offset_limit(&self) -> f64 {
        self.units.pixels(baseline::offset_limit(self.table().spec()))
    }

    /// The size of the whole board, frame included, in pixels (it is square).
    #[func]
    fn get_board_size(&self) -> f64 {
        self.units.pixels(self.table().spec().board_size())
    }

    /// The radius of the outer circle round the formation in pixels: returned pieces are placed
    /// inside it (RULES.md X3).
    #[func]
    fn get_outer_circle_radius(&self) -> f64 {
        self.units.pixels(self.table().spec().outer_circle_diameter / 2.0)
    }

    /// The radius of a piece of `kind` in pixels.
    #[func]
    fn get_piece_radius(&self, kind: Kind) -> f64 {
        self.units.pixels(self.table().spec().radius(kind.into()))
    }

    /// Where `seat`'s striker stands at `offset` pixels, in board pixels.
    #[func]
    fn get_striker_spot(&self, seat: i64, offset: f64) -> Vector2 {
        value_or_default(self.striker_spot_at(seat, offset).map(|spot| self.units.point(spot)))
    }

    /// The centre of pocket `pocket` (0–3), in board pixels; a pocket that does not exist is
    /// refused with an error and gives the centre of the board.
    #[func]
    fn get_pocket_position(&self, pocket: i64) -> Vector2 {
        let centre = carrom_core::physics::Pocket::new(pocket)
            .map(|p| self.units.point(p.centre(self.table().spec())))
            .map_err(|e| Refused::from(e.to_string()));
        value_or_default(centre)
    }

    /// The rotation (radians) that turns the board so that `seat` sits at the bottom.
    #[func]
    fn get_seat_rotation(&self, seat: i64) -> f64 {
        convert::seat(seat).map_or(0.0, |s| f64::from(s.turn_to_bottom()))
    }

    /// The unit vector pointing from `seat` across the board (the way it strikes).
    #[func]
    fn get_seat_forward(&self, seat: i64) -> Vector2 {
        convert::seat(seat).map_or(Vector2::ZERO, |s| vector(-s.towards()))
    }

    /// The unit vector to `seat`'s player's right, along the baseline (positive offsets).
    #[func]
    fn get_seat_right(&self, seat: i64) -> Vector2 {
        convert::seat(seat).map_or(Vector2::ZERO, |s| vector(s.right()))
    }

    /// Whether a strike from `seat` along `direction` goes forward across its baseline (K3).
    #[func]
    fn is_forward(&self, seat: i64, direction: Vector2) -> bool {
        convert::seat(seat).is_ok_and(|s| s.is_forward(crate::units::vec2(direction)))
    }

    /// Whether a shot is under way.
    #[func]
    fn is_moving(&self) -> bool {
        self.table().is_moving()
    }

    /// Every piece: `id`, `kind` (`KIND_*`), `place` (`PLACE_*`), `position` (board pixels),
    /// `angle` and `pocket` (-1 unless pocketed).
    #[func]
    fn get_pieces(&self) -> Array<VarDictionary> {
        let units = self.units;
        crate::variant::dictionaries(self.table().pieces(), |p| crate::fields::piece_fields(p, units))
    }

    /// The node showing piece `id` (0 queen, 1–18 coins, 19 striker), or null.
    #[func]
    fn get_piece_node(&self, id: i64) -> Option<Gd<Node2D>> {
        usize::try_from(id).ok().and_then(|i| self.nodes.get(i))
    }

    /// The report of the last finished shot (empty before the first).
    #[func]
    pub(crate) fn get_last_report(&self) -> VarDictionary {
        self.last_report.as_ref().map(|r| dictionary(crate::fields::report_fields(r))).unwrap_or_default()
    }
}
