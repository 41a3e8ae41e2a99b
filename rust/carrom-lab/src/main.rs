//! `carrom-lab <command>`: the engine at work without Godot, for measuring and soaking it.
//! It is its own crate so that `cargo xtask play` never waits for rapier to compile; `cargo xtask
//! demo | selfplay | soak` run it in release.

mod bots;
mod clear;
mod coach;
mod deadline;
mod demo;
mod firstlook;
mod loads;
mod selfplay;
mod soak;

use std::process::ExitCode;

const USAGE: &str = "usage: carrom-lab <command>
  demo [--aim METRES]                  a break shot simulated headless, reported
  selfplay [--games N] [--levels a,b] [--mode M] [--ruleset NAME] [--threads N]
                                       the computer against itself, statistics per level
  firstlook [--positions N]            how often the expert's coarse first look agrees with
                                       the full simulation
  soak [--matches N] [--seed S]        random matches saved, loaded and replayed after every strike
  loads [--strikes N]                  what loading a save, a replay or a rolling shot costs
  clear [--seeds N] [--levels a,b] [--hand own|carrom_rl|both] [--cap N] [--time-limit-ms MS]
        [--threads N] [--jobs N]       the computer clears the board alone (Carrom_rl's benchmark):
                                       strikes to clear and decision times per level
  coach [--positions N]                what the coach's hints and board reviews cost and say
  deadline [--budget-ms N] [--decisions N] [--level L]
                                       how closely the computer keeps a time limit
  bots --address HOST:PORT [--matches N] [--think S] [--seconds S] [--ramp S]
                                       load on a running match server: N quick matches of bots";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = args.get(1..).unwrap_or_default();
    let result = match args.first().map(String::as_str) {
        Some("demo") => demo::run(rest),
        Some("selfplay") => selfplay::run(rest),
        Some("firstlook") => firstlook::run(rest),
        Some("soak") => soak::run(rest),
        Some("deadline") => deadline::run(rest),
        Some("clear") => clear::run(rest),
        Some("coach") => coach::run(rest),
        Some("loads") => loads::run(rest),
        Some("bots") => bots::run(rest),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some(other) => Err(format!("unknown command {other}\n{USAGE}")),
        None => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}
