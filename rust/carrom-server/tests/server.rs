//! The match server, tested as it runs: the real process on 127.0.0.1, bots that speak to it as
//! the game does (each with its own copy of the match, answering every shot with its hash), and
//! a real database — every test runs on SQLite, and on PostgreSQL too when the test command has
//! a cluster running.

mod common;

use carrom_core::game::{Action, Game};
use carrom_core::rules::{MatchSettings, Mode, Ruleset};
use carrom_core::BoardSpec;
use carrom_net::lobby::{Ending, ToClient, ToServer};
use carrom_net::{Intent, Replica, StateHash, Who};
use carrom_server::bot::{Aim, Bot, BotError};
use common::play::{drive, every_side_struck, hash, in_step, matched, read_until, refused, settle, welcome};
use common::{databases, token, Running, WAIT};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// Two bots in a quick match of singles.
async fn quick_pair(server: &Running, names: [&str; 2]) -> (Bot, Bot, String) {
    quick_pair_of(server, names, "classic").await
}

/// Two bots in a quick match of singles under the ruleset `rules`.
async fn quick_pair_of(server: &Running, names: [&str; 2], rules: &str) -> (Bot, Bot, String) {
    let mut a = server.bot(names[0], &token(names[0])).await;
    let mut b = server.bot(names[1], &token(names[1])).await;
    welcome(&mut a).await;
    welcome(&mut b).await;
    let quick = ToServer::Quick { mode: "singles".into(), rules: rules.into() };
    a.ask(&quick).await.unwrap();
    b.ask(&quick).await.unwrap();
    let (id_a, _, _) = matched(&mut a).await;
    let (id_b, code, _) = matched(&mut b).await;
    assert_eq!(id_a, id_b, "both in one match");
    (a, b, code)
}

#[tokio::test]
async fn quick_match_pairs_two_players_who_play_a_whole_board_in_step() {
    for database in databases("quick").await {
        let server = Running::start(&database, &[]);
        let (mut a, mut b, _) = quick_pair(&server, ["asha", "bilal"]).await;
        drive(&mut [&mut a, &mut b], |bots| {
            let board = bots[0].game().map_or(1, |g| g.rules().board().number);
            let over = bots[0].game().is_some_and(|g| g.rules().is_over());
            (board > 1 || over) && in_step(bots, 1)
        })
        .await;
        assert_eq!((a.resyncs, b.resyncs), (0, 0), "every hash agreed with the server's");
        assert!(a.refusals.is_empty() && b.refusals.is_empty(), "{:?} {:?}", a.refusals, b.refusals);
        assert_eq!(hash(&a), hash(&b));
        assert!(a.turns > 5, "a whole board takes more than a few shots ({})", a.turns);
        assert_eq!(server.metric("carrom_matches"), 1.0);
        assert_eq!(server.metric("carrom_desyncs_total"), 0.0);
        // Every strike asked for is timed to its shot (placements of returned pieces are not
        // strikes).
        let strikes =
            a.game().unwrap().replay().actions.iter().filter(|a| matches!(a, Action::Strike { .. })).count();
        assert!(server.metric("carrom_strike_to_shot_seconds_count") >= strikes as f64 - 1.0);
    }
}

#[tokio::test]
async fn ic6_x3_an_icf_quick_match_waits_for_the_toss_winners_choice_and_plays_on_in_step() {
    for database in databases("icf_quick").await {
        let server = Running::start(&database, &[]);
        let (mut a, mut b, _) = quick_pair_of(&server, ["olu", "priya"], "icf").await;
        // Only read (nobody acts) until both have the match.
        let deadline = Instant::now() + WAIT;
        while !(a.game().is_some() && b.game().is_some()) {
            assert!(Instant::now() < deadline, "the match did not reach both players");
            settle(&mut [&mut a, &mut b], Duration::from_millis(50)).await;
        }
        let game = a.game().unwrap();
        // Nobody breaks before the toss's winner chooses (IC6); returned pieces will wait for
        // the opponent's placing (X3).
        let winner = game.rules().toss().expect("the toss's winner owes a choice");
        assert!(game.rules().settings().opponent_places());
        assert_eq!(game.awaited().map(|a| a.seat), Some(winner));
        drive(&mut [&mut a, &mut b], |bots| in_step(bots, 12)).await;
        let game = a.game().unwrap();
        assert_eq!(game.rules().toss(), None, "the choice was made");
        assert_eq!((a.resyncs, b.resyncs), (0, 0), "every hash agreed with the server's");
        assert!(a.refusals.is_empty() && b.refusals.is_empty(), "{:?} {:?}", a.refusals, b.refusals);
        assert_eq!(hash(&a), hash(&b));
    }
}

