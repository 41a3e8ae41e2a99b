//! `cargo xtask deadline --budget-ms N --decisions N --level L`: how well the computer keeps a
//! time limit. It plays a match against itself under the limit and times every decision on the
//! wall clock; run it beside a load (`yes > /dev/null` on every core) to see a busy phone.

use carrom_core::ai::{plan, Budget, Level};
use carrom_core::game::Game;
use carrom_core::rules::MatchSettings;
use carrom_core::BoardSpec;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

pub fn run(args: &[String]) -> Result<(), String> {
    let (mut budget_ms, mut decisions, mut level) = (50u64, 60usize, Level::Expert);
    for pair in args.chunks(2) {
        let [flag, value] = pair else { return Err(format!("{} needs a value", pair[0])) };
        let number = || value.parse::<u64>().map_err(|_| format!("{flag} takes a number, got {value}"));
        match flag.as_str() {
            "--budget-ms" => budget_ms = number()?,
            "--decisions" => decisions = number()? as usize,
            "--level" => {
                level = Level::from_name(value)
                    .ok_or(format!("--level is one of easy, medium, hard, expert, not {value}"))?
            }
            _ => return Err(format!("deadline takes --budget-ms, --decisions and --level, not {flag}")),
        }
    }
    let budget = Budget { time_limit: Some(Duration::from_millis(budget_ms)) };
    let load_before = crate::selfplay::load_average();
    let mut times = vec![];
    let mut seed = 0;
    while times.len() < decisions {
        let mut game =
            Game::new(BoardSpec::icf(), MatchSettings::default(), seed).map_err(|e| e.to_string())?;
        while let Some(seat) = game.rules().to_play() {
            if times.len() == decisions {
                break;
            }
            let started = Instant::now();
            let decision = plan(
                game.table(),
                game.rules(),
                seat,
                level,
                seed * 1000 + times.len() as u64,
                budget,
                &AtomicBool::new(false),
            )
            .map_err(|e| e.to_string())?;
            times.push(started.elapsed());
            game.perform(&decision.played.action()).map_err(|e| e.to_string())?;
        }
        seed += 1;
    }
    times.sort();
    let pick = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize].as_secs_f64() * 1e3;
    let over = times.iter().filter(|t| t.as_millis() as u64 > budget_ms).count();
    println!(
        "{} decisions at {} with a {budget_ms} ms limit: median {:.1} ms, p95 {:.1} ms, longest {:.1} ms ({:.2}x the limit), {over} over it; load {load_before} -> {}",
        times.len(),
        level.name(),
        pick(0.5),
        pick(0.95),
        pick(1.0),
        pick(1.0) / budget_ms as f64,
        crate::selfplay::load_average(),
    );
    Ok(())
}
