//! The match server against hostile clients: the real process on 127.0.0.1 over a real
//! database, and clients written to cheat — someone else's seat, a farmed rating, sockets that
//! hold the server's descriptors, forged addresses. Each test fails on a server without the
//! defence it names (docs/online.md, "Threats and what stops them").

mod common;

use carrom_net::lobby::{Ending, ToClient, ToServer, CODE_ALPHABET, CODE_LENGTH};
use carrom_net::Replica;
use carrom_server::bot::{Bot, BotError};
use common::play::{drive, every_side_struck, in_step, matched, read_until, refused, settle, welcome};
use common::{databases, token, Running, WAIT};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// Two bots in a quick match of singles, with their public ids, and the match's code.
async fn pair(server: &Running, names: [&str; 2]) -> (Bot, Bot, [String; 2], String) {
    let mut a = server.bot(names[0], &token(names[0])).await;
    let mut b = server.bot(names[1], &token(names[1])).await;
    let (ids, code) = quick(&mut a, &mut b).await;
    (a, b, ids, code)
}

/// `a` and `b`, connected, say hello and ask for a quick match of singles: their public ids
/// and the match's code.
async fn quick(a: &mut Bot, b: &mut Bot) -> ([String; 2], String) {
    let (id_a, _) = welcome(a).await;
    let (id_b, _) = welcome(b).await;
    let quick = ToServer::Quick { mode: "singles".into(), rules: "classic".into() };
    a.ask(&quick).await.unwrap();
    b.ask(&quick).await.unwrap();
    matched(a).await;
    let (_, code, _) = matched(b).await;
    ([id_a, id_b], code)
}

/// A device that watches the match of `code`.
async fn intruder(server: &Running, name: &str, code: &str) -> Bot {
    let mut bot = server.bot(name, &token(name)).await;
    welcome(&mut bot).await;
    bot.ask(&ToServer::Watch { code: code.into() }).await.unwrap();
    let (_, _, watching) = matched(&mut bot).await;
    assert!(watching);
    bot
}

/// Reads what comes to `bot` for `how_long`; false once its connection is closed.
async fn listen(bot: &mut Bot, how_long: Duration) -> bool {
    let deadline = Instant::now() + how_long;
    while Instant::now() < deadline {
        match bot.read(Duration::from_millis(20)).await {
            Ok(()) | Err(BotError::Silent(_)) => {}
            Err(_) => return false,
        }
    }
    true
}