#[tokio::test]
async fn x3_a_classic_match_on_the_server_has_the_opponent_place_and_ends_as_the_same_match_offline() {
    for database in databases("classic_places").await {
        let server = Running::start(&database, &[]);
        let (mut a, mut b, _) = quick_pair(&server, ["ines", "jomo"]).await;
        let placed = |bot: &Bot| {
            bot.game().is_some_and(|g| g.replay().actions.iter().any(|a| matches!(a, Action::Place { .. })))
        };
        // Until returned pieces have been placed by the opponent, and a few turns after.
        let mut turns = u32::MAX;
        drive(&mut [&mut a, &mut b], |bots| {
            if placed(bots[0]) && turns == u32::MAX {
                turns = bots[0].turns + 3;
            }
            in_step(bots, turns) || bots[0].game().is_some_and(|g| g.rules().is_over()) && in_step(bots, 1)
        })
        .await;
        assert_eq!((a.resyncs, b.resyncs), (0, 0), "every hash agreed with the server's");
        let served = a.game().unwrap();
        assert!(placed(&a), "no piece went back before the match ended");
        // The same match on one device (match.gd): the classic preset as it is (the opponent
        // places: the ruleset says so), the same seed, the same actions.
        let settings = MatchSettings::with_rules(Mode::Singles, Ruleset::classic());
        assert_eq!(*served.rules().settings(), settings, "the server plays the ruleset as it is");
        let mut offline = Game::new(BoardSpec::icf(), settings, served.rules().seed()).unwrap();
        for action in &served.replay().actions {
            offline.perform(action).unwrap();
        }
        assert_eq!(StateHash::of_game(&offline).unwrap(), hash(&a), "the same match, bit for bit");
    }
}

#[tokio::test]
async fn a_room_code_seats_a_friend_a_wrong_code_is_refused_and_a_watcher_sees_every_shot() {
    for database in databases("room").await {
        let server = Running::start(&database, &[]);
        let mut maker = server.bot("maker", &token("maker")).await;
        let mut friend = server.bot("friend", &token("friend")).await;
        let mut watcher = server.bot("watcher", &token("watcher")).await;
        for bot in [&mut maker, &mut friend, &mut watcher] {
            welcome(bot).await;
        }
        maker.ask(&ToServer::Create { mode: "singles".into(), rules: "freestyle".into() }).await.unwrap();
        let code = maker
            .until(WAIT, |m| match m {
                ToClient::Room { code, taken: 1, seats: 2, .. } => Some(code.clone()),
                _ => None,
            })
            .await
            .unwrap();
        friend.ask(&ToServer::Join { code: "ZZZZZZ".into() }).await.unwrap();
        assert!(refused(&mut friend).await.contains("no room has the code ZZZZZZ"));
        watcher.ask(&ToServer::Watch { code: code.clone() }).await.unwrap();
        assert!(refused(&mut watcher).await.contains("has not begun"));
        // Typed in lower case with a dash, as a friend might.
        let typed = format!("{}-{}", &code[..3], &code[3..]).to_lowercase();
        friend.ask(&ToServer::Join { code: typed }).await.unwrap();
        let (id, _, _) = matched(&mut maker).await;
        assert_eq!(matched(&mut friend).await.0, id);
        watcher.ask(&ToServer::Watch { code: code.clone() }).await.unwrap();
        let (watched, _, watching) = matched(&mut watcher).await;
        assert_eq!(watched, id);
        assert!(watching);
        drive(&mut [&mut maker, &mut friend, &mut watcher], |bots| {
            bots[2].game().is_some() && in_step(bots, 6)
        })
        .await;
        assert!(watcher.seats().is_empty(), "a watcher holds no seat");
        assert_eq!(watcher.turns, maker.turns);
        assert_eq!(hash(&watcher), hash(&maker));
        assert_eq!(maker.game().unwrap().rules().settings().rules.name, "freestyle");
        // A watcher's strike is refused, and the match goes on unharmed.
        let seat = maker.game().unwrap().rules().to_play().unwrap();
        let strike = Replica::strike(&Intent::new(seat, 0.0, carrom_core::Vec2::new(0.0, 1.0), 0.5));
        watcher.send(Message::Binary(strike.into())).await.unwrap();
        let before = maker.turns;
        drive(&mut [&mut maker, &mut friend, &mut watcher], |bots| {
            !bots[2].refusals.is_empty() && in_step(bots, before + 2)
        })
        .await;
        assert!(watcher.refusals[0].contains("not yours"), "{:?}", watcher.refusals);
    }
}

