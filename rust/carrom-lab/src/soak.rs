//! `cargo xtask soak [--matches N] [--seed S]` (carrom-lab, in release): whole random matches of
//! every mode, the match saved and loaded after every strike (a shot in motion too), with
//! timed-out turns, declared fouls and play time on a match clock among the strikes, and each
//! finished match replayed; any difference or refusal stops it with the reason.

use carrom_core::game::{Action, Game};
use carrom_core::rules::{Foul, MatchSettings, Mode};
use carrom_core::BoardSpec;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// Strikes after which an unfinished match is left (random play ends far sooner).
const STRIKE_CAP: usize = 4000;

pub fn run(args: &[String]) -> Result<(), String> {
    let (mut matches, mut seed) = (30u64, 1u64);
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let value = rest.next().ok_or(format!("{arg} needs a number"))?;
        let number = value.parse::<u64>().map_err(|_| format!("{arg} takes a number, got {value}"))?;
        match arg.as_str() {
            "--matches" => matches = number,
            "--seed" => seed = number,
            other => {
                return Err(format!("soak: unknown argument {other}; it takes --matches N and --seed S"))
            }
        }
    }
    let started = Instant::now();
    let (mut strikes, mut swaps, mut mid_shot, mut others) = (0u64, 0u64, 0u64, 0u64);
    for m in 0..matches {
        let mode = [Mode::Singles, Mode::Doubles, Mode::Points][(m % 3) as usize];
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(m));
        // Every other match on a clock, which runs out long before random play would end it.
        let clock = (m % 2 == 1).then_some(1800.0);
        let settings = MatchSettings { time_limit_seconds: clock, ..MatchSettings::new(mode) };
        let mut game =
            Game::new(BoardSpec::icf(), settings, seed.wrapping_add(m)).map_err(|e| e.to_string())?;
        for _ in 0..STRIKE_CAP {
            let Some(seat) = game.rules().to_play() else { break };
            // A turn that times out, a declared foul, or play time, now and then.
            let other = match rng.random_range(0..40) {
                0 | 1 => Some(Action::Pass { seat }),
                2 => Some(Action::DeclareFoul { seat, foul: Foul::StrikingRule }),
                3..=6 => Some(Action::AddTime { seconds: rng.random_range(0.0..30.0) }),
                _ => None,
            };
            if let Some(action) = other {
                game.perform(&action).map_err(|e| format!("match {m}: {action:?} refused: {e}"))?;
                game = swap(&game)?;
                swaps += 1;
                others += 1;
                continue;
            }
            let wanted = rng.random_range(-0.2f32..0.2);
            let Some(offset) = game.table().nearest_free_striker_offset(seat, wanted) else { break };
            let direction = -seat.towards() + seat.right() * rng.random_range(-1.5f32..1.5);
            let speed = rng.random_range(0.5f32..game.table().spec().physics.max_striker_speed);
            if rng.random_bool(0.1) {
                // Saved and loaded in the middle of the shot.
                game.place_striker(seat, offset).map_err(|e| e.to_string())?;
                game.strike(direction, speed).map_err(|e| e.to_string())?;
                for _ in 0..rng.random_range(1..60) {
                    game.step().map_err(|e| e.to_string())?;
                }
                game = swap(&game)?;
                mid_shot += 1;
                if game.table().is_moving() {
                    game.run_to_rest().map_err(|e| e.to_string())?;
                }
            } else {
                game.perform(&Action::Strike { seat, offset, direction, speed })
                    .map_err(|e| e.to_string())?;
            }
            game = swap(&game)?;
            swaps += 1;
            strikes += 1;
        }
        let replayed = game.replay().play().map_err(|e| format!("match {m}: replay refused: {e}"))?;
        if replayed.to_json().map_err(|e| e.to_string())? != game.to_json().map_err(|e| e.to_string())? {
            return Err(format!("match {m} ({}): the replay differs from the match", mode.name()));
        }
    }
    println!(
        "soak: {matches} matches of every mode, {strikes} strikes and {others} passes, declared fouls \
         and clock times, {swaps} save/load swaps at rest, {mid_shot} in the middle of a shot, \
         {matches} replays identical, in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The game saved and loaded again; the text must come back the same.
fn swap(game: &Game) -> Result<Game, String> {
    let text = game.to_json().map_err(|e| e.to_string())?;
    let loaded = Game::from_json(&text).map_err(|e| format!("a save was refused: {e}"))?;
    if loaded.to_json().map_err(|e| e.to_string())? != text {
        return Err("a save loaded differently".into());
    }
    Ok(loaded)
}
