//! A bot: a device without a screen that plays on a match server exactly as the game does —
//! the lobby's text frames, then carrom-net's binary frames with a `Replica` over its own copy
//! of the match, answering every shot with its hash. The server's tests and the load generator
//! (`carrom-lab bots`) play with it; a test may also make it misbehave.

mod link;

use carrom_core::game::Game;
use carrom_core::Seat;
use carrom_net::lobby::{self, ToClient, ToServer, LOBBY};
use carrom_net::pick;
use carrom_net::replica::Change;
use carrom_net::{Player, Replica};
use futures_util::{SinkExt, StreamExt};
use link::open;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;
use std::net::IpAddr;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A bot's link to a server.
type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

pub use carrom_net::pick::Aim;

/// Why a bot stopped.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    /// The connection failed or closed.
    #[error("connection: {0}")]
    Link(String),
    /// Nothing came in time.
    #[error("nothing came for {0:?}")]
    Silent(Duration),
    /// The server sent what the protocol refuses.
    #[error("a bad message from the server: {0}")]
    Bad(String),
}

/// A device without a screen.
pub struct Bot {
    ws: Socket,
    replica: Replica,
    game: Option<Game>,
    rng: ChaCha8Rng,
    aim: Aim,
    /// The name it gives.
    pub name: String,
    /// Its device token.
    pub token: String,
    /// Lobby messages not yet looked at.
    pub lobby: VecDeque<ToClient>,
    /// What the host refused of its protocol messages.
    pub refusals: Vec<String>,
    /// States the host resent because this bot's hash differed.
    pub resyncs: u32,
    /// Turns carried out on its copy of the match.
    pub turns: u32,
    /// Who sits where, as last told.
    pub players: Vec<Player>,
    /// Seconds the match waits for a dropped player, as last told.
    pub pause_seconds: u32,
    /// From each of its strikes leaving to its shot coming back, checked and simulated.
    pub latencies: Vec<Duration>,
    /// Whether a strike of its own is on its way, and since when.
    striking: bool,
    struck_at: Option<std::time::Instant>,
    /// When the turn it thinks over is struck: kept across `play_until`s (a chat between).
    strike_at: Option<tokio::time::Instant>,
    /// When its last strike was refused: it waits a moment before striking again.
    refused_at: Option<std::time::Instant>,
    /// When its last protocol messages left, to keep under the host's rate.
    sent: VecDeque<tokio::time::Instant>,
    /// What to ask once the server it was sent on to says welcome.
    then: Option<ToServer>,
    /// Times it was sent on to another node of the fleet.
    pub moves: u32,
    /// The local address it connects from (a test's stand-in for a device's own), if chosen.
    from: Option<IpAddr>,
}

/// Protocol messages a bot sends in any one second: well under the host's limit
/// (`carrom_net::host::MESSAGES_PER_SECOND`), since a bot strikes far faster than a hand.
const PACE_PER_SECOND: usize = 15;

/// How long a bot whose strike was refused waits before it strikes again.
const AFTER_REFUSAL: Duration = Duration::from_millis(500);

impl Bot {
    /// Connects to the server at `address` (`host:port`) and says hello.
    pub async fn connect(address: &str, name: &str, token: &str, seed: u64) -> Result<Bot, BotError> {
        Bot::connect_from(address, None, name, token, seed).await
    }

    /// Connects from the local address `from` (on Linux any of 127.0.0.0/8 stands for a device
    /// of its own), or as the system chooses, and says hello.
    pub async fn connect_from(
        address: &str,
        from: Option<IpAddr>,
        name: &str,
        token: &str,
        seed: u64,
    ) -> Result<Bot, BotError> {
        let hello = ToServer::Hello { lobby: LOBBY, name: name.into(), token: token.into() };
        Bot::open_with(address, from, name, token, seed, hello).await
    }

    /// Connects from `from` as a new device would that joins its player by `code` (a link or
    /// recovery code) instead of saying hello; the welcome names the player.
    pub async fn claim_from(
        address: &str,
        from: Option<IpAddr>,
        token: &str,
        code: &str,
        seed: u64,
    ) -> Result<Bot, BotError> {
        let claim = ToServer::Claim { lobby: LOBBY, token: token.into(), code: code.into() };
        Bot::open_with(address, from, "", token, seed, claim).await
    }

