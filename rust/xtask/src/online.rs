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

/// Runs a host and a client; `Ok(None)` when both agree, `Ok(Some(why))` when they do not.
pub fn pair(godot: &Godot, game: &Path, data: &Path) -> Result<Option<String>, String> {
    let port = free_port()?;
    let host = start(godot, game, data, &pair_args("host", port, None))?;
    // The host listens before the client knocks.
    std::thread::sleep(Duration::from_millis(800));
    let client = start(godot, game, data, &pair_args("client", port, None))?;
    let host = finish(host, "host")?;
    let client = finish(client, "client")?;
    Ok(judge(&[("host", &host), ("client", &client)]))
}

/// Runs a dedicated server and two clients; `Ok(None)` when the clients agree.
pub fn server(godot: &Godot, game: &Path, data: &Path) -> Result<Option<String>, String> {
    let port = free_port()?;
    let mut server = start(godot, game, data, &["--server".into(), format!("--port={port}")])?;
    std::thread::sleep(Duration::from_millis(800));
    let tokens = ["a".repeat(32), "b".repeat(32)];
    let first = start(godot, game, data, &pair_args("client", port, Some(&tokens[0])))?;
    let second = start(godot, game, data, &pair_args("client", port, Some(&tokens[1])))?;
    let first = finish(first, "first client")?;
    let second = finish(second, "second client")?;
    // The match goes on past the clients' shots: the server is stopped here.
    let _ = server.kill();
    let server = finish(server, "server")?;
    if !server.contains("server: hosting") {
        return Ok(Some(format!("the server did not start: {}", server.lines().last().unwrap_or(""))));
    }
    if let Some(line) = server.lines().find(|l| crate::test::is_error_line(l)) {
        return Ok(Some(format!("the server logged an error: {line}")));
    }
    Ok(judge(&[("first client", &first), ("second client", &second)]))
}

fn pair_args(role: &str, port: u16, token: Option<&str>) -> Vec<String> {
    let mut args = vec!["--script".into(), "res://tests/online_pair.gd".into(), "--".into()];
    args.push(format!("--role={role}"));
    args.push(format!("--port={port}"));
    if let Some(token) = token {
        args.push(format!("--token={token}"));
    }
    args
}

/// Starts the game headless with `args` (after the project's path), its user data in `data`.
fn start(godot: &Godot, game: &Path, data: &Path, args: &[String]) -> Result<Child, String> {
    let mut command = Command::new(&godot.path);
    command.args(["--headless", "--path"]).arg(game);
    // A server takes its options after "--"; the pair script brings its own.
    if !args.iter().any(|a| a == "--") {
        command.arg("--");
    }
    command
        .args(args)
        .env("XDG_DATA_HOME", data)
        .env("APPDATA", data)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("could not start {}: {e}", godot.path.display()))
}

/// Why the players' logs disagree (an error, no aim seen, different states), or `None`.
fn judge(logs: &[(&str, &String)]) -> Option<String> {
    for (role, log) in logs {
        if let Some(line) = log.lines().find(|l| crate::test::is_error_line(l)) {
            return Some(format!("the {role} logged an error: {line}"));
        }
    }
    // Each saw the other aim: the striker sliding and the aim line moving.
    let aims = |log: &str| {
        log.lines()
            .find_map(|l| l.strip_prefix("AIMS "))
            .and_then(|n| n.trim().parse::<u32>().ok())
            .unwrap_or(0)
    };
    if let Some((role, _)) = logs.iter().find(|(_, log)| aims(log) == 0) {
        return Some(format!("the {role} was never shown the other player's aim"));
    }
    let states: Vec<Option<&str>> =
        logs.iter().map(|(_, log)| log.lines().find(|l| l.starts_with("STATE "))).collect();
    match states.as_slice() {
        [Some(a), Some(b)] if a == b => {
            println!("both ended with {a}");
            None
        }
        _ => Some(format!("states differ: {states:?}")),
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
