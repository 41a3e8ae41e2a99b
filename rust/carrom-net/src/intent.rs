//! A strike a player asks for, and its checks: the seat is theirs and it is its turn, every
//! number is finite and in range, and the table and rules accept it. The strike is begun on a
//! copy of the match at rest, so a refused one changes nothing.

use crate::bits::Exact;
use crate::error::NetError;
use carrom_core::game::{Action, Game};
use carrom_core::physics::{speed_of, POWER_ALLOWED};
use carrom_core::{Seat, Vec2};
use serde::{Deserialize, Serialize};

/// Seat, striker offset, direction and power (0–1 of the board's top speed), exactly as the
/// player chose them.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Intent {
    /// The seat that strikes.
    pub seat: u8,
    /// Metres to the player's right of the middle of the baseline.
    pub offset: Exact,
    /// Which way, any length.
    pub direction: [Exact; 2],
    /// Above 0, at most 1.
    pub power: Exact,
}

impl Intent {
    /// An intent from a player's numbers.
    pub fn new(seat: Seat, offset: f32, direction: Vec2, power: f32) -> Intent {
        Intent {
            seat: seat.index() as u8,
            offset: Exact::new(offset),
            direction: [Exact::new(direction.x), Exact::new(direction.y)],
            power: Exact::new(power),
        }
    }

    /// The seat, if it exists.
    pub fn seat(&self) -> Result<Seat, NetError> {
        seat(self.seat)
    }

    /// The strike this asks for on `game`'s board, every field checked (the table and the
    /// rules check the rest when it is played).
    pub fn action(&self, game: &Game) -> Result<Action, NetError> {
        let seat = self.seat()?;
        let offset = self.offset.finite("offset")?;
        let direction = direction(self.direction)?;
        let power = self.power.finite("power")?;
        let max_speed = game.table().spec().physics.max_striker_speed;
        let speed = speed_of(f64::from(power), max_speed).ok_or(NetError::OutOfRange {
            what: "power",
            value: power,
            allowed: POWER_ALLOWED,
        })?;
        Ok(Action::Strike { seat, offset, direction, speed })
    }
}

/// Whether `action` — a strike, a timed-out turn's pass, a placement of returned pieces or the
/// toss's choice — can be taken on `game` now: it is a turn, the match goes on, its seat is
/// the one the match awaits, and the core's check allows it. Nothing is run or copied: the
/// caller's match plays the turn once.
pub fn check_turn(game: &Game, action: &Action) -> Result<(), NetError> {
    let seat = action
        .seat()
        .filter(|_| action.is_turn())
        .ok_or(NetError::WrongWay("only a strike, a pass, a placement or a toss's choice"))?;
    let awaited = game.awaited().ok_or(NetError::MatchOver)?;
    if awaited.seat != seat {
        return Err(NetError::NotYourTurn { seat: u8::from(seat), to_play: Some(u8::from(awaited.seat)) });
    }
    game.check(action).map_err(NetError::Refused)
}

/// Seat `index`, if it exists.
pub fn seat(index: u8) -> Result<Seat, NetError> {
    Seat::try_from(index).map_err(|_| NetError::NoSuchSeat(index))
}

/// A direction: finite, not zero.
pub fn direction(bits: [Exact; 2]) -> Result<Vec2, NetError> {
    let x = bits[0].finite("direction x")?;
    let y = bits[1].finite("direction y")?;
    if x == 0.0 && y == 0.0 {
        return Err(NetError::OutOfRange { what: "direction", value: 0.0, allowed: "any length above 0" });
    }
    Ok(Vec2::new(x, y))
}
