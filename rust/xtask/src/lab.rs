//! `demo`, `selfplay` and `soak` live in the carrom-lab crate, which needs the physics engine;
//! xtask only starts it (in release, as these commands measure), so that xtask itself builds in
//! seconds and `play` never waits for rapier to compile.

use crate::cargo::{cargo, step, workspace_root};
use std::process::Command;

pub fn run(command: &str, args: &[String]) -> Result<(), String> {
    step(
        &format!("carrom-lab {command} (built in release)"),
        Command::new(cargo())
            .args(["run", "--release", "--package", "carrom-lab", "--", command])
            .args(args)
            .current_dir(workspace_root()),
    )
}
