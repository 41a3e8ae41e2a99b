//! `cargo xtask screenshots [--out DIR]`: the README's pictures of the game, taken from the game
//! itself in a real window: the menu (portrait and landscape), the new-match and online
//! screens, the first lesson, a match in portrait and in landscape, a piece dropping into a
//! pocket, the end of a board, and the menu and a match in Urdu. Remake them after any change of look.
//! `--tour hi,ur,ta` takes every screen in those languages, portrait and landscape, instead.
//!
//! Godot cannot draw without a display, so with no `$DISPLAY` the game runs under `xvfb-run`
//! (Debian and Ubuntu: `sudo apt install xvfb`). The game's user folder is one in the target
//! folder, so the player's own settings and saves are neither read nor touched.

use crate::cargo::{target_dir, workspace_root};
use std::path::PathBuf;
use std::process::Command;

/// The window the game opens in; the script turns it to landscape for the landscape picture.
const PORTRAIT: &str = "540x960";

pub fn run(args: &[String]) -> Result<(), String> {
    const USAGE: &str = "usage: cargo xtask screenshots [--out DIR] [--tour LANGUAGES, e.g. hi,ur,ta]";
    let mut out = workspace_root().join("docs").join("screenshots");
    let mut tour = None;
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        match (flag.as_str(), rest.next()) {
            ("--out", Some(dir)) => out = PathBuf::from(dir),
            ("--tour", Some(languages))
                if languages
                    .split(',')
                    .all(|l| l.len() == 2 && l.chars().all(|c| c.is_ascii_lowercase())) =>
            {
                tour = Some(languages.clone())
            }
            _ => return Err(USAGE.into()),
        }
    }
    let display = std::env::var_os("DISPLAY").is_some_and(|d| !d.is_empty());
    // Found when it can be started at all; its help is enough to know.
    let xvfb = Command::new("xvfb-run").arg("--help").output().is_ok();
    if !display && !xvfb {
        return Err("no display ($DISPLAY is unset) and no xvfb-run to make one: install Xvfb \
                    (Debian/Ubuntu: sudo apt install xvfb), or run this from a desktop session"
            .into());
    }
    let godot = crate::godot::require()?;
    crate::build::into_addon(crate::cargo::Profile::Dev, None, &[])?;
    let project = workspace_root().join("godot-project");
    crate::export::import(&godot, &project)?;
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let out = out.canonicalize().map_err(|e| format!("{}: {e}", out.display()))?;
    let user_data = target_dir()?.join("screenshots-user");
    // A fresh user folder every time: the lesson shows as on a first run, no save is offered.
    let _ = std::fs::remove_dir_all(&user_data);
    std::fs::create_dir_all(&user_data).map_err(|e| format!("{}: {e}", user_data.display()))?;
    let mut command = if display {
        Command::new(&godot.path)
    } else {
        let mut c = Command::new("xvfb-run");
        c.args(["-a", "-s", "-screen 0 1400x1100x24"]).arg(&godot.path);
        c
    };
    command
        .env("XDG_DATA_HOME", &user_data)
        .arg("--path")
        .arg(&project)
        .args(["--rendering-driver", "opengl3", "--audio-driver", "Dummy", "--resolution", PORTRAIT])
        .args(["--script", "res://tests/screenshots.gd", "--"])
        .arg(format!("--out={}", out.display()));
    if let Some(languages) = &tour {
        command.arg(format!("--tour={languages}"));
    }
    println!("== taking the screenshots into {}", out.display());
    let status = command.status().map_err(|e| format!("could not start Godot: {e}"))?;
    if !status.success() {
        return Err(format!("the screenshot run failed ({status})"));
    }
    if tour.is_some() {
        println!("the tour's screenshots are in {}", out.display());
        return Ok(());
    }
    for name in NAMES {
        let file = out.join(name);
        if !file.is_file() {
            return Err(format!("{} was not written", file.display()));
        }
    }
    println!("{} screenshots in {}", NAMES.len(), out.display());
    Ok(())
}

/// The pictures the script takes (and the README shows).
const NAMES: [&str; 15] = [
    "menu.png",
    "menu-landscape.png",
    "new-match.png",
    "online.png",
    "online-room-landscape.png",
    "ratings.png",
    "settings.png",
    "settings-landscape.png",
    "lesson.png",
    "match-portrait.png",
    "match-landscape.png",
    "pocket-drop.png",
    "board-end.png",
    "urdu-menu.png",
    "urdu-match.png",
];
