//! The game's one version number, the workspace's (`[workspace.package] version`), written into
//! `project.godot` (`application/config/version`, which Settings shows) and into every export
//! preset's version fields, so that a store, an installer and the player all see the same one.
//! `cargo xtask export` writes them; `cargo xtask test` fails when a file does not carry it.

use std::path::Path;

/// The workspace's version: xtask takes it from the workspace like every crate.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// A whole number that grows with the version, for the fields stores want as one
/// (Android's `version/code`, Apple's bundle version): 1.2.3 is 10203.
pub fn build_number(version: &str) -> Result<u32, String> {
    let parts: Vec<u32> = version
        .split('.')
        .map(|p| p.parse::<u32>().map_err(|_| format!("version {version} is not major.minor.patch")))
        .collect::<Result<_, _>>()?;
    let number = match parts[..] {
        [major, minor, patch] if minor < 100 && patch < 100 => {
            major.checked_mul(10_000).and_then(|n| n.checked_add(minor * 100 + patch))
        }
        _ => None,
    };
    number.ok_or_else(|| format!("version {version} is not major.minor.patch, minor and patch under 100"))
}

/// `project.godot` with `application/config/version` set to `version` (added to the
/// `[application]` section when missing).
pub fn stamp_project(text: &str, version: &str) -> Result<String, String> {
    let line = format!("config/version=\"{version}\"");
    if text.lines().any(|l| l.starts_with("config/version=")) {
        return Ok(replace_lines(text, |l| l.starts_with("config/version=").then(|| line.clone())));
    }
    if !text.lines().any(|l| l.trim_end() == "[application]") {
        return Err("project.godot has no [application] section to hold the version".into());
    }
    Ok(replace_lines(text, |l| (l == "[application]").then(|| format!("[application]\n\n{line}"))))
}

/// `export_presets.cfg` with every preset's version fields set from `version`.
pub fn stamp_presets(text: &str, version: &str) -> Result<String, String> {
    let number = build_number(version)?;
    Ok(replace_lines(text, |l| {
        let key = l.split('=').next()?;
        let value = match key {
            // Windows wants four parts.
            "application/file_version" | "application/product_version" => format!("\"{version}.0\""),
            // Apple's short version is the one people read; the bundle version only grows.
            "application/short_version" | "version/name" => format!("\"{version}\""),
            "application/version" => format!("\"{number}\""),
            "version/code" => number.to_string(),
            _ => return None,
        };
        Some(format!("{key}={value}"))
    }))
}

/// `text` with each line `replace` answers for replaced, its line endings (`\n` or a Windows
/// checkout's `\r\n`) kept.
fn replace_lines(text: &str, replace: impl Fn(&str) -> Option<String>) -> String {
    text.split_inclusive('\n')
        .map(|line| {
            let body = line.trim_end_matches(['\r', '\n']);
            match replace(body) {
                Some(new) => new + &line[body.len()..],
                None => line.to_string(),
            }
        })
        .collect()
}

/// Writes the version into the project and its presets.
pub fn stamp(project: &Path) -> Result<(), String> {
    for (file, stamped) in stamped(project)? {
        let path = project.join(file);
        std::fs::write(&path, stamped).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

/// Fails, saying what to run, when the project or a preset does not carry the version.
pub fn check(project: &Path) -> Result<(), String> {
    for (file, stamped) in stamped(project)? {
        let text = std::fs::read_to_string(project.join(file)).map_err(|e| format!("{file}: {e}"))?;
        if text != stamped {
            return Err(format!(
                "godot-project/{file} does not carry version {VERSION} (the workspace's): \
                 `cargo xtask export <platform>` writes it, or set it by hand"
            ));
        }
    }
    println!("== version: {VERSION} in project.godot and every export preset");
    Ok(())
}

fn stamped(project: &Path) -> Result<Vec<(&'static str, String)>, String> {
    let read = |file: &str| std::fs::read_to_string(project.join(file)).map_err(|e| format!("{file}: {e}"));
    Ok(vec![
        ("project.godot", stamp_project(&read("project.godot")?, VERSION)?),
        ("export_presets.cfg", stamp_presets(&read("export_presets.cfg")?, VERSION)?),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_build_number_grows_with_the_version() {
        assert_eq!(build_number("0.1.0"), Ok(100));
        assert_eq!(build_number("1.2.3"), Ok(10203));
        assert!(build_number("1.2.3") < build_number("1.3.0"));
        assert!(build_number("1.2").is_err());
        assert!(build_number("1.200.0").is_err());
        assert!(build_number("1.x.0").is_err());
        assert!(build_number("4000000.0.0").is_err(), "too large for the stores' number");
    }

    #[test]
    fn every_preset_field_takes_the_version() {
        let presets = "[preset.0.options]\napplication/file_version=\"0.0.1.0\"\n\
                       application/product_version=\"\"\nversion/code=1\nversion/name=\"old\"\n\
                       application/short_version=\"0.0.1\"\napplication/version=\"1\"\nname=\"Linux\"\n";
        let stamped = stamp_presets(presets, "1.2.3").unwrap();
        for line in [
            "application/file_version=\"1.2.3.0\"",
            "application/product_version=\"1.2.3.0\"",
            "version/code=10203",
            "version/name=\"1.2.3\"",
            "application/short_version=\"1.2.3\"",
            "application/version=\"10203\"",
            "name=\"Linux\"",
        ] {
            assert!(stamped.lines().any(|l| l == line), "{line} missing from:\n{stamped}");
        }
    }

    #[test]
    fn the_project_takes_the_version_once() {
        let project = "[application]\n\nconfig/name=\"Carrom\"\n";
        let once = stamp_project(project, "0.2.0").unwrap();
        assert!(once.contains("config/version=\"0.2.0\"\n"), "{once}");
        let twice = stamp_project(&once, "0.3.0").unwrap();
        assert_eq!(twice.matches("config/version=").count(), 1);
        assert!(twice.contains("config/version=\"0.3.0\"\n"));
        assert!(stamp_project("[rendering]\n", "0.3.0").is_err());
        // A Windows checkout keeps its line endings.
        let crlf = stamp_project("[application]\r\nconfig/version=\"0.1.0\"\r\n", "0.2.0").unwrap();
        assert_eq!(crlf, "[application]\r\nconfig/version=\"0.2.0\"\r\n");
    }
}
