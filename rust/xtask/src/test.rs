//! `cargo xtask test`: every test the project has. Cargo's tests; the rust-version check; the
//! GDScript lint and format check (gdtoolkit 4, installed into a virtual environment under the
//! target folder when missing); the translations; and, when a Godot 4.3+ is found, the headless
//! scenarios of the addon and the game, and the exported game run headless (when this Godot has
//! its Linux export template). Skipped suites are said to be skipped, never counted as passed;
//! a `GODOT` that is set but is no Godot 4.3+ is an error.

use crate::cargo::{cargo, step, workspace_root};
use crate::files::walk;
use crate::godot::{Godot, NotFound};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub fn run(args: &[String]) -> Result<(), String> {
    if !args.is_empty() {
        return Err("test takes no arguments".into());
    }
    // Godot is looked for first: a GODOT that names no Godot 4.3+ fails now, not after the build.
    let godot = crate::godot::find()?;
    let root = workspace_root();
    // The match server's tests run on SQLite, and on PostgreSQL in a cluster of their own.
    let cluster = crate::postgres::Cluster::start()?;
    let mut cargo_test = Command::new(cargo());
    cargo_test.args(["test", "--workspace"]).current_dir(&root);
    if let Ok(cluster) = &cluster {
        cargo_test.env("CARROM_TEST_POSTGRES", cluster.url());
    }
    let tested = counted_step("cargo test", &mut cargo_test);
    let postgres = match &cluster {
        Ok(_) => "passed on SQLite and PostgreSQL".to_string(),
        Err(why) => format!("SKIPPED on PostgreSQL (not run, not passed): {why}; passed on SQLite"),
    };
    drop(cluster);
    let mut tally = tested?;
    if postgres.starts_with("SKIPPED") {
        println!("== the match server on PostgreSQL: {postgres}");
        tally.skipped += 1;
    }
    println!("== rust-version");
    for line in crate::msrv::check()? {
        println!("{line}");
    }
    lint_gdscript(&root)?;
    crate::i18n::check(&root)?;
    crate::version::check(&root.join("godot-project"))?;
    let (scenarios, exported) = match &godot {
        Ok(godot) => (godot_scenarios(&root, godot, &mut tally)?, exported_game(godot, &mut tally)?),
        Err(not_found) => {
            println!("== Godot scenarios and the exported game: {}", skipped(not_found));
            tally.skipped += 3;
            let short = "SKIPPED (not run, not passed): no Godot 4.3+ found, see above".to_string();
            (short.clone(), short)
        }
    };
    println!(
        "\n== summary\ncargo tests: passed\nmatch server: {postgres}\nrust-version: true\nGDScript lint and format: passed\n\
         translations: complete\nGodot scenarios: {scenarios}\nexported game: {exported}"
    );
    println!("total: {} passed, {} failed, {} skipped", tally.passed, tally.failed, tally.skipped);
    if tally.failed > 0 {
        return Err(format!("{} test(s) failed", tally.failed));
    }
    Ok(())
}

/// The line that says the Godot suites were skipped, and where Godot was looked for.
fn skipped(not_found: &NotFound) -> String {
    format!(
        "SKIPPED (not run, not passed): no Godot 4.3+ found ({}); set GODOT=/path/to/godot to run them",
        not_found.looked.join("; ")
    )
}

fn lint_gdscript(root: &Path) -> Result<(), String> {
    let files = gd_files(root);
    if files.is_empty() {
        println!("== GDScript lint: no .gd files yet");
        return Ok(());
    }
    let tools = crate::gdtoolkit::ensure()?;
    step("gdlint", Command::new(&tools.gdlint).args(&files).current_dir(root))?;
    step("gdformat --check", Command::new(&tools.gdformat).arg("--check").args(&files).current_dir(root))
}

