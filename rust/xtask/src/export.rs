//! `cargo xtask export linux|windows|macos|android [--out DIR]`: the game as a player installs
//! it. Checks Godot, its export templates and the Rust target first (each missing piece is a
//! message that says how to get it), builds the extension in release for the target, then runs
//! Godot's own `--export-release` with the matching preset of godot-project/export_presets.cfg.

use crate::cargo::{workspace_root, Profile};
use crate::godot::{templates_version, Godot};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A platform the game exports to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Platform {
    Linux,
    Windows,
    Macos,
    Android,
}

impl Platform {
    fn parse(name: &str) -> Option<Platform> {
        Some(match name {
            "linux" => Platform::Linux,
            "windows" => Platform::Windows,
            "macos" => Platform::Macos,
            "android" => Platform::Android,
            _ => return None,
        })
    }

    /// The preset's name in export_presets.cfg.
    fn preset(self) -> &'static str {
        match self {
            Platform::Linux => "Linux",
            Platform::Windows => "Windows",
            Platform::Macos => "macOS",
            Platform::Android => "Android",
        }
    }

    /// The release template Godot needs, as named in its export templates folder.
    fn template(self) -> &'static str {
        match self {
            Platform::Linux => "linux_release.x86_64",
            Platform::Windows => "windows_release_x86_64.exe",
            Platform::Macos => "macos.zip",
            Platform::Android => "android_release.apk",
        }
    }

    /// The Rust targets the library is built for (macOS: both, joined into one universal file).
    fn triples(self) -> Vec<&'static str> {
        match self {
            Platform::Linux => vec!["x86_64-unknown-linux-gnu"],
            Platform::Windows if cfg!(windows) => vec!["x86_64-pc-windows-msvc"],
            Platform::Windows => vec!["x86_64-pc-windows-gnu"],
            Platform::Macos => vec!["aarch64-apple-darwin", "x86_64-apple-darwin"],
            Platform::Android => vec!["aarch64-linux-android"],
        }
    }
}

pub fn run(args: &[String]) -> Result<(), String> {
    let usage = "usage: cargo xtask export linux|windows|macos|android [--out DIR]";
    let (platform, out) = match args {
        [p] => (p, None),
        [p, flag, dir] if flag == "--out" => (p, Some(PathBuf::from(dir))),
        _ => return Err(usage.into()),
    };
    let platform =
        Platform::parse(platform).ok_or(format!("export: unknown platform {platform}\n{usage}"))?;
    let godot = crate::godot::require()?;
    let file = export(&godot, platform, out.as_deref())?;
    println!("exported {}", file.display());
    for (name, bytes) in sizes(file.parent().unwrap_or(Path::new(".")))? {
        println!("  {name}: {:.1} MB", bytes as f64 / 1e6);
    }
    Ok(())
}

/// Whether `platform` can be exported with this Godot (its preset and template are there).
pub fn ready(godot: &Godot, platform: Platform) -> Result<(), String> {
    let project = workspace_root().join("godot-project");
    let presets = std::fs::read_to_string(project.join("export_presets.cfg"))
        .map_err(|e| format!("cannot read godot-project/export_presets.cfg: {e}"))?;
    check_template(godot, platform, &Preset::find(&presets, platform.preset())?)
}

/// Every check, the build and the export; returns the exported file.
pub fn export(godot: &Godot, platform: Platform, out: Option<&Path>) -> Result<PathBuf, String> {
    let project = workspace_root().join("godot-project");
    let presets = std::fs::read_to_string(project.join("export_presets.cfg"))
        .map_err(|e| format!("cannot read godot-project/export_presets.cfg: {e}"))?;
    let preset = Preset::find(&presets, platform.preset())?;
    check_host(platform)?;
    check_template(godot, platform, &preset)?;
    let envs = check_toolchain(platform)?;
    crate::version::stamp(&project)?;
    crate::icons::require(&project)?;
    build_library(platform, &envs)?;
    import(godot, &project)?;
    let default_path = project.join(&preset.export_path);
    let name = default_path.file_name().ok_or("the preset's export_path names no file")?;
    let dir = match out {
        Some(dir) => absolute(dir)?,
        None => default_path.parent().map(Path::to_path_buf).unwrap_or_default(),
    };
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    let file = dir.join(name);
    crate::cargo::step(
        &format!("Godot --export-release {} {}", platform.preset(), file.display()),
        Command::new(&godot.path)
            .args(["--headless", "--path"])
            .arg(&project)
            .args(["--export-release", platform.preset()])
            .arg(&file),
    )?;
    if !file.exists() {
        return Err(format!("Godot reported success but wrote no {}: see its log above", file.display()));
    }
    Ok(file)
}

