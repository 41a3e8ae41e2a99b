//! One device's WebSocket: text frames are the lobby's, binary frames the match's protocol,
//! passed to its table unchanged. The socket pings; a link silent longer than
//! `--silent-seconds` is dropped (a phone gone out of range), and so is one that does not read
//! what it is sent.

use crate::lobby::{Desk, Refusal, REQUESTS_PER_SECOND, REQUEST_BURST};
use crate::outbox::{Frame, Outbox};
use crate::server::Server;
use crate::table::ToTable;
use axum::extract::ws::{Message, WebSocket};
use carrom_net::lobby::{self, ToClient};
use carrom_net::rate::RateLimit;
use futures_util::{SinkExt, StreamExt};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The most bytes of one frame a device may send.
pub const MAX_FRAME_IN: usize = 16 * 1024;

/// Serves one device until it goes.
pub async fn serve(server: Arc<Server>, socket: WebSocket, address: IpAddr) {
    server.metrics.connections.inc();
    let (outbox, mut outgoing) = Outbox::new();
    let mut desk = Desk {
        peer: server.next_peer(),
        outbox: outbox.clone(),
        slot: Arc::new(Mutex::new(None)),
        me: None,
        address,
        pace: RateLimit::new(REQUESTS_PER_SECOND, REQUEST_BURST),
        chat_pace: crate::people::chat_pace(),
    };
    let (mut sink, mut stream) = socket.split();
    let ping = Duration::from_secs(u64::from(server.config.ping_seconds));
    let silent = Duration::from_secs(u64::from(server.config.silent_seconds));
    let mut pinger = tokio::time::interval(ping);
    let mut heard = Instant::now();
    let opened = Instant::now();
    let hello_within = Duration::from_secs(u64::from(server.config.hello_seconds));
    loop {
        tokio::select! {
            frame = outgoing.recv() => {
                let Some(frame) = frame else { break };
                let message = match frame {
                    Frame::Text(text) => Message::Text(text.into()),
                    Frame::Binary(bytes) => Message::Binary(bytes.into()),
                };
                // A device that does not read blocks this send; its outbox fills meanwhile
                // and cuts it off, which ends the wait.
                tokio::select! {
                    sent = sink.send(message) => if sent.is_err() { break },
                    () = outbox.cut() => {
                        dropped_slow(&server, &outbox, desk.peer);
                        break;
                    }
                }
            }
            incoming = stream.next() => {
                let Some(Ok(message)) = incoming else { break };
                heard = Instant::now();
                if !take(&server, &mut desk, message).await {
                    break;
                }
            }
            _ = pinger.tick() => {
                if desk.me.is_none() && opened.elapsed() > hello_within {
                    server.doors.refused(&server.metrics, desk.address, "NoLobbyHello", "no hello in time");
                    break;
                }
                if heard.elapsed() > silent {
                    tracing::info!(peer = desk.peer, "a silent link was dropped");
                    break;
                }
                if sink.send(Message::Ping(Vec::new().into())).await.is_err() {
                    break;
                }
            }
            () = outbox.cut() => {
                dropped_slow(&server, &outbox, desk.peer);
                break;
            }
        }
    }
    let _ = sink.close().await;
    gone(&server, &desk).await;
    server.metrics.connections.dec();
}

/// Counts and logs a connection cut off: for not reading what it was sent, or hung up by its
/// table (which logged why).
fn dropped_slow(server: &Server, outbox: &Outbox, peer: carrom_net::PeerId) {
    if outbox.was_slow() {
        server.metrics.slow_dropped.inc();
        tracing::info!(peer, "a connection that did not read was dropped");
    }
}

/// Takes one frame; false to end the connection.
async fn take(server: &Arc<Server>, desk: &mut Desk, message: Message) -> bool {
    match message {
        Message::Text(text) => {
            let answer = match (desk.paced(server), lobby::read(text.as_str())) {
                (Err(refusal), _) => Err(refusal),
                (Ok(()), Ok(request)) => desk.answer(server, request).await,
                (Ok(()), Err(error)) => Err(Refusal { kind: "Lobby", reason: error.to_string() }),
            };
            if let Err(refusal) = answer {
                server.doors.refused(&server.metrics, desk.address, refusal.kind, &refusal.reason);
                desk.outbox.text(&ToClient::Refused { reason: refusal.reason });
            }
            true
        }
        Message::Binary(bytes) => {
            let joined = desk.slot.lock().ok().and_then(|slot| slot.clone());
            let Some(joined) = joined else {
                server.metrics.refused_as("NotInAMatch");
                desk.outbox.text(&ToClient::Refused { reason: "no match yet: ask the lobby for one".into() });
                return true;
            };
            let event = ToTable::Bytes { peer: desk.peer, bytes: bytes.to_vec(), at: Instant::now() };
            // A busy table makes this device wait, not the others.
            let _ = joined.tx.send(event).await;
            true
        }
        Message::Close(_) => false,
        Message::Ping(_) | Message::Pong(_) => true,
    }
}

/// The device has gone: out of the queue and rooms, and its table told.
async fn gone(server: &Arc<Server>, desk: &Desk) {
    if let Some(me) = &desk.me {
        desk.leave_lobby(server, &me.player).await;
        desk.gone_offline(server, me).await;
    }
    let joined = desk.slot.lock().ok().and_then(|mut slot| slot.take());
    if let Some(joined) = joined {
        let peer = desk.peer;
        tokio::spawn(async move {
            let _ = joined.tx.send(ToTable::Leave { peer }).await;
        });
    }
}