#[tokio::test]
async fn a_room_code_expires() {
    for database in databases("expiry").await {
        let server = Running::start(&database, &["--code-seconds", "1"]);
        let mut maker = server.bot("maker", &token("maker")).await;
        let mut late = server.bot("late", &token("late")).await;
        welcome(&mut maker).await;
        welcome(&mut late).await;
        maker.ask(&ToServer::Create { mode: "points".into(), rules: "classic".into() }).await.unwrap();
        let code = maker
            .until(WAIT, |m| match m {
                ToClient::Room { code, seats: 3, .. } => Some(code.clone()),
                _ => None,
            })
            .await
            .unwrap();
        assert!(refused(&mut maker).await.contains("expired"), "the maker is told");
        late.ask(&ToServer::Join { code: code.clone() }).await.unwrap();
        assert!(refused(&mut late).await.contains(&format!("no room has the code {code}")));
    }
}

#[tokio::test]
async fn a_player_whose_socket_drops_comes_back_to_their_seat() {
    for database in databases("rejoin").await {
        let server = Running::start(&database, &[]);
        let (mut a, mut b, _) = quick_pair(&server, ["chitra", "dev"]).await;
        drive(&mut [&mut a, &mut b], |bots| in_step(bots, 2)).await;
        let seats = a.seats().to_vec();
        a.close().await;
        // The other sees the match wait for the one who dropped.
        b.play_until(Duration::ZERO, WAIT, |bot| bot.pause_seconds > 0).await.unwrap();
        assert!(b.players.iter().any(|p| p.who == Who::Away));
        let mut back = server.bot("chitra", &token("chitra")).await;
        let (_, playing) = welcome(&mut back).await;
        assert!(playing, "the server says a match waits");
        back.ask(&ToServer::Resume).await.unwrap();
        assert!(!matched(&mut back).await.2);
        let turns = b.turns;
        drive(&mut [&mut back, &mut b], |bots| {
            bots[0].game().is_some()
                && bots[1].pause_seconds == 0
                && in_step(&bots[1..], turns + 2)
                && bots[0].caught_up()
                && hash(bots[0]) == hash(bots[1])
        })
        .await;
        assert_eq!(back.seats(), seats, "the same seat");
        assert!(server.metric("carrom_reconnects_total") >= 1.0);
    }
}

#[tokio::test]
async fn hostile_clients_are_refused_and_the_match_is_unharmed() {
    for database in databases("hostile").await {
        let server = Running::start(&database, &[]);
        let (mut a, mut b, code) = quick_pair(&server, ["eve", "faiz"]).await;
        drive(&mut [&mut a, &mut b], |bots| in_step(bots, 2)).await;
        // Someone else's seat.
        let theirs = b.seats()[0];
        let strike = Replica::strike(&Intent::new(theirs, 0.0, carrom_core::Vec2::new(0.0, 1.0), 0.5));
        a.send(Message::Binary(strike.into())).await.unwrap();
        // Forged fields: a power out of range, a seat that does not exist, junk.
        a.send(
            Message::Binary(
                br#"{"protocol":4,"body":{"strike":{"seat":9,"offset":0,"direction":[0,0],"power":0}}}"#
                    .to_vec()
                    .into(),
            ),
        )
        .await
        .unwrap();
        a.send(Message::Binary(b"\xff\x00 not json".to_vec().into())).await.unwrap();
        a.send(Message::Text("{\"type\":\"make_me_win\"}".into())).await.unwrap();
        assert!(refused(&mut a).await.contains("not a carrom message"));
        // A flood.
        for _ in 0..200 {
            let aim = Replica::aim(a.seats()[0], 0.0, carrom_core::Vec2::new(0.0, 1.0));
            a.send(Message::Binary(aim.into())).await.unwrap();
        }
        // Another device says hello to the match with someone else's token.
        let mut forger = server.bot("mallory", &token("mallory")).await;
        welcome(&mut forger).await;
        forger.ask(&ToServer::Watch { code: code.clone() }).await.unwrap();
        forger.until(WAIT, |m| matches!(m, ToClient::Matched { .. }).then_some(())).await.unwrap();
        let forged = Replica::hello("eve", &token("eve"));
        forger.send(Message::Binary(forged.into())).await.unwrap();
        // An oversized frame ends that connection alone.
        let mut big = server.bot("big", &token("big")).await;
        welcome(&mut big).await;
        big.send(Message::Binary(vec![b' '; 20 * 1024].into())).await.unwrap();
        let closed = big.play_until(Duration::ZERO, WAIT, |_| false).await;
        assert!(matches!(closed, Err(BotError::Link(_))), "{closed:?}");
        let turns = a.turns;
        drive(&mut [&mut a, &mut b, &mut forger], |bots| in_step(bots, turns + 3)).await;
        let reasons = a.refusals.join(" | ");
        assert!(reasons.contains("is not yours"), "{reasons}");
        assert!(
            reasons.contains("seat 9 does not exist") || reasons.contains("not a carrom message"),
            "{reasons}"
        );
        assert!(reasons.contains("messages a second"), "{reasons}");
        assert!(forger.refusals.iter().any(|r| r.contains("one hello")), "{:?}", forger.refusals);
        assert!(forger.seats().is_empty(), "the forger took no seat");
        assert_eq!((a.resyncs, b.resyncs), (0, 0));
        assert!(server.metric("carrom_refusals_total") >= 4.0);
    }
}

