//! The online check of `cargo xtask test`: two Godot processes, a host and a client, play the
//! same match over ENet on 127.0.0.1 (the game's own match scene, `OnlineLink` and `CarromNet`),
//! and must end with the same state hash, each having seen the other aim, without an error line.

use crate::godot::Godot;
use std::net::UdpSocket;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The longest the pair may take before it is stopped and failed.
const LIMIT: Duration = Duration::from_secs(180);

/// Runs the pair; `Ok(None)` when both agree, `Ok(Some(why))` when they do not.
pub fn pair(godot: &Godot, game: &Path, data: &Path) -> Result<Option<String>, String> {
    let port = free_port()?;
    let start = |role: &str| -> Result<Child, String> {
        Command::new(&godot.path)
            .args(["--headless", "--path"])
            .arg(game)
            .args(["--script", "res://tests/online_pair.gd", "--"])
            .arg(format!("--role={role}"))
            .arg(format!("--port={port}"))
            .env("XDG_DATA_HOME", data)
            .env("APPDATA", data)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("could not start {}: {e}", godot.path.display()))
    };
    let host = start("host")?;
    // The host listens before the client knocks.
    std::thread::sleep(Duration::from_millis(800));
    let client = start("client")?;
    let host = finish(host, "host")?;
    let client = finish(client, "client")?;
    for (role, log) in [("host", &host), ("client", &client)] {
        if let Some(line) = log.lines().find(|l| crate::test::is_error_line(l)) {
            return Ok(Some(format!("the {role} logged an error: {line}")));
        }
    }
    // Each saw the other aim: the striker sliding and the aim line moving.
    let aims = |log: &str| {
        log.lines()
            .find_map(|l| l.strip_prefix("AIMS "))
            .and_then(|n| n.trim().parse::<u32>().ok())
            .unwrap_or(0)
    };
    for (role, log) in [("host", &host), ("client", &client)] {
        if aims(log) == 0 {
            return Ok(Some(format!("the {role} was never shown the other player's aim")));
        }
    }
    let state = |log: &str| log.lines().find(|l| l.starts_with("STATE ")).map(str::to_string);
    match (state(&host), state(&client)) {
        (Some(h), Some(c)) if h == c => {
            println!("both ended with {h}");
            Ok(None)
        }
        (h, c) => Ok(Some(format!("host {h:?}, client {c:?}"))),
    }
}

/// Waits for `child` (stopping it past the limit) and returns all it printed.
fn finish(mut child: Child, role: &str) -> Result<String, String> {
    let started = Instant::now();
    while child.try_wait().map_err(|e| format!("{role}: {e}"))?.is_none() {
        if started.elapsed() > LIMIT {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let output = child.wait_with_output().map_err(|e| format!("{role}: {e}"))?;
    Ok(format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr)))
}

/// A UDP port free on loopback now (ENet is UDP).
fn free_port() -> Result<u16, String> {
    let socket = UdpSocket::bind("127.0.0.1:0").map_err(|e| format!("no free UDP port on 127.0.0.1: {e}"))?;
    socket.local_addr().map(|a| a.port()).map_err(|e| e.to_string())
}
