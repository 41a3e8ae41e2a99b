//! The online checks of `cargo xtask test`: Godot processes — a host and clients, or a
//! dedicated server and clients — play the same match over ENet on 127.0.0.1 (the game's own
//! match scene, `OnlineLink` and `CarromNet`) and must end with the same state hash, without an
//! error line: singles, doubles with four processes, a client killed and rejoining, a hostile
//! client, the turn timer and a phone sent to the background. The plain pair also measures the
//! time from a release to the shot starting on the other screen, and the server run the
//! server's CPU time.

use crate::godot::Godot;
use std::net::UdpSocket;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The longest the pair may take before it is stopped and failed.
const LIMIT: Duration = Duration::from_secs(180);

/// Why a check failed, or `None`.
pub type Verdict = Option<String>;

/// An online check: two or three Godot processes, and why they disagree (or `None`).
type OnlineCheck = fn(&Godot, &Path, &Path) -> Result<Verdict, String>;

/// Every online check, by what it shows.
const CHECKS: [(&str, OnlineCheck); 15] = [
    ("a host and a client play the same match over ENet", pair),
    (
        "a host and a client play a whole ICF board to its end: the toss chosen, returned pieces placed, alike",
        whole_board,
    ),
    ("two clients play the same match on a dedicated server", server),
    ("four processes play doubles in step", doubles),
    ("a client killed mid-board rejoins and the board goes on", rejoin),
    (
        "a hostile client is refused four times, its refused strike given back with the reason, the match unharmed",
        hostile,
    ),
    ("the host is killed and the client keeps the match as it stood", host_leaves),
    ("a client who does not come back is stood in for by the computer", stand_in),
    ("the turn timer passes an idle player's turns and the third forfeits", timer),
    ("a client sent to the background mid-turn is waited for, its turn untimed, and plays on", background),
    ("a host and a client play the same match over WebSocket", websocket),
    ("two players play a quick-match board through carrom-server and a third watches", match_server),
    ("carrom-server killed mid-match and started again: both games reconnect and go on", server_restart),
    (
        "a fleet of three carrom-servers: sent on to a node, which is killed, and another takes the match",
        fleet,
    ),
    ("today's challenge played in the game is counted on carrom-server's world board", daily),
];

/// Runs every online check with the game in `game` (imported, its extension built) and user
/// data under `data`, printing each; stops, failed, at the first that fails. Returns how many
/// passed.
pub fn run_checks(godot: &Godot, game: &Path, data: &Path) -> Result<u32, String> {
    run_some(godot, game, data, "")
}

/// The online checks whose names contain `only` (all of them for "").
fn run_some(godot: &Godot, game: &Path, data: &Path, only: &str) -> Result<u32, String> {
    let mut passed = 0;
    for (name, check) in CHECKS.iter().filter(|(name, _)| name.contains(only)) {
        match check(godot, game, data)? {
            None => {
                println!("ok    {name}");
                passed += 1;
            }
            Some(why) => {
                println!("FAIL  {name}: {why}");
                return Err(format!("online: {name}: {why}"));
            }
        }
    }
    Ok(passed)
}

/// `cargo xtask online`: the online checks alone, on the extension as last built (`cargo
/// xtask build`), for work on the online layer.
pub fn run(args: &[String]) -> Result<(), String> {
    if args.len() > 1 {
        return Err("online takes at most one argument: a part of the names of the checks to run".into());
    }
    let only = args.first().map_or("", String::as_str);
    let godot = crate::godot::find()?.map_err(|n| format!("no Godot 4.3+ found: {}", n.looked.join("; ")))?;
    let game = crate::cargo::workspace_root().join("godot-project");
    let data = crate::cargo::target_dir()?.join("godot-test-data");
    let passed = run_some(&godot, &game, &data, only)?;
    println!("online: {passed} passed");
    Ok(())
}