/// Imports the project's assets (a fresh clone has none imported), headless. On a fresh
/// project the first scan logs errors for resources it has not imported yet (the fonts the
/// theme uses, the extension's classes); they do not recur, so an import that logged errors is
/// run once more, and that one must be clean. The logs go to the target folder.
pub fn import(godot: &Godot, project: &Path) -> Result<(), String> {
    let name = project.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let log_path = crate::cargo::target_dir()?.join(format!("godot-import-{name}.log"));
    println!("== Godot import of {} (log: {})", project.display(), log_path.display());
    for attempt in 1..=2 {
        let output = Command::new(&godot.path)
            .args(["--headless", "--import", "--path"])
            .arg(project)
            .output()
            .map_err(|e| format!("could not start {}: {e}", godot.path.display()))?;
        let log =
            format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
        std::fs::write(&log_path, &log).map_err(|e| format!("cannot write {}: {e}", log_path.display()))?;
        let errors: Vec<&str> = log.lines().filter(|l| crate::godot::is_error_line(l)).collect();
        if !output.status.success() {
            return Err(format!(
                "the Godot import of {} failed ({}): see {}",
                project.display(),
                output.status,
                log_path.display()
            ));
        }
        match errors.first() {
            None => return Ok(()),
            Some(first) if attempt == 2 => {
                return Err(format!(
                    "the Godot import of {} logged {} error(s) twice, the first: {first} (see {})",
                    project.display(),
                    errors.len(),
                    log_path.display()
                ))
            }
            Some(_) => println!(
                "   first import of a fresh project: {} error(s) while scanning; importing again",
                errors.len()
            ),
        }
    }
    Ok(())
}

/// The sizes of the files an export wrote, by name.
pub fn sizes(dir: &Path) -> Result<Vec<(String, u64)>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
    let mut list: Vec<(String, u64)> = entries
        .flatten()
        .filter_map(|e| Some((e.file_name().to_string_lossy().into_owned(), e.metadata().ok()?.len())))
        .collect();
    list.sort();
    Ok(list)
}

