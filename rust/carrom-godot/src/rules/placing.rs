//! Returned pieces placed by an opponent (X3, `opponent_places`): who places and what waits,
//! whether a spot may be had (for a dragged piece's feedback), and the placement itself, in
//! board pixels. The rules and the table check everything; this only converts.

use super::CarromRules;
use crate::convert;
use crate::enums::Kind;
use crate::refusal::Refused;
use carrom_core::game::placement::{proposals, refusal};
use carrom_core::game::Spot;
use carrom_core::PieceKind;
use godot::prelude::*;

#[godot_api(secondary)]
impl CarromRules {
    /// The seat that places the returned pieces waiting beside the board, or -1 when none wait.
    #[func]
    fn get_placing_seat(&self) -> i64 {
        let by = self.with_rules(|m| m.placing().map(|p| u8::from(p.by))).flatten();
        convert::or_minus_one(by)
    }

    /// The kinds (`CarromBoard.KIND_*`) waiting to be placed, in the order they went back.
    #[func]
    fn get_placing_kinds(&self) -> PackedInt32Array {
        let kinds = self.with_rules(|m| m.placing().map(|p| p.pieces.clone())).flatten().unwrap_or_default();
        kinds.into_iter().map(|k| Kind::from(k) as i32).collect()
    }

    /// Where the nearest-the-centre rule (X1) would put each waiting piece, in the order of
    /// `get_placing_kinds()`, in board pixels: where a person placing starts from. Empty when
    /// none wait.
    #[func]
    fn get_placement_proposals(&self) -> PackedVector2Array {
        let Some(board) = self.board_node() else { return PackedVector2Array::new() };
        let board = board.bind();
        let Some(game) = board.game() else { return PackedVector2Array::new() };
        let kinds = game.rules().placing().map(|p| p.pieces.clone()).unwrap_or_default();
        proposals(game.table(), &kinds).into_iter().map(|at| board.units().point(at)).collect()
    }

    /// Why a waiting piece of `kind` may not go at `position` (board pixels) beside the pieces
    /// already placed (`placed_kinds` at `placed_positions`), or "" where it may.
    #[func]
    fn get_placement_refusal(
        &self,
        kind: Kind,
        position: Vector2,
        placed_kinds: PackedInt32Array,
        placed_positions: PackedVector2Array,
    ) -> GString {
        let Some(board) = self.board_node() else { return "no board".into() };
        let board = board.bind();
        let placed = match spots(&placed_kinds, &placed_positions, board.units()) {
            Ok(placed) => placed,
            Err(why) => return GString::from(why.to_string().as_str()),
        };
        let at = crate::units::vec2(position) * (1.0 / board.units().scale());
        GString::from(refusal(board.table(), kind.into(), at, &placed).unwrap_or(""))
    }

    /// `seat` places the waiting pieces: `kinds[i]` at `positions[i]` (board pixels), each
    /// waiting piece once, or all of them nearest the centre when both are empty (the timer's
    /// and "place them for me"'s choice). Refused whole, nothing moved, when a spot may not be
    /// had or another seat places.
    #[func(gd_self)]
    fn place_returned(
        this: Gd<Self>,
        seat: i64,
        kinds: PackedInt32Array,
        positions: PackedVector2Array,
    ) -> Result<(), Refused> {
        let seat = convert::seat(seat)?;
        let mut board = this.bind().board_or("place_returned")?;
        let spots = spots(&kinds, &positions, board.bind().units())?;
        let ruled = board.bind_mut().rule(|turn| turn.place(seat, &spots));
        ruled
    }
}

/// Kinds and pixel positions from GDScript as spots, each checked.
pub(crate) fn spots(
    kinds: &PackedInt32Array,
    positions: &PackedVector2Array,
    units: crate::units::Units,
) -> Result<Vec<Spot>, Refused> {
    if kinds.len() != positions.len() {
        return Err(format!(
            "{} kinds and {} positions: give one position for each kind",
            kinds.len(),
            positions.len()
        )
        .into());
    }
    kinds
        .as_slice()
        .iter()
        .zip(positions.as_slice())
        .map(|(&kind, &position)| {
            let kind = match kind {
                0 => PieceKind::White,
                1 => PieceKind::Black,
                2 => PieceKind::Queen,
                _ => {
                    return Err(format!(
                        "kind {kind} is not a piece that goes back: 0 white, 1 black, 2 queen"
                    )
                    .into())
                }
            };
            let x = units.metres("position.x", f64::from(position.x))?;
            let y = units.metres("position.y", f64::from(position.y))?;
            Ok(Spot { kind, at: carrom_core::Vec2::new(x, y) })
        })
        .collect()
}