#[tokio::test]
async fn an_abandoned_match_is_rated_once_even_across_a_restart() {
    for database in databases("ratings").await {
        let server = Running::start(&database, &["--drop-seconds", "1"]);
        let (mut a, mut b, _) = quick_pair(&server, ["gita", "hari"]).await;
        let (gita, _) = (a.name.clone(), ());
        // Rated once every side has struck (before that, leaving is not rated: attacks.rs).
        drive(&mut [&mut a, &mut b], |bots| in_step(bots, 2) && every_side_struck(bots[0])).await;
        b.close().await;
        let (ending, changes) = a
            .until(WAIT, |m| match m {
                ToClient::Over { ending, changes } => Some((*ending, changes.clone())),
                _ => None,
            })
            .await
            .unwrap();
        assert_eq!(ending, Ending::Abandoned);
        let mine = changes.iter().find(|c| c.name == gita).unwrap();
        let theirs = changes.iter().find(|c| c.name != gita).unwrap();
        assert!(mine.after > mine.before && theirs.after < theirs.before, "{changes:?}");
        let mut again = server.bot("gita", &token("gita")).await;
        let (player, playing) = welcome(&mut again).await;
        assert!(!playing, "the match is over");
        let profile = |server: &Running| -> serde_json::Value {
            let (status, body) = server.get(&format!("/players/{player}"));
            assert_eq!(status, 200, "{body}");
            serde_json::from_str(&body).unwrap()
        };
        let before = profile(&server);
        assert_eq!(before["ratings"][0]["games"], 1);
        assert_eq!(before["ratings"][0]["rating"], mine.after);
        assert_eq!(before["history"].as_array().unwrap().len(), 1);
        assert!(server.stop().success(), "SIGTERM stops it cleanly");
        let server = Running::start(&database, &["--drop-seconds", "1"]);
        assert_eq!(profile(&server), before, "started again, nothing is applied twice");
        assert_eq!(server.metric("carrom_matches"), 0.0, "a finished match is not taken up again");
        let (status, board) = server.get("/leaderboard?ladder=singles");
        assert_eq!(status, 200);
        let board: serde_json::Value = serde_json::from_str(&board).unwrap();
        assert_eq!(board["players"][0]["name"], "gita");
        assert_eq!(board["players"].as_array().unwrap().len(), 2);
        assert_eq!(server.get("/leaderboard?ladder=chess").0, 400);
        assert_eq!(server.get("/players/not-an-id").0, 400);
    }
}

#[tokio::test]
async fn a_server_killed_mid_match_resumes_it_on_the_same_database() {
    for database in databases("resume").await {
        let server = Running::start(&database, &["--drop-seconds", "60"]);
        let (mut a, mut b, _) = quick_pair(&server, ["indu", "jai"]).await;
        drive(&mut [&mut a, &mut b], |bots| in_step(bots, 3)).await;
        // A strike made as the last of those turns came is played before the kill.
        settle(&mut [&mut a, &mut b], Duration::from_millis(600)).await;
        assert!(in_step(&[&mut a, &mut b], 3));
        let (turns, at_kill) = (a.turns, hash(&a));
        let database = server.kill();
        let server = Running::start(&database, &["--drop-seconds", "60"]);
        assert_eq!(server.metric("carrom_matches"), 1.0, "the match is taken up again");
        let (mut a, mut b) = server.resumed(["indu", "jai"]).await;
        read_until(&mut [&mut a, &mut b], |bots| {
            bots.iter().all(|b| b.game().is_some() && b.pause_seconds == 0)
        })
        .await;
        assert_eq!(hash(&a), at_kill, "the match as it stood after the last shot");
        drive(&mut [&mut a, &mut b], |bots| in_step(bots, 2)).await;
        assert!(a.game().unwrap().replay().actions.len() as u32 >= turns + 2, "play went on from there");
        assert_eq!((a.resyncs, b.resyncs), (0, 0));
    }
}

