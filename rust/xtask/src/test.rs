//! `cargo xtask test`: every test the project has. Cargo's tests; the GDScript lint and format
//! check (gdtoolkit, installed with pip when missing); and the headless Godot scenarios of
//! tests/godot when a Godot 4.3+ binary is found (`$GODOT`, or `godot4`/`godot` on PATH).
//! Skipped scenarios are said to be skipped, never counted as passed.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub fn run(args: &[String]) -> Result<(), String> {
    if !args.is_empty() {
        return Err("test takes no arguments".into());
    }
    let root = workspace_root();
    let mut tally =
        counted_step("cargo test", Command::new(cargo()).args(["test", "--workspace"]).current_dir(&root))?;
    lint_gdscript(&root)?;
    crate::i18n::check(&root)?;
    let godot = godot_scenarios(&root, &mut tally)?;
    println!("\n== summary\ncargo tests: passed\nGDScript lint and format: passed\ntranslations: complete\nGodot scenarios: {godot}");
    println!("total: {} passed, {} failed, {} skipped", tally.passed, tally.failed, tally.skipped);
    Ok(())
}

fn lint_gdscript(root: &Path) -> Result<(), String> {
    let files = gd_files(root);
    if files.is_empty() {
        println!("== GDScript lint: no .gd files yet");
        return Ok(());
    }
    ensure_gdtoolkit()?;
    step("gdlint", Command::new("gdlint").args(&files).current_dir(root))?;
    step("gdformat --check", Command::new("gdformat").arg("--check").args(&files).current_dir(root))
}

/// Installs gdtoolkit 4 with pip when `gdlint` is not on PATH.
fn ensure_gdtoolkit() -> Result<(), String> {
    let present = |tool: &str| Command::new(tool).arg("--version").output().is_ok_and(|o| o.status.success());
    if present("gdlint") && present("gdformat") {
        return Ok(());
    }
    println!("gdtoolkit is missing: installing it with pip");
    step(
        "pip install gdtoolkit",
        Command::new("python3").args(["-m", "pip", "install", "--quiet", "gdtoolkit==4.*"]),
    )?;
    if present("gdlint") {
        Ok(())
    } else {
        Err("gdlint is still not on PATH after installing gdtoolkit: add pip's script folder to PATH".into())
    }
}

/// Every .gd file of the project, not following the addon symlinks twice.
fn gd_files(root: &Path) -> Vec<PathBuf> {
    let mut found = vec![];
    for dir in ["godot-project", "tests", "addons"] {
        walk(&root.join(dir), &mut found);
    }
    found.sort();
    found
}

fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let Ok(meta) = std::fs::symlink_metadata(&path) else { continue };
        let hidden = path.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if meta.file_type().is_symlink() || hidden {
            continue;
        }
        if meta.is_dir() {
            walk(&path, found);
        } else if path.extension().is_some_and(|e| e == "gd") {
            found.push(path);
        }
    }
}

/// Tests counted over the whole run; a skipped Godot suite counts as one skipped.
#[derive(Debug, Default, PartialEq)]
struct Tally {
    passed: u32,
    failed: u32,
    skipped: u32,
}

impl Tally {
    /// Adds the counts a line of test output reports: cargo's "test result: ok. 5 passed; 0
    /// failed; …" or the scenarios' "5 passed, 0 failed".
    fn read(&mut self, line: &str) {
        let line = line.trim();
        let counts =
            line.strip_prefix("test result: ").map(|rest| rest.split_once(". ").map_or(rest, |(_, r)| r));
        let counts = counts.or_else(|| line.contains(" passed, ").then_some(line));
        let Some(counts) = counts else { return };
        let number = |word: &str| {
            counts
                .split([';', ','])
                .find_map(|part| part.trim().strip_suffix(word)?.trim().parse::<u32>().ok())
                .unwrap_or(0)
        };
        self.passed += number("passed");
        self.failed += number("failed");
    }
}

