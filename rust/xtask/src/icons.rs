//! `cargo xtask icons`: remakes every platform's launcher icons from `godot-project/icon.svg`
//! (`tools/make_icons.gd`, drawn by Godot's own SVG renderer). The tests below hold what the
//! presets name to what a platform takes: each file there, each PNG the size its name says,
//! the iOS ones opaque, the `.ico` and `.icns` whole.

use crate::cargo::workspace_root;
use std::path::Path;
use std::process::Command;

pub fn run(args: &[String]) -> Result<(), String> {
    if !args.is_empty() {
        return Err("usage: cargo xtask icons".into());
    }
    let godot = crate::godot::require()?;
    let root = workspace_root();
    crate::cargo::step(
        "Godot: tools/make_icons.gd",
        Command::new(&godot.path)
            .args(["--headless", "--path"])
            .arg(root.join("godot-project"))
            .arg("--script")
            .arg(root.join("tools/make_icons.gd")),
    )?;
    require(&root.join("godot-project"))
}

/// Fails, naming each problem, unless every icon the presets name will do.
pub fn require(project: &Path) -> Result<(), String> {
    let problems = check(project);
    if problems.is_empty() {
        return Ok(());
    }
    Err(format!(
        "the launcher icons will not do (cargo xtask icons remakes them):\n  {}",
        problems.join("\n  ")
    ))
}

/// The `res://` files the export presets name as icons, with the option naming each.
pub fn named_icons(presets: &str) -> Vec<(String, String)> {
    presets
        .lines()
        .filter_map(|line| {
            let (key, value) = line.split_once('=')?;
            let is_icon = key.contains("icon") && !key.starts_with("application/icon_interpolation");
            let path = value.trim_matches('"').strip_prefix("res://")?;
            is_icon.then(|| (key.to_string(), path.to_string()))
        })
        .collect()
}

/// A PNG's width, height and whether it has an alpha channel, from its header.
pub fn png_header(bytes: &[u8]) -> Result<(u32, u32, bool), String> {
    if bytes.len() < 26 || &bytes[..8] != b"\x89PNG\r\n\x1a\n" || &bytes[12..16] != b"IHDR" {
        return Err("not a PNG".into());
    }
    let word = |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    // Colour types 4 and 6 carry alpha.
    Ok((word(16), word(20), matches!(bytes[25], 4 | 6)))
}

/// The sizes of the images in a `.ico` made of PNG entries, checking each entry's bounds.
pub fn ico_sizes(bytes: &[u8]) -> Result<Vec<u32>, String> {
    let u16_at = |at: usize| bytes.get(at..at + 2).map(|b| u16::from_le_bytes([b[0], b[1]]) as usize);
    let u32_at =
        |at: usize| bytes.get(at..at + 4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize);
    if u16_at(0) != Some(0) || u16_at(2) != Some(1) {
        return Err("not an icon directory".into());
    }
    let count = u16_at(4).ok_or("no image count")?;
    (0..count)
        .map(|i| {
            let entry = 6 + 16 * i;
            let (size, offset) =
                (u32_at(entry + 8).ok_or("cut short")?, u32_at(entry + 12).ok_or("cut short")?);
            let png = bytes.get(offset..offset + size).ok_or("an image runs past the end")?;
            let (w, h, _) = png_header(png)?;
            let side = match bytes[entry] {
                0 => 256,
                s => s as u32,
            };
            if (w, h) != (side, side) {
                return Err(format!("an entry says {side} px and holds {w}×{h}"));
            }
            Ok(w)
        })
        .collect()
}

