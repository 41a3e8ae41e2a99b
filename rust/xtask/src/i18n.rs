//! The translation check of `cargo xtask test`: every key the game's scenes and scripts use
//! exists in every language file, and no language file holds a key nobody uses.
//!
//! A key is a string literal in capitals with an underscore (`"MENU_PLAY"`). A literal that
//! ends with `_` is a prefix the code completes at run time (`tr("FOUL_" + clause)`): every
//! key that starts with it counts as used.
//!
//! The game fills a text's `%s` and `%d` in order (`Words.say`), so every language must hold
//! the same ones, in the same order, as English: a translation with one more or one fewer
//! would stop the sentence being made.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The keys (and key prefixes) a piece of GDScript or scene text uses.
pub fn used_keys(source: &str) -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    for piece in source.split('"').skip(1).step_by(2) {
        let shaped = piece.len() > 2
            && piece.contains('_')
            && piece.starts_with(|c: char| c.is_ascii_uppercase())
            && piece.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
        if shaped {
            keys.insert(piece.to_string());
        }
    }
    keys
}

/// The msgids of a .po file (the header's empty msgid left out).
pub fn po_keys(po: &str) -> BTreeSet<String> {
    po.lines()
        .filter_map(|l| l.strip_prefix("msgid \"")?.strip_suffix('"'))
        .filter(|k| !k.is_empty())
        .map(str::to_string)
        .collect()
}

/// Each msgid of a .po file with its msgstr (the header left out).
pub fn po_texts(po: &str) -> BTreeMap<String, String> {
    let mut texts = BTreeMap::new();
    let mut key = None;
    for line in po.lines() {
        if let Some(k) = line.strip_prefix("msgid \"").and_then(|l| l.strip_suffix('"')) {
            key = Some(k.to_string());
        } else if let Some(text) = line.strip_prefix("msgstr \"").and_then(|l| l.strip_suffix('"')) {
            if let Some(k) = key.take().filter(|k| !k.is_empty()) {
                texts.insert(k, text.to_string());
            }
        }
    }
    texts
}

/// The `%s` and `%d` of a text, in order; a `%` that is neither (nor `%%`, a percent sign)
/// shows as `%?`, so that a translation with one differs from English.
pub fn placeholders(text: &str) -> Vec<&'static str> {
    let mut found = vec![];
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '%' {
            match chars.next() {
                Some('s') => found.push("%s"),
                Some('d') => found.push("%d"),
                Some('%') => {}
                _ => found.push("%?"),
            }
        }
    }
    found
}

/// Texts of a language whose placeholders are not English's, in kind, number and order.
pub fn placeholder_problems(
    lang: &str,
    english: &BTreeMap<String, String>,
    texts: &BTreeMap<String, String>,
) -> Vec<String> {
    texts
        .iter()
        .filter_map(|(key, text)| {
            let wanted = placeholders(english.get(key)?);
            let got = placeholders(text);
            (wanted != got).then(|| format!("{lang}.po {key} has {got:?} where English has {wanted:?}"))
        })
        .collect()
}

/// Problems found: keys missing from a language, and keys no script uses.
pub fn problems(used: &BTreeSet<String>, languages: &[(String, BTreeSet<String>)]) -> Vec<String> {
    let (prefixes, exact): (Vec<&String>, Vec<&String>) = used.iter().partition(|k| k.ends_with('_'));
    let is_used = |key: &String| exact.contains(&key) || prefixes.iter().any(|p| key.starts_with(p.as_str()));
    let mut found = vec![];
    for (lang, keys) in languages {
        for key in &exact {
            if !keys.contains(*key) {
                found.push(format!("{lang}.po lacks {key}"));
            }
        }
        for prefix in &prefixes {
            if !keys.iter().any(|k| k.starts_with(prefix.as_str())) {
                found.push(format!("{lang}.po has no key starting {prefix}"));
            }
        }
        for key in keys.iter().filter(|k| !is_used(k)) {
            found.push(format!("{lang}.po has {key}, which nothing uses"));
        }
    }
    found
}

