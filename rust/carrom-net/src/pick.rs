//! Turns chosen for a device without a person: the computer's strike, or a legal-looking one
//! at random, and the steps between strikes. Bots, load generators and tests play with them, as
//! a player's requests.

use crate::intent::Intent;
use crate::request::{Choice, Placement, Request};
use carrom_core::ai::{plan_shot, Level, BREAKS_AFTER_TOSS};
use carrom_core::game::{Asked, Game};
use carrom_core::{Seat, Vec2};
use rand::Rng;

/// How a device without a person chooses its strikes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// The computer's easy level: clears a board in a few dozen shots.
    Computer,
    /// A legal-looking strike at random: nearly free to choose, for load.
    Random,
}

/// The turn a device without a person takes for the seat the match waits for: the toss's
/// winner chooses as the computer does (IC6), returned pieces go nearest the centre (X1, as a
/// turn clock would place them: X3), and otherwise it strikes as `aim` says. `None` when the
/// match waits for nobody.
pub fn turn(game: &Game, aim: Aim, rng: &mut impl Rng) -> Option<Request> {
    let awaited = game.awaited()?;
    let (seat, number) = (awaited.seat, u8::from(awaited.seat));
    Some(match awaited.asked {
        Asked::ChooseBreak => Request::ChooseBreak(Choice { seat: number, breaks: BREAKS_AFTER_TOSS }),
        Asked::Place => Request::Place(Placement { seat: number, spots: vec![] }),
        Asked::Strike => Request::Strike(match aim {
            Aim::Computer => computer(game, seat, rng),
            Aim::Random => random(game, seat, rng),
        }),
    })
}

/// The computer's choice for `seat` (easy level: quick, and it clears a board), as a player's
/// intent; a random strike if it finds none.
pub fn computer(game: &Game, seat: Seat, rng: &mut impl Rng) -> Intent {
    let max_speed = game.table().spec().physics.max_striker_speed;
    match plan_shot(game.table(), game.rules(), seat, Level::Easy, rng.random()) {
        Ok(shot) => Intent::new(seat, shot.offset, shot.direction, (shot.speed / max_speed).clamp(0.05, 1.0)),
        Err(_) => random(game, seat, rng),
    }
}

/// A legal-looking strike for `seat`, nearly free to choose: a free spot near a random one,
/// forward within about 60°.
pub fn random(game: &Game, seat: Seat, rng: &mut impl Rng) -> Intent {
    let wanted = rng.random_range(-0.2..0.2);
    let offset = game.table().nearest_free_striker_offset(seat, wanted).unwrap_or(0.0);
    let angle = rng.random_range(-1.0_f32..1.0);
    let ahead = forward(seat);
    let direction = Vec2::new(
        ahead.x * angle.cos() - ahead.y * angle.sin(),
        ahead.x * angle.sin() + ahead.y * angle.cos(),
    );
    Intent::new(seat, offset, direction, rng.random_range(0.3..1.0))
}

/// Straight ahead from `seat`, across the board.
pub fn forward(seat: Seat) -> Vec2 {
    let towards = seat.towards();
    Vec2::new(-towards.x, -towards.y)
}
