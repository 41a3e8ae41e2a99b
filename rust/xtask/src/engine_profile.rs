//! `tools/godot/ship.build`, the class list the shipping templates are built without, checked
//! against what the game, the addon and the extension name: a class left out of the engine
//! that a scene or a script uses would load in the editor and fail only in the exported game.
//! The same for the engine modules `tools/godot/ship.py` leaves out, by the classes and
//! functions each gives a script, and by what the exported game reads as it starts (its window
//! icon, its textures). (The module is built for tests only.)

use std::path::Path;

/// The classes the profile leaves out.
fn disabled_classes(profile: &str) -> Result<Vec<String>, String> {
    let json: serde_json::Value =
        serde_json::from_str(profile).map_err(|e| format!("ship.build is not JSON: {e}"))?;
    let classes = json
        .get("disabled_classes")
        .and_then(|c| c.as_array())
        .ok_or("ship.build has no \"disabled_classes\" list")?;
    classes
        .iter()
        .map(|c| c.as_str().map(str::to_string).ok_or_else(|| format!("not a class name: {c}")))
        .collect()
}

/// Engine modules the ship options leave out: each `module_NAME_enabled = "no"` line.
fn disabled_modules(options: &str) -> Vec<String> {
    options
        .lines()
        .filter_map(|line| {
            let (key, value) = line.split_once('=')?;
            let module = key.trim().strip_prefix("module_")?.strip_suffix("_enabled")?;
            (value.trim() == "\"no\"").then(|| module.to_string())
        })
        .collect()
}

/// What a script could name of each module a 2-D game might reach for: its classes, and the
/// functions of core classes it adds (an image format's loader, say).
const MODULE_NAMES: [(&str, &[&str]); 12] = [
    ("regex", &["RegEx", "RegExMatch"]),
    ("svg", &["load_svg_from_string", "load_svg_from_buffer"]),
    ("webp", &["load_webp_from_buffer", "save_webp", "save_webp_to_buffer"]),
    ("jpg", &["load_jpg_from_buffer", "save_jpg", "save_jpg_to_buffer"]),
    ("tga", &["load_tga_from_buffer"]),
    ("bmp", &["load_bmp_from_buffer"]),
    ("ogg", &["OggPacketSequence"]),
    ("vorbis", &["AudioStreamOggVorbis"]),
    ("minimp3", &["AudioStreamMP3"]),
    ("zip", &["ZIPPacker", "ZIPReader"]),
    ("jsonrpc", &["JSONRPC"]),
    ("webrtc", &["WebRTCPeerConnection", "WebRTCMultiplayerPeer", "WebRTCDataChannel"]),
];

/// What the exported game would read at start with a module left out: the window icon as an
/// image file (an SVG needs the SVG module), lossless textures stored as WebP unless the
/// project asks for PNG. The problems, from `project.godot`'s text.
fn start_needs(project: &str, modules: &[String]) -> Vec<String> {
    let left_out = |m: &str| modules.iter().any(|d| d == m);
    let mut problems = vec![];
    let icon = project.lines().find_map(|l| l.strip_prefix("config/icon=")).unwrap_or("");
    if left_out("svg") && icon.trim_matches('"').ends_with(".svg") {
        problems.push(format!("the window icon {icon} is an SVG, and the svg module is left out"));
    }
    if left_out("webp")
        && !project.lines().any(|l| l.trim() == "textures/lossless_compression/force_png=true")
    {
        problems.push("lossless textures would be stored as WebP, and the webp module is left out".into());
    }
    problems
}

/// Whether `text` names `class` as a whole word.
fn names(text: &str, class: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(class).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + class.len()..].chars().next();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

/// Each of `classes` (or functions) that a file of the game, the addon, the Godot scenarios or
/// the extension names, with that file.
fn used(root: &Path, classes: &[String]) -> Vec<(String, String)> {
    let mut files = vec![];
    for (dir, extensions) in [
        ("godot-project", &["gd", "tscn", "tres", "godot"][..]),
        ("addons/carrom", &["gd", "tscn", "tres"][..]),
        ("tests/godot", &["gd", "tscn", "tres"][..]),
        ("rust/carrom-godot/src", &["rs"][..]),
    ] {
        for extension in extensions {
            crate::files::walk(&root.join(dir), extension, &mut files);
        }
    }
    let mut found = vec![];
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else { continue };
        for class in classes.iter().filter(|c| names(&text, c)) {
            found.push((class.clone(), file.strip_prefix(root).unwrap_or(&file).display().to_string()));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_whole_word_is_named_and_a_longer_name_is_not() {
        assert!(names("var p: TileMap = null", "TileMap"));
        assert!(!names("var p: TileMapLayer", "TileMap"));
        assert!(!names("MyTileMap.new()", "TileMap"));
    }

    #[test]
    fn the_shipping_engine_leaves_out_no_class_the_game_uses() {
        let root = crate::cargo::workspace_root();
        let profile = std::fs::read_to_string(root.join("tools/godot/ship.build")).unwrap();
        let classes = disabled_classes(&profile).unwrap();
        assert!(classes.len() > 100, "the profile leaves out {} classes", classes.len());
        let used = used(&root, &classes);
        assert!(used.is_empty(), "classes ship.build leaves out are used: {used:?}");
    }

    #[test]
    fn the_shipping_engine_leaves_out_no_module_the_game_uses() {
        let root = crate::cargo::workspace_root();
        let options = std::fs::read_to_string(root.join("tools/godot/ship.py")).unwrap();
        let modules = disabled_modules(&options);
        assert!(modules.iter().any(|m| m == "regex"), "ship.py leaves out {modules:?}");
        let names: Vec<String> = MODULE_NAMES
            .iter()
            .filter(|(m, _)| modules.iter().any(|d| d == m))
            .flat_map(|(_, names)| names.iter().map(|n| n.to_string()))
            .collect();
        let used = used(&root, &names);
        assert!(used.is_empty(), "what modules ship.py leaves out give is used: {used:?}");
        let project = std::fs::read_to_string(root.join("godot-project/project.godot")).unwrap();
        let problems = start_needs(&project, &modules);
        assert!(problems.is_empty(), "{problems:?}");
    }

    #[test]
    fn a_left_out_module_shows_in_what_the_game_reads_at_start() {
        let modules = disabled_modules(
            "module_svg_enabled = \"no\"\nmodule_webp_enabled = \"no\"\nmodule_gdscript_enabled = \"yes\"\n",
        );
        assert_eq!(modules, ["svg", "webp"]);
        let problems = start_needs("config/icon=\"res://icon.svg\"\n", &modules);
        assert_eq!(problems.len(), 2, "{problems:?}");
        let fine = start_needs(
            "config/icon=\"res://i.png\"\ntextures/lossless_compression/force_png=true\n",
            &modules,
        );
        assert!(fine.is_empty(), "{fine:?}");
    }
}
