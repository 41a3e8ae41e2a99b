//! `cargo xtask <command>`: the project's commands, in Rust so they run the same everywhere.
//! xtask depends on no engine crate, so it builds in seconds; what needs the engine is built by
//! the command that needs it, after the quick checks (Godot, templates, targets) have passed.

mod bots;
mod build;
mod cargo;
#[cfg(test)]
mod engine_profile;
mod export;
mod exported;
mod files;
mod gdtoolkit;
mod godot;
mod i18n;
mod icons;
mod lab;
#[cfg(test)]
mod lobby_words;
mod matchserver;
#[cfg(test)]
mod modules;
mod msrv;
mod online;
mod play;
mod postgres;
mod screenshots;
#[cfg(test)]
mod sizes;
mod test;
mod version;

use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask <command>   (from any folder of the checkout)
  play [--debug]                   find Godot 4.3+, build the extension in release, start the game
  build [--release] [--target T]   build the extension into addons/carrom/bin/<platform>/
  export linux|windows|macos|android [--out DIR]
                                   build in release for the platform and export the game with
                                   Godot's export templates (default folder: build/<platform>/)
  test                             every test: cargo, rust-version, GDScript lint, translations,
                                   and the Godot scenarios and the exported game when Godot is found
  online [NAME]                    the online checks alone (Godot processes on 127.0.0.1), on
                                   the extension as last built by `build`
  icons                            every platform's launcher icons, remade from icon.svg
                                   (tools/make_icons.gd, with Godot)
  screenshots [--out DIR] [--tour L,L]
                                   the README's pictures of the game, taken in a window (under
                                   xvfb-run when there is no display), into docs/screenshots/;
                                   --tour hi,ur,ta: every screen in those languages instead
  demo [--aim METRES]              a break shot simulated headless, reported
  selfplay [--games N] [--levels a,b] [--mode singles|doubles|points]
           [--ruleset classic|icf|freestyle|disc_pool] [--threads N]
                                   the computer against itself (levels easy, medium, hard,
                                   expert), statistics per level and the machine's load
  firstlook [--positions N]        how often the expert's coarse first look agrees with the
                                   full simulation
  clear [--seeds N] [--levels a,b] [--hand own|carrom_rl|both] [--cap N]
        [--time-limit-ms MS] [--threads N] [--jobs N]
                                   the computer clears the board alone, as Carrom_rl measures
                                   agents: strikes to clear (mean, median, p90), decision times
  coach [--positions N]            what the coach's hints and end-of-board reviews cost, and
                                   what the first hint is and how often it comes off
  soak [--matches N] [--seed S]    random matches saved, loaded and replayed after every strike
  loads [--strikes N]              what loading a save, a replay or a shot saved while it rolls
                                   costs, in time and memory
  deadline [--budget-ms N] [--decisions N] [--level easy|medium|hard|expert]
                                   how closely the computer keeps its time limit (run it
                                   beside a load to see a busy phone)
  server [OPTIONS]                 the match server (release), e.g. --listen 0.0.0.0:24681
                                   --database postgres://USER@HOST/NAME; --help lists them all
  bots [--matches N] [--think S] [--seconds S]
                                   the match server under load: N quick matches of bots on
                                   loopback, its CPU, memory and strike-to-shot times
  msrv                             the rust-version check alone (each crate states what it needs)
  translations                     the translation check alone (every key in every language,
                                   placeholders as in English)
  help                             this text

Godot is $GODOT when set (an error if it is not Godot 4.3+), else godot4 or godot on PATH.";

/// `cargo xtask server`: carrom-server in release with the options given.
fn server(args: &[String]) -> Result<(), String> {
    cargo::step(
        "carrom-server (built in release)",
        std::process::Command::new(cargo::cargo())
            .args(["run", "--release", "--package", "carrom-server", "--"])
            .args(args)
            .current_dir(cargo::workspace_root()),
    )
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = args.get(1..).unwrap_or_default();
    let result = match args.first().map(String::as_str) {
        Some("play") => play::run(rest),
        Some("build") => build::run(rest).map(|_| ()),
        Some("export") => export::run(rest),
        Some("test") => test::run(rest),
        Some("online") => online::run(rest),
        Some("screenshots") => screenshots::run(rest),
        Some("icons") => icons::run(rest),
        Some("server") => server(rest),
        Some("bots") => bots::run(rest),
        Some("translations") => i18n::check(&cargo::workspace_root()),
        Some("msrv") => msrv::check().map(|lines| lines.iter().for_each(|l| println!("{l}"))),
        Some(
            command @ ("demo" | "selfplay" | "clear" | "coach" | "firstlook" | "soak" | "deadline" | "loads"),
        ) => lab::run(command, rest),
        Some("help" | "-h" | "--help") => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!("unknown command {other}\n\n{USAGE}")),
        None => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
