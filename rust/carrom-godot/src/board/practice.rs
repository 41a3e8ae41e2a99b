//! Practice on a board with no referee: pieces moved by hand to set up a position, and the
//! position as a short code to share (carrom-core's `practice::Position`).

use super::CarromBoard;
use crate::refusal::Refused;
use carrom_core::practice::Position;
use carrom_core::{PieceId, Vec2};
use godot::prelude::*;

#[godot_api(secondary)]
impl CarromBoard {
    /// Moves piece `id` (0–18; not the striker) to `at`, board pixels, or takes it off the board
    /// when `on_board` is false. Refused while pieces move, while a `CarromRules` referees a
    /// match here, and where the piece cannot lie (off the surface, over a pocket, on another).
    #[func]
    fn move_piece(&mut self, id: i64, at: Vector2, on_board: bool) -> Result<(), Refused> {
        let position = self.moved(id, at, on_board)?;
        self.set_position("move_piece", &position)
    }

    /// Why piece `id` cannot be moved to `at` (as `move_piece` would), or "" when it can: for a
    /// drag that shows a refused spot without an error. Changes nothing, logs nothing.
    #[func]
    fn check_piece_spot(&self, id: i64, at: Vector2, on_board: bool) -> GString {
        let checked = self
            .moved(id, at, on_board)
            .and_then(|position| position.check_on(self.table()).map_err(|e| Refused(e.to_string())));
        GString::from(checked.err().map(|e| e.0).unwrap_or_default().as_str())
    }

    /// The position on the board as a short code ("cp1.…") to copy and share.
    #[func]
    fn get_position_code(&self) -> GString {
        GString::from(Position::of(self.table()).to_code().as_str())
    }

    /// Sets up the position a code names (from `get_position_code`), the striker in hand. A
    /// code that is damaged, or names a position no board can have, is refused with the reason
    /// and the board is left as it was.
    #[func]
    fn set_position_code(&mut self, code: GString) -> Result<(), Refused> {
        let position = Position::from_code(&code.to_string()).map_err(|e| Refused(e.to_string()))?;
        self.set_position("set_position_code", &position)
    }

    /// Why `code` cannot be set up, or "" when it can: for a paste field. Changes nothing.
    #[func]
    fn check_position_code(&self, code: GString) -> GString {
        let checked =
            Position::from_code(&code.to_string()).and_then(|position| position.check_on(self.table()));
        GString::from(checked.err().map(|e| e.to_string()).unwrap_or_default().as_str())
    }
}

impl CarromBoard {
    /// The position on the board with piece `id` moved to `at` (board pixels) or off it.
    fn moved(&self, id: i64, at: Vector2, on_board: bool) -> Result<Position, Refused> {
        let piece = u8::try_from(id)
            .ok()
            .and_then(|n| PieceId::new(n.into()).ok())
            .filter(|p| *p != PieceId::STRIKER)
            .ok_or_else(|| {
                format!("piece {id} cannot be moved by hand: pieces are 0 to 18 (19 is the striker)")
            })?;
        let spot =
            Vec2::new(self.units.metres("at.x", at.x.into())?, self.units.metres("at.y", at.y.into())?);
        let mut position = Position::of(self.table());
        position.place(piece, on_board.then_some(spot));
        Ok(position)
    }

    /// Lays `position` out and shows it, for the call named `call`: refused while refereed, or
    /// where a piece cannot lie.
    pub(crate) fn set_position(&mut self, call: &str, position: &Position) -> Result<(), Refused> {
        let table = self.free_table(call, "start_match")?;
        position.set_up(table).map_err(|e| Refused(e.to_string()))?;
        self.after_new_table();
        Ok(())
    }
}
