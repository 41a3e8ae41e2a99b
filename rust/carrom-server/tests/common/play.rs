//! What the tests do with bots: wait for a lobby answer, drive play, check that all are in step.

use super::WAIT;
use carrom_net::lobby::ToClient;
use carrom_net::StateHash;
use carrom_server::bot::{Bot, BotError};
use std::time::{Duration, Instant};

/// The longest a test's play may take.
const PLAY: Duration = Duration::from_secs(240);

pub async fn welcome(bot: &mut Bot) -> (String, bool) {
    bot.until(WAIT, |m| match m {
        ToClient::Welcome { player, playing, .. } => Some((player.clone(), *playing)),
        _ => None,
    })
    .await
    .expect("a welcome")
}

pub async fn matched(bot: &mut Bot) -> (String, String, bool) {
    bot.until(WAIT, |m| match m {
        ToClient::Matched { id, code, watching } => Some((id.clone(), code.clone(), *watching)),
        ToClient::Refused { reason } => panic!("refused: {reason}"),
        _ => None,
    })
    .await
    .expect("matched")
}

pub async fn refused(bot: &mut Bot) -> String {
    bot.until(WAIT, |m| match m {
        ToClient::Refused { reason } => Some(reason.clone()),
        _ => None,
    })
    .await
    .expect("a refusal")
}

/// Reads and strikes for every bot in turn until `done`.
pub async fn drive(bots: &mut [&mut Bot], mut done: impl FnMut(&[&mut Bot]) -> bool) {
    let deadline = Instant::now() + PLAY;
    while !done(bots) {
        assert!(Instant::now() < deadline, "play did not finish within {PLAY:?}");
        for bot in bots.iter_mut() {
            bot.strike_if_due().await.unwrap();
            match bot.read(Duration::from_millis(5)).await {
                Ok(()) | Err(BotError::Silent(_)) => {}
                Err(e) => panic!("{}: {e}", bot.name),
            }
        }
    }
}

/// Whether every bot has carried out `turns` turns and all have the same match.
pub fn in_step(bots: &[&mut Bot], turns: u32) -> bool {
    let hashes: Vec<Option<StateHash>> =
        bots.iter().map(|b| b.game().and_then(|g| StateHash::of_game(g).ok())).collect();
    bots.iter().all(|b| b.caught_up() && b.turns >= turns) && hashes.windows(2).all(|w| w[0] == w[1])
}

pub fn hash(bot: &Bot) -> StateHash {
    StateHash::of_game(bot.game().unwrap()).unwrap()
}

/// Reads for every bot, striking nothing, until `done` (at most `WAIT`): to see a match as
/// the server gave it back, before anyone has played on.
pub async fn read_until(bots: &mut [&mut Bot], mut done: impl FnMut(&[&mut Bot]) -> bool) {
    let deadline = Instant::now() + WAIT;
    while !done(bots) {
        assert!(Instant::now() < deadline, "not reached within {WAIT:?}");
        for bot in bots.iter_mut() {
            match bot.read(Duration::from_millis(20)).await {
                Ok(()) | Err(BotError::Silent(_)) => {}
                Err(e) => panic!("{}: {e}", bot.name),
            }
        }
    }
}

/// Reads for every bot for `for_how_long` without striking, and on until no turn a bot asked
/// for is on its way and every bot has played every turn sent (at most `WAIT` more): a turn on
/// its way is played and reaches all, so that the match the bots show is the one the server
/// has, however slow a busy machine makes it.
pub async fn settle(bots: &mut [&mut Bot], for_how_long: Duration) {
    let deadline = Instant::now() + for_how_long;
    let longest = Instant::now() + for_how_long + WAIT;
    let quiet =
        |bots: &[&mut Bot]| bots.iter().all(|b| !b.is_asking() && (b.game().is_none() || b.caught_up()));
    while Instant::now() < deadline || (!quiet(bots) && Instant::now() < longest) {
        for bot in bots.iter_mut() {
            match bot.read(Duration::from_millis(20)).await {
                Ok(()) | Err(BotError::Silent(_)) => {}
                Err(e) => panic!("{}: {e}", bot.name),
            }
        }
    }
}

/// Whether a player of every side of the bot's match has struck (what makes a match rated).
pub fn every_side_struck(bot: &Bot) -> bool {
    let Some(game) = bot.game() else { return false };
    let rules = game.rules();
    let struck: Vec<_> = game
        .replay()
        .actions
        .iter()
        .filter_map(|a| match a {
            carrom_core::game::Action::Strike { seat, .. } => rules.side_of(*seat),
            _ => None,
        })
        .collect();
    rules.mode().seats().iter().filter_map(|s| rules.side_of(*s)).all(|side| struck.contains(&side))
}

/// Makes a room of `mode` under `rules`: its code.
pub async fn room(maker: &mut Bot, mode: &str, rules: &str) -> String {
    let create = carrom_net::lobby::ToServer::Create { mode: mode.into(), rules: rules.into() };
    maker.ask(&create).await.unwrap();
    maker
        .until(WAIT, |m| match m {
            ToClient::Room { code, .. } => Some(code.clone()),
            _ => None,
        })
        .await
        .unwrap()
}
