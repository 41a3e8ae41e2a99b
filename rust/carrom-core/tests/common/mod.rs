//! What several test files share: random legal play.

use carrom_core::game::{Action, Asked, Game};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// A random strike for the seat to play, from a legal spot.
pub fn random_strike(game: &Game, rng: &mut ChaCha8Rng) -> Option<Action> {
    let seat = game.rules().to_play()?;
    for _ in 0..50 {
        let offset = rng.random_range(-0.18..0.18);
        if game.table().check_striker_spot(seat, offset).is_ok() {
            let direction = -seat.towards() + seat.right() * rng.random_range(-1.0f32..1.0);
            return Some(Action::Strike { seat, offset, direction, speed: rng.random_range(1.0..6.5) });
        }
    }
    None
}

/// A random legal turn for whoever the match waits for: the toss's choice, a placement of
/// returned pieces where the computer would put them (X3), or a random strike. (Not every
/// test file that shares this module plays whole turns.)
#[allow(dead_code)]
pub fn random_turn(game: &Game, rng: &mut ChaCha8Rng) -> Option<Action> {
    let awaited = game.awaited()?;
    let seat = awaited.seat;
    match awaited.asked {
        Asked::ChooseBreak => Some(Action::ChooseBreak { seat, breaks: rng.random_bool(0.5) }),
        Asked::Place => {
            let spots = carrom_core::ai::placement::place(game.table(), game.rules(), seat);
            Some(Action::Place { seat, spots })
        }
        Asked::Strike => random_strike(game, rng),
    }
}
