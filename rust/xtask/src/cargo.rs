//! Running cargo and other programs from the commands, wherever the checkout and its target
//! folder are.

use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The cargo that runs this command (rustup's proxy or a pinned one), else `cargo`.
pub fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}

/// The repository's root: two folders above this crate, whatever the current folder is.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap_or_else(|_| PathBuf::from("."))
}

/// Runs one step, failing the whole command if it fails.
pub fn step(name: &str, command: &mut Command) -> Result<(), String> {
    println!("== {name}");
    let status = command.status().map_err(|e| format!("{name}: could not start: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{name} failed ({status})"))
    }
}

/// `cargo metadata` of the workspace, as JSON; with the dependency graph unless `no_deps`.
pub fn metadata(no_deps: bool) -> Result<Value, String> {
    let mut command = Command::new(cargo());
    command.args(["metadata", "--format-version", "1", "--locked"]).current_dir(workspace_root());
    if no_deps {
        command.arg("--no-deps");
    }
    let output = command.output().map_err(|e| format!("cargo metadata: could not start: {e}"))?;
    if !output.status.success() {
        return Err(format!("cargo metadata failed: {}", String::from_utf8_lossy(&output.stderr).trim()));
    }
    serde_json::from_slice(&output.stdout).map_err(|e| format!("cargo metadata: unreadable output: {e}"))
}

/// The folder cargo builds into: `target/`, or `CARGO_TARGET_DIR`, or what the config says.
pub fn target_dir() -> Result<PathBuf, String> {
    metadata(true)?["target_directory"]
        .as_str()
        .map(PathBuf::from)
        .ok_or_else(|| "cargo metadata gave no target_directory".into())
}

/// How a library is built: as developers run it, in release, or as players download it
/// (`[profile.ship]` in the workspace: link-time optimisation, one codegen unit, stripped).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    Dev,
    /// The dev profile with features resolved as `cargo test --workspace` resolves them
    /// (dev-dependencies included): the test command's build of the extension then reuses
    /// every crate the tests built instead of building the tree again with other features.
    Tested,
    Release,
    Ship,
}

impl Profile {
    fn flag(self) -> Option<&'static str> {
        match self {
            Profile::Dev | Profile::Tested => None,
            Profile::Release => Some("--release"),
            Profile::Ship => Some("--profile=ship"),
        }
    }
}

/// Builds one library crate and returns the file cargo wrote, read from cargo's own messages,
/// so that `CARGO_TARGET_DIR`, `--target` and profiles need no guessing. Cargo's progress goes
/// to the terminal as usual.
pub fn build_cdylib(
    package: &str,
    profile: Profile,
    target: Option<&str>,
    envs: &[(String, String)],
) -> Result<PathBuf, String> {
    let mut command = Command::new(cargo());
    command
        .args(["build", "--message-format=json-render-diagnostics"])
        .current_dir(workspace_root())
        .envs(envs.iter().map(|(k, v)| (k, v)))
        .stdout(Stdio::piped());
    let packages = match profile {
        Profile::Tested => vec!["--workspace", "--lib", "--tests"],
        _ => vec!["-p", package],
    };
    command.args(&packages);
    if let Some(flag) = profile.flag() {
        command.arg(flag);
    }
    if let Some(target) = target {
        command.args(["--target", target]);
    }
    let name = format!(
        "cargo build {}{}",
        packages.join(" "),
        profile.flag().map(|f| format!(" {f}")).unwrap_or_default()
    );
    println!("== {name}{}", target.map(|t| format!(" --target {t}")).unwrap_or_default());
    let mut child = command.spawn().map_err(|e| format!("{name}: could not start: {e}"))?;
    let mut library = None;
    if let Some(out) = child.stdout.take() {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            if let Ok(message) = serde_json::from_str::<Value>(&line) {
                library = cdylib_of(&message, package).or(library);
            }
        }
    }
    let status = child.wait().map_err(|e| format!("{name}: {e}"))?;
    if !status.success() {
        return Err(format!("{name} failed ({status})"));
    }
    library.ok_or_else(|| format!("{name}: cargo reported no cdylib for {package}"))
}

/// The shared library a `compiler-artifact` message reports for `package`, if it is one.
fn cdylib_of(message: &Value, package: &str) -> Option<PathBuf> {
    if message["reason"] != "compiler-artifact" {
        return None;
    }
    let target = &message["target"];
    // A library's test harness shares its name and kinds; only the library itself counts.
    if message["profile"]["test"] == true {
        return None;
    }
    let name_matches = target["name"].as_str() == Some(&package.replace('-', "_"));
    let is_cdylib = target["kind"].as_array()?.iter().any(|k| k == "cdylib");
    if !(name_matches && is_cdylib) {
        return None;
    }
    message["filenames"]
        .as_array()?
        .iter()
        .filter_map(Value::as_str)
        .find(|f| [".so", ".dll", ".dylib"].iter().any(|ext| f.ends_with(ext)))
        .map(PathBuf::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_library_is_read_from_cargos_messages_wherever_the_target_folder_is() {
        let message: Value = serde_json::from_str(
            r#"{"reason":"compiler-artifact","target":{"name":"carrom_godot","kind":["cdylib","rlib"]},
            "filenames":["/elsewhere/release/libcarrom_godot.so","/elsewhere/release/libcarrom_godot.rlib"]}"#,
        )
        .unwrap();
        assert_eq!(
            cdylib_of(&message, "carrom-godot"),
            Some(PathBuf::from("/elsewhere/release/libcarrom_godot.so"))
        );
        assert_eq!(cdylib_of(&message, "carrom-core"), None);
        let windows: Value = serde_json::from_str(
            r#"{"reason":"compiler-artifact","target":{"name":"carrom_godot","kind":["cdylib"]},
            "filenames":["C:\\t\\carrom_godot.dll","C:\\t\\carrom_godot.dll.lib"]}"#,
        )
        .unwrap();
        assert_eq!(cdylib_of(&windows, "carrom-godot"), Some(PathBuf::from("C:\\t\\carrom_godot.dll")));
    }

    #[test]
    fn a_librarys_test_harness_is_not_taken_for_the_library() {
        let harness: Value = serde_json::from_str(
            r#"{"reason":"compiler-artifact","target":{"name":"carrom_godot","kind":["cdylib","rlib"]},
            "profile":{"test":true},"filenames":["/t/debug/deps/carrom_godot-1234.so"]}"#,
        )
        .unwrap();
        assert_eq!(cdylib_of(&harness, "carrom-godot"), None);
    }
}