/// Runs a host and a client; `Ok(None)` when both agree, `Ok(Some(why))` when they do not.
pub fn pair(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
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
pub fn whole_board(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
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
pub fn websocket(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
    let extra = ["--websocket", "--shots=6"];
    let (host, client) = host_and_client(godot, game, data, free_port_tcp()?, &extra, &extra)?;
    Ok(judge(&[("host", &host), ("client", &client)]))
}

/// Runs a host and three clients in doubles; all four must agree.
pub fn doubles(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
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
pub fn rejoin(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
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
pub fn stand_in(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
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
pub fn host_leaves(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
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
pub fn hostile(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
    let (host, client) =
        host_and_client(godot, game, data, free_port()?, &["--shots=6"], &["--shots=6", "--hostile"])?;
    if count(&client, "REFUSED ") != Some(4) {
        return Ok(Some(format!(
            "the hostile client was not refused four times: {:?}",
            count(&client, "REFUSED ")
        )));
    }
    let given_back = client.lines().find(|l| l.starts_with("GIVEN_BACK ")).unwrap_or("no GIVEN_BACK line");
    if !(given_back.starts_with("GIVEN_BACK 1 Not taken (") && given_back.contains("baseline")) {
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
pub fn timer(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
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
pub fn background(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
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

/// Runs a dedicated server and two clients; `Ok(None)` when the clients agree.
pub fn server(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
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
pub fn match_server(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
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

/// The game plays today's challenge with the coach's shots and sends its strikes to
/// carrom-server (the real process), which plays them again and ranks them: the table must say
/// the player is first of one, and the server's board must hold the player with the strikes the
/// game counted.
pub fn daily(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
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
pub fn server_restart(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
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
pub fn fleet(godot: &Godot, game: &Path, data: &Path) -> Result<Verdict, String> {
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
fn third_struck(first: &crate::matchserver::Watched, second: &crate::matchserver::Watched) -> bool {
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
fn came_back(logs: &[(&str, &String)]) -> Verdict {
    logs.iter().find_map(|(role, log)| {
        let told = log.lines().filter(|l| l.starts_with("CODE ")).count();
        (told < 2).then(|| format!("the {role} did not come back to its match ({told} matched)"))
    })
}

/// Starts the pair script as `role` (`quick` or `watch`) of the match server at `url`, its output
/// read as it comes.
fn start_by_server(
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
fn host_and_client(
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
fn start_host(godot: &Godot, game: &Path, data: &Path, port: u16, extra: &[String]) -> Result<Child, String> {
    let host = start(godot, game, data, &pair_args("host", port, None, extra))?;
    std::thread::sleep(Duration::from_millis(800));
    Ok(host)
}

fn pair_args(role: &str, port: u16, token: Option<&str>, extra: &[String]) -> Vec<String> {
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

/// Why the players' logs disagree (an error, different states), or `None`.
fn judge(logs: &[(&str, &String)]) -> Verdict {
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
fn sent_what_it_shows(role: &str, log: &str) -> Verdict {
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
fn saw_aims(logs: &[(&str, &String)]) -> Verdict {
    let (role, _) = logs.iter().find(|(_, log)| count(log, "AIMS ").unwrap_or(0) == 0)?;
    Some(format!("the {role} was never shown the other player's aim"))
}

/// The number a log printed after `prefix`.
fn count(log: &str, prefix: &str) -> Option<u32> {
    log.lines().find_map(|l| l.strip_prefix(prefix)).and_then(|n| n.trim().parse().ok())
}

/// Milliseconds from each strike `striker` made to its shot starting on `watcher`'s screen.
fn latency(striker: &str, watcher: &str) -> Vec<i64> {
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
fn aim_rate(log: &str) -> Option<(u32, f64)> {
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

fn last_line(log: &str) -> &str {
    log.lines().last().unwrap_or("")
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

/// A TCP port free on loopback now (WebSocket is TCP).
fn free_port_tcp() -> Result<u16, String> {
    let socket = std::net::TcpListener::bind("127.0.0.1:0")
        .map_err(|e| format!("no free TCP port on 127.0.0.1: {e}"))?;
    socket.local_addr().map(|a| a.port()).map_err(|e| e.to_string())
}

/// A UDP port free on loopback now (ENet is UDP).
fn free_port() -> Result<u16, String> {
    let socket = UdpSocket::bind("127.0.0.1:0").map_err(|e| format!("no free UDP port on 127.0.0.1: {e}"))?;
    socket.local_addr().map(|a| a.port()).map_err(|e| e.to_string())
}