    async fn open_with(
        address: &str,
        from: Option<IpAddr>,
        name: &str,
        token: &str,
        seed: u64,
        first: ToServer,
    ) -> Result<Bot, BotError> {
        let ws = open(&format!("ws://{address}/ws"), from).await?;
        let mut bot = Bot {
            ws,
            replica: Replica::new(),
            game: None,
            rng: ChaCha8Rng::seed_from_u64(seed),
            aim: Aim::Computer,
            name: name.into(),
            token: token.into(),
            lobby: VecDeque::new(),
            refusals: vec![],
            resyncs: 0,
            turns: 0,
            players: vec![],
            pause_seconds: 0,
            latencies: vec![],
            striking: false,
            struck_at: None,
            strike_at: None,
            refused_at: None,
            sent: VecDeque::new(),
            then: None,
            moves: 0,
            from,
        };
        bot.ask(&first).await?;
        Ok(bot)
    }

    /// Chooses strikes as `aim` says.
    pub fn aiming(mut self, aim: Aim) -> Bot {
        self.aim = aim;
        self
    }

    /// Sends a lobby request.
    pub async fn ask(&mut self, request: &ToServer) -> Result<(), BotError> {
        self.send(Message::Text(lobby::write(request).into())).await
    }

    /// Sends any frame at all (a test's hostile one, say), unpaced.
    pub async fn send(&mut self, message: Message) -> Result<(), BotError> {
        self.ws.send(message).await.map_err(|e| BotError::Link(e.to_string()))
    }

    /// Sends a protocol message, first waiting if the last second already had
    /// `PACE_PER_SECOND` of them, so that the host never refuses it as a flood.
    async fn send_paced(&mut self, bytes: Vec<u8>) -> Result<(), BotError> {
        let now = tokio::time::Instant::now();
        while self.sent.front().is_some_and(|at| now.duration_since(*at) >= Duration::from_secs(1)) {
            self.sent.pop_front();
        }
        if self.sent.len() >= PACE_PER_SECOND {
            if let Some(oldest) = self.sent.pop_front() {
                tokio::time::sleep_until(oldest + Duration::from_secs(1)).await;
            }
        }
        self.sent.push_back(tokio::time::Instant::now());
        self.send(Message::Binary(bytes.into())).await
    }

    /// The match as this bot has it.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The seats it plays.
    pub fn seats(&self) -> &[Seat] {
        self.replica.seats()
    }

    /// Whether a turn this bot asked for is on its way: neither played back nor refused yet.
    pub fn is_asking(&self) -> bool {
        self.striking
    }

    /// Whether every turn the host sent has been carried out here.
    pub fn caught_up(&self) -> bool {
        self.replica.is_joined() && self.replica.settled_shots() == self.replica.shots()
    }

    /// Reads one frame (waiting at most `wait`) and takes it: a lobby message is queued, a
    /// protocol message carried out on the bot's match (a shot played, its hash sent back).
    pub async fn read(&mut self, wait: Duration) -> Result<(), BotError> {
        let frame = match tokio::time::timeout(wait, self.ws.next()).await {
            Err(_) => return Err(BotError::Silent(wait)),
            Ok(None) => return Err(BotError::Link("closed".into())),
            Ok(Some(Err(e))) => return Err(BotError::Link(e.to_string())),
            Ok(Some(Ok(frame))) => frame,
        };
        match frame {
            Message::Text(text) => {
                let message: ToClient =
                    serde_json::from_str(text.as_str()).map_err(|e| BotError::Bad(e.to_string()))?;
                match &message {
                    ToClient::Elsewhere { url, then } => self.follow(url, then.clone()).await?,
                    ToClient::Welcome { name, .. } => {
                        // The player's name as the server keeps it (a claimed device's).
                        self.name.clone_from(name);
                        if let Some(then) = self.then.take() {
                            self.ask(&then).await?;
                        }
                    }
                    _ => {}
                }
                if let ToClient::Matched { .. } = message {
                    // A new match: a new replica, which the table's welcome follows (the lobby's
                    // hello was the match's too).
                    self.replica = Replica::new();
                    self.game = None;
                    self.striking = false;
                }
                self.lobby.push_back(message);
            }
            Message::Binary(bytes) => self.protocol(&bytes).await?,
            Message::Close(_) => return Err(BotError::Link("closed by the server".into())),
            _ => {}
        }
        Ok(())
    }

    /// Goes to the node `url` names, says hello there and will ask `then`, as a device sent on
    /// by the fleet does.
    async fn follow(&mut self, url: &str, then: ToServer) -> Result<(), BotError> {
        if !(url.starts_with("ws://") || url.starts_with("wss://")) || url.len() > 200 {
            return Err(BotError::Bad(format!("sent on to {url:?}, which is no server")));
        }
        let ws = open(url, self.from).await?;
        let _ = self.ws.close(None).await;
        self.ws = ws;
        self.replica = Replica::new();
        self.game = None;
        self.striking = false;
        self.moves += 1;
        self.then = Some(then);
        let hello = ToServer::Hello { lobby: LOBBY, name: self.name.clone(), token: self.token.clone() };
        self.ask(&hello).await
    }

