//! The check that the Rust version each crate states (`rust-version`) is true: no lower than
//! what any locked dependency declares it needs, and for a crate others may depend on, no higher
//! either; and that the README states the workspace's. Cargo refuses to build with an older
//! compiler than `rust-version`, and clippy's `incompatible_msrv` lint catches our own code
//! using a newer std API than it.

use crate::cargo::{metadata, workspace_root};
use serde_json::Value;
use std::collections::{BTreeSet, HashMap};
use std::fmt;

/// A Rust version, compared by its numbers ("1.89.0" equals "1.89").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Version(u32, u32, u32);

impl Version {
    pub fn parse(text: &str) -> Option<Version> {
        let mut parts = text.trim().split('.').map(str::parse::<u32>);
        let major = parts.next()?.ok()?;
        let minor = parts.next().unwrap_or(Ok(0)).ok()?;
        let patch = parts.next().unwrap_or(Ok(0)).ok()?;
        Some(Version(major, minor, patch))
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.2 {
            0 => write!(f, "{}.{}", self.0, self.1),
            patch => write!(f, "{}.{}.{patch}", self.0, self.1),
        }
    }
}

/// What one crate needs: the highest version any crate it builds declares, and which one.
#[derive(Debug, PartialEq)]
pub struct Need {
    pub version: Version,
    pub by: String,
}

/// Checks every workspace crate; returns the lines to print, or what is wrong.
pub fn check() -> Result<Vec<String>, String> {
    let meta = metadata(false)?;
    let readme = std::fs::read_to_string(workspace_root().join("README.md")).unwrap_or_default();
    check_metadata(&meta, &readme)
}

