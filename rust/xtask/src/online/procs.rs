//! The game's processes the checks start, and what their logs say: started and finished, who
//! disagreed, how late a shot came, how fast aims went, a process's CPU and memory.

use super::{Verdict, LIMIT};
use crate::godot::Godot;
use std::net::UdpSocket;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Starts the pair script as `role` (`quick` or `watch`) of the match server at `url`, its output
/// read as it comes.
pub(super) fn start_by_server(
    godot: &Godot,
    game: &Path,
    data: &Path,
    url: &str,
    role: &str,
    token: &str,
    extra: &[String],
) -> Result<crate::matchserver::Watched, String> {
    let mut args = vec!["--script".into(), "res://tests/online_pair.gd".into(), "--".into()];
    args.extend([format!("--role={role}"), format!("--server={url}"), format!("--token={token}")]);
    args.extend_from_slice(extra);
    start(godot, game, data, &args).map(crate::matchserver::Watched::new)
}

/// Runs a host and one client on `port`, each with its extra arguments, to their ends; returns
/// what each printed.
pub(super) fn host_and_client(
    godot: &Godot,
    game: &Path,
    data: &Path,
    port: u16,
    host_extra: &[&str],
    client_extra: &[&str],
) -> Result<(String, String), String> {
    let owned = |extra: &[&str]| extra.iter().map(|a| a.to_string()).collect::<Vec<_>>();
    let host = start_host(godot, game, data, port, &owned(host_extra))?;
    let client = start(godot, game, data, &pair_args("client", port, None, &owned(client_extra)))?;
    let client = finish(client, "client")?;
    let host = finish(host, "host")?;
    Ok((host, client))
}

/// Starts the host of a pair and gives it a moment to listen before a client knocks.
pub(super) fn start_host(
    godot: &Godot,
    game: &Path,
    data: &Path,
    port: u16,
    extra: &[String],
) -> Result<Child, String> {
    let host = start(godot, game, data, &pair_args("host", port, None, extra))?;
    std::thread::sleep(Duration::from_millis(800));
    Ok(host)
}

pub(super) fn pair_args(role: &str, port: u16, token: Option<&str>, extra: &[String]) -> Vec<String> {
    let mut args = vec!["--script".into(), "res://tests/online_pair.gd".into(), "--".into()];
    args.push(format!("--role={role}"));
    args.push(format!("--port={port}"));
    if let Some(token) = token {
        args.push(format!("--token={token}"));
    }
    args.extend_from_slice(extra);
    args
}

/// Starts the game headless with `args` (after the project's path), its user data in `data`.
pub(super) fn start(godot: &Godot, game: &Path, data: &Path, args: &[String]) -> Result<Child, String> {
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

/// Why the players' logs disagree (an error, different states), or `None`.
pub(super) fn judge(logs: &[(&str, &String)]) -> Verdict {
    for (role, log) in logs {
        if let Some(line) = log.lines().find(|l| crate::godot::is_error_line(l)) {
            return Some(format!("the {role} logged an error: {line}"));
        }
        if let Some(why) = sent_what_it_shows(role, log) {
            return Some(why);
        }
    }
    let states: Vec<Option<&str>> =
        logs.iter().map(|(_, log)| log.lines().find(|l| l.starts_with("STATE "))).collect();
    match states.first() {
        Some(Some(first)) if states.iter().all(|s| s == &Some(*first)) => {
            println!("all {} ended with {first}", states.len());
            None
        }
        _ => Some(format!("states differ: {states:?}")),
    }
}

/// Why a side put a hash to the others that was not the hash of the match its board showed
/// (`SETTLED <turns> <differed>`), or settled no turn although shots were played.
pub(super) fn sent_what_it_shows(role: &str, log: &str) -> Verdict {
    let settled = log.lines().find_map(|l| l.strip_prefix("SETTLED "));
    let numbers: Vec<u32> =
        settled.unwrap_or_default().split_whitespace().filter_map(|n| n.parse().ok()).collect();
    let shots = log
        .lines()
        .find_map(|l| l.strip_prefix("STATE "))
        .and_then(|l| l.split(' ').next()?.parse::<u32>().ok());
    match (numbers.as_slice(), shots) {
        ([_, differed], _) if *differed > 0 => {
            Some(format!("the {role} put {differed} hash(es) to the others that its board did not show"))
        }
        ([0, 0], Some(shots)) if shots > 0 => Some(format!("the {role} settled none of {shots} shots")),
        ([_, _], _) => None,
        _ => Some(format!("the {role} printed an unreadable SETTLED line: {settled:?}")),
    }
}

/// Why not every player was shown another's aim (the striker sliding, the line moving).
pub(super) fn saw_aims(logs: &[(&str, &String)]) -> Verdict {
    let (role, _) = logs.iter().find(|(_, log)| count(log, "AIMS ").unwrap_or(0) == 0)?;
    Some(format!("the {role} was never shown the other player's aim"))
}

/// The number a log printed after `prefix`.
pub(super) fn count(log: &str, prefix: &str) -> Option<u32> {
    log.lines().find_map(|l| l.strip_prefix(prefix)).and_then(|n| n.trim().parse().ok())
}

/// Milliseconds from each strike `striker` made to its shot starting on `watcher`'s screen.
pub(super) fn latency(striker: &str, watcher: &str) -> Vec<i64> {
    let times = |log: &str, prefix: &str| -> Vec<(u32, i64)> {
        log.lines()
            .filter_map(|l| l.strip_prefix(prefix))
            .filter_map(|rest| {
                let (shot, ms) = rest.split_once(' ')?;
                Some((shot.parse().ok()?, ms.trim().parse().ok()?))
            })
            .collect()
    };
    let started = times(watcher, "STARTED ");
    times(striker, "STRUCK ")
        .into_iter()
        .filter_map(|(shot, at)| started.iter().find(|(s, _)| *s == shot).map(|(_, seen)| seen - at))
        .collect()
}

/// The aim updates a client sent in its second of aiming, and the seconds it took.
pub(super) fn aim_rate(log: &str) -> Option<(u32, f64)> {
    let rest = log.lines().find_map(|l| l.strip_prefix("AIMRATE "))?;
    let (sent, seconds) = rest.split_once(' ')?;
    Some((sent.parse().ok()?, seconds.trim().parse().ok()?))
}

/// CPU time (user and system) a running process has used, from /proc on Linux.
pub fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    // Linux reports them in USER_HZ, 100 a second on every architecture it runs on.
    Some(ticks / 100.0)
}

/// Resident memory of a running process, MB, from /proc on Linux.
pub fn resident_mb(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb / 1024.0)
}

pub(super) fn last_line(log: &str) -> &str {
    log.lines().last().unwrap_or("")
}

/// Waits for `child` (stopping it past the limit) and returns all it printed.
pub(super) fn finish(mut child: Child, role: &str) -> Result<String, String> {
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

/// A TCP port free on loopback now (WebSocket is TCP).
pub(super) fn free_port_tcp() -> Result<u16, String> {
    let socket = std::net::TcpListener::bind("127.0.0.1:0")
        .map_err(|e| format!("no free TCP port on 127.0.0.1: {e}"))?;
    socket.local_addr().map(|a| a.port()).map_err(|e| e.to_string())
}

/// A UDP port free on loopback now (ENet is UDP).
pub(super) fn free_port() -> Result<u16, String> {
    let socket = UdpSocket::bind("127.0.0.1:0").map_err(|e| format!("no free UDP port on 127.0.0.1: {e}"))?;
    socket.local_addr().map(|a| a.port()).map_err(|e| e.to_string())
}
