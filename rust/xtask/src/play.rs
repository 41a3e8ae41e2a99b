//! `cargo xtask play`: builds the extension and starts the game in Godot.

use crate::test::workspace_root;
use std::process::Command;

pub fn run(args: &[String]) -> Result<(), String> {
    crate::build::run(args)?;
    let godot = crate::godot::find().ok_or(
        "Godot 4.3 or newer is needed to play: install it and put it on PATH as `godot`, or set GODOT=/path/to/godot",
    )?;
    let project = workspace_root().join("godot-project");
    // A fresh clone has imported nothing yet (sounds, the extension): import once, headless.
    if !project.join(".godot/imported").exists() {
        crate::test::step(
            "Godot import of godot-project",
            Command::new(&godot).args(["--headless", "--editor", "--quit"]).arg("--path").arg(&project),
        )?;
    }
    let status = Command::new(&godot)
        .arg("--path")
        .arg(&project)
        .status()
        .map_err(|e| format!("could not start {}: {e}", godot.display()))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("Godot exited with {status}"))
    }
}
