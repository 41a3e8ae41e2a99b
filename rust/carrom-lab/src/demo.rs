//! A break shot on an ICF board, simulated without Godot, and what it did.

use carrom_core::physics::Event;
use carrom_core::{BoardSpec, Seat, Table, Vec2};
use std::time::Instant;

pub fn run(args: &[String]) -> Result<(), String> {
    let aim: f32 = match args {
        [] => 0.0,
        [flag, value] if flag == "--aim" => {
            value.parse().map_err(|_| format!("--aim takes metres, got {value}"))?
        }
        _ => return Err("usage: cargo xtask demo [--aim METRES]".into()),
    };
    let mut table = Table::new(BoardSpec::icf()).map_err(|e| e.to_string())?;
    let seat = Seat::new(0).map_err(|e| e.to_string())?;
    let speed = table.spec().physics.max_striker_speed;
    let spot = table.place_striker(seat, 0.0).map_err(|e| e.to_string())?;
    table.strike(Vec2::new(aim, 0.0) - spot, speed).map_err(|e| e.to_string())?;
    println!("Break from seat 0 at {speed} m/s, aimed {aim} m right of the queen");
    let started = Instant::now();
    let (mut hits, mut cushions) = (0, 0);
    let mut settled = None;
    while settled.is_none() {
        for event in table.step() {
            match event {
                Event::Collision { .. } => hits += 1,
                Event::Cushion { .. } => cushions += 1,
                Event::Pocketed { piece, kind, pocket } => {
                    println!("  {kind} ({piece}) drops into pocket {}", pocket.number())
                }
                Event::LeftBoard { piece, kind } => println!("  {kind} ({piece}) leaves the board"),
                Event::Settled(report) => settled = Some(report),
            }
        }
    }
    let elapsed = started.elapsed();
    let report = settled.unwrap_or_default();
    println!("  {hits} hits between pieces, {cushions} on the cushions");
    println!(
        "  settled after {} steps ({:.2} s of play), simulated in {:.2} ms",
        report.steps,
        report.steps as f32 * table.spec().physics.time_step,
        elapsed.as_secs_f64() * 1e3
    );
    println!(
        "  formation broken: {}; first piece hit: {}",
        report.broke_formation,
        report.first_touched.map_or("none".to_string(), |p| p.to_string())
    );
    Ok(())
}
