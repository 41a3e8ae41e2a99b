//! `cargo xtask loads`: what loading a document can cost — a long saved match at rest (the
//! same text a peer receives as its welcome or a resent state), a replay judged and a replay
//! played again, and the worst shot a save may hold while it rolls — in time and memory, with
//! each document's size beside its bound. Figures go in docs/benchmarks.md (Loading).

use carrom_core::game::{save, Action, Game, Replay};
use carrom_core::physics::MAX_RESUMED_STEPS;
use carrom_core::rules::MatchSettings;
use carrom_core::spec::{MAX_SHOT_SECONDS, MIN_TIME_STEP};
use carrom_core::{BoardSpec, Seat, Snapshot, Table};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// Loads timed for each figure; the median is reported.
const RUNS: usize = 9;

pub fn run(args: &[String]) -> Result<(), String> {
    let strikes: usize = match args {
        [] => 400,
        [flag, n] if flag == "--strikes" => {
            n.parse().map_err(|_| format!("--strikes takes a number, got {n}"))?
        }
        _ => return Err("loads takes --strikes N (the length of the long match)".into()),
    };
    let game = long_match(strikes)?;
    let text = game.to_json().map_err(|e| e.to_string())?;
    let actions = game.replay().actions.len();
    report(
        &format!(
            "saved match at rest, {actions} actions, {} bytes (bound {})",
            text.len(),
            save::MAX_SAVE_BYTES
        ),
        || Game::from_json(&text).map(drop).map_err(|e| e.to_string()),
    )?;
    let replay: &Replay = game.replay();
    report("its replay judged (the rules alone, as every load does)", || {
        replay.judge().map(drop).map_err(|e| e.to_string())
    })?;
    report("its replay played again (the physics of every strike)", || {
        replay.play().map(drop).map_err(|e| e.to_string())
    })?;
    let (padded, padded_actions) = at_size_bound(game)?;
    report(
        &format!("a saved match near the size bound, {} bytes, {padded_actions} actions", padded.len()),
        || Game::from_json(&padded).map(drop).map_err(|e| e.to_string()),
    )?;
    let break_rolling = slowest_rolling_shot(true)?;
    report(
        &format!(
            "the break {MAX_RESUMED_STEPS} steps in on the slowest legal board, {} bytes",
            break_rolling.to_json().len()
        ),
        || Table::restore(&break_rolling).map(drop).map_err(|e| e.to_string()),
    )?;
    let rolling = slowest_rolling_shot(false)?;
    let snapshot = rolling.to_json();
    report(
        &format!("a shot {MAX_RESUMED_STEPS} steps in on the slowest legal board, {} bytes", snapshot.len()),
        || Table::restore(&rolling).map(drop).map_err(|e| e.to_string()),
    )?;
    let mut forged: serde_json::Value = serde_json::from_str(&snapshot).map_err(|e| e.to_string())?;
    forged["shot"]["steps"] = 239_999.into();
    let forged = Snapshot::from_json(&forged.to_string()).map_err(|e| e.to_string())?;
    report("the same claiming 239,999 steps (refused)", || match Table::restore(&forged) {
        Ok(_) => Err("a forged shot loaded".into()),
        Err(_) => Ok(()),
    })?;
    println!("peak memory of this process (VmHWM): {}", peak_memory());
    Ok(())
}

/// A match of random strikes, `strikes` long (random play rarely ends a match).
fn long_match(strikes: usize) -> Result<Game, String> {
    let mut game = Game::new(BoardSpec::icf(), MatchSettings::default(), 7).map_err(|e| e.to_string())?;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..strikes {
        let Some(seat) = game.rules().to_play() else { break };
        let Some(offset) = game.table().nearest_free_striker_offset(seat, rng.random_range(-0.2f32..0.2))
        else {
            break;
        };
        let direction = -seat.towards() + seat.right() * rng.random_range(-1.5f32..1.5);
        let speed = rng.random_range(0.5f32..6.5);
        game.perform(&Action::Strike { seat, offset, direction, speed }).map_err(|e| e.to_string())?;
        game.add_time(4.0).map_err(|e| e.to_string())?;
    }
    Ok(game)
}

/// `game` with play time added until its save nears the largest a save may be, and its
/// actions: the most a document can make a load judge.
fn at_size_bound(mut game: Game) -> Result<(String, usize), String> {
    loop {
        for _ in 0..10_000 {
            game.add_time(0.5).map_err(|e| e.to_string())?;
        }
        let text = game.to_json().map_err(|e| e.to_string())?;
        if text.len() + 400_000 > save::MAX_SAVE_BYTES {
            return Ok((text, game.replay().actions.len()));
        }
    }
}

/// The striker on the slowest board the spec allows, on its finest step, as far into its shot
/// as a save may be: alone, or breaking the full formation.
fn slowest_rolling_shot(formation: bool) -> Result<Snapshot, String> {
    let mut spec = BoardSpec::icf();
    spec.physics.sliding_friction = 0.01;
    spec.physics.gravity = 1.0;
    spec.physics.time_step = MIN_TIME_STEP;
    spec.physics.max_shot_seconds = MAX_SHOT_SECONDS;
    let mut table = Table::new(spec).map_err(|e| e.to_string())?;
    if formation {
        table.set_up(true);
    } else {
        table.arrange(&[None; 19]).map_err(|e| e.to_string())?;
    }
    let seat = Seat::ALL[0];
    table.place_striker(seat, 0.0).map_err(|e| e.to_string())?;
    table.strike(-seat.towards(), 6.5).map_err(|e| e.to_string())?;
    for _ in 0..MAX_RESUMED_STEPS {
        table.step();
    }
    table.snapshot().map_err(|e| e.to_string())
}

fn report(what: &str, mut load: impl FnMut() -> Result<(), String>) -> Result<(), String> {
    let mut times: Vec<Duration> = vec![];
    for _ in 0..RUNS {
        let started = Instant::now();
        load()?;
        times.push(started.elapsed());
    }
    times.sort();
    println!("{what}: median {:.2} ms, longest {:.2} ms", ms(times[RUNS / 2]), ms(times[RUNS - 1]));
    Ok(())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM"))
                .map(|l| l.split_whitespace().skip(1).collect::<Vec<_>>().join(" "))
        })
        .unwrap_or_else(|| "unknown".into())
}
