//! `cargo xtask coach --positions N`: what the coach costs and what it tells. Over positions
//! from matches the hard level plays against itself (after the break), it asks for three hints
//! for Carrom_rl's hand under the game's time limit, as the game's hint button does, and
//! reports how long each answer took, how often the first hint comes off and what it is; then
//! it reviews each match's first board for one seat, as the end-of-board panel does, and
//! reports the time a strike.

use crate::clear::quantile;
use crate::selfplay::load_average;
use carrom_core::ai::{best_and_worst, hints, review, Ask, Budget, Hand, Reason};
use carrom_core::game::Game;
use carrom_core::rules::MatchSettings;
use carrom_core::BoardSpec;
use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Every this many strikes a position is asked about (the rest only move the match on).
const EVERY: usize = 3;
/// The game's limits: a hint's search (the coach's `time_budget` in match.tscn) and a
/// review's search for each strike (coach.gd's `REVIEW_SECONDS`).
const HINT_LIMIT: Duration = Duration::from_millis(1000);
const REVIEW_LIMIT: Duration = Duration::from_millis(400);
/// Strikes of a match played before it is reviewed.
const REVIEWED_STRIKES: usize = 12;

pub fn run(args: &[String]) -> Result<(), String> {
    let positions = positions(args)?;
    let cancel = AtomicBool::new(false);
    let ask = |seed| Ask { hand: Hand::CARROM_RL, count: 3, seed };
    let (mut times, mut chances, mut reasons) = (vec![], vec![], BTreeMap::<&str, usize>::new());
    let (mut review_time, mut reviewed, mut lines) = (Duration::ZERO, 0usize, 0usize);
    let mut seed = 0u64;
    let started = Instant::now();
    while times.len() < positions {
        let mut game =
            Game::new(BoardSpec::icf(), MatchSettings::default(), seed).map_err(|e| e.to_string())?;
        let mut strike = 0;
        while let Some(seat) = game.rules().to_play() {
            if times.len() == positions || strike == REVIEWED_STRIKES {
                break;
            }
            if game.rules().board().broken && strike % EVERY == 0 {
                let asked = Instant::now();
                let budget = Budget { time_limit: Some(HINT_LIMIT) };
                let found = hints(game.table(), game.rules(), seat, ask(seed), budget, &cancel)
                    .map_err(|e| e.to_string())?;
                times.push(asked.elapsed().as_secs_f64() * 1000.0);
                if let Some(first) = found.first() {
                    chances.push(f64::from(first.chance));
                    *reasons.entry(first.reason.name()).or_default() += 1;
                }
            }
            crate::firstlook::play_hard(&mut game, seat, seed * 10_000 + strike as u64)?;
            strike += 1;
        }
        // The end-of-board panel's review, of the first seat to have played.
        if let Some(first) = game.replay().actions.first().and_then(strike_seat) {
            let asked = Instant::now();
            let budget = Budget { time_limit: Some(REVIEW_LIMIT) };
            let found =
                review(game.replay(), 1, &[first], ask(seed), budget, &cancel).map_err(|e| e.to_string())?;
            review_time += asked.elapsed();
            reviewed += found.len();
            let (best, worst) = best_and_worst(&found);
            lines += usize::from(best.is_some()) + worst.len();
        }
        seed += 1;
    }
    times.sort_by(f64::total_cmp);
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    let threads = rayon::current_num_threads();
    println!(
        "{} positions ({} matches), {threads} threads, load average {}:",
        times.len(),
        seed,
        load_average()
    );
    println!(
        "  three hints for Carrom_rl's hand, {} ms search limit: median {:.0} ms, p95 {:.0} ms, longest {:.0} ms",
        HINT_LIMIT.as_millis(),
        quantile(&times, 0.5),
        quantile(&times, 0.95),
        times.last().copied().unwrap_or(0.0)
    );
    let named: Vec<String> = Reason::ALL
        .iter()
        .filter_map(|r| reasons.get(r.name()).map(|n| format!("{} {n}", r.name())))
        .collect();
    println!(
        "  the first hint comes off {:.0}% of the time on average; it is: {}",
        100.0 * mean(&chances),
        named.join(", ")
    );
    println!(
        "  reviews: {reviewed} strikes in {seed} boards' first {REVIEWED_STRIKES} strikes, {:.0} ms a strike \
         ({} ms search limit), {lines} lines shown",
        review_time.as_secs_f64() * 1000.0 / reviewed.max(1) as f64,
        REVIEW_LIMIT.as_millis()
    );
    println!("  took {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}

/// The positions asked for (`--positions N`, 30 without).
fn positions(args: &[String]) -> Result<usize, String> {
    match args {
        [] => Ok(30),
        [flag, n] if flag == "--positions" => n
            .parse()
            .ok()
            .filter(|n| (1..=10_000).contains(n))
            .ok_or(format!("--positions takes a number from 1 to 10000, got {n}")),
        _ => Err("coach takes --positions N".into()),
    }
}

/// The seat that struck in `action`, if it is a strike.
fn strike_seat(action: &carrom_core::game::Action) -> Option<carrom_core::Seat> {
    match action {
        carrom_core::game::Action::Strike { seat, .. } => Some(*seat),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_count_out_of_range_is_refused_by_name() {
        let refused = super::run(&["--positions".into(), "0".into()]).unwrap_err();
        assert!(refused.contains("--positions") && refused.contains("1 to 10000"), "{refused}");
        assert!(super::run(&["--games".into(), "3".into()]).is_err());
    }
}
