//! `cargo xtask <command>`: the project's commands, in Rust so they run the same everywhere.
//!
//! - `play`: build the extension and start the game.
//! - `build`: build the extension into the addon.
//! - `test`: every test: cargo tests, the GDScript lint, and the Godot scenarios where a Godot
//!   binary is found (said clearly when it is not).
//! - `demo`: a break shot simulated headless and reported.
//! - `selfplay`, `soak`: the computer against itself; random matches saved, loaded and replayed.

mod build;
mod demo;
mod godot;
mod i18n;
mod play;
mod selfplay;
mod soak;
mod test;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = &args[args.len().min(1)..];
    let result = match args.first().map(String::as_str) {
        Some("demo") => demo::run(rest),
        Some("test") => test::run(rest),
        Some("build") => build::run(rest).map(|_| ()),
        Some("play") => play::run(rest),
        Some("selfplay") => selfplay::run(rest),
        Some("soak") => soak::run(rest),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

const USAGE: &str = "usage: cargo xtask <command>
  play [--release]                  build the extension and start the game in Godot ($GODOT or PATH)
  build [--release] [--target T]    build the extension into addons/carrom/bin/<platform>/
  test                              run every test (cargo, GDScript lint, Godot scenarios when Godot is found)
  demo [--aim METRES]               simulate a break shot headless and report it
  selfplay [--games N] [--levels a,b]  computer against computer, with statistics per level
  soak [--matches N] [--seed S]     random matches with save/load after every strike and replay checks";