    async fn protocol(&mut self, bytes: &[u8]) -> Result<(), BotError> {
        let (change, replies) = self.replica.receive(bytes).map_err(|e| BotError::Bad(e.to_string()))?;
        for reply in replies {
            self.send_paced(reply).await?;
        }
        match change {
            Change::Joined { game, .. } => self.game = Some(*game),
            Change::Resynced(game) => {
                self.resyncs += 1;
                self.game = Some(*game);
                self.striking = false;
            }
            Change::Shot(action) => {
                let Some(game) = self.game.as_mut() else {
                    return Err(BotError::Bad("a shot before the welcome".into()));
                };
                // A turn this copy refuses is settled as it stands: the hash then differs and
                // the host resends its state.
                let _ = game.perform(&action);
                self.turns += 1;
                self.striking = false;
                if let Some(at) = self.struck_at.take() {
                    self.latencies.push(at.elapsed());
                }
                let hash = self.replica.settled(game);
                self.send_paced(hash).await?;
            }
            Change::Players { players, pause_seconds } => {
                self.players = players;
                self.pause_seconds = pause_seconds;
            }
            Change::Refused { reason, .. } => {
                self.refusals.push(reason);
                self.striking = false;
                self.struck_at = None;
                self.refused_at = Some(std::time::Instant::now());
            }
            Change::Aim { .. } => {}
        }
        Ok(())
    }

    /// Reads until a lobby message `wanted` picks comes (others are dropped), at most `wait`.
    pub async fn until<T>(
        &mut self,
        wait: Duration,
        mut wanted: impl FnMut(&ToClient) -> Option<T>,
    ) -> Result<T, BotError> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            while let Some(message) = self.lobby.pop_front() {
                if let Some(found) = wanted(&message) {
                    return Ok(found);
                }
            }
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            if left.is_zero() {
                return Err(BotError::Silent(wait));
            }
            match self.read(left).await {
                Err(BotError::Silent(_)) => return Err(BotError::Silent(wait)),
                other => other?,
            }
        }
    }

    /// The seat of this bot that must act now (strike, or choose who breaks after winning the
    /// toss, or place returned pieces), if the match is caught up.
    pub fn to_play(&self) -> Option<Seat> {
        let game = self.game.as_ref()?;
        let seat = game.awaited()?.seat;
        (self.caught_up() && self.pause_seconds == 0 && self.seats().contains(&seat)).then_some(seat)
    }

    /// Acts, if this bot must and has nothing on the way: the toss's winner breaks (IC6),
    /// returned pieces go nearest the centre (X1), and otherwise it strikes.
    pub async fn strike_if_due(&mut self) -> Result<bool, BotError> {
        // `to_play`: the match waits for one of this bot's seats, and its turn is not on the way.
        if self.striking || self.to_play().is_none() {
            return Ok(false);
        }
        if self.refused_at.is_some_and(|at| at.elapsed() < AFTER_REFUSAL) {
            return Ok(false);
        }
        let Some(game) = self.game.as_ref() else { return Ok(false) };
        let Some(request) = pick::turn(game, self.aim, &mut self.rng) else { return Ok(false) };
        self.striking = true;
        self.struck_at = Some(std::time::Instant::now());
        self.send_paced(Replica::ask(&request)).await?;
        Ok(true)
    }

    /// Plays until `done` says so of its match (strikes when due, reads otherwise), thinking
    /// `think` before each strike (reading all the while); at most `wait` without a frame.
    pub async fn play_until(
        &mut self,
        think: Duration,
        wait: Duration,
        mut done: impl FnMut(&Bot) -> bool,
    ) -> Result<(), BotError> {
        while !done(self) {
            if self.to_play().is_some() && !self.striking {
                let at = *self.strike_at.get_or_insert_with(|| tokio::time::Instant::now() + think);
                let left = at.saturating_duration_since(tokio::time::Instant::now());
                if !left.is_zero() {
                    // Whatever comes meanwhile (pings, the others' aim) is read; the thinking
                    // goes on to its end.
                    match self.read(left).await {
                        Err(BotError::Silent(_)) => {}
                        other => other?,
                    }
                    continue;
                }
                self.strike_at = None;
                self.strike_if_due().await?;
            } else {
                self.strike_at = None;
            }
            self.read(wait).await?;
        }
        Ok(())
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}
