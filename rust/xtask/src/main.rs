//! `cargo xtask <command>`: the project's commands, in Rust so they run the same everywhere.
//!
//! - `demo`: a break shot simulated headless and reported.
//! - `test`: every test: cargo tests, then the GDScript lint and the Godot scenarios where
//!   their tools are present (said clearly when they are not).

mod demo;
mod test;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = &args[args.len().min(1)..];
    let result = match args.first().map(String::as_str) {
        Some("demo") => demo::run(rest),
        Some("test") => test::run(rest),
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
  demo [--seed N]   simulate a break shot headless and report it
  test              run every test (cargo, GDScript lint, Godot scenarios when $GODOT is set)";