fn check_metadata(meta: &Value, readme: &str) -> Result<Vec<String>, String> {
    let packages: HashMap<&str, &Value> = meta["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| Some((p["id"].as_str()?, p)))
        .collect();
    let graph: HashMap<&str, Vec<(&str, bool)>> = meta["resolve"]["nodes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|node| Some((node["id"].as_str()?, edges(node))))
        .collect();
    let members = meta["workspace_members"].as_array().ok_or("cargo metadata lists no workspace members")?;
    let (mut lines, mut problems, mut workspace_needs) = (vec![], vec![], Version::default());
    for member in members.iter().filter_map(Value::as_str) {
        let package = packages.get(member).ok_or(format!("{member} is not in cargo metadata"))?;
        let name = package["name"].as_str().unwrap_or(member);
        let need = needed(member, &packages, &graph);
        workspace_needs = workspace_needs.max(need.version);
        let Some(stated) = package["rust_version"].as_str().and_then(Version::parse) else {
            problems.push(format!("{name} states no rust-version; its dependencies need {}", need.version));
            continue;
        };
        let publishable = package["publish"].as_array().is_none_or(|registries| !registries.is_empty());
        if stated < need.version {
            problems.push(format!("{name} states Rust {stated}, but {} needs {}", need.by, need.version));
        } else if publishable && stated > need.version {
            problems.push(format!(
                "{name} states Rust {stated}, but builds with {} ({} needs it): state that",
                need.version, need.by
            ));
        } else {
            lines.push(format!(
                "{name}: rust-version {stated}; the most any dependency needs is {} ({})",
                need.version, need.by
            ));
        }
    }
    if !readme.contains(&format!("Rust {workspace_needs}")) {
        problems.push(format!(
            "README.md should say the workspace needs Rust {workspace_needs} (\"Rust {workspace_needs}\")"
        ));
    }
    if problems.is_empty() {
        Ok(lines)
    } else {
        Err(format!("rust-version check:\n  {}", problems.join("\n  ")))
    }
}

/// A node's dependencies, each with whether it is only a dev-dependency.
fn edges(node: &Value) -> Vec<(&str, bool)> {
    node["deps"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|dep| {
            let kinds = dep["dep_kinds"].as_array()?;
            let dev_only = kinds.iter().all(|k| k["kind"] == "dev");
            Some((dep["pkg"].as_str()?, dev_only))
        })
        .collect()
}

/// The highest `rust-version` over what building and testing `root` compiles: its own
/// dependencies of every kind, then theirs that are not dev-only.
fn needed(root: &str, packages: &HashMap<&str, &Value>, graph: &HashMap<&str, Vec<(&str, bool)>>) -> Need {
    let mut seen = BTreeSet::new();
    let mut stack: Vec<&str> = graph.get(root).into_iter().flatten().map(|(id, _)| *id).collect();
    let mut need = Need { version: Version::default(), by: "nothing".into() };
    while let Some(id) = stack.pop() {
        if !seen.insert(id) {
            continue;
        }
        if let Some(package) = packages.get(id) {
            let version = package["rust_version"].as_str().and_then(Version::parse).unwrap_or_default();
            if version > need.version {
                let who = format!(
                    "{} {}",
                    package["name"].as_str().unwrap_or(id),
                    package["version"].as_str().unwrap_or("")
                );
                need = Need { version, by: who };
            }
        }
        stack.extend(graph.get(id).into_iter().flatten().filter(|(_, dev)| !dev).map(|(d, _)| *d));
    }
    need
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn package(id: &str, rust: Option<&str>, publish: Option<Value>) -> Value {
        json!({"id": id, "name": id, "version": "1.0.0", "rust_version": rust, "publish": publish})
    }

    fn meta(core_states: &str, godot_needs: &str, tester_needs: &str) -> Value {
        json!({
            "workspace_members": ["core", "glue"],
            "packages": [
                package("core", Some(core_states), None),
                package("glue", Some("1.94"), None),
                package("physics", Some("1.90"), None),
                package("godot", Some(godot_needs), None),
                package("tester", Some(tester_needs), None),
            ],
            "resolve": {"nodes": [
                {"id": "core", "deps": [
                    {"pkg": "physics", "dep_kinds": [{"kind": null}]},
                    {"pkg": "tester", "dep_kinds": [{"kind": "dev"}]}]},
                {"id": "glue", "deps": [
                    {"pkg": "core", "dep_kinds": [{"kind": null}]},
                    {"pkg": "godot", "dep_kinds": [{"kind": null}]}]},
                {"id": "physics", "deps": []},
                {"id": "godot", "deps": []},
                {"id": "tester", "deps": []}
            ]}
        })
    }

    #[test]
    fn a_stated_version_below_a_locked_dependency_is_refused_naming_it() {
        let error = check_metadata(&meta("1.90", "1.95", "1.85"), "Rust 1.95").unwrap_err();
        assert!(error.contains("glue states Rust 1.94, but godot 1.0.0 needs 1.95"), "{error}");
    }

    #[test]
    fn a_library_may_not_overstate_what_it_needs() {
        let error = check_metadata(&meta("1.94", "1.94", "1.85"), "Rust 1.94").unwrap_err();
        assert!(error.contains("core states Rust 1.94, but builds with 1.90"), "{error}");
    }

    #[test]
    fn a_dependencys_own_dev_dependencies_do_not_count_but_the_crates_own_do() {
        // `tester` (1.99) is a dev-dependency of core: it counts for core, not for glue.
        let error = check_metadata(&meta("1.90", "1.94", "1.99"), "Rust 1.99").unwrap_err();
        assert!(error.contains("core states Rust 1.90, but tester 1.0.0 needs 1.99"), "{error}");
        assert!(!error.contains("glue"), "{error}");
    }

    #[test]
    fn the_readme_must_state_the_workspace_version() {
        let m = meta("1.90", "1.94", "1.85");
        let error = check_metadata(&m, "Rust 1.85+").unwrap_err();
        assert!(error.contains("README.md should say the workspace needs Rust 1.94"), "{error}");
        assert!(check_metadata(&m, "needs Rust 1.94 or newer").is_ok());
    }

    #[test]
    fn versions_compare_by_number() {
        assert_eq!(Version::parse("1.89.0"), Version::parse("1.89"));
        assert!(Version::parse("1.100").unwrap() > Version::parse("1.94").unwrap());
        assert_eq!(Version::parse("1.94").unwrap().to_string(), "1.94");
        assert_eq!(Version::parse("x"), None);
    }
}
