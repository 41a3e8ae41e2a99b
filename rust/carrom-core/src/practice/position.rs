//! A position — where each of the 19 pieces lies, or that it is off the board — as a short
//! text code a player can copy, paste and send: `cp1.` and the pieces' spots, 0.05 mm apart,
//! in URL-safe base64. Reading a code is reading untrusted text: its length is bounded, every
//! spot is checked like a loaded table's, and a code that cannot be laid out is refused whole.

use crate::physics::{Place, Table, TableError};
use crate::piece::PieceId;
use crate::vec2::Vec2;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

/// What a code begins with: the format and its version.
pub const CODE_PREFIX: &str = "cp1.";
/// The pieces a position places: every piece but the striker.
const PIECES: usize = PieceId::STRIKER.index();
/// Bytes per piece: two coordinates of 16 bits.
const BYTES_PER_PIECE: usize = 4;
/// The step between spots a code can name, metres: far below what a finger can place, and well
/// inside the slack a table at rest allows between touching pieces.
const STEP: f32 = 0.000_05;
/// Coordinates are stored from this far left (and down) of the centre, metres.
const ORIGIN: f32 = 1.0;
/// The value of a coordinate that marks a piece off the board.
const OFF: u16 = u16::MAX;
/// The longest code read: a well-formed one is 106 characters.
pub const MAX_CODE_CHARS: usize = 200;

/// Where each piece other than the striker lies (`None`: off the board), by piece id.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    spots: Vec<Option<Vec2>>,
}

/// Why a code or a position was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PositionError {
    /// The text is no position code.
    #[error("not a position code: {0}")]
    BadCode(String),
    /// A piece cannot lie where the position puts it.
    #[error("the position cannot be set up: {0}")]
    Unplayable(String),
    /// The table cannot take a position now (a shot is under way).
    #[error("the position cannot be set up: {0}")]
    Table(TableError),
}

impl Position {
    /// The position on `table` now (the striker is not part of it).
    pub fn of(table: &Table) -> Position {
        let spots = table.pieces()[..PIECES]
            .iter()
            .map(|p| (p.place == Place::Board).then_some(p.position))
            .collect();
        Position { spots }
    }

    /// Where piece `id` lies, if on the board.
    pub fn spot(&self, id: PieceId) -> Option<Vec2> {
        self.spots.get(id.index()).copied().flatten()
    }

    /// Puts piece `id` at `spot`, or off the board for `None` (the striker is no part of a
    /// position and is left alone).
    pub fn place(&mut self, id: PieceId, spot: Option<Vec2>) {
        if let Some(slot) = self.spots.get_mut(id.index()) {
            *slot = spot;
        }
    }

    /// The position turned `turns` quarter turns about the centre, as `Vec2::quarter_turns`
    /// turns a point: exactly, so the board's symmetry keeps it one that can be laid out.
    pub fn turned(&self, turns: u8) -> Position {
        Position { spots: self.spots.iter().map(|spot| spot.map(|at| at.quarter_turns(turns))).collect() }
    }

    /// Lays the position out on `table` (at rest), the striker in hand; refused whole, the table
    /// unchanged, when a piece cannot lie where the position puts it.
    pub fn set_up(&self, table: &mut Table) -> Result<(), PositionError> {
        table.arrange(&self.spots).map_err(|e| match e {
            TableError::BadSnapshot(why) => PositionError::Unplayable(why),
            other => PositionError::Table(other),
        })
    }

    /// Whether the position can be laid out on a copy of `table` (at rest), changing nothing.
    pub fn check_on(&self, table: &Table) -> Result<(), PositionError> {
        let mut copy = table.clone_at_rest().ok_or(PositionError::Table(TableError::StillMoving))?;
        self.set_up(&mut copy)
    }

    /// The position as a code, rounded to the nearest 0.05 mm.
    pub fn to_code(&self) -> String {
        let mut bytes = Vec::with_capacity(PIECES * BYTES_PER_PIECE);
        for spot in &self.spots {
            let (x, y) = spot.map_or((OFF, OFF), |at| (quantise(at.x), quantise(at.y)));
            bytes.extend(x.to_be_bytes());
            bytes.extend(y.to_be_bytes());
        }
        format!("{CODE_PREFIX}{}", URL_SAFE_NO_PAD.encode(bytes))
    }

