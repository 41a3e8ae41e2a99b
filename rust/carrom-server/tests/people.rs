//! People on the real server process, over SQLite and PostgreSQL: a device linked by a code or
//! a recovery code plays as the same player; friends ask, accept and see each other's
//! presence; an invitation accepted seats both in one match; quick chat reaches the others at
//! a match at a person's pace; a block stops requests, chat and quick-match pairing; a report
//! reaches the operator and no one else.

mod common;

use carrom_net::lobby::{Friend, Person, Presence, ToClient, ToServer};
use carrom_server::bot::{Bot, BotError};
use common::play::{matched, refused, room, welcome};
use common::{databases, token, Running, WAIT};
use std::net::{IpAddr, Ipv4Addr};
use std::time::{Duration, Instant};

/// A welcome's player id and friend tag.
async fn signed(bot: &mut Bot) -> (String, String) {
    bot.until(WAIT, |m| match m {
        ToClient::Welcome { player, tag, .. } => Some((player.clone(), tag.clone())),
        ToClient::Refused { reason } => panic!("refused: {reason}"),
        _ => None,
    })
    .await
    .expect("a welcome")
}

async fn friends_list(bot: &mut Bot) -> (Vec<Friend>, Vec<Person>, Vec<Person>) {
    bot.ask(&ToServer::Friends).await.unwrap();
    bot.until(WAIT, |m| match m {
        ToClient::Friends { friends, asking, recent, .. } => {
            Some((friends.clone(), asking.clone(), recent.clone()))
        }
        ToClient::Refused { reason } => panic!("refused: {reason}"),
        _ => None,
    })
    .await
    .expect("a friends list")
}