/// The kinds and sizes in an `.icns` of PNG images, checking its lengths add up.
pub fn icns_sizes(bytes: &[u8]) -> Result<Vec<(String, u32)>, String> {
    let u32_at =
        |at: usize| bytes.get(at..at + 4).map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]) as usize);
    if bytes.get(..4) != Some(b"icns") || u32_at(4) != Some(bytes.len()) {
        return Err("not an icns file of its stated length".into());
    }
    let mut found = vec![];
    let mut at = 8;
    while at < bytes.len() {
        let kind =
            String::from_utf8_lossy(bytes.get(at..at + 4).ok_or("a chunk's kind is cut short")?).to_string();
        let length = u32_at(at + 4).filter(|l| *l >= 8).ok_or("a chunk's length is cut short")?;
        let png = bytes.get(at + 8..at + length).ok_or("a chunk runs past the end")?;
        found.push((kind, png_header(png)?.0));
        at += length;
    }
    Ok(found)
}

/// Checks every icon the presets name (see the module's doc); the problems found.
pub fn check(project: &Path) -> Vec<String> {
    let presets = std::fs::read_to_string(project.join("export_presets.cfg")).unwrap_or_default();
    let mut problems = vec![];
    let named = named_icons(&presets);
    for platform_key in ["launcher_icons/main_192x192", "icons/app_store_1024x1024", "application/icon"] {
        if !named.iter().any(|(k, _)| k == platform_key) {
            problems.push(format!("no preset names {platform_key}"));
        }
    }
    for (key, path) in named {
        let bytes = match std::fs::read(project.join(&path)) {
            Ok(bytes) => bytes,
            Err(e) => {
                problems.push(format!("{key}: {path}: {e}"));
                continue;
            }
        };
        let wanted =
            key.rsplit('_').next().and_then(|s| s.split_once('x')).and_then(|(w, _)| w.parse::<u32>().ok());
        let problem = if path.ends_with(".ico") {
            ico_sizes(&bytes).and_then(|sizes| spans(&sizes, 256)).err()
        } else if path.ends_with(".icns") {
            let sizes = icns_sizes(&bytes).map(|kinds| kinds.into_iter().map(|(_, s)| s).collect::<Vec<_>>());
            sizes.and_then(|sizes| spans(&sizes, 1024)).err()
        } else {
            match (png_header(&bytes), wanted) {
                (Err(e), _) => Some(e),
                (Ok((w, h, _)), Some(side)) if (w, h) != (side, side) => {
                    Some(format!("is {w}×{h}, not {side}"))
                }
                (Ok((_, _, true)), _) if key.starts_with("icons/") => {
                    Some("has transparency, which iOS refuses".into())
                }
                _ => None,
            }
        };
        if let Some(problem) = problem {
            problems.push(format!("{key}: {path} {problem}"));
        }
    }
    problems
}

/// Whether an icon file holds the smallest size (16 px) and `largest`.
fn spans(sizes: &[u32], largest: u32) -> Result<(), String> {
    if sizes.contains(&16) && sizes.contains(&largest) {
        Ok(())
    } else {
        Err(format!("holds {sizes:?}, not 16 to {largest}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_icon_a_preset_names_is_there_at_its_size() {
        let problems = check(&workspace_root().join("godot-project"));
        assert!(problems.is_empty(), "{problems:#?}\n(cargo xtask icons remakes them)");
    }

    #[test]
    fn a_damaged_icon_file_is_found_out() {
        assert!(png_header(b"GIF89a").is_err());
        let mut icns = b"icns\0\0\0\x10ic07\0\0\0\x40".to_vec();
        assert!(icns_sizes(&icns).is_err(), "a chunk longer than the file");
        assert!(icns_sizes(b"icns\0\0\0\x0aic").is_err(), "two bytes of a kind");
        icns.truncate(4);
        assert!(icns_sizes(&icns).is_err());
        assert!(ico_sizes(&[0, 0, 1, 0, 1, 0]).is_err(), "an entry cut off");
    }

    #[test]
    fn presets_name_their_icons_by_option() {
        let named = named_icons(
            "application/icon=\"res://a.ico\"\nicons/ipad_76x76=\"res://b.png\"\nx=\"res://c\"\n",
        );
        assert_eq!(named.len(), 2);
        assert_eq!(named[1], ("icons/ipad_76x76".to_string(), "b.png".to_string()));
    }
}
