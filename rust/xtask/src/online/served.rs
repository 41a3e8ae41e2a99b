//! The checks through carrom-server: clients on a dedicated Godot server, a quick match watched
//! by a third, a server killed and started again, a fleet that loses a node, and today's
//! challenge counted on the world board.

use super::procs::*;
use super::{Verdict, LIMIT};
use crate::godot::Godot;
use std::path::Path;
use std::time::{Duration, Instant};

/// Runs a dedicated server and two clients; `Ok(None)` when the clients agree.
pub(super) fn server(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
    let port = free_port()?;
    let started = Instant::now();
    let mut server = start(godot, game, data, &["--server".into(), format!("--port={port}")])?;
    std::thread::sleep(Duration::from_millis(800));
    let tokens = ["a".repeat(32), "b".repeat(32)];
    let first = start(godot, game, data, &pair_args("client", port, Some(&tokens[0]), &[]))?;
    let second = start(godot, game, data, &pair_args("client", port, Some(&tokens[1]), &[]))?;
    let first = finish(first, "first client")?;
    let second = finish(second, "second client")?;
    let wall = started.elapsed().as_secs_f64();
    if let Some(cpu) = cpu_seconds(server.id()) {
        let rss = resident_mb(server.id()).unwrap_or(0.0);
        println!(
            "the dedicated server, 12 shots with two clients: {cpu:.2} s of CPU in {wall:.1} s ({:.0} % of a core), {rss:.0} MB resident",
            100.0 * cpu / wall
        );
    }
    // The match goes on past the clients' shots: the server is stopped here.
    let _ = server.kill();
    let server = finish(server, "server")?;
    if !server.contains("server: hosting") {
        return Ok(Some(format!("the server did not start: {}", last_line(&server))));
    }
    if let Some(line) = server.lines().find(|l| crate::godot::is_error_line(l)) {
        return Ok(Some(format!("the server logged an error: {line}")));
    }
    Ok(judge(&[("first client", &first), ("second client", &second)]))
}

/// Two game processes ask carrom-server (the real process, on 127.0.0.1) for a quick match and
/// play its first board to the end; a third watches by the match's code. All three must end in
/// the same state, with no error in any log, the server's included.
pub(super) fn match_server(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
    let server = crate::matchserver::MatchServer::start(&[])?;
    let by_server = |role: &str, token: &str, extra: &[String]| {
        start_by_server(godot, game, data, &server.url, role, token, extra)
    };
    let board = ["--whole-board".to_string()];
    let first = by_server("quick", &"c".repeat(32), &board)?;
    let second = by_server("quick", &"d".repeat(32), &board)?;
    let Some(code) = first.line_after("CODE ", Duration::from_secs(60)) else {
        let (first, _) = (first.finish(Duration::ZERO), second.finish(Duration::ZERO));
        return Ok(Some(format!("no match was made: {}", last_line(&first))));
    };
    let watcher =
        by_server("watch", &"e".repeat(32), &[format!("--code={}", code.trim()), board[0].clone()])?;
    let limit = LIMIT * 2;
    let (first, second, watcher) = (first.finish(limit), second.finish(limit), watcher.finish(limit));
    let log = server.stop()?;
    if let Some(line) = log.lines().find(|l| l.contains(" ERROR ") || l.contains("panicked")) {
        return Ok(Some(format!("the server logged an error: {line}")));
    }
    let logs = [("first player", &first), ("second player", &second), ("watcher", &watcher)];
    if let Some(why) = judge(&logs) {
        return Ok(Some(why));
    }
    let shots = watcher.lines().find_map(|l| l.strip_prefix("STATE ")?.split(' ').next()).unwrap_or("0");
    println!("a whole board through carrom-server: {shots} shots, watched to the end");
    Ok(None)
}

