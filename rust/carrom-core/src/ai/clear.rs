//! The computer clearing a board alone (RULES.md CB1–CB3), as the Carrom_rl project measures
//! its agents: all nineteen pieces from the opening, every strike counted, a pocketed striker
//! too. One loop, for the lab's `clear` measure and for the tests that pin a board it clears.

use super::{plan_as, Budget, Plan, Player};
use crate::game::Game;
use crate::rules::{MatchSettings, Ruleset};
use crate::spec::BoardSpec;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// How a board played alone went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cleared {
    /// Strikes played, the cap's worth when the board was not cleared.
    pub strikes: u32,
    /// Whether nothing was left on the board.
    pub cleared: bool,
}

/// Plays the board of `seed` alone with `player` until it is clear or `cap` strikes were
/// played, each decision within `budget` and seeded by the board and the strike (so the same
/// seed gives the same board, strike for strike). `each` sees every decision and how long it
/// took. Fails, naming the board and the strike, only if the engine refuses its own shot.
pub fn clear_alone(
    seed: u64,
    player: Player,
    cap: u32,
    budget: Budget,
    mut each: impl FnMut(&Plan, Duration),
) -> Result<Cleared, String> {
    let settings = MatchSettings::solo(Ruleset::classic());
    let mut game = Game::new(BoardSpec::icf(), settings, seed).map_err(|e| e.to_string())?;
    let mut strikes = 0_u32;
    while strikes < cap {
        let Some(seat) = game.rules().to_play() else { break };
        let started = Instant::now();
        let decision_seed = seed.wrapping_mul(1_000).wrapping_add(u64::from(strikes));
        let cancel = AtomicBool::new(false);
        let decision = plan_as(game.table(), game.rules(), seat, player, decision_seed, budget, &cancel)
            .map_err(|e| format!("seed {seed}, strike {strikes}: {e}"))?;
        each(&decision, started.elapsed());
        game.perform(&decision.played.action()).map_err(|e| format!("seed {seed}, strike {strikes}: {e}"))?;
        strikes += 1;
    }
    Ok(Cleared { strikes, cleared: game.rules().is_over() })
}
