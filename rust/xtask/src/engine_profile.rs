//! `tools/godot/ship.build`, the class list the shipping templates are built without, checked
//! against what the game, the addon and the extension name: a class left out of the engine
//! that a scene or a script uses would load in the editor and fail only in the exported game.
//! (The module is built for tests only.)

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

/// Whether `text` names `class` as a whole word.
fn names(text: &str, class: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(class).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + class.len()..].chars().next();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

/// Each class of the profile that a file of the game, the addon, the Godot scenarios or the
/// extension names, with that file.
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
}
