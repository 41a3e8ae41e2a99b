//! The checks between the game's own host and its clients over ENet or WebSocket: a pair, a
//! whole ICF board, doubles, a client killed and rejoining, stood in for, the host gone, a
//! hostile client, the turn timer and a phone sent to the background.

use super::procs::*;
use super::Verdict;
use crate::godot::Godot;
use std::path::Path;

/// Runs a host and a client; `Ok(None)` when both agree, `Ok(Some(why))` when they do not.
pub(super) fn pair(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
    let (host, client) = host_and_client(godot, game, data, free_port()?, &[], &[])?;
    let logs = [("host", &host), ("client", &client)];
    if let Some(why) = judge(&logs).or_else(|| saw_aims(&logs)) {
        return Ok(Some(why));
    }
    if let Some((sent, seconds)) = aim_rate(&client) {
        println!(
            "aim updates sent while aiming: {sent} in {seconds:.2} s ({:.1} a second)",
            f64::from(sent) / seconds
        );
    }
    let mut latencies: Vec<i64> = latency(&host, &client);
    latencies.extend(latency(&client, &host));
    latencies.sort_unstable();
    if let Some(median) = latencies.get(latencies.len() / 2) {
        let worst = latencies.last().copied().unwrap_or(0);
        println!(
            "release to the shot starting on the other screen: median {median} ms, worst {worst} ms, {} shots",
            latencies.len()
        );
    }
    Ok(None)
}

/// A host and a client play one whole board of singles by the ICF's laws to its end (the
/// computer's easy choices, through each side's controller, at four times the speed): the
/// toss's winner chooses on its panel (RULES.md IC6) and the side after a foul places the
/// pieces it sent back (X3), each through the host. Both must end with the match over, the
/// same toss, the same placements shown, and the same state.
pub(super) fn whole_board(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
    let extra = ["--whole-board", "--icf"];
    let (host, client) = host_and_client(godot, game, data, free_port()?, &extra, &extra)?;
    for (role, log) in [("host", &host), ("client", &client)] {
        if count(log, "OVER ") != Some(1) {
            return Ok(Some(format!("the board did not end on the {role}: {}", last_line(log))));
        }
    }
    let line = |log: &str, prefix: &str| log.lines().find(|l| l.starts_with(prefix)).map(str::to_string);
    let tosses = (line(&host, "TOSS "), line(&client, "TOSS "));
    if tosses.0 != tosses.1 || tosses.0.as_deref().is_none_or(|t| t == "TOSS none") {
        return Ok(Some(format!("the toss was not chosen alike: {tosses:?}")));
    }
    let placed = |log: &str| -> Option<(u32, u32)> {
        let mut numbers =
            line(log, "PLACED ")?.split(' ').skip(1).map(|n| n.parse::<u32>().ok()).collect::<Vec<_>>();
        Some((numbers.remove(0)?, numbers.remove(0)?))
    };
    let (Some(on_host), Some(on_client)) = (placed(&host), placed(&client)) else {
        return Ok(Some("a side did not say what it placed".into()));
    };
    if on_host.0 != on_client.0 || on_host.0 != on_host.1 + on_client.1 {
        return Ok(Some(format!(
            "placements differ: the host showed {} and made {}, the client showed {} and made {}",
            on_host.0, on_host.1, on_client.0, on_client.1
        )));
    }
    println!(
        "{}; returned pieces placed {} times ({} by the client)",
        tosses.0.unwrap_or_default(),
        on_host.0,
        on_client.1
    );
    Ok(judge(&[("host", &host), ("client", &client)]))
}

/// A host and a client over WebSocket, as a web build plays: both must agree.
pub(super) fn websocket(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
    let extra = ["--websocket", "--shots=6"];
    let (host, client) = host_and_client(godot, game, data, free_port_tcp()?, &extra, &extra)?;
    Ok(judge(&[("host", &host), ("client", &client)]))
}

/// Runs a host and three clients in doubles; all four must agree.
pub(super) fn doubles(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
    let port = free_port()?;
    let extra = ["--mode=doubles".to_string(), "--shots=10".to_string()];
    let host = start_host(godot, game, data, port, &extra)?;
    let tokens = ["a", "b", "c"].map(|t| t.repeat(32));
    let clients = tokens
        .iter()
        .map(|t| start(godot, game, data, &pair_args("client", port, Some(t), &extra)))
        .collect::<Result<Vec<_>, _>>()?;
    let host = finish(host, "host")?;
    let clients = clients.into_iter().map(|c| finish(c, "client")).collect::<Result<Vec<_>, _>>()?;
    let mut logs = vec![("host", &host)];
    logs.extend(clients.iter().map(|c| ("client", c)));
    Ok(judge(&logs))
}

/// A client kills itself after four shots, as a phone whose app is closed, and the same device
/// comes back: the match goes on to its twelfth shot, the same on both.
pub(super) fn rejoin(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
    let port = free_port()?;
    let host = start_host(godot, game, data, port, &[])?;
    let gone = start(godot, game, data, &pair_args("client", port, None, &["--vanish-at=4".into()]))?;
    let gone = finish(gone, "vanishing client")?;
    if !gone.contains("VANISH 4") {
        return Ok(Some(format!("the client did not vanish at shot 4: {}", last_line(&gone))));
    }
    let back = start(godot, game, data, &pair_args("client", port, None, &[]))?;
    let back = finish(back, "client back")?;
    let host = finish(host, "host")?;
    Ok(judge(&[("host", &host), ("client back", &back)]))
}

