//! A hand other than a level's own: every shot off by a zero-mean Gaussian error in aim and in
//! pace, as a benchmark's server spoils an agent's action (Carrom_rl adds 2° and 1%). A player
//! who knows their hand weighs each of their best shots over its spread before choosing.

use super::Shot;
use crate::physics::Table;
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, Normal};

/// How far off a hand strikes, one standard deviation each way.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hand {
    /// Radians of aim.
    pub aim: f32,
    /// A fraction of the speed.
    pub pace: f32,
}

impl Hand {
    /// The Carrom_rl project's noise on an agent's action: 2° on the angle, 1% on the force.
    pub const CARROM_RL: Hand = Hand { aim: 2.0 * std::f32::consts::PI / 180.0, pace: 0.01 };

    /// Aim errors the search tries each candidate at, in standard deviations: four points
    /// whose spread is near the hand's own (their variance is 0.93 of it).
    pub(super) const TRIED: [f32; 4] = [-1.3, -0.4, 0.4, 1.3];

    /// Aim errors the best few are tried at again: the middles of eight equally likely
    /// stretches of the hand's spread.
    pub(super) const FINER: [f32; 8] = [-1.534, -0.887, -0.489, -0.157, 0.157, 0.489, 0.887, 1.534];

    /// `shot` as this hand plays it on `table`: still legal, however far off (`Shot::off_by`).
    pub fn spoil(self, table: &Table, shot: Shot, rng: &mut ChaCha8Rng) -> Shot {
        let draw = |sd: f32, rng: &mut ChaCha8Rng| Normal::new(0.0, sd).map_or(0.0, |n| n.sample(rng));
        let turn = draw(self.aim, rng);
        let pace = 1.0 + draw(self.pace, rng);
        shot.off_by(table, turn, pace)
    }
}
