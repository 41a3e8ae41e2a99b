//! Finding a Godot binary: `$GODOT`, else `godot4` or `godot` on `PATH`.

use std::path::PathBuf;
use std::process::Command;

pub fn find() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("GODOT").filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(path));
    }
    ["godot4", "godot"].iter().find_map(|name| {
        let ok = Command::new(name).arg("--version").output().map(|o| o.status.success()).unwrap_or(false);
        ok.then(|| PathBuf::from(name))
    })
}

/// The version Godot reports, e.g. "4.3.stable.custom_build".
pub fn version(godot: &PathBuf) -> Option<String> {
    let out = Command::new(godot).arg("--version").output().ok()?;
    Some(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Whether a version string is Godot 4.3 or newer.
pub fn is_supported(version: &str) -> bool {
    let mut parts = version.split('.').map(|p| p.parse::<u32>().ok());
    matches!((parts.next(), parts.next()), (Some(Some(4)), Some(Some(minor))) if minor >= 3)
}

#[cfg(test)]
mod tests {
    use super::is_supported;

    #[test]
    fn only_godot_4_3_and_newer_runs_the_scenarios() {
        assert!(is_supported("4.3.stable.custom_build"));
        assert!(is_supported("4.5.1.stable"));
        assert!(!is_supported("4.2.2.stable"));
        assert!(!is_supported("3.6.stable"));
        assert!(!is_supported("garbage"));
    }
}