#[tokio::test]
async fn sigterm_tells_the_players_and_stops_taking_matches() {
    for database in databases("drain").await {
        let server = Running::start(&database, &[]);
        let (mut a, _b, _) = quick_pair(&server, ["kiran", "lata"]).await;
        a.until(WAIT, |m| matches!(m, ToClient::Matched { .. }).then_some(())).await.ok();
        let status = server.stop();
        assert!(status.success(), "{status}");
        let told = a
            .until(WAIT, |m| match m {
                ToClient::Closing { reason } => Some(reason.clone()),
                _ => None,
            })
            .await;
        assert!(told.is_ok_and(|r| r.contains("restarting")));
    }
}

#[tokio::test]
async fn one_address_may_not_open_connections_or_query_in_a_flood() {
    let database = databases("flood").await.remove(0);
    let server = Running::start(&database, &[]);
    let mut refused = 0;
    for i in 0..40 {
        match Bot::connect(&server.address, "flood", &token(&format!("flood{i}")), i).await {
            Ok(bot) => bot.close().await,
            Err(BotError::Link(e)) => {
                assert!(e.contains("429"), "{e}");
                refused += 1;
            }
            Err(e) => panic!("{e}"),
        }
    }
    assert!(refused > 0, "some of 40 connections at once are refused");
    let statuses: Vec<u16> = (0..60).map(|_| server.get("/leaderboard").0).collect();
    assert_eq!(statuses[0], 200);
    assert!(statuses.contains(&429), "60 queries at once: some are refused ({statuses:?})");
    assert_eq!(server.get("/healthz").0, 200);
    assert_eq!(server.get("/readyz").0, 200);
}

#[tokio::test]
async fn three_timeouts_forfeit_a_match_unrated_when_nobody_struck_and_its_players_can_play_again() {
    for database in databases("rematch").await {
        let server = Running::start(&database, &["--turn-seconds", "1"]);
        let (mut a, mut b, _) = quick_pair(&server, ["mira", "nasir"]).await;
        let over = |m: &ToClient| match m {
            ToClient::Over { ending, changes } => Some((*ending, changes.clone())),
            _ => None,
        };
        // Nobody strikes: the turns pass, and the third in a row of one player forfeits. Both
        // keep reading (a device that reads nothing answers no ping, and is dropped).
        let mut ends = [None, None];
        let deadline = Instant::now() + Duration::from_secs(60);
        while ends.iter().any(Option::is_none) {
            assert!(Instant::now() < deadline, "no forfeit within a minute");
            for (end, bot) in ends.iter_mut().zip([&mut a, &mut b]) {
                match bot.read(Duration::from_millis(5)).await {
                    Ok(()) | Err(BotError::Silent(_)) => {}
                    Err(e) => panic!("{}: {e}", bot.name),
                }
                while let Some(message) = bot.lobby.pop_front() {
                    *end = end.take().or_else(|| over(&message));
                }
            }
        }
        let (ending, changes) = ends[0].take().unwrap();
        assert_eq!(ending, Ending::Won, "a forfeit is a win for the other side");
        // Nobody struck: a result that says nothing of skill moves no rating.
        assert!(changes.is_empty(), "{changes:?}");
        assert!(a.game().unwrap().rules().is_over());
        // Both ask for a rematch: a new match of the same players begins.
        a.ask(&ToServer::Rematch).await.unwrap();
        b.ask(&ToServer::Rematch).await.unwrap();
        let (new_a, _, _) = matched(&mut a).await;
        let (new_b, _, _) = matched(&mut b).await;
        assert_eq!(new_a, new_b);
        a.play_until(Duration::ZERO, WAIT, |bot| bot.game().is_some()).await.unwrap();
        assert!(!a.game().unwrap().rules().is_over(), "a fresh match");
        assert_eq!(a.game().unwrap().replay().actions.len(), 0);
        // A third asking for the same is refused: no rematch is open any more.
        let mut other = server.bot("other", &token("other")).await;
        welcome(&mut other).await;
        other.ask(&ToServer::Rematch).await.unwrap();
        assert!(refused(&mut other).await.contains("no match to play again"));
    }
}

