//! Every test the project has, in one command: `cargo xtask test`.

use std::path::{Path, PathBuf};
use std::process::Command;

pub fn run(_args: &[String]) -> Result<(), String> {
    let root = workspace_root();
    step("cargo test", Command::new(cargo()).args(["test", "--workspace", "-j2"]).current_dir(&root))?;
    Ok(())
}

/// Runs one step, failing the whole run if it fails.
pub fn step(name: &str, command: &mut Command) -> Result<(), String> {
    println!("== {name}");
    let status = command.status().map_err(|e| format!("{name}: could not start: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{name} failed ({status})"))
    }
}

pub fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}

/// The repository's root: two folders above this crate.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap_or_else(|_| PathBuf::from("."))
}
