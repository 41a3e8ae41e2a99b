//! The exported game, checked as a player would run it: exported for Linux with Godot's
//! templates, then started headless with `-- --autoplay`, its user data in a folder of its own.
//! Five checks: the export carries the extension library beside the game; it offers every
//! preset ruleset and trick shot the repository holds (files a build must carry); the game saves its
//! match in the user data folder when its window is closed; it continues that save and the
//! computer plays the board to its end, with no error in the log; and it times its own start
//! (`--startup-time`, the README's figure) and quits.

use crate::export::Platform;
use crate::godot::Godot;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// One check's outcome: passed, or why not.
pub type Check = (String, Result<(), String>);

/// Exports to `<target>/export-check/` and runs the checks; `Err` when the export itself fails.
pub fn check(godot: &Godot) -> Result<Vec<Check>, String> {
    let base = crate::cargo::target_dir()?.join("export-check");
    let out = base.join("linux");
    let data = base.join("user-data");
    for dir in [&out, &data] {
        if dir.exists() {
            std::fs::remove_dir_all(dir).map_err(|e| format!("cannot clear {}: {e}", dir.display()))?;
        }
    }
    let game = crate::export::export(godot, Platform::Linux, Some(&out))?;
    let mut checks = vec![];
    let library = out.join("libcarrom_godot.so");
    checks.push((
        "the export carries the extension library beside the game".to_string(),
        if library.exists() { Ok(()) } else { Err(format!("{} is missing", library.display())) },
    ));
    // The project names its own user folder (application/config/custom_user_dir_name).
    let save = data.join("Carrom/match.json");
    let closed = run(&game, &data, &["--autoplay", "--strikes=3"]).and_then(|log| {
        if !save.exists() {
            return Err(format!("no save at {} after closing; the game said:\n{log}", save.display()));
        }
        Ok(())
    });
    checks.push(("closed after 3 strikes, the match is saved in the user data folder".into(), closed));
    let carried = carried_by_the_project().and_then(|(rulesets, tricks)| {
        let log = run(&game, &data, &["--autoplay", "--strikes=1"])?;
        let offered = format!("autoplay: {rulesets} rulesets, {tricks} trick shots");
        if !log.contains(&offered) {
            return Err(format!(
                "the build does not offer the project's {rulesets} preset rulesets and {tricks} trick shots:\n{log}"
            ));
        }
        Ok(())
    });
    checks.push(("the build offers the preset rulesets and the trick shots".into(), carried));
    let finished = run(&game, &data, &["--autoplay", "--continue"]).and_then(|log| {
        if !log.contains("autoplay: continuing the saved match") || !log.contains("autoplay: match over") {
            return Err(format!("the match was not continued and played to its end:\n{log}"));
        }
        Ok(())
    });
    checks.push(("continued from that save, the computer plays the board to its end".into(), finished));
    // The README's start-up figure is the game's own: it must say it and quit.
    let timed = run(&game, &data, &["--startup-time"]).and_then(|log| {
        let said =
            log.lines().find_map(|l| l.strip_prefix("startup: ")?.split(' ').next()?.parse::<u32>().ok());
        said.map(|ms| println!("     started in {ms} ms to the menu's third frame"))
            .ok_or_else(|| format!("no start-up time was said:\n{log}"))
    });
    checks.push(("asked, the game times its start to the menu's third frame and quits".into(), timed));
    Ok(checks)
}

/// How many preset rulesets (the addon's `.tres` files) and trick shots (the game's trick
/// file) the repository holds: what a build must offer, counted so that adding one needs no
/// change here.
fn carried_by_the_project() -> Result<(usize, usize), String> {
    let root = crate::cargo::workspace_root();
    let folder = root.join("addons/carrom/rulesets");
    let entries = std::fs::read_dir(&folder).map_err(|e| format!("cannot list {}: {e}", folder.display()))?;
    let rulesets = entries
        .filter_map(Result::ok)
        .filter(|entry| entry.path().extension().is_some_and(|ext| ext == "tres"))
        .count();
    let file = root.join("godot-project/data/trick_shots.json");
    let text = std::fs::read_to_string(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let json: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{} is not JSON: {e}", file.display()))?;
    let tricks =
        json["tricks"].as_array().ok_or_else(|| format!("{} has no list of tricks", file.display()))?.len();
    Ok((rulesets, tricks))
}

/// Runs the exported game headless with user arguments; its log when it exits cleanly and
/// logged no error.
fn run(game: &Path, data: &Path, user_args: &[&str]) -> Result<String, String> {
    let started = Instant::now();
    let output = Command::new(game)
        .args(["--headless", "--fixed-fps", "60", "--"])
        .args(user_args)
        .env("XDG_DATA_HOME", data)
        .output()
        .map_err(|e| format!("could not start {}: {e}", game.display()))?;
    let log =
        format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    println!("   {} -- {} ({:.1} s)", game.display(), user_args.join(" "), started.elapsed().as_secs_f64());
    for line in log.lines().filter(|l| l.starts_with("autoplay")) {
        println!("     {line}");
    }
    if !output.status.success() {
        return Err(format!("exited with {}:\n{log}", output.status));
    }
    if let Some(error) = log.lines().find(|l| crate::godot::is_error_line(l)) {
        return Err(format!("logged an error: {error}\n{log}"));
    }
    Ok(log)
}
