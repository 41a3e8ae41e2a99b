//! Quick chat at a table: a seated player's phrase goes to everyone else here, players and
//! watchers, but those who blocked its sender; a watcher's is not relayed.

use super::Table;
use carrom_net::lobby::ToClient;
use carrom_net::PeerId;

impl Table {
    pub(super) fn chat(&self, peer: PeerId, phrase: String, quiet: &[String]) {
        let Some(sender) = self.guests.get(&peer) else { return };
        let Some(seat) = self.spec.seated.iter().find(|s| s.player == sender.player).map(|s| s.seat) else {
            return;
        };
        let told = ToClient::Chat { seat, phrase };
        for (other, guest) in &self.guests {
            if *other != peer && !quiet.contains(&guest.player) {
                guest.outbox.text(&told);
            }
        }
    }
}