/// Every .gd file of the project, not following the addon symlinks twice.
fn gd_files(root: &Path) -> Vec<PathBuf> {
    let mut found = vec![];
    for dir in ["godot-project", "tests", "addons"] {
        walk(&root.join(dir), "gd", &mut found);
    }
    found.sort();
    found
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

/// Runs the scenarios of tests/godot and of the game headless.
fn godot_scenarios(root: &Path, godot: &Godot, tally: &mut Tally) -> Result<String, String> {
    crate::build::into_addon(crate::cargo::Profile::Tested, None, &[])?;
    // The scenarios save and load matches: in a user data folder of their own, never the
    // player's (Godot reads XDG_DATA_HOME on Linux and the BSDs, APPDATA on Windows).
    let data = crate::cargo::target_dir()?.join("godot-test-data");
    let isolated = |command: &mut Command| {
        command.env("XDG_DATA_HOME", &data).env("APPDATA", &data);
    };
    let addon = root.join("tests/godot");
    let game = root.join("godot-project");
    for project in [&addon, &game] {
        crate::export::import(godot, project)?;
    }
    let mut addon_run = Command::new(&godot.path);
    addon_run.args(["--headless", "--script", "res://run_tests.gd"]).arg("--path").arg(&addon);
    isolated(&mut addon_run);
    scenes_open_in_the_editor(godot, &game, tally)?;
    // The addon's scenarios log the refusals they provoke (`ERROR:`); a script error is a
    // scenario that broke off, never expected. The game logs no error at all.
    let script_error = |l: &str| l.trim_start().starts_with("SCRIPT ERROR:");
    run_scenarios("Godot scenarios of the addon", &mut addon_run, script_error, tally)?;
    let mut game_run = Command::new(&godot.path);
    game_run.args(["--headless", "--script", "res://tests/run_game_tests.gd"]).arg("--path").arg(&game);
    isolated(&mut game_run);
    run_scenarios("Godot scenarios of the game", &mut game_run, crate::godot::is_error_line, tally)?;
    println!("== online over ENet (and WebSocket) on 127.0.0.1");
    tally.passed += crate::online::run_checks(godot, &game, &data)?;
    Ok(format!("passed on Godot {}", godot.version))
}

/// Runs one Godot scenario suite, counting what it prints into `tally`; fails when Godot
/// fails or a line of its output is `wrong` (a scenario that broke off counts as no pass).
fn run_scenarios(
    name: &str,
    command: &mut Command,
    wrong: impl Fn(&str) -> bool,
    tally: &mut Tally,
) -> Result<(), String> {
    println!("== {name}");
    let output = command.output().map_err(|e| format!("{name}: could not start Godot: {e}"))?;
    let log =
        format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    print!("{log}");
    for line in log.lines() {
        tally.read(line);
    }
    if !output.status.success() {
        return Err(format!("{name} failed ({})", output.status));
    }
    let errors: Vec<&str> = log.lines().filter(|l| wrong(l)).collect();
    match errors.first() {
        Some(first) => Err(format!("{name}: {} error(s) logged, the first: {first}", errors.len())),
        None => Ok(()),
    }
}

/// Every scene of the game opens in the editor, headless, without an error: what a game maker
/// sees first when they open one to change it.
fn scenes_open_in_the_editor(godot: &Godot, game: &Path, tally: &mut Tally) -> Result<(), String> {
    println!("== every scene opens in the editor");
    let mut files = vec![];
    walk(game, "tscn", &mut files);
    files.sort();
    let scenes = files
        .iter()
        .filter_map(|f| f.strip_prefix(game).ok())
        .map(|f| f.to_string_lossy().replace('\\', "/"));
    for scene in scenes {
        let output = Command::new(&godot.path)
            .args(["--headless", "--editor", "--quit", "--path"])
            .arg(game)
            .arg(format!("res://{scene}"))
            .output()
            .map_err(|e| format!("could not start {}: {e}", godot.path.display()))?;
        let log =
            format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
        match log.lines().find(|l| crate::godot::is_error_line(l)) {
            None if output.status.success() => {
                println!("ok    {scene} opens in the editor");
                tally.passed += 1;
            }
            error => {
                println!("FAIL  {scene} opens in the editor: {}", error.unwrap_or("Godot failed"));
                tally.failed += 1;
            }
        }
    }
    Ok(())
}

/// Exports the game for Linux and runs the export headless, when this Godot has the templates.
fn exported_game(godot: &Godot, tally: &mut Tally) -> Result<String, String> {
    println!("== the exported game");
    if !cfg!(all(target_os = "linux", target_arch = "x86_64")) {
        tally.skipped += 1;
        return Ok("SKIPPED (not run, not passed): the export check runs on Linux x86_64".into());
    }
    if let Err(why) = crate::export::ready(godot, crate::export::Platform::Linux) {
        println!("SKIPPED (not run, not passed): {why}");
        tally.skipped += 1;
        return Ok("SKIPPED (not run, not passed): no Linux export template for this Godot".into());
    }
    let mut failed = vec![];
    for (name, result) in crate::exported::check(godot)? {
        match result {
            Ok(()) => {
                println!("ok    {name}");
                tally.passed += 1;
            }
            Err(why) => {
                println!("FAIL  {name}: {why}");
                tally.failed += 1;
                failed.push(name);
            }
        }
    }
    Ok(if failed.is_empty() { "passed".into() } else { format!("FAILED: {}", failed.join("; ")) })
}

#[cfg(test)]
mod tests {
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
}
