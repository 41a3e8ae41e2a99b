//! Three carrom-server nodes over one PostgreSQL database, on loopback, as a fleet runs them:
//! any node is a front door (a room made on one is joined and watched through the others, a
//! quick match pairs players waiting on different nodes), a node killed with `kill -9` or
//! drained with SIGTERM has its matches taken over by another from the last saved shot, and the
//! players, coming back through any node, are sent on to it; every hash stays in step and a
//! result is recorded once. Needs the test command's PostgreSQL (`CARROM_TEST_POSTGRES`):
//! without it each test says so and checks nothing.

mod common;

use carrom_net::lobby::{ToClient, ToServer};
use carrom_server::bot::{Bot, BotError};
use common::play::{drive, hash, in_step, matched, read_until, settle, welcome};
use common::{databases, token, Running, WAIT};
use sqlx::Connection;
use std::time::{Duration, Instant};

/// How long a node killed may take to have its matches taken up elsewhere and its players back.
const TAKE_OVER: Duration = Duration::from_secs(30);

/// Three nodes, `a`, `b` and `c`, over a fresh PostgreSQL database; `None` without PostgreSQL.
async fn fleet(test: &str, options: &[&str]) -> Option<(String, Vec<Running>)> {
    let database = databases(test).await.into_iter().find(|d| d.starts_with("postgres"));
    let Some(database) = database else {
        eprintln!("{test}: no PostgreSQL cluster (CARROM_TEST_POSTGRES): a fleet needs one; not run");
        return None;
    };
    let nodes = ["a", "b", "c"]
        .iter()
        .map(|id| {
            let mut with = vec!["--node", id];
            with.extend_from_slice(options);
            Running::start(&database, &with)
        })
        .collect();
    Some((database, nodes))
}