#[tokio::test]
async fn a_watcher_cannot_take_a_players_seat_by_naming_them_in_its_hello() {
    for database in databases("takeover").await {
        let server = Running::start(&database, &[]);
        let (mut a, mut b, [victim, _], code) = pair(&server, ["vani", "wasim"]).await;
        drive(&mut [&mut a, &mut b], |bots| in_step(bots, 2)).await;
        let seats = a.seats().to_vec();

        // Straight in: a hello that names the player (their public id is on every leaderboard),
        // then one with its own token, then the player's id again.
        let mut mallory = intruder(&server, "mallory", &code).await;
        mallory.send(Message::Binary(Replica::hello("vani", &victim).into())).await.unwrap();
        mallory.send(Message::Binary(Replica::hello("mallory", &token("mallory")).into())).await.unwrap();
        tokio::time::sleep(Duration::from_millis(300)).await;
        mallory.send(Message::Binary(Replica::hello("vani", &victim).into())).await.unwrap();

        // On one connection: a flood first, so that a rate limiter refuses what follows, then
        // the player's id.
        let mut trudy = intruder(&server, "trudy", &code).await;
        for _ in 0..60 {
            let junk = Replica::aim(seats[0], 0.0, carrom_core::Vec2::new(0.0, 1.0));
            let _ = trudy.send(Message::Binary(junk.into())).await;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        let _ = trudy.send(Message::Binary(Replica::hello("vani", &victim).into())).await;

        settle(&mut [&mut a, &mut b, &mut mallory], Duration::from_secs(1)).await;
        listen(&mut trudy, Duration::from_millis(500)).await;
        assert!(mallory.seats().is_empty() && trudy.seats().is_empty(), "no intruder holds a seat");
        let told = mallory.refusals.join(" | ");
        assert!(told.matches("one hello a connection").count() >= 3, "every hello refused: {told}");
        assert!(mallory.game().is_some(), "the table's own welcome made it a watcher");

        // The player's strikes are still theirs, and play goes on.
        let turns = a.turns;
        drive(&mut [&mut a, &mut b, &mut mallory], |bots| in_step(bots, turns + 3)).await;
        assert_eq!(a.seats(), seats);
        assert!(!a.refusals.iter().any(|r| r.contains("hello")), "{:?}", a.refusals);
        assert!(server.metric("carrom_refusals_total{reason=\"HelloTwice\"}") >= 4.0);
    }
}

#[tokio::test]
async fn a_connection_that_keeps_saying_hello_at_the_table_never_reaches_the_match_and_is_cut_off() {
    let database = databases("rehello").await.remove(0);
    let server = Running::start(&database, &[]);
    let (mut a, mut b, [victim, _], code) = pair(&server, ["xena", "yusuf"]).await;
    drive(&mut [&mut a, &mut b], |bots| in_step(bots, 1)).await;
    let seats = a.seats().to_vec();
    let mut chatter = intruder(&server, "chatter", &code).await;
    for _ in 0..20 {
        if chatter.send(Message::Binary(Replica::hello("xena", &victim).into())).await.is_err() {
            break;
        }
    }
    let open = listen(&mut chatter, WAIT).await;
    assert!(!open, "a connection that keeps saying hello is cut off");
    assert!(chatter.refusals.iter().all(|r| r.contains("one hello")), "{:?}", chatter.refusals);
    assert!(server.metric("carrom_refusals_total{reason=\"HelloTwice\"}") >= 8.0);
    let turns = a.turns;
    drive(&mut [&mut a, &mut b], |bots| in_step(bots, turns + 2)).await;
    assert_eq!(a.seats(), seats);
    assert!(a.refusals.is_empty() && b.refusals.is_empty(), "{:?} {:?}", a.refusals, b.refusals);
}

/// The end of `bot`'s match: its ending and the rating changes it told.
async fn over(bot: &mut Bot) -> (Ending, Vec<carrom_net::lobby::Change>) {
    bot.until(WAIT, |m| match m {
        ToClient::Over { ending, changes } => Some((*ending, changes.clone())),
        _ => None,
    })
    .await
    .expect("the match ends")
}

#[tokio::test]
async fn a_rating_cannot_be_farmed_by_leaving_at_once_or_by_two_accounts_on_one_address() {
    for database in databases("farm").await {
        let server = Running::start(&database, &["--drop-seconds", "1", "--leaver-seconds", "600"]);
        // Two fresh tokens: one leaves before anybody struck.
        let (mut farmer, throwaway, _, _) = pair(&server, ["farmer", "throwaway"]).await;
        throwaway.close().await;
        let (ending, changes) = over(&mut farmer).await;
        assert_eq!(ending, Ending::Abandoned);
        assert!(changes.is_empty(), "a match left before every side struck is not rated: {changes:?}");
        // The leaver waits before the next quick match.
        let mut back = server.bot("throwaway", &token("throwaway")).await;
        welcome(&mut back).await;
        back.ask(&ToServer::Quick { mode: "singles".into(), rules: "classic".into() }).await.unwrap();
        let why = refused(&mut back).await;
        assert!(why.contains("quick match again in"), "{why}");

        // Two accounts of one device: both strike, then one leaves. Not rated either.
        let home = std::net::IpAddr::from([127, 9, 9, 9]);
        let mut one = server.bot_from(home, "one", &token("one")).await;
        let mut two = server.bot_from(home, "two", &token("two")).await;
        quick(&mut one, &mut two).await;
        drive(&mut [&mut one, &mut two], |bots| in_step(bots, 2) && every_side_struck(bots[0])).await;
        two.close().await;
        let (ending, changes) = over(&mut one).await;
        assert_eq!(ending, Ending::Abandoned);
        assert!(changes.is_empty(), "two accounts on one address are not rated: {changes:?}");
        let (_, board) = server.get("/leaderboard?ladder=singles");
        let board: serde_json::Value = serde_json::from_str(&board).unwrap();
        assert_eq!(board["players"].as_array().map(Vec::len), Some(0), "nobody is on the board: {board}");
    }
}

/// A TCP connection to `server` from the loopback address `from`.
async fn tcp_from(server: &Running, from: std::net::Ipv4Addr) -> std::io::Result<tokio::net::TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.bind((from, 0).into())?;
    // A server out of descriptors leaves connections unanswered: bounded, that is a failure.
    tokio::time::timeout(Duration::from_secs(2), socket.connect(server.address.parse().unwrap()))
        .await
        .unwrap_or_else(|_| Err(std::io::ErrorKind::TimedOut.into()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_idle_sockets_and_half_sent_headers_do_not_keep_a_player_out() {
    use tokio::io::AsyncWriteExt;
    let database = databases("idle").await.remove(0);
    // A process allowed 256 descriptors, as in a tight container.
    let options = ["--header-seconds", "2", "--hello-seconds", "2"];
    let server = Running::start_with_files(&database, &options, 256);
    // WebSockets that never say the lobby's hello…
    let mut silent = vec![];
    for _ in 0..5 {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{}/ws", server.address)).await.unwrap();
        silent.push(ws);
    }
    let mut held = vec![];
    // …a thousand sockets from a hundred addresses that never say a word…
    for i in 0..1000_u32 {
        let from = std::net::Ipv4Addr::new(127, 5, (i / 10) as u8, 1);
        if let Ok(tcp) = tcp_from(&server, from).await {
            held.push(tcp);
        }
    }
    // …and fifty that send half a request and stop.
    for i in 0..50_u32 {
        let from = std::net::Ipv4Addr::new(127, 6, i as u8, 1);
        if let Ok(mut tcp) = tcp_from(&server, from).await {
            let _ = tcp.write_all(b"GET /ws HTTP/1.1\r\nHost: carrom\r\nUpgrade: websocket\r\n").await;
            held.push(tcp);
        }
    }
    // A player still gets in (at worst once the idle ones have been shown out) and plays.
    let deadline = Instant::now() + Duration::from_secs(15);
    let mut players = vec![];
    for name in ["zara", "amir"] {
        let bot = loop {
            let from = if name == "zara" { [127, 7, 0, 1] } else { [127, 7, 0, 2] };
            let seed = u64::from(name.len() as u32);
            match Bot::connect_from(&server.address, Some(from.into()), name, &token(name), seed).await {
                Ok(bot) => break bot,
                Err(e) => assert!(Instant::now() < deadline, "{name} could not get in: {e}"),
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        players.push(bot);
    }
    let (mut a, mut b) = (players.remove(0), players.remove(0));
    quick(&mut a, &mut b).await;
    drive(&mut [&mut a, &mut b], |bots| in_step(bots, 2)).await;
    // The silent WebSockets were closed for want of a hello.
    for mut ws in silent {
        use futures_util::StreamExt;
        let end = tokio::time::timeout(WAIT, async { while let Some(Ok(_)) = ws.next().await {} }).await;
        assert!(end.is_ok(), "a WebSocket with no hello stays open");
    }
    assert!(server.metric("carrom_refusals_total{reason=\"Connections\"}") > 0.0);
    assert!(server.metric("carrom_refusals_total{reason=\"NoLobbyHello\"}") >= 5.0);
    drop(held);
}

#[tokio::test]
async fn x_forwarded_for_is_believed_only_from_a_trusted_proxy_and_only_from_the_right() {
    let database = databases("proxy").await.remove(0);
    // Behind a proxy on 127.0.0.1, which appends the address it was reached from.
    let server = Running::start(&database, &["--trusted-proxy", "127.0.0.1/32"]);
    let refused = |server: &Running, forwarded: &dyn Fn(usize) -> String| {
        (0..60).filter(|i| server.get_with("/leaderboard", &[&forwarded(*i)]).0 == 429).count()
    };
    // One device writes a new address of its own on the left each time: still one device.
    let forged = refused(&server, &|i| format!("X-Forwarded-For: 10.{i}.0.1, 127.8.8.8"));
    assert!(forged > 0, "sixty queries of one device, whatever it wrote, are limited");
    // Another device behind the same proxy is not held to the first one's count.
    let (status, _) = server.get_with("/leaderboard", &["X-Forwarded-For: 127.8.8.9"]);
    assert_eq!(status, 200);
    // A server with no trusted proxy ignores the header.
    let plain = Running::start(&database, &["--node", "no-proxy"]);
    let ignored = refused(&plain, &|i| format!("X-Forwarded-For: 10.{i}.0.1"));
    assert!(ignored > 0, "a header anyone can write gives no one a new address");
}

#[tokio::test]
async fn room_codes_cannot_be_guessed_in_a_flood_and_old_rooms_are_swept() {
    let database = databases("guess").await.remove(0);
    let server = Running::start(&database, &["--code-seconds", "1"]);
    let mut guesser = server.bot("guesser", &token("guesser")).await;
    welcome(&mut guesser).await;
    for i in 0..40 {
        let code = (0..CODE_LENGTH).map(|k| CODE_ALPHABET[(i + k) % CODE_ALPHABET.len()] as char).collect();
        guesser.ask(&ToServer::Watch { code }).await.unwrap();
    }
    let mut reasons = vec![];
    while let Ok(reason) = guesser
        .until(Duration::from_millis(500), |m| match m {
            ToClient::Refused { reason } => Some(reason.clone()),
            _ => None,
        })
        .await
    {
        reasons.push(reason);
    }
    let guessed = reasons.iter().filter(|r| r.contains("no match has the code")).count();
    assert!(guessed <= 6, "{guessed} codes tried in a moment: {reasons:?}");
    assert!(reasons.iter().any(|r| r.contains("room codes a minute")), "{reasons:?}");
    // Rooms made as fast as a client can: one at a time is kept, and none once expired.
    let mut maker = server.bot("maker", &token("maker")).await;
    welcome(&mut maker).await;
    for _ in 0..2000 {
        maker.ask(&ToServer::Create { mode: "singles".into(), rules: "classic".into() }).await.unwrap();
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(rooms(&database).await <= 1, "one room a player");
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(rooms(&database).await, 0, "expired rooms are swept");
    assert!(server.metric("carrom_refusals_total{reason=\"LobbyFlood\"}") > 0.0);
}

/// Rows in the database's rooms table.
async fn rooms(database: &str) -> i64 {
    use sqlx::{Connection, Row};
    sqlx::any::install_default_drivers();
    let mut db = sqlx::AnyConnection::connect(database).await.unwrap();
    sqlx::query("SELECT COUNT(*) AS n FROM rooms").fetch_one(&mut db).await.unwrap().get::<i64, _>("n")
}

#[tokio::test]
async fn a_second_process_under_a_running_nodes_name_refuses_to_start_and_names_the_clash() {
    for database in databases("twin").await {
        let first = Running::start(&database, &["--node", "twin"]);
        let said = Running::refused(&database, &["--node", "twin"]);
        assert!(said.contains("node \"twin\" is already running"), "{said}");
        assert_eq!(first.metric("carrom_matches"), 0.0, "the first runs on");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_that_wakes_to_find_its_name_taken_stops_and_plays_no_shot_more() {
    for database in databases("thaw").await {
        let mut first = Running::start(&database, &["--node", "clone", "--drop-seconds", "60"]);
        let (mut a, mut b, _, _) = pair(&first, ["bina", "chen"]).await;
        drive(&mut [&mut a, &mut b], |bots| in_step(bots, 3)).await;
        settle(&mut [&mut a, &mut b], Duration::from_millis(600)).await;
        let at_freeze = common::play::hash(&a);
        // Frozen past its lease, as a machine cut off would be; a new process takes its name
        // (once the old lease has run out) and its match.
        first.signal("STOP");
        drop((a, b));
        let second = Running::start(&database, &["--node", "clone", "--drop-seconds", "60"]);
        assert_eq!(second.metric("carrom_matches"), 1.0, "the match is taken up by the new process");
        let (mut a, mut b) = second.resumed(["bina", "chen"]).await;
        read_until(&mut [&mut a, &mut b], |bots| {
            bots.iter().all(|b| b.game().is_some() && b.pause_seconds == 0)
        })
        .await;
        assert_eq!(common::play::hash(&a), at_freeze);
        // Woken, the first finds another process under its name: it stops.
        first.signal("CONT");
        assert!(first.stops_by_itself().is_some_and(|code| code != 0));
        let turns = a.turns;
        drive(&mut [&mut a, &mut b], |bots| in_step(bots, turns + 2)).await;
        assert_eq!((a.resyncs, b.resyncs), (0, 0), "nobody was sent a shot the new process did not know");
    }
}

#[tokio::test]
async fn a_name_that_looks_like_a_ranked_players_or_piles_marks_is_refused_and_names_keep_one_form() {
    for database in databases("names").await {
        let server = Running::start(&database, &["--drop-seconds", "1"]);
        // Asha is ranked: a rated match, both struck, one left.
        let (mut asha, mut other, _, _) = pair(&server, ["Asha", "Bilal"]).await;
        drive(&mut [&mut asha, &mut other], |bots| in_step(bots, 2) && every_side_struck(bots[0])).await;
        other.close().await;
        let (_, changes) = over(&mut asha).await;
        assert_eq!(changes.len(), 2, "rated");
        // Cyrillic А and а, and another case: refused, named.
        for fake in ["\u{0410}sh\u{0430}", "ASHA"] {
            let mut impostor = server.bot(fake, &token("impostor")).await;
            let why = refused(&mut impostor).await;
            assert!(why.contains("looks like a ranked player's name"), "{fake}: {why}");
        }
        // Asha herself, on a new connection, keeps her name.
        let mut again = server.bot("Asha", &token("Asha")).await;
        welcome(&mut again).await;
        // Marks piled on a letter.
        let mut piled = server.bot("Zalgo\u{0301}\u{0302}\u{0303}\u{0304}\u{0305}", &token("zalgo")).await;
        assert!(refused(&mut piled).await.contains("marks on one letter"));
        // A name typed decomposed is kept composed.
        let mut jose = server.bot("Jose\u{0301}", &token("jose")).await;
        let (id, _) = welcome(&mut jose).await;
        let (_, profile) = server.get(&format!("/players/{id}"));
        let profile: serde_json::Value = serde_json::from_str(&profile).unwrap();
        assert_eq!(profile["name"], "Jos\u{00E9}");
    }
}

/// Makes a room for doubles: its code.
async fn doubles_room(maker: &mut Bot) -> String {
    common::play::room(maker, "doubles", "classic").await
}

/// The seats of room `code` taken, as `bot` is next told.
async fn taken(bot: &mut Bot, code: &str) -> u8 {
    bot.until(WAIT, |m| match m {
        ToClient::Room { code: c, taken, .. } if c == code => Some(*taken),
        _ => None,
    })
    .await
    .unwrap()
}

#[tokio::test]
async fn one_player_cannot_sit_in_two_doubles_rooms_from_two_connections() {
    let database = databases("tworooms").await.remove(0);
    let server = Running::start(&database, &[]);
    let mut first = server.bot("mona", &token("mona")).await;
    let mut second = server.bot("nate", &token("nate")).await;
    welcome(&mut first).await;
    welcome(&mut second).await;
    let code_a = doubles_room(&mut first).await;
    let code_b = doubles_room(&mut second).await;
    // One player on two connections (two of their devices, or a script) joins both rooms.
    let mut here = server.bot("pia", &token("pia")).await;
    let mut there = server.bot("pia", &token("pia")).await;
    welcome(&mut here).await;
    welcome(&mut there).await;
    here.ask(&ToServer::Join { code: code_a.clone() }).await.unwrap();
    assert_eq!(taken(&mut first, &code_a).await, 2);
    there.ask(&ToServer::Join { code: code_b.clone() }).await.unwrap();
    assert_eq!(taken(&mut second, &code_b).await, 2);
    // Joining the second room took the player out of the first.
    assert_eq!(taken(&mut first, &code_a).await, 1, "room A is told the player left it");
    // Kept connected: a player who goes leaves the room.
    let mut others = vec![];
    for name in ["quinn", "ravi", "sara"] {
        let mut bot = server.bot(name, &token(name)).await;
        welcome(&mut bot).await;
        bot.ask(&ToServer::Join { code: code_a.clone() }).await.unwrap();
        assert!(taken(&mut bot, &code_a).await >= 2);
        others.push(bot);
    }
    // Room A filled with four others: its match is theirs, and the player is in room B only.
    let (_, code, watching) = matched(&mut first).await;
    assert_eq!((code, watching), (code_a, false));
    assert_eq!(server.metric("carrom_matches"), 1.0, "room B waits for its last two players");
}

#[tokio::test]
async fn a_server_given_a_certificate_speaks_only_wss_and_a_token_never_crosses_in_clear() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_rustls::rustls::{self, pki_types::ServerName, ClientConfig, RootCertStore};
    let database = databases("tls").await.remove(0);
    // A certificate for this test alone, trusted by this test alone.
    let made = rcgen::generate_simple_self_signed(vec!["localhost".into()]).unwrap();
    let folder =
        std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("tls-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let (cert, key) = (folder.join("cert.pem"), folder.join("key.pem"));
    std::fs::write(&cert, made.cert.pem()).unwrap();
    std::fs::write(&key, made.key_pair.serialize_pem()).unwrap();
    let options = ["--tls-cert", cert.to_str().unwrap(), "--tls-key", key.to_str().unwrap()];
    let server = Running::start(&database, &options);
    // A plain ws:// device is not served.
    let plain = Bot::connect(&server.address, "plain", &token("plain"), 1).await;
    assert!(matches!(plain, Err(BotError::Link(_))), "a plain WebSocket was served");
    // Over TLS, the lobby answers.
    let mut roots = RootCertStore::empty();
    roots.add(made.cert.der().clone()).unwrap();
    #[allow(deprecated)]
    let provider = std::sync::Arc::new(rustls::crypto::ring::default_provider());
    let client = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    let tcp = tokio::net::TcpStream::connect(&server.address).await.unwrap();
    let tls = tokio_rustls::TlsConnector::from(std::sync::Arc::new(client))
        .connect(ServerName::try_from("localhost").unwrap(), tcp)
        .await
        .expect("a TLS handshake with the server's certificate");
    let port = server.address.rsplit(':').next().unwrap();
    let (mut ws, _) =
        tokio_tungstenite::client_async(format!("wss://localhost:{port}/ws"), tls).await.expect("wss://");
    let hello =
        ToServer::Hello { lobby: carrom_net::lobby::LOBBY, name: "sealed".into(), token: token("sealed") };
    ws.send(Message::Text(carrom_net::lobby::write(&hello).into())).await.unwrap();
    // The first lobby message (a ping may come before it).
    let answer = tokio::time::timeout(WAIT, async {
        loop {
            match ws.next().await {
                Some(Ok(Message::Text(text))) => {
                    break serde_json::from_str::<ToClient>(text.as_str()).unwrap()
                }
                Some(Ok(_)) => continue,
                other => panic!("the wss:// link ended: {other:?}"),
            }
        }
    })
    .await
    .expect("an answer over wss://");
    assert!(matches!(answer, ToClient::Welcome { .. }), "{answer:?}");
}

#[tokio::test]
async fn idling_out_a_match_is_a_rated_loss_when_the_winner_has_struck() {
    use carrom_core::game::Action;
    for database in databases("idle_out").await {
        let server = Running::start(&database, &["--turn-seconds", "1"]);
        let (mut a, mut b, _, _) = pair(&server, ["tariq", "uma"]).await;
        // The first to act strikes once; then nobody strikes: turns pass, three in a row
        // forfeit. Both keep reading.
        let deadline = Instant::now() + Duration::from_secs(60);
        let (mut struck, mut ended) = (false, None);
        while ended.is_none() {
            assert!(Instant::now() < deadline, "no forfeit within a minute");
            for bot in [&mut a, &mut b] {
                if !struck && bot.strike_if_due().await.unwrap() {
                    struck = true;
                }
                let _ = bot.read(Duration::from_millis(5)).await;
                while let Some(message) = bot.lobby.pop_front() {
                    if let ToClient::Over { ending, changes } = message {
                        ended = Some((ending, changes));
                    }
                }
            }
        }
        let (ending, changes) = ended.unwrap();
        assert_eq!(ending, Ending::Won);
        settle(&mut [&mut a, &mut b], Duration::from_millis(300)).await;
        let rules = a.game().unwrap().rules();
        let strikers: Vec<_> = a
            .game()
            .unwrap()
            .replay()
            .actions
            .iter()
            .filter_map(|x| match x {
                Action::Strike { seat, .. } => rules.side_of(*seat),
                _ => None,
            })
            .collect();
        assert!(!strikers.is_empty() && strikers.iter().all(|s| *s == strikers[0]), "one side struck");
        let Some(carrom_core::rules::Outcome::Won(winner)) = rules.outcome() else {
            panic!("a forfeit has a winner")
        };
        if *winner == strikers[0] {
            // The side that idled lost to a side that played: rated.
            assert_eq!(changes.len(), 2, "{changes:?}");
        } else {
            // The striker idled itself out: its opponent never struck and gains nothing.
            assert!(changes.is_empty(), "{changes:?}");
        }
    }
}

#[tokio::test]
async fn a_request_body_sent_a_byte_at_a_time_is_cut_short() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let database = databases("slowbody").await.remove(0);
    let server = Running::start(&database, &["--request-seconds", "2"]);
    let mut tcp = tcp_from(&server, std::net::Ipv4Addr::new(127, 8, 0, 1)).await.unwrap();
    let head = "POST /daily/20000 HTTP/1.1\r\nHost: carrom\r\nContent-Type: application/json\r\nContent-Length: 900\r\n\r\n{";
    tcp.write_all(head.as_bytes()).await.unwrap();
    let started = Instant::now();
    let mut answer = String::new();
    let read = tokio::time::timeout(Duration::from_secs(8), async {
        let mut chunk = [0; 1024];
        loop {
            // A byte every half second: never the whole body.
            let _ = tcp.write_all(b" ").await;
            match tokio::time::timeout(Duration::from_millis(500), tcp.read(&mut chunk)).await {
                Ok(Ok(0)) | Ok(Err(_)) => break,
                Ok(Ok(n)) => answer.push_str(&String::from_utf8_lossy(&chunk[..n])),
                Err(_) => {}
            }
        }
    })
    .await;
    assert!(read.is_ok(), "the slow request still holds its connection after {:?}", started.elapsed());
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
}