    /// The position a code names. Spaces and line breaks around it (from pasting) are ignored;
    /// whether it fits a table is checked by [`Position::set_up`].
    pub fn from_code(code: &str) -> Result<Position, PositionError> {
        let bad = |why: String| Err(PositionError::BadCode(why));
        let code = code.trim();
        if code.len() > MAX_CODE_CHARS {
            return bad(format!(
                "{} characters is more than a code has ({MAX_CODE_CHARS} at most)",
                code.len()
            ));
        }
        let Some(body) = code.strip_prefix(CODE_PREFIX) else {
            return bad(format!("a code begins with \"{CODE_PREFIX}\""));
        };
        let bytes = match URL_SAFE_NO_PAD.decode(body) {
            Ok(bytes) => bytes,
            Err(e) => {
                return bad(format!("after \"{CODE_PREFIX}\" come letters, digits, - and _ only ({e})"))
            }
        };
        if bytes.len() != PIECES * BYTES_PER_PIECE {
            return bad(format!(
                "it holds {} bytes where a position has {}",
                bytes.len(),
                PIECES * BYTES_PER_PIECE
            ));
        }
        let spots = bytes
            .chunks_exact(BYTES_PER_PIECE)
            .map(|c| {
                let (x, y) = (u16::from_be_bytes([c[0], c[1]]), u16::from_be_bytes([c[2], c[3]]));
                match (x, y) {
                    (OFF, OFF) => Ok(None),
                    (OFF, _) | (_, OFF) => Err(PositionError::BadCode("a piece is half on the board".into())),
                    _ => Ok(Some(Vec2::new(unquantise(x), unquantise(y)))),
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Position { spots })
    }
}

/// A coordinate, metres, as a step count from `ORIGIN` (clamped into the range a code holds).
fn quantise(v: f32) -> u16 {
    (((v + ORIGIN) / STEP).round()).clamp(0.0, f32::from(OFF - 1)) as u16
}

fn unquantise(q: u16) -> f32 {
    f32::from(q) * STEP - ORIGIN
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::PieceKind;

    #[test]
    fn the_opening_round_trips_through_a_short_code() {
        let table = Table::icf();
        let code = Position::of(&table).to_code();
        assert!(code.len() < 110, "{} characters", code.len());
        let back = Position::from_code(&code).unwrap();
        let mut other = Table::icf();
        back.set_up(&mut other).unwrap();
        for (a, b) in table.pieces().iter().zip(other.pieces()) {
            assert_eq!(a.place, b.place);
            assert!(a.position.distance(b.position) <= STEP, "{:?} moved", a.id);
        }
        assert_eq!(Position::of(&other).to_code(), code, "a code reads back to itself");
    }

    #[test]
    fn pieces_off_the_board_stay_off() {
        let mut table = Table::icf();
        let mut spots: Vec<Option<Vec2>> = vec![None; PIECES];
        spots[0] = Some(Vec2::new(0.1, -0.05));
        table.arrange(&spots).unwrap();
        let code = Position::of(&table).to_code();
        let mut other = Table::icf();
        Position::from_code(&code).unwrap().set_up(&mut other).unwrap();
        let on: Vec<_> = other.pieces().iter().filter(|p| p.place == Place::Board).collect();
        assert_eq!(on.len(), 1);
        assert_eq!(on[0].kind, PieceKind::Queen);
    }

    #[test]
    fn a_bad_code_is_refused_with_what_is_wrong_and_the_table_kept() {
        let mut table = Table::icf();
        let before = table.pieces().to_vec();
        let good = Position::of(&table).to_code();
        let cases = [
            (String::new(), "begins with"),
            ("cp1.!!!".to_string(), "letters, digits"),
            (format!("{good}AAAA"), "bytes"),
            ("x".repeat(5000), "more than"),
        ];
        for (code, why) in cases {
            let err = Position::from_code(&code).unwrap_err();
            assert!(err.to_string().contains(why), "{code:.20}: {err}");
        }
        // Every piece on one spot: a code, but no position a table can have.
        let mut stacked = vec![0u8; PIECES * BYTES_PER_PIECE];
        for c in stacked.chunks_exact_mut(4) {
            c.copy_from_slice(&[0x4e, 0x20, 0x4e, 0x20]);
        }
        let code = format!("{CODE_PREFIX}{}", URL_SAFE_NO_PAD.encode(stacked));
        let err = Position::from_code(&code).unwrap().set_up(&mut table).unwrap_err();
        assert!(err.to_string().contains("on top of each other"), "{err}");
        assert_eq!(table.pieces(), &before[..], "a refused position changes nothing");
    }
}
