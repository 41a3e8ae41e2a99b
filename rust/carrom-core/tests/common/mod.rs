//! What several test files share: random legal play.

use carrom_core::game::{Action, Game};
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
