//! `cargo xtask firstlook --positions N`: how often the expert's first look (the coarse table)
//! agrees with the full simulation, over positions from matches the hard level plays against
//! itself.

use carrom_core::ai::{compare_first_look, plan, Budget, FirstLook, Level, COARSENING, SHORTLIST};
use carrom_core::game::Game;
use carrom_core::rules::MatchSettings;
use carrom_core::BoardSpec;
use std::sync::atomic::AtomicBool;

/// Every this many strikes a position is measured (the rest only move the match on).
const EVERY: usize = 3;

pub fn run(args: &[String]) -> Result<(), String> {
    let positions: u32 = match args {
        [] => 60,
        [flag, n] if flag == "--positions" => {
            n.parse().map_err(|_| format!("--positions takes a number, got {n}"))?
        }
        _ => return Err("firstlook takes --positions N".into()),
    };
    let mut total = FirstLook::default();
    let (mut measured, mut seed) = (0u32, 0u64);
    // Positions where the best, and one as good give or take a third of a coin, was kept: by
    // the first look, and by geometry alone.
    let mut kept = [0u32; 4];
    while measured < positions {
        let mut game =
            Game::new(BoardSpec::icf(), MatchSettings::default(), seed).map_err(|e| e.to_string())?;
        let mut strike = 0;
        while let Some(seat) = game.rules().to_play() {
            if measured == positions {
                break;
            }
            if game.rules().board().broken && strike % EVERY == 0 {
                let look = compare_first_look(game.table(), game.rules(), seat).map_err(|e| e.to_string())?;
                total.candidates += look.candidates;
                total.same_outcome += look.same_outcome;
                let flags =
                    [look.best_kept, look.near_best_kept, look.best_by_geometry, look.near_best_by_geometry];
                for (k, flag) in kept.iter_mut().zip(flags) {
                    *k += u32::from(flag);
                }
                measured += 1;
            }
            play_hard(&mut game, seat, seed * 10_000 + strike as u64)?;
            strike += 1;
        }
        seed += 1;
    }
    let share = |n: u32| 100.0 * f64::from(n) / f64::from(measured.max(1));
    println!(
        "{measured} positions, {} candidates: the first look (a {COARSENING}-times coarser step) gives \
         the full simulation's outcome (pieces pocketed, fouls, who plays next) for {:.1}% of \
         candidates.\nOf the {SHORTLIST} it passes on: the full simulation's best in {:.1}% of \
         positions, one as good within a third of a coin in {:.1}%.\nOf as many of the best \
         geometric promise: the best in {:.1}%, one as good in {:.1}%.",
        total.candidates,
        100.0 * f64::from(total.same_outcome) / f64::from(total.candidates.max(1)),
        share(kept[0]),
        share(kept[1]),
        share(kept[2]),
        share(kept[3]),
    );
    Ok(())
}

/// `seat` plays the hard level's shot (its hand's wobble drawn from `seed`) in `game`: how the
/// lab's measures move a match on between the positions they look at.
pub(crate) fn play_hard(game: &mut Game, seat: carrom_core::Seat, seed: u64) -> Result<(), String> {
    let decision =
        plan(game.table(), game.rules(), seat, Level::Hard, seed, Budget::default(), &AtomicBool::new(false))
            .map_err(|e| e.to_string())?;
    game.perform(&decision.played.action()).map(drop).map_err(|e| e.to_string())
}
