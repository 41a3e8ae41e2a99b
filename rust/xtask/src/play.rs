//! `cargo xtask play [--debug]`: finds Godot first (so a missing or old one is said at once),
//! builds the extension in release (a player should feel the optimised physics), imports the
//! project, then starts the game.

use crate::cargo::{workspace_root, Profile};
use std::process::Command;

pub fn run(args: &[String]) -> Result<(), String> {
    let profile = match args {
        [] => Profile::Release,
        [flag] if flag == "--debug" => Profile::Dev,
        _ => return Err("usage: cargo xtask play [--debug]".into()),
    };
    let godot = crate::godot::require()?;
    crate::build::into_addon(profile, None, &[])?;
    let project = workspace_root().join("godot-project");
    // Every time, not only on a fresh clone: a game run outside the editor does not refresh
    // Godot's list of script classes, so after a pull that adds one (`class_name SeatRow`) the
    // game would fail to compile its scripts. An up-to-date project imports in seconds.
    crate::export::import(&godot, &project)?;
    println!("== starting the game");
    let status = Command::new(&godot.path)
        .arg("--path")
        .arg(&project)
        .status()
        .map_err(|e| format!("could not start {}: {e}", godot.path.display()))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("Godot exited with {status}"))
    }
}
