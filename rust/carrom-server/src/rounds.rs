//! What the server does of itself: its sweep twice a second (the fleet, the queue's waiting
//! players, rooms and rematch offers expiring, rate limits forgotten), and its drain at a stop.

use crate::queue;
use crate::server::Server;
use crate::table::ToTable;
use carrom_net::lobby::ToClient;
use std::sync::Arc;

impl Server {
    /// Keeps this node's place in the fleet (its lease, the queue, dead nodes' matches), expires
    /// old rooms and offers, and tells each player in the queue how long they have waited. Run
    /// twice a second.
    pub async fn sweep(self: &Arc<Self>) {
        self.keep_or_stop_matches();
        self.fleet_sweep().await;
        let now = self.now();
        {
            let mut hub = self.hub();
            for (_, waiting) in hub.queue.iter() {
                let seconds = now - waiting.since;
                waiting.with.outbox.text(&ToClient::Queued {
                    seconds: seconds as u32,
                    window: queue::window(seconds) as u32,
                });
            }
            let expired: Vec<String> = hub
                .rooms
                .iter()
                .filter(|(_, room)| room.expires <= now)
                .map(|(code, _)| code.clone())
                .collect();
            for code in expired {
                if let Some(room) = hub.rooms.remove(&code) {
                    for member in room.members {
                        member.outbox.text(&ToClient::Refused {
                            reason: format!("room {code} expired before its match began: make a new one"),
                        });
                    }
                }
            }
            hub.rematches.retain(|_, offer| offer.until > now);
        }
        self.doors.sweep();
    }

    /// Stops taking matches and tells every table and waiting player that the server is going.
    pub fn drain(&self) {
        let mut hub = self.hub();
        hub.draining = true;
        let closing =
            ToClient::Closing { reason: "the server is restarting: connect again in a moment".into() };
        for (_, waiting) in hub.queue.iter() {
            waiting.with.outbox.text(&closing);
        }
        for room in hub.rooms.values() {
            for member in &room.members {
                member.outbox.text(&closing);
            }
        }
        for table in hub.tables.values() {
            let _ = table.tx.try_send(ToTable::Drain);
        }
    }
}