/// Comes back to `name`'s match through `front` (any live node), as the game does after a drop:
/// says hello, asks to resume, follows wherever it is sent; tries again with a pause until the
/// match has been taken over and it is seated.
async fn come_back(front: &Running, name: &str) -> Bot {
    let deadline = Instant::now() + TAKE_OVER;
    loop {
        assert!(Instant::now() < deadline, "{name} was not back in the match within {TAKE_OVER:?}");
        let mut bot = front.bot(name, &token(name)).await;
        welcome(&mut bot).await;
        bot.ask(&ToServer::Resume).await.unwrap();
        let seated = bot
            .until(WAIT, |m| match m {
                ToClient::Matched { .. } => Some(true),
                ToClient::Refused { .. } | ToClient::Later { .. } => Some(false),
                _ => None,
            })
            .await;
        match seated {
            Ok(true) => return bot,
            // Sent on to the node killed (its lease not yet run out), or refused meanwhile.
            Ok(false) | Err(BotError::Link(_)) | Err(BotError::Silent(_)) => {
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            Err(e) => panic!("{name}: {e}"),
        }
    }
}

/// Makes a room for singles under `rules`: its code.
async fn make_room(maker: &mut Bot, rules: &str) -> String {
    common::play::room(maker, "singles", rules).await
}

/// Two players of a room made on `node` under `rules`, three shots into their match, with no
/// strike on its way.
async fn three_shots_in_a_room(node: &Running, names: [&str; 2], rules: &str) -> (Bot, Bot) {
    let mut maker = node.bot(names[0], &token(names[0])).await;
    let mut friend = node.bot(names[1], &token(names[1])).await;
    welcome(&mut maker).await;
    welcome(&mut friend).await;
    let code = make_room(&mut maker, rules).await;
    friend.ask(&ToServer::Join { code }).await.unwrap();
    matched(&mut maker).await;
    matched(&mut friend).await;
    drive(&mut [&mut maker, &mut friend], |bots| in_step(bots, 3)).await;
    // A strike made as the last of those turns came is played before the node goes.
    settle(&mut [&mut maker, &mut friend], Duration::from_millis(600)).await;
    assert!(in_step(&[&mut maker, &mut friend], 3));
    (maker, friend)
}

/// A count from the fleet's database.
async fn count(database: &str, sql: &str) -> i64 {
    let mut db = sqlx::PgConnection::connect(database).await.unwrap();
    sqlx::query_scalar(sql).fetch_one(&mut db).await.unwrap()
}

#[tokio::test]
async fn a_room_made_on_one_node_is_joined_and_watched_through_the_others() {
    let Some((_, nodes)) = fleet("fleet_room", &[]).await else { return };
    let mut maker = nodes[0].bot("maker", &token("maker")).await;
    let mut friend = nodes[1].bot("friend", &token("friend")).await;
    let mut watcher = nodes[2].bot("watcher", &token("watcher")).await;
    for bot in [&mut maker, &mut friend, &mut watcher] {
        welcome(bot).await;
    }
    let code = make_room(&mut maker, "classic").await;
    friend.ask(&ToServer::Join { code: code.clone() }).await.unwrap();
    // The friend reads first: sent on, it joins there, which starts the match.
    let (id, _, _) = matched(&mut friend).await;
    assert_eq!(matched(&mut maker).await.0, id, "the friend, sent on to the room's node, is seated");
    assert_eq!(friend.moves, 1, "sent on once");
    watcher.ask(&ToServer::Watch { code }).await.unwrap();

    let (watched, _, watching) = matched(&mut watcher).await;
    assert_eq!((watched, watching, watcher.moves), (id, true, 1));
    drive(&mut [&mut maker, &mut friend, &mut watcher], |bots| bots[2].game().is_some() && in_step(bots, 5))
        .await;
    assert_eq!((maker.resyncs, friend.resyncs, watcher.resyncs), (0, 0, 0));
    let held: Vec<f64> = nodes.iter().map(|n| n.metric("carrom_matches")).collect();
    assert_eq!(held, [1.0, 0.0, 0.0], "the match runs on the node of its room only");
}

#[tokio::test]
async fn a_node_killed_mid_match_has_it_taken_over_elsewhere_and_rated_once() {
    let Some((database, mut nodes)) = fleet("fleet_kill", &["--drop-seconds", "3"]).await else { return };
    // Waiting on two different nodes; the matchmaker (node a) places the match on the node of
    // the one who waited longest: b.
    let mut a = nodes[1].bot("nadia", &token("nadia")).await;
    let mut b = nodes[2].bot("omar", &token("omar")).await;
    welcome(&mut a).await;
    welcome(&mut b).await;
    let quick = ToServer::Quick { mode: "singles".into(), rules: "classic".into() };
    a.ask(&quick).await.unwrap();
    tokio::time::sleep(Duration::from_millis(50)).await;
    b.ask(&quick).await.unwrap();
    let (id, _, _) = matched(&mut a).await;
    assert_eq!(matched(&mut b).await.0, id, "one match for two nodes' players");
    assert_eq!((a.moves, b.moves), (0, 1), "placed on the first waiter's node; the other sent on");
    drive(&mut [&mut a, &mut b], |bots| in_step(bots, 3)).await;
    // A strike made as the last of those turns came is played before the node goes.
    settle(&mut [&mut a, &mut b], Duration::from_millis(600)).await;
    assert!(in_step(&[&mut a, &mut b], 3));
    let at_kill = hash(&a);
    drop((a, b));
    nodes.remove(1).kill();
    // Back through the nodes left, as the game's reconnect does: to the first server it knew.
    let mut a = come_back(&nodes[0], "nadia").await;
    let mut b = come_back(&nodes[1], "omar").await;
    read_until(&mut [&mut a, &mut b], |bots| bots.iter().all(|b| b.game().is_some() && b.pause_seconds == 0))
        .await;
    assert_eq!(hash(&a), at_kill, "taken up from the last saved shot");
    drive(&mut [&mut a, &mut b], |bots| in_step(bots, 2)).await;
    assert_eq!((a.resyncs, b.resyncs), (0, 0));
    let taken: f64 = nodes.iter().map(|n| n.metric("carrom_taken_over_total")).sum();
    assert_eq!(taken, 1.0, "one node took the match over");
    // One player leaves for good: the match ends as abandoned, recorded and rated once.
    b.close().await;
    let deadline = Instant::now() + WAIT;
    while count(&database, "SELECT COUNT(*) FROM results").await == 0 {
        assert!(Instant::now() < deadline, "the abandoned match was not recorded");
        let _ = a.read(Duration::from_millis(200)).await;
    }
    // The killed node started again under its name holds nothing now.
    let again = Running::start(&database, &["--node", "b"]);
    assert_eq!(again.metric("carrom_matches"), 0.0, "the match is not taken back");
    assert_eq!(count(&database, "SELECT COUNT(*) FROM results").await, 1);
    assert_eq!(count(&database, "SELECT COUNT(*) FROM rating_changes").await, 2, "both rated, once");
}

#[tokio::test]
async fn a_draining_node_hands_its_matches_to_the_others() {
    let Some((_, mut nodes)) = fleet("fleet_drain", &[]).await else { return };
    let (mut maker, friend) = three_shots_in_a_room(&nodes[0], ["pooja", "qasim"], "freestyle").await;
    let at_drain = hash(&maker);
    let status = nodes.remove(0).stop();
    assert!(status.success(), "{status}");
    let closing = maker.until(WAIT, |m| matches!(m, ToClient::Closing { .. }).then_some(())).await;
    assert!(closing.is_ok(), "the players are told the node is going: {closing:?}");
    drop((maker, friend));
    let started = Instant::now();
    let mut maker = come_back(&nodes[0], "pooja").await;
    let mut friend = come_back(&nodes[1], "qasim").await;
    assert!(started.elapsed() < Duration::from_secs(10), "handed over at once, not after the lease");
    drive(&mut [&mut maker, &mut friend], |bots| bots.iter().all(|b| b.game().is_some())).await;
    assert_eq!(hash(&maker), at_drain);
    drive(&mut [&mut maker, &mut friend], |bots| in_step(bots, 2)).await;
    assert_eq!((maker.resyncs, friend.resyncs), (0, 0));
}

#[tokio::test]
async fn a_node_frozen_past_its_lease_gives_its_match_up_and_plays_no_shot_of_it() {
    let Some((database, nodes)) = fleet("fleet_frozen", &["--drop-seconds", "3"]).await else { return };
    let (maker, friend) = three_shots_in_a_room(&nodes[0], ["ravi", "sita"], "classic").await;
    let at_freeze = hash(&maker);
    // Frozen, node a looks dead to the others (as a machine cut off would): they take the match.
    nodes[0].signal("STOP");
    drop((maker, friend));
    let mut maker = come_back(&nodes[1], "ravi").await;
    let mut friend = come_back(&nodes[2], "sita").await;
    drive(&mut [&mut maker, &mut friend], |bots| bots.iter().all(|b| b.game().is_some())).await;
    assert_eq!(hash(&maker), at_freeze);
    drive(&mut [&mut maker, &mut friend], |bots| in_step(bots, 2)).await;
    // Thawed, node a finds the match held elsewhere: it records nothing and lets it go.
    nodes[0].signal("CONT");
    let deadline = Instant::now() + WAIT;
    while nodes[0].metric("carrom_matches") > 0.0 {
        assert!(Instant::now() < deadline, "node a kept a match another node holds");
        let _ = maker.read(Duration::from_millis(100)).await;
        let _ = friend.read(Duration::from_millis(100)).await;
    }
    assert_eq!(count(&database, "SELECT COUNT(*) FROM results").await, 0, "no result from node a");
    let turns = maker.turns;
    drive(&mut [&mut maker, &mut friend], |bots| in_step(bots, turns + 2)).await;
    assert_eq!((maker.resyncs, friend.resyncs), (0, 0), "in step throughout");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_cut_off_from_its_database_stops_its_matches_and_another_takes_them_up_with_nothing_lost() {
    let Some((database, nodes)) = fleet("fleet_cut", &["--drop-seconds", "30"]).await else { return };
    // Node d reaches PostgreSQL through a relay the test can cut, as a network partition would.
    let (base, name) = database.rsplit_once('/').unwrap();
    let host = base.rsplit_once('@').map_or(base, |(_, host)| host);
    let relay = common::lag::Lag::start(host, Duration::ZERO, Duration::ZERO, 0.0).await;
    let through = database.replace(host, &relay.address);
    assert!(through.ends_with(name));
    let cut = Running::start(&through, &["--node", "d", "--drop-seconds", "30"]);
    let (mut maker, mut friend) = three_shots_in_a_room(&cut, ["tanvi", "umair"], "classic").await;
    let at_cut = hash(&maker);
    relay.go_silent(600.0);
    let cut_at = Instant::now();
    // Within its lease (five seconds, and a sweep), node d stops the match and says why.
    for bot in [&mut maker, &mut friend] {
        let told = bot
            .until(WAIT, |m| match m {
                ToClient::Closing { reason } => Some(reason.clone()),
                _ => None,
            })
            .await
            .unwrap();
        assert!(told.contains("lost its database"), "{told}");
    }
    // The lease (5 s), a sweep (0.5 s), and at worst a save under way giving up (2 s).
    assert!(cut_at.elapsed() < Duration::from_secs(10), "told after {:?}", cut_at.elapsed());
    drop((maker, friend));
    let mut maker = come_back(&nodes[0], "tanvi").await;
    let mut friend = come_back(&nodes[1], "umair").await;
    read_until(&mut [&mut maker, &mut friend], |bots| {
        bots.iter().all(|b| b.game().is_some() && b.pause_seconds == 0)
    })
    .await;
    assert_eq!(hash(&maker), at_cut, "every shot the players saw was saved: nothing lost");
    drive(&mut [&mut maker, &mut friend], |bots| in_step(bots, 2)).await;
    assert_eq!((maker.resyncs, friend.resyncs), (0, 0));
    let taken: f64 = nodes.iter().map(|n| n.metric("carrom_taken_over_total")).sum();
    assert_eq!(taken, 1.0);
}

/// A welcome's player id and friend tag.
async fn signed(bot: &mut Bot) -> (String, String) {
    bot.until(WAIT, |m| match m {
        ToClient::Welcome { player, tag, .. } => Some((player.clone(), tag.clone())),
        _ => None,
    })
    .await
    .expect("a welcome")
}

/// `friend`'s presence as `bot` sees it, asked until it is `wanted`: how long that took.
async fn sees(bot: &mut Bot, friend: &str, wanted: carrom_net::lobby::Presence) -> Duration {
    let start = Instant::now();
    loop {
        bot.ask(&ToServer::Friends).await.unwrap();
        let now = bot
            .until(WAIT, |m| match m {
                ToClient::Friends { friends, .. } => {
                    Some(friends.iter().find(|f| f.who.player == friend).map(|f| f.presence))
                }
                _ => None,
            })
            .await
            .unwrap();
        if now == Some(wanted) {
            return start.elapsed();
        }
        assert!(start.elapsed() < Duration::from_secs(3), "{friend} is {now:?}, not {wanted:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn friends_on_different_nodes_ask_accept_see_presence_and_an_invitation_seats_both() {
    use carrom_net::lobby::Presence;
    let Some((_, nodes)) = fleet("people", &[]).await else { return };
    let mut asha = nodes[0].bot("Asha", &token("asha")).await;
    let mut ravi = nodes[1].bot("Ravi", &token("ravi")).await;
    let (asha_id, _) = signed(&mut asha).await;
    let (ravi_id, ravi_tag) = signed(&mut ravi).await;
    asha.ask(&ToServer::Befriend { tag: ravi_tag }).await.unwrap();
    let asked = Instant::now();
    ravi.until(WAIT, |m| matches!(m, ToClient::FriendAsked { .. }).then_some(())).await.unwrap();
    assert!(asked.elapsed() < Duration::from_secs(2), "the request crossed nodes in {:?}", asked.elapsed());
    ravi.ask(&ToServer::Answer { player: asha_id.clone(), accept: true }).await.unwrap();
    asha.until(WAIT, |m| matches!(m, ToClient::Befriended { .. }).then_some(())).await.unwrap();
    sees(&mut asha, &ravi_id, Presence::Online).await;
    ravi.ask(&ToServer::Away { away: true }).await.unwrap();
    let took = sees(&mut asha, &ravi_id, Presence::Away).await;
    eprintln!("presence across nodes seen in {took:?}");
    ravi.close().await;
    sees(&mut asha, &ravi_id, Presence::Offline).await;
    // Back on a third node; invited by a friend whose room is on the first.
    let mut ravi = nodes[2].bot("Ravi", &token("ravi")).await;
    signed(&mut ravi).await;
    sees(&mut asha, &ravi_id, Presence::Online).await;
    let invite =
        ToServer::Invite { player: ravi_id.clone(), mode: "singles".into(), rules: "classic".into() };
    asha.ask(&invite).await.unwrap();
    let id = ravi
        .until(WAIT, |m| match m {
            ToClient::Invited { invite, .. } => Some(invite.clone()),
            _ => None,
        })
        .await
        .unwrap();
    ravi.ask(&ToServer::Reply { invite: id, accept: true }).await.unwrap();
    // Ravi follows on to the room's node; then the room is full.
    let (r_match, _, _) = matched(&mut ravi).await;
    let (a_match, _, _) = matched(&mut asha).await;
    assert_eq!(a_match, r_match);
    assert_eq!(ravi.moves, 1, "sent on to the node of the room");
    sees(&mut ravi, &asha_id, Presence::Playing).await;
}
