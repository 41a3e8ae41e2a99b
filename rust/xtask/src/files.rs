//! Finding the project's files.

use std::path::{Path, PathBuf};

/// The files under `dir` whose name ends in `.{extension}`; not through symlinks (the addon
/// linked into the projects) nor hidden folders.
pub fn walk(dir: &Path, extension: &str, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let Ok(meta) = std::fs::symlink_metadata(&path) else { continue };
        let hidden = path.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if meta.file_type().is_symlink() || hidden {
            continue;
        }
        if meta.is_dir() {
            walk(&path, extension, found);
        } else if path.extension().is_some_and(|e| e == extension) {
            found.push(path);
        }
    }
}