/// A client vanishes after four shots and does not come back: after a 3 s wait the host's
/// computer stands in for it and the host plays on to the twelfth shot.
pub(super) fn stand_in(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
    let port = free_port()?;
    let host = start_host(godot, game, data, port, &["--drop-seconds=3".into()])?;
    let gone = start(godot, game, data, &pair_args("client", port, None, &["--vanish-at=4".into()]))?;
    let gone = finish(gone, "vanishing client")?;
    let host = finish(host, "host")?;
    if !gone.contains("VANISH 4") {
        return Ok(Some(format!("the client did not vanish at shot 4: {}", last_line(&gone))));
    }
    if !host.contains("the computer plays for them") {
        return Ok(Some("the host never handed the seat to the computer".into()));
    }
    if let Some(line) = host.lines().find(|l| crate::godot::is_error_line(l)) {
        return Ok(Some(format!("the host logged an error: {line}")));
    }
    // Numbered turns count placements of returned pieces too: one may come with the twelfth.
    let state = host.lines().find(|l| l.starts_with("STATE "));
    match state.and_then(|l| l.split(' ').nth(1)).and_then(|n| n.parse::<u32>().ok()) {
        Some(turns) if turns >= 12 => Ok(None),
        _ => Ok(Some(format!("the host did not play on to shot 12: {state:?}"))),
    }
}

/// The host is killed after five shots: the client notices within seconds and keeps the match
/// as the host had it, in a save that loads.
pub(super) fn host_leaves(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
    let (host, client) =
        host_and_client(godot, game, data, free_port()?, &["--vanish-at=5"], &["--shots=99"])?;
    // The fifth shot, or a placement of returned pieces numbered just after it.
    let state = host.lines().find_map(|l| l.strip_prefix("STATE ")?.split_once(' ')).map(|(_, h)| h.trim());
    let kept = client.lines().find_map(|l| l.strip_prefix("KEPT ")).map(str::trim);
    match (state, kept) {
        (Some(hash), Some(kept)) if kept == format!("{hash} 1") => {
            println!("the client kept the host's match as it vanished ({hash}) in a save that loads");
            Ok(None)
        }
        _ => Ok(Some(format!("host {state:?}, client kept {kept:?} (hash, and 1 if the save loads)"))),
    }
}

/// A client sends a strike for the host's seat, one of NaN power and 5000 bytes, and then
/// strikes through its controller from off its baseline: each is refused and said so to it,
/// the last gives the player the turn back with the reason on the banner, and the match goes
/// on the same on both.
pub(super) fn hostile(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
    let (host, client) =
        host_and_client(godot, game, data, free_port()?, &["--shots=6"], &["--shots=6", "--hostile"])?;
    if count(&client, "REFUSED ") != Some(4) {
        return Ok(Some(format!(
            "the hostile client was not refused four times: {:?}",
            count(&client, "REFUSED ")
        )));
    }
    let given_back = client.lines().find(|l| l.starts_with("GIVEN_BACK ")).unwrap_or("no GIVEN_BACK line");
    // Said in the player's words for its kind (English here), not the host's.
    if !given_back.starts_with("GIVEN_BACK 1 Not taken (the rules do not allow it)") {
        return Ok(Some(format!(
            "a refused strike did not give the turn back with its reason: {given_back}"
        )));
    }
    let logged = host.lines().filter(|l| l.contains("refused a message from peer")).count();
    if logged != 4 {
        return Ok(Some(format!("the host logged {logged} refusals, not 4")));
    }
    Ok(judge(&[("host", &host), ("client", &client)]))
}

/// With a one-second turn timer and a client that never strikes, its turns pass on both
/// screens, and the third in a row forfeits the match.
pub(super) fn timer(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
    let host_extra = ["--turn-seconds=1", "--shots=40"];
    let (host, client) =
        host_and_client(godot, game, data, free_port()?, &host_extra, &["--shots=40", "--idle"])?;
    for (role, log) in [("host", &host), ("idle client", &client)] {
        if count(log, "PASSED ") != Some(3) || count(log, "OVER ") != Some(1) {
            return Ok(Some(format!("the {role} did not see three turns pass and the match forfeited")));
        }
    }
    Ok(judge(&[("host", &host), ("client", &client)]))
}

/// With a one-second turn timer, the client's phone goes to the background for 4 s on its
/// turn: the host is told it is away at once (still connected), times nothing meanwhile, and
/// the client strikes on its return; the match goes on to shot 6 the same on both.
pub(super) fn background(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
    let host_extra = ["--turn-seconds=1", "--shots=6"];
    let client_extra = ["--shots=6", "--background-at=2"];
    let (host, client) = host_and_client(godot, game, data, free_port()?, &host_extra, &client_extra)?;
    if !client.lines().any(|l| l.starts_with("BACKGROUND ")) {
        return Ok(Some(format!("the client was never sent to the background: {}", last_line(&client))));
    }
    if count(&host, "AWAY ").unwrap_or(0) == 0 || count(&client, "AWAY ").unwrap_or(0) == 0 {
        return Ok(Some("the players were not told the client was away".into()));
    }
    if count(&host, "PASSED ") != Some(0) {
        return Ok(Some(format!("a turn passed while the client was away: {:?}", count(&host, "PASSED "))));
    }
    Ok(judge(&[("host", &host), ("client", &client)]))
}
