//! How long a file or a function may grow: a Rust source file outside tests at most 400 lines
//! (its test module not counted), a function at most 80, a GDScript file of the game or the
//! addon at most 400. Past that a file holds more than one job and wants splitting by job. The
//! files and functions written before the limit that are still over it are listed below with
//! the length they have; the test fails when one grows, when a new one passes the limit, and
//! when a listed one comes within it (so that its line leaves the list).

use std::path::Path;

/// Lines a file may have.
const FILE_LINES: usize = 400;
/// Lines a function may have, its signature and closing brace counted.
const FN_LINES: usize = 80;

/// Files still over [`FILE_LINES`], by path from the repository's root, with their length now.
const FILES_OVER: [(&str, usize); 0] = [];

/// Functions still over [`FN_LINES`], as "path: name", with their length now.
const FNS_OVER: [(&str, usize); 0] = [];

/// The lines of `text` that count: a Rust file's test module (from `#[cfg(test)]` on) does not.
fn counted(text: &str, rust: bool) -> usize {
    let code = if rust { text.split("\n#[cfg(test)]").next().unwrap_or_default() } else { text };
    code.lines().count()
}

/// Each function of a Rust file formatted by rustfmt, with its length in lines: from the line
/// that opens it (`fn name`) to the closing brace at its own indentation.
fn functions(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = vec![];
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let Some(at) = trimmed.find("fn ") else { continue };
        let head = &trimmed[..at];
        let is_fn = head.split_whitespace().all(|w| {
            matches!(w, "pub" | "async" | "const" | "unsafe" | "extern" | "\"C\"") || w.starts_with("pub(")
        });
        if !is_fn || trimmed.starts_with("//") {
            continue;
        }
        let name: String =
            trimmed[at + 3..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        let indent = line.len() - trimmed.len();
        let end = lines[i..].iter().position(|l| {
            let t = l.trim_start();
            l.len() - t.len() == indent && (t.starts_with('}') || t.ends_with(';'))
        });
        if let Some(end) = end {
            found.push((name, end + 1));
        }
    }
    found
}

/// Every file the limits hold, by path from the repository's root, with its text.
fn sources(root: &Path) -> Vec<(String, String)> {
    let mut paths = vec![];
    for krate in std::fs::read_dir(root.join("rust")).into_iter().flatten().flatten() {
        crate::files::walk(&krate.path().join("src"), "rs", &mut paths);
    }
    for dir in ["godot-project", "addons"] {
        crate::files::walk(&root.join(dir), "gd", &mut paths);
    }
    paths
        .iter()
        .filter_map(|p| {
            let relative = p.strip_prefix(root).ok()?.to_string_lossy().replace('\\', "/");
            let is_test = relative.contains("/tests/") || relative.ends_with("/tests.rs");
            (!is_test).then(|| (relative, std::fs::read_to_string(p).unwrap_or_default()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cargo::workspace_root;

    #[test]
    fn a_function_is_measured_from_its_opening_line_to_its_closing_brace() {
        let text = "pub fn a() {\n    1;\n}\n\nimpl X {\n    pub(crate) async fn b(&self) {\n        if x {\n        }\n    }\n    fn c();\n}\n";
        assert_eq!(functions(text), vec![("a".into(), 3), ("b".into(), 4), ("c".into(), 1)]);
        assert_eq!(counted("a\nb\n#[cfg(test)]\nmod tests {}\n", true), 2);
    }

    #[test]
    fn no_file_passes_400_lines_and_no_function_80_but_those_listed_and_none_grows() {
        let mut wrong = vec![];
        for (path, text) in sources(&workspace_root()) {
            let rust = path.ends_with(".rs");
            let lines = counted(&text, rust);
            let listed = FILES_OVER.iter().find(|(p, _)| *p == path).map(|(_, n)| *n);
            match listed {
                Some(n) if lines > n => wrong.push(format!("{path} grew to {lines} lines (listed at {n})")),
                Some(_) if lines <= FILE_LINES => {
                    wrong.push(format!("{path} is within {FILE_LINES} lines now: take it off FILES_OVER"))
                }
                None if lines > FILE_LINES => {
                    wrong.push(format!("{path} has {lines} lines: split it by job (at most {FILE_LINES})"))
                }
                _ => {}
            }
            if !rust {
                continue;
            }
            for (name, length) in functions(text.split("\n#[cfg(test)]").next().unwrap_or_default()) {
                let key = format!("{path}: {name}");
                let listed = FNS_OVER.iter().find(|(k, _)| *k == key).map(|(_, n)| *n);
                match listed {
                    Some(n) if length > n => wrong.push(format!("{key} grew to {length} lines")),
                    None if length > FN_LINES => {
                        wrong.push(format!("{key} has {length} lines (at most {FN_LINES})"))
                    }
                    _ => {}
                }
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}