/// Two game processes become friends on carrom-server (the real process): one shows the main
/// menu and gives its friend tag; the other asks that tag to be friends; the first accepts by
/// the invitation card over its menu; the second invites it to a room; it accepts the same
/// way, and both play the first board to the end, in the same state. The inviter's quick-chat
/// phrase must reach the other and show over the inviter's side.
pub(super) fn friends(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
    let server = crate::matchserver::MatchServer::start(&[])?;
    let by_server = |role: &str, token: &str, extra: &[String]| {
        start_by_server(godot, game, data, &server.url, role, token, extra)
    };
    let board = "--whole-board".to_string();
    let guest = by_server("accept", &"f".repeat(32), std::slice::from_ref(&board))?;
    let Some(tag) = guest.line_after("TAG ", Duration::from_secs(60)) else {
        let guest = guest.finish(Duration::ZERO);
        return Ok(Some(format!("the accepting side gave no friend tag: {}", last_line(&guest))));
    };
    let inviter = by_server("invite", &"9".repeat(32), &[format!("--tag={}", tag.trim()), board])?;
    let limit = LIMIT * 2;
    let (inviter, guest) = (inviter.finish(limit), guest.finish(limit));
    let log = server.stop()?;
    if let Some(line) = log.lines().find(|l| l.contains(" ERROR ") || l.contains("panicked")) {
        return Ok(Some(format!("the server logged an error: {line}")));
    }
    if let Some(why) = judge(&[("inviter", &inviter), ("friend", &guest)]) {
        return Ok(Some(why));
    }
    if !guest.lines().any(|l| l == "CHAT good_shot") || !guest.lines().any(|l| l == "CHAT_SHOWN") {
        return Ok(Some(format!("the inviter's quick chat did not show: {}", last_line(&guest))));
    }
    if !guest.lines().any(|l| l == "MUTED_HIDDEN") {
        return Ok(Some("a muted player's phrase still showed".into()));
    }
    if !guest.lines().any(|l| l == "REPORTED") {
        return Ok(Some(format!("the report from the chat menu was not recorded: {}", last_line(&guest))));
    }
    println!(
        "two friends, the link opened by the main menu, an invitation accepted there, a board \
         played, a phrase shown, the other muted and reported"
    );
    Ok(None)
}