fn absolute(path: &Path) -> Result<PathBuf, String> {
    std::path::absolute(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// The parts of a preset the export needs.
#[derive(Debug, PartialEq)]
struct Preset {
    export_path: String,
    custom_template: String,
}

impl Preset {
    /// Reads the preset named `name` from export_presets.cfg text.
    fn find(text: &str, name: &str) -> Result<Preset, String> {
        let mut sections = text.split("\n[preset.");
        let index = sections
            .find_map(|s| {
                let (header, body) = s.trim_start_matches("[preset.").split_once(']')?;
                (value(body, "name").as_deref() == Some(name)).then(|| header.to_string())
            })
            .ok_or(format!("export_presets.cfg has no preset named \"{name}\""))?;
        let body = |section: &str| {
            text.split(&format!("[{section}]"))
                .nth(1)
                .map(|b| b.split("\n[").next().unwrap_or(""))
                .unwrap_or("")
        };
        let main = body(&format!("preset.{index}"));
        let options = body(&format!("preset.{index}.options"));
        Ok(Preset {
            export_path: value(main, "export_path").ok_or(format!("preset \"{name}\" has no export_path"))?,
            custom_template: value(options, "custom_template/release").unwrap_or_default(),
        })
    }
}

/// The quoted value of `key="value"` in a section's text.
fn value(section: &str, key: &str) -> Option<String> {
    section
        .lines()
        .find_map(|l| Some(l.strip_prefix(key)?.strip_prefix("=\"")?.strip_suffix('"')?.to_string()))
}

/// Where this Godot keeps its export templates; `env` reads an environment variable.
fn templates_dir(godot: &Godot, env: &dyn Fn(&str) -> Option<PathBuf>) -> Option<PathBuf> {
    let version = templates_version(&godot.version);
    // A self-contained Godot (a `._sc_` or `_sc_` file beside it) keeps its data beside it.
    let beside = godot.path.canonicalize().ok().and_then(|p| p.parent().map(Path::to_path_buf));
    if let Some(dir) = beside.filter(|d| d.join("._sc_").exists() || d.join("_sc_").exists()) {
        return Some(dir.join("editor_data/export_templates").join(version));
    }
    let data = if cfg!(windows) {
        env("APPDATA").map(|d| d.join("Godot"))
    } else if cfg!(target_os = "macos") {
        env("HOME").map(|h| h.join("Library/Application Support/Godot"))
    } else {
        env("XDG_DATA_HOME").or_else(|| env("HOME").map(|h| h.join(".local/share"))).map(|d| d.join("godot"))
    };
    Some(data?.join("export_templates").join(version))
}

/// The release template for `platform` is where Godot will look for it, or a message that says
/// how to install it.
fn check_template(godot: &Godot, platform: Platform, preset: &Preset) -> Result<(), String> {
    let env = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    check_template_in(godot, platform, preset, &env)
}

fn check_template_in(
    godot: &Godot,
    platform: Platform,
    preset: &Preset,
    env: &dyn Fn(&str) -> Option<PathBuf>,
) -> Result<(), String> {
    if !preset.custom_template.is_empty() {
        return if Path::new(&preset.custom_template).exists() {
            Ok(())
        } else {
            Err(format!(
                "the {} preset's custom template {} does not exist",
                platform.preset(),
                preset.custom_template
            ))
        };
    }
    let dir =
        templates_dir(godot, env).ok_or("cannot tell where Godot keeps its export templates (no HOME)")?;
    let template = dir.join(platform.template());
    if template.exists() {
        return Ok(());
    }
    Err(format!(
        "Godot {} has no {} export template ({} is missing). Install the templates of exactly this \
         version: in the Godot editor, Editor → Manage Export Templates → Download and Install; or \
         download the .tpz of Godot {} from https://godotengine.org/download/archive/ and install \
         it in that dialog with \"Install from File\". A custom Godot build needs templates built \
         from the same source.",
        godot.version,
        platform.preset(),
        template.display(),
        templates_version(&godot.version),
    ))
}

/// Whether this machine can build the platform's library at all.
fn check_host(platform: Platform) -> Result<(), String> {
    if platform == Platform::Macos && !cfg!(target_os = "macos") {
        return Err("a macOS export needs a Mac: Apple's linker and lipo build the library".into());
    }
    if platform == Platform::Linux && !cfg!(target_os = "linux") {
        return Err("a Linux export is built on Linux (the library needs a Linux linker)".into());
    }
    Ok(())
}

/// The Rust targets are installed and their linker found; returns environment for cargo.
fn check_toolchain(platform: Platform) -> Result<Vec<(String, String)>, String> {
    let installed = Command::new("rustup").args(["target", "list", "--installed"]).output();
    let host = host_triple();
    for triple in platform.triples() {
        let listed =
            installed.as_ref().is_ok_and(|o| String::from_utf8_lossy(&o.stdout).lines().any(|l| l == triple));
        if triple != host && !listed {
            return Err(format!(
                "the Rust target {triple} is not installed: run `rustup target add {triple}`"
            ));
        }
    }
    match platform {
        Platform::Windows if !cfg!(windows) => {
            let linker = "x86_64-w64-mingw32-gcc";
            if Command::new(linker).arg("--version").output().is_err() {
                return Err(format!(
                    "building for Windows from here needs MinGW-w64's {linker}: on Debian or Ubuntu \
                     `sudo apt install gcc-mingw-w64-x86-64`, on macOS `brew install mingw-w64`"
                ));
            }
            Ok(vec![])
        }
        Platform::Android => {
            android_linker().map(|l| vec![("CARGO_TARGET_AARCH64_LINUX_ANDROID_LINKER".into(), l)])
        }
        _ => Ok(vec![]),
    }
}

/// The NDK's clang for Android arm64 (API 24): from the cargo setting when given, else found
/// under `ANDROID_NDK_HOME` / `ANDROID_NDK_ROOT`.
fn android_linker() -> Result<String, String> {
    if let Ok(linker) = std::env::var("CARGO_TARGET_AARCH64_LINUX_ANDROID_LINKER") {
        return Ok(linker);
    }
    let ndk = ["ANDROID_NDK_HOME", "ANDROID_NDK_ROOT"].iter().find_map(std::env::var_os).ok_or(
        "an Android export needs the Android NDK: install it (Android Studio → SDK Manager → NDK) and set \
         ANDROID_NDK_HOME to it, or set CARGO_TARGET_AARCH64_LINUX_ANDROID_LINKER to its aarch64-linux-android24-clang",
    )?;
    let host = match std::env::consts::OS {
        "macos" => "darwin-x86_64",
        "windows" => "windows-x86_64",
        _ => "linux-x86_64",
    };
    let suffix = if cfg!(windows) { ".cmd" } else { "" };
    let clang = PathBuf::from(ndk)
        .join("toolchains/llvm/prebuilt")
        .join(host)
        .join(format!("bin/aarch64-linux-android24-clang{suffix}"));
    if clang.exists() {
        Ok(clang.to_string_lossy().into_owned())
    } else {
        Err(format!("the NDK has no {}: is ANDROID_NDK_HOME an NDK r23 or newer?", clang.display()))
    }
}

/// The host's target triple, as rustc names it.
fn host_triple() -> String {
    let output = Command::new("rustc").arg("-vV").output();
    output
        .ok()
        .and_then(|o| {
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .find_map(|l| l.strip_prefix("host: ").map(str::to_string))
        })
        .unwrap_or_default()
}

/// Builds the extension as players download it (`Profile::Ship`) for the platform into the
/// addon (macOS: a universal file).
fn build_library(platform: Platform, envs: &[(String, String)]) -> Result<(), String> {
    let triples = platform.triples();
    if platform != Platform::Macos {
        // On the host, build without --target so that every export shares one folder of
        // compiled dependencies.
        let target = (triples[0] != host_triple()).then_some(triples[0]);
        return crate::build::into_addon(Profile::Ship, target, envs).map(|_| ());
    }
    let mut parts = vec![];
    for triple in &triples {
        parts.push(crate::cargo::build_cdylib("carrom-godot", Profile::Ship, Some(triple), envs)?);
    }
    let dest = workspace_root().join("addons/carrom/bin/macos/libcarrom_godot.dylib");
    std::fs::create_dir_all(dest.parent().unwrap_or(Path::new("."))).map_err(|e| e.to_string())?;
    crate::cargo::step(
        "lipo (one universal library)",
        Command::new("lipo").arg("-create").args(&parts).arg("-output").arg(&dest),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const PRESETS: &str = include_str!("../../../godot-project/export_presets.cfg");

    #[test]
    fn every_platform_has_its_preset_in_the_project() {
        for platform in [Platform::Linux, Platform::Windows, Platform::Macos, Platform::Android] {
            let preset = Preset::find(PRESETS, platform.preset()).unwrap();
            assert!(preset.export_path.starts_with("../build/"), "{preset:?}");
            assert!(preset.custom_template.is_empty(), "{preset:?}");
        }
        assert_eq!(Preset::find(PRESETS, "Linux").unwrap().export_path, "../build/linux/carrom.x86_64");
        assert!(Preset::find(PRESETS, "Amiga").unwrap_err().contains("no preset named \"Amiga\""));
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_missing_template_says_where_it_was_looked_for_and_how_to_get_it() {
        let godot = Godot { path: "/nonexistent/godot".into(), version: "4.3.stable.custom_build".into() };
        let preset = Preset { export_path: "x".into(), custom_template: String::new() };
        let env = |name: &str| (name == "HOME").then(|| PathBuf::from("/home/player"));
        let error = check_template_in(&godot, Platform::Linux, &preset, &env).unwrap_err();
        assert!(
            error
                .contains("/home/player/.local/share/godot/export_templates/4.3.stable/linux_release.x86_64"),
            "{error}"
        );
        assert!(error.contains("Manage Export Templates"), "{error}");
    }
}
