//! The lobby's wire is spoken in Rust only (carrom-net's `lobby`, through `CarromLobby`): no
//! GDScript of the game or the addon spells a lobby message's kind or its tag field, so a
//! message changed in Rust cannot leave a script writing or reading the old one.

use std::path::Path;

/// The field naming a lobby message's kind (serde's tag in carrom-net's `lobby.rs`).
const TAG: &str = "type";

/// The kinds of the enum `name` in `source` (Rust, formatted by rustfmt), as they travel: each
/// variant's name in snake case.
fn kinds(source: &str, name: &str) -> Vec<String> {
    let Some(start) = source.find(&format!("pub enum {name} {{")) else { return vec![] };
    let body = &source[start..];
    let body = &body[..body.find("\n}").unwrap_or(body.len())];
    body.lines()
        .filter(|l| l.starts_with("    ") && !l.starts_with("     "))
        .map(str::trim)
        .filter(|l| l.starts_with(|c: char| c.is_ascii_uppercase()))
        .map(|l| snake(l.split(|c: char| !c.is_alphanumeric()).next().unwrap_or_default()))
        .collect()
}

fn snake(camel: &str) -> String {
    let mut out = String::new();
    for (i, c) in camel.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// Where `text` (a script) spells one of `words` as a string literal: "line: word" each.
fn spelled(text: &str, words: &[String]) -> Vec<String> {
    let mut found = vec![];
    for (n, line) in text.lines().enumerate() {
        let code = line.split('#').next().unwrap_or_default();
        for word in words {
            if code.contains(&format!("\"{word}\"")) {
                found.push(format!("{}: \"{word}\"", n + 1));
            }
        }
    }
    found
}

/// The words a script may not spell: the tag and every kind both ways.
fn lobby_words(root: &Path) -> Vec<String> {
    let source = std::fs::read_to_string(root.join("rust/carrom-net/src/lobby/mod.rs")).unwrap_or_default();
    let mut words = vec![TAG.to_string()];
    words.extend(kinds(&source, "ToServer"));
    words.extend(kinds(&source, "ToClient"));
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cargo::workspace_root;

    #[test]
    fn kinds_are_read_from_the_enum_as_they_travel() {
        let source = "pub enum ToClient {\n    /// Hi.\n    Welcome {\n        player: String,\n    },\n    Pong,\n    ExpiresSoon(u8),\n}\npub enum Other {\n    No,\n}\n";
        assert_eq!(kinds(source, "ToClient"), ["welcome", "pong", "expires_soon"]);
        let words = vec!["pong".to_string()];
        assert_eq!(
            spelled("a\nsend({\"type\": \"pong\"})\n# \"pong\" in a comment\n", &words),
            ["2: \"pong\""]
        );
    }

    #[test]
    fn no_game_or_addon_script_spells_a_lobby_message() {
        let root = workspace_root();
        let words = lobby_words(&root);
        assert!(words.len() > 15, "carrom-net's lobby enums were not found: {words:?}");
        let mut paths = vec![];
        for dir in ["godot-project", "addons"] {
            crate::files::walk(&root.join(dir), "gd", &mut paths);
        }
        let mut wrong = vec![];
        for path in paths {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            for at in spelled(&text, &words) {
                wrong.push(format!("{}:{at}", path.display()));
            }
        }
        assert!(
            wrong.is_empty(),
            "lobby messages spelled in GDScript (use CarromLobby):\n{}",
            wrong.join("\n")
        );
    }
}