/// The game plays today's challenge with the coach's shots and sends its strikes to
/// carrom-server (the real process), which plays them again and ranks them: the table must say
/// the player is first of one, and the server's board must hold the player with the strikes the
/// game counted.
pub(super) fn daily(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
    let server = crate::matchserver::MatchServer::start(&[])?;
    let args = [
        "--script".to_string(),
        "res://tests/online_daily.gd".into(),
        "--".into(),
        format!("--server={}", server.url),
        "--name=Asha".into(),
        format!("--token={}", "f".repeat(32)),
    ];
    let log = finish(start(godot, game, data, &args)?, "player")?;
    let today = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_err(|e| e.to_string())?
        .as_secs()
        / 86_400;
    let board = server.get(&format!("/daily/{today}")).unwrap_or_default();
    let server_log = server.stop()?;
    if let Some(line) = server_log.lines().find(|l| l.contains(" ERROR ") || l.contains("panicked")) {
        return Ok(Some(format!("the server logged an error: {line}")));
    }
    if let Some(line) = log.lines().find(|l| crate::godot::is_error_line(l) || l.starts_with("FAILED")) {
        return Ok(Some(format!("the game: {line}")));
    }
    let Some(strikes) = log.lines().find_map(|l| l.strip_prefix("ENTRY ")) else {
        return Ok(Some(format!("the game did not finish the challenge: {}", last_line(&log))));
    };
    let world = log.lines().find_map(|l| l.strip_prefix("WORLD ")).unwrap_or_default();
    if !world.starts_with("World leaderboard today: 1 of 1") {
        return Ok(Some(format!("the table said {world:?}, not first of one")));
    }
    // One player on the board: its name and strikes are that line's.
    let listed = [r#""of":1"#.to_string(), r#""name":"Asha""#.into(), format!(r#""strikes":{strikes}"#)];
    if !listed.iter().all(|l| board.contains(l.as_str())) {
        return Ok(Some(format!("the server's board does not hold Asha with {strikes} strikes: {board}")));
    }
    println!("today's challenge: done in {strikes} strikes, counted by the server: {world}");
    Ok(None)
}

/// Two game processes play a quick match through carrom-server; after a few shots the server is
/// killed (`kill -9`) and started again on the same port and database. Both games must notice,
/// reconnect by themselves (back-off with jitter), take their seats again in the match as the
/// server saved it, and play on to the same end.
pub(super) fn server_restart(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
    let listen = format!("127.0.0.1:{}", free_port_tcp()?);
    let server = crate::matchserver::MatchServer::start_at(&listen)?;
    let by_server = |token: &str| {
        start_by_server(godot, game, data, &server.url, "quick", token, &["--shots=10".to_string()])
    };
    let first = by_server(&"f".repeat(32))?;
    let second = by_server(&"9".repeat(32))?;
    // Killed once either side has struck the third shot: the match of ten is well under way.
    if !third_struck(&first, &second) {
        let first = first.finish(Duration::ZERO);
        second.finish(Duration::ZERO);
        return Ok(Some(format!("three shots were not played: {}", last_line(&first))));
    }
    server.kill();
    std::thread::sleep(Duration::from_millis(500));
    let again = crate::matchserver::MatchServer::again_at(&listen)?;
    let (first, second) = (first.finish(LIMIT), second.finish(LIMIT));
    let log = again.stop()?;
    if let Some(line) = log.lines().find(|l| l.contains(" ERROR ") || l.contains("panicked")) {
        return Ok(Some(format!("the server started again logged an error: {line}")));
    }
    let logs = [("first player", &first), ("second player", &second)];
    if let Some(why) = judge(&logs) {
        return Ok(Some(why));
    }
    // Each game is told its match twice: by the first server, and again on coming back.
    Ok(came_back(&logs))
}

/// Three carrom-server nodes over one database: a front door that runs no matches
/// (`--max-matches 0`) and two that do. Both games enter through the front door, ask for a
/// quick match and are sent on to the node it was placed on; after a few shots that node is
/// killed (`kill -9`). The games come back through the front door by themselves, are sent on to
/// the node that took the match over from the last saved shot, and play on to the same end.
pub(super) fn fleet(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
    use crate::matchserver::MatchServer;
    let front = MatchServer::node("a-front", &["--max-matches", "0"], true)?;
    let mut nodes = vec![MatchServer::node("b-play", &[], false)?, MatchServer::node("c-play", &[], false)?];
    let by_front = |token: &str| {
        start_by_server(godot, game, data, &front.url, "quick", token, &["--shots=10".to_string()])
    };
    let first = by_front(&"7".repeat(32))?;
    let second = by_front(&"8".repeat(32))?;
    if !third_struck(&first, &second) {
        let first = first.finish(Duration::ZERO);
        second.finish(Duration::ZERO);
        return Ok(Some(format!("three shots were not played: {}", last_line(&first))));
    }
    let Some(holder) = nodes.iter().position(|n| n.metric("carrom_matches") == 1.0) else {
        return Ok(Some("no node of the fleet holds the match".into()));
    };
    nodes.remove(holder).kill();
    let (first, second) = (first.finish(LIMIT), second.finish(LIMIT));
    let taken = nodes[0].metric("carrom_taken_over_total");
    let log = nodes.remove(0).stop()?;
    front.stop()?;
    if let Some(line) = log.lines().find(|l| l.contains(" ERROR ") || l.contains("panicked")) {
        return Ok(Some(format!("the node that took over logged an error: {line}")));
    }
    if taken != 1.0 {
        return Ok(Some(format!("the node left took over {taken} matches, not the one")));
    }
    let logs = [("first player", &first), ("second player", &second)];
    if let Some(why) = judge(&logs) {
        return Ok(Some(why));
    }
    Ok(came_back(&logs))
}

/// Whether either game has struck the third shot, waiting at most 90 s.
pub(super) fn third_struck(
    first: &crate::matchserver::Watched,
    second: &crate::matchserver::Watched,
) -> bool {
    let struck =
        |line: &str| line.strip_prefix("STRUCK ")?.split(' ').next()?.parse::<u32>().ok().filter(|n| *n >= 3);
    let deadline = Instant::now() + Duration::from_secs(90);
    while first.found(struck).is_none() && second.found(struck).is_none() {
        if Instant::now() > deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    true
}

/// Why a game did not come back to its match after its server went (each is told its match
/// twice: at first, and again on coming back), or `None`.
pub(super) fn came_back(logs: &[(&str, &String)]) -> Verdict {
    logs.iter().find_map(|(role, log)| {
        let told = log.lines().filter(|l| l.starts_with("CODE ")).count();
        (told < 2).then(|| format!("the {role} did not come back to its match ({told} matched)"))
    })
}
