//! Circles between the files of a crate: module A naming module B (by `crate::` or `super::`
//! paths) while B, directly or by others, names A. A module and the modules inside it are one
//! job split in files and may name each other; anything else that goes round is a circle. The
//! test below holds every crate of the workspace to none (the module is built for tests only).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A module's path inside its crate (`["rules", "referee"]`), from its file.
type Module = Vec<String>;

/// The module a source file is, from its path under `src/`.
fn module_of(relative: &Path) -> Module {
    let mut parts: Module =
        relative.with_extension("").iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        parts.pop();
    }
    parts
}

/// Which modules each module names outside itself, its parents and its children, from the
/// sources (`files`: path under `src/` and text; tests left out).
pub fn graph(files: &[(String, String)]) -> BTreeMap<Module, BTreeSet<Module>> {
    let modules: BTreeSet<Module> = files.iter().map(|(path, _)| module_of(Path::new(path))).collect();
    let mut edges = BTreeMap::new();
    for (path, text) in files {
        let this = module_of(Path::new(path));
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        let mut named = BTreeSet::new();
        for (at, _) in code.match_indices("crate::").chain(code.match_indices("super::")) {
            let mut target: Module = if code[at..].starts_with("crate") {
                vec![]
            } else {
                this[..this.len().saturating_sub(1)].to_vec()
            };
            let rest = &code[at..];
            let path_text: String =
                rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
            for part in path_text.split("::").skip(1) {
                if part == "super" {
                    target.pop();
                    continue;
                }
                let mut longer = target.clone();
                longer.push(part.to_string());
                if !modules.contains(&longer) {
                    break;
                }
                target = longer;
            }
            let related = target.starts_with(&this) || this.starts_with(&target);
            if !related && modules.contains(&target) {
                named.insert(target);
            }
        }
        edges.insert(this, named);
    }
    edges
}

/// Every circle: each a set of modules that reach one another.
pub fn circles(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<BTreeSet<Module>> {
    let reach = |from: &Module| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.clone()];
        while let Some(m) = todo.pop() {
            for next in edges.get(&m).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    todo.push(next.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&Module, BTreeSet<Module>> = edges.keys().map(|m| (m, reach(m))).collect();
    let mut found: Vec<BTreeSet<Module>> = vec![];
    for (m, from_m) in &reached {
        if !from_m.contains(*m) || found.iter().any(|c| c.contains(*m)) {
            continue;
        }
        let circle = from_m.iter().filter(|o| reached[o].contains(*m)).cloned().collect();
        found.push(circle);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cargo::workspace_root;
    use crate::files::walk;

    fn file(path: &str, text: &str) -> (String, String) {
        (path.to_string(), text.to_string())
    }

    #[test]
    fn a_circle_is_found_and_a_module_with_its_parts_is_none() {
        let files = [
            file("lib.rs", "mod a; mod b; mod c;"),
            file("a.rs", "use super::b::B;"),
            file("b.rs", "use crate::c::C;"),
            file("c.rs", "use crate::a::A;"),
        ];
        assert_eq!(circles(&graph(&files)).len(), 1, "a → b → c → a");
        let parts = [
            file("lib.rs", "mod m;"),
            file("m/mod.rs", "mod part; use part::X;"),
            file("m/part.rs", "use super::Whole;"),
        ];
        assert!(circles(&graph(&parts)).is_empty(), "a module and its own parts");
    }

    #[test]
    fn no_crate_of_the_workspace_has_a_circle_between_its_files() {
        let rust = workspace_root().join("rust");
        let crates = std::fs::read_dir(&rust).expect("rust/ lists").flatten();
        for krate in crates.map(|e| e.path()).filter(|p| p.join("src").is_dir()) {
            let src = krate.join("src");
            let mut paths = vec![];
            walk(&src, "rs", &mut paths);
            let files: Vec<(String, String)> = paths
                .iter()
                .map(|p| {
                    let relative = p.strip_prefix(&src).unwrap_or(p).to_string_lossy().into_owned();
                    (relative, std::fs::read_to_string(p).unwrap_or_default())
                })
                .collect();
            assert!(files.len() > 3, "{}: sources found", krate.display());
            let found = circles(&graph(&files));
            assert!(found.is_empty(), "{}: circles between files: {found:?}", krate.display());
        }
    }
}
