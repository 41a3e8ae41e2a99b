//! `cargo xtask build [--release] [--target TRIPLE]`: builds rust/carrom-godot and puts the
//! library where addons/carrom/carrom.gdextension looks for it.

use crate::cargo::{build_cdylib, workspace_root, Profile};
use std::path::PathBuf;

/// Where one platform's library goes, and its file name.
pub struct Artifact {
    pub platform: &'static str,
    pub file: &'static str,
}

/// The addon folder for a Rust target triple (or the host when `None`).
pub fn artifact(target: Option<&str>) -> Result<Artifact, String> {
    let triple = target
        .map(str::to_string)
        .unwrap_or_else(|| format!("{}-{}", std::env::consts::ARCH, std::env::consts::OS));
    let t = triple.as_str();
    let pick = |platform, file| Ok(Artifact { platform, file });
    if t.contains("android") {
        if t.starts_with("aarch64") {
            return pick("android-arm64", "libcarrom_godot.so");
        }
    } else if t.contains("ios") {
        return pick("ios", "libcarrom_godot.dylib");
    } else if t.contains("apple") || t.contains("macos") || t.contains("darwin") {
        return pick("macos", "libcarrom_godot.dylib");
    } else if t.contains("windows") {
        return pick("windows-x86_64", "carrom_godot.dll");
    } else if t.contains("linux") {
        if t.starts_with("x86_64") {
            return pick("linux-x86_64", "libcarrom_godot.so");
        }
        if t.starts_with("aarch64") {
            return pick("linux-arm64", "libcarrom_godot.so");
        }
    }
    Err(format!(
        "no addon platform for target {t}: the addon ships linux x86_64/arm64, windows x86_64, macos, android arm64 and ios"
    ))
}

pub fn run(args: &[String]) -> Result<PathBuf, String> {
    let mut release = false;
    let mut target = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--release" => release = true,
            "--target" => target = Some(rest.next().ok_or("--target needs a target triple")?.clone()),
            other => {
                return Err(format!("build: unknown argument {other}; use [--release] [--target TRIPLE]"))
            }
        }
    }
    into_addon(if release { Profile::Release } else { Profile::Dev }, target.as_deref(), &[])
}

/// Builds the extension for `target` (the host when `None`) and copies it where the
/// `.gdextension` file looks for it. `envs` are set for cargo (a linker, say).
pub fn into_addon(
    profile: Profile,
    target: Option<&str>,
    envs: &[(String, String)],
) -> Result<PathBuf, String> {
    let artifact = artifact(target)?;
    let built = build_cdylib("carrom-godot", profile, target, envs)?;
    let dest_dir = workspace_root().join("addons/carrom/bin").join(artifact.platform);
    std::fs::create_dir_all(&dest_dir).map_err(|e| format!("cannot make {}: {e}", dest_dir.display()))?;
    let dest = dest_dir.join(artifact.file);
    std::fs::copy(&built, &dest)
        .map_err(|e| format!("cannot copy {} to {}: {e}", built.display(), dest.display()))?;
    println!("built {} -> {}", built.display(), dest.display());
    Ok(dest)
}

#[cfg(test)]
mod tests {
    use super::artifact;

    #[test]
    fn each_shipped_platform_has_its_folder() {
        assert_eq!(artifact(Some("x86_64-unknown-linux-gnu")).unwrap().platform, "linux-x86_64");
        assert_eq!(artifact(Some("aarch64-linux-android")).unwrap().platform, "android-arm64");
        assert_eq!(artifact(Some("aarch64-apple-ios")).unwrap().platform, "ios");
        assert_eq!(artifact(Some("aarch64-apple-darwin")).unwrap().platform, "macos");
        assert_eq!(artifact(Some("x86_64-pc-windows-msvc")).unwrap().file, "carrom_godot.dll");
        assert!(artifact(Some("wasm32-unknown-unknown")).is_err());
    }

    #[test]
    fn the_gdextension_file_names_every_folder() {
        let text = include_str!("../../../addons/carrom/carrom.gdextension");
        for triple in [
            "x86_64-unknown-linux-gnu",
            "aarch64-linux-android",
            "aarch64-apple-ios",
            "x86_64-pc-windows-msvc",
        ] {
            let a = artifact(Some(triple)).unwrap();
            assert!(text.contains(&format!("bin/{}/{}", a.platform, a.file)), "{triple}");
        }
    }
}
