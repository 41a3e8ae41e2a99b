//! The first look measured: every candidate an expert lists, played both on the coarse table
//! and at the game's step, to tell how often the cheap look sees what the full one sees. Used
//! by `carrom-lab firstlook`; the figures are in `docs/benchmarks.md`.

use super::considered::candidates;
use super::phases::outcomes_first;
use super::search::{coarse, Played, Search, Trial};
use super::{AiError, Budget, Level};
use crate::physics::Table;
use crate::rules::Match;
use crate::seat::Seat;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::AtomicBool;

/// What the first look and the full simulation made of one position's candidates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FirstLook {
    /// Candidates played both ways.
    pub candidates: u32,
    /// Candidates whose outcome was the same both ways: the same pieces pocketed, the same
    /// fouls, the turn going on or passing alike.
    pub same_outcome: u32,
    /// Whether the best candidate of the full simulation was among those the first look
    /// passes on to it (the best of each outcome first, then by worth, as the expert does).
    pub best_kept: bool,
    /// Whether a candidate worth as much, give or take `NEAR`, was among them: what the
    /// choice needs.
    pub near_best_kept: bool,
    /// The same for as many candidates of the best geometric promise (the order they are
    /// listed in), a look that simulates nothing: the best among them,
    pub best_by_geometry: bool,
    /// and one as good.
    pub near_best_by_geometry: bool,
}

/// Plays every candidate `seat` would consider at the expert level both ways.
pub fn compare_first_look(table: &Table, rules: &Match, seat: Seat) -> Result<FirstLook, AiError> {
    let base = table.clone_at_rest().ok_or(AiError::StillMoving)?;
    let side = rules.check_seat(seat)?;
    let style = Level::Expert.style();
    let shots = candidates(&base, rules, seat, side, &style, &mut ChaCha8Rng::seed_from_u64(0));
    let rough = coarse(&base).ok_or(AiError::StillMoving)?;
    let cancel = AtomicBool::new(false);
    let search = Search::new(Budget::default(), &cancel);
    let play = |table: &Table| {
        let trials: Vec<Trial> = shots.iter().map(|&shot| Trial { table, rules, side, shot }).collect();
        search.play_all(&trials, 0).into_iter().map(Option::flatten).collect::<Vec<Option<Played>>>()
    };
    let (looked, full) = (play(&rough), play(&base));
    let mut look = FirstLook { candidates: shots.len() as u32, ..FirstLook::default() };
    for (a, b) in looked.iter().zip(&full) {
        let same = match (a, b) {
            (Some(a), Some(b)) => a.same_outcome(b) && a.rules.to_play() == b.rules.to_play(),
            (None, None) => true,
            _ => false,
        };
        look.same_outcome += u32::from(same);
    }
    let value = |p: &Option<Played>| p.as_ref().map_or(f32::NEG_INFINITY, |p| p.value);
    let rank = |played: &[Option<Played>]| {
        let mut order: Vec<usize> = (0..played.len()).collect();
        order.sort_by(|&i, &j| value(&played[j]).total_cmp(&value(&played[i])));
        order
    };
    let best = rank(&full).first().copied();
    let Some(best) = best else { return Ok(look) };
    let top = value(&full[best]);
    // As the expert picks them: by the first look's worth, the best of each outcome first.
    let seen: Vec<(usize, &Played)> =
        rank(&looked).into_iter().filter_map(|i| Some((i, looked[i].as_ref()?))).collect();
    let by_look: Vec<usize> =
        outcomes_first(seen, |seen| seen.1).into_iter().take(style.shots).map(|(i, _)| i).collect();
    let near = |kept: &[usize]| kept.iter().any(|&i| value(&full[i]) >= top - NEAR);
    look.best_kept = by_look.contains(&best);
    look.near_best_kept = near(&by_look);
    let by_geometry: Vec<usize> = (0..full.len().min(style.shots)).collect();
    look.best_by_geometry = best < style.shots;
    look.near_best_by_geometry = near(&by_geometry);
    Ok(look)
}

/// Worth within which a kept candidate counts as good as the best: a third of a coin.
const NEAR: f32 = 5.0;