// The relay gets a thread of its own, and the bots strike at random (choosing costs nothing),
// so that the only silence on the link is the tunnel's, however busy the machine.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn over_a_slow_jittery_lossy_link_that_goes_silent_for_ten_seconds_play_stays_in_step() {
    let database = databases("badnet").await.remove(0);
    let server = Running::start(&database, &[]);
    let lag =
        common::lag::Lag::start(&server.address, Duration::from_millis(200), Duration::from_millis(50), 0.05)
            .await;
    let mut near = server.bot("ravi", &token("ravi")).await.aiming(Aim::Random);
    let mut far = server.bot_by(&lag.address, "sana", &token("sana")).await.aiming(Aim::Random);
    welcome(&mut near).await;
    welcome(&mut far).await;
    let quick = ToServer::Quick { mode: "singles".into(), rules: "classic".into() };
    near.ask(&quick).await.unwrap();
    far.ask(&quick).await.unwrap();
    matched(&mut near).await;
    matched(&mut far).await;
    drive(&mut [&mut near, &mut far], |bots| in_step(bots, 6)).await;
    // A tunnel: ten seconds of nothing either way (under the 14 s the server waits for a
    // silent link), then everything sent meanwhile arrives, late and in order.
    lag.go_silent(10.0);
    let cut_at = near.turns;
    drive(&mut [&mut near, &mut far], |bots| in_step(bots, cut_at + 4)).await;
    assert_eq!((near.resyncs, far.resyncs), (0, 0), "nothing lost, nothing out of step");
    assert!(near.refusals.is_empty() && far.refusals.is_empty(), "{:?} {:?}", near.refusals, far.refusals);
    assert_eq!(hash(&near), hash(&far));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_link_gone_silent_for_good_is_noticed_within_fifteen_seconds() {
    let database = databases("deadlink").await.remove(0);
    let server = Running::start(&database, &[]);
    let lag = common::lag::Lag::start(&server.address, Duration::from_millis(20), Duration::ZERO, 0.0).await;
    let mut near = server.bot("tara", &token("tara")).await.aiming(Aim::Random);
    let mut far = server.bot_by(&lag.address, "umar", &token("umar")).await.aiming(Aim::Random);
    let quick = ToServer::Quick { mode: "singles".into(), rules: "classic".into() };
    near.ask(&quick).await.unwrap();
    far.ask(&quick).await.unwrap();
    matched(&mut near).await;
    matched(&mut far).await;
    drive(&mut [&mut near, &mut far], |bots| in_step(bots, 1)).await;
    // The phone is gone: no close, no word, nothing at all.
    lag.go_silent(120.0);
    let gone_at = Instant::now();
    near.play_until(Duration::ZERO, Duration::from_secs(30), |bot| {
        bot.players.iter().any(|p| p.who == Who::Away)
    })
    .await
    .unwrap();
    let noticed = gone_at.elapsed();
    // 14 s of silence, checked every second; a busy machine adds a little.
    assert!(noticed <= Duration::from_millis(16_500), "noticed after {noticed:?}");
    assert!(
        noticed >= Duration::from_secs(10),
        "a silence shorter than a tunnel's is not death ({noticed:?})"
    );
}

#[tokio::test]
async fn a_frame_longer_than_one_read_arrives_whole_and_the_connection_goes_on() {
    for database in databases("frames").await {
        let server = Running::start(&database, &[]);
        let mut asha = server.bot("Asha", &token("asha")).await;
        welcome(&mut asha).await;
        // Three times the 4 KiB the server reads at a time, under the 16 KiB a frame may be: read
        // whole, the lobby names its full size in refusing it.
        let long = format!("{{\"type\":\"ping\",\"pad\":\"{}\"}}", "x".repeat(12 * 1024));
        asha.send(Message::Text(long.clone().into())).await.unwrap();
        let said = refused(&mut asha).await;
        assert!(said.contains(&format!("{} bytes", long.len())), "{said}");
        asha.ask(&ToServer::Ping).await.unwrap();
        asha.until(WAIT, |m| matches!(m, ToClient::Pong).then_some(())).await.unwrap();
    }
}