/// Checks godot-project: its scripts and scenes against locale/*.po.
pub fn check(root: &Path) -> Result<(), String> {
    let project = root.join("godot-project");
    let mut used = BTreeSet::new();
    let mut sources = vec![];
    // Every folder below, sub-folders too (scenes/main_menu/…); the looks name theirs in
    // their resources.
    for dir in ["scenes", "globals", "looks"] {
        for extension in ["gd", "tscn", "tres"] {
            crate::files::walk(&project.join(dir), extension, &mut sources);
        }
    }
    for path in &sources {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        used.extend(used_keys(&text));
    }
    let mut languages = vec![];
    let mut texts = vec![];
    let dir = project.join("locale");
    let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "po") {
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let lang = path.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
            languages.push((lang.clone(), po_keys(&text)));
            texts.push((lang, po_texts(&text)));
        }
    }
    languages.sort();
    let wanted = ["en", "id", "eo", "ko", "es", "te", "hi", "ur", "bn", "ta", "si", "ne"];
    let have: Vec<&str> = languages.iter().map(|(l, _)| l.as_str()).collect();
    let missing: Vec<&&str> = wanted.iter().filter(|w| !have.contains(w)).collect();
    if !missing.is_empty() {
        return Err(format!("translations missing for {missing:?}"));
    }
    let mut found = problems(&used, &languages);
    if let Some((_, english)) = texts.iter().find(|(l, _)| l == "en") {
        for (lang, theirs) in &texts {
            found.extend(placeholder_problems(lang, english, theirs));
        }
    }
    println!("== translations: {} keys used, {} languages", used.len(), languages.len());
    if found.is_empty() {
        Ok(())
    } else {
        Err(format!("translation check failed:\n  {}", found.join("\n  ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(keys: &[&str]) -> BTreeSet<String> {
        keys.iter().map(|k| k.to_string()).collect()
    }

    #[test]
    fn keys_are_capitals_with_underscores_and_prefixes_end_with_one() {
        let src = r#"tr("MENU_PLAY") + tr("FOUL_" + f); x = "res://a.tscn"; y = "OK"; z = "F1""#;
        assert_eq!(used_keys(src), set(&["FOUL_", "MENU_PLAY"]));
    }

    #[test]
    fn missing_and_unused_keys_are_reported_per_language() {
        let used = set(&["MENU_PLAY", "FOUL_"]);
        let langs = vec![
            ("en".to_string(), set(&["MENU_PLAY", "FOUL_F1", "OLD_KEY"])),
            ("ko".to_string(), set(&["FOUL_F1"])),
        ];
        let found = problems(&used, &langs);
        assert!(found.contains(&"en.po has OLD_KEY, which nothing uses".to_string()), "{found:?}");
        assert!(found.contains(&"ko.po lacks MENU_PLAY".to_string()), "{found:?}");
        assert_eq!(found.len(), 2);
    }

    #[test]
    fn a_translation_with_other_placeholders_is_reported() {
        let po = |s: &str| po_texts(&format!("msgid \"\"\nmsgstr \"\"\n\nmsgid \"K\"\nmsgstr \"{s}\"\n"));
        let english = po("Board %d of %d, %s");
        assert!(placeholder_problems("hi", &english, &po("%d / %d: %s")).is_empty());
        assert_eq!(placeholder_problems("ur", &english, &po("%s: %d / %d")).len(), 1);
        assert_eq!(placeholder_problems("ta", &english, &po("%d")).len(), 1);
        assert_eq!(placeholders("100% sure, %d"), vec!["%?", "%d"]);
        assert_eq!(placeholders("100%% sure, %d"), vec!["%d"]);
        assert_eq!(placeholders("ends with %"), vec!["%?"]);
    }

    #[test]
    fn po_keys_skip_the_header() {
        let po = "msgid \"\"\nmsgstr \"\"\n\nmsgid \"MENU_PLAY\"\nmsgstr \"Play\"\n";
        assert_eq!(po_keys(po), set(&["MENU_PLAY"]));
    }
}