/// Runs one step whose output reports test counts, echoing it and counting them.
fn counted_step(name: &str, command: &mut Command) -> Result<Tally, String> {
    println!("== {name}");
    let mut child =
        command.stdout(Stdio::piped()).spawn().map_err(|e| format!("{name}: could not start: {e}"))?;
    let mut tally = Tally::default();
    if let Some(out) = child.stdout.take() {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            println!("{line}");
            tally.read(&line);
        }
    }
    let status = child.wait().map_err(|e| format!("{name}: {e}"))?;
    if status.success() {
        Ok(tally)
    } else {
        Err(format!("{name} failed ({status})"))
    }
}

/// Runs tests/godot headless, or says why not.
fn godot_scenarios(root: &Path, tally: &mut Tally) -> Result<String, String> {
    let Some(godot) = crate::godot::find() else {
        let why =
            "SKIPPED (not run, not passed): no Godot binary; set GODOT=/path/to/godot (4.3+) to run them";
        println!("== Godot scenarios: {why}");
        tally.skipped += 2;
        return Ok(why.into());
    };
    let version = crate::godot::version(&godot).unwrap_or_default();
    if !crate::godot::is_supported(&version) {
        let why = format!(
            "SKIPPED (not run, not passed): {} is Godot \"{version}\", 4.3 or newer is needed",
            godot.display()
        );
        println!("== Godot scenarios: {why}");
        tally.skipped += 2;
        return Ok(why);
    }
    crate::build::run(&[])?;
    let addon = root.join("tests/godot");
    let game = root.join("godot-project");
    for project in [&addon, &game] {
        // A first import registers the extension with the project; scripts that name its
        // classes fail to compile during that first scan, which is expected.
        step(
            &format!("Godot import of {}", project.display()),
            Command::new(&godot).args(["--headless", "--editor", "--quit"]).arg("--path").arg(project),
        )?;
    }
    let addon_tally = counted_step(
        "Godot scenarios of the addon",
        Command::new(&godot).args(["--headless", "--script", "res://run_tests.gd"]).arg("--path").arg(&addon),
    )?;
    tally.passed += addon_tally.passed;
    tally.failed += addon_tally.failed;
    println!("== Godot scenarios of the game");
    let output = Command::new(&godot)
        .args(["--headless", "--script", "res://tests/run_game_tests.gd"])
        .arg("--path")
        .arg(&game)
        .output()
        .map_err(|e| format!("could not start {}: {e}", godot.display()))?;
    let log =
        format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    print!("{log}");
    for line in log.lines() {
        tally.read(line);
    }
    if !output.status.success() {
        return Err(format!("Godot scenarios of the game failed ({})", output.status));
    }
    let errors: Vec<&str> = log.lines().filter(|l| is_error_line(l)).collect();
    if let Some(first) = errors.first() {
        return Err(format!("the game logged {} error(s), the first: {first}", errors.len()));
    }
    Ok(format!("passed on Godot {version}"))
}

/// A line Godot prints for an error (the game must run without any).
pub fn is_error_line(line: &str) -> bool {
    let line = line.trim_start();
    line.starts_with("ERROR:") || line.starts_with("SCRIPT ERROR:") || line.starts_with("USER ERROR:")
}

/// Runs one step, failing the whole run if it fails.
pub fn step(name: &str, command: &mut Command) -> Result<(), String> {
    println!("== {name}");
    let status = command.status().map_err(|e| format!("{name}: could not start: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{name} failed ({status})"))
    }
}

pub fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}

/// The repository's root: two folders above this crate.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap_or_else(|_| PathBuf::from("."))
}

#[cfg(test)]
mod tests {
    use super::is_error_line;

    #[test]
    fn test_counts_are_read_from_cargo_and_from_the_scenarios() {
        let mut tally = super::Tally::default();
        tally.read(
            "test result: ok. 38 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 4.6s",
        );
        tally.read("15 passed, 1 failed");
        tally.read("ok    board_test.gd test_board_starts_in_the_opening_formation");
        assert_eq!(tally, super::Tally { passed: 53, failed: 1, skipped: 0 });
    }

    #[test]
    fn godot_error_lines_are_recognised() {
        assert!(is_error_line("ERROR: CarromBoard.strike: power must be above 0"));
        assert!(is_error_line("  SCRIPT ERROR: Invalid call"));
        assert!(!is_error_line("ok    loads res://scenes/match.tscn"));
        assert!(!is_error_line("WARNING: something"));
    }
}