/// Asks `friend`'s presence as `bot` sees it until it is `wanted` (at most a few seconds).
async fn presence_becomes(bot: &mut Bot, friend: &str, wanted: Presence) -> Duration {
    let start = Instant::now();
    loop {
        let (friends, _, _) = friends_list(bot).await;
        let now = friends.iter().find(|f| f.who.player == friend).map(|f| f.presence);
        if now == Some(wanted) {
            return start.elapsed();
        }
        assert!(start.elapsed() < Duration::from_secs(5), "{friend} is {now:?}, not {wanted:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Makes `a` and `b` friends: `a` asks by `b`'s tag, `b` is told and accepts, `a` is told.
async fn befriend(a: &mut Bot, b: &mut Bot, a_id: &str, b_tag: &str) {
    a.ask(&ToServer::Befriend { tag: b_tag.into() }).await.unwrap();
    let asker = b
        .until(WAIT, |m| match m {
            ToClient::FriendAsked { who } => Some(who.clone()),
            _ => None,
        })
        .await
        .expect("the request reaches the friend");
    assert_eq!(asker.player, a_id);
    b.ask(&ToServer::Answer { player: a_id.into(), accept: true }).await.unwrap();
    a.until(WAIT, |m| matches!(m, ToClient::Befriended { .. }).then_some(())).await.expect("told of the yes");
}

/// A link code `bot`'s player is given.
async fn link_code(bot: &mut Bot) -> String {
    bot.ask(&ToServer::LinkCode).await.unwrap();
    bot.until(WAIT, |m| match m {
        ToClient::LinkCode { code, .. } => Some(code.clone()),
        _ => None,
    })
    .await
    .expect("a link code")
}

fn address(n: u8) -> IpAddr {
    Ipv4Addr::new(127, 6, 0, n).into()
}

#[tokio::test]
async fn a_device_linked_by_code_plays_as_the_same_player_and_can_be_unlinked() {
    for database in databases("link").await {
        let server = Running::start(&database, &[]);
        let mut phone = server.bot("Asha", &token("asha-phone")).await;
        let (player, tag) = signed(&mut phone).await;
        assert!(tag.starts_with("Asha#") && tag.len() == 9, "{tag}");
        let code = link_code(&mut phone).await;
        let new_token = token("asha-tablet");
        let mut tablet =
            Bot::claim_from(&server.address, Some(address(1)), &new_token, &code, 1).await.unwrap();
        assert_eq!(signed(&mut tablet).await, (player.clone(), tag.clone()), "the same player, the same tag");
        assert_eq!(tablet.name, "Asha", "the player's own name");
        // Signing in again, by hello, the tablet stays Asha.
        let mut again = server.bot("Asha", &new_token).await;
        assert_eq!(signed(&mut again).await.0, player);
        // A code works once.
        let mut thief =
            Bot::claim_from(&server.address, Some(address(2)), &token("thief"), &code, 2).await.unwrap();
        assert!(refused(&mut thief).await.contains("no link or recovery code"));
        phone.ask(&ToServer::Devices).await.unwrap();
        let devices = phone
            .until(WAIT, |m| match m {
                ToClient::Devices { devices } => Some(devices.clone()),
                _ => None,
            })
            .await
            .unwrap();
        assert_eq!(devices.len(), 2);
        let tablet_id = devices.iter().find(|d| !d.this).map(|d| d.id.clone()).unwrap();
        let phone_id = devices.iter().find(|d| d.this).map(|d| d.id.clone()).unwrap();
        phone.ask(&ToServer::Unlink { device: phone_id }).await.unwrap();
        assert!(refused(&mut phone).await.contains("cannot unlink itself"));
        phone.ask(&ToServer::Unlink { device: tablet_id }).await.unwrap();
        let left = phone
            .until(WAIT, |m| match m {
                ToClient::Devices { devices } => Some(devices.len()),
                _ => None,
            })
            .await
            .unwrap();
        assert_eq!(left, 1);
        let mut unlinked = server.bot("Tablet", &new_token).await;
        assert_ne!(signed(&mut unlinked).await.0, player, "an unlinked device is no longer the player");
    }
}

#[tokio::test]
async fn a_recovery_code_brings_a_new_phone_to_the_player_and_only_the_last_code_works() {
    for database in databases("recovery").await {
        let server = Running::start(&database, &[]);
        let mut old = server.bot("Ravi", &token("ravi-old")).await;
        let (player, _) = signed(&mut old).await;
        let mut codes = vec![];
        for _ in 0..2 {
            old.ask(&ToServer::Recovery).await.unwrap();
            let code = old
                .until(WAIT, |m| match m {
                    ToClient::Recovery { code } => Some(code.clone()),
                    _ => None,
                })
                .await
                .unwrap();
            assert_eq!(code.len(), 19, "four groups of four: {code}");
            codes.push(code);
        }
        let mut stale = Bot::claim_from(&server.address, Some(address(3)), &token("ravi-new"), &codes[0], 3)
            .await
            .unwrap();
        assert!(
            refused(&mut stale).await.contains("no link or recovery code"),
            "the first code was replaced"
        );
        let typed = codes[1].to_lowercase().replace('-', " ");
        let mut new =
            Bot::claim_from(&server.address, Some(address(4)), &token("ravi-new"), &typed, 4).await.unwrap();
        assert_eq!(signed(&mut new).await.0, player, "typed in any case, with spaces");
    }
}

#[tokio::test]
async fn link_codes_guessed_are_refused_and_an_address_that_keeps_guessing_is_held_off() {
    for database in databases("guess").await {
        let server = Running::start(&database, &[]);
        let mut owner = server.bot("Owner", &token("owner")).await;
        let (player, _) = signed(&mut owner).await;
        let code = link_code(&mut owner).await;
        let guesser = address(9);
        for n in 0..5 {
            let guess = format!("ABCD-EFG{}", ["H", "J", "K", "M", "N"][n]);
            let mut bot =
                Bot::claim_from(&server.address, Some(guesser), &token("guesser"), &guess, 5).await.unwrap();
            assert!(refused(&mut bot).await.contains("no link or recovery code"), "guess {n}");
        }
        // Even the right code is refused to the guesser's address now, and nothing is used up.
        let mut bot =
            Bot::claim_from(&server.address, Some(guesser), &token("guesser"), &code, 6).await.unwrap();
        assert!(refused(&mut bot).await.contains("codes a minute"));
        assert!(server.metric("carrom_refusals_total") >= 1.0);
        let mut tablet =
            Bot::claim_from(&server.address, Some(address(10)), &token("owner-tablet"), &code, 7)
                .await
                .unwrap();
        assert_eq!(signed(&mut tablet).await.0, player, "the code still works for its owner's device");
    }
}

#[tokio::test]
async fn friends_ask_accept_and_see_each_other_online_away_playing_and_gone() {
    for database in databases("friends").await {
        let server = Running::start(&database, &[]);
        let mut asha = server.bot("Asha", &token("asha")).await;
        let mut ravi = server.bot("Ravi", &token("ravi")).await;
        let (asha_id, _) = signed(&mut asha).await;
        let (ravi_id, ravi_tag) = signed(&mut ravi).await;
        asha.ask(&ToServer::Befriend { tag: "Nobody#1234".into() }).await.unwrap();
        assert!(refused(&mut asha).await.contains("no player has the friend tag"));
        // Typed loosely: spaces, and another case.
        let typed = ravi_tag.replace('#', " # ").to_uppercase();
        befriend(&mut asha, &mut ravi, &asha_id, &typed).await;
        let (friends, _, _) = friends_list(&mut ravi).await;
        assert_eq!(friends.len(), 1);
        assert_eq!(
            (friends[0].who.player.as_str(), friends[0].presence),
            (asha_id.as_str(), Presence::Online)
        );
        ravi.ask(&ToServer::Away { away: true }).await.unwrap();
        presence_becomes(&mut asha, &ravi_id, Presence::Away).await;
        ravi.ask(&ToServer::Away { away: false }).await.unwrap();
        presence_becomes(&mut asha, &ravi_id, Presence::Online).await;
        // Gone: offline, last seen now.
        ravi.close().await;
        presence_becomes(&mut asha, &ravi_id, Presence::Offline).await;
        let (friends, _, _) = friends_list(&mut asha).await;
        assert!(friends[0].seen > 0);
        // Playing: with the code to watch.
        let mut ravi = server.bot("Ravi", &token("ravi")).await;
        signed(&mut ravi).await;
        let code = room(&mut asha, "singles", "classic").await;
        ravi.ask(&ToServer::Join { code: code.clone() }).await.unwrap();
        matched(&mut asha).await;
        matched(&mut ravi).await;
        let (friends, _, recent) = friends_list(&mut asha).await;
        assert_eq!(friends[0].presence, Presence::Playing);
        assert_eq!(friends[0].code.as_deref(), Some(code.as_str()));
        assert_eq!(recent.iter().map(|p| p.player.as_str()).collect::<Vec<_>>(), [ravi_id.as_str()]);
        asha.ask(&ToServer::Unfriend { player: ravi_id.clone() }).await.unwrap();
        let (friends, _, _) = friends_list(&mut asha).await;
        assert!(friends.is_empty(), "parted");
    }
}

/// Two friends, each welcomed: (asha, ravi, asha's id, ravi's id).
async fn two_friends(server: &Running, names: [&str; 2]) -> (Bot, Bot, String, String) {
    let mut a = server.bot(names[0], &token(names[0])).await;
    let mut b = server.bot(names[1], &token(names[1])).await;
    let (a_id, _) = signed(&mut a).await;
    let (b_id, b_tag) = signed(&mut b).await;
    befriend(&mut a, &mut b, &a_id, &b_tag).await;
    (a, b, a_id, b_id)
}

/// The invitation `bot` is shown: its id, and who sent it.
async fn invited(bot: &mut Bot) -> (String, String) {
    bot.until(WAIT, |m| match m {
        ToClient::Invited { invite, who, .. } => Some((invite.clone(), who.player.clone())),
        _ => None,
    })
    .await
    .expect("an invitation")
}

#[tokio::test]
async fn an_invitation_accepted_seats_both_friends_in_one_match_and_a_declined_one_is_told() {
    for database in databases("invite").await {
        let server = Running::start(&database, &[]);
        let (mut asha, mut ravi, asha_id, ravi_id) = two_friends(&server, ["Asha", "Ravi"]).await;
        // Declined: the inviter is told.
        asha.ask(&ToServer::Invite { player: ravi_id.clone(), mode: "singles".into(), rules: "icf".into() })
            .await
            .unwrap();
        let (invite, from) = invited(&mut ravi).await;
        assert_eq!(from, asha_id);
        ravi.ask(&ToServer::Reply { invite: invite.clone(), accept: false }).await.unwrap();
        let answer = asha
            .until(WAIT, |m| match m {
                ToClient::Replied { accept, .. } => Some(*accept),
                _ => None,
            })
            .await
            .unwrap();
        assert!(!answer);
        // Answered once only.
        ravi.ask(&ToServer::Reply { invite, accept: true }).await.unwrap();
        assert!(refused(&mut ravi).await.contains("expired or was answered"));
        // Accepted: both in one match, of the mode and rules invited to.
        asha.ask(&ToServer::Invite { player: ravi_id.clone(), mode: "singles".into(), rules: "icf".into() })
            .await
            .unwrap();
        let (invite, _) = invited(&mut ravi).await;
        ravi.ask(&ToServer::Reply { invite, accept: true }).await.unwrap();
        let (a_match, _, _) = matched(&mut asha).await;
        let (r_match, _, _) = matched(&mut ravi).await;
        assert_eq!(a_match, r_match);
    }
}

#[tokio::test]
async fn invitations_go_to_friends_online_only_and_a_few_at_a_time() {
    for database in databases("invites").await {
        let server = Running::start(&database, &[]);
        let (mut asha, ravi, _, ravi_id) = two_friends(&server, ["Asha", "Ravi"]).await;
        let mut stranger = server.bot("Sam", &token("sam")).await;
        let (sam_id, _) = signed(&mut stranger).await;
        asha.ask(&ToServer::Invite { player: sam_id, mode: "singles".into(), rules: "classic".into() })
            .await
            .unwrap();
        assert!(refused(&mut asha).await.contains("only friends"));
        for rules in ["classic", "icf", "freestyle"] {
            asha.ask(&ToServer::Invite {
                player: ravi_id.clone(),
                mode: "singles".into(),
                rules: rules.into(),
            })
            .await
            .unwrap();
        }
        asha.ask(&ToServer::Invite {
            player: ravi_id.clone(),
            mode: "singles".into(),
            rules: "disc_pool".into(),
        })
        .await
        .unwrap();
        assert!(refused(&mut asha).await.contains("at most 3 invitations"));
        ravi.close().await;
        let start = Instant::now();
        loop {
            asha.ask(&ToServer::Invite {
                player: ravi_id.clone(),
                mode: "singles".into(),
                rules: "classic".into(),
            })
            .await
            .unwrap();
            let reason = refused(&mut asha).await;
            if reason.contains("not online") {
                break;
            }
            assert!(start.elapsed() < Duration::from_secs(5), "{reason}");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

/// Reads `bot`'s frames for `wait`: the quick-chat phrases it was sent.
async fn phrases_heard(bot: &mut Bot, wait: Duration) -> Vec<String> {
    let mut heard = vec![];
    let deadline = Instant::now() + wait;
    while Instant::now() < deadline {
        match bot.read(Duration::from_millis(50)).await {
            Ok(()) | Err(BotError::Silent(_)) => {}
            Err(e) => panic!("{e}"),
        }
        while let Some(message) = bot.lobby.pop_front() {
            if let ToClient::Chat { phrase, .. } = message {
                heard.push(phrase);
            }
        }
    }
    heard
}

/// Asha and Ravi in a match of a room, and Wren watching it.
async fn a_match_watched(server: &Running) -> (Bot, Bot, Bot, String, String, String) {
    let mut asha = server.bot("Asha", &token("asha")).await;
    let mut ravi = server.bot("Ravi", &token("ravi")).await;
    let mut wren = server.bot("Wren", &token("wren")).await;
    let (asha_id, _) = signed(&mut asha).await;
    let (ravi_id, _) = signed(&mut ravi).await;
    welcome(&mut wren).await;
    let code = room(&mut asha, "singles", "classic").await;
    ravi.ask(&ToServer::Join { code: code.clone() }).await.unwrap();
    let (id, _, _) = matched(&mut asha).await;
    matched(&mut ravi).await;
    wren.ask(&ToServer::Watch { code }).await.unwrap();
    matched(&mut wren).await;
    (asha, ravi, wren, asha_id, ravi_id, id)
}

#[tokio::test]
async fn quick_chat_reaches_the_others_at_a_person_s_pace_and_a_flood_is_dropped_not_relayed() {
    for database in databases("chat").await {
        let server = Running::start(&database, &[]);
        let (mut asha, mut ravi, mut wren, _, _, _) = a_match_watched(&server).await;
        asha.ask(&ToServer::Chat { phrase: "you are bad".into() }).await.unwrap();
        assert!(refused(&mut asha).await.contains("good_shot"), "only the fixed phrases");
        for _ in 0..10 {
            asha.ask(&ToServer::Chat { phrase: "good_shot".into() }).await.unwrap();
        }
        let heard = phrases_heard(&mut ravi, Duration::from_secs(1)).await;
        assert_eq!(heard, ["good_shot"; 3], "the burst, then nothing");
        assert_eq!(
            phrases_heard(&mut wren, Duration::from_millis(300)).await.len(),
            3,
            "watchers see it too"
        );
        assert!(
            phrases_heard(&mut asha, Duration::from_millis(300)).await.is_empty(),
            "not back to the sender"
        );
        assert!(server.metric("carrom_refusals_total") >= 7.0);
        // A watcher's phrase is not relayed.
        wren.ask(&ToServer::Chat { phrase: "wow".into() }).await.unwrap();
        assert!(phrases_heard(&mut ravi, Duration::from_millis(500)).await.is_empty());
    }
}

#[tokio::test]
async fn a_blocked_player_cannot_ask_invite_or_chat_to_the_blocker_and_is_not_paired_with_them() {
    for database in databases("block").await {
        let server = Running::start(&database, &[]);
        let (mut asha, mut ravi, mut wren, asha_id, _, _) = a_match_watched(&server).await;
        // Ravi blocks Asha, from his opponent's id.
        ravi.ask(&ToServer::Block { player: asha_id.clone() }).await.unwrap();
        let blocked = ravi
            .until(WAIT, |m| match m {
                ToClient::Friends { blocked, .. } => Some(blocked.clone()),
                _ => None,
            })
            .await
            .unwrap();
        assert_eq!(blocked[0].player, asha_id);
        asha.ask(&ToServer::Chat { phrase: "oops".into() }).await.unwrap();
        assert!(phrases_heard(&mut ravi, Duration::from_millis(800)).await.is_empty(), "not to the blocker");
        assert_eq!(phrases_heard(&mut wren, Duration::from_millis(300)).await, ["oops"], "to the others");
    }
}

/// Whether `bot` is seated in a match within `wait`.
async fn seated_within(bot: &mut Bot, wait: Duration) -> bool {
    bot.until(wait, |m| matches!(m, ToClient::Matched { .. }).then_some(())).await.is_ok()
}

#[tokio::test]
async fn a_block_parts_friends_refuses_their_requests_and_invitations_and_keeps_them_apart_in_quick_match() {
    for database in databases("apart").await {
        let server = Running::start(&database, &[]);
        let (mut bea, mut mal, bea_id, mal_id) = two_friends(&server, ["Bea", "Mal"]).await;
        bea.ask(&ToServer::Block { player: mal_id.clone() }).await.unwrap();
        let (friends, _, _) = friends_list(&mut bea).await;
        assert!(friends.is_empty(), "a block parts friends");
        mal.ask(&ToServer::Invite {
            player: bea_id.clone(),
            mode: "singles".into(),
            rules: "classic".into(),
        })
        .await
        .unwrap();
        assert!(refused(&mut mal).await.contains("only friends"));
        let mut tagged = server.bot("Bea", &token("Bea")).await;
        let (_, bea_tag) = signed(&mut tagged).await;
        mal.ask(&ToServer::Befriend { tag: bea_tag }).await.unwrap();
        assert!(refused(&mut mal).await.contains("cannot be asked"), "nor may the blocked ask again");
        tagged.close().await;
        let quick = ToServer::Quick { mode: "singles".into(), rules: "classic".into() };
        bea.ask(&quick).await.unwrap();
        mal.ask(&quick).await.unwrap();
        assert!(!seated_within(&mut bea, Duration::from_secs(3)).await, "the same rating, and never paired");
        let mut cid = server.bot("Cid", &token("Cid")).await;
        signed(&mut cid).await;
        cid.ask(&quick).await.unwrap();
        assert!(seated_within(&mut cid, WAIT).await, "a third player is paired with one of them");
        let bea_seated = seated_within(&mut bea, Duration::from_secs(1)).await;
        let mal_seated = seated_within(&mut mal, Duration::from_secs(1)).await;
        assert!(bea_seated != mal_seated, "exactly one of them plays Cid");
    }
}

#[tokio::test]
async fn a_report_reaches_the_operator_with_its_match_and_replay_and_no_one_else() {
    for database in databases("report").await {
        let folder = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
        let file = folder.join(format!("operator-{}.token", std::process::id()));
        let operator = "operator-secret-0123456789-abcdef";
        std::fs::write(&file, format!("{operator}\n")).unwrap();
        let server = Running::start(&database, &["--operator-token-file", file.to_str().unwrap()]);
        let (mut asha, _ravi, mut wren, _, ravi_id, match_id) = a_match_watched(&server).await;
        let ravi_seat = seat_of(&mut asha, "Ravi", 2).await;
        let asha_seat = seat_of(&mut asha, "Asha", 2).await;
        let report = |seat: u8, reason: &str| ToServer::Report {
            seat,
            match_id: match_id.clone(),
            reason: reason.into(),
        };
        asha.ask(&report(ravi_seat, "flattery")).await.unwrap();
        assert!(refused(&mut asha).await.contains("cheating"), "the reasons allowed are named");
        wren.ask(&report(ravi_seat, "cheating")).await.unwrap();
        assert!(refused(&mut wren).await.contains("a match you played"), "a watcher reports no one");
        asha.ask(&report(asha_seat, "cheating")).await.unwrap();
        assert!(refused(&mut asha).await.contains("that is you"));
        asha.ask(&report(3, "cheating")).await.unwrap();
        assert!(refused(&mut asha).await.contains("no one sat in seat 3"), "a seat of the match only");
        asha.ask(&report(ravi_seat, "cheating")).await.unwrap();
        asha.until(WAIT, |m| matches!(m, ToClient::Reported).then_some(())).await.unwrap();
        assert_eq!(server.get("/operator/reports").0, 401);
        let player_token = format!("Authorization: Bearer {}", token("asha"));
        assert_eq!(server.get_with("/operator/reports", &[&player_token]).0, 401);
        let bearer = format!("Authorization: Bearer {operator}");
        let (status, body) = server.get_with("/operator/reports", &[&bearer]);
        assert_eq!(status, 200, "{body}");
        let reports: serde_json::Value = serde_json::from_str(&body).unwrap();
        let first = &reports["reports"][0];
        assert_eq!(first["reported"], ravi_id.as_str());
        assert_eq!(first["match_id"], match_id.as_str());
        assert_eq!(first["reason"], "cheating");
        assert!(first["replay"].as_str().is_some_and(|r| r.len() > 100), "the match as it stood");
        let _ = std::fs::remove_file(&file);
        // Without an operator's token set, there is no such address.
        let plain = Running::start(&database, &["--node", "plain"]);
        assert_eq!(plain.get_with("/operator/reports", &[&bearer]).0, 404);
    }
}

/// The seat `name` holds as `bot`'s match says, read until all its `seats` are named.
async fn seat_of(bot: &mut Bot, name: &str, seats: usize) -> u8 {
    let deadline = Instant::now() + WAIT;
    while bot.players.iter().filter(|p| !p.name.is_empty()).count() < seats {
        assert!(Instant::now() < deadline, "the seats were not all named: {:?}", bot.players);
        match bot.read(Duration::from_millis(100)).await {
            Ok(()) | Err(BotError::Silent(_)) => {}
            Err(e) => panic!("{e}"),
        }
    }
    bot.players.iter().find(|p| p.name == name).map(|p| p.seat).expect("seated")
}

#[tokio::test]
async fn two_friends_queued_as_a_party_are_seated_as_partners_in_doubles() {
    for database in databases("party").await {
        let server = Running::start(&database, &[]);
        let (mut asha, mut ravi, asha_id, ravi_id) = two_friends(&server, ["Asha", "Ravi"]).await;
        // Two others wait for doubles first (the seating's unit test pins partners over the
        // strongest-and-weakest pairing, which ratings alike cannot show here).
        let mut others = vec![];
        for name in ["Cid", "Dev"] {
            let mut bot = server.bot(name, &token(name)).await;
            signed(&mut bot).await;
            bot.ask(&ToServer::Quick { mode: "doubles".into(), rules: "classic".into() }).await.unwrap();
            others.push(bot);
        }
        asha.ask(&ToServer::Partner { player: ravi_id, rules: "classic".into() }).await.unwrap();
        asha.until(WAIT, |m| matches!(m, ToClient::Queued { .. }).then_some(()))
            .await
            .expect("she waits at once");
        let (invite, from) = ravi
            .until(WAIT, |m| match m {
                ToClient::PartnerAsked { invite, who, .. } => Some((invite.clone(), who.player.clone())),
                _ => None,
            })
            .await
            .expect("he is asked");
        assert_eq!(from, asha_id);
        tokio::time::sleep(Duration::from_secs(1)).await;
        assert!(
            !seated_within(&mut others[0], Duration::from_millis(200)).await,
            "the party is not yet whole"
        );
        ravi.ask(&ToServer::Reply { invite, accept: true }).await.unwrap();
        // Told of the yes and seated, in whichever order the two come.
        let (mut told, mut seated) = (None, None);
        while told.is_none() || seated.is_none() {
            let next = asha
                .until(WAIT, |m| match m {
                    ToClient::Replied { accept, .. } => Some((Some(*accept), None)),
                    ToClient::Matched { id, .. } => Some((None, Some(id.clone()))),
                    _ => None,
                })
                .await
                .expect("told and seated");
            told = told.or(next.0);
            seated = seated.or(next.1);
        }
        assert_eq!(told, Some(true));
        let id = seated.unwrap();
        assert_eq!(matched(&mut ravi).await.0, id);
        for bot in &mut others {
            assert_eq!(matched(bot).await.0, id);
        }
        let (a, r) = (seat_of(&mut asha, "Asha", 4).await, seat_of(&mut asha, "Ravi", 4).await);
        assert_eq!(a % 2, r % 2, "partners sit across the board: seats {a} and {r}");
    }
}

#[tokio::test]
async fn a_party_declined_leaves_its_first_player_waiting_alone() {
    for database in databases("party_no").await {
        let server = Running::start(&database, &[]);
        let (mut asha, mut ravi, _, ravi_id) = two_friends(&server, ["Asha", "Ravi"]).await;
        asha.ask(&ToServer::Partner { player: ravi_id, rules: "classic".into() }).await.unwrap();
        let invite = ravi
            .until(WAIT, |m| match m {
                ToClient::PartnerAsked { invite, .. } => Some(invite.clone()),
                _ => None,
            })
            .await
            .unwrap();
        ravi.ask(&ToServer::Reply { invite, accept: false }).await.unwrap();
        let mut others = vec![];
        for name in ["Cid", "Dev", "Eve"] {
            let mut bot = server.bot(name, &token(name)).await;
            signed(&mut bot).await;
            bot.ask(&ToServer::Quick { mode: "doubles".into(), rules: "classic".into() }).await.unwrap();
            others.push(bot);
        }
        assert!(seated_within(&mut asha, WAIT).await, "she plays with three others");
        assert!(!seated_within(&mut ravi, Duration::from_millis(300)).await);
    }
}
