//! Finding Godot and checking that it is 4.3 or newer, before anything is built.
//!
//! `$GODOT` wins when it is set: a `GODOT` that names no program, or an older Godot, is an
//! error, never a reason to look elsewhere or to skip. Otherwise `godot4` and `godot` on `PATH`,
//! then the places the official downloads install to, are tried in turn.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A Godot binary that runs and reports a version.
#[derive(Clone, Debug)]
pub struct Godot {
    pub path: PathBuf,
    /// What `godot --version` printed, e.g. "4.3.stable.custom_build".
    pub version: String,
}

/// Why no usable Godot was found: every place looked at, and what was there.
#[derive(Debug, Default)]
pub struct NotFound {
    pub looked: Vec<String>,
}

impl std::fmt::Display for NotFound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "Godot 4.3 or newer was not found. Looked at:")?;
        for place in &self.looked {
            writeln!(f, "  - {place}")?;
        }
        write!(
            f,
            "Install Godot 4.3+ from https://godotengine.org/download and put it on PATH as `godot`, \
             or set GODOT=/path/to/godot"
        )
    }
}

/// The Godot to use: `Ok(Some)` when found and new enough; `Ok(None)` with the places looked at
/// when there is none; `Err` when `$GODOT` is set but unusable.
pub fn find() -> Result<Result<Godot, NotFound>, String> {
    if let Some(path) = std::env::var_os("GODOT").filter(|p| !p.is_empty()) {
        let path = PathBuf::from(path);
        return match probe(&path) {
            Probe::Usable(godot) => Ok(Ok(godot)),
            other => Err(format!("GODOT={}: {}", path.display(), other.describe())),
        };
    }
    let mut not_found = NotFound::default();
    for candidate in candidates() {
        match probe(&candidate) {
            Probe::Usable(godot) => return Ok(Ok(godot)),
            other => not_found.looked.push(format!("{}: {}", candidate.display(), other.describe())),
        }
    }
    not_found.looked.push("$GODOT: not set".into());
    Ok(Err(not_found))
}

/// The Godot to use, or an error that names where it looked: for commands that need one.
pub fn require() -> Result<Godot, String> {
    let godot = find()?.map_err(|not_found| not_found.to_string())?;
    println!("== using Godot {} at {}", godot.version, godot.path.display());
    Ok(godot)
}

/// The programs tried when `$GODOT` is not set, in order.
fn candidates() -> Vec<PathBuf> {
    let mut list: Vec<PathBuf> = vec!["godot4".into(), "godot".into()];
    let home = std::env::var_os("HOME").map(PathBuf::from);
    if cfg!(target_os = "macos") {
        list.push("/Applications/Godot.app/Contents/MacOS/Godot".into());
        if let Some(home) = &home {
            list.push(home.join("Applications/Godot.app/Contents/MacOS/Godot"));
        }
    } else if cfg!(target_os = "linux") {
        list.push("/var/lib/flatpak/exports/bin/org.godotengine.Godot".into());
        if let Some(home) = &home {
            list.push(home.join(".local/share/flatpak/exports/bin/org.godotengine.Godot"));
        }
    }
    list
}

/// What one candidate turned out to be.
enum Probe {
    Usable(Godot),
    Missing,
    Failed(String),
    TooOld(String),
}

impl Probe {
    fn describe(&self) -> String {
        match self {
            Probe::Usable(g) => format!("Godot {}", g.version),
            Probe::Missing => "not found".into(),
            Probe::Failed(why) => format!("did not run `--version` ({why})"),
            Probe::TooOld(version) => format!("reports Godot \"{version}\"; 4.3 or newer is needed"),
        }
    }
}

fn probe(path: &Path) -> Probe {
    let output = match Command::new(path).arg("--version").output() {
        Ok(output) => output,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Probe::Missing,
        Err(e) => return Probe::Failed(e.to_string()),
    };
    if !output.status.success() {
        return Probe::Failed(format!("exited with {}", output.status));
    }
    // The version is the last line: some builds print a banner before it.
    let text = String::from_utf8_lossy(&output.stdout);
    let version = text.lines().map(str::trim).rfind(|l| !l.is_empty()).unwrap_or_default().to_string();
    if is_supported(&version) {
        Probe::Usable(Godot { path: path.to_path_buf(), version })
    } else {
        Probe::TooOld(version)
    }
}

/// Whether a version string is Godot 4.3 or newer.
pub fn is_supported(version: &str) -> bool {
    let mut parts = version.split('.').map(|p| p.parse::<u32>().ok());
    matches!((parts.next(), parts.next()), (Some(Some(4)), Some(Some(minor))) if minor >= 3)
}

/// The folder name Godot gives this version's export templates: the numbers and the status,
/// without the build name ("4.3.stable.custom_build" → "4.3.stable", "4.4.1.stable.official.x"
/// → "4.4.1.stable").
pub fn templates_version(version: &str) -> String {
    let mut kept = vec![];
    for part in version.split('.') {
        kept.push(part);
        if part.parse::<u32>().is_err() {
            break;
        }
    }
    kept.join(".")
}

/// A line Godot prints for an error (the game must run without any).
pub fn is_error_line(line: &str) -> bool {
    let line = line.trim_start();
    line.starts_with("ERROR:") || line.starts_with("SCRIPT ERROR:") || line.starts_with("USER ERROR:")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn godot_error_lines_are_recognised() {
        assert!(is_error_line("ERROR: CarromBoard.strike: power must be above 0"));
        assert!(is_error_line("  SCRIPT ERROR: Invalid call"));
        assert!(!is_error_line("ok    loads res://scenes/match.tscn"));
        assert!(!is_error_line("WARNING: something"));
    }

    #[test]
    fn only_godot_4_3_and_newer_is_used() {
        assert!(is_supported("4.3.stable.custom_build"));
        assert!(is_supported("4.5.1.stable"));
        assert!(!is_supported("4.2.2.stable"));
        assert!(!is_supported("3.6.stable"));
        assert!(!is_supported("garbage"));
    }

    #[test]
    fn export_templates_are_looked_for_under_the_version_and_status() {
        assert_eq!(templates_version("4.3.stable.custom_build"), "4.3.stable");
        assert_eq!(templates_version("4.4.1.stable.official.49a5bc7b6"), "4.4.1.stable");
        assert_eq!(templates_version("4.5.beta2.official"), "4.5.beta2");
    }

    #[test]
    fn a_godot_that_is_not_there_is_named_with_the_reason() {
        let probe = probe(Path::new("/nonexistent/godot"));
        assert_eq!(probe.describe(), "not found");
    }
}
